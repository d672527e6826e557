"""Monster turning and movement (rulebook "Monster Turning", "3. Monster Movement" and "Monster
Movement Types").

Every function returns ``list[Outcome]``: one per legal result the players may choose between
("If two or more routes are considered equally short, the players choose which one to use").
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from content.schema.board import TerrainKeyword
from rules.board.geometry import (
    CARDINALS,
    Coord,
    Direction,
    dominant_directions,
    fits,
    footprint,
    manhattan,
)
from rules.board.knockback import boss_land, boss_step, edge_turns
from rules.board.los import knight_cells
from rules.board.measures import movement_blockers
from rules.board.move_facts import Aim
from rules.board.paths import anchor_field, anchor_steps, covering
from rules.board.state import BoardState, Monster, Outcome
from rules.board.work import Work, dedupe

MAX_PATHS = 256


def facing_toward(monster_cells: Collection[Coord], target: Collection[Coord]) -> list[Direction]:
    """Directions that turn a Monster "toward the Target".

    Target in the Monster's row band: east/west; in its column band: north/south; diagonal: the axis
    with the larger gap; equal gaps: both (the players choose).  Overlapping: no turn (empty list).
    """
    rows, cols = [c.row for c in monster_cells], [c.col for c in monster_cells]
    t_rows, t_cols = [c.row for c in target], [c.col for c in target]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    t_top, t_bottom, t_left, t_right = min(t_rows), max(t_rows), min(t_cols), max(t_cols)
    vr = t_top - bottom if t_top > bottom else (t_bottom - top if t_bottom < top else 0)
    vc = t_left - right if t_left > right else (t_right - left if t_right < left else 0)
    if vr == 0 and vc == 0:
        return []
    return dominant_directions(vr, vc)


def turn_works(works: list[Work], monster_id: str, target: Collection[Coord]) -> list[Work]:
    out = []
    for w in works:
        m = w.monsters[monster_id]
        dirs = facing_toward(m.cells, target)
        if not dirs:
            out.append(w)
            continue
        for d in dirs:
            c = w.copy()
            if len(dirs) > 1:
                c.choose(f"{m.name} faces {d.value}")
            if d != m.facing:
                c.monsters[monster_id] = m.model_copy(update={"facing": d})
                c.emit("turn", "turns", miniature=m.id, name=m.name, direction=d)
            out.append(c)
    return out


def turn_toward(state: BoardState, monster_id: str, target: str | Collection[Coord]) -> list[Outcome]:
    """Turn the Monster toward a Knight (id) or spaces, without moving it."""
    w = Work(state)
    return [r.outcome() for r in turn_works([w], monster_id, target_cells(state, target))]


def turn_to(state: BoardState, monster_id: str, facing: Direction) -> BoardState:
    """ "In the designated direction when another effect instructs you to turn it"."""
    m = state.monster(monster_id)
    mons = tuple(x.model_copy(update={"facing": facing}) if x.id == monster_id else x for x in state.monsters)
    return state.model_copy(update={"monsters": mons}) if m.facing != facing else state


def target_cells(state: BoardState, target: str | Collection[Coord]) -> frozenset[Coord]:
    if isinstance(target, str):
        ids = {k.id for k in state.knights}
        if target in ids:
            return knight_cells(state, state.knight(target))
        return state.monster(target).cells
    return frozenset(target)


# -- paths ----------------------------------------------------------------------------------------


def zigzag_paths(dist: dict[Coord, int], start: Coord, steps: int, limit: int = MAX_PATHS) -> list[list[Coord]]:
    """Every shortest path (anchor sequence, start included) the zigzag rule allows, cut to ``steps``.

    "it will move in a 'zigzag' pattern toward its Target, switching the movement axis after each
    space traveled. In such cases, the players may choose the starting direction of movement. The
    Monster stops 'zigzag' movement if it would cause it to get further away from the Target. Then,
    if there is still more than one valid path to choose (none of them is shorter), players decide
    which one it will take."  ``dist`` holds steps-to-goal for every passable anchor.
    """
    out: list[list[Coord]] = []

    def walk(path: list[Coord], axis: bool | None, zig: bool) -> None:
        if len(out) >= limit:
            return
        cur = path[-1]
        if len(path) - 1 == steps or dist[cur] == 0:
            out.append(list(path))
            return
        valid = [(d, cur.step(d)) for d in CARDINALS if dist.get(cur.step(d)) == dist[cur] - 1]
        still_zig = zig
        if axis is not None and zig:
            switched = [(d, n) for d, n in valid if d.horizontal != axis]
            if switched:
                valid = switched
            else:
                still_zig = False
        for d, n in valid:
            path.append(n)
            walk(path, d.horizontal, still_zig)
            path.pop()

    walk([start], None, True)
    return out


def _speed(w: Work, m: Monster, speed: int | None) -> int | None:
    """ "Monsters on Difficult Terrain have -1 Speed." (Speed applies when the Monster starts its
    movement on a Difficult Terrain tile; see docs/rulings.md, "The Clash Board")."""
    if speed is None or m.ignores_difficult_terrain:
        return speed
    if any(w.has(c, TerrainKeyword.DIFFICULT_TERRAIN) for c in m.cells):
        w.emit("stopped", "difficult", miniature=m.id, name=m.name)
        return max(0, speed - 1)
    return speed


def walk_toward(
    state: BoardState,
    monster_id: str,
    goal: Callable[[Coord], bool],
    closeness: Callable[[Coord], int],
    face: Collection[Coord] | None,
    speed: int | None,
    jump: bool = False,
    what: Aim | None = None,
) -> list[Outcome]:
    """Move a Monster along every legal shortest path to the nearest anchor satisfying ``goal``.

    When no goal anchor is reachable the Monster "tries to move as close to the Target as
    possible": the reachable anchors with the smallest ``closeness`` become the goal.
    """
    w0 = Work(state)
    m = w0.monsters[monster_id]
    spd = _speed(w0, m, speed)
    side = m.side
    fitting = anchor_steps(state.spec.rows, state.spec.columns, side)  # its keys: the anchors where it fits
    blocked = covering(side, movement_blockers(state, m))
    taken = covering(side, movement_blockers(state, m, standing=True))

    def standable(a: Coord) -> bool:
        return a in fitting and a not in taken

    reach = anchor_field(state.spec, side, [m.anchor], avoid=blocked)
    stand = [a for a in reach if a == m.anchor or a not in taken]  # every anchor reached but the start fits
    goals = [a for a in stand if goal(a)]
    if not goals:
        best = min(closeness(a) for a in stand)
        goals = [a for a in stand if closeness(a) == best]
    dist = anchor_field(state.spec, side, goals, avoid=blocked)
    full = dist.get(m.anchor, 0)
    steps = full if spd is None else min(spd, full)
    w0.path = [m.anchor]
    paths = zigzag_paths(dist, m.anchor, steps) if steps else []
    for p in paths:  # Bypass: never end on another miniature; stop on the last free space
        while len(p) > 1 and not standable(p[-1]):
            p.pop()
    paths = [p for i, p in enumerate(paths) if p not in paths[:i]]
    if steps == 0 or all(len(p) == 1 for p in paths):
        works = [w0]
        w0.emit("stopped", "no_move", miniature=m.id, name=m.name, aim=what)
    else:
        works = []
        for path in paths:
            w = w0.copy()
            if len(paths) > 1:
                w.choose(f"{m.name} moves via {' '.join(p.label for p in path[1:])}")
            crashed: set[str] = set()
            for a in path[1:]:
                boss_step(w, monster_id, a, crashed, jump=jump)
            w.path = list(path)
            w.emit("move", "moves_spaces", miniature=m.id, spaces=tuple(path), name=m.name, number=len(path) - 1,
                   at=path[-1], aim=what)
            works.extend(boss_land(w, monster_id, crashed, jump=jump))
    if face:
        works = turn_works(works, monster_id, face)
    return [w.outcome() for w in dedupe(works)]


def monster_move(
    state: BoardState,
    monster_id: str,
    target: str | Collection[Coord],
    *,
    speed: int | None = None,
    range_: int | None = None,
    jump: bool = False,
) -> list[Outcome]:
    """Move: "A Monster always performs its movement and tries to move as close to the Target as
    possible, stopping when they become adjacent ... a Monster performing a Ranged Attack will stop
    as soon as it is within range!"  ``speed`` None means no limit; ``range_`` is the Ranged X."""
    tcells = target_cells(state, target)
    m = state.monster(monster_id)
    if not tcells:  # the Target is dead (or gone): there is nothing to move toward
        w = Work(state)
        w.path = [m.anchor]
        w.emit("stopped", "no_target", miniature=m.id, name=m.name)
        return [w.outcome()]
    if m.always_there and range_ is None:
        # Always There: "always considered adjacent to the Knight" - the Move ends at once.
        w = Work(state)
        w.path = [m.anchor]
        w.emit("stopped", "always_there", miniature=m.id, name=m.name)
        return [x.outcome() for x in turn_works([w], monster_id, tcells)]
    side = m.side  # asked once: the goal is tested on every anchor the Monster reaches
    if range_ is not None:
        r = range_

        def goal(a: Coord) -> bool:
            return manhattan(footprint(a, side), tcells) <= r
    else:
        # the spaces next to the Target, once: "adjacent" is a footprint touching them without standing on it
        near = frozenset(c.step(d) for c in tcells for d in CARDINALS) - tcells

        def goal(a: Coord) -> bool:
            f = footprint(a, side)
            return bool(f & near) and not (f & tcells)

    def closeness(a: Coord) -> int:
        return manhattan(footprint(a, side), tcells)

    return walk_toward(state, monster_id, goal, closeness, tcells, speed, jump)


def monster_move_to(
    state: BoardState,
    monster_id: str,
    destination: Collection[Coord],
    *,
    speed: int | None = None,
    jump: bool = False,
    face: str | Collection[Coord] | None = None,
) -> list[Outcome]:
    """Move to X: "Perform movement to the designated area".  The Monster ends with its footprint
    on a destination space (any of them, nearest first)."""
    m = state.monster(monster_id)
    dest = frozenset(destination)

    def goal(a: Coord) -> bool:
        return bool(footprint(a, m.side) & dest)

    def closeness(a: Coord) -> int:
        return manhattan(footprint(a, m.side), dest)

    fc = target_cells(state, face) if face is not None else None
    return walk_toward(state, monster_id, goal, closeness, fc, speed, jump, "area")


def monster_move_direction(state: BoardState, monster_id: str, direction: Direction, distance: int) -> list[Outcome]:
    """Move X spaces in the indicated direction.  "If any effect would cause the Monster to move past
    a Board Edge, it will continue the movement along the edge prioritizing a direction that will
    initially lead it away from the most Knights (if possible)."."""
    w = Work(state)
    m = w.monsters[monster_id]
    w.path = [m.anchor]
    works = straight_line(w, monster_id, direction, distance, slid=False, crashed=set())
    return [x.outcome() for x in dedupe(works)]


def away_from_most_knights(w: Work, m: Monster, heading: Direction) -> list[Direction]:
    """Perpendicular directions along the Board Edge, preferring the side with fewer Knights."""
    options = edge_turns(w, m.cells, heading, m.cells)
    if len(options) < 2:
        return options
    counts: dict[Direction, int] = {}
    for d in options:
        counts[d] = sum(1 for k in w.knights.values() if not k.dead and k.space is not None and _beyond(m, d, k.space))
    fewest = min(counts.values())
    return [d for d in options if counts[d] == fewest]


def _beyond(m: Monster, d: Direction, sp: Coord) -> bool:
    """Whether ``sp`` lies beyond the Monster's side facing ``d``."""
    if d == Direction.N:
        return sp.row < m.anchor.row
    if d == Direction.S:
        return sp.row > m.anchor.row + m.side - 1
    if d == Direction.W:
        return sp.col < m.anchor.col
    return sp.col > m.anchor.col + m.side - 1


def straight_line(w: Work, mid: str, d: Direction, left: int, slid: bool, crashed: set[str]) -> list[Work]:
    while left > 0:
        m = w.monsters[mid]
        nxt = m.anchor.step(d)
        if not fits(w.spec, nxt, m.side):
            if slid:
                break
            turns = away_from_most_knights(w, m, d)
            if not turns:
                break
            res = []
            for t in turns:
                c = w.copy()
                if len(turns) > 1:
                    c.choose(f"{m.name} continues {t.value} along the Board Edge")
                c.emit("edge_slide", "edge_continues", miniature=mid, name=m.name, direction=t)
                res.extend(straight_line(c, mid, t, left, True, set(crashed)))
            return res
        if not m.is_boss and nxt not in footprint_passable_set(w, m):
            w.emit("stopped", "blocked_at", miniature=mid, name=m.name, at=nxt)
            break
        boss_step(w, mid, nxt, crashed)
        w.path.append(nxt)
        left -= 1
    m = w.monsters[mid]
    w.emit("move", "ends_movement", miniature=mid, spaces=tuple(w.path), name=m.name, at=m.anchor)
    return boss_land(w, mid, crashed)


def footprint_passable_set(w: Work, m: Monster) -> set[Coord]:
    """Anchors a Mob may step to (its footprint free of miniatures and Obstacles)."""
    blocked = w.occupied(exclude=[m.id])
    out = set()
    for d in CARDINALS:
        a = m.anchor.step(d)
        if fits(w.spec, a, m.side) and not (footprint(a, m.side) & blocked):
            out.add(a)
    return out
