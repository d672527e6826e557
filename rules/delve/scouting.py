"""What the Outpost's Scouts do to the Delve (rulebook "Scouts Guild"): small, pure changes to ``DelveState``.

The Outpost (rules/expedition/outpost.py) decides when: at Kingdom Setup (``/delve start``), or at once when the
Delve is already set up. Content: content/schema/outpost.py (``PlaceTiles``, ``LookExploration``,
``AddExploration``). See docs/outpost.md.
"""

from __future__ import annotations

from content.schema.kingdom import Kingdom, KingdomTile
from rules.delve.state import DelveState
from rules.errors import RuleError


def place_rings(delve: DelveState, tiles: dict[str, KingdomTile], rings: int) -> tuple[DelveState, list[str]]:
    """Recon: "Recon Scouts grant you the option to place additional Kingdom tiles." ``rings`` times, every Kingdom
    tile a path leads to from a tile on the table, and not on the table yet, is placed face down."""
    placed: list[str] = []
    for _ in range(rings):
        on_table = delve.placed()
        new: list[str] = []
        for tid in on_table:
            tile = tiles.get(tid)
            for p in tile.paths if tile is not None else []:
                if p.to in tiles and p.to not in on_table and p.to not in new:
                    new.append(p.to)
        if not new:
            break
        delve = delve.model_copy(update={"face_down": [*delve.face_down, *new]})
        placed += new
    return delve, placed


def look(delve: DelveState, count: int) -> list[str]:
    """Patrol: "Patrol Scouts allow you to look up cards from the Exploration deck." The top ``count`` cards, top
    first; looking changes nothing."""
    return list(delve.exploration[:count])


def to_bottom(delve: DelveState, looked: list[str], cards: list[str], most: int) -> DelveState:
    """Patrol: up to ``most`` of the cards ``looked`` at go to the bottom of the Exploration deck, in the order
    named."""
    if len(cards) > most:
        raise RuleError(f"the Scout may put {most} card(s) at the bottom, not {len(cards)}")
    if len(set(cards)) != len(cards) or any(c not in looked for c in cards):
        raise RuleError(f"name cards among the top {len(looked)} the Scout looked at: {', '.join(looked) or '—'}")
    deck = list(delve.exploration)
    for c in cards:
        deck.remove(c)
        deck.append(c)
    return delve.model_copy(update={"exploration": deck})


def add_cards(delve: DelveState, kingdom: Kingdom, cards: list[str], depth: int) -> DelveState:
    """Survey: "Survey Scouts add special cards to the Exploration deck". A copy of each card goes under the top
    ``depth`` cards of the deck (at the bottom of a shorter deck), in the order given; ``depth`` is at least 1, so an
    added card is never put on top ("Special Exploration Cards": "If any effect, besides normal draw during the
    Exploration step, would result in a Special Exploration card being on top of the Exploration deck, shuffle the
    deck")."""
    known = {c.id for c in kingdom.exploration}
    unknown = [c for c in cards if c not in known]
    if unknown:
        raise RuleError(f"{kingdom.name} has no Exploration card {', '.join(unknown)}; the Survey Scout cannot add it")
    deck = list(delve.exploration)
    at = min(max(depth, 1), len(deck))
    deck[at:at] = list(cards)
    return delve.model_copy(update={"exploration": deck})
