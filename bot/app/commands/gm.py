"""/gm force-next|force-list|force-clear|amend-last|undo|log|state — the GM's powers, always announced to the table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app.context import Invocation
from bot.app.history import ReplayMismatch, state_before_top
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App, Loaded, reply_from
from bot.narration import told
from rules import actions as a
from rules.engine import parse_action


async def force_next(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.ForceNext(values=o["values"]))


async def force_clear(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.ForceClear())


async def force_list(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    forced = list((await app.load(ctx)).state.forced_dice)
    if not forced:
        return Reply(text="🎲 No forced dice are waiting: the next rolls are natural.", data={"forced_dice": []})
    text = (f"🎲 {len(forced)} forced {'die is' if len(forced) == 1 else 'dice are'} waiting, in the order they will "
            f"be used: {', '.join(str(v) for v in forced)} (`/gm force-clear` removes them).")
    return Reply(text=text, data={"forced_dice": forced})


async def _before_top(app: App, campaign_id: int) -> Any:
    try:
        return await state_before_top(app.db, app.engine, campaign_id)
    except ReplayMismatch:
        raise CommandError(
            "the log before the last action was written by another version of the bot whose rules rolled "
            "differently, so it cannot be replayed to take the action back; nothing was changed (the campaign "
            "goes on from where it stands; docs/operations.md, Upgrade)") from None


async def undo(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    async with app.serial(ctx):
        return await _undo(app, ctx)


async def _undo(app: App, ctx: Invocation) -> Reply:
    async def attempt(loaded: Loaded) -> tuple[Reply, Loaded]:
        top, before = await _before_top(app, loaded.row.id)
        if top is None:
            raise CommandError("there is nothing to undo: no action has been taken in this campaign yet")
        before_json = before.model_dump_json()
        text = f"↩️ GM undo: #{top.entry.seq} `{top.entry.command}` by <@{top.entry.actor}> is taken back."
        seq = await app.db.append(
            loaded.row.id,
            loaded.row.seq,
            "undo",
            ctx.user_id,
            ctx.command_line,
            None,
            [],
            [{"kind": "gm", "text": text}],
            before_json,
            app.now(),
            target_seq=top.entry.seq,
            drop_snapshots_from=top.slot_seq,
        )
        reply = Reply(text=text, data={"seq": seq, "undone": {"seq": top.entry.seq, "command": top.entry.command}})
        return reply, Loaded(replace(loaded.row, seq=seq, state_json=before_json), before)

    return await app.write_twice(ctx, attempt)  # another writer first: once more under the write lock


async def amend_last(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    async with app.serial(ctx):
        return await _amend_last(app, ctx, o["values"])


async def _amend_last(app: App, ctx: Invocation, values: list[int]) -> Reply:
    async def attempt(loaded: Loaded) -> tuple[Reply, Loaded]:
        top, before = await _before_top(app, loaded.row.id)
        if top is None or not top.entry.rolls:
            raise CommandError(
                "the last action rolled no dice, so there is nothing to amend; "
                "use /gm force-next values:... before the next roll instead"
            )
        rolled = top.entry.rolls
        if len(values) > len(rolled):
            raise CommandError(
                f"the last action (#{top.entry.seq} `{top.entry.command}`) rolled {len(rolled)} "
                f"{'die' if len(rolled) == 1 else 'dice'}; give at most {len(rolled)} values"
            )
        assert top.entry.action is not None
        action = parse_action(top.entry.action["action"])
        dice = app.engine.dice_for(before, amend=list(values))
        result = told(app.engine.apply(before, action, dice))
        old = [r["value"] for r in rolled]
        new = [r.value for r in dice.rolls]
        state_json = result.state.model_dump_json()
        note = (
            f"🎲 GM amended #{top.entry.seq} `{top.entry.command}`: the dice were {', '.join(map(str, old))}, "
            f"now {', '.join(map(str, new))}."
        )
        seq = await app.db.append(
            loaded.row.id,
            loaded.row.seq,
            "amend",
            ctx.user_id,
            top.entry.command,
            {"action": top.entry.action["action"], "amend": values},
            [r.model_dump() for r in dice.rolls],
            [{"kind": "gm", "text": note}, *(e.model_dump() for e in result.events)],
            state_json,
            app.now(),
            target_seq=top.entry.seq,
            drop_snapshots_from=top.slot_seq,
        )
        reply = reply_from(result, seq, {"amended": {"seq": top.entry.seq, "previous": old, "naturals_now": new}})
        reply.text = note + "\n" + reply.text
        return reply, Loaded(replace(loaded.row, seq=seq, state_json=state_json), result.state)

    return await app.write_twice(ctx, attempt)  # another writer first: once more under the write lock


async def show_log(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    entries = await app.db.log(loaded.row.id)
    taken_back = {e.target_seq for e in entries if e.kind in ("undo", "amend")}
    shown = entries[-o["count"] :]
    rows, lines = [], [f"Log of **{loaded.row.name}** (last {len(shown)} of {len(entries)}):"]
    for e in shown:
        dice = ", ".join(f"{r['value']}{'*' if r['forced'] else ''}" for r in e.rolls)
        mark = " ~~(taken back)~~" if e.seq in taken_back else ""
        lines.append(f"#{e.seq} {e.kind} <@{e.actor}> `{e.command}`" + (f" dice: {dice}" if dice else "") + mark)
        rows.append(
            {
                "seq": e.seq,
                "kind": e.kind,
                "actor": e.actor,
                "command": e.command,
                "rolls": e.rolls,
                "events": [ev["text"] for ev in e.events],
                "target_seq": e.target_seq,
                "taken_back": e.seq in taken_back,
            }
        )
    lines.append("(* = a die set by the GM)")
    return Reply(text="\n".join(lines), data={"entries": rows})


async def show_state(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    text = (
        f"State of **{loaded.row.name}** at #{loaded.row.seq}: dice position {loaded.state.dice_position}, "
        f"{len(loaded.state.forced_dice)} forced dice waiting. The whole state is in the reply's data."
    )
    return Reply(text=text, ephemeral=True, data={"seq": loaded.row.seq, "state": loaded.state.model_dump(mode="json")})


def register(r: Registry) -> None:
    r.describe_group("gm", "GM tools: dice overrides, amending, undo, the log")
    r.add(
        Command(
            ("gm", "force-next"),
            "GM: set the next dice rolled, in order (d6 by face number)",
            force_next,
            (
                Option(
                    "values",
                    "integer_list",
                    "e.g. 10,1,7 (a d100 takes the white tens die first)",
                    required=True,
                    min_value=1,
                    max_value=10,
                ),
            ),
            permission="gm",
        )
    )
    r.add(Command(("gm", "force-list"), "GM: the forced dice still waiting, in the order they will be used",
                  force_list, (), permission="gm"))
    r.add(Command(("gm", "force-clear"), "GM: remove every forced die still waiting (the next rolls are natural)",
                  force_clear, (), permission="gm"))
    r.add(
        Command(
            ("gm", "amend-last"),
            "GM: replay the last action with other dice",
            amend_last,
            (
                Option(
                    "values",
                    "integer_list",
                    "the dice in the order they were rolled, e.g. 7 or 3,10",
                    required=True,
                    min_value=1,
                    max_value=10,
                ),
            ),
            permission="gm",
        )
    )
    r.add(Command(("gm", "undo"), "GM: take back the last action", undo, permission="gm"))
    r.add(
        Command(
            ("gm", "log"),
            "GM: the campaign's action log with every roll",
            show_log,
            (Option("count", "integer", "how many entries", default=20, min_value=1, max_value=200),),
            permission="gm",
        )
    )
    r.add(Command(("gm", "state"), "GM: the whole campaign state", show_state, permission="gm"))
