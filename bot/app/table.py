"""Table dice, the application side (docs/table-dice.md).

In a campaign with ``dice_mode == "table"``, ``App.act`` sends every action through ``route`` first:
an action that needs dice from the table (found by a dry run on the bot's dice) becomes an
``AskDice`` action that puts it on hold, and the reply asks the roller for the dice. While a roll
waits, other dice-rolling actions are refused politely; actions that roll no dice go on as usual.
``/dice enter`` (bot/app/commands/dice.py, or the Discord modal) answers it.
"""

from __future__ import annotations

from pydantic import BaseModel

from bot.app.context import Invocation
from bot.app.reply import CommandError
from rules.engine import Engine
from rules.state import CampaignState, PendingDice
from rules.table_dice import TABLE_ACTIONS, AskDice, EnterDice, needed, waiting_text
from storage.db import Database


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


# the actions that put a roll on hold or change the roll on hold (AutoDice and CancelDice only end it)
ASKING = frozenset(str(a.model_fields["type"].default) for a in (AskDice, EnterDice))
STALE = "that button belongs to a roll that is over; use the newest prompt (/dice show shows it again)"


async def asked_at(db: Database, campaign_id: int, page: int = 64) -> int | None:
    """The seq of the log entry whose reply asked for the dice the campaign waits for now: the newest
    effective AskDice or EnterDice entry (only those put a roll on hold or change it; a roll that is
    answered, auto-rolled or cancelled is no longer on hold, and a new one needs a new AskDice). The log
    is walked backwards as ``history.find_top`` does: an undo takes back one action, an amend replaces
    the entry it names. None when no such entry is in force."""
    pops = 0
    replaced: set[int] = set()
    before: int | None = None
    while entries := await db.log_backwards(campaign_id, before_seq=before, limit=page):
        for e in entries:
            if e.kind == "undo":
                pops += 1
            elif e.kind in ("action", "amend"):
                if e.kind == "amend":
                    replaced.add(int(e.target_seq or 0))
                if e.seq in replaced:
                    continue
                if pops:
                    pops -= 1
                    continue
                if (e.action or {}).get("action", {}).get("type") in ASKING:
                    return e.seq
        before = entries[-1].seq
    return None


