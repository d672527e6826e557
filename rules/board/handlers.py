"""Engine handlers that let a table mirror its physical Clash Board: place or remove any miniature
or Terrain tile (GM), exactly where the players put it. The rules of movement live in rules/board/."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from content.schema.board import MonsterDiagram, TerrainKeyword, TerrainSpec
from rules.board.board_facts import BoardKnightPlaced, BoardMonsterPlaced, BoardRemoved, BoardTerrainPlaced
from rules.board.geometry import Coord, Direction, parse_space
from rules.board.measures import rear_spaces
from rules.board.naming import slug
from rules.board.state import BoardState, Knight, Monster, Terrain, VpRef, terrain_from_spec
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.facts import Fact
from rules.state import CampaignState

Name = Annotated[str, Field(min_length=1, max_length=40)]
FACINGS = {"north": Direction.N, "east": Direction.E, "south": Direction.S, "west": Direction.W}
# Diagrams for miniatures placed by hand: the ring of spaces around the footprint is Front/Rear by
# default (rules/board); a Boss of 4 or 9 spaces gets one Vantage Point per corner of its top.
DEFAULT_VPS = {1: (), 4: ((0, 0), (1, 1)), 9: ((0, 0), (0, 2), (2, 0), (2, 2))}
# Knights keep the colour they were first placed with: blue, green, purple, orange, teal.
KNIGHT_COLOURS = ("#2563eb", "#16a34a", "#9333ea", "#ea580c", "#0d9488")


class _Place(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    space: str | None = Field(None, max_length=4, description="the top-left space, e.g. C5")


class PlaceKnight(_Place):
    type: Literal["clash_place_knight"] = "clash_place_knight"
    while_waiting: ClassVar[bool] = True
    knocked_down: bool = False
    monster: Name | None = Field(None, description="with vp: the Monster whose Vantage Point it stands on")
    vp: int | None = Field(None, ge=1, le=9, description="1-based Vantage Point of that Monster")


class PlaceMonster(_Place):
    """A Monster already on the board keeps what it is (its diagram with its Rear spaces, Blindspots and Vantage
    Points, Unavoidable Knockback, Lumbering, Bypass...) and whatever of size, facing, Boss or Mob is not given;
    a new one is a Boss of 1 space facing south unless told otherwise."""

    type: Literal["clash_place_monster"] = "clash_place_monster"
    while_waiting: ClassVar[bool] = True
    size: Literal[1, 4, 9] | None = None
    facing: Literal["north", "east", "south", "west"] | None = None
    mob: bool | None = None
    mob_number: int | None = Field(None, ge=1, le=9)


class PlaceTerrain(_Place):
    type: Literal["clash_place_terrain"] = "clash_place_terrain"
    while_waiting: ClassVar[bool] = True
    width: int = Field(1, ge=1, le=6)
    height: int = Field(1, ge=1, le=6)
    keywords: list[TerrainKeyword] = Field(default_factory=list)


class RemoveFromBoard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["clash_remove"] = "clash_remove"
    while_waiting: ClassVar[bool] = True
    name: Name


def board_space(text: str | None, what: str, board: BoardState) -> Coord:
    if not text:
        raise RuleError(f"say where {what} goes with space:, e.g. space:C5")
    try:
        space = parse_space(text)
    except ValueError as exc:
        raise RuleError(str(exc)) from None
    rows, cols = board.spec.rows, board.spec.columns
    if not (0 <= space.row < rows and 0 <= space.col < cols):
        last = chr(ord("A") + rows - 1)
        raise RuleError(f"{text.upper()} is not on the board: rows go from A to {last}, columns from 1 to {cols}")
    return space


def without_piece(board: BoardState, ident: str) -> BoardState:
    return board.model_copy(
        update={
            "knights": tuple(k for k in board.knights if k.id != ident),
            "monsters": tuple(m for m in board.monsters if m.id != ident),
            "terrain": tuple(t for t in board.terrain if t.id != ident),
        }
    )


def rebuild_board(board: BoardState, **parts: object) -> BoardState:
    """A new board checked by BoardState's own validation (overlaps, edges, VPs)."""
    try:
        return BoardState.model_validate({**board.__dict__, **parts})
    except ValidationError as exc:
        message = exc.errors()[0]["msg"].removeprefix("Value error, ")
        raise RuleError(f"that does not fit on the board: {message}") from None


def _placed(state: CampaignState, board: BoardState, told: Fact, ident: str) -> Result:
    state.board = board
    return Result(
        state=state, events=[Event(kind="board", fact=told)], data={"placed": ident, "board": board_summary(board)}
    )


def board_summary(board: BoardState) -> dict[str, object]:
    return {
        "knights": [
            {
                "id": k.id,
                "name": k.name,
                "space": k.space.label if k.space else None,
                "vp": k.vp.model_dump() if k.vp else None,
                "knocked_down": k.knocked_down,
                "keywords": sorted(kw.value for kw in k.keywords),
            }
            for k in board.knights
        ],
        "monsters": [
            {
                "id": m.id,
                "name": m.name,
                "space": m.anchor.label,
                "size": m.diagram.footprint,
                "facing": m.facing.value,
                "kind": m.kind,
                "unavoidable_knockback": m.unavoidable_knockback,
                "rear": sorted(c.label for c in rear_spaces(board, m)),
            }
            for m in board.monsters
        ],
        "terrain": [
            {
                "id": t.id,
                "name": t.name,
                "spaces": [c.label for c in t.cells],
                "keywords": sorted(k.value for k in t.keywords),
            }
            for t in board.terrain
        ],
    }


@handles(PlaceKnight)
def place_knight(engine: Engine, state: CampaignState, act: PlaceKnight, dice: Dice) -> Result:
    ident = slug(act.name)
    board = without_piece(state.board, ident)
    previous = next((k for k in state.board.knights if k.id == ident), None)
    colour = previous.colour if previous else KNIGHT_COLOURS[len(state.board.knights) % len(KNIGHT_COLOURS)]
    if act.vp is not None:
        if act.monster is None:
            raise RuleError("a Vantage Point belongs to a Monster: give monster: with vp:")
        monster = next((m for m in board.monsters if m.id == slug(act.monster)), None)
        if monster is None:
            raise RuleError(f"there is no Monster {act.monster!r} on the board; place it first")
        if act.vp > len(monster.diagram.vantage_points):
            raise RuleError(
                f"{monster.name} has {len(monster.diagram.vantage_points)} Vantage Points; vp: must be 1 "
                f"to {len(monster.diagram.vantage_points)}"
            )
        knight = Knight(
            id=ident,
            name=act.name,
            vp=VpRef(monster=monster.id, index=act.vp - 1),
            knocked_down=act.knocked_down,
            colour=colour,
        )
        told = BoardKnightPlaced(knight=act.name, monster=monster.name, vp=act.vp, knocked_down=act.knocked_down)
    else:
        space = board_space(act.space, act.name, board)
        knight = Knight(id=ident, name=act.name, space=space, knocked_down=act.knocked_down, colour=colour)
        told = BoardKnightPlaced(knight=act.name, space=space.label, knocked_down=act.knocked_down)
    from rules.clash.pieces import knows_pieces, piece_keywords

    owner = next((k for k in state.knights.values() if slug(k.name) == ident), None)
    if owner is not None and knows_pieces(state):  # the miniature carries what the Loadout gives it
        knight = knight.model_copy(update={"keywords": piece_keywords(engine.catalogue, owner)})
    board = rebuild_board(board, knights=(*board.knights, knight))
    return _placed(state, board, told, ident)


@handles(PlaceMonster)
def place_monster(engine: Engine, state: CampaignState, act: PlaceMonster, dice: Dice) -> Result:
    ident = slug(act.name)
    board = without_piece(state.board, ident)
    space = board_space(act.space, act.name, board)
    from rules.clash.pieces import knows_pieces

    previous = next((m for m in state.board.monsters if m.id == ident), None) if knows_pieces(state) else None
    mob = act.mob if act.mob is not None else (previous is not None and previous.kind == "mob")
    size = act.size or (previous.diagram.footprint if previous else 1)
    facing = FACINGS[act.facing] if act.facing else (previous.facing if previous else Direction.S)
    if previous is not None and previous.diagram.footprint == size and (previous.kind == "mob") == mob:
        monster = previous.model_copy(update={"anchor": space, "facing": facing, "name": act.name,
                                              "mob_number": act.mob_number or previous.mob_number})
    else:
        diagram = MonsterDiagram(footprint=size, vantage_points=() if mob else DEFAULT_VPS[size])
        monster = Monster(id=ident, name=act.name, kind="mob" if mob else "boss", anchor=space, facing=facing,
                          diagram=diagram, mob_number=act.mob_number)
    board = rebuild_board(board, monsters=(*board.monsters, monster))
    facing_name = next(n for n, d in FACINGS.items() if d == facing)
    told = BoardMonsterPlaced(monster=act.name, mob=mob, size=size, space=space.label, facing=facing_name)
    return _placed(state, board, told, ident)


@handles(PlaceTerrain)
def place_terrain(engine: Engine, state: CampaignState, act: PlaceTerrain, dice: Dice) -> Result:
    ident = slug(act.name)
    board = without_piece(state.board, ident)
    space = board_space(act.space, act.name, board)
    try:
        spec = TerrainSpec(
            id=ident, name=act.name, width=act.width, height=act.height, keywords=frozenset(act.keywords)
        )
    except ValidationError as exc:
        raise RuleError(exc.errors()[0]["msg"].removeprefix("Value error, ")) from None
    tile: Terrain = terrain_from_spec(spec, space, instance_id=ident)
    board = rebuild_board(board, terrain=(*board.terrain, tile))
    told = BoardTerrainPlaced(terrain=act.name, spaces=[c.label for c in tile.cells],
                              keywords=[k.value for k in act.keywords])
    result = _placed(state, board, told, ident)
    from rules.clash import chasm  # a Chasm placed under a Knight in a Clash kills them

    harmed = chasm.placed(engine, state, tile, dice)
    if harmed:
        result.events += harmed
        result.data["board"] = board_summary(state.board)
    return result


@handles(RemoveFromBoard)
def remove(engine: Engine, state: CampaignState, act: RemoveFromBoard, dice: Dice) -> Result:
    ident = slug(act.name)
    wanted = act.name.strip()
    # a board id that is no slug of a name (a Squire's id keeps hyphens: "sir-tam"), or a Knight's or Squire's own
    # name (tests/squires/test_squire_abilities.py::test_clash_remove_finds_a_squire_with_a_hyphen)
    board0 = state.board
    ids = [x.id for x in board0.knights] + [x.id for x in board0.monsters] + [x.id for x in board0.terrain]
    named = [k.id for k in state.board.knights if k.name.lower() == wanted.lower()]
    if wanted in ids:
        ident = wanted
    elif named:
        ident = named[0]
    board = without_piece(state.board, ident)
    if board == state.board:
        names = [k.name for k in board.knights] + [m.name for m in board.monsters] + [t.name for t in board.terrain]
        raise RuleError(
            f"nothing called {act.name!r} is on the board" + (f"; it holds: {', '.join(names)}" if names else "")
        )
    riders = [k.name for k in board.knights if k.vp is not None and k.vp.monster == ident]
    if riders:
        raise RuleError(f"{', '.join(riders)} stand on {act.name}'s Vantage Points; move them first")
    return _placed(state, board, BoardRemoved(piece=act.name), ident)
