"""Falsity (rulebook Keyword List): a free re-roll of the Crit die in the Attack Roll step, and Zeal 1 when the die
re-rolled was already a hit. The Zeal is placed at once by rules/knights/keyword_effects.py (``zeal``: on the Knight
Board, over a Zeal Threshold in the Knight Pool).
"""

from __future__ import annotations

from collections.abc import Sequence

from content.loader import Catalogue
from content.schema.gear import Keyword
from rules.clash.knight_attack_facts import AttackFalsity
from rules.facts import said
from rules.knights import keyword_effects
from rules.knights.state import KnightState


def has_falsity(keywords: Sequence[Keyword]) -> bool:
    return any(kw.name == "Falsity" for kw in keywords)


def falsity_reroll(cat: Catalogue, k: KnightState, crit_hit: bool, pool: dict[str, int] | None,
                   where: str = "Knight Pool") -> tuple[int, list[str]]:
    """"Falsity: During the Attack Roll step, you may re-roll your Crit die without gaining Heat. If you re-roll your
    Crit die while it's already a hit, immediately Zeal 1." Called when the Knight re-rolls the Crit die with
    Falsity: the Heat it saves (one re-roll) and the narration."""
    lines = [said(AttackFalsity(knight=k.name))]
    if crit_hit:
        lines += keyword_effects.zeal(cat, k, 1, pool, where)
    return 1, lines
