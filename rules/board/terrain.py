"""Terrain placement and removal (rulebook "Placing and Removing Terrain During Clashes",
"Terrain Placement on Other Terrain", "Terrain Placement on a Knight", "Terrain Placement on
Monsters")."""

from __future__ import annotations

from content.schema.board import TerrainKeyword, TerrainSpec
from rules.board.geometry import Coord, manhattan, on_board
from rules.board.knockback import settle_monster
from rules.board.move_facts import BoardCause
from rules.board.state import BoardState, Outcome, Terrain, terrain_from_spec
from rules.board.work import Work, arrive_knight_terrain, dedupe, displace_knight, displace_monster


def place_terrain(
    state: BoardState, spec: TerrainSpec, anchor: Coord, *, instance_id: str | None = None
) -> list[Outcome]:
    """Place a Terrain tile with its top-left offset on ``anchor``.

    - "If all the Terrain tiles of this type are already on the Board, remove the tile furthest from
      the Monster": the number of copies is not on the board, so the caller applies this first
      with :func:`furthest_tile_from_monster` and :func:`remove_terrain`.
    - On other Terrain: "If the other tile has the Indestructible keyword, you cannot place anything
      on top of it. Ignore this new tile placement. In all other cases the other Terrain tile is
      destroyed before you place the new tile."
    - On a Knight: Obstacle+Destructible: the tile "is destroyed and the Knight suffers Crash";
      just Obstacle: "the Knight suffers Crash and is Displaced ... If there is no such space, the
      Knight cannot be legally Displaced and dies"; otherwise the Knight resolves the tile as if
      they had just moved onto it (Chasm kills: "If a Chasm tile is placed under a Knight, they die").
    - On a Monster: Indestructible without Obstacle: placed as normal; Indestructible and Obstacle:
      Mobs are Displaced to the closest space; Destructible: "ignore this tile placement. If it is a
      Mob Monster, treat it as if it was involuntarily moved onto that tile."
    """
    tile = terrain_from_spec(spec, anchor, instance_id)
    w = Work(state)
    if tile.id in w.terrain:
        raise ValueError(f"a Terrain tile with id {tile.id!r} is already on the board")
    cells = set(tile.cells)
    if not all(on_board(state.spec, c) for c in cells):
        raise ValueError(f"{spec.name} does not fit on the board at {anchor.label}")
    under = [t for t in w.terrain.values() if cells & set(t.cells)]
    if any(t.indestructible for t in under):
        w.emit("ignored", "indestructible_under", terrain=tile.id, name=spec.name)
        return [w.outcome()]
    monsters = [m for m in w.monsters.values() if m.cells & cells]
    if tile.destructible and monsters:
        w.emit("ignored", "destructible_on_monster", terrain=tile.id, name=spec.name, other_name=monsters[0].name)
        works = [w]
        for m in monsters:
            if not m.is_boss:
                works = [r for cur in works for r in settle_monster(cur, m.id, set())]
        return [x.outcome() for x in dedupe(works)]
    for t in under:
        w.destroy(t, BoardCause(how="room_for", name=spec.name))
    knights = sorted(k.id for k in w.knights.values() if not k.dead and k.space in cells)
    if tile.is_obstacle and tile.destructible and knights:
        for kid in knights:
            w.crash(kid, BoardCause(how="placed_on", name=spec.name))
        w.emit("terrain_destroyed", "lands_on_knight", terrain=tile.id, name=spec.name)
        return [w.outcome()]
    w.terrain[tile.id] = tile
    w.emit("placed", "terrain_placed", terrain=tile.id, spaces=tuple(sorted(cells)), name=spec.name)
    works = [w]
    for kid in knights:
        nxt: list[Work] = []
        for cur in works:
            if tile.is_obstacle:
                cur.crash(kid, BoardCause(how="placed_on", name=spec.name))
                nxt.extend(displace_knight(cur, kid, avoid=cells))
            else:
                sp = cur.knights[kid].space
                assert sp is not None
                nxt.extend(arrive_knight_terrain(cur, kid, sp))
        works = nxt
    if tile.indestructible and tile.is_obstacle:
        for m in monsters:
            if not m.is_boss:
                works = [r for cur in works for r in displace_monster(cur, m.id, closest_only=True)]
    return [x.outcome() for x in dedupe(works)]


def remove_terrain(state: BoardState, terrain_id: str) -> BoardState:
    """ "If a Terrain tile is destroyed ... simply remove it from the Clash Board." (Indestructible
    tiles "cannot be destroyed in any way": ValueError.)"""
    tile = next((t for t in state.terrain if t.id == terrain_id), None)
    if tile is None:
        raise KeyError(f"no Terrain tile {terrain_id!r}")
    if tile.indestructible:
        raise ValueError(f"{tile.name} is Indestructible")
    return state.model_copy(update={"terrain": tuple(t for t in state.terrain if t.id != terrain_id)})


def furthest_tile_from_monster(state: BoardState, spec_id: str, monster_id: str) -> list[str]:
    """Tiles of a type furthest from the Monster (for "remove the tile furthest from the Monster");
    ties are the players' choice."""
    m = state.monster(monster_id)
    tiles = [t for t in state.terrain if t.spec_id == spec_id]
    if not tiles:
        return []
    far = max(manhattan(t.cells, m.cells) for t in tiles)
    return [t.id for t in tiles if manhattan(t.cells, m.cells) == far]


def difficult(tile: Terrain) -> bool:
    return TerrainKeyword.DIFFICULT_TERRAIN in tile.keywords
