"""Mettle draws: what one or more Mettle cards mean for an Attack Roll, a Power Roll, an Evasion Roll or
a test (rulebook "Resolving Attacks Against Squires" to "Performing Tests"). Pure: no deck handling here."""

from __future__ import annotations

from typing import Any

from content.schema.kingdom import ClueType
from content.schema.squires import MettleCard, SquireGearStats
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import said
from rules.squires import squire_facts as sf
from rules.squires.mettle_facts import MettleCritical, MettleHitsEvaded, MettleTest, MettleToHit
from rules.squires.state import MettleDraw

Outcome = dict[str, Any]


def evasion_cards(dice: int | None) -> int:
    """Rulebook: "If the total number of Evasion dice on the attack is 5 or more, draw an additional card."
    "If the total number of Evasion dice on the attack is 7 or more, draw two additional cards instead."."""
    n = dice or 0
    return 3 if n >= 7 else 2 if n >= 5 else 1


def hits_evaded(card: MettleCard, difficulty: int | None) -> int:
    """Rulebook: "If the Evasion Difficulty is 11+, subtract 1 from the Hits Evaded value, to a minimum of 1."
    Ruling: the minimum never raises a card's value (a card showing 0 stays 0)."""
    if difficulty is not None and difficulty >= 11:
        return max(card.hits_evaded - 1, min(card.hits_evaded, 1))
    return card.hits_evaded


def _box_clue(card: MettleCard, clues: dict[ClueType, int]) -> ClueType | None:
    """The Clue a Squire could spend for the card's ability box (one token of the card's Clue)."""
    if card.box is None or card.clue is None or clues.get(card.clue, 0) <= 0:
        return None
    return card.clue


def attack(card: MettleCard, d: MettleDraw, clues: dict[ClueType, int]) -> tuple[Outcome, list[str]]:
    if d.to_hit is None:
        raise RuleError("an Attack Roll needs the Monster's To Hit value: add to_hit:N")
    if card.critical == "chance":
        return {"result": "full_hit", "critical": "chance"}, [said(MettleCritical(roll="attack", critical="chance"))]
    if card.critical == "miss":
        return {"result": "critical_miss", "critical": "miss"}, [said(MettleCritical(roll="attack", critical="miss"))]
    precision = card.roll + d.precision
    lines = [said(sf.SquirePrecision(roll=card.roll, bonus=d.precision))]
    out: Outcome = {}
    clue = _box_clue(card, clues) if d.clue else None
    if clue is not None and card.box is not None and card.box.precision and precision < d.to_hit <= (
            precision + card.box.precision):
        precision += card.box.precision
        out["spent_clue"] = clue
        lines.append(said(sf.SquireClueSpent(clue=clue, bonus=card.box.precision, stat="precision", total=precision)))
    hit = precision >= d.to_hit
    lines.append(said(MettleToHit(to_hit=d.to_hit, hit=hit)))
    return {**out, "result": "hit" if hit else "full_miss", "precision": precision, "critical": None}, lines


def power(card: MettleCard, d: MettleDraw, clues: dict[ClueType, int],
          gear: SquireGearStats | None = None) -> tuple[Outcome, list[str]]:
    if card.critical == "miss":
        return {"result": "fail", "critical": "miss", "power": 0, "potential": 0}, [
            said(MettleCritical(roll="power", critical="miss"))]
    value, potential = card.power, card.potential
    lines = [said(sf.SquirePower(power=value, potential=potential))]
    if gear is not None and (gear.clue == card.clue or card.critical == "chance"):
        # "If the Clue symbol on the Mettle card matches the Clue symbol on your Gear card, you can add its Power
        # and Potential bonuses"; Critical Chance: "you may gain a chosen Clue bonus from your Gear"
        value, potential = value + gear.power, potential + gear.potential
        lines.append(said(sf.SquireGearPower(clue=gear.clue, power=gear.power, potential=gear.potential,
                                             total_power=value, total_potential=potential)))
    out: Outcome = {}
    clue = _box_clue(card, clues) if d.clue else None
    if clue is not None and card.box is not None and card.box.power:
        value += card.box.power
        out["spent_clue"] = clue
        lines.append(said(sf.SquireClueSpent(clue=clue, bonus=card.box.power, stat="power", total=value)))
    if card.critical == "chance" and gear is None:
        lines.append(said(MettleCritical(roll="power", critical="chance")))
    lines.append(said(sf.SquireNoRerolls()))
    return {**out, "result": "power", "critical": card.critical, "power": value, "potential": potential}, lines


@implements("Performing Tests", tests=["tests/squires/test_squires.py::test_tests_use_the_roll_and_the_critical_cards"])
def test(card: MettleCard, d: MettleDraw) -> tuple[Outcome, list[str]]:
    if d.difficulty is None:
        raise RuleError("a test needs its Difficulty: add difficulty:N")
    if card.critical == "chance":
        return {"result": "success", "critical": "chance"}, [said(MettleCritical(roll="test", critical="chance"))]
    if card.critical == "miss":
        return {"result": "fail", "critical": "miss"}, [said(MettleCritical(roll="test", critical="miss"))]
    total = card.roll + d.bonus
    ok = total >= d.difficulty
    text = said(MettleTest(roll=card.roll, bonus=d.bonus, difficulty=d.difficulty, success=ok))
    return {"result": "success" if ok else "fail", "critical": None, "total": total}, [text]


def evasion(cards: list[MettleCard], d: MettleDraw) -> tuple[Outcome, list[str]]:
    if any(c.critical == "chance" for c in cards):
        out: Outcome = {"result": "crit_evade", "critical": "chance", "evaded": d.hits, "values": []}
        if d.hits is not None:
            out["not_evaded"] = 0
        return out, [said(MettleCritical(roll="evasion", critical="chance"))]
    values = [hits_evaded(c, d.difficulty) for c in cards]
    evaded = sum(values)
    lines = [said(MettleHitsEvaded(values=values, reduced=d.difficulty is not None and d.difficulty >= 11))]
    out = {"result": "evaded", "critical": None, "evaded": evaded, "values": values}
    if d.hits is not None:
        out["not_evaded"] = max(0, d.hits - evaded)
        lines.append(said(sf.SquireNotEvaded(hits=d.hits, not_evaded=out["not_evaded"])))
    return out, lines
