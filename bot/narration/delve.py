"""The words of the Delve's facts (rules/delve/delve_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, renders
from rules.delve.delve_facts import (
    DelveBegins,
    PartyBacktracks,
    PartyMoves,
    PartyPlaced,
    PointOfInterest,
    TileRevealed,
    TileShownUnexplored,
)


@renders(DelveBegins)
def _begins(f: DelveBegins) -> str:
    return f"🏰 The Delve into {bold(f.kingdom)} begins. Threat, Curse and Time are set to 0."


@renders(PartyPlaced)
def _placed(f: PartyPlaced) -> str:
    return (f"The Party marker stands on {bold(f.tile)} ({f.tile_id}, {f.district}); "
            f"face down around it: {', '.join(f.placed) or 'nothing'}.")


@renders(PartyMoves)
def _moves(f: PartyMoves) -> str:
    how = {"explore": f"travels {f.direction}", "shortcut": "takes a Shortcut", "fog": "emerges from the Deep Fog"}
    return f"**Round {f.round}** — the party {how[f.how]} onto the {f.size.replace('_', ' ')} tile {f.tile_id}."


@renders(TileRevealed)
def _revealed(f: TileRevealed) -> str:
    return f"Revealed: {bold(f.tile)} ({f.district}). Placed face down: {', '.join(f.placed) or 'nothing new'}."


@renders(PointOfInterest)
def _poi(f: PointOfInterest) -> str:
    if f.modifier is not None:
        head = (f"📍 Point of Interest {f.poi} {f.modifier:+d} (PoI modifier of the top Exploration card) = "
                f"{f.key}")
    else:
        head = f"📍 Point of Interest: {f.poi}"
    if f.row is None:
        return f"{head}: no row of the table; nothing happens."
    return f"{head}: {bold(f.row)} — {f.text}"


@renders(PartyBacktracks)
def _backtracks(f: PartyBacktracks) -> str:
    n = len(f.through)
    return (f"**Round {f.round}** — the party Backtracks through {', '.join(f.through)} ({n} tile(s)): Time +1, "
            f"Threat +{n - 1}.")


@renders(TileShownUnexplored)
def _unexplored(f: TileShownUnexplored) -> str:
    return (f"Revealed {f.tile_id}: {bold(f.tile)}, still Unexplored (Generic token). Entering it resolves its back "
            f"first (Time +{f.time}, Threat {f.threat:+d}, {f.clues} Clue(s)).")
