"""The dice port: counter-based seeded dice, the GM's forced queue, amended values, shuffles."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import Dice, ForcedDieError, RolledDie


def _d10s(dice: Dice, n: int) -> list[int]:
    return [dice.d10("t") for _ in range(n)]


# -- the stream -----------------------------------------------------------------------------------


def test_same_seed_and_position_give_the_same_values() -> None:
    assert _d10s(Dice(seed=42), 30) == _d10s(Dice(seed=42), 30)
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.d6("t") for _ in range(30)] == [b.d6("t") for _ in range(30)]


def test_the_value_depends_only_on_seed_and_position() -> None:
    """Counter based: starting at position 7 gives the values a full run shows from its 8th die on."""
    run = _d10s(Dice(seed=9), 20)
    assert _d10s(Dice(seed=9, position=7), 13) == run[7:]


def test_different_seeds_give_different_values() -> None:
    runs = {seed: tuple(_d10s(Dice(seed=seed), 40)) for seed in range(1, 6)}
    assert len(set(runs.values())) == 5


def test_the_die_kind_does_not_change_the_stream_position() -> None:
    """Each die takes one position whatever it is: a d6 in between shifts later d10s by exactly one."""
    plain = Dice(seed=3)
    reference = _d10s(plain, 5)
    mixed = Dice(seed=3)
    mixed.d6("p")
    assert _d10s(mixed, 4) == reference[1:]


@pytest.mark.parametrize("kind", ["d10", "d6"])
@pytest.mark.parametrize("forced", [False, True])
def test_each_die_advances_the_position_by_exactly_one(kind: str, forced: bool) -> None:
    dice = Dice(seed=5, position=11, forced=[2, 3, 4] if forced else [])
    for expected in (12, 13, 14):
        getattr(dice, kind)("p")
        assert dice.position == expected


def test_an_amended_die_also_advances_by_exactly_one() -> None:
    dice = Dice(seed=5, amend=[6, 6])
    dice.d10("p")
    assert dice.position == 1
    dice.d6("p")
    assert dice.position == 2


def test_a_gm_override_changes_that_die_and_nothing_after_it() -> None:
    reference = _d10s(Dice(seed=77), 6)
    forced_value = 1 if reference[0] != 1 else 2
    dice = Dice(seed=77, forced=[forced_value])
    assert _d10s(dice, 6) == [forced_value, *reference[1:]]


# -- the forced queue -------------------------------------------------------------------------------


def test_forced_values_are_used_once_in_order_whatever_the_die() -> None:
    stream = Dice(seed=8)
    unforced = [stream.d10("x"), stream.d6("x"), stream.d10("x"), stream.d6("x")]
    dice = Dice(seed=8, forced=[7, 4])
    assert dice.d10("first") == 7
    assert dice.forced == [4]
    assert dice.d6("second") == 4
    assert dice.forced == []
    # the queue is empty: the stream takes over at its own position
    assert dice.d10("third") == unforced[2]
    assert dice.d6("fourth") == unforced[3]


def test_a_forced_ten_and_a_forced_one_are_allowed_on_a_d10() -> None:
    dice = Dice(seed=1, forced=[10, 1])
    assert [dice.d10("a"), dice.d10("b")] == [10, 1]


@pytest.mark.parametrize(("kind", "value"), [("d6", 7), ("d6", 0), ("d6", 10), ("d10", 11), ("d10", 0), ("d10", -1)])
def test_a_forced_value_out_of_range_for_the_die_is_refused(kind: str, value: int) -> None:
    dice = Dice(seed=1, forced=[value])
    with pytest.raises(ForcedDieError) as err:
        getattr(dice, kind)("power roll (red)")
    message = str(err.value)
    assert str(value) in message
    assert kind in message
    assert ("1 to 6" if kind == "d6" else "1 to 10") in message


def test_a_forced_six_is_fine_on_a_d6_and_a_forced_seven_on_a_d10() -> None:
    dice = Dice(seed=1, forced=[6, 7])
    assert dice.d6("a") == 6
    assert dice.d10("b") == 7


# -- amended values ---------------------------------------------------------------------------------


def test_amend_values_replace_the_first_dice_and_the_forced_queue_is_consumed_as_before() -> None:
    stream = Dice(seed=12)
    unforced = _d10s(stream, 4)
    dice = Dice(seed=12, forced=[2, 3], amend=[9])
    assert dice.d10("a") == 9  # amended: the GM's new value wins over the forced 2...
    assert dice.forced == [3]  # ...but the forced 2 is used up as it was the first time
    assert dice.d10("b") == 3  # forced, as the first time
    assert dice.d10("c") == unforced[2]
    assert dice.forced == [] and dice.amend == []
    assert [r.forced for r in dice.rolls] == [True, True, False]


def test_amend_without_a_forced_queue_replaces_the_rolled_dice_only() -> None:
    unforced = _d10s(Dice(seed=13), 3)
    dice = Dice(seed=13, amend=[4, 5])
    assert _d10s(dice, 3) == [4, 5, unforced[2]]
    assert dice.position == 3


def test_an_amend_value_out_of_range_is_refused() -> None:
    with pytest.raises(ForcedDieError):
        Dice(seed=1, amend=[8]).d6("p")


# -- the record ---------------------------------------------------------------------------------------


def test_rolls_are_recorded_with_kind_purpose_value_and_forced_flag() -> None:
    dice = Dice(seed=21, forced=[5])
    first = dice.d10("Insight test")
    second = dice.d6("power roll (red)")
    assert dice.rolls == [
        RolledDie(kind="d10", value=first, purpose="Insight test", forced=True),
        RolledDie(kind="d6", value=second, purpose="power roll (red)", forced=False),
    ]
    assert first == 5


def test_a_shuffle_is_not_recorded_as_a_roll() -> None:
    dice = Dice(seed=2)
    dice.shuffle(["a", "b", "c"])
    assert dice.rolls == []


# -- shuffles -----------------------------------------------------------------------------------------


@given(st.integers(min_value=0, max_value=10**9), st.lists(st.text(max_size=3), max_size=30))
@settings(max_examples=150, deadline=None)
def test_shuffle_is_a_permutation_and_leaves_its_input_alone(seed: int, items: list[str]) -> None:
    original = list(items)
    dice = Dice(seed=seed)
    out = dice.shuffle(items)
    assert items == original
    assert Counter(out) == Counter(items)
    assert dice.position == max(0, len(items) - 1)


def test_shuffle_never_uses_forced_values() -> None:
    items = [f"c{i}" for i in range(10)]
    plain = Dice(seed=31).shuffle(items)
    dice = Dice(seed=31, forced=[1, 1, 1, 1, 1, 1, 1, 1, 1, 1], amend=[2, 2])
    assert dice.shuffle(items) == plain
    assert dice.forced == [1] * 10
    assert dice.amend == [2, 2]
    assert dice.d10("after") == 2  # the amend queue is still there for the first die


def test_shuffle_reaches_every_order() -> None:
    """Fisher-Yates: all 6 orders of 3 cards appear, in roughly equal numbers."""
    seen = Counter(tuple(Dice(seed=s).shuffle(["a", "b", "c"])) for s in range(1200))
    assert set(seen) == set(itertools.permutations("abc"))
    assert all(120 <= n <= 280 for n in seen.values()), seen


# -- ranges and distribution ------------------------------------------------------------------------


@given(st.integers(min_value=-(10**12), max_value=10**12), st.integers(min_value=0, max_value=10**9))
@settings(max_examples=300, deadline=None)
def test_d10_is_always_1_to_10_and_d6_1_to_6(seed: int, position: int) -> None:
    """The critical symbol is a 10, so a d10 is 1-10; a d6 is a face number 1-6.

    Rulebook (line 315): Treat the critical symbol result as a "10".
    """
    dice = Dice(seed=seed, position=position)
    assert 1 <= dice.d10("p") <= 10
    assert 1 <= dice.d6("p") <= 6


def test_6000_d10s_are_spread_evenly() -> None:
    counts = Counter(_d10s(Dice(seed=2024), 6000))
    assert set(counts) == set(range(1, 11))
    assert all(450 <= n <= 750 for n in counts.values()), counts


def test_6000_d6s_are_spread_evenly() -> None:
    dice = Dice(seed=2025)
    counts = Counter(dice.d6("p") for _ in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(850 <= n <= 1150 for n in counts.values()), counts
