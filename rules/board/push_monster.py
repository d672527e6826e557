"""A Knight pushes a Monster: Pushback X and Pushback toward with a Knight as the source.

"A single effect can be a voluntary movement for one miniature and involuntary for another. For
example, when a Knight performs Pushback against a Monster, it is a voluntary movement for the
Knight, and involuntary for the Monster."
"""

from __future__ import annotations

from typing import Literal

from content.schema.board import TerrainKeyword
from rules.board.geometry import Coord, Direction, cells_adjacent, fits, footprint
from rules.board.knockback import away_directions, boss_step, settle_monster
from rules.board.monster_movement import zigzag_paths
from rules.board.move_facts import BoardCause
from rules.board.paths import anchor_field
from rules.board.state import BoardState
from rules.board.work import Work

StepStatus = Literal["done", "edge", "stopped"]


def push_monster(state: BoardState, source: str, target: str, x: int, toward: Coord | None = None) -> list[Work]:
    """A Knight pushes a Monster X spaces: the Monster moves away from the Knight (or, with
    ``toward``, along the shortest path until it covers that space) and the Knight follows.

    - A Mob stops before Indestructible Obstacles and Chasms: "If a Mob Monster is about to be
      pushed into an Indestructible Obstacle by a Knight, stop the Pushback instead"; Mobs treat
      a Chasm as an Indestructible Obstacle.  A Boss moves through Obstacles, Knights and Mobs.
    - Board Edge: "If a Knight or a Monster is about to be pushed into the Board Edge, they are
      Displaced to an adjacent space in a way that would allow the source of Pushback to move onto
      a space previously occupied by the affected miniature, then continue Pushback. If
      displacement is impossible: if the source is a Knight, the Pushback stops".
    - Lumbering: "Cannot be involuntarily moved."  Monsters do not turn when moved forcefully.
    """
    w = Work(state)
    k = state.knight(source)
    m = state.monster(target)
    if m.lumbering:
        w.emit("ignored", "lumbering_push", miniature=m.id, name=m.name)
        return [w]
    if k.space is None or not cells_adjacent({k.space}, m.cells):
        w.emit("stopped", "not_adjacent", miniature=k.id, name=k.name, other_name=m.name)
        return [w]
    w.path = [m.anchor]
    if toward is not None:
        return _toward(w, source, target, x, toward)
    d = away_directions({k.space}, m.cells)[0]
    return _steps(w, source, target, d, x, set())


def blocked_for_mob(w: Work, c: Coord) -> bool:
    o = w.obstacle_at(c)
    mon = w.monster_at(c)
    return (o is not None and not o.destructible) or w.lethal(c) or (mon is not None and mon.is_boss)


def _step(w: Work, kid: str, mid: str, d: Direction, crashed: set[str], follow: bool = True) -> StepStatus:
    """Move the Monster one space in ``d`` (and the Knight after it, when ``follow``)."""
    mm = w.monsters[mid]
    nxt = mm.anchor.step(d)
    if not fits(w.spec, nxt, mm.side):
        return "edge"
    entered = footprint(nxt, mm.side) - mm.cells
    if not mm.is_boss and any(blocked_for_mob(w, c) and w.monster_at(c) != mm for c in entered):
        w.emit("stopped", "stopped_by", miniature=mid, name=mm.name, at=nxt)
        for c in entered:
            for t in w.terrain_at(c):
                if t.is_obstacle or t.has(TerrainKeyword.CHASM):
                    w.emit("terrain_entered", "pushed_against", miniature=mid, terrain=t.id, name=mm.name,
                           other_name=t.name)
        return "stopped"
    kk = w.knights[kid]
    assert kk.space is not None
    old_k = kk.space
    if mm.is_boss:
        boss_step(w, mid, nxt, crashed)
    else:
        for c in entered:
            obst = w.obstacle_at(c)
            if obst is not None:
                w.destroy(obst, BoardCause(how="pushed_into", name=mm.name))
        w.move_monster(mid, nxt)
    w.path.append(nxt)
    if follow:
        nk = old_k.step(d)
        if _knight_may_enter(w, kid, nk):
            w.move_knight(kid, nk)
    return "done"


def _knight_may_enter(w: Work, kid: str, sp: Coord) -> bool:
    """The pushing Knight's own movement is voluntary: no Obstacle, Chasm, Boundless or miniature."""
    return w.is_empty(sp, exclude=[kid]) and not w.lethal(sp)


def _steps(w: Work, kid: str, mid: str, d: Direction, left: int, crashed: set[str]) -> list[Work]:
    while left > 0:
        status = _step(w, kid, mid, d, crashed)
        if status == "edge":
            return _sidestep(w, kid, mid, d, left, crashed)
        if status != "done":
            break
        left -= 1
    mm = w.monsters[mid]
    w.emit("move", "pushed_to", miniature=mid, spaces=tuple(w.path), name=mm.name, at=mm.anchor)
    return settle_monster(w, mid, crashed)


def _sidestep(w: Work, kid: str, mid: str, d: Direction, left: int, crashed: set[str]) -> list[Work]:
    """The Monster reaches the Board Edge: Displace it one space sideways so that the space in front
    of the Knight is free, the Knight moves onto it, and the Pushback continues toward the Monster."""
    m = w.monsters[mid]
    k = w.knights[kid]
    assert k.space is not None
    front = k.space.step(d)
    occ = w.occupied(exclude=[mid])
    opts = []
    for p in d.perpendicular:
        a = m.anchor.step(p)
        f = footprint(a, m.side)
        if fits(w.spec, a, m.side) and front not in f and not ((f - m.cells) & occ):
            opts.append(a)
    if not opts:
        w.emit("stopped", "no_edge_displace", miniature=mid, name=m.name)
        return settle_monster(w, mid, crashed)
    out: list[Work] = []
    for a in opts:
        c = w.copy()
        if len(opts) > 1:
            c.choose(f"Displace {m.name} to {a.label}")
        c.move_monster(mid, a)
        c.path.append(a)
        c.emit("displace", "displaced_at_edge", miniature=mid, spaces=(a,), name=m.name, at=a)
        if _knight_may_enter(c, kid, front):
            c.move_knight(kid, front)
        kk = c.knights[kid]
        mm = c.monsters[mid]
        assert kk.space is not None
        if left - 1 <= 0 or not cells_adjacent({kk.space}, mm.cells):
            out.extend(settle_monster(c, mid, set(crashed)))
            continue
        nd = away_directions({kk.space}, mm.cells)[0]
        out.extend(_steps(c, kid, mid, nd, left - 1, set(crashed)))
    return out


def _toward(w: Work, kid: str, mid: str, x: int, dest: Coord) -> list[Work]:
    """Pushback toward with a Knight source: the Monster's footprint moves along the shortest path
    until it covers ``dest``; the Knight moves in the same direction after each step when it can
    (ruling, docs/rulings.md)."""
    m = w.monsters[mid]
    k = w.knights[kid]
    assert k.space is not None
    ks = k.space

    def ok(a: Coord) -> bool:
        if not fits(w.spec, a, m.side):
            return False
        f = footprint(a, m.side)
        if ks in f:
            return False
        return m.is_boss or not any(blocked_for_mob(w, c) for c in f - m.cells)

    reach = anchor_field(w.spec, m.side, [m.anchor], ok)
    goals = [a for a in reach if dest in footprint(a, m.side)]
    if not goals:
        w.emit("stopped", "cannot_push_toward", miniature=mid, name=m.name, at=dest)
        return settle_monster(w, mid, set())
    dist = anchor_field(w.spec, m.side, goals, ok)
    paths = zigzag_paths(dist, m.anchor, min(x, dist[m.anchor]))
    out: list[Work] = []
    for path in paths:
        c = w.copy()
        crashed: set[str] = set()
        if len(paths) > 1:
            c.choose(f"{m.name} is pushed via {' '.join(p.label for p in path[1:])}")
        for a, b in zip(path, path[1:], strict=False):
            d = next(dd for dd in Direction if a.step(dd) == b)
            if _step(c, kid, mid, d, crashed, follow=False) != "done":
                break
            kk = c.knights[kid]
            assert kk.space is not None
            nk = kk.space.step(d)
            if _knight_may_enter(c, kid, nk) and nk not in c.monsters[mid].cells:
                c.move_knight(kid, nk)
        out.extend(settle_monster(c, mid, crashed))
    return out
