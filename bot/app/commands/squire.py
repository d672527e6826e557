"""/squire ... — Squires and their Mettle draws (docs/squires.md).

A Squire belongs to the player who adds it; a command picks it with ``name:`` (its name or id) or, without
it, the user's only Squire. Only its owner or the GM may change it or draw for it; anybody may look.
"""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App, Loaded
from rules.squire_handlers import summary
from rules.squires import actions as a
from rules.squires.state import SquireState

NAME = Option("name", "string", "the Squire (default: yours)", max_length=60)
STATS = ("vigor", "heat", "bane", "passion", "martial", "errant", "historic", "mystic")


def find(loaded: Loaded, ctx: Invocation, name: str | None) -> SquireState:
    squires = loaded.state.squires
    if name:
        wanted = name.strip().lower()
        for s in squires.values():
            if wanted in (s.id, s.name.lower()):
                return s
        shown = ", ".join(s.name for s in squires.values()) or "none yet"
        raise CommandError(f"there is no Squire {name!r} in this campaign; the Squires are: {shown}")
    mine = [s for s in squires.values() if s.owner == ctx.user_id]
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise CommandError("you have no Squire in this campaign: add one with /squire add squire:<id> name:\"...\", "
                           "or name the Squire you mean with name:")
    names = ", ".join(f'"{s.name}"' for s in mine)
    raise CommandError(f"you have several Squires ({names}); please say which one with name:")


async def _mine(app: App, ctx: Invocation, o: dict[str, Any]) -> SquireState:
    loaded = await app.load(ctx)
    s = find(loaded, ctx, o.get("name"))
    if s.owner != ctx.user_id and not await app.is_gm(ctx, loaded.row):
        raise CommandError(f"{s.name} belongs to <@{s.owner}>: only their owner or the GM may change them "
                           "(anybody may look with /squire show)")
    return s


async def add(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    content = app.catalogue.squires.get(o["squire"])
    name = o["name"] or (content.name if content else o["squire"])
    return await app.act_reply(ctx, a.SquireAdd(content=o["squire"], name=name, owner=ctx.user_id))


def _line(s: dict[str, Any]) -> str:
    clues = ", ".join(f"{k.capitalize()} {v}" for k, v in s["clues"].items() if v) or "no Clues"
    return (f"**{s['name']}** ({s['card']}, {s['tier'].capitalize()} Tier, <@{s['owner']}>): Vigor {s['vigor']}/"
            f"{s['max_vigor']}, Heat {s['heat']}/{s['heat_limit']} (Refresh {s['heat_refresh']}), Bane {s['bane']}/"
            f"{s['bane_limit']}, Speed {s['speed']}, Passion {s['passion']}, {clues}")


async def show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    chosen = [find(loaded, ctx, o["name"])] if o.get("name") else list(loaded.state.squires.values())
    rows = [summary(app.engine, s) for s in chosen]
    available = [{"id": c.id, "name": c.name, "tier": c.tier} for c in app.catalogue.squires.values()]
    lines = [_line(r) for r in rows] or ["No Squires yet."]
    for r in rows if o.get("name") else []:
        lines += [f"- {ab['name']}{' (once per Round)' if ab['active'] else ''}: {ab['text']}" for ab in r["abilities"]]
    lines.append("Squires to add: " + ", ".join(f"`{c['id']}` ({c['name']}, {c['tier']})" for c in available) + ".")
    return Reply(text="\n".join(lines), data={"squires": rows, "available": available})


async def stat(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, a.SquireStat(squire=s.id, stat=o["stat"], change=o["change"], cost=o["cost"]))


async def draw(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, a.SquireDraw(
        squire=s.id, kind=o["kind"], to_hit=o["to_hit"], precision=o["precision"], difficulty=o["difficulty"],
        bonus=o["bonus"], dice=o["dice"], hits=o["hits"], clue=o["clue"]))


async def redraw(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, a.SquireRedraw(squire=s.id, free=o["free"]))


def register(r: Registry) -> None:
    r.describe_group("squire", "Squires: automated party members and their Mettle draws")
    r.add(Command(("squire", "add"), "Add a Squire to the party", add, (
        Option("squire", "string", "the content id (/squire show)", required=True, max_length=64),
        Option("name", "string", "the name in this campaign", max_length=60))))
    r.add(Command(("squire", "show"), "Show the Squires", show, (NAME,)))
    r.add(Command(("squire", "stat"), "Change a Squire's statistic or Clues", stat, (
        Option("stat", "string", "what to change", required=True, choices=STATS),
        Option("change", "integer", "e.g. 2 or -1", required=True, min_value=-20, max_value=20),
        Option("cost", "boolean", "Heat paid as a cost", default=False), NAME)))
    r.add(Command(("squire", "draw"), "Draw Mettle instead of rolling dice", draw, (
        Option("kind", "string", "which roll", required=True, choices=("attack", "power", "evasion", "test")),
        Option("to_hit", "integer", "attack: the Monster's To Hit", min_value=1, max_value=20),
        Option("precision", "integer", "attack: other Precision bonuses", default=0, min_value=-10, max_value=10),
        Option("difficulty", "integer", "test or evasion: the Difficulty", min_value=1, max_value=20),
        Option("bonus", "integer", "test: a bonus", default=0, min_value=-10, max_value=10),
        Option("dice", "integer", "evasion: Evasion dice on the attack", min_value=0, max_value=20),
        Option("hits", "integer", "evasion: the hits of the attack", min_value=0, max_value=30),
        Option("clue", "boolean", "spend a Clue for the ability box when it helps", default=False), NAME)))
    r.add(Command(("squire", "redraw"), "Discard the last Mettle result and draw again (+1 Heat)", redraw, (
        Option("free", "boolean", "a re-roll effect: no Heat", default=False), NAME)))
