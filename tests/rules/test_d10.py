"""d10 tests: natural 10 and natural 1, the result against the difficulty, Curse and Threat Saves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import actions as a
from rules.dice import Dice
from rules.errors import RuleError
from rules.rolls import d10_success, roll_test
from rules.state import KingdomTrack
from tests.rules._support import apply, fresh


def _oracle(natural: int, bonus: int, difficulty: int) -> bool:
    """Written from the rulebook sentence, not from the code: natural 10 hit, natural 1 miss."""
    if natural in (1, 10):
        return {10: True, 1: False}[natural]
    total = natural
    total += bonus
    return not total < difficulty


def test_a_natural_10_always_succeeds() -> None:
    """Rulebook (line 315): A natural (i.e. before applying any modifiers) "10" on a d10 is always a
    success (or a hit in the case of an Attack Roll)
    """
    assert d10_success(10, -10, 20) is True
    assert d10_success(10, 0, 20) is True
    assert roll_test(Dice(seed=1, forced=[10]), difficulty=20, bonus=-10).success is True


def test_a_natural_1_always_fails() -> None:
    """Rulebook (line 315): whereas a natural "1" on a d10 is always a fail (or a miss in the case of an
    Attack Roll).
    """
    assert d10_success(1, 10, 2) is False
    assert d10_success(1, 10, 1) is False
    assert roll_test(Dice(seed=1, forced=[1]), difficulty=2, bonus=10).success is False


def test_result_equal_to_the_difficulty_succeeds_and_one_below_fails() -> None:
    """Rulebook (line 1560): To perform a test, simply roll a single d10 and compare the result to the
    difficulty of the test. Some tests are associated with a specific Virtue (e.g. Insight 6+), allowing
    you to increase the result by the Virtue value.
    """
    assert d10_success(4, 2, 6) is True
    assert d10_success(4, 1, 6) is False
    assert d10_success(9, -3, 6) is True
    assert d10_success(9, -4, 6) is False


@given(
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=-10, max_value=10),
    st.integers(min_value=1, max_value=20),
)
def test_d10_success_matches_the_oracle(natural: int, bonus: int, difficulty: int) -> None:
    """Rulebook (line 315): A natural (i.e. before applying any modifiers) "10" on a d10 is always a
    success
    """
    assert d10_success(natural, bonus, difficulty) is _oracle(natural, bonus, difficulty)


def test_d10_success_matches_the_oracle_everywhere() -> None:
    for natural in range(1, 11):
        for bonus in range(-10, 11):
            for difficulty in range(1, 21):
                assert d10_success(natural, bonus, difficulty) is _oracle(natural, bonus, difficulty), (
                    natural,
                    bonus,
                    difficulty,
                )


@pytest.mark.parametrize(
    ("natural", "bonus", "difficulty", "success"),
    [(6, 0, 6, True), (5, 0, 6, False), (5, 1, 6, True), (8, -3, 6, False), (10, -10, 20, True), (1, 10, 2, False)],
)
def test_roll_test_uses_the_forced_die(natural: int, bonus: int, difficulty: int, success: bool) -> None:
    dice = Dice(seed=4, forced=[natural])
    rolled = roll_test(dice, difficulty=difficulty, bonus=bonus, purpose="Insight test")
    assert (rolled.natural, rolled.bonus, rolled.result, rolled.difficulty) == (
        natural,
        bonus,
        natural + bonus,
        difficulty,
    )
    assert rolled.success is success
    assert [(r.kind, r.purpose, r.forced) for r in dice.rolls] == [("d10", "Insight test", True)]


def test_engine_roll_test_reports_the_shared_roll_shape() -> None:
    """Rulebook (line 1560): To perform a test, simply roll a single d10 and compare the result to the
    difficulty of the test.
    """
    res = apply(fresh(), a.RollTest(difficulty=7, bonus=2), forced=[5])
    assert res.data["naturals"] == [5]
    assert res.data["result"] == 7
    assert res.data["difficulty"] == 7
    assert res.data["success"] is True
    assert res.state.last_roll is not None and res.state.last_roll.kind == "test"
    res = apply(fresh(), a.RollTest(difficulty=20, bonus=-10), forced=[10])
    assert res.data["success"] is True and "natural 10" in res.events[0].text


# -- Curse and Threat Saves -------------------------------------------------------------------------


@pytest.mark.parametrize(("natural", "success"), [(5, True), (4, False), (10, True), (1, False)])
def test_curse_save_example(natural: int, success: bool) -> None:
    """Rulebook (line 723): Example: To resolve a Curse Save (Curse Level +2), while at Curse Level 3, you
    must roll 5 or higher to succeed.
    """
    res = apply(fresh(), a.RollSave(kind="curse", level=3, modifier=2), forced=[natural])
    assert res.data["difficulty"] == 5
    assert res.data["naturals"] == [natural]
    assert res.data["success"] is success


def test_a_save_reads_its_level_from_the_kingdom_track() -> None:
    """Rulebook (line 722): When required to perform a Curse or a Threat Save, consult your current Curse or
    Threat level (designated by a marker on the Kingdom track) and add the specified value. This is your
    Curse/Threat Save difficulty.
    """
    state = fresh().model_copy(update={"track": KingdomTrack(curse=3, threat=6)})
    curse = apply(state, a.RollSave(kind="curse", modifier=2), forced=[4])
    assert (curse.data["level"], curse.data["difficulty"], curse.data["success"]) == (3, 5, False)
    threat = apply(state, a.RollSave(kind="threat", modifier=-1), forced=[5])
    assert (threat.data["level"], threat.data["difficulty"], threat.data["success"]) == (6, 5, True)
    threat = apply(state, a.RollSave(kind="threat", modifier=-1), forced=[4])
    assert threat.data["success"] is False


def test_a_save_is_failed_below_and_succeeded_at_or_above_the_difficulty() -> None:
    """Rulebook (line 722): Then, simply roll a d10: if the result is lower than the difficulty, you Fail
    and must resolve the negative effect. If it is equal to or higher, you Succeed and do not suffer the
    consequences.
    """
    for level in range(0, 12):
        for modifier in (-3, 0, 2):
            difficulty = level + modifier
            for natural in range(2, 10):
                res = apply(fresh(), a.RollSave(kind="threat", level=level, modifier=modifier), forced=[natural])
                assert res.data["difficulty"] == difficulty
                assert res.data["success"] is (natural >= difficulty), (level, modifier, natural)


def test_saves_cannot_be_rerolled_with_heat() -> None:
    """Rulebook (line 322): - Using Heat, you can re-roll Attack Rolls, Evasion Rolls, and Tests.
    Rulebook (line 323): - Using Heat, you cannot re-roll Power Rolls, Armor Rolls, or any other roll not
    listed above.
    """
    saved = apply(fresh(), a.RollSave(kind="curse", level=3, modifier=2), forced=[4]).state
    before = saved.model_dump()
    with pytest.raises(RuleError) as err:
        apply(saved, a.Reroll(dice=[1]), forced=[9])
    assert "test" in str(err.value).lower()
    assert saved.model_dump() == before
