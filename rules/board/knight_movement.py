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
from rules.board.geometry import CARDINALS, Coord, manhattan, neighbours, on_board, ring
from rules.board.state import BoardState, Knight, KnightKeyword, Monster, Outcome, VpRef
from rules.board.work import Work


class IllegalMove(ValueError):
    """The requested movement breaks a movement rule; the message says which."""


def _dt(state: BoardState, space: Coord) -> bool:
    return any(TerrainKeyword.DIFFICULT_TERRAIN in t.keywords for t in state.terrain_at(space))


def _starts(state: BoardState, k: Knight) -> tuple[list[Coord], Monster | None]:
    if k.vp is not None:
        return [], state.monster(k.vp.monster)
    assert k.space is not None
    return [k.space], None


# (space, entered Difficult Terrain, jump state: (tile id, spaces ignored, still ignoring), path, ignored)
_Jump = tuple[str, int, bool] | None
_Node = tuple[Coord, bool, _Jump, tuple[Coord, ...], frozenset[Coord]]


class _Rules:
    """What blocks one Knight's voluntary movement, with Bypass and Jump ("Possible subtypes")."""

    def __init__(self, state: BoardState, k: Knight) -> None:
        kw = k.keywords
        self.superior = KnightKeyword.SUPERIOR_BYPASS in kw
        through_all = self.superior or KnightKeyword.ADVANCED_BYPASS in kw
        through_knights = through_all or KnightKeyword.BYPASS in kw
        self.jump = 2 if KnightKeyword.ADVANCED_JUMP in kw else (1 if KnightKeyword.JUMP in kw else 0)
        self.knights = {o.space for o in state.knights if o.id != k.id and not o.dead and o.space is not None}
        self.monsters = {c for m in state.monsters for c in m.cells}
        self.pass_minis: set[Coord] = set()
        if through_all:
            self.pass_minis = self.knights | self.monsters
        elif through_knights:
            self.pass_minis = set(self.knights)
        self.state = state

    def terrain_blocks(self, sp: Coord) -> bool:
        """Obstacle, Chasm and Boundless spaces cannot be moved through ("You cannot voluntarily move
        onto this tile"); Superior Bypass may enter Obstacles and "ignores ... Chasm"."""
        for t in self.state.terrain_at(sp):
            if t.has(TerrainKeyword.BOUNDLESS):
                return True
            if not self.superior and (t.is_obstacle or t.has(TerrainKeyword.CHASM)):
                return True
        return False

    def mini_blocks(self, sp: Coord) -> bool:
        return sp in (self.knights | self.monsters) and sp not in self.pass_minis

    def can_end(self, sp: Coord, ignored: frozenset[Coord]) -> bool:
        """ "You cannot end your voluntary movement on a space occupied by another miniature." A
        space whose Terrain was ignored by Jump must be one the Knight could stand on anyway."""
        if sp in self.knights or sp in self.monsters:
            return False
        return not (sp in ignored and self.terrain_blocks(sp))

    def dt(self, sp: Coord) -> bool:
        return not self.superior and _dt(self.state, sp)


def _reach(state: BoardState, knight_id: str, speed: int) -> dict[Coord, tuple[tuple[Coord, ...], frozenset[Coord]]]:
    k = state.knight(knight_id)
    if k.dead or k.knocked_down or speed <= 0:
        return {}
    rules = _Rules(state, k)
    starts, mon = _starts(state, k)
    frontier: deque[_Node] = deque()
    seen: set[tuple[Coord, bool, _Jump]] = set()
    if mon is not None:
        for sp in sorted(ring(state.spec, mon.cells)):
            for node in _enter(state, rules, sp, False, None, (), frozenset()):
                if node[:3] not in seen:
                    seen.add(node[:3])
                    frontier.append(node)
    else:
        for sp in starts:
            seen.add((sp, False, None))
            frontier.append((sp, False, None, (sp,), frozenset()))
    best: dict[Coord, tuple[tuple[Coord, ...], frozenset[Coord]]] = {}
    while frontier:
        sp, dt, jump, path, ignored = frontier.popleft()
        moved = len(path) - (0 if mon is not None else 1)
        if 0 < moved <= speed - (1 if dt else 0) and sp not in best and rules.can_end(sp, ignored):
            best[sp] = (path, ignored)
        if moved >= speed:
            continue
        for n in neighbours(state.spec, sp):
            if n in path:
                continue
            for node in _enter(state, rules, n, dt, jump, path, ignored):
                if node[:3] not in seen:
                    seen.add(node[:3])
                    frontier.append(node)
    return best


def _enter(
    state: BoardState, rules: _Rules, n: Coord, dt: bool, jump: _Jump, path: tuple[Coord, ...], ign: frozenset[Coord]
) -> list[_Node]:
    """The ways of stepping onto ``n``: normally, or ignoring its Terrain with Jump ("ignore a
    single space of a Terrain tile (including an Obstacle)"; Advanced: "up to 2 adjacent spaces of
    a single Terrain tile")."""
    if rules.mini_blocks(n):
        return []
    out: list[_Node] = []
    closed = None if jump is None else (jump[0], jump[1], False)
    if not rules.terrain_blocks(n):
        out.append((n, dt or rules.dt(n), closed, path + (n,), ign))
    tiles = state.terrain_at(n)
    if rules.jump and tiles:
        for t in tiles:
            if jump is None:
                out.append((n, dt, (t.id, 1, True), path + (n,), ign | {n}))
            elif jump[0] == t.id and jump[2] and jump[1] < rules.jump:
                out.append((n, dt, (t.id, jump[1] + 1, True), path + (n,), ign | {n}))
    return out


def knight_reachable(state: BoardState, knight_id: str, speed: int) -> dict[Coord, tuple[Coord, ...]]:
    """Every space the Knight may end a voluntary movement on, with one shortest legal path each
    (start space first; for a Knight on a VP the path starts with its first board space).

    Difficult Terrain: "If, during voluntary movement, a Knight moves through any number of
    Difficult Terrain tile spaces, they move one less space."  A knocked down Knight cannot move
    voluntarily (Knockdown).  Bypass, Advanced Bypass, Superior Bypass, Jump and Advanced Jump
    (Knight keywords) are applied.  Also for move-like abilities (Reposition X, Reflex): pass X.
    """
    return {sp: p for sp, (p, _ign) in _reach(state, knight_id, speed).items()}


def knight_move(state: BoardState, knight_id: str, destination: Coord, speed: int) -> Outcome:
    """Move a Knight voluntarily to ``destination`` (raises IllegalMove).  The events list every
    Terrain tile entered, in order, for the caller to resolve ("resolving the effects of Terrain
    tiles you travel through as you move onto them"); spaces ignored with Jump are skipped."""
    k = state.knight(knight_id)
    if k.knocked_down:
        raise IllegalMove(f"{k.name} is knocked down and cannot move voluntarily")
    if not on_board(state.spec, destination):
        raise IllegalMove(f"{destination.label} is not on the board")
    if destination == k.space:  # "you can move a number of spaces up to your Knight's Speed value": 0 is allowed
        w = Work(state)
        w.emit("move", "stays", miniature=k.id, spaces=(destination,), name=k.name, at=destination)
        return w.outcome()
    reach = _reach(state, knight_id, speed)
    if destination not in reach:
        raise IllegalMove(f"{k.name} cannot reach {destination.label} with Speed {speed}")
    path, ignored = reach[destination]
    w = Work(state)
    w.move_knight(knight_id, destination)
    start = [k.space] if k.space is not None else []
    w.path = start + list(path)
    w.emit("move", "moves_to", miniature=k.id, spaces=tuple(w.path), name=k.name, at=destination)
    # "you resolve a tile effect when entering the first space of a tile": the tile the Knight stands on is not
    # entered again, and the start space is not entered at all (a Knight on a VP enters its first board space)
    entered: set[str] = {t.id for t in state.terrain_at(k.space)} if k.space is not None else set()
    for sp in path:
        if sp == k.space:
            continue
        if sp in ignored:
            w.emit("ignored", "jumps_over", miniature=k.id, spaces=(sp,), name=k.name, at=sp)
            continue
        for t in state.terrain_at(sp):
            if t.id not in entered:
                entered.add(t.id)
                w.emit("terrain_entered", "enters", miniature=k.id, terrain=t.id, spaces=(sp,), name=k.name,
                       other_name=t.name, at=sp)
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
    w.emit("placed", "climbs_vp", miniature=k.id, name=k.name, other_name=state.monster(vp.monster).name)
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


def hug_spaces(
    state: BoardState,
    knight_id: str,
    x: int,
    *,
    target: str | None = None,
    weapon_range: tuple[int, int] = (1, 1),
) -> list[Coord]:
    """Hug X: "move up to X spaces cardinally or diagonally. Each space you move to must be
    unoccupied and adjacent to a Monster. You cannot perform movement through a corner between two
    occupied spaces."  In the first ability window give the Attack's ``target`` (a Monster id) and
    the Active Weapon's ``weapon_range`` (min, max spaces: (1, 1) melee, (1, X) Reach X, (X, Y)
    Ranged X-Y): "If you perform Hug in the first ability window, you cannot move in a way that
    would result in your target being outside of your weapon's effective range" (the end space
    must keep the target in range; ruling in docs/rulings.md)."""
    k = state.knight(knight_id)
    if k.dead or k.space is None:
        return []
    w = Work(state)
    occ = w.occupied(exclude=[knight_id])
    monster_cells = {c for m in state.monsters for c in m.cells}
    if not any(k.space.step(d) in monster_cells for d in CARDINALS):
        return []

    def hugging(sp: Coord) -> bool:
        return (
            on_board(state.spec, sp)
            and sp not in occ
            and not w.lethal(sp)
            and any(sp.step(d) in monster_cells for d in CARDINALS)
        )

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
    ends = sorted(s for s in dist if s != k.space)
    if target is not None:
        tcells = state.monster(target).cells
        lo, hi = weapon_range
        ends = [e for e in ends if lo <= manhattan([e], tcells) <= hi]
    return ends


def place_knight(state: BoardState, knight_id: str, space: Coord, acrobatics: bool = False) -> Outcome:
    """Put a Knight on an empty space chosen from :func:`vault_spaces` or :func:`hug_spaces`
    (voluntary placement; raises IllegalMove if the space is not empty); ``acrobatics``: a Vault instead of
    Knockdown."""
    k = state.knight(knight_id)
    w = Work(state)
    if not w.is_empty(space, exclude=[knight_id]) or w.lethal(space):
        raise IllegalMove(f"{space.label} is not an empty space")
    w.path = [p for p in (k.space, space) if p is not None]
    w.move_knight(knight_id, space)
    w.emit("move", "acrobatics" if acrobatics else "moves_to", miniature=k.id, spaces=(space,), name=k.name, at=space)
    return w.outcome()
