"""/clash board|place|remove — the Clash Board as a picture, and the GM mirroring the physical table."""

from __future__ import annotations

from typing import Any

from bot.app.commands import clash_setup
from bot.app.commands.board_picture import board_image
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules.board.geometry import parse_space
from rules.board.handlers import PlaceKnight, PlaceMonster, PlaceTerrain, RemoveFromBoard
from rules.errors import RuleError

KINDS = ("knight", "monster", "mob", "terrain")
KEYWORDS = ("Obstacle", "Destructible", "Indestructible", "Obscuring", "Difficult Terrain", "Chasm", "Boundless")


async def board(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    try:
        highlight = [parse_space(s) for s in o["highlight"]] if o["highlight"] else None
    except ValueError as exc:
        raise CommandError(f"highlight: {exc}") from None
    path = await board_image(app, loaded, highlight)
    b = loaded.state.board
    text = (
        f"The Clash Board: {len(b.knights)} Knight(s), {len(b.monsters)} Monster(s), {len(b.terrain)} Terrain tile(s)."
    )
    return Reply(text=text, images=[path], data={"seq": loaded.row.seq, "image": path})


async def place(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    kind = o["kind"]
    if kind == "knight":
        action: Any = PlaceKnight(
            name=o["name"], space=o["space"], knocked_down=o["knocked_down"], monster=o["monster"], vp=o["vp"]
        )
    elif kind in ("monster", "mob"):
        action = PlaceMonster(
            name=o["name"],
            space=o["space"],
            size=_size(o["size"]) if o["size"] is not None else None,
            facing=o["facing"],
            mob=True if kind == "mob" else None,
            mob_number=o["number"],
        )
    else:
        keywords = [_keyword(k) for k in o["keywords"]]
        action = PlaceTerrain(name=o["name"], space=o["space"], width=o["width"], height=o["height"], keywords=keywords)
    return await app.act_reply(ctx, action)


async def remove(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, RemoveFromBoard(name=o["name"]))


def _size(value: int) -> int:
    if value not in (1, 4, 9):
        raise RuleError(f"a Monster occupies 1, 4 or 9 spaces, not {value}")
    return value


def _keyword(text: str) -> str:
    for keyword in KEYWORDS:
        if text.strip().lower() == keyword.lower():
            return keyword
    raise RuleError(f"{text!r} is not a Terrain keyword; use any of: {', '.join(KEYWORDS)}")


def register(r: Registry) -> None:
    r.describe_group("clash", "The Clash: start, status, GM adjust and end; the Clash Board and its pieces")
    clash_setup.register(r)
    r.add(
        Command(
            ("clash", "board"),
            "Show the Clash Board as a picture",
            board,
            (Option("highlight", "string_list", "spaces to shade, e.g. C5,C6"),),
        )
    )
    r.add(
        Command(
            ("clash", "place"),
            "GM: put a Knight, Monster, Mob or Terrain tile on a space (moves it if there)",
            place,
            (
                Option("kind", "string", "what it is", required=True, choices=KINDS),
                Option("name", "string", "its name, e.g. Kara or Eggknight", required=True),
                Option("space", "string", "the (top-left) space, e.g. C5"),
                Option(
                    "facing",
                    "string",
                    "a Monster's facing (a Monster on the board keeps its own; a new one faces south)",
                    choices=("north", "east", "south", "west"),
                ),
                Option("size", "integer", "a Monster's spaces: 1, 4 or 9 (kept if on the board; new: 1)", min_value=1,
                       max_value=9),
                Option("number", "integer", "a Mob's number on the Mob track", min_value=1, max_value=9),
                Option("knocked_down", "boolean", "a Knight lies knocked down", default=False),
                Option("monster", "string", "with vp: the Monster whose Vantage Point the Knight is on"),
                Option("vp", "integer", "a Vantage Point of that Monster (1, 2, ...)", min_value=1, max_value=9),
                Option("width", "integer", "a Terrain tile's width in spaces", default=1, min_value=1, max_value=6),
                Option("height", "integer", "a Terrain tile's height in spaces", default=1, min_value=1, max_value=6),
                Option("keywords", "string_list", "Terrain keywords, e.g. Obstacle,Destructible", default=[]),
            ),
            permission="gm",
        )
    )
    r.add(
        Command(
            ("clash", "remove"),
            "GM: take a miniature or Terrain tile off the Clash Board",
            remove,
            (Option("name", "string", "its name", required=True),),
            permission="gm",
        )
    )
