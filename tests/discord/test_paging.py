"""Long replies as pages with Previous/Next buttons (bot/discord/paging.py), offline through discord.py.

Slash commands and button presses are real payloads run through the real CommandTree and discord.py's own
component dispatch (``ConnectionState.parse_interaction_create`` -> the dynamic items), with the network edge
recorded (tests/discord/test_invoke.py), on a real SQLite file. "After a restart" is a new client, tree and App
on the same database, with nothing kept in memory.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.discord.paging as paging
from bot.app.commands import build_registry
from bot.app.context import Invocation
from bot.app.reply import Reply
from bot.app.service import App
from bot.discord.paging import FOREIGN, PAGE_LIMIT, READ_ONLY, STALE_PAGE, PageSource, mark, page_message
from bot.discord.replies import EMBED_LIMIT, PHASE_COLOURS, PHASE_TITLES, phase_of, render
from bot.discord.tree import GameTree
from content.loader import load_catalogue
from storage.db import Database
from tests.discord import test_invoke as offline
from tests.discord.test_decisions import _settle
from tests.discord.test_invoke import APP_ID, CHANNEL, GM_USER, GUILD, PLAYER, Bot, RecordingAdapter, Sent, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree


# -- helpers -----------------------------------------------------------------------------------------------


def _ctx(line: str, user: int = GM_USER, channel: int = CHANNEL) -> Invocation:
    return Invocation(guild_id=str(GUILD), channel_id=str(channel), user_id=str(user), user_name="gm",
                      command_line=line)


async def _many_rolls(app: App, n: int) -> None:
    """``n`` logged rolls (through the App directly: quicker than n interactions, the same log)."""
    for _ in range(n):
        assert (await app.run_line(_ctx("/roll d100"), "/roll d100")).ok


def _buttons(sent: Sent) -> list[dict[str, Any]]:
    return [c for row in sent.message.get("components") or [] for c in row["components"]]


def _embed(sent: Sent) -> dict[str, Any]:
    return dict(sent.message["embeds"][0])


def _fresh_client() -> discord.Client:
    fresh = discord.Client(intents=discord.Intents.default())
    me = {"id": str(APP_ID), "username": "kfgm", "discriminator": "0", "global_name": "Kfgm", "avatar": None,
          "bot": True, "verified": True, "mfa_enabled": False}
    fresh._connection.user = discord.ClientUser(state=fresh._connection, data=me)  # type: ignore[arg-type]
    return fresh




async def press(client: discord.Client, adapter: RecordingAdapter, message: dict[str, Any], label: str, *,
                user: int = GM_USER, channel: int = CHANNEL, custom: str | None = None) -> list[Sent]:
    """Press the button labelled ``label`` of ``message`` (a sent message's body) as ``user``."""
    (button,) = [c for row in message["components"] for c in row["components"] if label in c.get("label", "")]
    if custom is not None:  # a forged id: on the message too, as a tampering client would show it
        button = dict(button) | {"custom_id": custom}
        message = dict(message) | {"components": [{"type": 1, "components": [button]}]}
    body = offline.payload("roll d100", user=user)
    body |= {"type": 3, "token": "press-token", "channel_id": str(channel),
             "data": {"custom_id": button["custom_id"], "component_type": 2}}
    body["channel"] = dict(body["channel"]) | {"id": str(channel)}
    body["message"] = offline._message(message) | {"components": message["components"]}
    before = len(adapter.sent)
    client._connection.parse_interaction_create(body)  # type: ignore[arg-type]
    await _settle(client)
    return adapter.sent[before:]


def _updated(sent: list[Sent]) -> dict[str, Any]:
    """The one UPDATE_MESSAGE response of a page turn: the new message body."""
    (update,) = sent
    assert update.path.endswith("/callback") and update.body["type"] == 7, update.body
    return dict(update.body["data"])


@pytest.fixture
async def restarted(tmp_path: Path) -> AsyncIterator[discord.Client]:
    """A second bot on the same database file, as after a restart: a new client, tree and App."""
    db = await Database.open(tmp_path / "kfgm.sqlite3")
    fresh = _fresh_client()
    GameTree(fresh, build_registry(), App(db, load_catalogue(), build_registry(), seed=1))
    try:
        yield fresh
    finally:
        await db.close()


# -- a long read-only reply: /gm log -------------------------------------------------------------------


async def test_a_long_gm_log_is_paged_and_its_pages_turn_after_a_restart(
        bot: Bot, app: App, adapter: RecordingAdapter, restarted: discord.Client) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await _many_rolls(app, 80)
    first = await one(bot, "gm log", extra=opts(count=200))
    embed = _embed(first)
    assert len(embed["description"]) <= PAGE_LIMIT and "content" not in first.message or not first.message["content"]
    pages = int(embed["footer"]["text"].split(" of ")[1].split(" · ")[0])
    assert pages >= 2 and embed["footer"]["text"] == f"Page 1 of {pages} · /gm log count:200"
    previous, following = _buttons(first)
    assert previous["disabled"] and not following.get("disabled")
    assert all(len(b["custom_id"]) < 100 for b in (previous, following))
    assert following["custom_id"] == f"kfgm:page:c:2:{mark('/gm log count:200')}"

    # the bot restarts; Next still works, and every page together is the whole log
    texts, message = [embed["description"]], first.message
    for page in range(2, pages + 1):
        message = _updated(await press(restarted, adapter, message, "Next"))
        assert message["embeds"][0]["footer"]["text"].startswith(f"Page {page} of {pages}")
        texts.append(message["embeds"][0]["description"])
    whole = "\n".join(texts)
    assert whole.count("`/roll d100`") == 80
    assert [b.get("disabled", False) for b in message["components"][0]["components"]] == [False, True]
    back = _updated(await press(restarted, adapter, message, "Previous"))
    assert back["embeds"][0]["description"] == texts[-2]


async def test_a_player_cannot_page_the_gms_log(bot: Bot, app: App, adapter: RecordingAdapter,
                                               client: discord.Client) -> None:
    """A press runs the command again as the presser: /gm log is the GM's."""
    await one(bot, "campaign new", extra=opts(name="Test"))
    await _many_rolls(app, 80)
    first = await one(bot, "gm log", extra=opts(count=200))
    (refused,) = await press(client, adapter, first.message, "Next", user=PLAYER)
    assert refused.body["type"] == 4 and refused.ephemeral
    assert "only the campaign's GM may use /gm log" in refused.text


async def test_forged_page_buttons_change_nothing(bot: Bot, app: App, adapter: RecordingAdapter,
                                                 client: discord.Client) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await _many_rolls(app, 80)
    first = await one(bot, "gm log", extra=opts(count=200))
    head = (await app.db.active_campaign(str(GUILD), str(CHANNEL))).seq  # type: ignore[union-attr]

    # the id of another command line than the footer's: refused
    (refused,) = await press(client, adapter, first.message, "Next", custom=f"kfgm:page:c:2:{mark('/gm undo')}")
    assert refused.ephemeral and STALE_PAGE in refused.text
    # a footer altered to a command that changes things, with a matching id: not a read-only command, refused
    message = dict(first.message)
    message["embeds"] = [dict(_embed(first)) | {"footer": {"text": "Page 1 of 3 · /gm undo"}}]
    (refused,) = await press(client, adapter, message, "Next", custom=f"kfgm:page:c:2:{mark('/gm undo')}")
    assert refused.ephemeral and STALE_PAGE in refused.text
    assert (await app.db.active_campaign(str(GUILD), str(CHANNEL))).seq == head, "nothing was undone"  # type: ignore[union-attr]


async def test_a_short_reply_is_not_paged(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    log = await one(bot, "gm log")
    assert "components" not in log.message or not log.message["components"]


# -- a long narration: pages from the log entry ------------------------------------------------------------


async def test_a_long_narration_is_paged_from_its_log_entry(
        bot: Bot, app: App, adapter: RecordingAdapter, restarted: discord.Client,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """/clash start narrates ~900 characters; with pages of 300 (over 500 is paged) it shows the mechanism that a
    narration over Discord's 4096 uses: the pages are re-read from the log entry, after a restart too."""
    monkeypatch.setattr(paging, "PAGE_LIMIT", 300)
    monkeypatch.setattr(paging, "EMBED_LIMIT", 500)
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=PLAYER, extra=opts(knight="lanternbearer", name="Kara"))
    started, board = await bot("clash start", extra=opts(monster="abbot", level=3, type="full"))
    assert board.files and board.message["embeds"][0]["image"]["url"].startswith("attachment://"), "picture after"
    embed = _embed(started)
    assert embed["title"] == PHASE_TITLES["clash"] and embed["color"] == PHASE_COLOURS["clash"].value
    campaign, seq = (await app.db.active_campaign(str(GUILD), str(CHANNEL))).id, 2  # type: ignore[union-attr]
    entry = (await app.db.log(campaign, after_seq=seq - 1, limit=1))[0]
    whole = "\n".join(e["text"] for e in entry.events)
    assert len(whole) > 500
    following = _buttons(started)[1]
    assert following["custom_id"] == f"kfgm:page:l:{campaign}:{seq}:2:{mark(whole)}"

    message, texts = started.message, [embed["description"]]
    while not message["components"][0]["components"][1].get("disabled"):
        message = _updated(await press(restarted, adapter, message, "Next", user=PLAYER))
        assert message["embeds"][0]["title"] == PHASE_TITLES["clash"]
        texts.append(message["embeds"][0]["description"])
    assert len(texts) >= 2 and "".join(texts).replace("\n", "") == whole.replace("\n", "")

    # the same buttons in another channel: refused
    (refused,) = await press(restarted, adapter, started.message, "Next", channel=CHANNEL + 1)
    assert refused.ephemeral and FOREIGN in refused.text


def test_page_messages_fit_discord() -> None:
    text = "\n".join(f"entry {i}: " + "x" * 90 for i in range(400))
    source = PageSource(line="/gm log count:200")
    for page in (1, 2, 14, 99):
        message = page_message(text, page, source, PHASE_COLOURS["delve"])
        (embed,) = message["embeds"]
        assert len(embed) <= 6000 and len(embed.description or "") <= min(PAGE_LIMIT, EMBED_LIMIT)
        assert all(len(b.item.custom_id or "") < 100 for b in message["view"].children)
    last = page_message(text, 99, source, None)
    assert last["embeds"][0].footer.text.startswith("Page 14 of 14"), "a page past the end shows the last"


def test_every_read_only_command_is_registered() -> None:
    assert set(build_registry().commands) >= READ_ONLY


# -- one colour per phase ------------------------------------------------------------------------------------


def test_the_phase_comes_from_the_campaign_state() -> None:
    assert phase_of(None) == phase_of({}) == "none"
    assert phase_of({"expedition": {"step": "vision"}}) == "vision"
    assert phase_of({"expedition": {"step": "clash_full"}}) == "clash"
    assert phase_of({"expedition": {"step": "over"}}) == "none"
    assert phase_of({"delve": {"fog": None}}) == "delve"
    assert phase_of({"expedition": {"step": "delve1"}, "delve": {"fog": {"card": "x"}}}) == "fog"
    assert phase_of({"expedition": {"step": "delve1"}, "delve": {"encounter": {"m": 1}}}) == "encounter"
    assert phase_of({"expedition": {"step": "rest"}, "clash": {"over": None}}) == "clash"
    assert phase_of({"expedition": {"step": "spoils"}, "clash": {"over": "victory"}}) == "spoils"
    assert len({c.value for c in PHASE_COLOURS.values()}) == len(PHASE_COLOURS) == 9, "one colour each"


def test_narration_is_an_embed_of_the_phase() -> None:
    (narration,) = render(Reply(text="🌑 Round 1.\n🃏 A card.\n🎯 A target.", data={"seq": 4}), phase="delve")
    (embed,) = narration["embeds"]
    assert embed.title == PHASE_TITLES["delve"] and embed.colour == PHASE_COLOURS["delve"]
    assert embed.description == "🌑 Round 1.\n🃏 A card.\n🎯 A target." and "content" not in narration
    (short,) = render(Reply(text="Rolled 7.", data={"seq": 4}), phase="delve")
    assert short["content"] == "Rolled 7.", "one step stays a plain message"
    (status,) = render(Reply(text="a\nb\nc"), phase="delve")
    assert status["content"] == "a\nb\nc", "a reply that logged nothing is not narration"


async def test_the_expedition_phase_colours_the_replies(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=PLAYER, extra=opts(knight="lanternbearer", name="Kara"))
    await one(bot, "expedition start")
    status = await one(bot, "expedition status")
    if status.message.get("embeds"):
        assert status.message["embeds"][0]["color"] == PHASE_COLOURS["vision"].value
    started = await one(bot, "clash start", extra=opts(monster="abbot", level=3, type="full"))
    assert _embed(started)["color"] == PHASE_COLOURS["clash"].value


def test_a_paged_narration_keeps_its_decision_buttons_in_the_last_message() -> None:
    """Turning pages edits the first message only; the question and its buttons stay in a message of their own."""
    from bot.discord.paging import render_reply

    pending = {"id": "d1", "kind": "react", "prompt": "⚡ REACT!", "who": [], "options": ["go_on"],
               "labels": ["Go on"], "helps": ["no more Reactions"], "pick": 1, "min_pick": 1}
    text = "\n".join(f"🃏 step {i} of the Monster Round, told in full." for i in range(200))
    messages = render_reply(Reply(text=text, data={"seq": 5}, pending=pending), campaign_id=42, phase="clash",
                            source=PageSource(campaign=42, seq=5))
    first, last = messages[0], messages[-1]
    assert [b.item.label for b in first["view"].children] == ["◀ Previous", "Next ▶"]
    assert first["embeds"][0].footer.text.startswith("Page 1 of ")
    assert "⚡ REACT!" in last["content"] and last["view"] is not first["view"]
    assert all(not str(getattr(c, "custom_id", "")).startswith("kfgm:page:") for c in last["view"].children)
    assert all(m["allowed_mentions"].to_dict() == {"parse": []} for m in messages), "mentions never ping"
