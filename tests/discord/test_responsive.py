"""Discord's three-second window (bot/discord/tree.py ``GameTree._run``): a command that is not answered within
``defer_after`` seconds is acknowledged with a deferred response ("thinking…") and followed up; pictures are
drawn by Pillow in an executor thread (bot/app/commands/board_picture.py ``board_image``), so a slow picture in one guild
never holds up another guild's command. Interactions are built from payloads and run through the real
CommandTree on a real App (tests/discord/test_invoke.py)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import discord
import pytest

import bot.app.commands.board_picture as board_picture
from bot.discord.tree import DEFER_AFTER, GameTree
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import CHANNEL, GUILD, Bot, RecordingAdapter, Sent, one, opts, payload

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

OTHER_GUILD, OTHER_CHANNEL = GUILD + 10, CHANNEL + 10
RENDER_SECONDS = 0.6


def _interaction(client: discord.Client, line: str, *, guild: int, channel: int, token: str,
                 **kwargs: Any) -> discord.Interaction:
    body = payload(line, **kwargs)
    body |= {"guild_id": str(guild), "channel_id": str(channel), "token": token}
    body["channel"] = body["channel"] | {"id": str(channel), "guild_id": str(guild)}
    return discord.Interaction(data=body, state=client._connection)  # type: ignore[arg-type]


def _by_token(adapter: RecordingAdapter, monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The interaction token of each request the adapter records, in the same order as ``adapter.sent``."""
    tokens: list[str | None] = []
    record = adapter.request

    async def request(route: Any, *args: Any, **kwargs: Any) -> Any:
        tokens.append(route.webhook_token)
        return await record(route, *args, **kwargs)

    monkeypatch.setattr(adapter, "request", request)
    return tokens


def _for(adapter: RecordingAdapter, tokens: list[str | None], token: str) -> list[Sent]:
    start = len(adapter.sent) - len(tokens)
    return [s for s, t in zip(adapter.sent[start:], tokens, strict=True) if t == token]


def test_the_bot_defers_well_inside_discords_three_seconds() -> None:
    assert DEFER_AFTER <= 2.0


async def test_a_slow_picture_never_holds_up_another_guilds_command(
        bot: Bot, client: discord.Client, tree: GameTree, adapter: RecordingAdapter,
        monkeypatch: pytest.MonkeyPatch) -> None:
    await one(bot, "campaign new", extra=opts(name="Board"))
    await one(bot, "clash start", extra=opts(monster="abbot", level=1, type="full"))
    other = _interaction(client, "campaign new", guild=OTHER_GUILD, channel=OTHER_CHANNEL, token="other-new",
                         extra=opts(name="Elsewhere"))
    await tree._call(other)

    tokens = _by_token(adapter, monkeypatch)
    real = board_picture.render_board
    drawing: dict[str, Any] = {}

    def slow_render(*args: Any) -> bytes:
        drawing["thread"] = threading.current_thread()
        time.sleep(RENDER_SECONDS)  # a big picture: Pillow holds its thread, not the event loop
        drawing["done"] = time.monotonic()
        return real(*args)

    monkeypatch.setattr(board_picture, "render_board", slow_render)
    tree.defer_after = 0.2
    start = time.monotonic()
    board = asyncio.ensure_future(tree._call(_interaction(client, "clash board", guild=GUILD, channel=CHANNEL,
                                                          token="board")))
    await asyncio.sleep(0.05)  # the picture is being drawn
    roll = _interaction(client, "roll d100", guild=OTHER_GUILD, channel=OTHER_CHANNEL, token="roll")
    await tree._call(roll)
    answered = time.monotonic() - start
    assert answered < RENDER_SECONDS / 2, f"the other guild waited {answered:.2f}s for a picture"
    assert "done" not in drawing, "the other guild's roll was answered while the picture was still being drawn"
    (rolled,) = _for(adapter, tokens, "roll")
    assert rolled.body["type"] == 4 and "d100" in rolled.text

    await board
    assert drawing["thread"] is not threading.main_thread(), "Pillow ran in an executor thread"
    deferred, *follow_ups = _for(adapter, tokens, "board")
    assert deferred.body["type"] == 5, "acknowledged (thinking…) within the window"
    assert follow_ups and follow_ups[-1].files == [f for f in follow_ups[-1].files if f.endswith(".png")]
    assert any(f.endswith(".png") for s in follow_ups for f in s.files), "the picture follows the deferral"
    assert any("attachment://" in (e.get("image") or {}).get("url", "")
               for s in follow_ups for e in s.message.get("embeds") or [])
