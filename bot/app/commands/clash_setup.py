"""/clash start|status|adjust|end — starting a Clash from its Clash Setup, looking at it, the GM's adjustments
and ending it (rules/clash/handlers.py). Registered by bot/app/commands/clash.py."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.app.commands.board_picture import board_image
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from bot.narration.clash_status import status_text
from bot.narration.decisions import told_decision
from rules.clash.flow import decision
from rules.clash.handlers import (
    ClashAdjustDeck,
    ClashAdjustKnight,
    ClashAdjustMonster,
    ClashEnd,
    ClashStart,
)
from rules.clash.view import clash_data

STATS = ("passion", "heat", "vigor", "bane")


async def start(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    exp = (await app.load(ctx)).state.expedition
    if exp is not None and exp.step == "over":  # checked here, not in the engine: old logs replay as they were
        raise CommandError(f"Expedition {exp.number} is over (its Spoils Phase is done), and a Clash is a phase of an "
                           "Expedition: start the next one with `/expedition start` (nothing was changed)")
    knights = [k.strip() for k in o["knights"] if k.strip()] if o["knights"] else None
    action = ClashStart(monster=o["monster"], level=o["level"], clash_type=o["type"], knights=knights,
                         providence=o["providence"])
    reply = await app.act_reply(ctx, action)
    path = await board_image(app, await app.load(ctx))
    return Reply(text=reply.text, data={**reply.data, "image": path}, images=[path])


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    clash = loaded.state.clash
    if clash is None:
        raise CommandError("no Clash is running: the GM starts one with /clash start monster:<id> level:N "
                           "type:exhibition|full")
    gm = await app.is_gm(ctx, loaded.row)
    monster = app.catalogue.monsters.get(clash.monster)
    path = await board_image(app, loaded)
    text = status_text(clash, monster.name if monster else clash.monster)
    pending = clash.flow.pending
    if pending is not None:  # the decision the Clash waits for, again (with its buttons in Discord)
        text += f"\nWaiting for {pending.id}: {pending.prompt}"
    return Reply(text=text, images=[path],
                 data={"seq": loaded.row.seq, "clash": clash_data(clash, gm), "image": path},
                 pending=told_decision(decision(loaded.state, pending)).model_dump() if pending is not None else None)


async def adjust(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    action: BaseModel
    if o["monster"] and o["value"] is not None and not (o["deck"] or o["top"] or o["knight"]):
        action = ClashAdjustMonster(what=o["monster"], value=o["value"])
    elif o["deck"] and o["top"] and not o["knight"]:
        action = ClashAdjustDeck(deck=o["deck"], top=o["top"])
    elif o["knight"] and o["stat"] and o["value"] is not None and not (o["deck"] or o["top"]):
        action = ClashAdjustKnight(knight=o["knight"], stat=o["stat"], value=o["value"])
    else:
        raise CommandError('say what to adjust: deck:ai|bp top:<card id>, knight:"..." stat:vigor value:N, or '
                           'monster:wounds|to_hit|at_bonus|evasion_dice_bonus|vigor_loss_bonus value:N')
    return await app.act_reply(ctx, action)


async def end(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, ClashEnd())


async def modifier(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    from rules.clash.modifiers import ClashModifier

    return await app.act_reply(ctx, ClashModifier(attribute=o["attribute"], change=o["change"], mob=o["mob"]))


async def armor(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    from rules.clash.armor_piercing import ClashArmor

    return await app.act_reply(ctx, ClashArmor(change=o["change"], mob=o["mob"]))


def register(r: Registry) -> None:
    r.add(Command(("clash", "start"), "GM: start a Clash from the Monster's Clash Setup", start, (
        Option("monster", "string", "the Monster's id or name, e.g. stag", required=True, max_length=64,
               autocomplete="monster", lookup="monster"),
        Option("level", "integer", "the Monster's level", required=True, min_value=1, max_value=9),
        Option("type", "string", "the type of Clash", required=True, choices=("exhibition", "full")),
        Option("knights", "string_list", "the Knights taking part (default: every living Knight)",
               lookup="knight"),
        Option("providence", "boolean", "Wise Providence: the Clash begins with the Knight Round", default=False),
    ), permission="gm"))
    r.add(Command(("clash", "status"), "The Clash: Wounds, decks, discard piles, Wound Stack, board", status))
    r.add(Command(("clash", "adjust"), "GM: a deck's top card, a Knight's statistic, the Wound Stack, a Monster number",
                  adjust, (
        Option("deck", "string", "the deck whose top card you set", choices=("ai", "bp")),
        Option("top", "string", "the card id to put on top", max_length=64),
        Option("knight", "string", "the Knight's name", max_length=60, autocomplete="knight", lookup="knight"),
        Option("stat", "string", "the statistic to set", choices=STATS),
        Option("monster", "string", "a Monster number to set",
               choices=("wounds", "to_hit", "at_bonus", "evasion_dice_bonus", "vigor_loss_bonus")),
        Option("value", "integer", "its new value", min_value=-30, max_value=40),
    ), permission="gm"))
    r.add(Command(("clash", "modifier"), "GM: Monster Modifier tokens (Precision, AT, To Hit, Speed)", modifier, (
        Option("attribute", "string", "which attribute", required=True, choices=("precision", "at", "to_hit", "speed")),
        Option("change", "integer", "tokens gained (+) or lost (-)", required=True, min_value=-10, max_value=10),
        Option("mob", "integer", "on this Mob's BP card only (its Mob track space)", min_value=1, max_value=10),
    ), permission="gm"))
    r.add(Command(("clash", "armor"), "GM: a Monster's Armor tokens (a Kingdom's; Armor-piercing X discards them)",
                  armor, (
        Option("change", "integer", "tokens placed (+) or discarded (-)", required=True, min_value=-20, max_value=20),
        Option("mob", "integer", "on this Mob only (its Mob track space)", min_value=1, max_value=10),
    ), permission="gm"))
    r.add(Command(("clash", "end"), "GM: end the Clash (Massive Peril leaves, the board is cleared)", end,
                  permission="gm"))
