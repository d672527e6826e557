"""Operations (bot/operations.py, bot/discord/client.py, docs/operations.md): JSON-line logs that never show a
secret, a graceful shutdown on SIGTERM/SIGINT that lets running commands finish and closes the database, the
AutoShardedClient behind ``KFGM_SHARDED``, reconnect events logged, and a /help a new table can start from."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app.commands import build_registry
from bot.app.service import App
from bot.discord.client import GameClient, ShardedGameClient, make_client, serve
from bot.operations import REDACTED, JsonFormatter, redact, setup_logging
from bot.settings import Settings
from content.loader import load_catalogue
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import Bot, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

# shaped like a real bot token (id.timestamp.hmac), made up
TOKEN = "MTA1NjE0NzE4MzQ1NjE3OTI3Mw.GhXyZa.abcdefghijklmnopqrstuvwxyz0123456789AB"


@pytest.fixture
def logs() -> Iterator[io.StringIO]:
    """Every logger to a JSON-lines buffer at DEBUG, as ``kfgm run`` sets it up with this token."""
    stream = io.StringIO()
    root = logging.getLogger()
    level = root.level
    handler = setup_logging(Settings(_env_file=None, discord_token=TOKEN, log_level="DEBUG"),  # type: ignore[call-arg]
                            stream=stream)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def _lines(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]


# -- logs -------------------------------------------------------------------------------------------------------


def test_logs_are_json_lines_with_extra_fields(logs: io.StringIO) -> None:
    logging.getLogger("kfgm.discord").info("command %s ran", "/roll d100", extra={"guild": 7, "ms": 12.5})
    (line,) = [x for x in _lines(logs) if x["logger"] == "kfgm.discord"]
    assert line["level"] == "INFO" and line["message"] == "command /roll d100 ran"
    assert line["guild"] == 7 and line["ms"] == 12.5 and line["time"].endswith("+00:00")


def test_the_token_never_appears_in_the_logs(logs: io.StringIO) -> None:
    log = logging.getLogger("kfgm.test")
    log.info("logging in with %s", TOKEN)
    log.warning("headers: %s", {"Authorization": f"Bot {TOKEN}"})
    log.info("a callback", extra={"url": f"https://discord.com/api/v10/webhooks/1234/{'a' * 70}/messages/@original"})
    try:
        raise RuntimeError(f"login failed for {TOKEN}")
    except RuntimeError:
        log.exception("the bot stopped")
    text = logs.getvalue()
    assert TOKEN not in text and TOKEN.split(".")[2] not in text and "a" * 70 not in text
    assert text.count(REDACTED) >= 4
    lines = _lines(logs)
    assert any("exception" in x and "RuntimeError" in x["exception"] for x in lines), "the traceback is kept"


async def test_a_real_command_logs_nothing_secret(bot: Bot, logs: io.StringIO, app: App,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected error inside a command, with the token in it, logged by the tree at ERROR."""
    await one(bot, "campaign new", extra=opts(name="Test"))

    async def broken(*args: Any) -> Any:
        raise RuntimeError(f"something mentioned {TOKEN}")

    monkeypatch.setattr(app, "run", broken)
    sent = await one(bot, "roll d100")
    assert sent.ephemeral
    text = logs.getvalue()
    assert "command /roll d100 failed" in text and TOKEN not in text


def test_redact_keeps_what_is_not_secret() -> None:
    assert redact("campaign 12 in guild 900000000000000001") == "campaign 12 in guild 900000000000000001"
    assert redact("POST /interactions/1/abcdefghijklmnopqrstuvwxyz/callback") == f"POST /interactions/1/{REDACTED}/callback"
    assert JsonFormatter(["a-secret-value"]).format(
        logging.LogRecord("x", logging.INFO, "", 0, "saw a-secret-value", (), None)).count(REDACTED) == 1


# -- shutdown -------------------------------------------------------------------------------------------------


async def test_sigterm_closes_the_bot_and_its_database_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = tmp_path / "bot.sqlite3"
    client = GameClient(Settings(_env_file=None, discord_token="unused", database=database),  # type: ignore[call-arg]
                        load_catalogue(), build_registry())
    connected = asyncio.Event()
    finished: list[str] = []

    async def no_sync(*, guild: Any = None) -> list[Any]:
        return []

    async def offline_start(token: str, *, reconnect: bool = True) -> None:  # login + gateway: the network edge
        await client.setup_hook()
        connected.set()
        await asyncio.Event().wait()  # connected until closed

    monkeypatch.setattr(client.tree, "sync", no_sync)
    monkeypatch.setattr(client, "start", offline_start)
    serving = asyncio.ensure_future(serve(client, "unused"))
    await asyncio.wait_for(connected.wait(), 10)
    assert client.tree.app is not None
    app = client.tree.app

    async def slow_command() -> None:  # a command being answered when the signal comes
        await asyncio.sleep(0.2)
        reply = await app.run_line(_ctx(), "/campaign new name:Late")
        finished.append(reply.text)

    asyncio.get_running_loop().create_task(slow_command(), name="CommandTree-invoker")
    await asyncio.sleep(0.01)
    os.kill(os.getpid(), signal.SIGTERM)
    await asyncio.wait_for(serving, 15)

    assert client.db is None and client.is_closed()
    assert finished and "Late" in finished[0], "the running command finished before the database closed"
    conn = sqlite3.connect(database)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT name FROM campaigns").fetchall() == [("Late",)]
    finally:
        conn.close()
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL, "the handler is removed again"


def _ctx() -> Any:
    from bot.app.context import Invocation

    return Invocation(guild_id="1", channel_id="2", user_id="3", user_name="gm")


# -- sharding and reconnects -----------------------------------------------------------------------------------


def test_kfgm_sharded_runs_the_auto_sharded_client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KFGM_SHARDED", "1")
    monkeypatch.setenv("KFGM_SHARD_COUNT", "2")
    settings = Settings(_env_file=None, database=tmp_path / "x.sqlite3")  # type: ignore[call-arg]
    sharded = make_client(settings, load_catalogue(), build_registry())
    assert isinstance(sharded, ShardedGameClient) and isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 2 and sharded.tree.get_command("roll") is not None
    monkeypatch.setenv("KFGM_SHARDED", "0")
    plain = make_client(Settings(_env_file=None), load_catalogue(), build_registry())  # type: ignore[call-arg]
    assert not isinstance(plain, discord.AutoShardedClient)


async def test_disconnects_and_resumes_are_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    client = GameClient(Settings(_env_file=None, database=tmp_path / "x.sqlite3"),  # type: ignore[call-arg]
                        load_catalogue(), build_registry())
    with caplog.at_level(logging.INFO, logger="kfgm.discord"):
        await client.on_disconnect()
        await client.on_resumed()
        await client.on_shard_disconnect(3)
    assert [getattr(r, "event", None) for r in caplog.records] == ["disconnect", "resumed", "shard_disconnect"]


# -- command sync -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("env", "expected"), [({}, [None]), ({"KFGM_DEV_GUILD_ID": "42"}, [None, 42]),
                                               ({"KFGM_DEV_GUILD_ID": "42", "KFGM_SYNC_GLOBAL": "0"}, [42])])
async def test_global_sync_and_the_development_guilds_instant_sync(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: list[int | None]) -> None:
    """Global commands take up to an hour to reach every server; a development guild's are there at once, and
    ``KFGM_SYNC_GLOBAL=0`` keeps them from being listed twice there."""
    for name in ("KFGM_DEV_GUILD_ID", "KFGM_SYNC_GLOBAL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    settings = Settings(_env_file=None, database=tmp_path / "x.sqlite3", image_dir=tmp_path / "pictures",  # type: ignore[call-arg]
                        image_keep=7)
    client = GameClient(settings, load_catalogue(), build_registry())
    synced: list[int | None] = []

    async def sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        synced.append(guild.id if guild else None)
        return list(client.tree.get_commands(guild=guild))

    monkeypatch.setattr(client.tree, "sync", sync)
    await client.setup_hook()
    try:
        assert synced == expected
        assert client.tree.app is not None and client.tree.app.image_dir == settings.image_dir  # KFGM_IMAGE_DIR
        assert client.tree.app.images == settings.image_policy()
        if 42 in expected:
            copied = {c.name for c in client.tree.get_commands(guild=discord.Object(42))}
            assert copied == {c.name for c in client.tree.get_commands()}, "every command, instantly"
    finally:
        await client.close()


# -- /help for a new table -----------------------------------------------------------------------------------------


async def test_help_shows_a_new_table_how_to_start(bot: Bot) -> None:
    sent = await one(bot, "help")
    assert sent.ephemeral
    for step in ("/campaign new", "/knight create", "/expedition start", "/roll test"):
        assert step in sent.text, step
