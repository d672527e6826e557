"""Build small ClashStates by hand: card ids name their level (``ai1a`` is an AI 1 card, ``bp3x`` a BP 3)."""

from __future__ import annotations

from typing import Any

from rules.clash.state import ClashState, MobSlot
from rules.dice import Dice


def level(card: str) -> int:
    return int(card[2]) if card.startswith(("ai", "bp")) else 0


def boss(**piles: Any) -> ClashState:
    """A Boss ClashState whose piles are given as lists of card ids (``ai_escalation={3: [...]}`` etc.)."""
    return _state("boss", piles)


def mob(track: list[str | None], **piles: Any) -> ClashState:
    piles["mob_track"] = [MobSlot(card=c) if c else None for c in track] + [None] * (10 - len(track))
    return _state("mob", piles)


def _state(kind: str, piles: dict[str, Any]) -> ClashState:
    cards: list[str] = []
    for key, value in piles.items():
        if key.endswith("_escalation"):
            for pile in value.values():
                cards += pile
        elif key == "mob_track":
            cards += [s.card for s in value if s is not None]
        elif key == "wound_stack":
            cards += [w.card for w in value if w.card is not None]
        elif isinstance(value, list):
            cards += value
        elif isinstance(value, str):
            cards.append(value)
    base: dict[str, Any] = {"monster": "test", "monster_type": kind, "level": 1, "type": "full", "to_hit": 5,
                            "wounds_needed": 20, "levels": {c: level(c) for c in cards}}
    return ClashState(**(base | piles))


def dice(seed: int = 7) -> Dice:
    return Dice(seed=seed)
