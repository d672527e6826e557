"""Encounter Monster cards and the Bestiary of a Kingdom (rulebook "Monster Setup", "Encounter Monster Card
Anatomy", "Encounters").

Both live in a Kingdom's documents: ``bestiary`` and ``encounter_cards`` on ``kind: kingdom`` or, usually, on a
``kind: kingdom_cards`` file of their own (the starter pack: ``kingdom/aubrevane_bestiary.yaml``); the loader
merges them into the Kingdom (content/schema/kingdom.py, ``merge_cards``).

- The **Bestiary** is read at the Party Leader's tier: one row per tier, listing each Monster available and the
  level of its Encounter Monster card ("For each Monster block whose Encounter Monster card is above the line you
  traced ... take their Encounter Monster card of a matching level").
- An **Encounter Monster card** is double-sided ("each side showing a different level of the same Monster"):
  ``sides`` holds one or two :class:`EncounterSide`; ``monster`` is the id of the Monster (its ``kind: monster``
  sheet, for the Clashes against "the Monster of your district").

Field names here are a contract with the Encounter code (rules/delve/encounter.py): keep them stable.
Diagram offsets follow content/schema/board.py: ``(row, column)`` relative to the Monster's top-left space, the
Monster facing up (toward row A); the rules rotate them.

This module must not import from ``rules/``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from content.schema.board import Offset
from content.schema.cards import (
    Amount,
    GainBane,
    GainCondition,
    GainCurse,
    GainHeat,
    GainPassion,
    GainThreat,
    GainVigor,
    Id,
    Knockback,
    KnockedDown,
    LoseHeat,
    LoseVigor,
    PerilCheck,
    PlaceKnightTokens,
    Pushback,
    TextEffect,
)
from content.schema.dice import Strict
from content.schema.gear import Tier

Outcome = Literal["success", "partial", "failure"]


class EncounterLoseThreat(Amount):
    type: Literal["lose_threat"]


class EncounterLoseCurse(Amount):
    type: Literal["lose_curse"]


class EncounterAdvanceTime(Amount):
    type: Literal["advance_time"]


# What an Encounter card does: the card vocabulary (docs/content.md, "Effects") plus the Kingdom track effects.
# Knight effects go to each targeted Knight (Attack), the attacking Knight (Scrape, Critical, Overpower), or each
# Knight of the Encounter (Resolution); ``text`` is shown for the table to apply by hand.
EncounterEffect = Annotated[
    LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | PerilCheck | GainCondition
    | Knockback | Pushback | KnockedDown | PlaceKnightTokens
    | GainThreat | EncounterLoseThreat | GainCurse | EncounterLoseCurse | EncounterAdvanceTime
    | TextEffect,
    Field(discriminator="type"),
]


class EncounterPrinted(Strict):
    """An effect as printed (``text``, always shown) and what of it the bot applies (``effects``; empty: the table
    applies the text by hand)."""

    text: str = Field(min_length=1, max_length=500)
    effects: list[EncounterEffect] = Field(default_factory=list)


class EncounterDiagram(Strict):
    """The Attack diagram: the spaces the Monster stands on and the spaces it targets, facing up.

    Rulebook: "Each Monster targets every Knight in the indicated area"; "always place and turn each Monster in
    such a way that they target the most spaces possible"."""

    occupies: list[Offset] = Field(
        default_factory=lambda: [(0, 0)], min_length=1, max_length=9,
        description="the spaces under the Monster; (0, 0) is its top-left space",
    )
    targets: list[Offset] = Field(min_length=1, max_length=24, description="the spaces the Attack targets")

    @model_validator(mode="after")
    def _targets_off_the_monster(self) -> EncounterDiagram:
        if (0, 0) not in self.occupies:
            raise ValueError("occupies must include (0, 0), the Monster's top-left space")
        for off in self.targets:
            if off in self.occupies:
                raise ValueError(f"target space {list(off)} lies under the Monster")
            if not all(-6 <= v <= 8 for v in off):
                raise ValueError(f"target space {list(off)} is too far from the Monster")
        if len(set(self.targets)) != len(self.targets):
            raise ValueError("a target space is listed twice")
        return self


class EncounterAttack(EncounterPrinted):
    """The Attack diagram and the Attack effect ("Each Knight on a space targeted by a Monster suffers the Attack
    effects shown on the Encounter Monster card")."""

    diagram: EncounterDiagram


class Overpower(EncounterPrinted):
    """"Overpower X+: If you dealt a Wound and your Total Power exceeded the AT value by X or more" — in an
    Encounter: a Scrape whose Total Power exceeds the AT by ``by`` or more."""

    by: int = Field(ge=1, le=20)


class OutcomeAt(EncounterPrinted):
    """A Resolution effect reached with at least ``scrapes`` Scrapes."""

    scrapes: int = Field(ge=1, le=10)


class Resolution(Strict):
    """"Count the number of Scrapes dealt and resolve the corresponding effect from the Encounter Monster card
    (Success, Partial Success, or Failure)". Fewer Scrapes than ``partial.scrapes`` (or ``success.scrapes`` when
    the side has no Partial Success) is a Failure."""

    success: OutcomeAt
    partial: OutcomeAt | None = None
    failure: EncounterPrinted

    @model_validator(mode="after")
    def _thresholds(self) -> Resolution:
        if self.partial is not None and self.partial.scrapes >= self.success.scrapes:
            raise ValueError(
                f"partial.scrapes ({self.partial.scrapes}) must be below success.scrapes ({self.success.scrapes})"
            )
        return self

    def outcome(self, scrapes: int) -> Outcome:
        if scrapes >= self.success.scrapes:
            return "success"
        if self.partial is not None and scrapes >= self.partial.scrapes:
            return "partial"
        return "failure"

    def effect(self, outcome: Outcome) -> EncounterPrinted:
        if outcome == "success":
            return self.success
        if outcome == "partial" and self.partial is not None:
            return self.partial
        return self.failure


class EncounterSide(Strict):
    """One side of an Encounter Monster card: "the Monster's name and level, as well as its tier and an Encounter
    Board indicator ... the number of Monsters during an Encounter, their To Hit and AT values, a Critical effect,
    an Attack diagram and Attack effect, as well as Resolution effects ... an Overpower and Scrape effects or
    another additional effect"."""

    level: int = Field(ge=1, le=9)
    tier: Tier
    board: Id = Field(description="the Encounter Board indicator: which Encounter Board to use")
    count: int = Field(1, ge=1, le=8, description="the Monster Count: how many miniatures are fielded")
    to_hit: int = Field(ge=1, le=10)
    at: int = Field(ge=1, le=30, description="the AT value a Total Power must reach to Scrape")
    critical: EncounterPrinted = Field(description="resolved once per Encounter: a Scrape with a Crit Chance")
    attack: EncounterAttack
    resolution: Resolution
    overpower: Overpower | None = None
    scrape: EncounterPrinted | None = Field(None, description="resolved after each Scrape")
    other: EncounterPrinted | None = Field(None, description="another additional effect, as printed")


class EncounterCard(Strict):
    """A double-sided Encounter Monster card of one Monster (two levels, or one for a one-sided card)."""

    id: Id
    monster: Id = Field(description="the Monster (id of its kind: monster sheet)")
    name: str = Field(min_length=1, max_length=100, description="the Monster's name as printed")
    generic_tokens: bool = Field(False, description="a Generic token at the bottom: special Encounters use them")
    sides: list[EncounterSide] = Field(min_length=1, max_length=2)

    @model_validator(mode="after")
    def _two_levels(self) -> EncounterCard:
        if len(self.sides) == 2 and self.sides[0].level == self.sides[1].level:
            raise ValueError("the two sides of an Encounter Monster card show different levels")
        return self

    def levels(self) -> list[int]:
        return [s.level for s in self.sides]

    def side(self, level: int) -> EncounterSide:
        for s in self.sides:
            if s.level == level:
                return s
        raise KeyError(level)


class BestiaryEntry(Strict):
    """A Monster block crossed by the Bookmark's line: the Monster and the level of its Encounter Monster card."""

    monster: Id
    level: int = Field(ge=1, le=9)


class BestiaryRow(Strict):
    """The Bestiary at one tier: the Monsters available and their levels (a Monster not listed is unavailable)."""

    tier: Tier
    monsters: list[BestiaryEntry] = Field(default_factory=list)

    @model_validator(mode="after")
    def _once_each(self) -> BestiaryRow:
        ids = [m.monster for m in self.monsters]
        if len(set(ids)) != len(ids):
            raise ValueError(f"a Monster appears twice in the {self.tier} row")
        return self


Loc = tuple[int | str, ...]


def bestiary_problems(bestiary: list[BestiaryRow], cards: list[EncounterCard]) -> list[tuple[Loc, str]]:
    """Rows once per tier; card ids unique; every Bestiary entry matches a card with that level ("If a Monster
    has no matching level, it is unavailable" — a transcription mistake is reported, not silently skipped)."""
    out: list[tuple[Loc, str]] = []
    tiers = [r.tier for r in bestiary]
    for i, row in enumerate(bestiary):
        if tiers.count(row.tier) > 1 and tiers.index(row.tier) != i:
            out.append((("bestiary", i, "tier"), f"the {row.tier} row appears twice"))
        for j, entry in enumerate(row.monsters):
            if not any(c.monster == entry.monster and entry.level in c.levels() for c in cards):
                out.append((("bestiary", i, "monsters", j),
                            f"no Encounter Monster card of {entry.monster!r} has a level {entry.level} side"))
    seen: set[str] = set()
    levels: set[tuple[str, int]] = set()
    for i, card in enumerate(cards):
        if card.id in seen:
            out.append((("encounter_cards", i, "id"), f"two Encounter Monster cards have the id {card.id!r}"))
        seen.add(card.id)
        for level in card.levels():
            if (card.monster, level) in levels:
                out.append((("encounter_cards", i, "sides"),
                            f"another Encounter Monster card of {card.monster!r} already shows level {level}"))
            levels.add((card.monster, level))
    return out
