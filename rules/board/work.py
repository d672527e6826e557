"""A private, mutable working copy of a BoardState used while resolving one operation.

Public functions copy the caller's state into a ``Work``, branch it when the players have a choice,
and turn every branch back into an immutable :class:`Outcome`.  Nothing here is exported.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from content.schema.board import BoardSpec, TerrainKeyword
from rules.board.geometry import CARDINALS, Coord, fits, footprint, neighbours, on_board, ring
from rules.board.move_facts import BoardCause, BoardEvent, BoardSay, EventKind
from rules.board.state import (
    BoardState,
    Knight,
    KnightKeyword,
    Monster,
    Outcome,
    Terrain,
)


class Work:
    def __init__(self, state: BoardState) -> None:
        self.spec: BoardSpec = state.spec
        self.knights: dict[str, Knight] = {k.id: k for k in state.knights}
        self.monsters: dict[str, Monster] = {m.id: m for m in state.monsters}
        self.terrain: dict[str, Terrain] = {t.id: t for t in state.terrain}
        self.events: list[BoardEvent] = []
        self.choices: list[str] = []
        self.path: list[Coord] = []

    def copy(self) -> Work:
        w = Work.__new__(Work)
        w.spec = self.spec
        w.knights = dict(self.knights)
        w.monsters = dict(self.monsters)
        w.terrain = dict(self.terrain)
        w.events = list(self.events)
        w.choices = list(self.choices)
        w.path = list(self.path)
        return w

    def state(self) -> BoardState:
        return BoardState(
            spec=self.spec,
            knights=tuple(self.knights.values()),
            monsters=tuple(self.monsters.values()),
            terrain=tuple(self.terrain.values()),
        )

    def outcome(self) -> Outcome:
        return Outcome(
            state=self.state(), events=tuple(self.events), path=tuple(self.path), choices=tuple(self.choices)
        )

    # -- queries -------------------------------------------------------------------------------
    def knight_at(self, space: Coord) -> Knight | None:
        for k in self.knights.values():
            if not k.dead and k.space == space:
                return k
        return None

    def monster_at(self, space: Coord) -> Monster | None:
        for m in self.monsters.values():
            if space in m.cells:
                return m
        return None

    def terrain_at(self, space: Coord) -> list[Terrain]:
        return [t for t in self.terrain.values() if space in t.cells]

    def has(self, space: Coord, keyword: TerrainKeyword) -> bool:
        return any(keyword in t.keywords for t in self.terrain_at(space))

    def obstacle_at(self, space: Coord) -> Terrain | None:
        for t in self.terrain_at(space):
            if t.is_obstacle:
                return t
        return None

    def mini_cells(self, exclude: Iterable[str] = ()) -> set[Coord]:
        ex = set(exclude)
        out: set[Coord] = set()
        for k in self.knights.values():
            if not k.dead and k.space is not None and k.id not in ex:
                out.add(k.space)
        for m in self.monsters.values():
            if m.id not in ex:
                out |= m.cells
        return out

    def obstacle_cells(self) -> set[Coord]:
        return {c for t in self.terrain.values() if t.is_obstacle for c in t.cells}

    def occupied(self, exclude: Iterable[str] = ()) -> set[Coord]:
        """Occupied spaces (a miniature or an Obstacle), ignoring the listed miniatures."""
        return self.mini_cells(exclude) | self.obstacle_cells()

    def is_empty(self, space: Coord, exclude: Iterable[str] = ()) -> bool:
        return on_board(self.spec, space) and space not in self.occupied(exclude)

    def lethal(self, space: Coord) -> bool:
        return self.has(space, TerrainKeyword.CHASM) or self.has(space, TerrainKeyword.BOUNDLESS)

    # -- changes -------------------------------------------------------------------------------
    def emit(self, kind: EventKind, say: BoardSay, **fields: object) -> None:
        """Report an event: its ``kind``, which sentence tells it (``say``) and its fields (rules/board/move_facts.py);
        the words are the edge's."""
        self.events.append(BoardEvent.model_validate({"kind": kind, "say": say, **fields}))

    def choose(self, label: str) -> None:
        self.choices.append(label)

    def move_knight(self, knight_id: str, space: Coord) -> None:
        self.knights[knight_id] = self.knights[knight_id].model_copy(update={"space": space, "vp": None})

    def move_monster(self, monster_id: str, anchor: Coord) -> None:
        self.monsters[monster_id] = self.monsters[monster_id].model_copy(update={"anchor": anchor})

    def destroy(self, terrain: Terrain, why: BoardCause) -> None:
        if terrain.id in self.terrain:
            del self.terrain[terrain.id]
            self.emit("terrain_destroyed", "destroyed", terrain=terrain.id, spaces=terrain.cells, name=terrain.name,
                      cause=why)

    def knockdown(self, knight_id: str) -> None:
        """Knockdown of a Knight on a board space.  Braced: "You cannot be involuntarily moved or
        suffer Knockdown"; Rocksteady is flagged on the event for the caller to offer.  (A Knight
        on a VP goes through :func:`knockdown_works`, which Displaces them first.)"""
        k = self.knights[knight_id]
        if k.dead:
            return
        if KnightKeyword.BRACED in k.keywords:
            self.emit("ignored", "braced_knockdown", miniature=k.id, name=k.name)
            return
        self.knights[knight_id] = k.model_copy(update={"knocked_down": True})
        ign = KnightKeyword.ROCKSTEADY.value if KnightKeyword.ROCKSTEADY in k.keywords else None
        self.emit("knockdown", "knocked_down", miniature=k.id, ignorable_by=ign, name=k.name)

    def crash(self, knight_id: str, why: BoardCause) -> None:
        """Crash: "The Knight subjected to Crash loses -1 Vigor and suffers Knockdown."  A Knight with
        Tumble ("When you are about to suffer Crash, roll a d10. On a 6+ ignore it.") gets
        ``ignorable_by="Tumble"`` on the Crash event: the caller rolls and, on 6+, gives the Vigor
        back and clears the Knockdown."""
        k = self.knights[knight_id]
        if k.dead:
            return
        ign = KnightKeyword.TUMBLE.value if KnightKeyword.TUMBLE in k.keywords else None
        self.emit("crash", "crash", miniature=k.id, vigor_loss=1, ignorable_by=ign, name=k.name, cause=why)
        self.knockdown(knight_id)

    def kill(self, knight_id: str, why: BoardCause) -> None:
        k = self.knights[knight_id]
        if k.dead:
            return
        self.knights[knight_id] = k.model_copy(update={"dead": True, "space": None, "vp": None})
        self.emit("death", "dies", miniature=k.id, name=k.name, cause=why)


# -- Displace (Keyword List) ---------------------------------------------------------------------
def displace_knight(w: Work, knight_id: str, avoid: Iterable[Coord] = (), around: Coord | None = None) -> list[Work]:
    """Displace: "Move the Displaced Target to an empty space adjacent to its current position. If a
    Knight is Displaced and there is no space they can legally be Displaced to, they die instead."

    ``around`` replaces the current position (used for Knights on a Vantage Point, who are
    Displaced to a space adjacent to the Monster).  ``avoid`` lists spaces that must stay free.
    Lethal spaces (Chasm, Boundless) are only offered when nothing else is empty.
    """
    k = w.knights[knight_id]
    if around is not None:
        base: set[Coord] = {around}
    elif k.space is not None:
        base = {k.space}
    else:
        base = set()
    av = set(avoid)
    occ = w.occupied(exclude=[knight_id])
    cands = sorted({n for b in base for n in neighbours(w.spec, b)} - occ - av - base)
    safe = [c for c in cands if not w.lethal(c)]
    options = safe or cands
    if not options:
        out = w.copy()
        out.kill(knight_id, BoardCause(how="no_displace_space"))
        return [out]
    results: list[Work] = []
    for space in options:
        c = w.copy()
        if len(options) > 1:
            c.choose(f"Displace {k.name} to {space.label}")
        c.move_knight(knight_id, space)
        c.emit("displace", "displaced", miniature=k.id, spaces=(space,), name=k.name, at=space)
        results.extend(arrive_knight_terrain(c, knight_id, space))
    return results


def displace_off_vp(w: Work, knight_id: str) -> list[Work]:
    """ "If a Knight suffers Knockdown or involuntary movement while on a VP space, they must first
    be Displaced to a space adjacent to the Monster."  (Unchanged when not on a VP.)"""
    k = w.knights[knight_id]
    if k.vp is None or k.dead:
        return [w]
    mon = w.monsters[k.vp.monster]
    occ = w.occupied(exclude=[knight_id])
    opts = sorted(ring(w.spec, mon.cells) - occ)
    safe = [c for c in opts if not w.lethal(c)]
    opts = safe or opts
    if not opts:
        c = w.copy()
        c.kill(knight_id, BoardCause(how="no_displace_space_vp"))
        return [c]
    res = []
    for sp in opts:
        c = w.copy()
        if len(opts) > 1:
            c.choose(f"Displace {k.name} from the Vantage Point to {sp.label}")
        c.move_knight(knight_id, sp)
        c.emit("displace", "displaced_off_vp", miniature=k.id, spaces=(sp,), name=k.name, at=sp)
        res.extend(arrive_knight_terrain(c, knight_id, sp))
    return res


def knockdown_works(w: Work, knight_id: str) -> list[Work]:
    """Knockdown that also handles a Knight on a VP (Displaced first, then knocked down).  A Braced
    Knight neither suffers Knockdown nor leaves the VP."""
    k = w.knights[knight_id]
    if k.dead:
        return [w]
    if k.vp is None or KnightKeyword.BRACED in k.keywords:
        w.knockdown(knight_id)
        return [w]
    out = []
    for c in displace_off_vp(w, knight_id):
        c.knockdown(knight_id)
        out.append(c)
    return out


def arrive_knight_terrain(w: Work, knight_id: str, space: Coord) -> list[Work]:
    """A Knight ends involuntary movement on ``space``: Chasm and Boundless kill (Lifeline
    Displaces instead); a Destructible tile is destroyed."""
    k = w.knights[knight_id]
    for t in w.terrain_at(space):
        if t.has(TerrainKeyword.CHASM) or t.has(TerrainKeyword.BOUNDLESS):
            if KnightKeyword.LIFELINE in k.keywords:
                w.emit("ignored", "lifeline_terrain", miniature=k.id, name=k.name, other_name=t.name)
                return displace_knight(w, knight_id, avoid=[space])
            w.kill(knight_id, BoardCause(how="on_terrain", name=t.name, space=space))
            return [w]
    for t in w.terrain_at(space):
        if t.destructible and not t.is_obstacle:
            w.destroy(t, BoardCause(how="moved_onto", name=k.name))
    return [w]


def monster_anchor_ok(w: Work, monster: Monster, anchor: Coord) -> bool:
    if not fits(w.spec, anchor, monster.side):
        return False
    occ = w.occupied(exclude=[monster.id])
    return not (footprint(anchor, monster.side) & occ)


def displace_monster(w: Work, monster_id: str, closest_only: bool = False) -> list[Work]:
    """Displace a Monster: to an empty adjacent position, else ("If a Monster is Displaced and there
    is no space it can legally be Displaced to, place it on the closest empty space instead").
    ``closest_only`` is the Boss-ends-on-a-Mob rule: "Displaced to the closest unoccupied space"."""
    m = w.monsters[monster_id]
    options: list[Coord] = []
    if not closest_only:
        options = [m.anchor.step(d) for d in CARDINALS if monster_anchor_ok(w, m, m.anchor.step(d))]
    if not options:
        options = _closest_free_anchors(w, m)
    if not options:
        w.emit("stopped", "board_full", miniature=m.id, name=m.name)
        return [w]
    out = []
    for a in options:
        c = w.copy()
        if len(options) > 1:
            c.choose(f"Displace {m.name} to {a.label}")
        c.move_monster(monster_id, a)
        c.emit("displace", "displaced", miniature=m.id, spaces=(a,), name=m.name, at=a)
        out.append(c)
    return out


def _closest_free_anchors(w: Work, m: Monster) -> list[Coord]:
    """Anchors nearest (orthogonal steps over the whole board) whose footprint is empty."""
    seen = {m.anchor}
    frontier = deque([(m.anchor, 0)])
    best: list[Coord] = []
    best_d: int | None = None
    while frontier:
        a, d = frontier.popleft()
        if best_d is not None and d > best_d:
            break
        if a != m.anchor and monster_anchor_ok(w, m, a):
            best.append(a)
            best_d = d
            continue
        for n in neighbours(w.spec, a):
            if n not in seen:
                seen.add(n)
                frontier.append((n, d + 1))
    return sorted(best)


def dedupe(works: list[Work]) -> list[Work]:
    """Drop branches that lead to the same board, events (what they do, not their words) and path."""
    seen: set[str] = set()
    out = []
    for w in works:
        key = "|".join([w.state().model_dump_json(), *(e.effect() for e in w.events), *(p.label for p in w.path)])
        if key not in seen:
            seen.add(key)
            out.append(w)
    return out
