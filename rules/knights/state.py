"""A Knight in the campaign state: the Knight Sheet (kept for the whole campaign), the Knight Board
chosen for an Expedition, the Loadout, and the changing statistics.

Rulebook, "Knight Sheet": Virtues, Bane, Boons/tally marks/notes, Sigh of the Graal, Your Tale, Rapport,
Armory, Saints, Mercenaries, the Choice Matrix, Successful Investigations, First Death; "Leads", "Gold",
"Vices".
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.gear import Tier
from content.schema.knights import VIRTUES, Virtue

Text = Annotated[str, Field(min_length=1, max_length=200)]
Vice = Literal["cowardice", "dishonor", "duplicity", "disregard", "cruelty", "treachery"]
# Rulebook, "Vices": each Vice is connected to a Virtue.
VICE_VIRTUE: dict[Vice, Virtue] = {
    "cowardice": "bravery", "dishonor": "tenacity", "duplicity": "sagacity",
    "disregard": "fortitude", "cruelty": "might", "treachery": "insight",
}
Modifier = Literal["precision", "evasion", "speed"]
CHAPTERS = 5
INVESTIGATIONS = 5


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class VirtueBonus(_Model):
    virtue: Virtue
    amount: int = Field(ge=-9, le=9)
    source: str = Field(max_length=100)


class Investigation(_Model):
    resolved: bool = False
    success: bool = False


class Chapter(_Model):
    """Rulebook, "Your Tale": "Once you resolve a Quest or Investigation, you will mark its right box ...
    Investigations have an additional box on the Knight Sheet. Mark it only if you succeeded"."""

    quest: bool = False
    investigations: list[Investigation] = Field(
        default_factory=lambda: [Investigation() for _ in range(INVESTIGATIONS)], min_length=INVESTIGATIONS,
        max_length=INVESTIGATIONS,
    )


class Rapport(_Model):
    knight: str = Field(min_length=1, max_length=60)
    hearts: int = Field(0, ge=0, le=3)
    boon: str = Field("", max_length=200)


class ArmoryItem(_Model):
    gear: str
    reforged: bool = False
    upgrade: str | None = None
    just_bought: bool = Field(False, description="bought in this Outpost Phase: it cannot be reforged yet")


class Sheet(_Model):
    virtues: list[VirtueBonus] = Field(default_factory=list)
    vices: dict[Vice, int] = Field(default_factory=dict, description="tally marks")
    bane: int = Field(0, ge=0, description="Bane noted at the end of the last Expedition")
    boons: list[Text] = Field(default_factory=list)
    afflictions: list[Text] = Field(default_factory=list)
    tallies: dict[str, int] = Field(default_factory=dict)
    notes: list[Text] = Field(default_factory=list)
    sigh_of_the_graal: bool = False
    tale: list[Chapter] = Field(default_factory=lambda: [Chapter() for _ in range(CHAPTERS)])
    tier: Tier = "mob"
    leads: int = Field(0, ge=0)
    rapport: list[Rapport] = Field(default_factory=list)
    armory: list[ArmoryItem] = Field(default_factory=list)
    saints: list[Text] = Field(default_factory=list)
    mercenaries: list[Text] = Field(default_factory=list)
    choice_matrix: dict[str, Literal["marked", "crossed"]] = Field(default_factory=dict)
    first_death: bool = False
    gold: int = Field(0, ge=0)

    def virtue(self, name: Virtue) -> int:
        return sum(b.amount for b in self.virtues if b.virtue == name)


class Unlocked(_Model):
    portraits: list[str] = Field(default_factory=list)
    heroic_arcs: list[str] = Field(default_factory=list)
    peril_arcs: list[str] = Field(default_factory=list)
    talents: list[str] = Field(default_factory=list)
    techniques: list[str] = Field(default_factory=list)


Zone = Literal["hand", "cooldown", "delay", "discard", "instant"]


class Board(_Model):
    """The Knight Board: one Portrait, Heroic Arc, Peril Arc and Talent, and the Techniques chosen (up to
    the Hand Limit) with the area each one is in."""

    portrait: str
    heroic_arc: str
    peril_arc: str
    talent: str
    techniques: dict[str, Zone] = Field(default_factory=dict)
    resources: dict[str, int] = Field(default_factory=dict)


class Equipped(_Model):
    gear: str
    exhausted: bool = False
    discarded: bool = False
    charges: int | None = None
    hands: int | None = Field(None, description="Knighves: the free hand slots it fills")


class Stats(_Model):
    """Knight Statistics (Passion, Heat, Vigor) with what moves their limits, and Bane."""

    passion: int = 0
    heat: int = 0
    vigor: int = 0
    max_vigor_change: int = Field(0, description="changes to the maximum Vigor from effects (not tier)")
    heat_limit_change: int = 0
    bane: int = 0
    bane_limit_change: int = 0
    conditions: list[str] = Field(default_factory=list)
    condition_tokens: dict[str, int] = Field(default_factory=dict, description="Generic tokens on held Condition "
                                             "cards, by card name (rules/knights/keyword_effects.py)")
    choke_limit: int = Field(0, ge=0, description="the Choke Limit cube on the Heat track (counts while Choked)")
    additional_vigor: int = Field(0, ge=0, description="Fortify X: the red cube, lost before Vigor")
    modifiers: dict[Modifier, int] = Field(default_factory=dict)
    temporary: dict[Modifier, int] = Field(default_factory=dict, description="temporary Modifier tokens: discarded "
                                           "after they take effect (rules/knights/expedition.py)")


class KnightState(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)
    name: str = Field(min_length=1, max_length=60)
    owner: str = Field(min_length=1, max_length=100)
    knight: str = Field(description="the content id of the Knight (its Knight Box)")
    sheet: Sheet = Field(default_factory=Sheet)
    unlocked: Unlocked = Field(default_factory=Unlocked)
    board: Board
    loadout: list[Equipped] = Field(default_factory=list)
    locked: bool = Field(False, description="on an Expedition: the Loadout is fixed until the Spoils Phase")
    stats: Stats = Field(default_factory=Stats)
    dead: bool = False


__all__ = ["VIRTUES", "KnightState", "Sheet", "Board", "Stats", "Equipped", "ArmoryItem", "Chapter"]
