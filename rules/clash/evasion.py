"""The Evasion Roll and the Judgement test of a Monster Attack (rulebook "4.1. Evasion Roll", "Defensive
Weapons", "Crit Die During Evasion Rolls", "Judgement").

The Knight's defence: Evasion bonuses and Evasion Re-rolls of the Armor and Support Gear, plus those of ONE
Weapon ("Only one Defensive Weapon can be active at the same time during the Evasion Roll"): the bot picks the
Weapon with the best Evasion bonus, then the most Evasion Re-rolls (docs/rulings.md). Evasion Modifier tokens
(``stats.modifiers["evasion"]``) add to every die.
"""

from __future__ import annotations

from dataclasses import dataclass

from content.loader import Catalogue
from rules.coverage import implements
from rules.knights import loadout
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.rolls import d10_success

T = "tests/clash/test_monster_round.py::"


@dataclass(frozen=True)
class Defence:
    bonus: int
    rerolls: int
    weapon: str | None  # the active defensive Weapon, if one lends its statistics
    armor: dict[str, int]  # Armor dice by colour (white/black/red)


@implements("Defensive Weapons", tests=[T + "test_only_one_defensive_weapon_counts"])
def defence(cat: Catalogue, k: KnightState) -> Defence:
    """The Evasion bonus, free Evasion Re-rolls and Armor dice the Knight brings to an Evasion Roll."""
    bonus = rerolls = 0
    armor = {"white": 0, "black": 0, "red": 0}
    best: tuple[int, int, str] | None = None
    for item in k.loadout:
        if item.discarded:
            continue
        g = loadout.gear(cat, item.gear)
        f = loadout.face(cat, k, item.gear)
        if g.type == "weapon":
            if (f.evasion, f.evasion_rerolls) > (0, 0) and (best is None or (f.evasion, f.evasion_rerolls) > best[:2]):
                best = (f.evasion, f.evasion_rerolls, item.gear)
            continue
        bonus += f.evasion
        rerolls += f.evasion_rerolls
        for colour in armor:
            armor[colour] += getattr(f.armor_dice, colour)
    weapon = None
    if best is not None:
        bonus, rerolls, weapon = bonus + best[0], rerolls + best[1], best[2]
    bonus += st.evasion_bonus(cat, k)
    return Defence(bonus=bonus, rerolls=rerolls, weapon=weapon, armor=armor)


def hits(naturals: list[int], bonus: int, difficulty: int) -> int:
    """Dice not evaded: "An Evasion Roll is considered successful if the number on the die is equal to or higher
    than the Evasion Roll difficulty" (a natural 10 always evades, a natural 1 never)."""
    return sum(not d10_success(n, bonus, difficulty) for n in naturals)


def failed(naturals: list[int], bonus: int, difficulty: int) -> list[int]:
    """1-based positions of the dice that did not evade."""
    return [i + 1 for i, n in enumerate(naturals) if not d10_success(n, bonus, difficulty)]
