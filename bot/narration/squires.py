"""The words of the Squires' facts (rules/squires/mettle_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.squires.mettle_facts import MettleCritical, MettleHitsEvaded, MettleTest, MettleToHit

CRITICALS = {
    ("attack", "chance"): "**Critical Chance**: gain Critical Chance for this Attack; it is an automatic **Full Hit**.",
    ("attack", "miss"): "**Critical Miss**: it is a Critical Miss.",
    ("power", "chance"): "**Critical Chance**: you may gain a chosen Clue bonus from your Gear (no Gear lent).",
    ("power", "miss"): "**Critical Miss**: an automatic **Fail**.",
    ("test", "chance"): "**Critical Chance**: an automatic **success**.",
    ("test", "miss"): "**Critical Miss**: an automatic **fail**.",
    ("evasion", "chance"): "**Critical Chance**: treat it as a **Crit Evade**.",
}


@renders(MettleCritical)
def _critical(f: MettleCritical) -> str:
    return CRITICALS[(f.roll, f.critical)]


@renders(MettleToHit)
def _to_hit(f: MettleToHit) -> str:
    return f"To Hit {f.to_hit}: " + ("**hit**." if f.hit else "**Full Miss**.")


@renders(MettleTest)
def _test(f: MettleTest) -> str:
    shown = f"Roll {f.roll}" + (f" {f.bonus:+d}" if f.bonus else "")
    return f"{shown} = {f.roll + f.bonus} against Difficulty {f.difficulty}: " + (
        "**success**." if f.success else "**fail**.")


@renders(MettleHitsEvaded)
def _evaded(f: MettleHitsEvaded) -> str:
    return ("Hits Evaded " + " + ".join(str(v) for v in f.values) + f" = **{sum(f.values)}**"
            + (" (Evasion Difficulty 11+: −1 on each card, to a minimum of 1)" if f.reduced else "") + ".")
