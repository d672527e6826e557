"""Pushback X and Pushback toward (Keyword List), by a Monster on a Knight or by a Knight on a Monster.

"Pushback X: Turn the source toward the affected miniature. Then, move up to X spaces in the
direction of the affected miniature, pushing it in a straight line."
"""

from __future__ import annotations

from rules.board.geometry import Coord, Direction, cells_adjacent, fits, footprint, neighbours, on_board
from rules.board.involuntary import is_knight, step_knight
from rules.board.knockback import away_directions, boss_land, boss_step, off_vp, settle_knight
from rules.board.monster_movement import monster_move, turn_works, zigzag_paths
from rules.board.move_facts import Against, BoardCause
from rules.board.paths import distance_field
from rules.board.push_monster import push_monster
from rules.board.state import BoardState, KnightKeyword, Outcome
from rules.board.work import Work, dedupe


def _done(works: list[Work]) -> list[Outcome]:
    return [w.outcome() for w in dedupe(works)]


def pushback(
    state: BoardState, source: str, target: str, x: int, *, toward: Coord | None = None, reduction: int = 0
) -> list[Outcome]:
    """Pushback X (or, with ``toward``, "Pushback toward: Instead of pushing the Target in a straight
    line, push them along the shortest path to the specified space").

    A Monster pushing a Knight follows every sub-rule of the Keyword List (Other miniatures,
    Terrain, Shortest path, Destructible and Indestructible Obstacles, Board Edge).  A Knight
    pushing a Monster: see :func:`rules.board.push_monster.push_monster`.
    """
    if is_knight(state, source):
        return _done(push_monster(state, source, target, max(0, x - reduction), toward))
    k = state.knight(target)
    if KnightKeyword.BRACED in k.keywords:
        w = Work(state)
        w.emit("ignored", "braced_ignores", miniature=k.id, name=k.name, ability="Pushback")
        return _done([w])
    x = max(0, x - reduction)
    m = state.monster(source)
    starts: list[tuple[Work, int]] = []
    if k.vp is None and k.space is not None and not cells_adjacent(m.cells, {k.space}):
        # "Shortest path: If the affected miniature is not adjacent, move the source in its
        # direction along the shortest possible path."  Those spaces count toward X.
        for o in monster_move(state, source, target, speed=x):
            ww = Work(o.state)
            ww.events, ww.choices, ww.path = list(o.events), list(o.choices), list(o.path)
            starts.append((ww, x - (len(o.path) - 1)))
    else:
        w0 = Work(state)
        w0.path = [m.anchor]
        begun = off_vp(w0, target, m) if k.vp is not None else [w0]
        starts = [(b, x) for b in begun]
    out: list[Work] = []
    for w, left in starts:
        kk = w.knights[target]
        if kk.dead or kk.space is None:
            out.append(w)
            continue
        for turned in turn_works([w], source, {kk.space}):
            mm = turned.monsters[source]
            if not cells_adjacent(mm.cells, {kk.space}):
                out.append(turned)
                continue
            if toward is not None:
                out.extend(_push_toward(turned, source, target, toward, left, set()))
                continue
            for d in away_directions(mm.cells, {kk.space}):
                out.extend(_push_steps(turned, source, target, d, left, set()))
    return _done(out)


def _push_steps(w: Work, mid: str, kid: str, d: Direction, left: int, crashed: set[str]) -> list[Work]:
    m = w.monsters[mid]
    mob = not m.is_boss
    while left > 0:
        m = w.monsters[mid]
        k = w.knights[kid]
        if k.dead or k.space is None:
            return boss_land(w, mid, crashed)
        t = k.space
        nt = t.step(d)
        nxt_anchor = m.anchor.step(d)
        if not fits(w.spec, nxt_anchor, m.side):
            break
        if not on_board(w.spec, nt):
            if d.edge in w.spec.boundless_edges:
                if KnightKeyword.LIFELINE in k.keywords:
                    w.emit("ignored", "lifeline_edge", miniature=kid, name=k.name)
                else:
                    w.kill(kid, BoardCause(how="pushed_off_boundless"))
                break
            return _sidestep(w, mid, kid, d, left, crashed, "edge", kill=not mob)
        status = step_knight(w, kid, nt, source_id=mid, stop_at_minis=mob)
        if status == "indestructible":
            if mob:
                break  # "stop the Pushback instead, and that Knight suffers Crash" (Crash applied)
            return _sidestep(w, mid, kid, d, left, crashed, "indestructible", kill=True)
        if status in ("stopped", "dead", "edge"):
            if status == "dead":
                boss_step(w, mid, nxt_anchor, crashed)
                w.path.append(nxt_anchor)
            break
        boss_step(w, mid, nxt_anchor, crashed)
        w.path.append(nxt_anchor)
        left -= 1
    return _end(w, mid, kid, crashed)


def _end(w: Work, mid: str, kid: str, crashed: set[str]) -> list[Work]:
    mm = w.monsters[mid]
    w.emit("move", "ends_pushback", miniature=mid, spaces=tuple(w.path), name=mm.name, at=mm.anchor)
    return [r for s in settle_knight(w, kid) for r in boss_land(s, mid, crashed)]


def _sidestep(
    w: Work, mid: str, kid: str, d: Direction, left: int, crashed: set[str], what: Against, kill: bool
) -> list[Work]:
    """Board Edge / Indestructible Obstacle: "Displaced to an adjacent space in a way that would allow
    the source of Pushback to move onto a space previously occupied by the affected miniature, then
    continue Pushback."  The Pushback then continues toward the Knight's new space."""
    m = w.monsters[mid]
    k = w.knights[kid]
    assert k.space is not None
    t = k.space
    nxt_anchor = m.anchor.step(d)
    newfoot = footprint(nxt_anchor, m.side)
    occ = w.occupied(exclude=[kid, mid])
    opts = [n for n in neighbours(w.spec, t) if n not in occ and n not in newfoot and n not in m.cells]
    if not opts:
        if kill:
            w.kill(kid, BoardCause(how="pushed_against", against=what))
            boss_step(w, mid, nxt_anchor, crashed)
            w.path.append(nxt_anchor)
            return boss_land(w, mid, crashed)
        w.emit("stopped", "pushback_stops", miniature=mid, against=what)
        return _end(w, mid, kid, crashed)
    out: list[Work] = []
    for sp in opts:
        c = w.copy()
        if len(opts) > 1:
            c.choose(f"Displace {k.name} to {sp.label}")
        c.move_knight(kid, sp)
        c.emit("displace", "displaced_at", miniature=kid, spaces=(sp,), name=k.name, at=sp, against=what)
        boss_step(c, mid, nxt_anchor, set(crashed))
        c.path.append(nxt_anchor)
        mm = c.monsters[mid]
        for nd in away_directions(mm.cells, {sp}):
            out.extend(_push_steps(c.copy(), mid, kid, nd, left - 1, set(crashed)))
    return out


# -- Pushback toward ---------------------------------------------------------------------------


def _toward_paths(w: Work, mid: str, kid: str, dest: Coord, left: int) -> list[list[Coord]]:
    """Zigzag-legal shortest paths of the pushed Knight to ``dest``.  The path goes around the
    source, other Boss Monsters and Obstacles that are not Destructible (the Knight can never be
    pushed through those); when that leaves no path, only the source is avoided."""
    k = w.knights[kid]
    assert k.space is not None
    src = w.monsters[mid].cells
    walls = {c for t in w.terrain.values() if t.is_obstacle and not t.destructible for c in t.cells}
    bosses = {c for m in w.monsters.values() if m.is_boss and m.id != mid for c in m.cells}
    for blocked in (set(src) | walls | bosses, set(src)):
        dist = distance_field(w.spec, [dest], blocked - {dest})
        if k.space in dist:
            return zigzag_paths(dist, k.space, min(left, dist[k.space]))
    return []


def follow(w: Work, mid: str, old: Coord, new: Coord, crashed: set[str]) -> None:
    """The pushing source moves one space after the Knight stepped from ``old`` to ``new``: onto
    ``old`` (the space the Knight left) when its footprint can cover it without covering ``new``,
    otherwise one space in the Knight's direction of movement (ruling, docs/rulings.md)."""
    m = w.monsters[mid]
    cands = [m.anchor.step(d) for d in away_directions(m.cells, {old})]
    cands += [m.anchor.shift(new.row - old.row, new.col - old.col)]
    for a in cands:
        f = footprint(a, m.side)
        if fits(w.spec, a, m.side) and old in f | m.cells and new not in f:
            if m.is_boss:
                boss_step(w, mid, a, crashed)
            else:
                w.move_monster(mid, a)
            w.path.append(a)
            return


def _push_toward(w: Work, mid: str, kid: str, dest: Coord, left: int, crashed: set[str]) -> list[Work]:
    mob = not w.monsters[mid].is_boss
    paths = _toward_paths(w, mid, kid, dest, left)
    if not paths:
        w.emit("stopped", "no_path_toward", miniature=kid, at=dest)
        return _end(w, mid, kid, crashed)
    out: list[Work] = []
    k = w.knights[kid]
    for path in paths:
        c = w.copy()
        cr = set(crashed)
        if len(paths) > 1:
            c.choose(f"{k.name} is pushed via {' '.join(p.label for p in path[1:])}")
        rerouted = False
        for used, nt in enumerate(path[1:]):
            old = c.knights[kid].space
            assert old is not None
            status = step_knight(c, kid, nt, source_id=mid, stop_at_minis=mob)
            if status == "indestructible" and not mob:
                d = Direction.N
                for dd in Direction:
                    if old.step(dd) == nt:
                        d = dd
                out.extend(_sidestep_toward(c, mid, kid, d, dest, left - used, cr))
                rerouted = True
                break
            if status != "done":
                if status == "dead":
                    follow(c, mid, old, nt, cr)
                break
            follow(c, mid, old, nt, cr)
        if not rerouted:
            out.extend(_end(c, mid, kid, cr))
    return out


def _sidestep_toward(
    w: Work, mid: str, kid: str, d: Direction, dest: Coord, left: int, crashed: set[str]
) -> list[Work]:
    """A Boss pushes a Knight toward a space into an Indestructible Obstacle (only when no path
    avoids it): the Knight is Displaced as in the straight Pushback, then pushed on toward ``dest``."""
    out: list[Work] = []
    for r in _sidestep(w, mid, kid, d, 1, crashed, "indestructible", kill=True):
        kk = r.knights[kid]
        if kk.dead or kk.space is None or left - 1 <= 0 or kk.space == dest:
            out.append(r)
            continue
        out.extend(_push_toward(r, mid, kid, dest, left - 1, set(crashed)))
    return out
