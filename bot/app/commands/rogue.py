"""/rogue ... — the Rogue's Path campaign (docs/rogue.md): start, status, map, node, owned, claim, outpost."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.app.commands import knight as knight_cmd
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from bot.render.rosegraal import render_rosegraal
from content.schema.rosegraal import REWARD_NAMES, ROMAN
from rules.rogue import campaign as c
from rules.rogue.handlers import RogueClaim, RogueNode, RogueOutpost, RogueOwned, RogueStart


def _names(text: str | None) -> list[str]:
    return [n.strip() for n in (text or "").split(",") if n.strip()]


async def start(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, RogueStart(rosegraal=o.get("rosegraal")))


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    data = c.summary(app.engine, loaded.state)
    r = data
    lines = [f"🌹 Rogue's Path on `{r['rosegraal']}`: {r['resurrections']} resurrections, round {r['round']}, "
             f"crossed out: {', '.join(r['crossed'])}."]
    if r["outcome"]:
        lines.append(f"The campaign is **{r['outcome']}**.")
    elif r["tackling"]:
        t = r["tackling"]
        lines.append(f"Tackling node {t['node']} against {t['monster_name']} (level {t['level']}); tier for gated "
                     f"effects: {r['tier']}.")
    else:
        lines.append(f"Reachable nodes: {', '.join(r['reachable'])} (`/rogue node node:<id>`).")
    if r["owed"]:
        knights = loaded.state.knights
        lines.append("Rewards owed (`/rogue claim`): " + "; ".join(
            f"{knights[o['knight']].name if o['knight'] in knights else o['knight']}: "
            f"{REWARD_NAMES.get(o['kind'], o['kind'])} (level {ROMAN[o['level']]} or lower)" for o in r["owed"]))
    return Reply(text="\n".join(lines), data={"rogue": data, "seq": loaded.row.seq})


async def map_(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    r = c.rogue(loaded.state)
    sheet = c.rosegraal(app.engine, r)
    names = {t.id: t.name for t in app.catalogue.rogue_tables.values()}
    png = await asyncio.get_running_loop().run_in_executor(None, lambda: render_rosegraal(sheet, r, names))
    path = app.image_path(loaded.row.id, loaded.row.seq, "rosegraal")
    path.write_bytes(png)
    data = c.summary(app.engine, loaded.state)
    text = (f"{sheet.name}: {len(r.crossed)} node(s) crossed out, reachable: {', '.join(data['reachable']) or 'none'}; "
            f"{r.resurrections} resurrections.")
    return Reply(text=text, images=[str(path)], data={"rogue": data, "seq": loaded.row.seq, "image": str(path)})


async def node(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, RogueNode(node=o["node"]))


async def owned(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    add, remove = _names(o.get("add")), _names(o.get("remove"))
    if not add and not remove:
        loaded = await app.load(ctx)
        r = c.rogue(loaded.state)
        return Reply(text=f"Owned Monsters: {', '.join(r.owned) or 'none'}.",
                     data={"rogue": c.summary(app.engine, loaded.state)})
    return await app.act_reply(ctx, RogueOwned(add=add, remove=remove))


async def claim(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """A reward changes the Knight: its owner or the GM claims it."""
    loaded = await app.load(ctx)
    k = knight_cmd.find(loaded, ctx, o["knight"])
    await knight_cmd.may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, RogueClaim(knight=k.id, reward=o["reward"]))


async def outpost(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, RogueOutpost())


def register(r: Registry) -> None:
    r.describe_group("rogue", "The Rogue's Path: a roguelike campaign across the Rosegraal")
    r.add(Command(("rogue", "start"), "Start a Rogue's Path campaign (10 Gold per Knight, 5 resurrections)", start, (
        Option("rosegraal", "string", "the Rosegraal Sheet (content id; default: the first loaded)", max_length=64),),
        permission="gm"))
    r.add(Command(("rogue", "status"), "Show the Rogue's Path: resurrections, crossed and reachable nodes", status,
                  (), permission="anyone"))
    r.add(Command(("rogue", "map"), "Draw the Rosegraal", map_, (), permission="anyone"))
    r.add(Command(("rogue", "node"), "Tackle a node: roll its Monster and start the Clash", node, (
        Option("node", "string", "the node's id (see /rogue status)", required=True, max_length=64),),
        permission="player"))
    r.add(Command(("rogue", "owned"), "Show or change the Monsters the group owns", owned, (
        Option("add", "string", "Monsters you own, comma-separated (names or ids)", max_length=600),
        Option("remove", "string", "Monsters you do not own, comma-separated", max_length=600)),
        permission="gm"))
    r.add(Command(("rogue", "claim"), "Claim a Rosegraal Reward for a Knight", claim, (
        Option("knight", "string", "the Knight (its owner or the GM claims)", required=True, max_length=60,
               lookup="knight"),
        Option("reward", "string", "the reward's id", required=True, max_length=64)),
        permission="player"))
    r.add(Command(("rogue", "outpost"), "Visit the Outpost between Clashes", outpost, (), permission="player"))
