"""Playing a Clash: /monster round, /knight move|attack|end-turn, /choose, /pool (docs/clash.md, "Playing a
Clash"). Knights act for their owners (or the GM); a decision is answered by the owners of the Knights it names,
or by the GM."""

from __future__ import annotations

from typing import Any

from bot.app.commands import choose as answer
from bot.app.commands.knight import own_knight
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules.clash.flow import KNIGHT_TOKENS
from rules.clash.round_handlers import KnightEndTurn, KnightMove, MonsterRound, PoolChange

KNIGHT = Option("knight", "string", "default: yours", max_length=60, autocomplete="knight", lookup="knight")


async def monster_round(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, MonsterRound())


async def _own_knight(app: App, ctx: Invocation, o: dict[str, Any]) -> str:
    return await own_knight(app, ctx, o.get("knight"))


async def move(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, KnightMove(knight=await _own_knight(app, ctx, o), to=o["to"]))


async def attack(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    from rules.clash.knight_attack import KnightAttack

    knight = await _own_knight(app, ctx, o)
    return await app.act_reply(ctx, KnightAttack(knight=knight, weapon=o["weapon"], target=o["target"],
                                                 cantrip=o["cantrip"], bonus=o["bonus"], rush=o["rush"],
                                                 keep=o["keep"] or []))


async def react(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    from rules.clash.abilities import KnightReact

    knight = await _own_knight(app, ctx, o)
    return await app.act_reply(ctx, KnightReact(knight=knight, source=o["source"], ability=o["ability"], to=o["to"],
                                                  moves=o["moves"]))


async def end_turn(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, KnightEndTurn(knight=await _own_knight(app, ctx, o)))


async def pool_show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    if loaded.state.clash is None:
        raise CommandError("no Clash is running, so there is no Knight Pool")
    pool = loaded.state.clash.flow.pool
    shown = ", ".join(f"{n} {t.replace('_', ' ')}" for t, n in pool.items()) or "empty"
    return Reply(text=f"The Knight Pool: {shown}.", data={"pool": dict(pool)})


async def pool_add(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, PoolChange(token=o["token"], count=o["count"]))


def register(r: Registry) -> None:
    r.describe_group("monster", "The Monster's side of a Clash: run the Monster Round")
    r.describe_group("pool", "The Knight Pool of the Clash: Knight tokens for the next attack")
    r.add(Command(("monster", "round"), "Run the Monster Round: every Activation, in order", monster_round))
    r.add(Command(("knight", "move"), "Movement Action on the Clash Board", move, (
        Option("to", "string", "the space, e.g. C4", required=True, max_length=4), KNIGHT)))
    r.add(Command(("knight", "attack"), "Combat Action: attack a Monster", attack, (
        Option("weapon", "string", "the active weapon", required=True, max_length=64,
               autocomplete="gear", lookup="gear"),
        Option("target", "string", "the Monster (default: in range)", max_length=64),
        Option("cantrip", "string", "Cantrip tokens count as", choices=("opening", "break")),
        Option("bonus", "boolean", "spend an owed Bonus Attack", default=False),
        Option("rush", "string", "Rush to this space first", max_length=4),
        Option("keep", "string_list", "Pass: tokens kept, e.g. opening,break"),
        KNIGHT)))
    r.add(Command(("knight", "react"), "Use a Reaction or ability", react, (
        Option("source", "string", "the Gear or Technique id", required=True, max_length=64,
               lookup="gear_or_technique"),
        Option("ability", "string", "e.g. Reflex, Dodge, Block", required=True, max_length=60),
        Option("to", "string", "Reflex/Hug: the space", max_length=4),
        Option("moves", "string", "Motivate: Kara:E5,Ubar:F6", max_length=200), KNIGHT)))
    r.add(Command(("knight", "end-turn"), "End your Knight's turn", end_turn, (KNIGHT,)))
    r.add(Command(("choose",), answer.DESCRIPTION, answer.choose, (
        Option("decision", "string", "the decision id, e.g. d3, fog2, enc1, travel4, vote1", required=True,
               max_length=24),
        Option("option", "string", "the answer(s): a key, or several separated by commas", required=True,
               max_length=200))))
    r.add(Command(("pool", "show"), "Show the Knight Pool", pool_show))
    r.add(Command(("pool", "add"), "Place Knight tokens in the Knight Pool (negative count: take them out)",
                  pool_add, (
                      Option("token", "string", "the Knight token", required=True, choices=KNIGHT_TOKENS),
                      Option("count", "integer", "how many (negative: remove)", min_value=-20, max_value=20,
                             required=False, default=1))))
