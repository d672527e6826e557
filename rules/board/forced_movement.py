"""Forced (involuntary) movement: Knockback, Displace, Forced Vault.

Pushback is in :mod:`rules.board.pushback` (and :mod:`rules.board.push_monster`), Drag in
:mod:`rules.board.drag`, Pull, Herd and Gangup in :mod:`rules.board.forced_toward`.  Each public function takes the
board and miniature ids and returns ``list[Outcome]`` (several when the players must choose).
"""

from __future__ import annotations

from content.schema.cards import DragToward, Gangup, Herd, KnockbackSide, MoveVariant, PushbackToward
from rules.board.drag import drag
from rules.board.forced_toward import gangup, herd
from rules.board.geometry import Coord, Direction, cells_adjacent, fits, footprint, on_board, parse_space
from rules.board.involuntary import is_knight, source_cells
from rules.board.knockback import away_directions, knockback_monster, off_vp, settle_knight, settle_monster
from rules.board.knockback import knockback as _knockback_knight
from rules.board.move_facts import BoardCause
from rules.board.pushback import pushback
from rules.board.state import BoardState, Outcome
from rules.board.work import Work, dedupe, displace_knight, displace_monster

__all__ = ["displace", "drag", "forced_variant", "forced_vault", "knockback", "knockback_to_the_side", "pushback"]


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
    direction that leads the target directly away from the source."  Of the two perpendicular
    directions, the one on the target's side of the source's centre; when the target is centred on
    the straight line, both are equally away and the players choose (docs/rulings.md)."""
    src = source_cells(state, source)
    tcells = source_cells(state, target)
    out: list[Outcome] = []
    for d in away_directions(src, tcells):
        for side in _away_sides(src, tcells, d):
            out.extend(knockback(state, target, source, x, direction=side, reduction=reduction))
    return out


def _away_sides(src: frozenset[Coord], tcells: frozenset[Coord], d: Direction) -> list[Direction]:
    """The perpendicular(s) of ``d`` that lead ``tcells`` away from ``src`` (centres compared, doubled)."""
    def centre2(cells: frozenset[Coord]) -> tuple[int, int]:
        rows, cols = [c.row for c in cells], [c.col for c in cells]
        return min(rows) + max(rows), min(cols) + max(cols)

    (sr, sc), (tr, tc) = centre2(src), centre2(tcells)
    lead = {p: p.delta[0] * (tr - sr) + p.delta[1] * (tc - sc) for p in d.perpendicular}
    best = max(lead.values())
    return [p for p in d.perpendicular if best <= 0 or lead[p] == best]


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
        w.emit("stopped", "not_adjacent_vault")
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
            w.kill(target, BoardCause(how="vaulted_off_edge") if obst is None
                   else BoardCause(how="vaulted_onto", name=obst.name))
            return _done([w])
        if obst is not None:
            w.destroy(obst, BoardCause(how="vaulted_into", name=k.name))
            w.crash(target, BoardCause(how="against", name=obst.name))
        w.move_knight(target, sp)
        w.emit("move", "vaulted_to", miniature=target, spaces=(sp,), name=k.name, at=sp)
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
        w.emit("stopped", "vault_displaced", miniature=target, name=m.name)
        return _done(displace_monster(w, target, closest_only=True))
    crashed: set[str] = set()
    w.move_monster(target, anchor)
    w.emit("move", "vaulted_to", miniature=target, spaces=(anchor,), name=m.name, at=anchor)
    return _done(settle_monster(w, target, crashed))


# -- the card effects of the movement keyword variants --------------------------------------------------------------


def forced_variant(state: BoardState, source: str, target: str, e: MoveVariant, *, reduction: int = 0) -> list[Outcome]:
    """A card's Knockback to the side, Pushback toward, Drag toward, Herd X or Gangup X (content/schema/cards.py)
    from ``source`` on ``target``: the board operation it names. (Herd and Gangup move the source first, so a
    reduction of the Knight's involuntary movement is not applied to them: docs/rulings.md.)"""
    if isinstance(e, KnockbackSide):
        return knockback_to_the_side(state, target, source, e.amount, reduction=reduction)
    if isinstance(e, PushbackToward):
        return pushback(state, source, target, e.amount, toward=parse_space(e.toward), reduction=reduction)
    if isinstance(e, DragToward):
        return drag(state, source, target, e.amount, toward=parse_space(e.toward), reduction=reduction)
    if isinstance(e, Herd):
        return herd(state, source, target, e.amount)
    if isinstance(e, Gangup):
        return gangup(state, source, target, e.amount)
    raise ValueError(f"not a movement keyword variant: {e!r}")
