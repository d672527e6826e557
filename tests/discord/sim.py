"""The bot on SimCord (PyPI ``simcord``, pinned in pyproject.toml's dev extras): an in-memory Discord that drives
discord.py's real machinery — login, ``tree.sync``, the gateway, interactions, components, modals, attachments and
restarts — against the real client, built exactly as ``kfgm run`` builds it (``make_client`` with ``Settings``, the
starter pack, a fresh SQLite file).

``Sim`` holds the world of one test: a guild, its campaign channel, the members (``gm``, ``kara``, ``sonch``) and
helpers to restart the bot on the same database. Any error SimCord records, any exception the bot swallows and any
ERROR logged by the bot fails the test (``check``).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

import discord
import simcord

from bot.app.commands import build_registry
from bot.app.service import App
from bot.discord.client import GameClient, make_client
from bot.settings import Settings
from content.loader import Catalogue

# a path of the bot's machine in a reply: the image folder, the database, the temporary folder, any absolute
# POSIX path of two parts or more, or a Windows drive path
PATH_SHAPES = (r"(?<![\w:/<])/(?:tmp|home|root|var|usr|etc|work|srv|opt|private)/\S*", r"\b[A-Za-z]:\\\S+",
               r"\bdata/(?:images|kfgm)\S*", r"\.sqlite3\b")


def settings_for(tmp_path: Path) -> Settings:
    """The settings of ``kfgm run`` as an operator writes them in ``.env``, with a fresh SQLite file."""
    return Settings(discord_token="simcord-needs-no-token", database=tmp_path / "kfgm.sqlite3",
                    image_dir=tmp_path / "images", log_format="text")


class ErrorLog(logging.Handler):
    """Every ERROR (or worse) the bot or discord.py logs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Sim:
    env: simcord.Env
    settings: Settings
    catalogue: Catalogue
    clients: list[GameClient] = field(default_factory=list)
    errors: ErrorLog = field(default_factory=ErrorLog)

    def __post_init__(self) -> None:
        self.guild = self.env.create_guild(name="The Ashen Court")
        self.channel = self.guild.create_text_channel("campaign")
        self.gm = self.guild.add_member(self.env.create_user("gm"))
        self.kara = self.guild.add_member(self.env.create_user("kara"))
        self.sonch = self.guild.add_member(self.env.create_user("sonch"))

    @property
    def client(self) -> GameClient:
        return self.clients[-1]

    def new_client(self) -> GameClient:
        client = make_client(self.settings, self.catalogue, build_registry())
        self.clients.append(client)
        return client

    async def restart(self) -> GameClient:
        """The bot process stops (the database is closed cleanly) and a new client starts on the same database."""
        old = self.client
        await old.close()
        assert old.db is None, "closing the client closes its database"
        await self.env.restart_bot(self.new_client())
        return self.client

    def seed_dice(self, seed: int) -> None:
        """New campaigns get the dice seeds ``seed``, ``seed + 1``... (``kfgm run`` draws them at random), so a Clash
        plays the same in every run: the client's App is rebuilt as ``setup_hook`` builds it, with the seed."""
        client = self.client
        assert client.db is not None and client.tree.app is not None
        client.tree.app = App(client.db, self.catalogue, client.tree.registry, seed=seed,
                              image_dir=self.settings.image_dir, images=self.settings.image_policy())

    def check(self) -> None:
        """Nothing went wrong that a table would notice: no SimCord error, no swallowed bot exception, no ERROR."""
        assert not self.env.errors, self.env.errors
        assert not self.errors.records, [r.getMessage() for r in self.errors.records][:5]


def texts(result: simcord.InteractionResult) -> list[str]:
    """Every text of every message an interaction posted: content, embed titles and descriptions, components."""
    out = []
    for message in messages(result):
        out.append(message.content or "")
        for embed in message.embeds:
            out += [embed.title or "", embed.description or ""] + [f"{f.name} {f.value}" for f in embed.fields]
        out += [str(c) for c in message.components]
    return out


def messages(result: simcord.InteractionResult) -> list[simcord.ResponseMessage]:
    return [m for m in [result.response, *result.followups] if m is not None]


def text(result: simcord.InteractionResult) -> str:
    return "\n".join(t for t in texts(result) if t)


def leaked_paths(result: simcord.InteractionResult, *folders: Path) -> list[str]:
    """Paths of the bot's machine shown in any message of the interaction."""
    found = []
    for shown in texts(result):
        found += [m.group(0) for shape in PATH_SHAPES for m in re.finditer(shape, shown)]
        found += [str(f) for f in folders if str(f) in shown]
    return found


def component_ids(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    ids = []
    for row in message.components:
        for child in getattr(row, "children", [row]) if not isinstance(row, dict) else row.get("components", []):
            custom = child.get("custom_id") if isinstance(child, dict) else getattr(child, "custom_id", None)
            if custom:
                ids.append(custom)
    return ids


def attachment_names(result: simcord.InteractionResult) -> list[str]:
    return [a.filename for m in messages(result) for a in m.attachments]


async def attachment(result: simcord.InteractionResult, suffix: str) -> tuple[str, bytes]:
    """The first attached file whose name ends with ``suffix``, downloaded as a member would (``read()``)."""
    for message in messages(result):
        for file in message.attachments:
            if file.filename.endswith(suffix):
                return file.filename, await file.read()
    raise AssertionError(f"no {suffix} file attached; attached: {attachment_names(result)}")


__all__ = ["Sim", "ErrorLog", "settings_for", "texts", "text", "messages", "leaked_paths", "component_ids",
           "attachment", "attachment_names"]
