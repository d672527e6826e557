"""Finding a campaign Knight by what a player or a card names it with."""

from __future__ import annotations

from rules.errors import RuleError
from rules.knights.state import KnightState
from rules.lookup import Candidate, close, matches
from rules.state import CampaignState


def find_knight(state: CampaignState, name: str, purpose: str = "in this campaign") -> KnightState:
    """A campaign Knight by id, by name (any case) or by the slug of the name (its Clash Board id); then as the one
    resolver matches names (rules/lookup.py: accents, apostrophes, punctuation aside; a run of the name's words); a
    polite refusal naming the Knights there are otherwise."""
    from rules.board.naming import slug

    wanted = name.strip().lower()
    if name in state.knights:
        return state.knights[name]
    for k in state.knights.values():  # first, exactly as before the resolver: an old log replays as it was
        if wanted in (k.id, k.name.lower(), slug(k.name)):
            return k
    candidates = [Candidate(k.id, k.name, (slug(k.name),)) for k in state.knights.values()]
    found = matches(name, candidates)
    if len(found) == 1:
        return state.knights[found[0].id]
    shown = ", ".join(k.name for k in state.knights.values()) or "none yet"
    near = found or close(name, candidates, n=1)
    hint = f" (did you mean {' or '.join(c.name for c in near)}?)" if near else ""
    raise RuleError(f"there is no Knight {name!r} {purpose}{hint}; the Knights are: {shown}")


def board_id(state: CampaignState, name: str) -> str:
    """The Clash Board id of a campaign Knight named by id or name."""
    k = find_knight(state, name)
    for mini in state.board.knights:
        if mini.id == k.id or mini.name == k.name:
            return mini.id
    raise RuleError(f"{k.name} is not on the Clash Board of this Clash")
