"""Squires and the Mettle deck (rulebook "Squires" to "Performing Tests", optional rules).

``kind: squire``: one Squire card — "their tier, statistics, and Abilities, as well as their own Heroic
Arc" (Tier, Vigor, Speed, Heat Limit, Heat Refresh, Bane Limit, Abilities).

``kind: mettle``: a Mettle deck — every card shows a Clue, a Roll, a Power, a Potential, a Hits Evaded
value and an optional ability box; the deck also holds one "Critical Chance" and one "Critical Miss" card.
``start: true`` marks the cards of the starting deck; the others are unlocked later ("Unlocking Mettle
Cards"). See docs/squires.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import Strict
from content.schema.gear import Tier
from content.schema.kingdom import ClueType

Critical = Literal["chance", "miss"]


class SquireAbility(Strict):
    """Rulebook: "Abilities: Each active Squire Ability may only be used once per Round."."""

    name: str = Field(min_length=1, max_length=60)
    active: bool = Field(True, description="an active Ability (once per Round); false: always on")
    text: str = Field(min_length=1, max_length=300)


class SquireArcLevel(Strict):
    passion: int = Field(ge=1, le=9)
    text: str = Field(min_length=1, max_length=200)


class Squire(Strict):
    kind: Literal["squire"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    tier: Tier = Field(description="the tier at which the Squire card becomes available")
    vigor: int = Field(ge=1, le=15, description="the maximum Vigor")
    speed: int = Field(ge=0, le=10)
    heat_limit: int = Field(ge=0, le=9, description="the maximum Heat the Squire can reach")
    heat_refresh: int = Field(ge=0, le=9, description="the Heat subtracted during their Refresh step")
    bane_limit: int = Field(ge=0, le=20, description="the maximum Bane tokens")
    abilities: list[SquireAbility] = Field(min_length=1, max_length=4)
    heroic_arc: list[SquireArcLevel] = Field(min_length=1, max_length=9)
    flavour: str = Field("", max_length=300)

    @model_validator(mode="after")
    def _arc_in_order(self) -> Squire:
        levels = [lv.passion for lv in self.heroic_arc]
        if levels != sorted(set(levels)):
            raise ValueError("heroic_arc levels must rise in Passion, once each")
        return self


class AbilityBox(Strict):
    """Rulebook: "Ability box: An optional way to Power up a Squire's Attack at the cost of Clue tokens."
    One Clue token of the card's Clue gains the Precision bonus (Attack Roll) or the Power bonus (Power Roll)."""

    precision: int = Field(0, ge=0, le=5)
    power: int = Field(0, ge=0, le=9)
    text: str = Field("", max_length=200)


class MettleCard(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    tier: Tier = "mob"
    start: bool = Field(False, description="part of the starting Mettle deck")
    critical: Critical | None = Field(None, description='the "Critical Chance" or "Critical Miss" card')
    clue: ClueType | None = Field(None, description="the Clue symbol (none on the Critical cards)")
    roll: int = Field(ge=0, le=12, description="Attack Rolls (the Precision) and tests")
    power: int = Field(ge=0, le=12)
    potential: int = Field(ge=0, le=6)
    hits_evaded: int = Field(ge=0, le=6)
    box: AbilityBox | None = None

    @model_validator(mode="after")
    def _critical_has_no_clue(self) -> MettleCard:
        if self.critical is None and self.clue is None:
            raise ValueError("a Mettle card other than the Critical cards shows a Clue")
        if self.critical is not None and self.box is not None:
            raise ValueError("the Critical cards have no ability box")
        return self


class SquireGearStats(Strict):
    """The Squire stats box of a Merchant weapon (rulebook "Other Squire Rules"): its Clue symbol and the Power and
    Potential bonuses a Squire adds to a Power draw whose Mettle card shows that Clue."""

    gear: Id = Field(description="a Merchant weapon's Gear id")
    clue: ClueType
    power: int = Field(0, ge=0, le=6)
    potential: int = Field(0, ge=0, le=4)


class MettleDeck(Strict):
    kind: Literal["mettle"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    cards: list[MettleCard] = Field(min_length=3, max_length=80)
    gear_stats: list[SquireGearStats] = Field(
        default_factory=list, description="the Squire stats boxes of Merchant weapons (Gear cards carry none here)")

    def stats_of(self, gear: str) -> SquireGearStats | None:
        return next((g for g in self.gear_stats if g.gear == gear), None)

    @model_validator(mode="after")
    def _criticals(self) -> MettleDeck:
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError("Mettle card ids must be unique")
        for kind in ("chance", "miss"):
            found = [c for c in self.cards if c.critical == kind and c.start]
            if len(found) != 1:
                raise ValueError(f'the starting deck needs exactly one "Critical {kind.capitalize()}" card')
        return self

    def start_cards(self) -> list[str]:
        return [c.id for c in self.cards if c.start]

    def card(self, card_id: str) -> MettleCard:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)
