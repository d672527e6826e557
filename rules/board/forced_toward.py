"""Forced movement along shortest paths: Pull, Herd and Gangup (Keyword List)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from rules.board.geometry import Coord, cells_adjacent, fits, footprint, ring
from rules.board.involuntary import is_knight, source_cells, step_knight
from rules.board.knockback import boss_land, boss_step, off_vp, settle_knight, settle_monster
from rules.board.measures import knights_adjacent
from rules.board.monster_movement import monster_move, turn_works, zigzag_paths
from rules.board.move_facts import BoardCause
from rules.board.paths import anchor_field, distance_field
from rules.board.state import BoardState, KnightKeyword, Outcome
from rules.board.work import Work, dedupe, displace_monster, knockdown_works


def _done(works: list[Work]) -> list[Outcome]:
    return [w.outcome() for w in dedupe(works)]


def chain(w: Work, fn: Callable[[BoardState], list[Outcome]]) -> list[Work]:
    """Run a board operation on a working copy, keeping the events and choices so far."""
    out = []
    for o in fn(w.state()):
        c = Work(o.state)
        c.events = w.events + list(o.events)
        c.choices = w.choices + list(o.choices)
        c.path = w.path + [p for p in o.path if not w.path or p != w.path[-1]]
        out.append(c)
    return out


def _knight_walk(
    w: Work,
    kid: str,
    goal: Collection[Coord],
    blocked: Collection[Coord],
    left: int,
    source_id: str,
    on_blocked: str,
) -> list[Work]:
    """Move a Knight up to ``left`` spaces along every zigzag-legal shortest path to ``goal``.

    ``on_blocked`` says what a non-Destructible Obstacle does: "reroute" (Pull: "continues to move
    along the Obstacle's edge along the shortest possible path toward the Source") or "stop"
    (general involuntary movement: "the involuntary movement ends adjacent to the Indestructible
    Obstacle")."""
    k = w.knights[kid]
    if k.dead or k.space is None or left <= 0:
        return settle_knight(w, kid)
    pos = k.space
    bl = set(blocked)
    dist = distance_field(w.spec, [g for g in goal if g not in bl], bl)
    if pos not in dist or dist[pos] == 0:
        return settle_knight(w, kid)
    paths = zigzag_paths(dist, pos, min(left, dist[pos]))
    out: list[Work] = []
    for path in paths:
        c = w.copy()
        if len(paths) > 1:
            c.choose(f"{k.name} is moved via {' '.join(p.label for p in path[1:])}")
        used = 0
        status = "done"
        for nt in path[1:]:
            status = step_knight(c, kid, nt, source_id=source_id, stop_at_minis=False)
            if status != "done":
                break
            used += 1
        if status == "indestructible" and on_blocked == "reroute":
            walls = {x for t in c.terrain.values() if t.is_obstacle and not t.destructible for x in t.cells}
            out.extend(_knight_walk(c, kid, goal, set(blocked) | walls, left - used, source_id, on_blocked))
        else:
            out.extend(settle_knight(c, kid))
    return out


# -- Pull -----------------------------------------------------------------------------------------


def pull(state: BoardState, source: str, target: str, x: int, *, reduction: int = 0) -> list[Outcome]:
    """Pull X: "Move the affected miniature up to X spaces toward the source of the Pull, along the
    shortest possible path ... At the end of the Pull, turn the source to face the affected
    miniature."  "If the affected miniature is or becomes adjacent to the source, the Pull ends."."""
    x = max(0, x - reduction)
    w = Work(state)
    src = source_cells(state, source)
    if not is_knight(state, target):
        return _pull_monster(w, source, target, src, x)
    k = state.knight(target)
    if KnightKeyword.BRACED in k.keywords:
        w.emit("ignored", "braced_ignores", miniature=target, name=k.name, ability="Pull")
        return _done([w])
    if k.vp is not None:
        if k.vp.monster == source:
            w.emit("stopped", "already_adjacent_pull", miniature=target, name=k.name)
            return _done([w])
        starts = off_vp(w, target, state.monster(k.vp.monster))
    else:
        starts = [w]
    goal = ring(state.spec, src)
    res: list[Work] = []
    for s in starts:
        if s.knights[target].space is not None:
            s.path = [s.knights[target].space]  # type: ignore[list-item]
        res.extend(_knight_walk(s, target, goal, src, x, source, "reroute"))
    if not is_knight(state, source):
        res = [r for o in res for r in _face(o, source, target)]
    return _done(res)


def _face(w: Work, source: str, target: str) -> list[Work]:
    k = w.knights[target]
    if k.dead or k.space is None:
        return [w]
    return turn_works([w], source, {k.space})


def _pull_monster(w: Work, source: str, target: str, src: frozenset[Coord], x: int) -> list[Outcome]:
    m = w.monsters[target]
    if m.lumbering:
        w.emit("ignored", "lumbering_pull", miniature=target, name=m.name)
        return _done([w])
    blocked: set[Coord] = set(src)
    if not m.is_boss:
        # Mobs: "if a Mob Monster is involuntarily moved onto a space with a Chasm Terrain tile,
        # that tile is treated as an Indestructible Obstacle."
        for t in w.terrain.values():
            if (t.is_obstacle and not t.destructible) or w.lethal(t.cells[0]):
                blocked |= set(t.cells)
        blocked |= {c for o in w.monsters.values() if o.is_boss and o.id != target for c in o.cells}

    def ok(a: Coord) -> bool:
        return fits(w.spec, a, m.side) and not (footprint(a, m.side) & blocked)

    goals = [a for a in anchor_field(w.spec, m.side, [m.anchor], ok) if cells_adjacent(footprint(a, m.side), src)]
    if not goals:
        w.emit("stopped", "cannot_pull", miniature=target, name=m.name)
        return _done([w])
    dist = anchor_field(w.spec, m.side, goals, ok)
    out: list[Work] = []
    for path in zigzag_paths(dist, m.anchor, min(x, dist.get(m.anchor, 0))):
        c = w.copy()
        crashed: set[str] = set()
        for a in path[1:]:
            if m.is_boss:
                boss_step(c, target, a, crashed)
            else:
                for cell in footprint(a, m.side):
                    obst = c.obstacle_at(cell)
                    if obst is not None:
                        c.destroy(obst, BoardCause(how="pulled_into", name=m.name))
                c.move_monster(target, a)
        c.path = list(path)
        c.emit("move", "pulled_to", miniature=target, spaces=tuple(path), name=m.name, at=path[-1])
        out.extend(settle_monster(c, target, crashed) if not m.is_boss else boss_land(c, target, crashed))
    return _done(out)


# -- Herd and Gangup ---------------------------------------------------------------------------


def herd(state: BoardState, source: str, target: str, x: int) -> list[Outcome]:
    """Herd X: "Move up to X spaces toward the Target. Then, move the Targeted Knight the remaining
    number of spaces, ignoring the source, toward another closest Knight along the shortest path,
    or until adjacent. Treat this as involuntary movement. If the Target is already adjacent to
    another Knight, they suffer Knockdown instead of being moved. Afterward, the source always moves
    adjacent to the Target. If the Target would end this movement on a space occupied by the
    source, the source is Displaced to the previous space the Knight moved through."."""
    return _round_up(state, source, target, x, toward_knights=True)


def gangup(state: BoardState, source: str, target: str, x: int) -> list[Outcome]:
    """Gangup X: as Herd, but "toward another closest Monster" and Knockdown instead "If the Target
    is already adjacent to another Monster"."""
    return _round_up(state, source, target, x, toward_knights=False)


def _round_up(state: BoardState, source: str, target: str, x: int, toward_knights: bool) -> list[Outcome]:
    out: list[Work] = []
    for w in chain(Work(state), lambda s: monster_move(s, source, target, speed=x)):
        moved = max(0, len(w.path) - 1)
        left = x - moved
        st = w.state()
        k = st.knight(target)
        if k.dead:
            out.append(w)
            continue
        if toward_knights:
            others_adjacent = any(knights_adjacent(st, k, o) for o in st.living_knights())
        else:
            others_adjacent = any(
                m.id != source and k.space is not None and cells_adjacent(m.cells, {k.space}) for m in st.monsters
            )
        if others_adjacent:
            staged = knockdown_works(w, target)
        elif left <= 0 or k.space is None or KnightKeyword.BRACED in k.keywords:
            staged = [w]
        else:
            staged = _herd_move(w, source, target, left, toward_knights)
        for s in staged:
            out.extend(chain(s, lambda b: monster_move(b, source, target)))
    return _done(out)


def _herd_move(w: Work, source: str, target: str, left: int, toward_knights: bool) -> list[Work]:
    st = w.state()
    k = st.knight(target)
    assert k.space is not None
    bosses = {c for m in st.monsters if m.is_boss and m.id != source for c in m.cells}
    cands: list[tuple[int, str, frozenset[Coord], set[Coord]]] = []
    if toward_knights:
        groups = [(o.id, frozenset({o.space})) for o in st.living_knights() if o.id != target and o.space is not None]
    else:
        groups = [(m.id, m.cells) for m in st.monsters if m.id != source]
    for gid, cells in groups:
        blocked = (bosses - cells) | set(cells)
        dist = distance_field(st.spec, ring(st.spec, cells) - blocked, blocked)
        if k.space in dist:
            cands.append((dist[k.space], gid, cells, blocked))
    if not cands:
        w.emit("stopped", "nothing_toward", miniature=target, name=k.name)
        return [w]
    best = min(c[0] for c in cands)
    out: list[Work] = []
    for _d, gid, cells, blocked in (c for c in cands if c[0] == best):
        c = w.copy()
        if sum(1 for x in cands if x[0] == best) > 1:
            c.choose(f"{k.name} is moved toward {gid}")
        src_anchor = c.monsters[source].anchor
        before = k.space
        c.path = [before]
        for r in _knight_walk_trail(c, target, ring(st.spec, cells) - blocked, blocked, left, source):
            kk = r.knights[target]
            mon = r.monsters[source]
            if kk.space is not None and kk.space in mon.cells:
                prev = r.path[-2] if len(r.path) > 1 else src_anchor
                out.extend(_source_to_previous(r, source, kk.space, prev))
            else:
                out.append(r)
    return out


def _source_to_previous(w: Work, source: str, kspace: Coord, prev: Coord) -> list[Work]:
    """ "If the Target would end this movement on a space occupied by the source, the source is
    Displaced to the previous space the Knight moved through."  A larger source covers that space
    with any footprint that leaves the Knight's space (players' choice); if none fits, it is
    Displaced as usual (closest empty space)."""
    m = w.monsters[source]
    occ = w.occupied(exclude=[source])
    opts = []
    for dr in range(m.side):
        for dc in range(m.side):
            a = Coord(prev.row - dr, prev.col - dc)
            f = footprint(a, m.side)
            if fits(w.spec, a, m.side) and kspace not in f and not (f & occ):
                opts.append(a)
    if not opts:
        return displace_monster(w, source, closest_only=True)
    out = []
    for a in sorted(opts):
        c = w.copy()
        if len(opts) > 1:
            c.choose(f"Displace {m.name} to {a.label}")
        c.move_monster(source, a)
        c.emit("displace", "displaced", miniature=source, spaces=(a,), name=m.name, at=a)
        out.append(c)
    return out


def _knight_walk_trail(
    w: Work, kid: str, goal: Collection[Coord], blocked: Collection[Coord], left: int, source_id: str
) -> list[Work]:
    """Like the Pull walk, but records the Knight's trail in ``path`` and stops at non-Destructible
    Obstacles; the end-of-movement settle skips the source (handled by the caller)."""
    k = w.knights[kid]
    assert k.space is not None
    dist = distance_field(w.spec, goal, blocked)
    if k.space not in dist or dist[k.space] == 0:
        return [w]
    paths = zigzag_paths(dist, k.space, min(left, dist[k.space]))
    out: list[Work] = []
    for path in paths:
        c = w.copy()
        if len(paths) > 1:
            c.choose(f"{k.name} is moved via {' '.join(p.label for p in path[1:])}")
        for nt in path[1:]:
            if step_knight(c, kid, nt, source_id=source_id, stop_at_minis=False, ignore=[source_id]) != "done":
                break
            c.path.append(nt)
        kk = c.knights[kid]
        if kk.space is not None and kk.space in c.monsters[source_id].cells:
            out.append(c)
        else:
            out.extend(settle_knight(c, kid))
    return out
