"""Coordinates, directions and adjacency on the Clash Board.

Rulebook, "Basic Clash Terms": rows are lettered on the short Board Edges, columns numbered on the
long ones, so ``A1`` is the top-left space.  "Adjacent. A game element ... is adjacent to another
game element if the space it occupies shares at least one edge with the space occupied by the
other game element."  "Board Edge. Edges not shared with another space are part of the Board Edge."
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum
from functools import lru_cache
from typing import Annotated, NamedTuple

from pydantic import BeforeValidator, PlainSerializer, WithJsonSchema

from content.schema.board import BoardSpec, EdgeSide, Offset

_LABEL = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")


class Coord(NamedTuple):
    """A space: 0-based row (A = 0, top) and column (1 = 0, left)."""

    row: int
    col: int

    @property
    def label(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"

    def __str__(self) -> str:
        return self.label

    def step(self, direction: Direction, n: int = 1) -> Coord:
        dr, dc = direction.delta
        return Coord(self.row + dr * n, self.col + dc * n)

    def shift(self, dr: int, dc: int) -> Coord:
        return Coord(self.row + dr, self.col + dc)


def parse_space(text: str) -> Coord:
    """Parse ``"A1"``-style coordinates (case-insensitive)."""
    m = _LABEL.match(text)
    if not m:
        raise ValueError(f"not a space: {text!r} (expected a row letter and a column number, like C5)")
    col = int(m.group(2))
    if col < 1:
        raise ValueError(f"not a space: {text!r} (columns start at 1)")
    return Coord(ord(m.group(1).upper()) - ord("A"), col - 1)


def format_space(space: Coord) -> str:
    return space.label


def _to_coord(value: object) -> object:
    if isinstance(value, str):
        return parse_space(value)
    if isinstance(value, Coord):
        return value
    if isinstance(value, list | tuple) and len(value) == 2:
        return Coord(int(value[0]), int(value[1]))
    return value


Space = Annotated[
    Coord,
    BeforeValidator(_to_coord),
    PlainSerializer(lambda c: c.label, return_type=str),
    WithJsonSchema({"type": "string", "pattern": "^[A-Z][0-9]{1,2}$"}),
]
"""A Coord stored in JSON as its label, e.g. ``"C5"``."""


class Direction(StrEnum):
    """Cardinal directions; ``N`` is toward row A (the top Board Edge)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self]

    @property
    def opposite(self) -> Direction:
        return _OPPOSITE[self]

    @property
    def perpendicular(self) -> tuple[Direction, Direction]:
        return (Direction.N, Direction.S) if self in (Direction.E, Direction.W) else (Direction.W, Direction.E)

    @property
    def horizontal(self) -> bool:
        return self in (Direction.E, Direction.W)

    @property
    def edge(self) -> EdgeSide:
        return _EDGE[self]


_DELTAS = {Direction.N: (-1, 0), Direction.E: (0, 1), Direction.S: (1, 0), Direction.W: (0, -1)}
_OPPOSITE = {Direction.N: Direction.S, Direction.S: Direction.N, Direction.E: Direction.W, Direction.W: Direction.E}
_EDGE = {
    Direction.N: EdgeSide.TOP,
    Direction.E: EdgeSide.RIGHT,
    Direction.S: EdgeSide.BOTTOM,
    Direction.W: EdgeSide.LEFT,
}
CARDINALS: tuple[Direction, ...] = (Direction.N, Direction.E, Direction.S, Direction.W)


def dominant_directions(vr: int, vc: int) -> list[Direction]:
    """The cardinal direction of a (rows, columns) offset along its larger axis; both when they tie."""
    vert = Direction.S if vr > 0 else Direction.N
    hori = Direction.E if vc > 0 else Direction.W
    if abs(vr) > abs(vc):
        return [vert]
    if abs(vc) > abs(vr):
        return [hori]
    return [vert, hori]


def direction_of(a: Coord, b: Coord) -> Direction | None:
    """The cardinal direction of a unit step from ``a`` to ``b`` (None if not a unit step)."""
    for d in CARDINALS:
        if a.step(d) == b:
            return d
    return None


def on_board(spec: BoardSpec, space: Coord) -> bool:
    return 0 <= space.row < spec.rows and 0 <= space.col < spec.columns


def all_spaces(spec: BoardSpec) -> list[Coord]:
    return [Coord(r, c) for r in range(spec.rows) for c in range(spec.columns)]


def neighbours(spec: BoardSpec, space: Coord) -> list[Coord]:
    """Orthogonally adjacent spaces on the board."""
    return [n for n in (space.step(d) for d in CARDINALS) if on_board(spec, n)]


@lru_cache(maxsize=8192)
def footprint(anchor: Coord, side: int) -> frozenset[Coord]:
    """The spaces of a square footprint whose top-left space is ``anchor`` (cached: pure, and asked for thousands
    of times by every Monster path search)."""
    return frozenset(Coord(anchor.row + r, anchor.col + c) for r in range(side) for c in range(side))


def fits(spec: BoardSpec, anchor: Coord, side: int) -> bool:
    return on_board(spec, anchor) and on_board(spec, Coord(anchor.row + side - 1, anchor.col + side - 1))


def ring(spec: BoardSpec, cells: Iterable[Coord]) -> frozenset[Coord]:
    """Spaces that share an edge with any of ``cells`` and are not among them."""
    cs = frozenset(cells)
    out = {n for c in cs for n in neighbours(spec, c)}
    return frozenset(out - cs)


def cells_adjacent(a: Iterable[Coord], b: Iterable[Coord]) -> bool:
    """Whether some space of ``a`` shares an edge with some space of ``b``."""
    bs = frozenset(b)
    return any(c.step(d) in bs for c in a for d in CARDINALS)


def manhattan(a: Iterable[Coord], b: Iterable[Coord]) -> int:
    """Smallest orthogonal step count between two sets of spaces with nothing in the way."""
    return min(abs(x.row - y.row) + abs(x.col - y.col) for x in a for y in b)


def chebyshev(a: Iterable[Coord], b: Iterable[Coord]) -> int:
    """Smallest king-move distance (horizontal, vertical and diagonal) between two sets of spaces."""
    return min(max(abs(x.row - y.row), abs(x.col - y.col)) for x in a for y in b)


def rotate_offset(offset: Offset, side: int, facing: Direction) -> Offset:
    """Rotate a diagram offset (written facing N) to the given facing, about the footprint."""
    r, c = offset
    turns = {Direction.N: 0, Direction.E: 1, Direction.S: 2, Direction.W: 3}[facing]
    for _ in range(turns):
        r, c = c, side - 1 - r
    return (r, c)


def edge_hit(spec: BoardSpec, space: Coord) -> EdgeSide | None:
    """Which Board Edge a space off the board lies beyond (None if on the board)."""
    if space.row < 0:
        return EdgeSide.TOP
    if space.row >= spec.rows:
        return EdgeSide.BOTTOM
    if space.col < 0:
        return EdgeSide.LEFT
    if space.col >= spec.columns:
        return EdgeSide.RIGHT
    return None
