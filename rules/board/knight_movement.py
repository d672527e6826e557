"""Knight movement (rulebook "Movement Action", "Movement and VPs", Keyword List: Difficult
Terrain, Boundless, Vault, Hug, Reposition, Motivate).

"When you perform your Movement Action, you can move a number of spaces up to your Knight's Speed
value. ... All movement is performed in cardinal directions. ... You cannot move through Obstacle or
Chasm Terrain tiles. You cannot move through other Knights or Monsters. As part of a single
movement, you cannot move onto the same space twice."
"""

from __future__ import annotations

from collections import deque

from content.schema.board import TerrainKeyword
from rules.board.geometry import CARDINALS, Coord, neighbours, on_board, ring
from rules.board.state import BoardState, Knight, Monster, Outcome, VpRef
from rules.board.work import Work


class IllegalMove(ValueError):
    """The requested movement breaks a movement rule; the message says which."""


def _blocked_for_knight(state: BoardState, knight_id: str) -> set[Coord]:
    w = Work(state)
    out = w.mini_cells(exclude=[knight_id])
    for t in state.terrain:
        if t.is_obstacle or t.keywords & {TerrainKeyword.CHASM, TerrainKeyword.BOUNDLESS}:
            out |= set(t.cells)
    return out


def _dt(state: BoardState, space: Coord) -> bool:
    return any(TerrainKeyword.DIFFICULT_TERRAIN in t.keywords for t in state.terrain_at(space))


def _starts(state: BoardState, k: Knight) -> tuple[list[Coord], Monster | None]:
    if k.vp is not None:
        return [], state.monster(k.vp.monster)
    assert k.space is not None
    return [k.space], None


def knight_reachable(state: BoardState, knight_id: str, speed: int) -> dict[Coord, tuple[Coord, ...]]:
    """Every space the Knight may end a voluntary movement on, with one shortest legal path each
    (start space first; for a Knight on a VP the path starts with its first board space).

    Difficult Terrain: "If, during voluntary movement, a Knight moves through any number of
    Difficult Terrain tile spaces, they move one less space."  A knocked down Knight cannot move
    voluntarily (Knockdown).
    """
    k = state.knight(knight_id)
    if k.dead or k.knocked_down or speed <= 0:
        return {}
    blocked = _blocked_for_knight(state, knight_id)
    starts, mon = _starts(state, k)
    # BFS over (space, entered Difficult Terrain); paths never repeat a space.
    frontier: deque[tuple[Coord, bool, tuple[Coord, ...]]] = deque()
    seen: set[tuple[Coord, bool]] = set()
    if mon is not None:
        for sp in sorted(ring(state.spec, mon.cells) - blocked):
            key = (sp, _dt(state, sp))
            if key not in seen:
                seen.add(key)
                frontier.append((sp, key[1], (sp,)))
    else:
        for sp in starts:
            seen.add((sp, False))
            frontier.append((sp, False, (sp,)))
    best: dict[Coord, tuple[Coord, ...]] = {}
    while frontier:
        sp, dt, path = frontier.popleft()
        moved = len(path) - (0 if mon is not None else 1)
        if moved > 0 and moved <= speed - (1 if dt else 0) and sp not in best:
            best[sp] = path
        if moved >= speed:
            continue
        for n in neighbours(state.spec, sp):
            if n in blocked or n in path:
                continue
            ndt = dt or _dt(state, n)
            if (n, ndt) in seen:
                continue
            seen.add((n, ndt))
            frontier.append((n, ndt, path + (n,)))
    return best


def knight_move(state: BoardState, knight_id: str, destination: Coord, speed: int) -> Outcome:
    """Move a Knight voluntarily to ``destination`` (raises IllegalMove).  The events list every
    Terrain tile entered, in order, for the caller to resolve ("resolving the effects of Terrain
    tiles you travel through as you move onto them")."""
    k = state.knight(knight_id)
    if k.knocked_down:
        raise IllegalMove(f"{k.name} is knocked down and cannot move voluntarily")
    if not on_board(state.spec, destination):
        raise IllegalMove(f"{destination.label} is not on the board")
    reach = knight_reachable(state, knight_id, speed)
    if destination not in reach:
        raise IllegalMove(f"{k.name} cannot reach {destination.label} with Speed {speed}")
    path = reach[destination]
    w = Work(state)
    w.move_knight(knight_id, destination)
    start = [k.space] if k.space is not None else []
    w.path = start + list(path)
    w.emit("move", f"{k.name} moves to {destination.label}.", miniature=k.id, spaces=tuple(w.path))
    entered: set[str] = set()
    for sp in path:
        for t in state.terrain_at(sp):
            if t.id not in entered:
                entered.add(t.id)
                w.emit(
                    "terrain_entered",
                    f"{k.name} enters {t.name} at {sp.label}.",
                    miniature=k.id,
                    terrain=t.id,
                    spaces=(sp,),
                )
    return w.outcome()


# -- Vantage Points ------------------------------------------------------------------------------


def unlock_vp(state: BoardState, monster_id: str, index: int) -> BoardState:
    """Create a VP: "until you 'create a VP', the VP is locked"."""
    m = state.monster(monster_id)
    if index >= len(m.diagram.vantage_points):
        raise ValueError(f"{m.name} has no Vantage Point {index}")
    mons = tuple(
        x.model_copy(update={"unlocked_vps": x.unlocked_vps | {index}}) if x.id == monster_id else x
        for x in state.monsters
    )
    return state.model_copy(update={"monsters": mons})


def climbable_vps(state: BoardState, knight_id: str) -> list[VpRef]:
    """ "A Knight adjacent to the Monster may perform a Climb test" onto an unlocked, free VP
    ("Only one Knight can occupy a single VP at a given time")."""
    k = state.knight(knight_id)
    if k.dead or k.space is None:
        return []
    taken = {(o.vp.monster, o.vp.index) for o in state.knights if o.vp is not None and not o.dead}
    out = []
    for m in state.monsters:
        if not any(k.space.step(d) in m.cells for d in CARDINALS):
            continue
        for i in sorted(m.unlocked_vps):
            if (m.id, i) not in taken:
                out.append(VpRef(monster=m.id, index=i))
    return out


def climb(state: BoardState, knight_id: str, vp: VpRef) -> Outcome:
    """Place the Knight on the VP after a successful Climb test (the test is the caller's)."""
    if vp not in climbable_vps(state, knight_id):
        raise IllegalMove("that Vantage Point cannot be climbed from here")
    k = state.knight(knight_id)
    w = Work(state)
    w.knights[knight_id] = k.model_copy(update={"space": None, "vp": vp})
    w.emit("placed", f"{k.name} climbs onto a Vantage Point of {state.monster(vp.monster).name}.", miniature=k.id)
    return w.outcome()


# -- Vault and Hug -----------------------------------------------------------------------------


def vault_spaces(state: BoardState, knight_id: str) -> list[Coord]:
    """Vault: "If you're adjacent to a Monster, place your miniature on an empty space in a straight
    line from you, on the opposite side of the Monster, adjacent to it."."""
    k = state.knight(knight_id)
    if k.dead or k.space is None:
        return []
    occ = Work(state).occupied(exclude=[knight_id])
    out = set()
    for m in state.monsters:
        for d in CARDINALS:
            sp = k.space.step(d)
            if sp not in m.cells:
                continue
            while sp in m.cells:
                sp = sp.step(d)
            if on_board(state.spec, sp) and sp not in occ:
                out.add(sp)
    return sorted(out)


def hug_spaces(state: BoardState, knight_id: str, x: int) -> list[Coord]:
    """Hug X: "move up to X spaces cardinally or diagonally. Each space you move to must be
    unoccupied and adjacent to a Monster. You cannot perform movement through a corner between two
    occupied spaces."."""
    k = state.knight(knight_id)
    if k.dead or k.space is None:
        return []
    w = Work(state)
    occ = w.occupied(exclude=[knight_id])
    monster_cells = {c for m in state.monsters for c in m.cells}
    if not any(k.space.step(d) in monster_cells for d in CARDINALS):
        return []

    def hugging(sp: Coord) -> bool:
        return on_board(state.spec, sp) and sp not in occ and any(sp.step(d) in monster_cells for d in CARDINALS)

    dist = {k.space: 0}
    q = deque([k.space])
    while q:
        c = q.popleft()
        if dist[c] >= x:
            continue
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                n = c.shift(dr, dc)
                if n in dist or not hugging(n):
                    continue
                if dr and dc and c.shift(dr, 0) in occ and c.shift(0, dc) in occ:
                    continue
                dist[n] = dist[c] + 1
                q.append(n)
    return sorted(s for s in dist if s != k.space)


def place_knight(state: BoardState, knight_id: str, space: Coord, why: str = "") -> Outcome:
    """Put a Knight on an empty space chosen from :func:`vault_spaces` or :func:`hug_spaces`
    (voluntary placement; raises IllegalMove if the space is not empty)."""
    k = state.knight(knight_id)
    w = Work(state)
    if not w.is_empty(space, exclude=[knight_id]) or w.lethal(space):
        raise IllegalMove(f"{space.label} is not an empty space")
    w.path = [p for p in (k.space, space) if p is not None]
    w.move_knight(knight_id, space)
    w.emit("move", f"{k.name} moves to {space.label}{why}.", miniature=k.id, spaces=(space,))
    return w.outcome()
