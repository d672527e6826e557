"""Every registered command, through Discord: the registry is walked, a valid APPLICATION_COMMAND payload is built
for each command (its required options with sensible values: a choice, a number in range, a deck, card, Monster,
Kingdom, Gear or Knight of the campaign, a role, an attached file), and run through the real CommandTree on a real
App and SQLite file (tests/discord/test_invoke.py's offline Discord). Each must be answered — done, or refused
politely — never with an error, a crash, Discord's "did not respond", or a message over Discord's limits; and the
commands paging treats as read-only (bot/discord/paging.py ``READ_ONLY``) must change nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from bot.app.registry import Command, Option
from bot.app.service import App
from bot.discord.paging import READ_ONLY
from bot.discord.rate_limit import RateLimiter
from bot.discord.tree import GameTree
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import CHANNEL, GM_ROLE, GM_USER, GUILD, PLAYER, Bot, Sent, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

ATTACHMENT_ID = 31
PACK = b'kind: pack\nid: tiny_pack\nname: "Tiny"\nversion: "1.0"\n'
# run after the others: they end, undo, or give the player a second Knight (then name: would be needed)
LAST = {("campaign", "end"), ("gm", "undo"), ("campaign", "import"), ("knight", "create")}
NOT_AN_ANSWER = ("Something went wrong", "this command changed since Discord last loaded it", "I could not read the value")


def _value(app: App, command: Command, option: Option) -> Any:
    """A sensible value for ``option`` in a campaign with the Knights Kara and Oswin."""
    catalogue = app.base_catalogue
    if option.choices:
        return option.choices[0]
    if option.kind == "integer":
        if option.default is not None and isinstance(option.default, int):
            return max(option.min_value or option.default, min(option.max_value or option.default, option.default))
        low = option.min_value if option.min_value is not None else 1
        return max(low, min(option.max_value if option.max_value is not None else low, 1))
    if option.kind == "boolean":
        return False
    if option.kind == "integer_list":
        return "5"
    if option.kind == "string_list":
        return "kara,oswin"
    by_source = {
        "deck": "minor_mortis", "card": catalogue.deck("minor_mortis").cards[0].id, "knight": "kara",
        "monster": "abbot", "kingdom": next(iter(catalogue.kingdoms)), "gear": next(iter(catalogue.gear)),
        "pack": "tiny_pack",
    }
    if option.autocomplete in by_source:
        return by_source[option.autocomplete]
    return {"name": "Kara", "text": "a note", "values": "5", "knight": "lanternbearer", "json": "{}",
            "code": "1234", "option": "a", "decision": "d1", "to": "C5", "space": "C5",
            "card": by_source["card"]}.get(option.name, "xx")


def _options(app: App, command: Command) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The payload's options and ``resolved`` part (roles and attachments are resolved objects in Discord)."""
    options: list[dict[str, Any]] = []
    resolved: dict[str, Any] = {}
    for option in command.options:
        if not option.required:
            continue
        if option.kind == "role":
            options.append({"type": 8, "name": option.name, "value": str(GM_ROLE)})
            resolved.setdefault("roles", {})[str(GM_ROLE)] = {
                "id": str(GM_ROLE), "name": "GM", "color": 0, "hoist": False, "position": 1, "permissions": "0",
                "managed": False, "mentionable": True, "flags": 0}
        elif option.kind == "attachment":
            options.append({"type": 11, "name": option.name, "value": str(ATTACHMENT_ID)})
            url = f"https://cdn.discordapp.com/attachments/1/{ATTACHMENT_ID}/tiny.yaml"
            resolved.setdefault("attachments", {})[str(ATTACHMENT_ID)] = {
                "id": str(ATTACHMENT_ID), "filename": "tiny.yaml", "size": len(PACK), "url": url, "proxy_url": url}
        else:
            options += opts(**{option.name: _value(app, command, option)})
    return options, resolved


def _fits(sent: Sent) -> None:
    message = sent.message
    assert len(message.get("content") or "") <= 2000
    embeds = message.get("embeds") or []
    assert len(embeds) <= 10
    assert sum(len(e.get("title") or "") + len(e.get("description") or "") for e in embeds) <= 6000
    assert all(len(e.get("description") or "") <= 4096 for e in embeds)
    rows = message.get("components") or []
    assert len(rows) <= 5 and all(len(r["components"]) <= 5 for r in rows)
    for row in rows:
        for c in row["components"]:
            assert len(c.get("custom_id") or "") <= 100 and len(c.get("label") or "") <= 80
            assert len(c.get("options") or []) <= 25


async def _head(app: App) -> int | None:
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))
    return row.seq if row is not None else None


async def test_every_registered_command_answers_through_discord(
        bot: Bot, app: App, client: discord.Client, tree: GameTree, caplog: pytest.LogCaptureFixture) -> None:
    tree.rate = RateLimiter(limit=10_000)  # one member sends every command at once (the limit has its own tests)

    async def cdn(url: str) -> bytes:  # discord.py's download of an attachment: the network edge
        return PACK

    client.http.get_from_cdn = cdn  # type: ignore[method-assign]
    await one(bot, "campaign new", extra=opts(name="Every Command"))
    await one(bot, "knight create", user=PLAYER, extra=opts(knight="lanternbearer", name="Kara"))
    await one(bot, "knight create", user=GM_USER, extra=opts(knight="lanternbearer", name="Oswin"))

    commands = sorted(app.registry.commands.values(), key=lambda c: c.path in LAST)
    answered: dict[str, str] = {}
    with caplog.at_level(logging.ERROR):
        for command in commands:
            options, resolved = _options(app, command)
            before = await _head(app)
            sent = await bot(" ".join(command.path), extra=options, resolved=resolved or None, user=PLAYER,
                             permissions=1 << 5)  # Kara's owner, with Manage Server: a GM, so GM commands run too
            name = command.name
            assert sent, f"{name}: no answer at all"
            assert sent[0].path.endswith("/callback") and sent[0].body["type"] in (4, 5), f"{name}: {sent[0].body}"
            text = "\n".join(s.text for s in sent)
            assert not any(bad in text for bad in NOT_AN_ANSWER), f"{name}: {text[:300]}"
            assert text.strip() or any(s.files for s in sent), f"{name}: an empty answer"
            for s in sent:
                _fits(s)
            if command.path in READ_ONLY:
                assert await _head(app) == before, f"{name} is paged as read-only but changed the campaign"
            answered[name] = "refused" if sent[-1].ephemeral and text.startswith("Sorry") else "done"
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("kfgm", "discord"))]
    assert not errors, [r.getMessage() for r in errors][:5]
    assert set(answered) == {c.name for c in app.registry.commands.values()}
    done = [n for n, how in answered.items() if how == "done"]
    assert len(done) >= len(answered) // 2, f"most commands run with these values; refused: " \
        f"{sorted(n for n, h in answered.items() if h == 'refused')}"


def test_every_command_has_a_value_for_each_required_option(app: App) -> None:
    """A new option kind or autocomplete source needs a value here (and in bot/discord/tree.py)."""
    for command in app.registry.commands.values():
        for option in command.options:
            if option.required and option.kind not in ("role", "attachment"):
                assert _value(app, command, option) is not None, f"{command.name} {option.name}"
    assert GM_USER != PLAYER
