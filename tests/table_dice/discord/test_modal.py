"""Table dice in Discord, offline: the prompt's "Enter dice" button opens a modal; submitting it enters the dice.

Interactions are built from payloads as Discord sends them and go through discord.py's own dispatch
(``ConnectionState.parse_interaction_create``): type 2 slash commands to the tree, type 3 button presses
to the dynamic item, type 5 modal submits to the modal discord.py stored when it was sent.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.app.context import Invocation
from bot.app.service import App
from tests.discord.test_invoke import (
    CHANNEL,
    GM_USER,
    GUILD,
    PLAYER,
    Bot,
    RecordingAdapter,
    Sent,
    _message,
    one,
    opts,
    payload,
)


def _interaction(kind: int, data: dict[str, Any], *, user: int, message: dict[str, Any] | None = None) -> dict[str, Any]:
    """A component (3) or modal submit (5) payload from ``user`` in the campaign's channel."""
    body = payload("roll d100", user=user)  # the guild, channel and member parts
    body |= {"type": kind, "data": data}
    if message is not None:
        body["message"] = message
    return body


async def _gm(app: App, line: str) -> dict[str, Any]:
    ctx = Invocation(guild_id=str(GUILD), channel_id=str(CHANNEL), user_id=str(GM_USER), user_name="gm",
                     is_admin=True, command_line=line)
    reply = await app.run_line(ctx, line)
    assert reply.ok, reply.error
    return reply.data


async def _dispatch(client: discord.Client, adapter: RecordingAdapter, body: dict[str, Any]) -> list[Sent]:
    before = len(adapter.sent)
    client._connection.parse_interaction_create(body)  # type: ignore[arg-type]
    for _ in range(200):  # the view store answers in a task of its own
        await asyncio.sleep(0.01)
        if len(adapter.sent) > before:
            await asyncio.sleep(0.05)
            break
    return adapter.sent[before:]


def _button(sent: Sent) -> dict[str, Any]:
    (row,) = sent.message["components"]
    (button,) = row["components"]
    return button


async def _press(client: discord.Client, adapter: RecordingAdapter, prompt: Sent, user: int) -> Sent:
    button = _button(prompt)
    message = _message(prompt.message) | {"components": prompt.message["components"]}
    data = {"custom_id": button["custom_id"], "component_type": 2}
    (sent,) = await _dispatch(client, adapter, _interaction(3, data, user=user, message=message))
    return sent


async def _submit(client: discord.Client, adapter: RecordingAdapter, modal: Sent, values: list[str],
                  user: int) -> Sent:
    fields = [label["component"] for label in modal.body["data"]["components"]]
    components = [{"type": 18, "component": {"type": 4, "custom_id": f["custom_id"], "value": v}}
                  for f, v in zip(fields, values, strict=True)]
    data = {"custom_id": modal.body["data"]["custom_id"], "components": components}
    (sent,) = await _dispatch(client, adapter, _interaction(5, data, user=user))
    return sent


async def test_the_button_opens_the_modal_and_submitting_it_enters_the_dice(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "campaign dice", extra=opts(mode="table"))
    prompt = await one(bot, "roll attack", user=PLAYER, extra=opts(dice=3, to_hit=6))
    assert "roll 3 Attack dice, one of them the white Crit die" in prompt.text and not prompt.ephemeral
    button = _button(prompt)
    assert button["type"] == 2 and button["label"] == "Enter dice" and button["custom_id"].startswith("kfgm:dice:")

    # someone else may not answer Kara's roll...
    refused = await _press(client, adapter, prompt, user=PLAYER + 7)
    assert refused.body["type"] == 4 and refused.ephemeral and "to enter" in refused.text

    # ...the roller opens the modal: one field for the white Crit die, one for the other two dice
    modal = await _press(client, adapter, prompt, user=PLAYER)
    assert modal.path.endswith("/callback") and modal.body["type"] == 9, "answered with a modal"
    labels = modal.body["data"]["components"]
    assert [c["type"] for c in labels] == [18, 18]
    assert [c["label"] for c in labels] == ["white Crit die", "Attack dice (2)"]
    assert all(c["component"]["type"] == 4 for c in labels)

    # an impossible value: a private error with the prompt again, nothing changed
    before = (await _gm(app, "/gm state"))["state"]
    bad = await _submit(client, adapter, modal, ["11", "7 4"], user=PLAYER)
    assert bad.ephemeral and "'11' is not a d10 result" in bad.text and "roll 3 Attack dice" in bad.text
    assert (await _gm(app, "/gm state"))["state"] == before

    modal = await _press(client, adapter, prompt, user=PLAYER)
    done = await _submit(client, adapter, modal, ["1", "7 4"], user=PLAYER)
    assert done.body["type"] == 4 and not done.ephemeral
    assert "Attack Roll (3 dice vs To Hit 6): Crit 1, 7, 4" in done.text and "Crit Miss" in done.text
    state = (await _gm(app, "/gm state"))["state"]
    assert state["pending_dice"] is None and state["last_roll"]["naturals"] == [1, 7, 4]
    log = (await _gm(app, "/gm log"))["entries"]
    assert log[-1]["actor"] == str(PLAYER) and log[-1]["command"] == '/dice enter values:"crit:1 7 4"'

    # the button of a roll that is answered says so
    late = await _press(client, adapter, prompt, user=PLAYER)
    assert late.ephemeral and "no roll is waiting for dice any more" in late.text
