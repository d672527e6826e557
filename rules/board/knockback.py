"""Knockback (Keyword List) and what a Boss Monster does to the spaces it moves through and onto.

Knockback X: "Move the affected miniature up to X spaces directly away from the source of Knockback
in a straight line" with the sub-rules quoted below.  Boss impact: "Boss Monster Movement Through
Knight Spaces (Crash)", "Ending Boss Monster Movement on a Knight Space", "Boss Monster Movement
Through and Onto Mob Spaces", "Boss Movement Through and Onto Terrain Spaces".
"""

from __future__ import annotations

from collections.abc import Collection

from content.schema.board import TerrainKeyword
from rules.board.geometry import (
    CARDINALS,
    Coord,
    Direction,
    dominant_directions,
    edge_hit,
    footprint,
    manhattan,
    on_board,
)
from rules.board.move_facts import Ability, BoardCause
from rules.board.state import KnightKeyword, Monster
from rules.board.work import Work, arrive_knight_terrain, displace_knight, displace_monster, displace_off_vp

# -- directions ----------------------------------------------------------------------------------


def away_directions(source: Collection[Coord], cells: Collection[Coord]) -> list[Direction]:
    """Straight-line directions "directly away" from ``source`` for a miniature on ``cells``.

    In the source's row or column band: the one direction.  Diagonal: the axis with the larger gap,
    both when equal.  Under the source (a Boss ending on a Knight): the direction(s) of the nearest
    side of the source ("If there are two or more equally possible Unavoidable Knockback
    directions, the player chooses one").
    """
    top = min(c.row for c in source)
    bottom = max(c.row for c in source)
    left = min(c.col for c in source)
    right = max(c.col for c in source)
    r = min(c.row for c in cells)
    col = min(c.col for c in cells)
    vr = r - bottom if r > bottom else (r - top if r < top else 0)
    vc = col - right if col > right else (col - left if col < left else 0)
    if vr == 0 and vc == 0:
        exits = {
            Direction.N: r - top + 1,
            Direction.S: bottom - r + 1,
            Direction.W: col - left + 1,
            Direction.E: right - col + 1,
        }
        best = min(exits.values())
        return [d for d in CARDINALS if exits[d] == best]
    return dominant_directions(vr, vc)


def edge_turns(w: Work, pos: Collection[Coord], heading: Direction, away_from: Collection[Coord]) -> list[Direction]:
    """Directions along a Board Edge "away from the source" (all on-board ones when tied)."""
    cands = []
    for p in heading.perpendicular:
        nxt = [c.step(p) for c in pos]
        if all(on_board(w.spec, c) for c in nxt):
            cands.append((manhattan(nxt, away_from), p))
    if not cands:
        return []
    best = max(d for d, _ in cands)
    return [p for d, p in cands if d == best]


# -- Boss impact -----------------------------------------------------------------------------


def boss_step(w: Work, monster_id: str, new_anchor: Coord, crashed: set[str], jump: bool = False) -> None:
    """Move a Boss one space: Crash Knights it moves onto, destroy Destructible tiles."""
    m = w.monsters[monster_id]
    entered = footprint(new_anchor, m.side) - m.cells
    w.move_monster(monster_id, new_anchor)
    if jump or not m.is_boss:
        return
    _impact(w, m, entered, crashed)


def _impact(w: Work, m: Monster, cells: Collection[Coord], crashed: set[str]) -> None:
    for c in sorted(cells):
        k = w.knight_at(c)
        if k is not None and k.id not in crashed:
            crashed.add(k.id)
            w.crash(k.id, BoardCause(how="moves_onto", name=m.name, space=c))
        for t in w.terrain_at(c):
            if t.destructible:
                w.destroy(t, BoardCause(how="by", name=m.name))


def boss_land(w: Work, monster_id: str, crashed: set[str], jump: bool = False) -> list[Work]:
    """A Boss ends its movement: Knights under it suffer Crash and Unavoidable Knockback, Mobs under
    it are Displaced to the closest unoccupied space.  After a Jump the end spaces are impacted."""
    m = w.monsters[monster_id]
    if not m.is_boss:
        return [w]
    if jump:
        _impact(w, m, m.cells, crashed)
    works = [w]
    under = sorted(k.id for k in w.knights.values() if not k.dead and k.space in m.cells)
    for kid in under:
        nxt: list[Work] = []
        for cur in works:
            if kid not in crashed:
                crashed.add(kid)
                cur.crash(kid, BoardCause(how="ends_on", name=m.name))
            nxt.extend(knockback(cur, kid, m.cells, m.unavoidable_knockback, source_name=m.name, unavoidable=True))
        works = nxt
    mobs = sorted(o.id for o in w.monsters.values() if o.id != m.id and o.cells & m.cells)
    for mid in mobs:
        nxt = []
        for cur in works:
            nxt.extend(displace_monster(cur, mid, closest_only=True))
        works = nxt
    return works


# -- Knockback -----------------------------------------------------------------------------------


def knockback(
    w: Work,
    knight_id: str,
    source: Collection[Coord],
    x: int,
    *,
    source_name: str = "the source",
    direction: Direction | None = None,
    unavoidable: bool = False,
    reduction: int = 0,
) -> list[Work]:
    """Knockback X (or Unavoidable Knockback X) on a Knight; returns every legal branch."""
    k = w.knights[knight_id]
    if k.dead:
        return [w]
    label: Ability = "Unavoidable Knockback" if unavoidable else "Knockback"
    if not unavoidable:
        x = max(0, x - reduction)
        if KnightKeyword.BRACED in k.keywords:
            w.emit("ignored", "braced_ignores", miniature=k.id, name=k.name, ability=label)
            return [w]
    if x <= 0 and not (k.space is not None and k.space in source):
        return [w]
    out: list[Work] = []
    if KnightKeyword.STALWART in k.keywords and not unavoidable:
        skip = w.copy()
        skip.choose(f"{k.name} uses Stalwart")
        skip.emit("ignored", "stalwart", miniature=k.id, name=k.name, ability=label, number=x)
        out.append(skip)
        w = w.copy()
        w.choose(f"{k.name} suffers {label}")
    starts = [w]
    if k.vp is not None:
        mon = w.monsters[k.vp.monster]
        starts = off_vp(w, knight_id, mon)
    for s in starts:
        kk = s.knights[knight_id]
        if kk.dead or kk.space is None:
            out.append(s)
            continue
        dirs = [direction] if direction is not None else away_directions(source, [kk.space])
        if kk.space in source:
            exits = [d for d in dirs if _exit_on_board(s, kk.space, d, source)]
            dirs = exits or [d for d in CARDINALS if _exit_on_board(s, kk.space, d, source)] or dirs
        for d in dirs:
            c = s.copy()
            if len(dirs) > 1:
                c.choose(f"{label} {kk.name} to the {d.value}")
            c.emit("move", "suffers_knockback", miniature=kk.id, name=kk.name, ability=label, number=x, direction=d)
            out.extend(_kb_steps(c, knight_id, source, source_name, d, x, slid=False))
    return out


def _exit_on_board(w: Work, pos: Coord, d: Direction, source: Collection[Coord]) -> bool:
    while pos in source:
        pos = pos.step(d)
    return on_board(w.spec, pos)


def off_vp(w: Work, knight_id: str, mon: Monster) -> list[Work]:
    """ "If a Knight suffers Knockdown or involuntary movement while on a VP space, they must first
    be Displaced to a space adjacent to the Monster."  (``mon`` is the Monster the VP is on.)"""
    assert w.knights[knight_id].vp is None or w.knights[knight_id].vp.monster == mon.id  # type: ignore[union-attr]
    return displace_off_vp(w, knight_id)


def _kb_steps(
    w: Work, kid: str, source: Collection[Coord], source_name: str, d: Direction, left: int, slid: bool
) -> list[Work]:
    k = w.knights[kid]
    pos = k.space
    assert pos is not None
    src = set(source)
    if pos in src:
        # Unavoidable Knockback from under the Monster: cross its spaces first; the step out of
        # them does not count toward X (see docs/rulings.md, "The Clash Board").
        while pos.step(d) in src:
            pos = pos.step(d)
            w.move_knight(kid, pos)
        left += 1
    while left > 0 and on_board(w.spec, pos):
        nxt = pos.step(d)
        edge = edge_hit(w.spec, nxt)
        if edge is not None:
            if edge in w.spec.boundless_edges:
                if KnightKeyword.LIFELINE in k.keywords:
                    w.emit("ignored", "lifeline_edge", miniature=kid, name=k.name)
                    break
                w.kill(kid, BoardCause(how="falls_off_boundless"))
                return [w]
            if slid:
                break
            turns = edge_turns(w, [pos], d, source)
            if not turns:
                break
            res = []
            for t in turns:
                c = w.copy()
                if len(turns) > 1:
                    c.choose(f"{k.name} slides {t.value} along the Board Edge")
                c.emit("edge_slide", "edge_slides", miniature=kid, name=k.name, direction=t)
                res.extend(_kb_steps(c, kid, source, source_name, t, left, slid=True))
            return res
        mon = w.monster_at(nxt)
        if mon is not None and mon.is_boss and nxt not in src:
            w.crash(kid, BoardCause(how="against", name=mon.name))
            break
        obst = w.obstacle_at(nxt)
        if obst is not None:
            if obst.destructible:
                w.destroy(obst, BoardCause(how="knocked_into", name=k.name))
                w.move_knight(kid, nxt)
                pos = nxt
                w.crash(kid, BoardCause(how="against", name=obst.name))
            else:
                w.crash(kid, BoardCause(how="against", name=obst.name))
            break
        if w.has(nxt, TerrainKeyword.BOUNDLESS):
            w.move_knight(kid, nxt)
            return arrive_knight_terrain(w, kid, nxt)
        pos = nxt
        w.move_knight(kid, pos)
        left -= 1
    return settle_knight(w, kid)


def settle_knight(w: Work, kid: str) -> list[Work]:
    """End of a Knight's involuntary movement: Displace whoever else is on the space, then the
    space's Terrain (Chasm/Boundless kill, Destructible tiles break)."""
    k = w.knights[kid]
    if k.dead or k.space is None:
        return [w]
    pos = k.space
    w.emit("placed", "ends_on", miniature=kid, spaces=(pos,), name=k.name, at=pos)
    under = w.monster_at(pos)
    if under is not None and under.is_boss:
        # still under a Boss (its Unavoidable Knockback could not carry them out): Displace.
        return displace_knight(w, kid)
    works = [w]
    other = next((o for o in w.knights.values() if o.id != kid and not o.dead and o.space == pos), None)
    if other is not None:
        works = displace_knight(w, other.id, avoid=[pos])
    mob = w.monster_at(pos)
    if mob is not None and not mob.is_boss:
        works = [r for cur in works for r in displace_monster(cur, mob.id)]
    return [r for cur in works for r in arrive_knight_terrain(cur, kid, pos)]


def knockback_monster(
    w: Work,
    monster_id: str,
    source: Collection[Coord],
    x: int,
    *,
    direction: Direction | None = None,
    reduction: int = 0,
) -> list[Work]:
    """Knockback on a Monster: "Knocked back Monsters can move through any Terrain tiles and
    miniatures without hindrance. They destroy any Destructible Terrain tiles they land on. Knocked
    back Boss Monsters cause Crash and Unavoidable Knockback to Knights as normal."."""
    m = w.monsters[monster_id]
    if m.lumbering:
        w.emit("ignored", "lumbering_moved", miniature=m.id, name=m.name)
        return [w]
    x = max(0, x - reduction)
    dirs = [direction] if direction is not None else away_directions(source, m.cells)
    out: list[Work] = []
    for d in dirs:
        c = w.copy()
        if len(dirs) > 1:
            c.choose(f"Knockback {m.name} to the {d.value}")
        c.path = [m.anchor]
        out.extend(_kb_monster(c, monster_id, source, d, x, False, set()))
    return out


def _kb_monster(
    w: Work, mid: str, source: Collection[Coord], d: Direction, left: int, slid: bool, crashed: set[str]
) -> list[Work]:
    while left > 0:
        m = w.monsters[mid]
        nxt = m.anchor.step(d)
        cells = footprint(nxt, m.side)
        if not all(on_board(w.spec, c) for c in cells):
            if slid:
                break
            turns = edge_turns(w, m.cells, d, source)
            if not turns:
                break
            res = []
            for t in turns:
                c = w.copy()
                if len(turns) > 1:
                    c.choose(f"{m.name} slides {t.value} along the Board Edge")
                c.emit("edge_slide", "edge_slides", miniature=mid, name=m.name, direction=t)
                res.extend(_kb_monster(c, mid, source, t, left, True, set(crashed)))
            return res
        if not m.is_boss and any(w.has(c, TerrainKeyword.CHASM) for c in cells - m.cells):
            w.emit("stopped", "stops_at_chasm", miniature=mid, name=m.name)
            break
        if m.is_boss:
            boss_step(w, mid, nxt, crashed)
        else:
            w.move_monster(mid, nxt)
        w.path.append(nxt)
        left -= 1
    return settle_monster(w, mid, crashed)


def settle_monster(w: Work, mid: str, crashed: set[str]) -> list[Work]:
    """End of a Monster's involuntary movement."""
    m = w.monsters[mid]
    w.emit("placed", "ends_on", miniature=mid, spaces=(m.anchor,), name=m.name, at=m.anchor)
    for c in m.cells:
        for t in w.terrain_at(c):
            if t.destructible:
                w.destroy(t, BoardCause(how="lands_on", name=m.name))
    if m.is_boss:
        return boss_land(w, mid, crashed)
    works = [w]
    for c in sorted(m.cells):
        k = w.knight_at(c)
        if k is not None:
            works = [r for cur in works for r in displace_knight(cur, k.id, avoid=m.cells)]
    return works
