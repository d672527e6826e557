"""The d100: the white d10 gives the tens, the black d10 the ones; two 10s make 100."""

from __future__ import annotations

import pytest

from rules import actions as a
from rules.dice import Dice
from rules.rolls import d100, d100_value
from tests.rules._support import apply, fresh


@pytest.mark.parametrize(
    ("white", "black", "value"),
    [(10, 10, 100), (10, 5, 5), (3, 10, 30), (10, 1, 1), (1, 1, 11), (1, 10, 10), (9, 9, 99), (4, 7, 47)],
)
def test_d100_value(white: int, black: int, value: int) -> None:
    """Rulebook (line 315): In such cases, roll two d10, one white and one black, and treat the white d10
    as the "tens" digit and the black d10 as the "ones" digit; a critical symbol on both dice results in
    100. For a d100 roll, a 10 should be treated as a zero unless two 10s are rolled.
    """
    assert d100_value(white, black) == value


def test_the_white_die_is_the_tens_not_the_black_one() -> None:
    """Rulebook (line 315): treat the white d10 as the "tens" digit and the black d10 as the "ones" digit
    """
    assert d100_value(2, 7) == 27
    assert d100_value(7, 2) == 72


def test_every_pair_gives_a_distinct_value_from_1_to_100() -> None:
    """Rulebook (line 315): a critical symbol on both dice results in 100. For a d100 roll, a 10 should be
    treated as a zero unless two 10s are rolled.
    """
    values = [d100_value(w, b) for w in range(1, 11) for b in range(1, 11)]
    assert sorted(values) == list(range(1, 101))


def test_d100_rolls_white_then_black() -> None:
    dice = Dice(seed=3, forced=[3, 10])
    assert d100(dice) == (3, 10, 30)
    assert [r.purpose for r in dice.rolls] == ["d100 (white, tens)", "d100 (black, ones)"]
    assert dice.position == 2


@pytest.mark.parametrize(("forced", "value"), [([10, 10], 100), ([10, 5], 5), ([3, 10], 30), ([1, 1], 11)])
def test_engine_d100(forced: list[int], value: int) -> None:
    """Rulebook (line 315): Some rolls in the game require a d100 dice.
    """
    state = fresh()
    res = apply(state, a.RollD100(), forced=forced)
    assert res.data["result"] == value
    assert res.data["naturals"] == forced
    assert (res.data["white"], res.data["black"]) == tuple(forced)
    assert res.state.dice_position == state.dice_position + 2
