"""d10 tests, plain d10s, the d100, Curse and Threat Saves, Heat re-rolls and random elements.

Rulebook, "Dice": "A natural (i.e. before applying any modifiers) "10" on a d10 is always a success
(or a hit in the case of an Attack Roll), whereas a natural "1" on a d10 is always a fail".
"""

from __future__ import annotations

from pydantic import BaseModel

from content.schema import POWER_TIERS, DiceSet
from rules.coverage import implements
from rules.dice import Dice
from rules.dice import d10_success as d10_success  # the rule lives with the dice (rules/clash/attack_state.py)
from rules.errors import RuleError
from rules.power import PowerFace, PowerRoll, apply_box_limits, count_faces
from rules.state import LastRoll


@implements(
    "Dice",
    tests=[
        "tests/rules/test_d10.py::test_a_natural_10_always_succeeds",
        "tests/rules/test_d10.py::test_a_natural_1_always_fails",
    ],
)
class RolledTest(BaseModel):
    natural: int
    bonus: int
    result: int
    difficulty: int
    success: bool


@implements(
    "Tests During Clash",
    tests=[
        "tests/rules/test_d10.py::test_result_equal_to_the_difficulty_succeeds_and_one_below_fails",
        "tests/rules/test_d10.py::test_engine_roll_test_reports_the_shared_roll_shape",
        "tests/rules/test_heat_reroll.py::test_rerolling_a_failed_test_can_succeed_and_costs_one_heat",
        "tests/rules/test_heat_reroll.py::test_rolls_other_than_tests_cannot_be_rerolled",
    ],
)
def roll_test(dice: Dice, difficulty: int, bonus: int, purpose: str = "test") -> RolledTest:
    """Rulebook, "Tests During Clash": "roll a single d10 and compare the result to the difficulty of
    the test. Some tests are associated with a specific Virtue (e.g. Insight 6+), allowing you to
    increase the result by the Virtue value."."""
    natural = dice.d10(purpose)
    return RolledTest(
        natural=natural,
        bonus=bonus,
        result=natural + bonus,
        difficulty=difficulty,
        success=d10_success(natural, bonus, difficulty),
    )


@implements(
    "Dice",
    tests=[
        "tests/rules/test_d100.py::test_d100_value",
        "tests/rules/test_d100.py::test_the_white_die_is_the_tens_not_the_black_one",
    ],
)
def d100_value(white: int, black: int) -> int:
    """Rulebook: "treat the white d10 as the "tens" digit and the black d10 as the "ones" digit; a
    critical symbol on both dice results in 100. For a d100 roll, a 10 should be treated as a zero
    unless two 10s are rolled."."""
    if white == 10 and black == 10:
        return 100
    return (white % 10) * 10 + black % 10


def d100(dice: Dice, purpose: str = "d100") -> tuple[int, int, int]:
    white = dice.d10(f"{purpose} (white, tens)", colour="white")
    black = dice.d10(f"{purpose} (black, ones)", colour="black")
    return white, black, d100_value(white, black)


class SaveRoll(BaseModel):
    kind: str
    level: int
    modifier: int
    difficulty: int
    natural: int
    success: bool


@implements(
    "Curse & Threat Saves",
    tests=[
        "tests/rules/test_d10.py::test_curse_save_example",
        "tests/rules/test_d10.py::test_a_save_reads_its_level_from_the_kingdom_track",
        "tests/rules/test_d10.py::test_a_save_is_failed_below_and_succeeded_at_or_above_the_difficulty",
    ],
)
def save(dice: Dice, kind: str, level: int, modifier: int) -> SaveRoll:
    """Rulebook, "Curse & Threat Saves": "consult your current Curse or Threat level ... and add the
    specified value. This is your Curse/Threat Save difficulty. Then, simply roll a d10: if the result
    is lower than the difficulty, you Fail ... If it is equal to or higher, you Succeed"."""
    difficulty = level + modifier
    natural = dice.d10(f"{kind} save")
    return SaveRoll(
        kind=kind,
        level=level,
        modifier=modifier,
        difficulty=difficulty,
        natural=natural,
        success=d10_success(natural, 0, difficulty),
    )


@implements(
    "6.2 Roll the Dice",
    tests=[
        "tests/rules/test_power.py::test_power_roll_sums_every_face",
        "tests/rules/test_power.py::test_power_roll_adds_the_raw_points_beyond_the_box",
    ],
)
def power(dice: Dice, dice_set: DiceSet, white: int, black: int, red: int, purpose: str) -> PowerRoll:
    pool = apply_box_limits(white, black, red, dice_set)
    faces: list[PowerFace] = []
    for colour in reversed(POWER_TIERS):  # red first: the strongest dice are gathered first
        spec = dice_set.die(colour)
        for _ in range(pool.count(colour)):
            face = dice.d6(f"{purpose} ({colour})", colour=colour)
            shown = spec.faces[face - 1]
            faces.append(
                PowerFace(colour=colour, face=face, power=shown.power, potential=shown.potential, hope=shown.hope)
            )
    return count_faces(pool, faces)


# Attack and Evasion Rolls: rules/attack_rolls.py (their first die is the white Crit die).
HEAT_REROLLABLE = {"test", "attack", "evasion"}


@implements(
    "Heat Re-rolls",
    tests=[
        "tests/rules/test_heat_reroll.py::test_heat_equals_the_number_of_dice_rerolled",
        "tests/rules/test_heat_reroll.py::test_rolls_other_than_tests_cannot_be_rerolled",
    ],
    note="the +1 Heat per die is announced; the players mark it on the Knight Board",
)
@implements(
    "Dice Re-rolls",
    tests=[
        "tests/rules/test_heat_reroll.py::test_a_die_cannot_be_rerolled_twice",
        "tests/rules/test_heat_reroll.py::test_a_refused_declaration_rolls_no_die",
    ],
)
def heat_reroll(dice: Dice, last: LastRoll | None, positions: list[int], by: str = "") -> tuple[LastRoll, list[int]]:
    """Re-roll the chosen dice of the last roll, +1 Heat each; returns the new roll and the old values.

    Rulebook, "Heat Re-rolls": "You must gain +1 Heat for each die you decide to re-roll." "Using
    Heat, you can re-roll Attack Rolls, Evasion Rolls, and Tests." "Using Heat, you cannot re-roll
    Power Rolls, Armor Rolls, or any other roll not listed above." "Dice Re-rolls": "During a single
    roll, each die can only be re-rolled once. You must declare all dice you wish to re-roll before
    you perform any of these re-rolls."
    """
    if last is None:
        raise RuleError("there is no roll to re-roll yet; roll a test first (`/roll test difficulty:6`)")
    if last.kind not in HEAT_REROLLABLE:
        raise RuleError(
            f"the last roll was a {last.kind} roll; Heat re-rolls only work on Attack Rolls, "
            "Evasion Rolls and tests (Curse and Threat Saves are not tests)"
        )
    if by and last.roller and by != last.roller:
        raise RuleError(
            f"these dice were rolled by <@{last.roller}>: only they (or a GM) may spend Heat to re-roll them"
        )
    if len(set(positions)) != len(positions):
        raise RuleError("name each die once: a die can only be re-rolled once per roll")
    bad = [p for p in positions if not 1 <= p <= len(last.naturals)]
    if bad:
        raise RuleError(f"the last roll has {len(last.naturals)} dice; choose positions from 1 to {len(last.naturals)}")
    again = [p for p in positions if p in last.rerolled]
    if again:
        raise RuleError(f"die {again[0]} was already re-rolled; each die can only be re-rolled once per roll")
    naturals = list(last.naturals)
    old = []
    for p in sorted(positions):
        old.append(naturals[p - 1])
        crit = p == 1 and last.kind in ("attack", "evasion")
        naturals[p - 1] = dice.d10(f"{last.purpose} (Heat re-roll of die {p})", crit=crit, of_die=p)
    rerolled = sorted(last.rerolled + positions)
    return last.model_copy(update={"naturals": naturals, "rerolled": rerolled}), old


@implements(
    "Choosing a Random Element",
    tests=[
        "tests/rules/test_engine_contract.py::test_the_lowest_roll_designates_the_random_element",
        "tests/rules/test_engine_contract.py::test_ties_are_rolled_again_among_the_tied_only",
    ],
    note="random Knight, random direction and any other random element; not yet: random path",
)
def random_element(dice: Dice, names: list[str], purpose: str) -> tuple[str, list[list[tuple[str, int]]]]:
    """Rulebook, "Choosing a Random Element": "Roll one d10 for each of the indicated elements. The
    lowest roll designates the randomly chosen element." Ties are rolled again among the tied
    elements (docs/rulings.md, "Ties when choosing a random element")."""
    rounds: list[list[tuple[str, int]]] = []
    contenders = list(names)
    while True:
        if rounds:
            dice.next_throw()  # how many dice a tie needs depends on the dice before (table dice)
        rolled = [(name, dice.d10(f"{purpose}: {name}")) for name in contenders]
        rounds.append(rolled)
        low = min(v for _, v in rolled)
        contenders = [name for name, v in rolled if v == low]
        if len(contenders) == 1:
            return contenders[0], rounds
