"""/clash sigh — spend a Sigh of the Graal to replay the Clash that just ended (rules/clash/sigh.py).

The rules take the state to restore as part of the action; it is found here, in the log: the state just before the
last effective ``clash_start``. The Sigh is spent "When a Clash ends": while the Clash is over (victory or defeat)
and not yet ended, or after ``/clash end`` as long as no other Clash started since and no Sigh already undid it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.app.commands.knight import find, may_change
from bot.app.context import Invocation
from bot.app.history import effective, state_before
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App, Loaded, reply_from
from bot.narration import told
from rules.clash.aftermath import all_knights_dead
from rules.clash.handlers import ClashStart
from rules.clash.sigh import SighOfTheGraal
from rules.postgame.handlers import PostgameClash
from rules.rogue.handlers import RogueNode
from rules.state import CampaignState

CLASH_START = str(ClashStart.model_fields["type"].default)
ROGUE_NODE = str(RogueNode.model_fields["type"].default)  # a Rogue's Path node starts its Clash (docs/rogue.md)
POSTGAME_CLASH = str(PostgameClash.model_fields["type"].default)  # a Postgame Hunt's Clash (docs/postgame.md)
SIGH = str(SighOfTheGraal.model_fields["type"].default)


async def before_the_clash(app: App, loaded: Loaded) -> tuple[int, str, CampaignState]:
    """The seq and command of the last effective ``/clash start``, and the state just before it; refused politely
    when there is no finished Clash to replay."""
    state = loaded.state
    if state.clash is not None and state.clash.over is None and not all_knights_dead(state):
        raise CommandError("the Clash is still under way: a Sigh of the Graal is spent \"When a Clash ends\", after "
                           "a victory or a defeat (every Knight dead)")
    for slot in reversed(effective(await app.db.log(loaded.row.id))):
        assert slot.entry.action is not None
        kind = slot.entry.action["action"].get("type")
        if kind == SIGH:
            break
        if kind in (CLASH_START, ROGUE_NODE, POSTGAME_CLASH):
            before = await state_before(app.db, app.engine, loaded.row.id, slot.slot_seq)
            return slot.slot_seq, slot.entry.command, before
    raise CommandError("there is no finished Clash to replay: a Sigh of the Graal replays the Clash that has just "
                       "ended (and only once)")


async def sigh(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    async def attempt(loaded: Loaded) -> tuple[Reply, Loaded]:
        k = find(loaded, ctx, o["knight"])
        await may_change(app, ctx, loaded, k)
        if not k.sheet.sigh_of_the_graal:
            raise CommandError(f"{k.name} has no Sigh of the Graal to spend (the Knight Sheet's box is empty; "
                               "the Questing Knight gains one with the Favor of the Graal)")
        seq, command, before = await before_the_clash(app, loaded)
        action = SighOfTheGraal(knight=k.id, restore=before.model_dump(mode="json"))
        dice = app.engine.dice_for(loaded.state)
        result = told(app.engine.apply(loaded.state, action, dice, in_place=True))
        state_json = result.state.model_dump_json()
        new_seq = await app.db.append(
            loaded.row.id, loaded.row.seq, "action", ctx.user_id, ctx.command_line,
            {"action": action.model_dump(mode="json"), "amend": []}, [r.model_dump() for r in dice.rolls],
            [e.model_dump() for e in result.events], state_json, app.now(),
        )
        reply = reply_from(result, new_seq, {"restored_before": {"seq": seq, "command": command}})
        reply.text += f"\n(Restored to just before #{seq} `{command}`.)"
        return reply, Loaded(replace(loaded.row, seq=new_seq, state_json=state_json), result.state)

    async with app.serial(ctx):  # another writer first: once more under the write lock
        return await app.write_twice(ctx, attempt)


def register(r: Registry) -> None:
    r.add(Command(("clash", "sigh"), "Spend a Sigh of the Graal: replay the Clash that just ended", sigh, (
        Option("knight", "string", "the Knight who spends their Sigh (default: yours)", max_length=60,
               autocomplete="knight", lookup="knight"),
    )))
