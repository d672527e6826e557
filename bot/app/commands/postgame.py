"""/postgame ... — the Postgame (docs/postgame.md): the Rites of the Apocrypha, Custom Hunts and the Dungeons."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.app.commands import knight as knight_cmd
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from bot.render.postgame import render_postgame
from rules.postgame import hunts as h
from rules.postgame.handlers import (
    PostgameAbandon,
    PostgameAdjust,
    PostgameClaim,
    PostgameClash,
    PostgameCustom,
    PostgameHunt,
    PostgameMove,
    PostgameStart,
)


async def start(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, PostgameStart(apocrypha=o.get("apocrypha")))


def _status_lines(data: dict[str, Any], engine_names: dict[str, str]) -> list[str]:
    lines = [f"🗼 Rites of the Apocrypha `{data['apocrypha']}`: won {', '.join(data['marked']) or 'none'}; "
             f"unlocked {', '.join(data['unlocked']) or 'none'}; locked {', '.join(data['locked']) or 'none'}."]
    run = data["run"]
    if run:
        what = f"Hunt {run['hunt']}" if run["hunt"] else "Custom Hunt"
        lines.append(f"Under way: {what} against {run['monster_name']} (level {run['level']}) — Dungeon "
                     f"`{run['dungeon']}`, room `{run['room']}`, Threat {run['threat']}/{run['threat_max']}, "
                     f"{run['clues']} Clue(s)" + (", the Dungeon is won: /postgame clash." if run["dungeon_won"] else
                                                  f"; passages: {', '.join(run['exits'])}."))
    if data["defeated"]:
        lines.append("Defeated in the Postgame (for Custom Hunts): " + "; ".join(
            f"{engine_names.get(m, m)} {', '.join(map(str, lv))}" for m, lv in data["defeated"].items()))
    if data["owed"]:
        lines.append("Legendary rewards offered (`/postgame claim`): " + "; ".join(
            f"Hunt {o['hunt']}: {', '.join(o['rewards'])}" for o in data["owed"]))
    return lines


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    data = h.summary(app.engine, loaded.state)
    names = {m.id: m.name for m in app.catalogue.monsters.values()}
    return Reply(text="\n".join(_status_lines(data, names)), data={"postgame": data, "seq": loaded.row.seq})


async def map_(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    p = h.postgame(loaded.state)
    sheet = h.tower(app.engine, p)
    dungeon = h.dungeon(app.engine, p.run.dungeon) if p.run is not None else None
    names = {m.id: m.name for m in app.catalogue.monsters.values()}
    png = await asyncio.get_running_loop().run_in_executor(None, lambda: render_postgame(sheet, p, names, dungeon))
    path = app.image_path(loaded.row.id, loaded.row.seq, "apocrypha")
    path.write_bytes(png)
    data = h.summary(app.engine, loaded.state)
    text = (f"{sheet.name}: {len(p.marked)} of {len(sheet.hunts)} Hunts won; unlocked: "
            f"{', '.join(data['unlocked']) or 'none'}.")
    return Reply(text=text, images=[str(path)], data={"postgame": data, "seq": loaded.row.seq, "image": str(path)})


async def hunt(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, PostgameHunt(hunt=o["hunt"]))


async def custom(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, PostgameCustom(monster=o["monster"], level=o["level"], dungeon=o.get("dungeon")))


async def dungeon(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """With room: move the party; without: show the Dungeon."""
    if o.get("room"):
        return await app.act_reply(ctx, PostgameMove(room=o["room"]))
    loaded = await app.load(ctx)
    data = h.summary(app.engine, loaded.state)
    run = data["run"]
    if run is None:
        return Reply(text="No Hunt is under way: /postgame hunt hunt:<id> or /postgame custom.",
                     data={"postgame": data, "seq": loaded.row.seq})
    d = h.dungeon(app.engine, run["dungeon"])
    lines = [f"🗝️ {d.name}: the party is in {d.room(run['room']).name} (`{run['room']}`); Threat {run['threat']} of "
             f"{run['threat_max']}; {run['clues']} Clue(s); visited: {', '.join(run['visited'])}."]
    if run["dungeon_won"]:
        lines.append("The Dungeon is won: /postgame clash opening:<n> break:<n>.")
    else:
        lines.append("Passages: " + ", ".join(
            f"`{r}` {d.room(r).name}" + (" (lair)" if d.room(r).lair else "") for r in run["exits"]) + ".")
    return Reply(text="\n".join(lines), data={"postgame": data, "seq": loaded.row.seq})


async def adjust(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, PostgameAdjust(threat=o.get("threat") or 0, clues=o.get("clues") or 0))


async def clash(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, PostgameClash(opening=o.get("opening") or 0, breaks=o.get("break") or 0))


async def abandon(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, PostgameAbandon())


async def claim(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """A Legendary reward changes the Knight: its owner or the GM claims it."""
    loaded = await app.load(ctx)
    k = knight_cmd.find(loaded, ctx, o["knight"])
    await knight_cmd.may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, PostgameClaim(knight=k.id, reward=o["reward"]))


def register(r: Registry) -> None:
    r.describe_group("postgame", "The Postgame: the Rites of the Apocrypha, Custom Hunts and Dungeons")
    r.add(Command(("postgame", "start"), "Begin the Postgame (every Knight has finished their campaign)", start, (
        Option("apocrypha", "string", "the Rites of the Apocrypha tower (content id; default: the first loaded)",
               max_length=64),), permission="gm"))
    r.add(Command(("postgame", "status"), "Show the tower: Hunts won, unlocked and locked; the Hunt under way",
                  status, (), permission="anyone"))
    r.add(Command(("postgame", "map"), "Draw the Rites of the Apocrypha (and the Dungeon under way)", map_, (),
                  permission="anyone"))
    r.add(Command(("postgame", "hunt"), "Begin an unlocked Hunt of the tower: its Dungeon, then its Clash", hunt, (
        Option("hunt", "string", "the Hunt's id (see /postgame status)", required=True, max_length=64),),
        permission="player"))
    r.add(Command(("postgame", "custom"), "Begin a Custom Hunt against a Monster level defeated in the Postgame",
                  custom, (
                      Option("monster", "string", "the Monster (content id or name)", required=True, max_length=64,
                             autocomplete="monster", lookup="monster"),
                      Option("level", "integer", "a level defeated in the Postgame", required=True, min_value=1,
                             max_value=9),
                      Option("dungeon", "string", "the Dungeon (content id; default: one of the Monster's Hunts)",
                             max_length=64)),
                  permission="player"))
    r.add(Command(("postgame", "dungeon"), "Show the Dungeon, or move the party into a room", dungeon, (
        Option("room", "string", "the room to enter, along a passage", max_length=64),), permission="player"))
    r.add(Command(("postgame", "adjust"), "Change the Dungeon's Threat or the party's Clues by hand", adjust, (
        Option("threat", "integer", "Threat gained (negative: lost)", min_value=-30, max_value=30),
        Option("clues", "integer", "Clue tokens gained (negative: lost)", min_value=-20, max_value=20)),
        permission="player"))
    r.add(Command(("postgame", "clash"), "Start the Hunt's Clash, exchanging Clues for Opening or Break tokens",
                  clash, (
                      Option("opening", "integer", "Clues that become Opening tokens", min_value=0, max_value=20),
                      Option("break", "integer", "Clues that become Break tokens", min_value=0, max_value=20)),
                  permission="player"))
    r.add(Command(("postgame", "abandon"), "Leave the Hunt under way (it is not won)", abandon, (),
                  permission="player"))
    r.add(Command(("postgame", "claim"), "Take a Legendary reward for a Knight (instead of a Clash Loot card)", claim,
                  (Option("knight", "string", "the Knight (its owner or the GM claims)", required=True, max_length=60,
                          lookup="knight"),
                   Option("reward", "string", "the Legendary reward's id", required=True, max_length=64)),
                  permission="player"))
