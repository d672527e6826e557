"""The Kingdom Codex of a Kingdom: the Campfire Tales table, the Exploration Cipher paragraphs and the Adventure
Table (d100), with ``adventure_problems`` checking that the Table covers 1-100 once. Part of ``kind: kingdom`` and
``kind: kingdom_cards`` (content/schema/kingdom.py).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.delve_effects import DelveEffect, Printed
from content.schema.dice import Strict
from content.schema.knights import Virtue

Loc = tuple[int | str, ...]


class CampfireTale(Strict):
    """A row of the Campfire Tales table: the results it covers (``low`` to ``high``), the tale, its bonus."""

    id: Id
    low: int = Field(ge=1, le=40)
    high: int = Field(ge=1, le=40)
    name: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=1000, description="the tale, read to the table")
    bonus: Printed = Field(description="the stat bonus; Knight effects apply to each living Knight")

    @model_validator(mode="after")
    def _range(self) -> CampfireTale:
        if self.high < self.low:
            raise ValueError(f"high ({self.high}) is below low ({self.low})")
        return self


class CampfireTable(Strict):
    """"roll on the Campfire Tales table in the Kingdom Codex, adding the highest Rapport between any two Knights
    in your party to the result, then read the tale you rolled, if any"."""

    die: Literal["d10", "d6"] = "d10"
    tales: list[CampfireTale] = Field(min_length=1)

    @model_validator(mode="after")
    def _no_overlap(self) -> CampfireTable:
        rows = sorted(self.tales, key=lambda t: t.low)
        for a, b in zip(rows, rows[1:], strict=False):
            if b.low <= a.high:
                raise ValueError(f"tales {a.id!r} and {b.id!r} both cover {b.low}")
        return self

    def tale(self, result: int) -> CampfireTale | None:
        return next((t for t in self.tales if t.low <= result <= t.high), None)


class CipherParagraph(Strict):
    """An Exploration Cipher paragraph of the Kingdom Codex: "When combined with your Knight's half of a Cipher, it
    will form a paragraph number you may find in that Kingdom's Codex" (a four-digit code)."""

    code: str = Field(pattern=r"^[0-9]{4}$", description="the full four-digit code (the paragraph number)")
    text: str = Field(min_length=1, max_length=1000, description="the paragraph, read to the table")
    effects: list[DelveEffect] = Field(default_factory=list, description="what the bot applies of it")


class GroupOutcome(Printed):
    """A success range of a group test: the fewest successes (summed over the Knights) that give this outcome."""

    least: int = Field(ge=0, le=8, description="the fewest successes for this outcome")


class AdventureTest(Strict):
    """A test of an Adventure (rulebook "Adventure Tests and Rolls": "roll a single d10 and compare the result to
    the difficulty of the test (e.g. 6+)"), the Virtue added, and its outcomes: a solo test's ``success`` and
    ``failure``; a group test's (``group: true``, "each Knight make a separate test") success ranges ``outcomes``
    by the number of successes and its ``fail`` effect on each Knight who failed."""

    virtue: Virtue | None = Field(None, description="the Virtue whose value is added (none: a plain test)")
    difficulty: int = Field(ge=2, le=10, description="the difficulty, e.g. 6 for a 6+ test")
    group: bool = Field(False, description="a group test: every Knight tests")
    success: Printed | None = None
    failure: Printed | None = None
    outcomes: list[GroupOutcome] = Field(default_factory=list, description="group: the success ranges")
    fail: Printed | None = Field(None, description="group: the Fail effect on each Knight who failed")

    @model_validator(mode="after")
    def _outcomes(self) -> AdventureTest:
        if self.group:
            if self.success is not None or self.failure is not None:
                raise ValueError("a group test has outcomes: (success ranges), not success:/failure:")
            leasts = [o.least for o in self.outcomes]
            if 0 not in leasts or len(set(leasts)) != len(leasts):
                raise ValueError("a group test's outcomes need one range from 0 successes, each least once")
        else:
            if self.success is None or self.failure is None or self.outcomes or self.fail is not None:
                raise ValueError("a solo test has success: and failure: (outcomes:/fail: are for group: true)")
        return self

    def outcome(self, successes: int) -> GroupOutcome:
        return max((o for o in self.outcomes if o.least <= successes), key=lambda o: o.least)


class AdventureRollRow(Printed):
    """A row of an Adventure's d10 roll (not a test: no Heat re-roll): the naturals it covers."""

    low: int = Field(ge=1, le=10)
    high: int = Field(ge=1, le=10)


class Adventure(Strict):
    """A row of the Adventure Table of a Kingdom Codex: the d100 results it covers, a Unique box or not, the
    paragraph, and a test, a d10 roll, or effects applied at once."""

    id: Id
    low: int = Field(ge=1, le=100, description="the lowest d100 result of this Adventure")
    high: int = Field(ge=1, le=100, description="the highest d100 result of this Adventure")
    name: str = Field(min_length=1, max_length=100)
    unique: bool = Field(False, description="a Unique box: the Adventure can only be resolved once")
    text: str = Field(min_length=1, max_length=1500, description="the paragraph, read to the table")
    effects: list[DelveEffect] = Field(default_factory=list, description="applied at once (before any test)")
    test: AdventureTest | None = None
    roll: list[AdventureRollRow] = Field(default_factory=list, description="a d10 roll's rows covering 1-10")

    @model_validator(mode="after")
    def _shape(self) -> Adventure:
        if self.high < self.low:
            raise ValueError(f"high ({self.high}) is below low ({self.low})")
        if self.test is not None and self.roll:
            raise ValueError("an Adventure has a test or a roll, not both")
        if self.roll:
            covered = sorted(n for row in self.roll for n in range(row.low, row.high + 1))
            if covered != list(range(1, 11)):
                raise ValueError("the roll's rows must cover 1 to 10 once each")
        return self

    def roll_row(self, natural: int) -> AdventureRollRow:
        return next(r for r in self.roll if r.low <= natural <= r.high)


def adventure_problems(adventures: list[Adventure]) -> list[tuple[Loc, str]]:
    """The Adventure Table covers 1-100, each result once (when the Kingdom has one)."""
    if not adventures:
        return []
    problems: list[tuple[Loc, str]] = []
    owner: dict[int, str] = {}
    for adv in adventures:
        for n in range(adv.low, adv.high + 1):
            if n in owner:
                problems.append((("adventures", adv.id), f"{adv.id} and {owner[n]} both cover {n}"))
                break
            owner[n] = adv.id
    missing = [n for n in range(1, 101) if n not in owner]
    if missing:
        problems.append((("adventures",), f"the Adventure Table leaves out {', '.join(map(str, missing[:10]))}"))
    return problems
