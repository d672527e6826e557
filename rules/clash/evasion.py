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
    guard: int = 0  # Guard X of the Armor and Support Gear and the active defensive Weapon


@implements("Defensive Weapons", tests=[T + "test_only_one_defensive_weapon_counts"])
def defence(cat: Catalogue, k: KnightState) -> Defence:
    """The Evasion bonus, free Evasion Re-rolls and Armor dice the Knight brings to an Evasion Roll."""
    bonus = rerolls = 0
    armor = {"white": 0, "black": 0, "red": 0}
    best: tuple[int, int, str] | None = None
    guards: dict[str, int] = {}
    for item in k.loadout:
        if item.discarded:
            continue
        g = loadout.gear(cat, item.gear)
        f = loadout.face(cat, k, item.gear)
        guards[item.gear] = sum(kw.value or 0 for kw in f.keywords if kw.name == "Guard")
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
    weapons = {i.gear for i in k.loadout if loadout.gear(cat, i.gear).type == "weapon"}
    guard = sum(n for gid, n in guards.items() if gid not in weapons or gid == weapon)
    return Defence(bonus=bonus, rerolls=rerolls, weapon=weapon, armor=armor, guard=guard)


def hits(naturals: list[int], bonus: int, difficulty: int, guarded: dict[int, int] | None = None) -> int:
    """Dice not evaded: "An Evasion Roll is considered successful if the number on the die is equal to or higher
    than the Evasion Roll difficulty" (a natural 10 always evades, a natural 1 never)."""
    return len(failed(naturals, bonus, difficulty, guarded))


def failed(naturals: list[int], bonus: int, difficulty: int, guarded: dict[int, int] | None = None) -> list[int]:
    """1-based positions of the dice that did not evade (``guarded``: Guard X added to some dice)."""
    extra = guarded or {}
    return [i + 1 for i, n in enumerate(naturals) if not d10_success(n, bonus + extra.get(i + 1, 0), difficulty)]


def guard(naturals: list[int], bonus: int, difficulty: int, points: int) -> dict[int, int]:
    """"Guard X: Before re-rolling Evasion dice, you may add +X to the result, spread between any of the Evasion dice.
    You cannot re-roll those dice." The points go to the failed dice closest to the difficulty first, each getting
    just enough to evade (a natural 1 never evades: it gets none)."""
    out: dict[int, int] = {}
    short = sorted((difficulty - (n + bonus), i) for i, n in enumerate(naturals, start=1)
                   if not d10_success(n, bonus, difficulty) and n != 1)
    for need, i in short:
        if need > points:
            break
        out[i], points = need, points - need
    return out
