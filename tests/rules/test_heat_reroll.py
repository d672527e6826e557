"""Heat re-rolls: +1 Heat per die, only tests (Attack and Evasion Rolls), each die once per roll."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from rules import actions as a
from rules.dice import Dice
from rules.errors import RuleError
from rules.rolls import heat_reroll
from rules.state import CampaignState, LastRoll
from tests.rules._support import apply, fresh


def _tested(natural: int, difficulty: int = 6, bonus: int = 0) -> CampaignState:
    return apply(fresh(), a.RollTest(difficulty=difficulty, bonus=bonus), forced=[natural]).state


def _with_last(last: LastRoll) -> CampaignState:
    return fresh().model_copy(update={"last_roll": last})


def _refused(state: CampaignState, action: BaseModel) -> str:
    before = state.model_dump()
    with pytest.raises(RuleError) as err:
        apply(state, action, forced=[9, 9, 9])
    assert state.model_dump() == before
    return str(err.value)


def test_rerolling_a_failed_test_can_succeed_and_costs_one_heat() -> None:
    """Rulebook (line 321): - You must gain +1 Heat for each die you decide to re-roll.
    Rulebook (line 1560): Tests can be re-rolled using Heat, just like Attack and Evasion Rolls
    """
    state = _tested(3)
    res = apply(state, a.Reroll(dice=[1]), forced=[8])
    assert res.data["previous"] == [3]
    assert res.data["naturals"] == [8]
    assert res.data["heat"] == 1
    assert res.data["result"] == 8 and res.data["success"] is True
    assert "+1 Heat" in res.events[0].text
    assert res.state.last_roll is not None and res.state.last_roll.rerolled == [1]
    assert res.state.dice_position == state.dice_position + 1


def test_heat_equals_the_number_of_dice_rerolled() -> None:
    """Rulebook (line 321): - You must gain +1 Heat for each die you decide to re-roll.
    """
    state = _with_last(LastRoll(kind="test", purpose="Attack Roll", naturals=[2, 3, 4, 5], difficulty=6))
    res = apply(state, a.Reroll(dice=[1, 3, 4]), forced=[9, 10, 7])
    assert res.data["heat"] == 3
    assert res.data["naturals"] == [9, 3, 10, 7]
    assert res.data["previous"] == [2, 4, 5]
    assert res.data["rerolled"] == [1, 3, 4]
    assert res.state.dice_position == state.dice_position + 3
    assert "+3 Heat" in res.events[0].text


@pytest.mark.parametrize(("first", "second"), [(3, 8), (7, 1), (1, 10), (10, 2)])
def test_the_rerolled_test_recomputes_success(first: int, second: int) -> None:
    """Rulebook (line 315): A natural (i.e. before applying any modifiers) "10" on a d10 is always a
    success ... whereas a natural "1" on a d10 is always a fail
    """
    state = _tested(first, difficulty=6, bonus=1)
    res = apply(state, a.Reroll(dice=[1]), forced=[second])
    assert res.data["result"] == second + 1
    assert res.data["difficulty"] == 6 and res.data["bonus"] == 1
    assert res.data["success"] is (second == 10 or (second != 1 and second + 1 >= 6))


def test_a_natural_10_on_the_reroll_succeeds_against_any_difficulty() -> None:
    state = _tested(4, difficulty=20, bonus=-10)
    assert apply(state, a.Reroll(dice=[1]), forced=[10]).data["success"] is True
    state = _tested(4, difficulty=2, bonus=10)
    assert apply(state, a.Reroll(dice=[1]), forced=[1]).data["success"] is False


def test_a_die_cannot_be_rerolled_twice() -> None:
    """Rulebook (line 318): During a single roll, each die can only be re-rolled once.
    """
    once = apply(_tested(3), a.Reroll(dice=[1]), forced=[4]).state
    message = _refused(once, a.Reroll(dice=[1]))
    assert "already re-rolled" in message and "once" in message


def test_other_dice_of_the_same_roll_can_still_be_rerolled() -> None:
    """Rulebook (line 318): During a single roll, each die can only be re-rolled once.
    """
    state = _with_last(LastRoll(kind="test", purpose="Evasion Roll", naturals=[2, 3, 4], difficulty=6))
    once = apply(state, a.Reroll(dice=[2]), forced=[5]).state
    twice = apply(once, a.Reroll(dice=[3]), forced=[6]).state
    assert twice.last_roll is not None
    assert twice.last_roll.naturals == [2, 5, 6]
    assert twice.last_roll.rerolled == [2, 3]
    _refused(twice, a.Reroll(dice=[1, 2]))  # die 2 was re-rolled: the whole declaration is refused
    third = apply(twice, a.Reroll(dice=[1]), forced=[7]).state
    assert third.last_roll is not None and third.last_roll.naturals == [7, 5, 6]


def test_a_new_roll_can_be_rerolled_again() -> None:
    once = apply(_tested(3), a.Reroll(dice=[1]), forced=[4]).state
    again = apply(once, a.RollTest(difficulty=6), forced=[2]).state
    assert apply(again, a.Reroll(dice=[1]), forced=[9]).data["success"] is True


@pytest.mark.parametrize("positions", [[0], [2], [-1], [1, 2]])
def test_positions_out_of_range_are_refused(positions: list[int]) -> None:
    message = _refused(_tested(3), a.Reroll(dice=positions))
    assert "1 to 1" in message


def test_duplicate_positions_are_refused() -> None:
    """Rulebook (line 318): You must declare all dice you wish to re-roll before you perform any of these
    re-rolls.
    """
    state = _with_last(LastRoll(kind="test", purpose="Attack Roll", naturals=[2, 3], difficulty=6))
    message = _refused(state, a.Reroll(dice=[1, 1]))
    assert "once" in message


def test_a_refused_declaration_rolls_no_die() -> None:
    """Rulebook (line 318): You must declare all dice you wish to re-roll before you perform any of these
    re-rolls.
    """
    last = LastRoll(kind="test", purpose="Attack Roll", naturals=[2, 3], difficulty=6, rerolled=[2])
    dice = Dice(seed=1, forced=[9])
    with pytest.raises(RuleError):
        heat_reroll(dice, last, [1, 2])
    assert dice.position == 0 and dice.forced == [9] and dice.rolls == []


@pytest.mark.parametrize(
    ("action", "forced"),
    [
        (a.RollPower(red=2), [1, 2]),
        (a.RollPower(red=2, armor=True), [1, 2]),
        (a.RollSave(kind="curse", level=3, modifier=2), [4]),
        (a.RollSave(kind="threat", level=3, modifier=0), [2]),
        (a.RollDice(count=2), [1, 2]),
        (a.RollDice(count=1), [1]),
        (a.RollD100(), [1, 2]),
    ],
)
def test_rolls_other_than_tests_cannot_be_rerolled(action: BaseModel, forced: list[int]) -> None:
    """Rulebook (line 322): - Using Heat, you can re-roll Attack Rolls, Evasion Rolls, and Tests.
    Rulebook (line 323): - Using Heat, you cannot re-roll Power Rolls, Armor Rolls, or any other roll not
    listed above.
    """
    rolled = apply(fresh(), action, forced=forced).state
    message = _refused(rolled, a.Reroll(dice=[1]))
    assert "tests" in message


def test_nothing_to_reroll_yet() -> None:
    message = _refused(fresh(), a.Reroll(dice=[1]))
    assert "no roll" in message


def test_after_a_random_element_roll_the_earlier_test_cannot_be_rerolled() -> None:
    """The most recent roll is the random-element roll, which Heat cannot re-roll; the test before it is
    over.

    Rulebook (line 323): - Using Heat, you cannot re-roll Power Rolls, Armor Rolls, or any other roll not
    listed above.
    Rulebook (line 318): You must declare all dice you wish to re-roll before you perform any of these
    re-rolls.
    """
    tested = _tested(2)
    after = apply(tested, a.RollRandom(among=["Kara", "Ubar"]), forced=[3, 4]).state
    _refused(after, a.Reroll(dice=[1]))


def test_only_the_roller_or_a_gm_spends_heat_on_the_dice() -> None:
    """Rulebook (line 321): - You must gain +1 Heat for each die you decide to re-roll.

    Ruling "Whose Heat re-rolls the dice": the Heat is the roller's, so only they (or a GM, who sends no
    ``by``) may re-roll; a roll without a recorded roller (older logs) may be re-rolled by anyone.
    """
    state = apply(fresh(), a.RollTest(difficulty=8, roller="kara"), forced=[3]).state
    assert state.last_roll is not None and state.last_roll.roller == "kara"
    with pytest.raises(RuleError, match="rolled by <@kara>"):
        apply(state, a.Reroll(dice=[1], by="ulfa"), forced=[9])
    assert apply(state, a.Reroll(dice=[1], by="kara"), forced=[9]).data["success"] is True
    assert apply(state, a.Reroll(dice=[1]), forced=[9]).data["success"] is True  # a GM
    anonymous = apply(fresh(), a.RollTest(difficulty=8), forced=[3]).state
    assert apply(anonymous, a.Reroll(dice=[1], by="ulfa"), forced=[9]).data["heat"] == 1
