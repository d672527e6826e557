"""The words of `/clash status`: the Clash under way, read from its state (rules/clash/state.py) — the Monster, its
level and type, the Wound Stack, the decks and, once the Clash is won or lost, what the GM does next."""

from __future__ import annotations

from rules.clash.state import ClashState


def status_text(state: ClashState, name: str) -> str:
    """One paragraph: "⚔️ The Great Stag, level 1, exhibition Clash: Wounds 0/9. AI deck ... BP deck ..."."""
    top = {p: (f"{len(d)} cards, level {state.levels[d[0]]} on top" if d else "empty")
           for p, d in (("AI", state.ai_deck), ("BP", state.bp_deck))}
    mobs = sum(slot is not None for slot in state.mob_track)
    parts = [
        f"⚔️ {name}, level {state.level}, {state.type} Clash: Wounds {state.wounds()}/{state.wounds_needed}.",
        f"AI deck {top['AI']}, discard {len(state.ai_discard)}.",
        f"Mob track: {mobs} Mob(s)." if state.monster_type == "mob" else
        f"BP deck {top['BP']}, discard {len(state.bp_discard)}.",
    ]
    if state.over:
        parts.append(f"The Clash is over: **{state.over}**. Resolve End of Clash effects, then the GM runs "
                     "/clash end for the Clash Aftermath.")
    return " ".join(parts)
