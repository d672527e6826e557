"""Slash commands run end to end offline: real payloads -> discord.Interaction -> the real CommandTree
-> the real App on a fresh SQLite file -> the response discord.py would send.

The network edge is discord.py's webhook adapter (every interaction response and follow-up goes
through ``AsyncWebhookAdapter.request``); a recording adapter stands in for it, so nothing connects
to Discord. The idea follows discord.py's own ``tests/test_app_commands_invoke.py``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.app.commands import build_registry
from bot.app.reply import Reply
from bot.app.service import App
from bot.discord.replies import CONTENT_LIMIT, DM_REFUSED, EMBED_LIMIT, SOMETHING_WRONG, render, split_text
from bot.discord.tree import GameTree
from content.loader import load_catalogue
from storage.db import Database

GUILD, CHANNEL, APP_ID = 900000000000000001, 900000000000000002, 900000000000000003
GM_USER, PLAYER, GM_ROLE = 100000000000000001, 100000000000000002, 700000000000000001
EPHEMERAL = 64
MANAGE_GUILD = 1 << 5
_ids = itertools.count(800000000000000000)


# -- the network edge --------------------------------------------------------------------------------


@dataclass
class Sent:
    method: str
    path: str
    body: dict[str, Any]
    files: list[str]

    @property
    def message(self) -> dict[str, Any]:
        """The message part: ``data`` of an interaction callback, else the body itself."""
        return self.body.get("data", self.body) if self.path.endswith("/callback") else self.body

    @property
    def text(self) -> str:
        message = self.message
        parts = [message.get("content") or ""]
        parts += [e.get("description") or "" for e in message.get("embeds") or []]
        return "\n".join(parts)

    @property
    def ephemeral(self) -> bool:
        return bool((self.message.get("flags") or 0) & EPHEMERAL)


@dataclass
class RecordingAdapter(AsyncWebhookAdapter):
    sent: list[Sent] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    async def request(self, route: Any, session: Any, *, payload: dict[str, Any] | None = None,
                      multipart: list[dict[str, Any]] | None = None, files: Any = None, **_: Any) -> Any:
        body = payload or {}
        if multipart:
            body = json.loads(next(p["value"] for p in multipart if p["name"] == "payload_json"))
        self.sent.append(Sent(route.method, route.path, body, [f.filename for f in files or []]))
        if route.path.endswith("/callback"):
            return {"interaction": {"id": str(next(_ids)), "type": 2}}
        return _message(body)


def _message(body: dict[str, Any]) -> dict[str, Any]:
    return {"id": str(next(_ids)), "channel_id": str(CHANNEL), "type": 0, "content": body.get("content") or "",
            "author": _user(APP_ID, "kfgm"), "attachments": [], "embeds": body.get("embeds") or [],
            "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False, "tts": False,
            "timestamp": "2024-01-01T00:00:00+00:00", "edited_timestamp": None, "flags": body.get("flags") or 0}


# -- payloads ----------------------------------------------------------------------------------------


def _user(user_id: int, name: str) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name.title(), "avatar": None}


def _option(name: str, value: Any) -> dict[str, Any]:
    kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
    return {"type": kind, "name": name, "value": value}


def payload(line: str, *, user: int = GM_USER, roles: tuple[int, ...] = (), permissions: int = 0,
            guild: bool = True, focused: str | None = None, extra: list[dict[str, Any]] | None = None,
            resolved: dict[str, Any] | None = None) -> dict[str, Any]:
    """An APPLICATION_COMMAND (or AUTOCOMPLETE, with ``focused``) payload, as Discord sends it.

    ``line`` is ``"roll test"`` plus options as keyword values via ``extra``/``options``.
    """
    words = line.split()
    options = list(extra or [])
    if focused:
        for option in options:
            if option["name"] == focused:
                option["focused"] = True
    for word in reversed(words[1:]):
        options = [{"type": 1, "name": word, "options": options}]
    data: dict[str, Any] = {"id": str(next(_ids)), "name": words[0], "type": 1, "options": options}
    if resolved:
        data["resolved"] = resolved
    body: dict[str, Any] = {
        "id": str(next(_ids)), "application_id": str(APP_ID), "token": "interaction-token", "version": 1,
        "type": 4 if focused else 2, "data": data, "locale": "en-US", "attachment_size_limit": 8 * 1024 * 1024,
        "app_permissions": str(discord.Permissions.text().value),
    }
    name = "gm" if user == GM_USER else "player"
    if guild:
        body |= {
            "guild_id": str(GUILD), "channel_id": str(CHANNEL), "context": 0,
            "authorizing_integration_owners": {"0": str(GUILD)},
            "channel": {"id": str(CHANNEL), "type": 0, "guild_id": str(GUILD), "name": "campaign", "position": 0,
                        "permission_overwrites": []},
            "member": {"user": _user(user, name), "roles": [str(r) for r in roles], "nick": None,
                       "joined_at": "2024-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0,
                       "permissions": str(permissions)},
        }
    else:
        body |= {"channel_id": "5", "channel": {"id": "5", "type": 1}, "user": _user(user, name), "context": 1,
                 "authorizing_integration_owners": {"1": str(user)}}
    return body


def opts(**values: Any) -> list[dict[str, Any]]:
    return [_option(k, v) for k, v in values.items()]


# -- fixtures ----------------------------------------------------------------------------------------


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    db = await Database.open(tmp_path / "kfgm.sqlite3")
    try:
        yield App(db, load_catalogue(), build_registry(), seed=1)
    finally:
        await db.close()


@pytest.fixture
def client() -> discord.Client:
    """A client that is never logged in; only its state knows who "we" are, as after a login."""
    bot = discord.Client(intents=discord.Intents.default())
    me = _user(APP_ID, "kfgm") | {"bot": True, "verified": True, "mfa_enabled": False}
    bot._connection.user = discord.ClientUser(state=bot._connection, data=me)  # type: ignore[arg-type]
    return bot


@pytest.fixture
def tree(client: discord.Client, app: App) -> GameTree:
    return GameTree(client, app.registry, app)


@pytest.fixture
def adapter() -> Iterator[RecordingAdapter]:
    recording = RecordingAdapter()
    token = async_context.set(recording)
    try:
        yield recording
    finally:
        async_context.reset(token)


class Bot:
    """Sends payloads through the tree the way ``CommandTree._from_interaction`` does."""

    def __init__(self, client: discord.Client, tree: GameTree, adapter: RecordingAdapter) -> None:
        self.client, self.tree, self.adapter = client, tree, adapter

    async def __call__(self, line: str, **kwargs: Any) -> list[Sent]:
        async_context.set(self.adapter)
        before = len(self.adapter.sent)
        interaction = discord.Interaction(data=payload(line, **kwargs), state=self.client._connection)
        try:
            await self.tree._call(interaction)
        except discord.app_commands.AppCommandError as exc:
            await self.tree._dispatch_error(interaction, exc)
        return self.adapter.sent[before:]


@pytest.fixture
def bot(client: discord.Client, tree: GameTree, adapter: RecordingAdapter) -> Bot:
    return Bot(client, tree, adapter)


async def one(bot: Bot, line: str, **kwargs: Any) -> Sent:
    sent = await bot(line, **kwargs)
    assert len(sent) == 1, sent
    assert sent[0].method == "POST" and sent[0].path.endswith("/callback")
    assert sent[0].body["type"] == 4, "answered with a channel message"
    return sent[0]


# -- tests -------------------------------------------------------------------------------------------


async def test_campaign_new_then_a_test_roll(bot: Bot) -> None:
    new = await one(bot, "campaign new", extra=opts(name="Test"))
    assert "Campaign **Test** begins" in new.text and not new.ephemeral
    assert new.message["allowed_mentions"] == {"parse": []}, "mentions never ping"

    roll = await one(bot, "roll test", extra=opts(difficulty=6, bonus=2))
    assert "Test 6+" in roll.text and not roll.ephemeral

    log = await one(bot, "gm log")
    assert "`/roll test difficulty:6 bonus:2`" in log.text, "the log keeps a faithful command line"


async def test_an_invalid_value_is_answered_privately_and_politely(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    sent = await one(bot, "roll test", extra=opts(difficulty=0))
    assert sent.ephemeral
    assert sent.text == "Sorry, difficulty: of /roll test must be from 1 to 20, not 0"


async def test_gm_only_commands_refuse_other_members(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    refused = await one(bot, "gm undo", user=PLAYER)
    assert refused.ephemeral and "only the campaign's GM may use /gm undo" in refused.text

    peek = await one(bot, "deck peek", user=PLAYER, permissions=MANAGE_GUILD, extra=opts(deck="minor_mortis"))
    assert "Minor Mortis, top to bottom" in peek.text, "Manage Server counts as GM"
    assert peek.ephemeral, "peeking is private"


async def test_a_gm_role_makes_its_members_gms(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    role = {"id": str(GM_ROLE), "name": "GM", "color": 0, "hoist": False, "position": 1, "permissions": "0",
            "managed": False, "mentionable": True, "flags": 0}
    given = await one(bot, "campaign gm-role", extra=[{"type": 8, "name": "role", "value": str(GM_ROLE)}],
                      resolved={"roles": {str(GM_ROLE): role}})
    assert f"<@&{GM_ROLE}>" in given.text and not given.ephemeral
    log = await one(bot, "gm log", user=PLAYER, roles=(GM_ROLE,))
    assert not log.ephemeral and f"`/campaign gm-role role:<@&{GM_ROLE}>`" in log.text


async def test_direct_messages_are_refused(bot: Bot) -> None:
    sent = await one(bot, "roll d100", guild=False)
    assert sent.ephemeral and sent.text == DM_REFUSED


async def test_unexpected_errors_are_logged_and_answered_privately(
        bot: Bot, app: App, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    async def broken(*args: Any) -> Reply:
        raise RuntimeError("boom")

    monkeypatch.setattr(app, "run", broken)
    with caplog.at_level(logging.ERROR, logger="kfgm.discord"):
        sent = await one(bot, "roll d100")
    assert sent.ephemeral and sent.text == SOMETHING_WRONG
    assert "boom" in caplog.text


async def test_an_unknown_command_is_answered_politely(bot: Bot) -> None:
    sent = await one(bot, "roll nonsense")
    assert sent.ephemeral and sent.text.startswith("Sorry, this command changed")


async def test_slow_commands_are_deferred_then_followed_up(
        bot: Bot, tree: GameTree, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    run = app.run

    async def slow_run(*args: Any) -> Reply:
        await asyncio.sleep(0.05)
        return await run(*args)

    monkeypatch.setattr(app, "run", slow_run)
    tree.defer_after = 0.01
    sent = await bot("roll test", extra=opts(difficulty=6, bonus=2))
    assert [s.body.get("type") for s in sent[:1]] == [5], "deferred (thinking) first"
    assert sent[1].method == "POST" and "/webhooks/" in sent[1].path and "Test 6+" in sent[1].text

    sent = await bot("roll test", extra=opts(difficulty=0))
    assert sent[0].body["type"] == 5
    assert sent[1].method == "PATCH" and "privately" in sent[1].text, "the public 'thinking' is closed"
    assert sent[2].ephemeral and sent[2].text.startswith("Sorry, difficulty")


async def test_deck_and_card_autocomplete(bot: Bot, app: App) -> None:
    sent = await bot("deck draw", focused="deck", extra=opts(deck="mor"))
    (response,) = sent
    assert response.body["type"] == 8
    values = [c["value"] for c in response.body["data"]["choices"]]
    assert values == [d for d in app.catalogue.decks if "mor" in d or "mor" in app.catalogue.decks[d].name.lower()]
    assert "minor_mortis" in values and "judicium" not in values

    sent = await bot("deck search", focused="card", extra=opts(deck="judicium", card=""))
    choices = sent[0].body["data"]["choices"]
    assert choices and len(choices) <= 25
    assert {c["value"] for c in choices} <= {c.id for c in app.catalogue.deck("judicium").cards}


async def test_long_text_and_pictures_reach_discord(
        bot: Bot, app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    picture = tmp_path / "clash board.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n")

    async def long_reply(*args: Any) -> Reply:
        return Reply(text="line of the board\n" * 300, images=[str(picture)])

    monkeypatch.setattr(app, "run", long_reply)
    sent = await bot("roll d100")
    assert len(sent) == 2, "5400 characters: two embeds, each in its own message"
    first, second = sent
    assert first.path.endswith("/callback") and second.path.startswith("/webhooks/")
    assert all(len(e["description"]) <= EMBED_LIMIT for s in sent for e in s.message["embeds"] if "description" in e)
    assert "".join(s.text for s in sent).count("line of the board") == 300
    assert second.files == ["clash_board.png"]
    assert second.message["embeds"][-1]["image"]["url"] == "attachment://clash_board.png"


def test_render_limits(tmp_path: Path) -> None:
    short = render(Reply(text="hello"))
    assert short == [{"content": "hello", "ephemeral": False, "allowed_mentions": short[0]["allowed_mentions"]}]
    (edge,) = render(Reply(text="x" * CONTENT_LIMIT))
    assert edge["content"] == "x" * CONTENT_LIMIT
    (embedded,) = render(Reply(text="x" * (CONTENT_LIMIT + 1)))
    assert "content" not in embedded and embedded["embeds"][0].description == "x" * (CONTENT_LIMIT + 1)
    assert [len(p) for p in split_text("y" * 9000, EMBED_LIMIT)] == [4096, 4096, 808]
    (error,) = render(Reply.fail("there is no campaign in this channel yet"))
    assert error["ephemeral"] and error["content"] == "Sorry, there is no campaign in this channel yet"
    (missing,) = render(Reply(text="board", images=[str(tmp_path / "gone.png")]))
    assert "files" not in missing, "a missing picture is left out, not a crash"
    (pending,) = render(Reply(text="Drawn.", pending={"prompt": "Choose a knight", "options": ["a", "b"]}))
    assert pending["content"] == "Drawn.\n\n❓ **Choose a knight** Options: a, b"
