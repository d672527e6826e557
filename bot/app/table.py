"""Table dice, the application side (docs/table-dice.md).

In a campaign with ``dice_mode == "table"``, ``App.act`` sends every action through ``route`` first:
an action that needs dice from the table (found by a dry run on the bot's dice) becomes an
``AskDice`` action that puts it on hold, and the reply asks the roller for the dice. While a roll
waits, other dice-rolling actions are refused politely; actions that roll no dice go on as usual.
``/dice enter`` (bot/app/commands/dice.py, or the Discord modal) answers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from bot.app.context import Invocation
from bot.app.reply import CommandError
from rules.engine import Engine
from rules.state import CampaignState, PendingDice
from rules.table_dice import TABLE_ACTIONS, AskDice, needed, waiting_text

if TYPE_CHECKING:
    from bot.app.service import App


def route(engine: Engine, ctx: Invocation, state: CampaignState, action: BaseModel) -> BaseModel:
    """The action to apply: the same one, or an AskDice holding it until the table has rolled."""
    if state.dice_mode != "table" or isinstance(action, TABLE_ACTIONS):
        return action
    if not needed(engine, state, action, []):
        return action  # no dice, or only dice the GM has set with /gm force-next
    if state.pending_dice is not None:
        raise CommandError(waiting_text(state.pending_dice))
    return AskDice(
        action=action.model_dump(mode="json"),
        command=ctx.command_line or f"({type(action).__name__})",
        roller=ctx.user_id,
        roller_name=ctx.user_name or ctx.user_id,
    )


def may_answer(ctx: Invocation, pending: PendingDice, is_gm: bool) -> bool:
    """The roller answers their own roll; a GM may answer any (an absent player)."""
    return is_gm or ctx.user_id == pending.roller


def not_yours(pending: PendingDice) -> str:
    return (
        f"this roll is {pending.roller_name}'s to enter (`{pending.command}`); "
        "a GM may answer for an absent player"
    )


async def answerable(app: App, ctx: Invocation) -> PendingDice:
    """The channel's roll waiting for dice, if ``ctx``'s user may answer it (else a polite refusal)."""
    loaded = await app.load(ctx)
    pending = loaded.state.pending_dice
    if pending is None:
        raise CommandError("no roll is waiting for dice any more")
    if not may_answer(ctx, pending, await app.is_gm(ctx, loaded.row)):
        raise CommandError(not_yours(pending))
    return pending
