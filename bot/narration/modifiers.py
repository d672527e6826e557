"""The words of Monster Modifier tokens changed (rules/clash/modifier_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.clash.modifier_facts import ModifierTokensChanged

NAME = {"precision": "Precision", "at": "AT", "to_hit": "To Hit", "speed": "Speed"}


@renders(ModifierTokensChanged)
def _changed(f: ModifierTokensChanged) -> str:
    where = "the Monster Sheet" if f.mob is None else f"Mob {f.mob}'s BP card"
    return f"{NAME[f.attribute]} Modifier tokens on {where}: **{f.total:+d}**."
