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


class MettleProgress(_Model):
    """The party's Mettle deck progress (rulebook "Unlocking Mettle Cards"): saved Leads and what was unlocked."""

    leads: int = Field(0, ge=0, description="saved Leads (5 unlock one Mettle card between Expeditions)")
    unlocked: list[str] = Field(default_factory=list, description="Mettle card ids unlocked, in order")
    replaced: list[str] = Field(default_factory=list, description="the cards they replaced, out of the deck")
    tier_unlocks: dict[str, int] = Field(default_factory=dict, description="tier -> cards unlocked for surviving it")
