"""Content schema for the Clash Board: the board itself, Terrain tiles and Monster diagrams.

Rulebook, "Basic Clash Terms": "The Clash Board has two short and two long Board Edges. Short
Board Edges are marked with letters to identify rows, and the long Board Edges are marked with
numbers to identify columns."  So rows are lettered A.. from the top (the long top Edge holds the
Mob Track) and columns numbered 1.. from the left; a board has more columns than rows.

Monster diagrams are written in a canonical orientation: the Monster faces *up* (toward row A).
Offsets are ``(row, column)`` relative to the top-left space of the footprint; the footprint
covers ``0..side-1`` on both axes (side 1, 2 or 3 for 1, 4 or 9 spaces).  The rules package
rotates them for the Monster's actual facing.

This module must not import from ``rules/``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer, field_validator, model_validator

Offset = tuple[int, int]


class TerrainKeyword(StrEnum):
    """Terrain keywords (Keyword List)."""

    OBSTACLE = "Obstacle"
    DESTRUCTIBLE = "Destructible"
    INDESTRUCTIBLE = "Indestructible"
    OBSCURING = "Obscuring"
    DIFFICULT_TERRAIN = "Difficult Terrain"
    CHASM = "Chasm"
    BOUNDLESS = "Boundless"


class EdgeSide(StrEnum):
    """The four Board Edges: top (row A side), right, bottom, left (column 1 side)."""

    TOP = "top"
    RIGHT = "right"
    BOTTOM = "bottom"
    LEFT = "left"


class BoardSpec(BaseModel):
    """Size of a Clash Board.  ``boundless_edges`` lists Board Edges with the Boundless keyword."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rows: int = Field(default=8, ge=2, le=26)
    columns: int = Field(default=12, ge=2, le=40)
    boundless_edges: frozenset[EdgeSide] = frozenset()

    @field_serializer("boundless_edges")
    def _sorted_edges(self, edges: frozenset[EdgeSide]) -> list[str]:
        """A set's order follows string hashing, which changes between processes: the saved state must not."""
        return sorted(str(e.value) for e in edges)

    @model_validator(mode="after")
    def _long_edges_are_columns(self) -> BoardSpec:
        if self.rows > self.columns:
            raise ValueError(
                "rows are lettered on the short Board Edges, so a board cannot have more rows "
                f"({self.rows}) than columns ({self.columns})"
            )
        return self


class TerrainSpec(BaseModel):
    """A Terrain tile as printed: its size in spaces and its keywords.

    ``cells`` optionally gives an irregular shape as (row, column) offsets from the tile's anchor;
    otherwise the tile is a ``height`` x ``width`` rectangle.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    width: int = Field(default=1, ge=1, le=6)
    height: int = Field(default=1, ge=1, le=6)
    cells: tuple[Offset, ...] | None = None
    keywords: frozenset[TerrainKeyword] = frozenset()
    text: str = ""

    @field_validator("cells")
    @classmethod
    def _cells_valid(cls, value: tuple[Offset, ...] | None) -> tuple[Offset, ...] | None:
        if value is None:
            return None
        if not value:
            raise ValueError("a Terrain tile needs at least one space")
        if len(set(value)) != len(value):
            raise ValueError("a Terrain tile lists the same space twice")
        if min(r for r, _ in value) != 0 or min(c for _, c in value) != 0:
            raise ValueError("cell offsets must start at row 0 and column 0")
        return value

    @model_validator(mode="after")
    def _keywords_consistent(self) -> TerrainSpec:
        kw = self.keywords
        if TerrainKeyword.DESTRUCTIBLE in kw and TerrainKeyword.INDESTRUCTIBLE in kw:
            raise ValueError("a Terrain tile cannot be both Destructible and Indestructible")
        return self

    def offsets(self) -> tuple[Offset, ...]:
        """The spaces of the tile as offsets from its anchor."""
        if self.cells is not None:
            return self.cells
        return tuple((r, c) for r in range(self.height) for c in range(self.width))


MonsterFootprint = Literal[1, 4, 9]


class MonsterDiagram(BaseModel):
    """The Monster diagram (rulebook "Monster Diagram", "Basic Abilities", "Vantage Points").

    All offsets are in the canonical orientation (facing up, toward row A) relative to the
    footprint's top-left space.  ``rear`` defaults to the spaces directly behind the Monster
    ("Rear designates only the spaces adjacent to the Monster, directly behind it").
    ``front`` marks the front spaces used by effects such as Land on Top; it defaults to the
    spaces directly in front.  Vantage Points are spaces *on top of* the Monster, so their offsets
    lie inside the footprint.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    footprint: MonsterFootprint = 1
    front: tuple[Offset, ...] | None = None
    rear: tuple[Offset, ...] | None = None
    blindspots: tuple[Offset, ...] = ()
    weakspots: tuple[Offset, ...] = ()
    vantage_points: tuple[Offset, ...] = ()

    @property
    def side(self) -> int:
        return {1: 1, 4: 2, 9: 3}[self.footprint]

    def inside(self, offset: Offset) -> bool:
        r, c = offset
        return 0 <= r < self.side and 0 <= c < self.side

    def front_offsets(self) -> tuple[Offset, ...]:
        if self.front is not None:
            return self.front
        return tuple((-1, c) for c in range(self.side))

    def rear_offsets(self) -> tuple[Offset, ...]:
        if self.rear is not None:
            return self.rear
        return tuple((self.side, c) for c in range(self.side))

    @model_validator(mode="after")
    def _offsets_valid(self) -> MonsterDiagram:
        for name in ("front", "rear", "blindspots", "weakspots"):
            value: tuple[Offset, ...] | None = getattr(self, name)
            for off in value or ():
                if self.inside(off):
                    raise ValueError(f"{name} space {off} lies under the Monster")
                if not all(-4 <= v <= self.side + 3 for v in off):
                    raise ValueError(f"{name} space {off} is too far from the Monster")
        for name in ("front", "rear"):
            marks: tuple[Offset, ...] | None = getattr(self, name)
            for off in marks or ():
                r, c = off
                ring = (r in (-1, self.side) and 0 <= c < self.side) or (c in (-1, self.side) and 0 <= r < self.side)
                if not ring:
                    raise ValueError(f"{name} space {off} is not adjacent to the Monster")
        for off in self.vantage_points:
            if not self.inside(off):
                raise ValueError(f"Vantage Point {off} must be a space of the Monster's footprint")
        if len(set(self.vantage_points)) != len(self.vantage_points):
            raise ValueError("a Vantage Point is listed twice")
        return self
