"""A Knight's Attack in a Clash between two of its steps (``pending.then.attack`` while a decision is open) and
the effects the Monster resolves against the attacking Knight (rules/clash/knight_attack.py and its steps in
rules/clash/attack_wounds.py; the reply's ``attack`` is rules/clash/attack_sequence.attack_data)."""

from __future__ import annotations

from typing import Any

from rules.clash import harm
from rules.clash.attack_state import ClashAttack
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line
from rules.state import CampaignState

Progress = ClashAttack  # the record a waiting decision keeps (rules/decision_records.KnightAttackThen)


def harm_knight(engine: Engine, state: CampaignState, dice: Dice, p: Progress, effects: list[Any], source: str,
          lines: list[Line]) -> list[Any]:
    """Resolve effects "by the Monster against the Knight" (rules/clash/harm.py); returns the Attack Responses."""
    h = harm.Harm(engine, state, dice, monster=p.monster)
    h.weapons[p.knight] = p.weapon
    harm.resolve_effects(h, p.knight, effects, source=source, knight_attack=True)
    harm.settle(h)
    lines.extend(h.lines)
    return list(h.attacks)
