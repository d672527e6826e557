"""Board state: Knights, Monsters and Terrain on the Clash Board, plus events and outcomes.

Every model is frozen; functions return new states.  Positions serialise as ``"C5"`` labels.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer, model_validator

from content.schema.board import BoardSpec, MonsterDiagram, TerrainKeyword, TerrainSpec
from rules.board.geometry import (
    Coord,
    Direction,
    Space,
    fits,
    footprint,
    on_board,
    rotate_offset,
)
from rules.board.move_facts import BoardEvent, BoardTold
from rules.facts import said

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class KnightKeyword(StrEnum):
    """Knight abilities the board engine applies (Keyword List)."""

    BRACED = "Braced"
    STALWART = "Stalwart"
    ROCKSTEADY = "Rocksteady"
    LIFELINE = "Lifeline"
    TUMBLE = "Tumble"
    ROLL_OUT = "Roll Out"
    ACROBATICS = "Acrobatics"
    JUMP = "Jump"
    ADVANCED_JUMP = "Advanced Jump"
    BYPASS = "Bypass"
    ADVANCED_BYPASS = "Advanced Bypass"
    SUPERIOR_BYPASS = "Superior Bypass"


class BypassLevel(StrEnum):
    """A Monster's Bypass keyword (Basic Abilities: "The Monster has the Bypass keyword")."""

    BYPASS = "Bypass"
    ADVANCED = "Advanced Bypass"
    SUPERIOR = "Superior Bypass"


class VpRef(BaseModel):
    """A Knight on a Vantage Point: which Monster and which of its diagram's VPs."""

    model_config = _FROZEN
    monster: str
    index: int = Field(ge=0)


class Knight(BaseModel):
    """A Knight (or Squire) miniature.  ``space`` is None while on a VP or after death."""

    model_config = _FROZEN
    id: str
    name: str
    space: Space | None = None
    vp: VpRef | None = None
    knocked_down: bool = False
    dead: bool = False
    colour: str = "#3b82f6"
    keywords: frozenset[KnightKeyword] = frozenset()

    @field_serializer("keywords")
    def _sorted_keywords(self, keywords: frozenset[KnightKeyword]) -> list[str]:
        """A set's order follows string hashing, which changes between processes: the saved state must not."""
        return sorted(str(k.value) for k in keywords)

    @model_validator(mode="after")
    def _placed_once(self) -> Knight:
        if self.space is not None and self.vp is not None:
            raise ValueError(f"{self.name} cannot be both on a space and on a Vantage Point")
        if not self.dead and self.space is None and self.vp is None:
            raise ValueError(f"{self.name} must be on a space or a Vantage Point")
        return self

    @property
    def on_board(self) -> bool:
        return not self.dead


class Monster(BaseModel):
    """A Boss or Mob miniature.  ``anchor`` is the top-left space of its footprint."""

    model_config = _FROZEN
    id: str
    name: str
    kind: Literal["boss", "mob"] = "boss"
    anchor: Space
    facing: Direction = Direction.S
    diagram: MonsterDiagram = MonsterDiagram()
    mob_number: int | None = None
    unavoidable_knockback: int = Field(default=0, ge=0)
    lumbering: bool = False
    ignores_difficult_terrain: bool = False
    unlocked_vps: frozenset[int] = frozenset()

    @field_serializer("unlocked_vps")
    def _sorted_vps(self, vps: frozenset[int]) -> list[int]:
        return sorted(vps)
    bypass: BypassLevel | None = None
    always_there: bool = False

    @property
    def side(self) -> int:
        return self.diagram.side

    @property
    def is_boss(self) -> bool:
        return self.kind == "boss"

    @property
    def cells(self) -> frozenset[Coord]:
        return footprint(self.anchor, self.side)

    def _place(self, offsets: Iterable[tuple[int, int]]) -> list[Coord]:
        out = []
        for off in offsets:
            r, c = rotate_offset(off, self.side, self.facing)
            out.append(Coord(self.anchor.row + r, self.anchor.col + c))
        return out

    def front_marks(self) -> list[Coord]:
        return self._place(self.diagram.front_offsets())

    def rear_marks(self) -> list[Coord]:
        return self._place(self.diagram.rear_offsets())

    def blindspot_marks(self) -> list[Coord]:
        return self._place(self.diagram.blindspots)

    def weakspot_marks(self) -> list[Coord]:
        return self._place(self.diagram.weakspots)

    def vp_cells(self) -> list[Coord]:
        return self._place(self.diagram.vantage_points)


class Terrain(BaseModel):
    """A Terrain tile on the board."""

    model_config = _FROZEN
    id: str
    name: str
    spec_id: str = ""
    cells: tuple[Space, ...]
    keywords: frozenset[TerrainKeyword] = frozenset()

    @field_serializer("keywords")
    def _sorted_keywords(self, keywords: frozenset[TerrainKeyword]) -> list[str]:
        """As ``Knight.keywords``: the saved state does not depend on the process's string hashing."""
        return sorted(str(k.value) for k in keywords)

    def has(self, keyword: TerrainKeyword) -> bool:
        return keyword in self.keywords

    @property
    def is_obstacle(self) -> bool:
        return TerrainKeyword.OBSTACLE in self.keywords

    @property
    def destructible(self) -> bool:
        return TerrainKeyword.DESTRUCTIBLE in self.keywords

    @property
    def indestructible(self) -> bool:
        return TerrainKeyword.INDESTRUCTIBLE in self.keywords


def terrain_from_spec(spec: TerrainSpec, anchor: Coord, instance_id: str | None = None) -> Terrain:
    """A Terrain tile from its content spec, with its top-left offset placed on ``anchor``."""
    cells = tuple(Coord(anchor.row + r, anchor.col + c) for r, c in spec.offsets())
    return Terrain(
        id=instance_id or f"{spec.id}@{anchor.label}",
        name=spec.name,
        spec_id=spec.id,
        cells=cells,
        keywords=spec.keywords,
    )


class BoardState(BaseModel):
    """Everything on the Clash Board."""

    model_config = _FROZEN
    spec: BoardSpec = BoardSpec()
    knights: tuple[Knight, ...] = ()
    monsters: tuple[Monster, ...] = ()
    terrain: tuple[Terrain, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> BoardState:
        ids = [k.id for k in self.knights] + [m.id for m in self.monsters]
        if len(set(ids)) != len(ids):
            raise ValueError("miniature ids must be unique")
        seen: dict[Coord, str] = {}
        for m in self.monsters:
            if not fits(self.spec, m.anchor, m.side):
                raise ValueError(f"{m.name} does not fit on the board at {m.anchor.label}")
            for c in m.cells:
                if c in seen:
                    raise ValueError(f"{m.name} overlaps {seen[c]} at {c.label}")
                seen[c] = m.name
        for k in self.knights:
            if k.dead:
                continue
            if k.space is not None:
                if not on_board(self.spec, k.space):
                    raise ValueError(f"{k.name} is off the board at {k.space.label}")
                if k.space in seen:
                    raise ValueError(f"{k.name} shares {k.space.label} with {seen[k.space]}")
                seen[k.space] = k.name
            if k.vp is not None:
                mon = next((m for m in self.monsters if m.id == k.vp.monster), None)
                if mon is None or k.vp.index >= len(mon.diagram.vantage_points):
                    raise ValueError(f"{k.name} is on an unknown Vantage Point")
        vps = [(k.vp.monster, k.vp.index) for k in self.knights if k.vp is not None and not k.dead]
        if len(set(vps)) != len(vps):
            raise ValueError("only one Knight can occupy a single Vantage Point")
        tids = [t.id for t in self.terrain]
        if len(set(tids)) != len(tids):
            raise ValueError("terrain ids must be unique")
        for t in self.terrain:
            for c in t.cells:
                if not on_board(self.spec, c):
                    raise ValueError(f"{t.name} is off the board at {c.label}")
        return self

    # -- lookups -------------------------------------------------------------------------------
    def knight(self, knight_id: str) -> Knight:
        for k in self.knights:
            if k.id == knight_id:
                return k
        raise KeyError(f"no Knight {knight_id!r} on the board")

    def monster(self, monster_id: str) -> Monster:
        for m in self.monsters:
            if m.id == monster_id:
                return m
        raise KeyError(f"no Monster {monster_id!r} on the board")

    def living_knights(self) -> list[Knight]:
        return [k for k in self.knights if not k.dead]

    def terrain_at(self, space: Coord) -> list[Terrain]:
        return [t for t in self.terrain if space in t.cells]


class Outcome(BaseModel):
    """One legal result of a board operation.

    Operations return a list of Outcomes: one when the rules decide everything, several when the
    players must choose (``choices`` describes the choices that lead to this Outcome).
    ``path`` is the main mover's path (anchor spaces, start included) for highlighting.
    """

    model_config = _FROZEN
    state: BoardState
    events: tuple[BoardEvent, ...] = ()
    path: tuple[Space, ...] = ()
    choices: tuple[str, ...] = ()

    @property
    def told(self) -> BoardTold:
        """The events as one fact (its words are bot/narration/board.py's): what a caller puts in its lines."""
        return BoardTold(events=self.events)

    @property
    def told_line(self) -> str:
        """The events as one line of a list of sentences not converted yet, or of a decision option's help
        (``rules.facts.said``: the line carries the fact)."""
        return said(self.told)


def distinct_effects(outcomes: list[Outcome]) -> list[Outcome]:
    """Keep one Outcome per distinct end state and events (dropping those that differ only by the
    path taken, or only by the words of their events), for callers that only need to ask about choices that change
    the game."""
    if len(outcomes) < 2:  # nothing to compare (the common case: writing the state as JSON costs more than the rest)
        return list(outcomes)
    seen: set[str] = set()
    out = []
    for o in outcomes:
        key = o.state.model_dump_json() + "|".join(e.effect(spaces=False) for e in o.events)
        if key not in seen:
            seen.add(key)
            out.append(o)
    return out
