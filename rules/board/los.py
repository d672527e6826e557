"""Line of Sight (rulebook "Line of Sight").

"To check LoS, see if you can draw an imaginary unobstructed straight line from a corner of any
space occupied by the Attacker to a corner of any space occupied by the Target:
- If the line goes through a corner of an Obscuring Terrain space, there is LoS.
- If the line passes through an Obscuring Terrain space, there is no LoS.
- If the line passes along the edge of an Obscuring Terrain space, there is no LoS.
- If the line would go through a corner where two features (like Terrain tiles) connect
  diagonally (i.e. through that corner), there is no LoS.
- Blindspots and Vantage Points are never in the Monster's LoS.
- A miniature never blocks LoS to itself or other miniatures.
An Obscuring Terrain tile does not block LoS to or from Targets standing on any of its spaces."

Geometry is exact: corners are integer lattice points ``(x, y)`` = (column, row) and a space
``(r, c)`` is the unit square ``[c, c+1] x [r, r+1]``.  A line is blocked by an Obscuring space
when it shares a stretch of positive length with the closed square (through it or along an edge);
touching only a corner does not block, unless that corner joins two Obscuring spaces diagonally
(also when the line starts or ends on that corner; see docs/rulings.md, "The Clash Board").
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from fractions import Fraction
from math import gcd

from content.schema.board import TerrainKeyword
from rules.board.geometry import Coord
from rules.board.state import BoardState, Knight, Monster

Point = tuple[int, int]


def _corners(cells: Iterable[Coord]) -> set[Point]:
    return {(c.col + dx, c.row + dy) for c in cells for dx in (0, 1) for dy in (0, 1)}


def _clip(p: Point, q: Point, cell: Coord) -> tuple[Fraction, Fraction] | None:
    """Parameter interval of segment p-q inside the closed unit square of ``cell`` (None if empty)."""
    x0, y0 = p
    dx, dy = q[0] - x0, q[1] - y0
    t0, t1 = Fraction(0), Fraction(1)
    for num_lo, num_hi, den in (
        (cell.col - x0, cell.col + 1 - x0, dx),
        (cell.row - y0, cell.row + 1 - y0, dy),
    ):
        if den == 0:
            if num_lo > 0 or num_hi < 0:  # outside the slab
                return None
            continue
        a, b = Fraction(num_lo, den), Fraction(num_hi, den)
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            return None
    return (t0, t1)


def _overlaps_square(p: Point, q: Point, cell: Coord) -> bool:
    """Whether segment p-q shares a stretch of positive length with the closed unit square
    (through the space or along one of its edges)."""
    clip = _clip(p, q, cell)
    return clip is not None and clip[0] < clip[1]


def crosses_interior(p: Point, q: Point, cell: Coord) -> bool:
    """Whether segment p-q passes through the inside of the space (not merely along an edge)."""
    clip = _clip(p, q, cell)
    if clip is None or clip[0] >= clip[1]:
        return False
    t = (clip[0] + clip[1]) / 2
    mx, my = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
    return cell.col < mx < cell.col + 1 and cell.row < my < cell.row + 1


def _junction(point: Point, blockers: Collection[Coord]) -> bool:
    """A corner where two blocking spaces meet diagonally."""
    x, y = point
    nw, ne = Coord(y - 1, x - 1) in blockers, Coord(y - 1, x) in blockers
    sw, se = Coord(y, x - 1) in blockers, Coord(y, x) in blockers
    return (nw and se) or (ne and sw)


def segment_clear(p: Point, q: Point, blockers: Collection[Coord]) -> bool:
    """Whether the straight line between two corners is unobstructed by ``blockers``."""
    if p == q:
        return not _junction(p, blockers)
    dx, dy = q[0] - p[0], q[1] - p[1]
    g = gcd(abs(dx), abs(dy))
    sx, sy = dx // g, dy // g
    for i in range(0, g + 1):  # endpoints included: a line cannot start or end in the gap
        if _junction((p[0] + sx * i, p[1] + sy * i), blockers):
            return False
    lo_x, hi_x = min(p[0], q[0]), max(p[0], q[0])
    lo_y, hi_y = min(p[1], q[1]), max(p[1], q[1])
    for cell in blockers:
        if cell.col + 1 < lo_x or cell.col > hi_x or cell.row + 1 < lo_y or cell.row > hi_y:
            continue
        if _overlaps_square(p, q, cell):
            return False
    return True


def obscuring_cells(state: BoardState, ignore_for: Iterable[Coord] = ()) -> frozenset[Coord]:
    """Spaces of Obscuring tiles, leaving out every tile that one of ``ignore_for`` stands on."""
    standing = set(ignore_for)
    out: set[Coord] = set()
    for t in state.terrain:
        if TerrainKeyword.OBSCURING not in t.keywords:
            continue
        if standing & set(t.cells):
            continue
        out |= set(t.cells)
    return frozenset(out)


def clear_line(state: BoardState, a_cells: Collection[Coord], b_cells: Collection[Coord]) -> bool:
    """Geometric LoS between two groups of spaces (miniatures never block)."""
    blockers = obscuring_cells(state, ignore_for=list(a_cells) + list(b_cells))
    if not blockers:
        return True
    pa, pb = _corners(a_cells), _corners(b_cells)
    return any(segment_clear(p, q, blockers) for p in pa for q in pb)


def knight_cells(state: BoardState, knight: Knight) -> frozenset[Coord]:
    """Where a Knight is for measuring: its space, or its Monster's spaces when on a VP
    ("They measure range to other Knights and game elements from the space occupied by the
    Monster that is closest to that Knight or game element")."""
    if knight.vp is not None:
        return state.monster(knight.vp.monster).cells
    if knight.space is None:
        return frozenset()
    return frozenset({knight.space})


def monster_sees(state: BoardState, monster: Monster, knight: Knight) -> bool:
    """Whether the Knight is in the Monster's LoS ("In sight").

    "Blindspots and Vantage Points are never in the Monster's LoS."
    """
    if knight.dead or knight.vp is not None or knight.space is None:
        return False
    if knight.space in monster.blindspot_marks():
        return False
    return clear_line(state, monster.cells, {knight.space})


def knight_sees_monster(state: BoardState, knight: Knight, monster: Monster) -> bool:
    """Whether the Knight has LoS to the Monster (needed to attack it)."""
    if knight.dead:
        return False
    if knight.vp is not None:
        return knight.vp.monster == monster.id or clear_line(state, knight_cells(state, knight), monster.cells)
    return clear_line(state, knight_cells(state, knight), monster.cells)


def line_of_sight(state: BoardState, viewer: str, target: str) -> bool:
    """LoS from one miniature (Knight or Monster id) to another, with the Monster rules applied."""
    ids_k = {k.id for k in state.knights}
    if viewer in ids_k and target in ids_k:
        a, b = state.knight(viewer), state.knight(target)
        if a.dead or b.dead:
            return False
        return clear_line(state, knight_cells(state, a), knight_cells(state, b))
    if viewer in ids_k:
        return knight_sees_monster(state, state.knight(viewer), state.monster(target))
    if target in ids_k:
        return monster_sees(state, state.monster(viewer), state.knight(target))
    return clear_line(state, state.monster(viewer).cells, state.monster(target).cells)
