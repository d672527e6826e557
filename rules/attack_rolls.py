"""Attack Rolls and Evasion Rolls: N d10, the first of them the white Crit die.

Rulebook, "3. Attack Roll": "Each die with a result equal to or higher than the Monster's To Hit value
is a hit." "Remember: A natural "10" (critical) is always a hit and a natural "1" is always a miss, no
matter how many positive or negative Precision modifiers you apply."
Rulebook, "4.1. Evasion Roll": "An Evasion Roll is considered successful if the number on the die is
equal to or higher than the Evasion Roll difficulty." "If there are no hits (meaning that you
successfully evaded with all dice), that Evasion Roll is considered a Full Evade".
Rulebook, "Crit Die During Attack Rolls" / "Crit Die During Evasion Rolls": "one of the dice you roll
must always be the white Crit die. If you roll only one die, it is always the Crit die."

The bot rolls the Crit die first: die 1 of ``naturals`` is always the Crit die. Both rolls can be
re-rolled with Heat (``/roll reroll``); a natural 1 on the Crit die is counted even when that die is
re-rolled ("Crit Miss effects must be resolved nonetheless").
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.rolls import d10_success
from rules.rolls.facts import CritPoolRolled
from rules.state import CampaignState, LastRoll

TESTS = "tests/table_dice/test_attack_rolls.py"


class RollAttack(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["roll_attack"] = "roll_attack"
    while_waiting: ClassVar[bool] = True  # a free roll (rules/actions.py)
    dice: int = Field(ge=1, le=20, description="Attack dice of the active weapon")
    to_hit: int = Field(ge=1, le=20, description="the Monster's To Hit value")
    precision: int = Field(0, ge=-10, le=10, description="added to each Attack die: Precision, Opening tokens...")
    roller: str = Field("", max_length=100, description="who rolls (user id), for Heat re-rolls")


class RollEvasion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["roll_evasion"] = "roll_evasion"
    while_waiting: ClassVar[bool] = True  # a free roll (rules/actions.py)
    dice: int = Field(ge=1, le=20, description="Evasion dice of the Monster Attack")
    difficulty: int = Field(ge=1, le=20, description="the Evasion Roll difficulty")
    bonus: int = Field(0, ge=-10, le=10, description="Evasion bonus added to each die")
    roller: str = Field("", max_length=100, description="who rolls (user id), for Heat re-rolls")


def roll_crit_pool(dice: Dice, count: int, purpose: str) -> list[int]:
    """``count`` d10, the first of them the white Crit die."""
    return [dice.d10(f"{purpose} (white Crit die)" if i == 0 else f"{purpose} (die {i + 1})", crit=i == 0)
            for i in range(count)]


@implements(
    "3. Attack Roll",
    tests=[f"{TESTS}::test_hits_are_dice_at_or_above_to_hit", f"{TESTS}::test_natural_10_hits_and_natural_1_misses"],
)
def attack_outcome(last: LastRoll) -> dict[str, Any]:
    """Hits, Full Hit, Full Miss, Crit Chance and Crit Miss of an Attack Roll (``last.kind == "attack"``)."""
    to_hit = last.difficulty or 0
    hit = [d10_success(n, last.bonus, to_hit) for n in last.naturals]
    crit = last.naturals[0]
    return {
        "naturals": list(last.naturals),
        "results": [n + last.bonus for n in last.naturals],
        "to_hit": to_hit,
        "precision": last.bonus,
        "hit": hit,
        "hits": sum(hit),
        "misses": len(hit) - sum(hit),
        "full_hit": all(hit),
        "full_miss": not any(hit),
        "crit_die": crit,
        "crit_chance": crit == 10,
        "crit_miss": last.crit_fails > 0,
        "crit_misses": last.crit_fails,
    }


@implements(
    "4.1. Evasion Roll",
    tests=[f"{TESTS}::test_evasion_counts_hits_not_evaded", f"{TESTS}::test_full_evade"],
)
def evasion_outcome(last: LastRoll) -> dict[str, Any]:
    """Evaded dice, hits (dice not evaded), Full Evade, Crit Evade and Crit Evade Fail of an Evasion Roll."""
    difficulty = last.difficulty or 0
    evaded = [d10_success(n, last.bonus, difficulty) for n in last.naturals]
    crit = last.naturals[0]
    return {
        "naturals": list(last.naturals),
        "results": [n + last.bonus for n in last.naturals],
        "difficulty": difficulty,
        "bonus": last.bonus,
        "evaded": evaded,
        "evades": sum(evaded),
        "hits": len(evaded) - sum(evaded),
        "full_evade": all(evaded),
        "crit_die": crit,
        "crit_evade": crit == 10,
        "crit_evade_fail": last.crit_fails > 0,
        "crit_evade_fails": last.crit_fails,
    }


def outcome(last: LastRoll) -> tuple[dict[str, Any], CritPoolRolled]:
    """The data and the fact of an Attack or Evasion Roll as it stands now."""
    if last.kind == "attack":
        data = attack_outcome(last)
        return data, CritPoolRolled(kind="attack", naturals=data["naturals"], bonus=last.bonus, target=data["to_hit"],
                                    hits=data["hits"], full=data["full_hit"], full_miss=data["full_miss"],
                                    crit_ten=data["crit_chance"], crit_fails=data["crit_misses"])
    data = evasion_outcome(last)
    return data, CritPoolRolled(kind="evasion", naturals=data["naturals"], bonus=last.bonus, target=data["difficulty"],
                                hits=data["hits"], full=data["full_evade"], crit_ten=data["crit_evade"],
                                crit_fails=data["crit_evade_fails"])


@implements(
    "Crit Die During Attack Rolls",
    tests=[f"{TESTS}::test_crit_chance_and_crit_miss", f"{TESTS}::test_a_rerolled_crit_miss_is_still_resolved"],
)
@implements(
    "Crit Die During Evasion Rolls",
    tests=[f"{TESTS}::test_crit_evade_and_crit_evade_fail", f"{TESTS}::test_a_rerolled_crit_miss_is_still_resolved"],
)
def after_reroll(last: LastRoll, positions: list[int]) -> tuple[LastRoll, dict[str, Any], CritPoolRolled]:
    """An Attack or Evasion Roll after a Heat re-roll: a new natural 1 on the Crit die counts once more.

    Rulebook: "You may re-roll this die as normal (using Heat or other effects), but Crit Miss effects
    must be resolved nonetheless. If you re-roll the Crit die and roll a natural "1" again, resolve any
    Crit Miss effects an additional time."
    """
    if 1 in positions and last.naturals[0] == 1:
        last = last.model_copy(update={"crit_fails": last.crit_fails + 1})
    data, told = outcome(last)
    return last, data, told


def _roll(state: CampaignState, dice: Dice, kind: Literal["attack", "evasion"], count: int, target: int,
          bonus: int, roller: str) -> Result:
    purpose = "Attack Roll" if kind == "attack" else "Evasion Roll"
    naturals = roll_crit_pool(dice, count, purpose)
    state.last_roll = LastRoll(kind=kind, purpose=purpose, naturals=naturals, bonus=bonus, difficulty=target,
                               crit_fails=1 if naturals[0] == 1 else 0, roller=roller)
    data, told = outcome(state.last_roll)
    return Result(state=state, events=[Event(kind="roll", fact=told)], data=data)


@handles(RollAttack)
def roll_attack(engine: Engine, state: CampaignState, act: RollAttack, dice: Dice) -> Result:
    return _roll(state, dice, "attack", act.dice, act.to_hit, act.precision, act.roller)


@handles(RollEvasion)
def roll_evasion(engine: Engine, state: CampaignState, act: RollEvasion, dice: Dice) -> Result:
    return _roll(state, dice, "evasion", act.dice, act.difficulty, act.bonus, act.roller)
