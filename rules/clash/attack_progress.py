"""A Knight's Attack in a Clash between two of its steps (``pending.data["attack"]`` while a decision is open) and
the effects the Monster resolves against the attacking Knight (rules/clash/knight_attack.py and its steps in
rules/clash/attack_wounds.py; the reply's ``attack`` is rules/clash/attack_sequence.attack_data)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from rules.clash import harm
from rules.clash.attack_roll import KnightRoll
from rules.dice import Dice
from rules.engine import Engine
from rules.state import CampaignState


class Progress(KnightRoll):
    """An Attack between its Attack Roll and the rest (``pending.data["attack"]``)."""

    knight: str
    mini: str
    weapon: str
    monster: str
    cantrip: Literal["opening", "break"] | None = None
    bonus: bool = False
    spawned: list[str] = Field(default_factory=list, description="board ids of the Mobs this Attack spawned")
    passion: int | None = Field(None, description="the Passion this Attack counts (Rouse included), from step 4 on")
    bp_chosen: str | None = Field(None, description="Heartseeker, Soulseeker, Precise: the BP card chosen")
    bp_shuffle: bool = Field(False, description="the BP deck is shuffled when the chosen card is drawn")
    keep: dict[str, int] = Field(default_factory=dict, description="Pass X: the tokens left in the Knight Pool")


def harm_knight(engine: Engine, state: CampaignState, dice: Dice, p: Progress, effects: list[Any], source: str,
          lines: list[str]) -> list[Any]:
    """Resolve effects "by the Monster against the Knight" (rules/clash/harm.py); returns the Attack Responses."""
    h = harm.Harm(engine, state, dice, monster=p.monster)
    h.weapons[p.knight] = p.weapon
    harm.resolve_effects(h, p.knight, effects, source=source, knight_attack=True)
    harm.settle(h)
    lines.extend(h.lines)
    return list(h.attacks)
