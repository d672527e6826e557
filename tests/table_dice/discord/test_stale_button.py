"""The "Enter dice" button belongs to one prompt: ``kfgm:dice:<seq>`` names the log entry whose reply asked for
the dice, and only the entry that asked for the dice waiting now opens the form (bot/app/table.py ``asked_at``).
An older prompt's button is refused privately as stale, even when another roll waits in the channel; undo
brings the older prompt's roll, and its button, back.
"""

from __future__ import annotations

import discord

from bot.app.service import App
from bot.app.table import asked_at
from tests.discord.test_invoke import GM_USER, MANAGE_GUILD, PLAYER, Bot, RecordingAdapter, Sent, one, opts
from tests.table_dice.discord.test_modal import _button, _gm, _press, _submit

STALE = "that button belongs to a roll that is over; use the newest prompt"


def _seq(prompt: Sent) -> int:
    return int(_button(prompt)["custom_id"].rsplit(":", 1)[1])


async def _campaign_id(app: App) -> int:
    (row,) = [r for r in await app.db.conn.execute_fetchall("SELECT id FROM campaigns")]
    return int(row[0])


async def test_only_the_newest_prompts_button_opens_the_form(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "campaign dice", extra=opts(mode="table"))
    first = await one(bot, "roll test", user=PLAYER, extra=opts(difficulty=6))
    await one(bot, "dice cancel", user=PLAYER)
    second = await one(bot, "roll attack", user=PLAYER, extra=opts(dice=3, to_hit=6))
    assert _seq(second) > _seq(first)
    assert await asked_at(app.db, await _campaign_id(app)) == _seq(second)

    # the first prompt's roll is over: its button is refused, even though another roll waits
    stale = await _press(client, adapter, first, user=PLAYER)
    assert stale.body["type"] == 4 and stale.ephemeral and STALE in stale.text
    assert (await _press(client, adapter, second, user=PLAYER)).body["type"] == 9

    # /dice show repeats the prompt with the live button (the same seq as the prompt that asked)
    shown = await one(bot, "dice show", user=PLAYER)
    assert _seq(shown) == _seq(second)
    assert (await _press(client, adapter, shown, user=PLAYER)).body["type"] == 9

    # undo the second ask and the cancel: the first roll waits again, and its button is the live one
    await one(bot, "gm undo", permissions=MANAGE_GUILD, user=GM_USER)
    await one(bot, "gm undo", permissions=MANAGE_GUILD, user=GM_USER)
    assert await asked_at(app.db, await _campaign_id(app)) == _seq(first)
    assert (await _press(client, adapter, first, user=PLAYER)).body["type"] == 9
    stale = await _press(client, adapter, second, user=PLAYER)
    assert stale.ephemeral and STALE in stale.text


async def test_nothing_asked_means_no_live_button(bot: Bot, app: App) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "roll d100", user=PLAYER)
    assert await asked_at(app.db, await _campaign_id(app)) is None


async def test_a_form_opened_for_a_roll_that_is_over_enters_nothing(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    """The form checks its prompt again when it is sent: the same command asked again is another roll."""
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "campaign dice", extra=opts(mode="table"))
    first = await one(bot, "roll test", user=PLAYER, extra=opts(difficulty=6))
    form = await _press(client, adapter, first, user=PLAYER)
    assert form.body["type"] == 9
    await one(bot, "dice cancel", user=PLAYER)
    again = await one(bot, "roll test", user=PLAYER, extra=opts(difficulty=6))
    before = (await _gm(app, "/gm state"))["state"]
    refused = await _submit(client, adapter, form, ["7"], user=PLAYER)
    assert refused.ephemeral and STALE in refused.text and "Nothing was entered." in refused.text
    assert (await _gm(app, "/gm state"))["state"] == before
    # the live prompt's form enters the dice
    form = await _press(client, adapter, again, user=PLAYER)
    done = await _submit(client, adapter, form, ["7"], user=PLAYER)
    assert not done.ephemeral and (await _gm(app, "/gm state"))["state"]["pending_dice"] is None
