"""Small builders for board tests."""

from __future__ import annotations

from bot.narration.board import paragraph
from content.schema.board import BoardSpec, MonsterDiagram, TerrainKeyword, TerrainSpec
from rules.board import BoardState, Knight, KnightKeyword, Monster, Outcome, parse_space
from rules.board.state import terrain_from_spec

K = TerrainKeyword
COLUMN = TerrainSpec(id="column", name="Column", keywords=frozenset({K.OBSTACLE, K.DESTRUCTIBLE, K.OBSCURING}))
BOULDER = TerrainSpec(id="boulder", name="Boulder", keywords=frozenset({K.OBSTACLE, K.INDESTRUCTIBLE}))
RUINED_WALL = TerrainSpec(id="wall", name="Ruined Wall", height=3, keywords=frozenset({K.OBSCURING}))
CHASM = TerrainSpec(id="chasm", name="Chasm", keywords=frozenset({K.CHASM}))
BOG = TerrainSpec(id="bog", name="Bog", width=2, height=2, keywords=frozenset({K.DIFFICULT_TERRAIN}))
HEDGE = TerrainSpec(id="hedge", name="Hedge", keywords=frozenset({K.OBSCURING}))


def s(label: str):  # noqa: ANN201
    return parse_space(label)


def knight(kid: str, at: str, *kw: KnightKeyword, **extra: object) -> Knight:
    return Knight.model_validate({"id": kid, "name": kid.title(), "space": at, "keywords": frozenset(kw), **extra})


def boss(
    mid: str = "boss",
    at: str = "A1",
    size: int = 1,
    facing: str = "S",
    diagram: dict[str, object] | None = None,
    **extra: object,
) -> Monster:
    diagram = diagram or {}
    return Monster.model_validate(
        {
            "id": mid,
            "name": mid.title(),
            "kind": "boss",
            "anchor": at,
            "facing": facing,
            "diagram": MonsterDiagram.model_validate({"footprint": size * size, **diagram}),
            **extra,
        }
    )


def mob(mid: str, at: str, number: int = 1, **extra: object) -> Monster:
    return Monster.model_validate(
        {"id": mid, "name": mid.title(), "kind": "mob", "anchor": at, "mob_number": number, **extra}
    )


def board(
    *minis: Knight | Monster,
    terrain: tuple[tuple[TerrainSpec, str], ...] = (),
    rows: int = 8,
    columns: int = 12,
    **spec: object,
) -> BoardState:
    return BoardState(
        spec=BoardSpec.model_validate({"rows": rows, "columns": columns, **spec}),
        knights=tuple(m for m in minis if isinstance(m, Knight)),
        monsters=tuple(m for m in minis if isinstance(m, Monster)),
        terrain=tuple(terrain_from_spec(t, s(at)) for t, at in terrain),
    )


def where(o: Outcome | BoardState, mini: str) -> str | None:
    st = o.state if isinstance(o, Outcome) else o
    for k in st.knights:
        if k.id == mini:
            return None if k.space is None else k.space.label
    return st.monster(mini).anchor.label


def told(o: Outcome) -> str:
    """An Outcome's events in words, as the edge tells them (bot/narration/board.py)."""
    return paragraph(o.events)


def kinds(o: Outcome, kind: str) -> list[str]:
    return [e.miniature or e.terrain or "" for e in o.events if e.kind == kind]
