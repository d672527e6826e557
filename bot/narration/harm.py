"""The words of harm to a Knight (rules/clash/harm_facts.py)."""

from __future__ import annotations

from bot.narration.registry import carried, name, renders
from rules.clash.harm_facts import ChasmUnderMonster, ConditionGained, KnightDied, KnightRemoved, KnightsDefeated


@renders(ConditionGained)
def _condition(f: ConditionGained) -> str:
    return f"{name(f.knight)} gains the Condition **{f.card}**: {f.text}"


@renders(KnightDied)
def _died(f: KnightDied) -> str:
    return f"☠️ **{name(f.knight)} dies** — {carried(f.why)}."


@renders(ChasmUnderMonster)
def _chasm_under_monster(f: ChasmUnderMonster) -> str:
    mob = (" (a Mob treats a Chasm as an Indestructible Obstacle only when it is moved onto it involuntarily)"
           if f.mob else "")
    return (f"{f.terrain} lies under {f.monster}: a Chasm placed under a Knight kills them, and nothing happens to a "
            f"Monster{mob}. Apply any other effect by hand.")


@renders(KnightRemoved)
def _removed(f: KnightRemoved) -> str:
    return f"{name(f.knight)}'s miniature is removed from the Clash Board."


@renders(KnightsDefeated)
def _defeated(f: KnightsDefeated) -> str:
    return "🏴 Every Knight is dead: the Clash immediately ends with the Knights' **Defeat**."
