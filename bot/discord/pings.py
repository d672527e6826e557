"""Turn pings: a question that waits on named players (a REACT! window, a tied Target, a vote, a roll of table dice)
mentions exactly those players, once per question, in the channel (docs/discord.md, "Turn pings").

The rules name who may answer (``Decision.who``: user ids; empty means anyone, and then nobody is pinged). The
message that asks gets a line of mentions and ``allowed_mentions`` limited to those users — never a role, never
@everyone, never anyone else the text names. A question is pinged once: an action that leaves the same question
waiting (a Reaction used in the REACT! window) does not ping again. The campaign's ``/campaign pings off`` turns them
off (the state's ``pings``). The console never pings: this is Discord's edge only.
"""

from __future__ import annotations

import json
from typing import Any

import discord

from bot.app.context import Invocation
from bot.app.reply import Reply
from bot.app.service import App
from bot.discord.base import CONTENT_LIMIT

MAX_REMEMBERED = 1024  # campaigns whose last pinged question is kept in memory
MAX_PINGED = 25  # more players than this are not one table


def waiting_on(reply: Reply) -> list[str]:
    """The user ids a public reply's question waits on (none for a refusal, a private reply, or an open question)."""
    pending = reply.pending
    if not reply.ok or reply.ephemeral or not pending:
        return []
    who = [str(u) for u in pending.get("who") or [] if str(u).isdigit()]
    return list(dict.fromkeys(who))[:MAX_PINGED]


def mention_line(who: list[str]) -> str:
    return "🔔 " + " ".join(f"<@{u}>" for u in who) + " — your answer is awaited."


def only(who: list[str]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=int(u)) for u in who])


def with_mentions(messages: list[dict[str, Any]], who: list[str]) -> list[dict[str, Any]]:
    """The mention line at the head of the message that asks (the one with the buttons, else the last), or in a
    message of its own right after it when the content would pass Discord's 2000 characters."""
    at = next((i for i, m in enumerate(messages) if "view" in m), len(messages) - 1)
    asking = messages[at]
    line = mention_line(who)
    content = asking.get("content")
    joined = f"{line}\n{content}" if content else line
    if len(joined) <= CONTENT_LIMIT:
        asking["content"] = joined
        asking["allowed_mentions"] = only(who)
        return messages
    alone = {"content": line, "ephemeral": False, "allowed_mentions": only(who)}
    return [*messages[: at + 1], alone, *messages[at + 1:]]


class Pings:
    """Which question each campaign last pinged (in memory: after a restart a waiting question may ping once more)."""

    def __init__(self) -> None:
        self._asked: dict[int, str] = {}

    async def add(self, app: App, ctx: Invocation, reply: Reply, messages: list[dict[str, Any]]
                  ) -> list[dict[str, Any]]:
        who = waiting_on(reply)
        if not who:
            return messages
        row = await app.db.active_campaign(ctx.guild_id, ctx.channel_id)
        if row is None or not json.loads(row.state_json).get("pings", True):
            return messages
        pending = reply.pending or {}
        question = "\n".join((str(pending.get("id")), str(pending.get("prompt")), *who))
        if self._asked.get(row.id) == question:
            return messages
        self._asked.pop(row.id, None)
        if len(self._asked) >= MAX_REMEMBERED:
            self._asked.pop(next(iter(self._asked)))
        self._asked[row.id] = question
        return with_mentions(messages, who)
