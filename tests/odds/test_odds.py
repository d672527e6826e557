"""rules/odds.py equals a brute-force enumeration of every outcome of every die, to the last digit."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from content.loader import load_catalogue
from content.schema import DiceSet
from rules.odds import AttackPlan, Dice, EvasionPlan, Tokens, attack_odds, crit_pool, evasion_odds
from rules.power import apply_box_limits
from tests.odds.brute import best_conversion, crit_rolls, power_totals, success

DICE = load_catalogue().dice
assert DICE is not None


def brute_attack(n: int, precision: int, to_hit: int, rerolls: int) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    hits: dict[int, Fraction] = {}
    crit = miss = Fraction(0)
    for weight, final, ones in crit_rolls(n, precision, to_hit, rerolls):
        k = sum(success(v, precision, to_hit) for v in final)
        hits[k] = hits.get(k, Fraction(0)) + weight
        crit += weight if final[0] == 10 else 0
        miss += weight if ones else 0
    return hits, crit, miss


CASES = [(1, 0, 6, 0), (1, 0, 6, 1), (2, 0, 7, 0), (2, 2, 9, 1), (2, -3, 4, 2), (3, 1, 6, 0), (3, 0, 8, 1),
         (3, 5, 12, 2), (2, -10, 2, 1), (2, 10, 20, 0), (4, 0, 6, 0)]


@pytest.mark.parametrize(("n", "precision", "to_hit", "rerolls"), CASES)
def test_attack_roll_equals_brute_force(n: int, precision: int, to_hit: int, rerolls: int) -> None:
    """Rulebook (line 1320): Each die with a result equal to or higher than the Monster's To Hit value is a hit.

    Rulebook (line 1329): - Crit Miss: Resolve this effect if you rolled a natural "1". You may re-roll this die
    as normal (using Heat or other effects), but Crit Miss effects must be resolved nonetheless. If you re-roll the
    Crit die and roll a natural "1" again, resolve any Crit Miss effects an additional time.
    """
    odds = attack_odds(AttackPlan(dice=n, to_hit=to_hit, precision=precision, rerolls=rerolls), DICE)
    hits, crit, miss = brute_attack(n, precision, to_hit, rerolls)
    assert odds.hits == [hits.get(k, Fraction(0)) for k in range(n + 1)]
    assert odds.hit == 1 - hits.get(0, Fraction(0))
    assert odds.full_hit == hits.get(n, Fraction(0)) and odds.full_miss == hits.get(0, Fraction(0))
    assert odds.crit_chance == crit and odds.crit_miss == miss
    assert sum(odds.hits) == 1


def test_crit_chance_is_a_natural_10_on_the_crit_die() -> None:
    """Rulebook (line 1325): Whenever you perform an Attack Roll, one of the dice you roll must always be the white
    Crit die. If you roll only one die, it is always the Crit die.

    A Crit Chance is one natural 10 on one die, however many dice are rolled (1/10); a re-rolled failed Crit die
    gets a second chance at a 10 and a second chance at a 1.
    """
    for n in (1, 2, 5, 20):
        odds = attack_odds(AttackPlan(dice=n, to_hit=6), DICE)
        assert odds.crit_chance == Fraction(1, 10) and odds.crit_miss == Fraction(1, 10)
    # To Hit 6: the Crit die misses on 1-5 (1/2) and is re-rolled first.
    odds = attack_odds(AttackPlan(dice=3, to_hit=6, rerolls=1), DICE)
    assert odds.crit_chance == Fraction(1, 10) + Fraction(1, 2) * Fraction(1, 10)
    # a Crit Miss: a natural 1 first, or a missed 2-5 re-rolled into a natural 1
    assert odds.crit_miss == Fraction(1, 10) + Fraction(4, 10) * Fraction(1, 10)
    joint = crit_pool(3, 0, 6, 1)
    assert sum(p for o, p in joint.items() if o.crit_ones == 2) == Fraction(1, 100)


def test_natural_10_hits_and_natural_1_misses() -> None:
    """Rulebook (line 1323): Remember: A natural "10" (critical) is always a hit and a natural "1" is always a miss,
    no matter how many positive or negative Precision modifiers you apply.
    """
    assert attack_odds(AttackPlan(dice=1, to_hit=20), DICE).hit == Fraction(1, 10)
    assert attack_odds(AttackPlan(dice=1, to_hit=1, precision=10), DICE).hit == Fraction(9, 10)
    assert attack_odds(AttackPlan(dice=1, to_hit=6, precision=-20), DICE).hit == Fraction(1, 10)
    assert evasion_odds(EvasionPlan(dice=1, difficulty=15)).full_evade == Fraction(1, 10)
    assert evasion_odds(EvasionPlan(dice=1, difficulty=2, bonus=5)).full_evade == Fraction(9, 10)


def brute_evasion(n: int, bonus: int, difficulty: int, rerolls: int, block: int) -> dict[str, object]:
    hits: dict[int, Fraction] = {}
    crit = fail = Fraction(0)
    for weight, final, ones in crit_rolls(n, bonus, difficulty, rerolls):
        left = max(0, sum(not success(v, bonus, difficulty) for v in final) - block)
        hits[left] = hits.get(left, Fraction(0)) + weight
        crit += weight if final[0] == 10 else 0
        fail += weight if ones else 0
    return {"hits": [hits.get(k, Fraction(0)) for k in range(n + 1)], "crit": crit, "fail": fail}


@pytest.mark.parametrize(("n", "bonus", "difficulty", "rerolls", "block"),
                         [(1, 0, 6, 0, 0), (1, 1, 7, 1, 0), (2, 0, 7, 1, 0), (3, 0, 7, 1, 1), (3, -2, 5, 2, 0),
                          (2, 3, 11, 2, 1), (4, 0, 6, 0, 2)])
def test_evasion_roll_equals_brute_force(n: int, bonus: int, difficulty: int, rerolls: int, block: int) -> None:
    """Rulebook (line 1170): An Evasion Roll is considered successful if the number on the die is equal to or higher
    than the Evasion Roll difficulty.

    Rulebook (line 1177): Whenever you roll a natural (i.e. before applying any modifiers) "10" on the Crit die, you
    gain a "Crit Evade". Whenever you roll a natural "1", you gain a "Crit Evade Fail".
    """
    odds = evasion_odds(EvasionPlan(dice=n, difficulty=difficulty, bonus=bonus, rerolls=rerolls, block=block))
    brute = brute_evasion(n, bonus, difficulty, rerolls, block)
    assert odds.hits == brute["hits"]
    assert odds.full_evade == odds.hits[0]
    assert odds.crit_evade == brute["crit"] and odds.crit_evade_fail == brute["fail"]


def test_block_evades_more_hits() -> None:
    """Rulebook (line 1922): - Block: While performing an Evasion Roll, treat 1 successful hit as evaded.

    Rulebook (line 1172): If there are no hits (meaning that you successfully evaded with all dice), that Evasion
    Roll is considered a Full Evade
    """
    plain = evasion_odds(EvasionPlan(dice=2, difficulty=6))
    blocked = evasion_odds(EvasionPlan(dice=2, difficulty=6, block=1))
    assert plain.full_evade == Fraction(1, 4)
    assert blocked.full_evade == Fraction(3, 4)  # one die or both evade
    assert blocked.evades == plain.evades  # Block does not change the dice
    assert evasion_odds(EvasionPlan(dice=2, difficulty=6, block=3)).full_evade == 1


def brute_wound(plan: AttackPlan, dice_set: DiceSet) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Every Attack die, every re-roll and every Power die of the pool the hits make, in one enumeration."""
    assert plan.at is not None
    wound = critical = Fraction(0)
    totals: dict[int, Fraction] = {}
    t = plan.tokens
    for weight, final, _ in crit_rolls(plan.dice, plan.precision, plan.to_hit, plan.rerolls):
        hits = sum(success(v, plan.precision, plan.to_hit) for v in final)
        if hits == 0:
            continue  # Full Miss: no Power Roll
        wanted = {c: plan.weapon_power.count(c) * hits + plan.bonus_power.count(c) + plan.extra_power.count(c)
                  + int(plan.knight_die == c) for c in ("white", "black", "red")}
        pool = apply_box_limits(wanted["white"], wanted["black"], wanted["red"], dice_set)
        raw = pool.raw_power + plan.bonus_power.raw + plan.extra_power.raw + t.power
        faces = [f for c in ("white", "black", "red") for f in [dice_set.die(c).faces] * pool.count(c)]  # type: ignore[arg-type]
        each = weight / 6 ** len(faces)
        for shown in product(*faces):
            total = sum(f.power for f in shown) + raw + best_conversion(
                sum(f.potential for f in shown) + pool.raw_potential, sum(f.hope for f in shown), t.break_, t.hope,
                t.sunder)
            totals[total] = totals.get(total, Fraction(0)) + each
            if total >= plan.at:
                wound += each
                critical += each if final[0] == 10 else 0
    return wound, critical, totals


WOUND_PLANS = [
    AttackPlan(dice=2, to_hit=6, weapon_power=Dice(white=1), knight_die="black", at=2),
    AttackPlan(dice=2, to_hit=7, precision=1, weapon_power=Dice(black=1), bonus_power=Dice(raw=1), at=3,
               tokens=Tokens(break_=1, hope=1)),
    AttackPlan(dice=2, to_hit=6, rerolls=1, weapon_power=Dice(red=1), at=2, tokens=Tokens(sunder=1, power=1)),
    AttackPlan(dice=2, to_hit=8, rerolls=2, weapon_power=Dice(white=1), at=1),
    AttackPlan(dice=1, to_hit=5, weapon_power=Dice(red=1), bonus_power=Dice(white=1), knight_die="red",
               extra_power=Dice(black=1, raw=1), at=5, tokens=Tokens(hope=2)),
]


@pytest.mark.parametrize("plan", WOUND_PLANS, ids=range(len(WOUND_PLANS)))
def test_wound_equals_brute_force(plan: AttackPlan) -> None:
    """Rulebook (line 1354): Each successful hit grants you as many Power dice as your active weapon's Weapon Power
    attribute. ... Some weapons also have the Bonus Power attribute, which is added to the Pool if you score at least
    one hit.

    Rulebook (line 1367): Remember, to successfully deal a Wound to a Monster, your Total Power must be equal to or
    higher than the current BP card's AT value! If it is, you deal a Wound. If you gained a Crit Chance during the
    Attack Roll, you deal a Critical Wound instead!
    """
    odds = attack_odds(plan, DICE)
    wound, critical, totals = brute_wound(plan, DICE)
    assert odds.wound == wound and odds.critical_wound == critical
    assert odds.total_power is not None
    assert {k: p for k, p in enumerate(odds.total_power) if p} == {k: p for k, p in totals.items() if p}
    assert sum(odds.total_power) == odds.hit


def test_box_limits_follow_rules_power() -> None:
    """Rulebook (line 1357): Some powerful weapons, combined with additional bonuses, might allow you to generate a
    Power Pool surpassing the number of dice provided in the game box (7 red dice, 4 black dice and 3 white dice—any
    additional dice you may have do not increase the limit).

    3 dice with 2 white Power dice per hit and a white Knight die: 3, 5 and 7 white dice are asked for; the pools
    are rules/power.py's (3 white; 3 white + 1 black; 3 white + 2 black), and P(Wound | hits) equals a brute force
    over exactly those dice.
    """
    plan = AttackPlan(dice=3, to_hit=6, weapon_power=Dice(white=2), knight_die="white", at=3,
                      tokens=Tokens(break_=1))
    odds = attack_odds(plan, DICE)
    assert odds.pools is not None and odds.wound_given_hits is not None
    for hits, wanted in ((1, 3), (2, 5), (3, 7)):
        assert odds.pools[hits] == apply_box_limits(wanted, 0, 0, DICE)
        brute = power_totals(DICE, wanted, 0, 0, break_=1)
        assert odds.wound_given_hits[hits] == sum(p for k, p in brute.items() if k >= 3)
    assert odds.pools[2].black == 1 and odds.pools[3].black == 2
    # beyond every box: 12 red dice asked for -> 7 red + 5 Power and 5 Potential (rules/power.py)
    big = AttackPlan(dice=4, to_hit=2, weapon_power=Dice(red=3), at=40)
    pools = attack_odds(big, DICE).pools
    assert pools is not None and (pools[4].red, pools[4].raw_power, pools[4].raw_potential) == (7, 5, 5)


def test_four_white_dice_gain_one_power_and_one_potential_that_break_can_turn() -> None:
    """Rulebook (line 1357): For each Power die that would exceed the dice limit, gain +1 Power and 1 Potential (e.g.
    if you were required to roll 4 white Power dice, roll 3 white dice and gain 1 Power and 1 Potential instead).
    """
    plan = AttackPlan(dice=1, to_hit=2, weapon_power=Dice(white=4), at=5, tokens=Tokens(break_=1))
    odds = attack_odds(plan, DICE)
    assert odds.pools is not None and odds.pools[1].white == 3 and odds.pools[1].raw_power == 1
    # 3 white dice: each shows Power on 2 faces, Potential on 1; with the raw Potential and one Break token,
    # Total Power = 1 (raw) + 1 (the Break token always has the raw Potential to turn) + Power symbols, so AT 5
    # needs a Power symbol on each of the 3 white dice.
    p_power = Fraction(2, 6)
    assert odds.wound_given_hits == [None, p_power**3]
    assert odds.wound == Fraction(9, 10) * p_power**3


def test_tokens_turn_potentials_and_hope_into_power() -> None:
    """Rulebook (line 1364): Each Potential result on a die gives you one potential. These do not provide you with
    any benefits themselves, but they can be turned into Power using various effects. The most common of those
    effects are Break tokens

    Rulebook (line 1989): - Hope X: During the second ability window, place X Hope tokens in the Knight Pool. During
    the Power Roll step, every Hope token in the Knight Pool allows the attacking Knight to turn 1 Miss or Critical
    symbol into 1 Hit.

    Rulebook (line 2093): - Sunder X: During the second ability window, place X Sunder tokens in the Knight Pool.
    During the Power Roll step, each Sunder token in the Knight Pool allows the attacking Knight to turn 1 Miss
    symbol into 2 Hits.
    """
    # the greedy use of the tokens in rules/odds.py is the best of every allocation
    from rules.odds import converted

    for pot, hope, b, h, s in product(range(4), range(3), range(3), range(3), range(3)):
        assert converted(pot, hope, Tokens(break_=b, hope=h, sunder=s)) == best_conversion(pot, hope, b, h, s)
    # one red die: Power 1,1,2,1+Potential,Potential,1+Hope. AT 2:
    def p_wound(**tokens: int) -> Fraction:
        plan = AttackPlan(dice=1, to_hit=2, knight_die="red", at=2, tokens=Tokens(**tokens))
        given = attack_odds(plan, DICE).wound_given_hits
        assert given is not None and given[1] is not None
        return given[1]

    assert p_wound() == Fraction(1, 6)  # only the 2-Power face
    assert p_wound(**{"break": 1}) == Fraction(2, 6)  # + Power and Potential
    assert p_wound(hope=1) == Fraction(3, 6)  # + Power and Potential, + Power and Hope
    assert p_wound(sunder=1) == Fraction(3, 6)  # + Power and Potential, + Potential alone (2 Power)
    assert p_wound(power=1) == Fraction(5, 6)  # every face with a Power symbol


def test_odds_use_the_dice_faces_of_the_loaded_content() -> None:
    """Rulebook (line 316): Custom d6 dice with Power, Potential, and Hope results are used for Power Rolls and
    Armor Rolls. These come in three different colors, which include different combinations of symbols

    A pack whose white die shows Power on every face wounds AT 1 with certainty.
    """
    assert DICE is not None
    white = DICE.die("white").model_copy(update={"faces": [DICE.die("white").faces[2]] * 6})
    sure = DICE.model_copy(update={"power_dice": [white if d.colour == "white" else d for d in DICE.power_dice]})
    plan = AttackPlan(dice=1, to_hit=2, knight_die="white", at=1)
    assert attack_odds(plan, sure).wound == Fraction(9, 10)
    assert attack_odds(plan, DICE).wound == Fraction(9, 10) * Fraction(2, 6)


def test_a_large_attack_is_exact_and_quick() -> None:
    """20 dice, 5 re-rolls, 2 red per hit: every pool beyond the box, still exact Fractions that sum to 1."""
    plan = AttackPlan(dice=20, to_hit=6, rerolls=5, weapon_power=Dice(red=2), knight_die="red", at=12,
                      tokens=Tokens(break_=3, hope=3, sunder=2))
    odds = attack_odds(plan, DICE)
    assert sum(odds.hits) == 1
    assert odds.total_power is not None and sum(odds.total_power) == odds.hit
    assert odds.wound is not None and odds.critical_wound is not None
    assert 0 < odds.critical_wound < odds.crit_chance and odds.critical_wound < odds.wound < odds.hit
