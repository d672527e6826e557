"""The bottom of the Discord transport: what every other module of bot/discord may import, importing none of them.

- ``Transport``, the Protocol of the command tree as its components see it (``GameTree`` in tree.py is one): a button,
  a select or a modal finds the tree of its interaction with ``game_tree`` and calls back into it through this
  Protocol, so no component imports tree.py and the imports of the package point one way (docs/architecture.md);
- an interaction as the app's ``Invocation``, and a command as it would be typed (``command_line``);
- how a refusal looks (``failure``): the same messages as ``replies.render`` of a ``Reply.fail``, which uses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

from bot.app.context import Invocation

if TYPE_CHECKING:
    from bot.app.registry import Command, Option, Registry
    from bot.app.reply import Reply
    from bot.app.service import App
    from bot.discord.rate_limit import RateLimiter

Messages = list[dict[str, Any]]
Choices = list[app_commands.Choice[str]]

CONTENT_LIMIT = 2000
EMBED_LIMIT = 4096
DESCRIPTION_LIMIT = 100
ERROR_COLOUR = discord.Colour(0x6B6B6B)
SOMETHING_WRONG = "Something went wrong on our side; nothing was changed."


class Pinger(Protocol):
    async def add(self, app: App, ctx: Invocation, reply: Reply, messages: Messages) -> Messages: ...


class Transport(Protocol):
    """The command tree, as the components of its replies call back into it."""

    app: App | None
    registry: Registry
    defer_after: float
    rate: RateLimiter
    pings: Pinger

    async def run_command(self, interaction: discord.Interaction, command: Command,
                          values: dict[str, Any]) -> None: ...

    def render(self, reply: Reply, campaign_id: int | None = None) -> Messages: ...


def game_tree(interaction: discord.Interaction) -> Transport | None:
    tree = getattr(interaction.client, "tree", None) or getattr(interaction.client._connection, "_command_tree", None)
    return tree if tree is not None and hasattr(tree, "app") else None


def trim(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    text = " ".join(text.split()) or "…"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def line_value(option: Option, value: Any) -> str:
    if option.kind == "attachment":
        value = getattr(value, "filename", value)  # the log shows the file's name, not its address
    if option.kind == "user":
        return f"<@{value}>"
    if option.kind == "role":
        return f"<@&{value}>"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if text and not any(c.isspace() or c in "\"'\\" for c in text):
        return text
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "'\"'\"'") + "'"


def command_line(command: Command, raw: dict[str, Any]) -> str:
    """The command as it would be typed, e.g. ``/roll test difficulty:6 bonus:2``."""
    parts = [command.name]
    parts += [f"{o.name}:{line_value(o, raw[o.name])}" for o in command.options if o.name in raw]
    return " ".join(parts)


def invocation(interaction: discord.Interaction, line: str) -> Invocation:
    user = interaction.user
    role_ids: frozenset[str] = frozenset()
    is_admin = interaction.permissions.manage_guild or interaction.permissions.administrator
    if isinstance(user, discord.Member):
        # ``_roles`` holds every role id of the payload, even when the guild's roles are not cached.
        ids = {int(r) for r in getattr(user, "_roles", ())} | {r.id for r in user.roles if not r.is_default()}
        role_ids = frozenset(str(i) for i in ids)
        is_admin = is_admin or user.guild_permissions.manage_guild
    return Invocation(
        guild_id=str(interaction.guild_id), channel_id=str(interaction.channel_id), user_id=str(user.id),
        user_name=user.display_name, role_ids=role_ids, is_admin=bool(is_admin), command_line=line,
    )


def polite(message: str) -> str:
    """An error as the user sees it."""
    message = message.strip() or SOMETHING_WRONG
    if message[0].isupper():  # a whole sentence already; the app's messages start in lower case
        return message
    return f"Sorry, {message}"


def split_text(text: str, limit: int) -> list[str]:
    """Cut text into pieces of at most ``limit`` characters, at line breaks where possible."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = rest.rfind("\n", 0, limit + 1)
        if cut <= 0:
            cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip("\n")
    if rest.strip() or not pieces:
        pieces.append(rest)
    return [p for p in pieces if p] or [""]


def failure(message: str) -> Messages:
    """A refusal's messages: private, grey, pinging nobody; one embed a piece when it passes 2000 characters."""
    text = polite(message)
    messages: Messages
    if len(text) <= CONTENT_LIMIT:
        messages = [{"content": text}]
    else:
        messages = [{"embeds": [discord.Embed(description=piece, colour=ERROR_COLOUR)]}
                    for piece in split_text(text, EMBED_LIMIT)]
    for sent in messages:
        sent["ephemeral"] = True
        sent["allowed_mentions"] = discord.AllowedMentions.none()
    return messages
