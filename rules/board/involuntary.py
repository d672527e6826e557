"""Shared steps of involuntary Knight movement (rulebook "Involuntary Movement of Knights and Mob
Monsters" and the Pushback/Drag/Pull sub-rules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from content.schema.board import TerrainKeyword
from rules.board.geometry import Coord, on_board
from rules.board.move_facts import BoardCause
from rules.board.state import BoardState, KnightKeyword
from rules.board.work import Work

Status = Literal["done", "stopped", "dead", "indestructible", "edge"]


def source_cells(state: BoardState, source: str) -> frozenset[Coord]:
    ids = {k.id for k in state.knights}
    if source in ids:
        k = state.knight(source)
        if k.space is not None:
            return frozenset({k.space})
        if k.vp is not None:
            return state.monster(k.vp.monster).cells
        return frozenset()
    return state.monster(source).cells


def is_knight(state: BoardState, mini: str) -> bool:
    return any(k.id == mini for k in state.knights)


def enter_terrain(w: Work, kid: str, space: Coord) -> None:
    """Rulebook: "The affected miniature must resolve the effects of any Terrain tiles it moves through"."""
    k = w.knights[kid]
    for t in w.terrain_at(space):
        if not t.is_obstacle:
            w.emit("terrain_entered", "moved_through", miniature=kid, terrain=t.id, spaces=(space,), name=k.name,
                   other_name=t.name, at=space)


def step_knight(
    w: Work,
    kid: str,
    nxt: Coord,
    *,
    source_id: str | None,
    stop_at_minis: bool,
    ignore: Sequence[str] = (),
) -> Status:
    """Move a Knight one space involuntarily onto ``nxt`` (Pushback/Drag/Pull/Herd/Gangup rules).

    - another Boss Monster: Crash, the movement ends adjacent to it;
    - another miniature: passed through, unless ``stop_at_minis`` (Mob or Knight source);
    - Destructible Obstacle: removed, Crash, the Knight moves on;
    - other Obstacle: Crash and "indestructible" is returned for the caller's sub-rule;
    - Chasm or Boundless tile: the Knight dies (Lifeline: Displace instead).
    """
    k = w.knights[kid]
    if not on_board(w.spec, nxt):
        return "edge"
    mon = w.monster_at(nxt)
    if mon is not None and mon.id != source_id and mon.id not in ignore:
        if stop_at_minis:
            w.emit("stopped", "stops_before", miniature=kid, name=k.name, other_name=mon.name)
            return "stopped"
        if mon.is_boss:
            w.crash(kid, BoardCause(how="against", name=mon.name))
            return "stopped"
    other = w.knight_at(nxt)
    if other is not None and other.id != kid and stop_at_minis and other.id not in ignore:
        w.emit("stopped", "stops_before", miniature=kid, name=k.name, other_name=other.name)
        return "stopped"
    obst = w.obstacle_at(nxt)
    if obst is not None:
        if obst.destructible:
            w.destroy(obst, BoardCause(how="forced_into", name=k.name))
            w.crash(kid, BoardCause(how="against", name=obst.name))
        else:
            w.crash(kid, BoardCause(how="against", name=obst.name))
            return "indestructible"
    w.move_knight(kid, nxt)
    for t in w.terrain_at(nxt):
        if t.has(TerrainKeyword.CHASM) or t.has(TerrainKeyword.BOUNDLESS):
            if KnightKeyword.LIFELINE in k.keywords:
                return "stopped"  # the end-of-movement check Displaces them (Lifeline)
            w.kill(kid, BoardCause(how="forced_onto", name=t.name, space=nxt))
            return "dead"
    enter_terrain(w, kid, nxt)
    return "done"
