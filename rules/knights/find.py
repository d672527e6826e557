"""Finding a campaign Knight by what a player or a card names it with."""

from __future__ import annotations

from difflib import get_close_matches

from rules.errors import RuleError
from rules.knights.state import KnightState
from rules.state import CampaignState


def find_knight(state: CampaignState, name: str, purpose: str = "in this campaign") -> KnightState:
    """A campaign Knight by id, by name (any case) or by the slug of the name (its Clash Board id); a polite
    refusal naming the Knights there are otherwise."""
    from rules.board.naming import slug

    wanted = name.strip().lower()
    if name in state.knights:
        return state.knights[name]
    for k in state.knights.values():
        if wanted in (k.id, k.name.lower(), slug(k.name)):
            return k
    shown = ", ".join(k.name for k in state.knights.values()) or "none yet"
    by_name = {key: k.name for k in state.knights.values() for key in (k.name.lower(), slug(k.name))}
    close = get_close_matches(wanted, list(by_name), n=1, cutoff=0.6)
    hint = f" (did you mean {by_name[close[0]]}?)" if close else ""
    raise RuleError(f"there is no Knight {name!r} {purpose}{hint}; the Knights are: {shown}")


def board_id(state: CampaignState, name: str) -> str:
    """The Clash Board id of a campaign Knight named by id or name."""
    k = find_knight(state, name)
    for mini in state.board.knights:
        if mini.id == k.id or mini.name == k.name:
            return mini.id
    raise RuleError(f"{k.name} is not on the Clash Board of this Clash")
