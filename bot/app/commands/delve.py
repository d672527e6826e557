"""/delve start, travel, route, continue, track, status, map, gain, adjust, cipher, adventure, discard, reveal."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from bot.render.kingdom_map import render_kingdom_map
from rules.delve.actions import (
    DelveAdjust,
    DelveCipher,
    DelveContinue,
    DelveDiscard,
    DelveGain,
    DelveReveal,
    DelveRoute,
    DelveStart,
    DelveTravel,
)
from rules.delve.adventures import DelveAdventure
from rules.delve.results import current, delve_data, travel_decision

DIRECTIONS = ("north", "east", "south", "west")


async def start(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveStart(kingdom=o["kingdom"], start=o["start"], leader=o["leader"]))


async def continue_(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveContinue())


async def travel(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveTravel(direction=o["direction"], to=o["to"], fog=o["fog"],
                                                trailmake=o["trailmake"], wander=o["wander"], leader=o["leader"],
                                                decision=o.get("decision")))


async def route(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveRoute(decision=o.get("decision"), option=o["option"]))


async def track(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    data = delve_data(app.engine, loaded.state)
    t = data["track"]
    text = f"Kingdom track: Threat {t['threat']}, Curse {t['curse']}, Time {t['time']}" + (
        " — the Expedition is **lost**." if t["lost"] else "."
    )
    if data["tile"]:
        text += f" The party is on {data['tile']}; {len(data['destinations'])} legal destination(s)."
    travel = travel_decision(app.engine, loaded.state)  # at the Travel step: a select of the destinations
    return Reply(text=text, data={**data, "seq": loaded.row.seq}, pending=travel.model_dump() if travel else None)


async def map_(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    delve, kingdom, tiles = current(app.engine, loaded.state)
    state = loaded.state
    png = await asyncio.get_running_loop().run_in_executor(
        None, lambda: render_kingdom_map(kingdom, tiles, delve, state.track)
    )
    path = app.image_path(loaded.row.id, loaded.row.seq, "kingdom-map")
    path.write_bytes(png)
    text = f"The map of {kingdom.name}: {len(delve.explored)} explored tile(s), {len(delve.face_down)} face down."
    data = {**delve_data(app.engine, state), "seq": loaded.row.seq, "image": str(path)}
    return Reply(text=text, images=[str(path)], data=data)


async def gain(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveGain(threat=o["threat"], curse=o["curse"], time=o["time"]))


async def adjust(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    action = DelveAdjust(threat=o["threat"], curse=o["curse"], time=o["time"], lost=o["lost"], shortcuts=o["shortcuts"],
                         token=o["token"], to=o["to"], rotation=o["rotation"], clear_encounter=o["clear_encounter"],
                         hinder=o["hinder"], tile=o["tile"], side=o["side"], remove=o["remove"],
                         exploration=_ids(o["exploration"]))
    return await app.act_reply(ctx, action)


def _ids(text: str | None) -> list[str] | None:
    """A comma-separated list of ids (`exploration:aub_ex_tracks,aub_ex_bell_toll`)."""
    if text is None:
        return None
    return [part.strip() for part in text.split(",") if part.strip()] or None


async def cipher(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveCipher(code=o["code"], knight=o["knight"]))


async def adventure(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveAdventure(result=o["result"], knight=o["knight"]))


async def contract(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    from rules.delve.contracts import DelveContract

    return await app.act_reply(ctx, DelveContract(knight=o["knight"], roller=ctx.user_id))


async def discard(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveDiscard(card=o["card"]))


async def reveal(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, DelveReveal(tile=o["tile"]))


def register(r: Registry) -> None:
    r.describe_group("delve", "The Delve: the Kingdom map, travel, and the Kingdom track")
    r.add(Command(
        ("delve", "start"), "GM: start a Delve — lay the starting tile, zero the Kingdom track, Monster Setup", start,
        (Option("kingdom", "string", "the Kingdom's id, e.g. aubrevane", required=True, autocomplete="kingdom",
                lookup="kingdom"),
         Option("start", "string", "a starting tile id (empty: one at random)", lookup="tile"),
         Option("leader", "string", "the Party Leader (empty: the first Knight); Monster Setup reads their tier",
                autocomplete="knight", lookup="knight")),
        permission="gm",
    ))
    r.add(Command(
        ("delve", "travel"), "Travel step: along a path (direction), to a tile, or into the Deep Fog (fog)", travel,
        (Option("direction", "string", "the path to take", choices=DIRECTIONS),
         Option("to", "string", "the destination tile id", lookup="tile"),
         Option("fog", "string", "enter the Deep Fog toward this Unexplored tile id"),
         Option("trailmake", "integer", "Deep Fog: Trailmake X at the start of traversal", min_value=1, max_value=14),
         Option("wander", "integer", "Deep Fog: Wander uses the party has", default=0, min_value=0, max_value=5),
         Option("leader", "string", "Deep Fog: the Party Leader, Target of its effects", autocomplete="knight",
                lookup="knight"),
         Option("decision", "string", "the Travel step answered (travel<n>, as a select sends it): refused once the "
                "party has travelled since", max_length=24)),
        permission="player",
    ))
    r.add(Command(
        ("delve", "route"), "The party chooses the tile of an Encounter Monster token (a tie, a spawn)", route,
        (Option("decision", "string", "the decision answered (route<n>): refused if another one waits",
                max_length=24),
         Option("option", "string", "the tile the token goes onto", required=True, max_length=64)),
        permission="player",
    ))
    r.add(Command(
        ("delve", "continue"), "After an Encounter: resolve the round's remaining steps (Exploration, Story)",
        continue_, (), permission="player",
    ))
    for sub, what in (("track", "The Kingdom track: Threat, Curse, Time"),
                      ("status", "The Delve: the track, the party's tile and every legal destination")):
        r.add(Command(("delve", sub), what, track, (), permission="anyone"))
    r.add(Command(("delve", "map"), "The Kingdom map as a picture", map_, (), permission="anyone"))
    r.add(Command(
        ("delve", "gain"), "GM: gain (or lose, negative) Threat, Curse or Time through the rules", gain,
        (Option("threat", "integer", "Threat to gain", default=0, min_value=-30, max_value=30),
         Option("curse", "integer", "Curse to gain", default=0, min_value=-30, max_value=30),
         Option("time", "integer", "Time to advance", default=0, min_value=-40, max_value=40)),
        permission="gm",
    ))
    r.add(Command(
        ("delve", "adjust"), "GM: set Kingdom track values, Monster tokens, the District Wheel (no rules applied)",
        adjust,
        (Option("threat", "integer", "Threat", min_value=0, max_value=30),
         Option("curse", "integer", "Curse", min_value=0, max_value=30),
         Option("time", "integer", "Time", min_value=0, max_value=40),
         Option("lost", "boolean", "the Expedition is lost (or not)"),
         Option("shortcuts", "boolean", "the party may use Shortcuts"),
         Option("token", "string", "an Encounter Monster (card id, Monster id or name) whose map token moves"),
         Option("to", "string", "with token: the tile id for it, or off"),
         Option("rotation", "integer", "perform Rotation X on the District Wheel", min_value=1, max_value=9),
         Option("clear_encounter", "boolean", "true: cancel the Encounter due (its token leaves the map)"),
         Option("hinder", "string", "a Hindering token to place on tile: (remove:true removes it)",
                choices=("single_panzergate", "triple_panzergate", "deep_fog", "flood", "rubble")),
         Option("tile", "string", "with hinder: the tile id"),
         Option("side", "string", "with hinder: the tile's path (Panzergate, Deep Fog token)", choices=DIRECTIONS),
         Option("remove", "boolean", "with hinder: true removes the token"),
         Option("exploration", "string", "Exploration card ids put on top of the deck, in order (comma-separated)")),
        permission="gm",
    ))
    r.add(Command(
        ("delve", "cipher"), "Exploration Cipher: the tile's half and your Knight's half (wrong: +1 Threat)", cipher,
        (Option("code", "string", "the four-digit code, e.g. 3712", required=True, max_length=4),
         Option("knight", "string", "the Knight whose half it is (Target of its effects)", autocomplete="knight",
                lookup="knight")),
        permission="player",
    ))
    r.add(Command(
        ("delve", "adventure"), "Kingdom Adventure: roll the d100 Adventure Table, or give its test's result",
        adventure,
        (Option("result", "string", "the test's result (after /roll test)", choices=("success", "failure")),
         Option("knight", "string", "the Knight who tests, Target of its effects (default the Party Leader)",
                autocomplete="knight", lookup="knight")),
        permission="player",
    ))
    r.add(Command(
        ("delve", "contract"), "The signed Contract's test on the tile just entered (any Knight may take it)",
        contract,
        (Option("knight", "string", "the Knight who tests", required=True, autocomplete="knight", lookup="knight"),),
        permission="player",
    ))
    r.add(Command(
        ("delve", "discard"), "A District or Active Exploration card in play ends: discard it", discard,
        (Option("card", "string", "the card id (or the district of a District card)", required=True),),
        permission="player",
    ))
    r.add(Command(
        ("delve", "reveal"), "GM: reveal an Unexplored tile face up (it stays Unexplored)", reveal,
        (Option("tile", "string", "the face-down tile id", required=True),),
        permission="gm",
    ))
