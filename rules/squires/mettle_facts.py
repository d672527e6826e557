"""The facts of Mettle draws (rules/squires/mettle.py); their words: bot/narration/squires.py."""

from typing import Literal

from rules.facts import Fact, fact

MettleRoll = Literal["attack", "power", "test", "evasion"]


@fact
class MettleCritical(Fact):
    """A Mettle card's Critical (``critical``) on a ``roll``: an automatic result, or (a Power draw's Critical
    Chance, told when no Gear is lent) the chosen Clue bonus the Squire may gain."""

    fact: Literal["mettle_critical"] = "mettle_critical"
    roll: MettleRoll
    critical: Literal["chance", "miss"]


@fact
class MettleToHit(Fact):
    """An Attack Roll's Precision against the Monster's To Hit ``to_hit``: a hit, or a Full Miss."""

    fact: Literal["mettle_to_hit"] = "mettle_to_hit"
    to_hit: int
    hit: bool


@fact
class MettleTest(Fact):
    """A test: the card's ``roll`` plus ``bonus`` against ``difficulty``."""

    fact: Literal["mettle_test"] = "mettle_test"
    roll: int
    bonus: int
    difficulty: int
    success: bool


@fact
class MettleHitsEvaded(Fact):
    """An Evasion Roll: each card's Hits Evaded (``values``; ``reduced``: Evasion Difficulty 11+)."""

    fact: Literal["mettle_hits_evaded"] = "mettle_hits_evaded"
    values: list[int]
    reduced: bool
