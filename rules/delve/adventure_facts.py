"""The facts of Kingdom Adventures (rules/delve/adventures.py): the d100 rolled, the tests and rolls asked, their
outcomes; their words are bot/narration/adventures.py's. Knights are named as stored."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.facts import Fact, fact


class Outcome(BaseModel):
    """A group test's outcome: at ``least`` successes, ``text``."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    least: int
    text: str


@fact
class AdventureNotRolled(Fact):
    """A Kingdom Adventure is triggered but not rolled: ``waiting`` still waits for its test, or the ``kingdom`` has
    no Adventure Table (``waiting`` empty)."""

    fact: Literal["delve_adventure_not_rolled"] = "delve_adventure_not_rolled"
    waiting: str = ""
    kingdom: str = ""


@fact
class AdventureRerolled(Fact):
    """The d100 ``value`` names ``adventure``, whose Unique box is marked: rolled again."""

    fact: Literal["delve_adventure_rerolled"] = "delve_adventure_rerolled"
    value: int
    adventure: str


@fact
class AdventureRolled(Fact):
    """The d100 ``value``: the Adventure ``adventure`` (``unique``: its box marked now), ``text``."""

    fact: Literal["delve_adventure_rolled"] = "delve_adventure_rolled"
    value: int
    adventure: str
    unique: bool
    text: str


@fact
class AdventureTestAsked(Fact):
    """The Adventure's test for ``knight`` (empty: the Knight): ``virtue`` (may be empty) ``difficulty``+."""

    fact: Literal["delve_adventure_test_asked"] = "delve_adventure_test_asked"
    knight: str = ""
    virtue: str = ""
    difficulty: int


@fact
class AdventureGroupTestAsked(Fact):
    """The Adventure's group test, ``virtue`` ``difficulty``+, of every living Knight ``knights``; its ``outcomes``."""

    fact: Literal["delve_adventure_group_test_asked"] = "delve_adventure_group_test_asked"
    knights: list[str]
    virtue: str = ""
    difficulty: int
    outcomes: list[Outcome]


@fact
class AdventureRoll(Fact):
    """The Adventure's d10 roll (not a test): ``natural``, its row's ``text``."""

    fact: Literal["delve_adventure_roll"] = "delve_adventure_roll"
    natural: int
    text: str


@fact
class AdventureOutcome(Fact):
    """The outcome of ``adventure``'s test: a Success or a Fail (``success``), or a group's ``successes``; ``text``."""

    fact: Literal["delve_adventure_outcome"] = "delve_adventure_outcome"
    adventure: str
    success: bool = False
    successes: int | None = None
    text: str


@fact
class AdventureKnightResult(Fact):
    """``knight``'s result of ``adventure``'s group test (``success``)."""

    fact: Literal["delve_adventure_knight_result"] = "delve_adventure_knight_result"
    adventure: str
    knight: str
    success: bool


@fact
class AdventureWaitingFor(Fact):
    """The group test still waits for ``knights``."""

    fact: Literal["delve_adventure_waiting_for"] = "delve_adventure_waiting_for"
    knights: list[str]


@fact
class AdventureFailEffect(Fact):
    """The group test's Fail effect ``text`` on ``knight``, who failed."""

    fact: Literal["delve_adventure_fail_effect"] = "delve_adventure_fail_effect"
    knight: str
    text: str
