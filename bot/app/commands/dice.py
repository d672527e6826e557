"""/dice enter|auto|cancel|show — table dice: the players type what their own dice show
(docs/table-dice.md). ``/campaign dice`` switches a campaign between bot and table dice."""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App, Loaded
from bot.app.table import STALE, asked_at, may_answer, not_yours
from rules.errors import RuleError
from rules.state import PendingDice
from rules.table_dice import AutoDice, CancelDice, EnterDice, parse_entry, pending_data


async def _pending(app: App, ctx: Invocation) -> tuple[Loaded, PendingDice]:
    loaded = await app.load(ctx)
    pending = loaded.state.pending_dice
    if pending is None:
        mode = loaded.state.dice_mode
        hint = "" if mode == "table" else " (this campaign uses bot dice; the GM can switch with /campaign dice)"
        raise CommandError(f"no roll is waiting for dice{hint}")
    return loaded, pending


async def enter(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded, pending = await _pending(app, ctx)
    if not may_answer(ctx, pending, await app.is_gm(ctx, loaded.row)):
        raise CommandError(not_yours(pending))
    try:
        values = parse_entry(o["values"], pending.asked, app.catalogue.dice)
    except RuleError as exc:
        raise CommandError(f"{exc}. Nothing was changed. {pending.prompt}") from None
    entry = EnterDice(values=values, by=ctx.user_id, answers=pending.command, after=len(pending.entered))
    return await app.act_reply(ctx, entry)


async def auto(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    await _pending(app, ctx)
    return await app.act_reply(ctx, AutoDice())


async def cancel(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded, pending = await _pending(app, ctx)
    if not may_answer(ctx, pending, await app.is_gm(ctx, loaded.row)):
        raise CommandError(not_yours(pending).replace("to enter", "to cancel"))
    return await app.act_reply(ctx, CancelDice())


async def show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    pending = loaded.state.pending_dice
    mode = loaded.state.dice_mode
    if pending is None:
        return Reply(text=f"No roll is waiting for dice. Dice mode: {mode}.", data={"dice_mode": mode,
                                                                                    "pending_dice": None})
    # seq: the entry that asked for these dice, so the prompt's "Enter dice" button is the live one
    return Reply(
        text=pending.prompt,
        data={"dice_mode": mode, "pending_dice": pending_data(pending), "seq": await asked_at(app.db, loaded.row.id)},
        pending={"id": "dice", "prompt": pending.prompt, "who": [pending.roller], "options": []},
    )


def register(r: Registry) -> None:
    r.describe_group("dice", "Table dice: enter the physical dice you rolled, or let the bot roll them")
    r.add(
        Command(
            ("dice", "enter"),
            "Table dice: type what your dice show, e.g. 7 10 3, crit:10 7 3, red:P PP black:pot",
            enter,
            (Option("values", "string", "the dice in rolling order, or labelled (crit:, white:, red:...)",
                    required=True),),
        )
    )
    r.add(Command(("dice", "auto"), "GM: let the bot roll the dice the table has not entered", auto,
                  permission="gm"))
    r.add(Command(("dice", "cancel"), "Cancel the roll waiting for dice (the roller or a GM)", cancel))
    r.add(Command(("dice", "show"), "Show the roll waiting for dice and what to roll", show))


async def answerable(app: App, ctx: Invocation, seq: int | None = None) -> PendingDice:
    """The channel's roll waiting for dice, if ``ctx``'s user may answer it (else a polite refusal).

    ``seq`` is the log entry a prompt's button belongs to (``kfgm:dice:<seq>``, which the client sends and
    may have forged or kept from an older prompt): it must be the entry that asked for the dice waiting now."""
    loaded = await app.load(ctx)
    pending = loaded.state.pending_dice
    if pending is None:
        raise CommandError("no roll is waiting for dice any more")
    if not may_answer(ctx, pending, await app.is_gm(ctx, loaded.row)):
        raise CommandError(not_yours(pending))
    if seq is not None and seq != await asked_at(app.db, loaded.row.id):
        raise CommandError(STALE)
    return pending
