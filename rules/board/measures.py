"""Targeting measures: distance, range, front/rear, Engaged, Grouped, Lone, Closest/Furthest, Zone.

Rulebook "Typical Targeting Instructions" (lines quoted on each function).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from content.schema.board import TerrainKeyword
from rules.board.geometry import Coord, Direction, cells_adjacent, chebyshev, manhattan, on_board
from rules.board.los import knight_cells, monster_sees
from rules.board.paths import path_distance
from rules.board.state import BoardState, BypassLevel, Knight, Monster


def movement_blockers(
    state: BoardState, monster: Monster, ignore: Iterable[str] = (), *, standing: bool = False
) -> frozenset[Coord]:
    """Spaces a Monster's movement path must go around.

    "Bosses move through Obstacles, Knights, and other Monsters ... but Mobs have to move around
    them (and count spaces accordingly). In other words, Mobs exclude occupied and Obstacle
    spaces when designating the shortest possible path."  Mobs also go around Chasm and Boundless
    tiles (ruling in docs/rulings.md, "The Clash Board").

    Bypass (a Mob's Basic Ability) lets the path cross other Monsters, Advanced Bypass any
    miniature, Superior Bypass also Obstacles and Chasms; ``standing=True`` gives the spaces it may
    not end on ("You cannot end your voluntary movement on a space occupied by another miniature").
    """
    if monster.is_boss:
        return frozenset()
    level = None if standing else monster.bypass
    ig = set(ignore) | {monster.id}
    out: set[Coord] = set()
    if level not in (BypassLevel.ADVANCED, BypassLevel.SUPERIOR):
        for k in state.knights:
            if not k.dead and k.space is not None and k.id not in ig:
                out.add(k.space)
    if level is None or standing:
        for m in state.monsters:
            if m.id not in ig:
                out |= m.cells
    for t in state.terrain:
        if monster.bypass == BypassLevel.SUPERIOR:
            if TerrainKeyword.BOUNDLESS in t.keywords:
                out |= set(t.cells)
        elif t.is_obstacle or t.keywords & {TerrainKeyword.CHASM, TerrainKeyword.BOUNDLESS}:
            out |= set(t.cells)
    return frozenset(out)


def monster_distance(state: BoardState, monster: Monster, knight: Knight) -> int | None:
    """Distance used by Closest/Furthest: along the Monster's own shortest movement path.

    A Knight on one of the Monster's VPs is at distance 1 ("considered adjacent and in range 1").
    None means "no viable path" (then the Knight "is not a viable Target").
    """
    if knight.dead:
        return None
    if knight.vp is not None and knight.vp.monster == monster.id:
        return 1
    cells = knight_cells(state, knight)
    return path_distance(state.spec, monster.cells, cells, movement_blockers(state, monster, [knight.id]))


def range_to(state: BoardState, source: Collection[Coord], knight: Knight, monster: Monster | None = None) -> int:
    """Range in spaces from ``source`` to a Knight.  Range is not blocked by Obstacles or miniatures
    (Keyword List, Superior Bypass: "Obstacles do not block Line of Sight or range")."""
    if knight.vp is not None and monster is not None and knight.vp.monster == monster.id:
        return 1
    return manhattan(source, knight_cells(state, knight))


def in_range(state: BoardState, monster: Monster, knight: Knight, x: int) -> bool:
    """ "Range Attack X: Can be performed against a Knight within X spaces of the Monster."."""
    return not knight.dead and range_to(state, monster.cells, knight, monster) <= x


def is_adjacent(state: BoardState, monster: Monster, knight: Knight, *, for_monster: bool = True) -> bool:
    """ "Adjacent: The Target is on a space that shares an edge with a space occupied by the
    attacking Monster."  Knights on the Monster's VPs are adjacent to it.

    Always There: "For the purposes of all Monster Attacks and effects it is always considered
    adjacent to the Knight, but the Knight is not considered adjacent to the Monster": pass
    ``for_monster=False`` when the question is asked for a Knight's ability or Attack."""
    if knight.dead:
        return False
    if monster.always_there and for_monster:
        return True
    if knight.vp is not None:
        return knight.vp.monster == monster.id
    return knight.space is not None and cells_adjacent({knight.space}, monster.cells)


def engaged(state: BoardState, knight: Knight) -> bool:
    """ "Engaged: The Target is adjacent to at least one Monster."."""
    return any(is_adjacent(state, m, knight) for m in state.monsters)


def non_engaged(state: BoardState, knight: Knight) -> bool:
    """ "Non-Engaged: The Target is not adjacent to any Monster."."""
    return not knight.dead and not engaged(state, knight)


def knights_adjacent(state: BoardState, a: Knight, b: Knight) -> bool:
    """Whether Knight ``a`` is adjacent to Knight ``b`` (not symmetric with Vantage Points).

    "Knights on VPs are considered adjacent and in range 1 to the Monster and all Knights adjacent
    to that Monster." ... "Other Knights adjacent to the Monster are not considered to be adjacent
    to Knights on VPs."
    """
    if a.dead or b.dead or a.id == b.id:
        return False
    if a.vp is not None:
        mon = state.monster(a.vp.monster)
        return b.vp is None and is_adjacent(state, mon, b, for_monster=False)
    if b.vp is not None or a.space is None or b.space is None:
        return False
    return cells_adjacent({a.space}, {b.space})


def grouped(state: BoardState, knight: Knight) -> bool:
    """ "Grouped Knight: The Target is adjacent to another Knight."."""
    return any(knights_adjacent(state, knight, o) for o in state.knights)


def lone(state: BoardState, knight: Knight) -> bool:
    """ "Lone Knight: The Target has no other Knight within three spaces from them."."""
    if knight.dead:
        return False
    mine = knight_cells(state, knight)
    for o in state.living_knights():
        if o.id == knight.id:
            continue
        if knights_adjacent(state, knight, o) or manhattan(mine, knight_cells(state, o)) <= 3:
            return False
    return True


def front_spaces(state: BoardState, monster: Monster) -> frozenset[Coord]:
    """Spaces in front of the Monster (Monster Facing): "draw an imaginary line passing along the
    edges of the spaces occupied by the Monster miniature's front. All spaces beyond this line in
    the direction the Monster is facing toward are considered in front."  The line runs across the
    whole board (see docs/rulings.md, "The Clash Board")."""
    a, s = monster.anchor, monster.side
    out = set()
    for r in range(state.spec.rows):
        for c in range(state.spec.columns):
            if (
                (monster.facing == Direction.N and r < a.row)
                or (monster.facing == Direction.S and r > a.row + s - 1)
                or (monster.facing == Direction.W and c < a.col)
                or (monster.facing == Direction.E and c > a.col + s - 1)
            ):
                out.add(Coord(r, c))
    return frozenset(out)


def in_front(state: BoardState, monster: Monster, knight: Knight) -> bool:
    """ "In front: The Target is on any space in front ... and within Line of Sight of the Monster"."""
    return (
        knight.space is not None
        and knight.space in front_spaces(state, monster)
        and monster_sees(state, monster, knight)
    )


def rear_spaces(state: BoardState, monster: Monster) -> frozenset[Coord]:
    """ "Rear designates only the spaces adjacent to the Monster, directly behind it"."""
    return frozenset(c for c in monster.rear_marks() if on_board(state.spec, c))


def in_rear(state: BoardState, monster: Monster, knight: Knight) -> bool:
    return knight.space is not None and knight.space in rear_spaces(state, monster)


def blindspots(state: BoardState, monster: Monster) -> frozenset[Coord]:
    return frozenset(c for c in monster.blindspot_marks() if on_board(state.spec, c))


def weakspots(state: BoardState, monster: Monster) -> frozenset[Coord]:
    return frozenset(c for c in monster.weakspot_marks() if on_board(state.spec, c))


def in_blindspot(state: BoardState, monster: Monster, knight: Knight) -> bool:
    return knight.space is not None and knight.space in blindspots(state, monster)


def _extreme(state: BoardState, monster: Monster, candidates: Iterable[Knight], far: bool) -> list[str]:
    scored = []
    for k in candidates:
        d = monster_distance(state, monster, k)
        if d is not None:
            scored.append((d, k.id))
    if not scored:
        return []
    best = max(d for d, _ in scored) if far else min(d for d, _ in scored)
    return [kid for d, kid in scored if d == best]


def closest(state: BoardState, monster: Monster, candidates: Iterable[Knight] | None = None) -> list[str]:
    """ "Closest: The Target is the shortest distance (in spaces) from the Monster (via the shortest
    possible path) among all possible Targets."  Returns every tied Knight id (the caller applies
    the Priority Target or asks the players)."""
    return _extreme(state, monster, candidates if candidates is not None else state.living_knights(), False)


def furthest(state: BoardState, monster: Monster, candidates: Iterable[Knight] | None = None) -> list[str]:
    """ "Furthest: The Target is the furthest distance (in spaces) from the Monster (via the shortest
    possible path) among all possible Targets."  Knights with no viable path are excluded."""
    return _extreme(state, monster, candidates if candidates is not None else state.living_knights(), True)


def zone_spaces(state: BoardState, source: Collection[Coord], x: int) -> frozenset[Coord]:
    """Spaces of Zone X: "within X spaces horizontally, vertically and diagonally from the source".
    The source's own spaces are left out ("The Monster is not considered to be inside the Zone
    originating from it")."""
    src = set(source)
    out = set()
    for r in range(state.spec.rows):
        for c in range(state.spec.columns):
            sp = Coord(r, c)
            if sp not in src and chebyshev([sp], src) <= x:
                out.add(sp)
    return frozenset(out)


def knights_in_zone(
    state: BoardState, source: Collection[Coord], x: int, source_knight: str | None = None
) -> list[str]:
    """Knights hit by Zone X.  "If a Knight is a source of Zone X, they are also affected by the
    Attack." ... "neither are Knights on a Vantage Point" (inside the Zone)."""
    spaces = zone_spaces(state, source, x)
    out = []
    for k in state.living_knights():
        if k.id == source_knight or (k.vp is None and k.space in spaces):
            out.append(k.id)
    return out
