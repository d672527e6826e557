"""Drag X and Drag toward (Keyword List), by a Monster on a Knight or by a Knight on a Monster.

"Drag X: If the target is adjacent, the source moves X spaces directly away from the target, then
move the target miniature X spaces along the path the source took. At the end of the Drag, turn
the source to face the affected miniature."
"""

from __future__ import annotations

from rules.board.geometry import CARDINALS, Coord, Direction, cells_adjacent, fits, footprint, manhattan
from rules.board.involuntary import is_knight, step_knight
from rules.board.knockback import away_directions, off_vp, settle_knight, settle_monster
from rules.board.measures import movement_blockers
from rules.board.monster_movement import straight_line, turn_works, zigzag_paths
from rules.board.move_facts import BoardCause
from rules.board.paths import anchor_field, distance_field, footprint_passable
from rules.board.push_monster import blocked_for_mob
from rules.board.state import BoardState, KnightKeyword, Outcome
from rules.board.work import Work, dedupe


def _done(works: list[Work]) -> list[Outcome]:
    return [w.outcome() for w in dedupe(works)]


def drag(
    state: BoardState, source: str, target: str, x: int, *, toward: Coord | None = None, reduction: int = 0
) -> list[Outcome]:
    """Drag X (or, with ``toward``, "Drag toward: Instead of moving straight from the target, the
    Source moves toward and past the specified space along the shortest path, until the Target will
    be able to enter the specified space, or up to the drag value. Then, move the Target along the
    path the source took until adjacent to the Source.").  The source is a Monster (target a
    Knight) or a Knight (target a Monster, see :func:`_knight_drags`)."""
    x = max(0, x - reduction)
    if is_knight(state, source):
        return _done(_knight_drags(state, source, target, x, toward))
    w = Work(state)
    m = state.monster(source)
    k = state.knight(target)
    if not (k.vp is not None and k.vp.monster == source) and (
        k.space is None or not cells_adjacent(m.cells, {k.space})
    ):
        w.emit("stopped", "not_adjacent_drag", miniature=target, name=k.name, other_name=m.name)
        return _done([w])
    if KnightKeyword.BRACED in k.keywords:
        w.emit("ignored", "braced_ignores", miniature=target, name=k.name, ability="Drag")
        return _done([w])
    starts = off_vp(w, target, m) if k.vp is not None else [w]
    out: list[Work] = []
    for s in starts:
        kk = s.knights[target]
        if kk.space is None:
            out.append(s)
            continue
        for d in away_directions({kk.space}, m.cells):
            c = s.copy()
            c.path = [m.anchor]
            contact = kk.space.step(d)
            if toward is None:
                moved = straight_line(c, source, d, x, slid=False, crashed=set())
            else:
                moved = _source_toward(c, source, kk.space, contact, toward, x)
            for mv in moved:
                out.extend(_follow(mv, source, target, contact, x))
    return _done([r for o in out for r in _face(o, source, target)])


def _face(w: Work, source: str, target: str) -> list[Work]:
    k = w.knights[target]
    if k.dead or k.space is None:
        return [w]
    return turn_works([w], source, {k.space})


def _trail(path: list[Coord], contact: Coord) -> list[Coord]:
    """The spaces the target follows: the source's space it touched, moved with the source."""
    a0 = path[0]
    return [contact.shift(a.row - a0.row, a.col - a0.col) for a in path[:-1]]


def _follow(w: Work, mid: str, kid: str, contact: Coord, x: int) -> list[Work]:
    """Move the dragged Knight along the source's path, at most X spaces, stopping before the
    source's final spaces (so it ends adjacent to the source)."""
    final = w.monsters[mid].cells
    mob = not w.monsters[mid].is_boss
    for nt in _trail(list(w.path), contact)[:x]:
        if nt in final:
            break
        if step_knight(w, kid, nt, source_id=mid, stop_at_minis=mob) != "done":
            break
    return settle_knight(w, kid)


def _source_toward(w: Work, mid: str, kspace: Coord, contact: Coord, dest: Coord, x: int) -> list[Work]:
    """The Monster source moves along the shortest path to where its touched space reaches ``dest``,
    then one space past it (any direction but back: the players choose), at most X spaces."""
    m = w.monsters[mid]
    st = w.state()
    blocked = set(movement_blockers(st, m)) | {kspace}
    ok = footprint_passable(w.spec, m.side, blocked)
    goal = m.anchor.shift(dest.row - contact.row, dest.col - contact.col)
    reach = anchor_field(w.spec, m.side, [m.anchor], ok)
    if goal in reach:
        goals = [goal]
        past = True
    else:
        shift = (contact.row - m.anchor.row, contact.col - m.anchor.col)
        score = {a: manhattan([a.shift(*shift)], [dest]) for a in reach}
        best = min(score.values())
        goals = [a for a in reach if score[a] == best]
        past = False
    dist = anchor_field(w.spec, m.side, goals, ok)
    steps = min(x, dist[m.anchor])
    paths = zigzag_paths(dist, m.anchor, steps)
    out: list[Work] = []
    for path in paths:
        full = [list(path)]
        if past and steps < x:
            prev = path[-2] if len(path) > 1 else None
            nxt = [path[-1].step(d) for d in CARDINALS]
            full = [list(path) + [n] for n in nxt if n != prev and ok(n) and fits(w.spec, n, m.side)] or full
        for p in full:
            c = w.copy()
            if len(paths) * len(full) > 1:
                c.choose(f"{m.name} moves via {' '.join(a.label for a in p[1:])}")
            out.extend(_walk_source(c, mid, p))
    return out


def _walk_source(w: Work, mid: str, path: list[Coord]) -> list[Work]:
    from rules.board.knockback import boss_land, boss_step

    crashed: set[str] = set()
    for a in path[1:]:
        boss_step(w, mid, a, crashed)
    m = w.monsters[mid]
    w.path = list(path)
    w.emit("move", "moves_to", miniature=mid, spaces=tuple(path), name=m.name, at=path[-1])
    return boss_land(w, mid, crashed)


# -- A Knight drags a Monster ----------------------------------------------------------------------


def _knight_drags(state: BoardState, source: str, target: str, x: int, toward: Coord | None) -> list[Work]:
    """A Knight drags a Monster.  The Knight's own movement is voluntary (no Obstacles, Chasms or
    miniatures; it stops at the Board Edge); the Monster then follows the Knight's path: "If the
    source is Mob Monster or a Knight, stop resolving Drag if it is about to enter a space occupied
    by another miniature".  A Mob also stops before an Indestructible Obstacle or a Chasm; a Boss
    moves through Obstacles (destroying Destructible ones).  Lumbering: the Knight moves, the
    Monster stays ("Cannot be involuntarily moved")."""
    w = Work(state)
    k = state.knight(source)
    m = state.monster(target)
    if k.space is None or not cells_adjacent({k.space}, m.cells):
        w.emit("stopped", "not_adjacent_drag", miniature=source, name=m.name, other_name=k.name)
        return [w]
    d = away_directions(m.cells, {k.space})[0]
    blocked = w.occupied(exclude=[source]) | {c for t in w.terrain.values() if w.lethal(t.cells[0]) for c in t.cells}
    paths: list[list[Coord]]
    if toward is None:
        path = [k.space]
        while len(path) - 1 < x and w.is_empty(path[-1].step(d), exclude=[source]) and path[-1].step(d) not in blocked:
            path.append(path[-1].step(d))
        paths = [path]
    else:
        paths = _knight_toward_paths(w, source, target, toward, x, blocked)
    out: list[Work] = []
    for p in paths:
        c = w.copy()
        if len(paths) > 1:
            c.choose(f"{k.name} moves via {' '.join(a.label for a in p[1:])}")
        c.move_knight(source, p[-1])
        c.emit("move", "moves_to", miniature=source, spaces=tuple(p), name=k.name, at=p[-1])
        if m.lumbering:
            c.emit("ignored", "lumbering_drag", miniature=target, name=m.name)
            out.append(c)
            continue
        out.extend(_monster_follows(c, source, target, p, d, x))
    return out


def _knight_toward_paths(w: Work, kid: str, mid: str, dest: Coord, x: int, blocked: set[Coord]) -> list[list[Coord]]:
    """The Knight moves toward and past the space its dragged Monster must reach."""
    k = w.knights[kid]
    m = w.monsters[mid]
    assert k.space is not None
    first = away_directions(m.cells, {k.space})[0]
    base = m.anchor.step(first)  # the Monster's anchor after its first step (onto the Knight's start)
    goals = set()
    for r in range(m.side):
        for cc in range(m.side):
            a = Coord(dest.row - r, dest.col - cc)
            goals.add(k.space.shift(a.row - base.row, a.col - base.col))
    dist = distance_field(w.spec, [g for g in goals if g not in blocked or g == k.space], blocked)
    if k.space not in dist:
        return [[k.space]]
    steps = min(x, dist[k.space])
    out = []
    for path in zigzag_paths(dist, k.space, steps):
        if steps < x:
            prev = path[-2] if len(path) > 1 else None
            ext = [
                path + [n]
                for n in (path[-1].step(dd) for dd in CARDINALS)
                if n != prev and w.is_empty(n, exclude=[kid]) and n not in blocked and n not in path
            ]
            out.extend(ext or [path])
        else:
            out.append(path)
    return out


def _monster_follows(w: Work, kid: str, mid: str, kpath: list[Coord], first: Direction, x: int) -> list[Work]:
    from rules.board.knockback import boss_step

    m = w.monsters[mid]
    k0 = kpath[0]
    crashed: set[str] = set()
    anchors = [m.anchor.step(first).shift(p.row - k0.row, p.col - k0.col) for p in kpath[:-1]]
    kfinal = kpath[-1]
    w.path = [m.anchor]
    for a in anchors[:x]:
        mm = w.monsters[mid]
        if not fits(w.spec, a, mm.side):
            break
        f = footprint(a, mm.side)
        entered = f - mm.cells
        if kfinal in f:
            break
        if any(c in w.mini_cells(exclude=[mid]) for c in entered):
            w.emit("stopped", "stops_before_mini", miniature=mid, name=mm.name)
            break
        if not mm.is_boss and any(blocked_for_mob(w, c) for c in entered):
            w.emit("stopped", "stopped_at", miniature=mid, name=mm.name, at=a)
            break
        if mm.is_boss:
            boss_step(w, mid, a, crashed)
        else:
            for c in entered:
                obst = w.obstacle_at(c)
                if obst is not None:
                    w.destroy(obst, BoardCause(how="dragged_into", name=mm.name))
            w.move_monster(mid, a)
        w.path.append(a)
    mm = w.monsters[mid]
    w.emit("move", "dragged_to", miniature=mid, spaces=tuple(w.path), name=mm.name, at=mm.anchor)
    return settle_monster(w, mid, crashed)
