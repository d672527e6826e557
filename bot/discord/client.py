"""Run the bot on Discord: the client, its command tree, the invite link."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.app.commands import build_registry
from bot.app.registry import Registry
from bot.app.service import App
from bot.discord.tree import GameTree
from bot.settings import Settings
from content.loader import Catalogue, ContentInvalid, load_catalogue
from storage.db import Database

log = logging.getLogger("kfgm.discord")

SCOPES = ("bot", "applications.commands")


def bot_permissions() -> discord.Permissions:
    """The least the bot needs: see and answer in channels, with embeds, pictures and history."""
    return discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                               read_message_history=True, use_application_commands=True)


def invite_url(client_id: int) -> str:
    return discord.utils.oauth_url(client_id, permissions=bot_permissions(), scopes=SCOPES)


class GameClient(discord.Client):
    """A client with the registry's command tree; the database opens in ``setup_hook``."""

    def __init__(self, settings: Settings, catalogue: Catalogue, registry: Registry) -> None:
        # Default intents: no privileged ones (no member list, no message content) are needed.
        super().__init__(intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.catalogue = catalogue
        self.tree = GameTree(self, registry)
        self.db: Database | None = None

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.settings.database)
        self.tree.app = App(self.db, self.catalogue, self.tree.registry)
        synced = await self.tree.sync()
        log.info("synced %d global commands (Discord may take up to an hour to show changes)", len(synced))
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild %s instantly", len(synced), guild.id)

    async def on_ready(self) -> None:
        log.info("logged in as %s (id %s) in %d server(s)", self.user, self.user.id if self.user else "?",
                 len(self.guilds))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.db is not None:
                db, self.db = self.db, None
                await db.close()


async def _serve(client: GameClient, token: str) -> None:
    async with client:
        await client.start(token)


def run_bot(settings: Settings) -> int:
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))
    if not settings.discord_token:
        print("No Discord token is set (KFGM_DISCORD_TOKEN); see `kfgm run --help`.", file=sys.stderr)
        return 2
    try:
        # YAML parsing and validation is CPU-bound: done before the event loop starts.
        catalogue = load_catalogue(settings.content_packs)
    except ContentInvalid as exc:
        print(f"The content packs are invalid, so the bot did not start:\n{exc}", file=sys.stderr)
        return 1
    client = GameClient(settings, catalogue, build_registry())
    try:
        asyncio.run(_serve(client, settings.discord_token))
    except discord.LoginFailure:
        print("Discord refused the token. Copy it again from the Developer Portal (Bot -> Reset Token) "
              "into KFGM_DISCORD_TOKEN.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    except Exception:
        log.exception("the bot stopped because of an error")
        return 1
    return 0
