"""Special Monster movement types (rulebook "Monster Movement Types").

"They still adhere to standard Monster Movement rules, but in case of a conflict, the rules below
take precedence."
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from rules.board.geometry import CARDINALS, Coord, cells_adjacent, chebyshev, fits, footprint, manhattan, ring
from rules.board.knockback import boss_land, boss_step
from rules.board.measures import movement_blockers
from rules.board.monster_movement import target_cells, turn_works, walk_toward
from rules.board.move_facts import BoardCause
from rules.board.paths import anchor_field, footprint_passable
from rules.board.state import BoardState, Outcome, Terrain
from rules.board.work import Work, dedupe, displace_knight


def _adjacent_anchors(state: BoardState, monster_id: str, tcells: frozenset[Coord]) -> list[Coord]:
    m = state.monster(monster_id)
    passable = footprint_passable(state.spec, m.side, movement_blockers(state, m))
    out = []
    for r in range(state.spec.rows):
        for c in range(state.spec.columns):
            a = Coord(r, c)
            f = footprint(a, m.side)
            if fits(state.spec, a, m.side) and passable(a) and not (f & tcells) and cells_adjacent(f, tcells):
                out.append(a)
    return out


def _is(goal: Coord) -> Callable[[Coord], bool]:
    return lambda a: a == goal


def move_behind(state: BoardState, monster_id: str, target: str, *, speed: int | None = None) -> list[Outcome]:
    """Move Behind: "Move to the furthest space adjacent to the Target."  Furthest is measured along
    the Monster's own shortest path from where it stands; ties are the players' choice."""
    m = state.monster(monster_id)
    tcells = target_cells(state, target)
    passable = footprint_passable(state.spec, m.side, movement_blockers(state, m))
    reach = anchor_field(state.spec, m.side, [m.anchor], passable)
    cands = [a for a in _adjacent_anchors(state, monster_id, tcells) if a in reach]
    if not cands:
        from rules.board.monster_movement import monster_move

        return monster_move(state, monster_id, target, speed=speed)
    far = max(reach[a] for a in cands)
    goals = {a for a in cands if reach[a] == far}

    def closeness(a: Coord) -> int:
        return manhattan(footprint(a, m.side), tcells)

    out: list[Outcome] = []
    for g in sorted(goals):  # the players pick the space, then the Monster moves to it
        for o in walk_toward(state, monster_id, _is(g), closeness, tcells, speed, what="behind"):
            if len(goals) > 1:
                o = o.model_copy(update={"choices": (f"{m.name} moves behind to {g.label}",) + o.choices})
            out.append(o)
    return out


def move_lateral(
    state: BoardState, monster_id: str, target: str, *, range_: int | None = None, zone: int | None = None
) -> list[Outcome]:
    """Move Lateral: "Move along the shortest possible path in a straight line (either horizontal or
    vertical) to a space from which the following Attack (usually Ranged or Zone) can be performed
    against the Target."  Give ``range_`` (Ranged X) or ``zone`` (Zone X)."""
    m = state.monster(monster_id)
    tcells = target_cells(state, target)

    def can_attack(a: Coord) -> bool:
        f = footprint(a, m.side)
        if f & tcells:
            return False
        if zone is not None:
            return chebyshev(f, tcells) <= zone
        if range_ is not None:
            return manhattan(f, tcells) <= range_
        return cells_adjacent(f, tcells)

    w0 = Work(state)
    w0.path = [m.anchor]
    if can_attack(m.anchor):
        w0.emit("stopped", "can_attack_from", miniature=m.id, name=m.name, at=m.anchor)
        return [o.outcome() for o in turn_works([w0], monster_id, tcells)]
    blocked = movement_blockers(state, m)
    best: list[tuple[int, list[Coord]]] = []
    for d in CARDINALS:
        line = [m.anchor]
        a = m.anchor
        while True:
            a = a.step(d)
            if not fits(state.spec, a, m.side) or footprint(a, m.side) & blocked:
                break
            line.append(a)
            if can_attack(a):
                best.append((len(line) - 1, line))
                break
    if not best:
        w0.emit("stopped", "no_line", miniature=m.id, name=m.name)
        return [o.outcome() for o in turn_works([w0], monster_id, tcells)]
    shortest = min(n for n, _ in best)
    works = []
    for _, line in (b for b in best if b[0] == shortest):
        w = w0.copy()
        if sum(1 for b in best if b[0] == shortest) > 1:
            w.choose(f"{m.name} moves laterally to {line[-1].label}")
        crashed: set[str] = set()
        for a in line[1:]:
            boss_step(w, monster_id, a, crashed)
        w.path = line
        w.emit("move", "moves_laterally", miniature=m.id, spaces=tuple(line), name=m.name, at=line[-1])
        works.extend(boss_land(w, monster_id, crashed))
    return [o.outcome() for o in dedupe(turn_works(works, monster_id, tcells))]


def jump(state: BoardState, monster_id: str, target: str, *, speed: int | None = None) -> list[Outcome]:
    """Jump: "This movement does not cause Crash or destroy Terrain tiles, with the exception of
    Knights and Terrain tiles the Monster ends this movement on."."""
    from rules.board.monster_movement import monster_move

    return monster_move(state, monster_id, target, speed=speed, jump=True)


def land_on_top(state: BoardState, monster_id: str, target: str) -> list[Outcome]:
    """Land on Top: "End movement on a space currently occupied by the Target instead of adjacent to
    it. Displace the Target to a front space (does not cause Crash or Unavoidable Knockback)."."""
    knight = state.knight(target)
    if knight.space is None:
        raise ValueError(f"{knight.name} is not on a board space")
    tspace = knight.space
    m = state.monster(monster_id)
    turned = turn_works([Work(state)], monster_id, {tspace})
    results: list[Outcome] = []
    for t in turned:
        pre = t.state()
        without = pre.model_copy(update={"knights": tuple(k for k in pre.knights if k.id != target)})

        def goal(a: Coord) -> bool:
            return tspace in footprint(a, m.side)

        def closeness(a: Coord) -> int:
            return manhattan(footprint(a, m.side), {tspace})

        for o in walk_toward(without, monster_id, goal, closeness, None, None, jump=True, what="onto"):
            w = Work(o.state.model_copy(update={"knights": o.state.knights + (knight,)}))
            w.events = list(t.events) + list(o.events)
            w.choices = list(t.choices) + list(o.choices)
            w.path = list(o.path)
            results.extend(x.outcome() for x in _displace_to_front(w, monster_id, target))
    return results


def _displace_to_front(w: Work, monster_id: str, knight_id: str) -> list[Work]:
    m = w.monsters[monster_id]
    k = w.knights[knight_id]
    occ = w.occupied(exclude=[knight_id])
    fronts = [c for c in m.front_marks() if fits(w.spec, c, 1) and c not in occ]
    if not fronts:
        # No free front space: an ordinary Displace out from under the Monster.
        opts = sorted(ring(w.spec, m.cells) - occ)
        if not opts:
            w.kill(knight_id, BoardCause(how="no_displace_space"))
            return [w]
        fronts = opts
    out = []
    for sp in fronts:
        c = w.copy()
        if len(fronts) > 1:
            c.choose(f"Displace {k.name} to {sp.label}")
        c.move_knight(knight_id, sp)
        c.emit("displace", "displaced", miniature=k.id, spaces=(sp,), name=k.name, at=sp)
        out.append(c)
    return out


def appear(
    state: BoardState, monster_id: str, anchor: Coord, *, face: str | Collection[Coord] | None = None
) -> list[Outcome]:
    """Appear X: "Place the Monster miniature on the designated space."  ``anchor`` is the top-left
    space of the footprint.  Knights and tiles under it are treated like the end of a Jump."""
    m = state.monster(monster_id)
    if not fits(state.spec, anchor, m.side):
        raise ValueError(f"{m.name} does not fit at {anchor.label}")
    w = Work(state)
    w.path = [m.anchor, anchor]
    w.move_monster(monster_id, anchor)
    w.emit("placed", "appears", miniature=m.id, spaces=(anchor,), name=m.name, at=anchor)
    works = boss_land(w, monster_id, set(), jump=True)
    if not m.is_boss:
        works = [x for cur in works for x in _mob_lands(cur, monster_id)]
    if face is not None:
        works = turn_works(works, monster_id, target_cells(state, face))
    return [x.outcome() for x in dedupe(works)]


def _mob_lands(w: Work, monster_id: str) -> list[Work]:
    m = w.monsters[monster_id]
    works = [w]
    for c in sorted(m.cells):
        k = w.knight_at(c)
        if k is not None:
            works = [x for cur in works for x in displace_knight(cur, k.id, avoid=m.cells)]
    return works


def appear_behind(state: BoardState, monster_id: str, target: str) -> list[Outcome]:
    """Appear Behind: "Place the Monster miniature on the furthest space adjacent to the Target."
    Furthest from the Monster's current spaces (straight orthogonal count); ties are a choice."""
    m = state.monster(monster_id)
    tcells = target_cells(state, target)
    cands = _adjacent_anchors(state, monster_id, tcells)
    if not cands:
        raise ValueError(f"no space adjacent to the Target can hold {m.name}")
    far = max(manhattan(footprint(a, m.side), m.cells) for a in cands)
    best = [a for a in cands if manhattan(footprint(a, m.side), m.cells) == far]
    out: list[Outcome] = []
    for a in best:
        for o in appear(state, monster_id, a, face=target):
            if len(best) > 1:
                o = o.model_copy(update={"choices": (f"{m.name} appears at {a.label}",) + o.choices})
            out.append(o)
    return out


def face_most_knights(state: BoardState, monster_id: str) -> list[Outcome]:
    """ "Mob Monsters always turn toward most Knights when spawned" ("Then turn it to face the most
    Knights").  The facing with the most living Knights in front of the Monster wins; ties are the
    players' choice."""
    from rules.board.geometry import Direction
    from rules.board.measures import front_spaces

    m = state.monster(monster_id)
    counts: dict[Direction, int] = {}
    for d in CARDINALS:
        front = front_spaces(state, m.model_copy(update={"facing": d}))
        counts[d] = sum(1 for k in state.living_knights() if k.space is not None and k.space in front)
    most = max(counts.values())
    best = [d for d in CARDINALS if counts[d] == most]
    out = []
    for d in best:
        w = Work(state)
        if len(best) > 1:
            w.choose(f"{m.name} faces {d.value}")
        w.monsters[monster_id] = m.model_copy(update={"facing": d})
        w.emit("turn", "turns_most", miniature=m.id, name=m.name, direction=d, number=most)
        out.append(w.outcome())
    return out


# -- Dwell (Sunken Kingdom keyword) ------------------------------------------------------------------------------------


def is_swamp(t: Terrain) -> bool:
    """A Swamp Terrain tile: the Sunken Kingdom's tile type, known by its name or its spec id."""
    return "swamp" in t.name.lower() or "swamp" in t.spec_id.lower()


def dwell(state: BoardState, monster_id: str) -> list[Outcome]:
    """Dwell: "Sunken Kingdom keyword. Move the Monster miniature to the closest unoccupied space on a Swamp Terrain
    tile."  The Monster moves (standard Monster Movement, no Speed limit: Crash, Destructible tiles) along its
    shortest path until its footprint covers an unoccupied Swamp space; closest is counted along that path and
    equally close spaces are the players' choice; it keeps its facing (Dwell has no Target). A Monster already on
    an unoccupied Swamp space stays (docs/rulings.md, "Dwell")."""
    m = state.monster(monster_id)
    w = Work(state)
    occupied = w.occupied(exclude=[monster_id])
    free = {c for t in state.terrain if is_swamp(t) for c in t.cells} - occupied
    if not free:
        w.path = [m.anchor]
        w.emit("stopped", "dwell_stays", miniature=m.id, name=m.name)
        return [w.outcome()]

    def goal(a: Coord) -> bool:
        f = footprint(a, m.side)
        return bool(f & free) and not (f & occupied)

    def closeness(a: Coord) -> int:
        return manhattan(footprint(a, m.side), free)

    return walk_toward(state, monster_id, goal, closeness, None, None, what="dwell")
