"""``data.clash``: what the replies of every Clash command show of the Clash (DESIGN.md), below the modules that
reply (rules/clash/handlers.py, monster_round.py, knight_attack.py, rules/squires/clash.py)."""

from __future__ import annotations

from typing import Any

from rules.clash.state import ClashState


def clash_data(state: ClashState, gm: bool) -> dict[str, Any]:
    """``data.clash`` (DESIGN.md): ``ai_deck``/``bp_deck`` top to bottom as ``{id, level}`` for the GM only;
    everybody sees the counts and the level on the top card's back (the card backs are public)."""
    out = dict(state.summary(gm))
    for pile, cards in (("ai", state.ai_deck), ("bp", state.bp_deck)):
        out[f"{pile}_deck_count"] = len(cards)
        out[f"{pile}_deck_top_level"] = state.levels[cards[0]] if cards else None
    out["ai_zero"] = state.ai_zero if gm else None
    out["mob_track"] = [
        {"space": i + 1, "level": state.levels[slot.card], "revealed": slot.revealed,
         "id": slot.card if gm or slot.revealed else None, "tokens": [t.kind for t in slot.tokens]}
        for i, slot in enumerate(state.mob_track) if slot is not None
    ]
    out["activations"] = [{"kind": t.kind, "ready": t.ready} for t in state.boss_activations]
    return out
