"""A Squire in the campaign state (``CampaignState.squires``, keyed by a slug id)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.kingdom import ClueType
from rules.knights.state import ArmoryItem

DrawKind = Literal["attack", "power", "evasion", "test"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MettleDraw(_Model):
    """The last Mettle draw of a Squire, kept so that it can be re-drawn (``/squire redraw``)."""

    kind: DrawKind
    cards: list[str]
    to_hit: int | None = None
    precision: int = 0
    difficulty: int | None = None
    bonus: int = 0
    dice: int | None = None
    hits: int | None = None
    clue: bool = False
    redraws: int = 0
    spent_clue: ClueType | None = None


class SquireInvestigation(_Model):
    """Rulebook "Squire Investigations": the Clue card drawn for a Squire and how their Investigation ended
    (rules/squires/investigation.py). The Clues collected are the Squire's Clue tokens, ``SquireState.clues``."""

    expedition: int = Field(ge=1, description="the Expedition number it belongs to")
    card: str = Field(description="the Clue card id")
    primary: ClueType
    needed: int = Field(ge=0)
    secondary: ClueType
    secondary_needed: int = Field(0, ge=0)
    seen: int = Field(0, ge=0, description="the Delve's Clues already looked at")
    outcome: Literal["success", "failure"] | None = None
    leads: int = Field(0, ge=0, description="the Leads noted at the end (rulebook \"Leads\")")


class SquireState(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)
    name: str = Field(min_length=1, max_length=60)
    squire: str = Field(description="the content id of the Squire card")
    owner: str = Field(min_length=1, max_length=100, description="the player who added the Squire")
    vigor: int
    heat: int = 0
    bane: int = 0
    passion: int = 0
    clues: dict[ClueType, int] = Field(default_factory=dict)
    last_draw: MettleDraw | None = None
    heat_reserve: int = Field(0, ge=0, le=10, description="policy: Heat kept spare below the Heat Limit")
    weapon: ArmoryItem | None = Field(None, description="the Merchant weapon lent for this Expedition")
    lender: str | None = Field(None, description="the Knight id who lent it")
    investigation: SquireInvestigation | None = Field(None, description="this Expedition's Squire Investigation")
    boons: dict[str, int] = Field(default_factory=dict, description="the next Attack's boons from Abilities and the "
                                  "Heroic Arc: attack_draws, power, critical_chance (rules/squires/abilities.py)")
    clash_marks: list[str] = Field(default_factory=list, description="once-per-Clash passives used this Clash "
                                   "(Stubborn); cleared when no Clash runs")


class MettleEarned(_Model):
    """Mettle cards the party has earned and not chosen yet (rules/squires/unlock.py): one card of ``tier`` or below
    for a Quest Expedition a Squire's Investigation completed, two cards of ``tier`` for its first Expedition
    survived without defeat. Offered as the engine Decision ``mettle<id>``."""

    id: int = Field(ge=1, description="the decision's number: its id is mettle<id>")
    reason: Literal["quest", "tier"]
    tier: str = Field(description="quest: the Party Leader's tier (cards of it or below); tier: the tier survived")
    cards: int = Field(ge=1, le=2, description="cards still to choose")
    expedition: int | None = Field(None, description="the Expedition that earned it (None: the GM's record)")


class MettleWatch(_Model):
    """The Expedition under way as the Mettle tracking saw it: a defeat suffered in it, and whether its end was
    recorded (rules/squires/unlock.py, ``follow``)."""

    expedition: int = Field(ge=1)
    defeat: str | None = Field(None, description="why the party suffered defeat (None: no defeat seen)")
    quest: bool = Field(False, description="the Squire Investigations' end was looked at (the Quest's card)")
    ended: bool = False


class MettleProgress(_Model):
    """The party's Mettle deck progress (rulebook "Unlocking Mettle Cards"): saved Leads and what was unlocked."""

    leads: int = Field(0, ge=0, description="saved Leads (5 unlock one Mettle card between Expeditions)")
    unlocked: list[str] = Field(default_factory=list, description="Mettle card ids unlocked, in order")
    replaced: list[str] = Field(default_factory=list, description="the cards they replaced, out of the deck")
    tier_unlocks: dict[str, int] = Field(default_factory=dict, description="tier -> cards unlocked for surviving it")
    survived: list[str] = Field(default_factory=list, description=(
        "tiers whose first Expedition the party survived without defeat (seen by the bot or recorded by the GM)"))
    granted: list[str] = Field(default_factory=list, description="survived tiers whose two cards were earned")
    earned: list[MettleEarned] = Field(default_factory=list, description="cards earned, not chosen yet")
    asked: int = Field(0, ge=0, description="the last MettleEarned id given")
    watch: MettleWatch | None = Field(None, description="the Expedition under way, as the tracking saw it")
    offer: bool = Field(False, description="transient: this action earned cards (the reply offers the decision)")
