"""Attack Rolls and Evasion Rolls: N d10, the first the white Crit die, hits, Crit effects, Heat re-rolls."""

from __future__ import annotations

import pytest

from rules import actions as a
from rules.attack_rolls import RollAttack, RollEvasion
from rules.errors import RuleError
from rules.state import CampaignState
from tests.conftest import Table
from tests.rules._support import apply, fresh


def _attack(naturals: list[int], to_hit: int = 6, precision: int = 0) -> tuple[CampaignState, dict]:
    res = apply(fresh(), RollAttack(dice=len(naturals), to_hit=to_hit, precision=precision), forced=naturals)
    return res.state, res.data


def _evasion(naturals: list[int], difficulty: int = 6, bonus: int = 0) -> tuple[CampaignState, dict]:
    res = apply(fresh(), RollEvasion(dice=len(naturals), difficulty=difficulty, bonus=bonus), forced=naturals)
    return res.state, res.data


def test_hits_are_dice_at_or_above_to_hit() -> None:
    """Rulebook (line 1319): Roll a number of d10 Attack dice equal to the Attack dice value of your weapon.
    Increase the result of each Attack die by your weapon's Precision bonus.

    Rulebook (line 1320): Each die with a result equal to or higher than the Monster's To Hit value is a hit.
    If you hit with all your Attack dice, it is considered a Full Hit
    """
    _, data = _attack([5, 6, 4], to_hit=6, precision=1)
    assert data["naturals"] == [5, 6, 4]
    assert data["results"] == [6, 7, 5]
    assert data["hit"] == [True, True, False]
    assert data["hits"] == 2 and data["misses"] == 1
    assert data["full_hit"] is False and data["full_miss"] is False
    assert _attack([6, 9], to_hit=6)[1]["full_hit"] is True


def test_full_miss() -> None:
    """Rulebook (line 1321): All dice that are not hits are misses. If you miss with all your Attack dice, it is
    considered a Full Miss.
    """
    _, data = _attack([2, 3, 5], to_hit=6)
    assert data["hits"] == 0 and data["full_miss"] is True and "Full Miss" in _text([2, 3, 5])


def _text(naturals: list[int], to_hit: int = 6) -> str:
    return apply(fresh(), RollAttack(dice=len(naturals), to_hit=to_hit), forced=naturals).events[0].text


def test_natural_10_hits_and_natural_1_misses() -> None:
    """Rulebook (line 1323): Remember: A natural "10" (critical) is always a hit and a natural "1" is always a
    miss, no matter how many positive or negative Precision modifiers you apply.
    """
    _, data = _attack([10, 1], to_hit=20, precision=-5)
    assert data["hit"] == [True, False]
    _, data = _attack([1, 10], to_hit=2, precision=10)
    assert data["hit"] == [False, True]


def test_crit_chance_and_crit_miss() -> None:
    """Rulebook (line 1325): Whenever you perform an Attack Roll, one of the dice you roll must always be the
    white Crit die. If you roll only one die, it is always the Crit die. ... Whenever you roll a natural (i.e.
    before applying any modifiers) "10" on the Crit die, you gain a "Crit Chance" for this Attack. Whenever
    you roll a natural "1", that's a potential "Crit Miss"
    """
    _, data = _attack([10, 1, 1])
    assert data["crit_die"] == 10 and data["crit_chance"] is True and data["crit_miss"] is False
    _, data = _attack([1, 10, 10])
    assert data["crit_chance"] is False and data["crit_miss"] is True and data["crit_misses"] == 1
    _, data = _attack([7, 10])  # a 10 on another die is a hit, not a Crit Chance
    assert data["crit_chance"] is False and data["hits"] == 2
    _, data = _attack([1])  # one die: it is the Crit die
    assert data["crit_miss"] is True


def test_the_first_die_is_the_white_crit_die() -> None:
    from rules.dice import Dice

    state = fresh()
    dice = Dice(seed=state.seed, position=state.dice_position)
    from tests.rules._support import ENGINE

    ENGINE.apply(state, RollAttack(dice=3, to_hit=6), dice)
    assert [r.crit for r in dice.rolls] == [True, False, False]
    assert [r.colour for r in dice.rolls] == ["white", None, None]
    assert [r.model_dump() for r in dice.rolls][0] == {
        "kind": "d10", "value": dice.rolls[0].value, "purpose": "Attack Roll (white Crit die)", "forced": False,
    }, "the log keeps the same four fields as before"


def test_attack_and_evasion_rolls_can_be_rerolled_with_heat() -> None:
    """Rulebook (line 322): - Using Heat, you can re-roll Attack Rolls, Evasion Rolls, and Tests.
    """
    state, _ = _attack([3, 7, 2])
    res = apply(state, a.Reroll(dice=[1, 3]), forced=[9, 6])
    assert res.data["naturals"] == [9, 7, 6] and res.data["heat"] == 2 and res.data["previous"] == [3, 2]
    assert res.data["hits"] == 3 and res.data["full_hit"] is True
    assert "+2 Heat" in res.events[0].text
    state, _ = _evasion([2, 8])
    res = apply(state, a.Reroll(dice=[1]), forced=[6])
    assert res.data["naturals"] == [6, 8] and res.data["full_evade"] is True


def test_a_rerolled_crit_miss_is_still_resolved() -> None:
    """Rulebook (line 1329): - Crit Miss: Resolve this effect if you rolled a natural "1". You may re-roll this
    die as normal (using Heat or other effects), but Crit Miss effects must be resolved nonetheless. If you
    re-roll the Crit die and roll a natural "1" again, resolve any Crit Miss effects an additional time.
    """
    state, data = _attack([1, 7])
    assert data["crit_misses"] == 1
    res = apply(state, a.Reroll(dice=[1]), forced=[8])
    assert res.data["crit_die"] == 8 and res.data["crit_miss"] is True and res.data["crit_misses"] == 1
    assert "Crit Miss" in res.events[0].text
    state, _ = _attack([1, 7])
    res = apply(state, a.Reroll(dice=[1]), forced=[1])
    assert res.data["crit_misses"] == 2 and "2 times" in res.events[0].text
    state, _ = _attack([5, 1])  # a natural 1 on another die is a miss, not a Crit Miss
    res = apply(state, a.Reroll(dice=[2]), forced=[1])
    assert res.data["crit_misses"] == 0


def test_a_die_of_an_attack_roll_is_rerolled_once() -> None:
    """Rulebook (line 318): Many effects will allow you to roll some of the dice again if you are not satisfied
    with their result. All of these effects are referred to as re-rolls. During a single roll, each die can
    only be re-rolled once.
    """
    state, _ = _attack([3, 7, 2])
    once = apply(state, a.Reroll(dice=[1]), forced=[4]).state
    with pytest.raises(RuleError, match="already re-rolled"):
        apply(once, a.Reroll(dice=[1]), forced=[9])


def test_evasion_counts_hits_not_evaded() -> None:
    """Rulebook (line 1170): To perform an Evasion Roll you must roll the specified number of dice (remember to
    always roll one white Critical die! See p. 53). An Evasion Roll is considered successful if the number on
    the die is equal to or higher than the Evasion Roll difficulty.
    """
    _, data = _evasion([5, 6, 3], difficulty=6, bonus=1)
    assert data["results"] == [6, 7, 4]
    assert data["evaded"] == [True, True, False]
    assert data["evades"] == 2 and data["hits"] == 1 and data["full_evade"] is False
    _, data = _evasion([10, 1], difficulty=20, bonus=10)
    assert data["evaded"] == [True, False], "a natural 10 always succeeds, a natural 1 always fails"


def test_full_evade() -> None:
    """Rulebook (line 1172): If there are no hits (meaning that you successfully evaded with all dice), that
    Evasion Roll is considered a Full Evade
    """
    _, data = _evasion([6, 9], difficulty=6)
    assert data["hits"] == 0 and data["full_evade"] is True


def test_crit_evade_and_crit_evade_fail() -> None:
    """Rulebook (line 1177): Whenever you perform an Evasion Roll, one of the dice you roll must always be the
    white Crit die. If you roll only one die, it is always the Crit die. ... Whenever you roll a natural (i.e.
    before applying any modifiers) "10" on the Crit die, you gain a "Crit Evade". Whenever you roll a natural
    "1", you gain a "Crit Evade Fail".

    Rulebook (line 1179): Crit Evade Fail: Some cards may contain a Crit Evade Fail effect. If you gain a "Crit
    Evade Fail", immediately resolve all "Crit Evade Fail" effects. You may re-roll this die as normal (using
    Heat or other effects), but Crit Evade Fail effects must be resolved nonetheless.
    """
    _, data = _evasion([10, 2])
    assert data["crit_evade"] is True and data["crit_evade_fail"] is False
    state, data = _evasion([1, 9])
    assert data["crit_evade_fail"] is True and data["crit_evade_fails"] == 1
    res = apply(state, a.Reroll(dice=[1]), forced=[9])
    assert res.data["crit_evade_fail"] is True and res.data["full_evade"] is True
    assert "Crit Evade Fail" in res.events[0].text


async def test_roll_attack_and_evasion_commands(table: Table) -> None:
    await table.ok("/gm force-next values:10,5,6")
    reply = await table.ok("@kara /roll attack dice:3 to_hit:7 precision:1")
    assert reply.data["naturals"] == [10, 5, 6] and reply.data["hits"] == 2 and reply.data["crit_chance"] is True
    await table.ok("/gm force-next values:8")
    again = await table.ok("@kara /roll reroll dice:2")
    assert again.data["naturals"] == [10, 8, 6] and again.data["full_hit"] is True
    await table.ok("/gm force-next values:1,7")
    evade = await table.ok("@kara /roll evasion dice:2 difficulty:7")
    assert evade.data["hits"] == 1 and evade.data["crit_evade_fail"] is True
    bad = await table("@kara /roll attack dice:0 to_hit:7")
    assert not bad.ok and "dice:" in (bad.error or "")
