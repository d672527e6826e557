"""Forced (involuntary) movement: Knockback, Pushback, Drag, Displace, Forced Vault.

Pull, Herd and Gangup live in :mod:`rules.board.forced_toward`.  Each public function takes the
board and miniature ids and returns ``list[Outcome]`` (several when the players must choose).
"""

from __future__ import annotations

from rules.board.geometry import Coord, Direction, cells_adjacent, fits, footprint, neighbours, on_board
from rules.board.involuntary import is_knight, source_cells, step_knight
from rules.board.knockback import (
    away_directions,
    boss_land,
    boss_step,
    knockback_monster,
    off_vp,
    settle_knight,
    settle_monster,
)
from rules.board.knockback import knockback as _knockback_knight
from rules.board.monster_movement import _straight, _turn, monster_move
from rules.board.state import BoardState, KnightKeyword, Outcome
from rules.board.work import Work, dedupe, displace_knight, displace_monster


def _done(works: list[Work]) -> list[Outcome]:
    return [w.outcome() for w in dedupe(works)]


def knockback(
    state: BoardState,
    target: str,
    source: str,
    x: int,
    *,
    direction: Direction | None = None,
    reduction: int = 0,
) -> list[Outcome]:
    """Knockback X from ``source`` (a miniature id) on a Knight or Monster.

    ``direction`` gives a directional Knockback ("or in a specified direction"); ``reduction`` is
    the total Involuntary Movement Reduction ("all of these effects can be combined").  Knights with
    Stalwart get an extra Outcome in which they ignore it; Braced Knights and Lumbering Monsters
    are not moved.
    """
    w = Work(state)
    src = source_cells(state, source)
    name = _name(state, source)
    if is_knight(state, target):
        return _done(_knockback_knight(w, target, src, x, source_name=name, direction=direction, reduction=reduction))
    return _done(knockback_monster(w, target, src, x, direction=direction, reduction=reduction))


def knockback_to_the_side(state: BoardState, target: str, source: str, x: int, *, reduction: int = 0) -> list[Outcome]:
    """ "Knockback to the side: Instead of moving the target miniature in a straight line from the
    Monster, move perpendicularly from the straight line a normal Knockback would use in the
    direction that leads the target directly away from the source."  When both sides are equally
    away, the players choose."""
    src = source_cells(state, source)
    tcells = source_cells(state, target)
    out: list[Outcome] = []
    for d in away_directions(src, tcells):
        sides = list(d.perpendicular)
        out.extend(
            o for side in sides for o in knockback(state, target, source, x, direction=side, reduction=reduction)
        )
    return out


def _name(state: BoardState, mini: str) -> str:
    return state.knight(mini).name if is_knight(state, mini) else state.monster(mini).name


# -- Displace ------------------------------------------------------------------------------------


def displace(state: BoardState, target: str) -> list[Outcome]:
    """Displace: "Move the Displaced Target to an empty space adjacent to its current position. If a
    Knight is Displaced and there is no space they can legally be Displaced to, they die instead.
    If a Monster is Displaced and there is no space it can legally be Displaced to, place it on the
    closest empty space instead."  One Outcome per space the players may choose."""
    w = Work(state)
    if is_knight(state, target):
        k = state.knight(target)
        if k.vp is not None:
            return _done(off_vp(w, target, state.monster(k.vp.monster)))
        return _done(displace_knight(w, target))
    return _done(displace_monster(w, target))


# -- Pushback ----------------------------------------------------------------------------------


def pushback(state: BoardState, source: str, target: str, x: int, *, reduction: int = 0) -> list[Outcome]:
    """Pushback X: "Turn the source toward the affected miniature. Then, move up to X spaces in the
    direction of the affected miniature, pushing it in a straight line."

    A Monster pushing a Knight follows every sub-rule of the Keyword List (Other miniatures,
    Terrain, Shortest path, Destructible and Indestructible Obstacles, Board Edge).  A Knight
    pushing a Monster is resolved with the same Board Edge rule; see :func:`_push_monster`.
    """
    if is_knight(state, source):
        return _push_monster(state, source, target, max(0, x - reduction))
    k = state.knight(target)
    if KnightKeyword.BRACED in k.keywords:
        w = Work(state)
        w.emit("ignored", f"{k.name} is Braced and ignores Pushback.", miniature=k.id)
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
        for turned in _turn([w], source, {kk.space}):
            mm = turned.monsters[source]
            if not cells_adjacent(mm.cells, {kk.space}):
                out.append(turned)
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
                    w.emit("ignored", f"{k.name} uses Lifeline and stops at the Boundless Board Edge.", miniature=kid)
                else:
                    w.kill(kid, "pushed off the Boundless Board Edge")
                break
            return _sidestep(w, mid, kid, d, left, crashed, "the Board Edge", kill=not mob)
        status = step_knight(w, kid, nt, source_id=mid, stop_at_minis=mob)
        if status == "indestructible":
            if mob:
                break  # "stop the Pushback instead, and that Knight suffers Crash" (Crash applied)
            return _sidestep(w, mid, kid, d, left, crashed, "the Indestructible Obstacle", kill=True, crash=False)
        if status in ("stopped", "dead", "edge"):
            if status == "dead":
                boss_step(w, mid, nxt_anchor, crashed)
                w.path.append(nxt_anchor)
            break
        boss_step(w, mid, nxt_anchor, crashed)
        w.path.append(nxt_anchor)
        left -= 1
    mm = w.monsters[mid]
    w.emit("move", f"{mm.name} ends the Pushback on {mm.anchor.label}.", miniature=mid, spaces=tuple(w.path))
    return [r for s in settle_knight(w, kid) for r in boss_land(s, mid, crashed)]


def _sidestep(
    w: Work, mid: str, kid: str, d: Direction, left: int, crashed: set[str], what: str, kill: bool, crash: bool = False
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
            w.kill(kid, f"pushed against {what} with nowhere to be Displaced")
            boss_step(w, mid, nxt_anchor, crashed)
            w.path.append(nxt_anchor)
            return boss_land(w, mid, crashed)
        w.emit("stopped", f"The Pushback stops at {what}.", miniature=mid)
        return [r for s in settle_knight(w, kid) for r in boss_land(s, mid, crashed)]
    out: list[Work] = []
    for sp in opts:
        c = w.copy()
        if len(opts) > 1:
            c.choose(f"Displace {k.name} to {sp.label}")
        c.move_knight(kid, sp)
        c.emit("displace", f"{k.name} is Displaced to {sp.label} at {what}.", miniature=kid, spaces=(sp,))
        boss_step(c, mid, nxt_anchor, set(crashed))
        c.path.append(nxt_anchor)
        mm = c.monsters[mid]
        new_dirs = away_directions(mm.cells, {sp})
        for nd in new_dirs:
            out.extend(_push_steps(c.copy(), mid, kid, nd, left - 1, set(crashed)))
    return out


def _push_monster(state: BoardState, source: str, target: str, x: int) -> list[Outcome]:
    """A Knight pushes a Monster X spaces: the Monster moves in a straight line away from the Knight
    and the Knight follows into the spaces it leaves.  A Mob stops before Indestructible Obstacles
    and Chasms ("stop the Pushback instead"); a Boss moves through Obstacles, Knights and Mobs as
    in its own movement.  At the Board Edge the Pushback stops ("if the source is a Knight, the
    Pushback stops"; a sideways Displace of a Monster is not attempted)."""
    w = Work(state)
    k = state.knight(source)
    m = state.monster(target)
    if m.lumbering:
        w.emit("ignored", f"{m.name} is Lumbering and cannot be pushed.", miniature=m.id)
        return _done([w])
    if k.space is None or not cells_adjacent({k.space}, m.cells):
        w.emit("stopped", f"{k.name} is not adjacent to {m.name}.", miniature=k.id)
        return _done([w])
    d = away_directions({k.space}, m.cells)[0]
    w.path = [m.anchor]
    crashed: set[str] = set()
    for _ in range(x):
        mm = w.monsters[target]
        nxt = mm.anchor.step(d)
        if not fits(w.spec, nxt, mm.side):
            w.emit("stopped", f"{mm.name} reaches the Board Edge; the Pushback stops.", miniature=target)
            break
        entered = footprint(nxt, mm.side) - mm.cells
        if not mm.is_boss and any(
            (w.obstacle_at(c) is not None and not w.obstacle_at(c).destructible)  # type: ignore[union-attr]
            or w.lethal(c)
            or any(o.is_boss for o in [w.monster_at(c)] if o is not None)
            for c in entered
        ):
            w.emit("stopped", f"{mm.name} is stopped by what lies at {nxt.label}.", miniature=target)
            break
        if mm.is_boss:
            boss_step(w, target, nxt, crashed)
        else:
            for c in entered:
                obst = w.obstacle_at(c)
                if obst is not None:
                    w.destroy(obst, f"as {mm.name} is pushed into it")
            w.move_monster(target, nxt)
        w.path.append(nxt)
        kk = w.knights[source]
        assert kk.space is not None
        if w.obstacle_at(kk.space.step(d)) is None:
            w.move_knight(source, kk.space.step(d))
    works = settle_monster(w, target, crashed)
    return _done(works)


# -- Drag ------------------------------------------------------------------------------------------


def drag(state: BoardState, source: str, target: str, x: int, *, reduction: int = 0) -> list[Outcome]:
    """Drag X by a Monster on a Knight: "If the target is adjacent, the source moves X spaces
    directly away from the target, then move the target miniature X spaces along the path the
    source took. At the end of the Drag, turn the source to face the affected miniature."."""
    w = Work(state)
    m = state.monster(source)
    k = state.knight(target)
    if not (k.vp is not None and k.vp.monster == source) and (
        k.space is None or not cells_adjacent(m.cells, {k.space})
    ):
        w.emit("stopped", f"{k.name} is not adjacent to {m.name}: no Drag.", miniature=target)
        return _done([w])
    if KnightKeyword.BRACED in k.keywords:
        w.emit("ignored", f"{k.name} is Braced and ignores Drag.", miniature=target)
        return _done([w])
    x = max(0, x - reduction)
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
            for moved in _straight(c, source, d, x, slid=False, crashed=set()):
                out.extend(_drag_follow(moved, source, target, d))
    return _done([r for o in out for r in _face(o, source, target)])


def _face(w: Work, source: str, target: str) -> list[Work]:
    k = w.knights[target]
    if k.dead or k.space is None:
        return [w]
    return _turn([w], source, {k.space})


def _drag_follow(w: Work, mid: str, kid: str, first: Direction) -> list[Work]:
    path = w.path
    steps: list[Coord] = []
    k = w.knights[kid]
    assert k.space is not None
    if len(path) > 1:
        deltas = [(b.row - a.row, b.col - a.col) for a, b in zip(path, path[1:], strict=False)]
        pos = k.space
        moves = [first.delta] + deltas[:-1]
        for dr, dc in moves:
            pos = pos.shift(dr, dc)
            steps.append(pos)
    mob = not w.monsters[mid].is_boss
    for nt in steps:
        status = step_knight(w, kid, nt, source_id=mid, stop_at_minis=mob)
        if status != "done":
            break
    return settle_knight(w, kid)


# -- Forced Vault ----------------------------------------------------------------------------------


def forced_vault(state: BoardState, source: str, target: str) -> list[Outcome]:
    """Forced Vault: "If the source is adjacent to the target, place its miniature on a space in a
    straight line from the source, on the opposite side of the source, adjacent to it. Treat as
    involuntary movement. If a Knight would have to end this movement outside the Board Edge or on
    an Indestructible Obstacle Terrain tile, they die instead. If a Monster would have to end this
    movement outside the Board Edge or on an Indestructible Obstacle Terrain tile, it is Displaced
    to the closest available space."."""
    w = Work(state)
    src = source_cells(state, source)
    tcells = source_cells(state, target)
    if not cells_adjacent(src, tcells):
        w.emit("stopped", "The target is not adjacent: no Forced Vault.")
        return _done([w])
    d = away_directions(tcells, src)[0]
    if is_knight(state, target):
        k = state.knight(target)
        assert k.space is not None
        sp = k.space.step(d)
        while sp in src:
            sp = sp.step(d)
        obst = w.obstacle_at(sp) if on_board(w.spec, sp) else None
        if not on_board(w.spec, sp) or (obst is not None and not obst.destructible):
            w.kill(target, "vaulted beyond the Board Edge" if obst is None else f"vaulted onto {obst.name}")
            return _done([w])
        if obst is not None:
            w.destroy(obst, f"as {k.name} is vaulted onto it")
            w.crash(target, f"against {obst.name}")
        w.move_knight(target, sp)
        w.emit("move", f"{k.name} is vaulted to {sp.label}.", miniature=target, spaces=(sp,))
        return _done(settle_knight(w, target))
    m = state.monster(target)
    anchor = m.anchor
    while footprint(anchor, m.side) & src:
        anchor = anchor.step(d)
    cells = footprint(anchor, m.side)
    bad = not fits(w.spec, anchor, m.side) or any(
        (o := w.obstacle_at(c)) is not None and o.indestructible for c in cells
    )
    if bad:
        w.emit("stopped", f"{m.name} cannot be vaulted there and is Displaced instead.", miniature=target)
        return _done(displace_monster(w, target, closest_only=True))
    crashed: set[str] = set()
    w.move_monster(target, anchor)
    w.emit("move", f"{m.name} is vaulted to {anchor.label}.", miniature=target, spaces=(anchor,))
    return _done(settle_monster(w, target, crashed))
