"""Run the bot on Discord: the client, its command tree, the invite link, and its life (docs/operations.md).

- **Sharding**: ``KFGM_SHARDED=1`` runs a ``discord.AutoShardedClient`` (``KFGM_SHARD_COUNT`` or
  Discord's advice); the command tree and everything else are the same.
- **Reconnects**: discord.py reconnects by itself (``Client.start(reconnect=True)``: exponential
  back-off, resuming the gateway session when it can). Nothing of ours lives in the connection: every
  command reads the campaign from the database, and buttons are ``DynamicItem``s, so a reconnect or a
  restart loses nothing. Disconnects, resumes and shard events are logged.
- **Graceful shutdown**: SIGTERM or SIGINT (Ctrl+C) closes the gateway connection, waits for the
  commands already running to finish writing (each is one transaction), and closes the database cleanly
  (a WAL checkpoint), then the process exits with 0.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from typing import Any

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


SHUTDOWN_GRACE = 10.0  # seconds the running commands get to finish on SIGTERM/SIGINT
# the names discord.py gives the tasks that run a slash command or a component (button) callback
COMMAND_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch", "discord-ui-dynamic-item")


class GameClient(discord.Client):
    """A client with the registry's command tree; the database opens in ``setup_hook``."""

    def __init__(self, settings: Settings, catalogue: Catalogue, registry: Registry, **options: Any) -> None:
        # Default intents: no privileged ones (no member list, no message content) are needed.
        super().__init__(intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions.none(),
                         **options)
        self.settings = settings
        self.catalogue = catalogue
        self.tree = GameTree(self, registry)
        self.db: Database | None = None

    async def setup_hook(self) -> None:
        self.db = await Database.open(self.settings.database_target)
        self.tree.app = App(self.db, self.catalogue, self.tree.registry, image_dir=self.settings.image_dir,
                            images=self.settings.image_policy())
        if self.settings.sync_global:
            synced = await self.tree.sync()
            log.info("synced %d global commands (Discord may take up to an hour to show changes)", len(synced))
        else:
            log.info("global commands not synced (KFGM_SYNC_GLOBAL=0)")
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development guild %s instantly", len(synced), guild.id)

    async def on_ready(self) -> None:
        log.info("logged in as %s (id %s) in %d server(s)", self.user, self.user.id if self.user else "?",
                 len(self.guilds), extra={"event": "ready", "guilds": len(self.guilds)})

    async def on_disconnect(self) -> None:
        log.warning("disconnected from Discord; discord.py reconnects by itself", extra={"event": "disconnect"})

    async def on_resumed(self) -> None:
        log.info("the Discord session resumed", extra={"event": "resumed"})

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("shard %d ready", shard_id, extra={"event": "shard_ready", "shard": shard_id})

    async def on_shard_disconnect(self, shard_id: int) -> None:
        log.warning("shard %d disconnected; it reconnects by itself", shard_id,
                    extra={"event": "shard_disconnect", "shard": shard_id})

    async def on_shard_resumed(self, shard_id: int) -> None:
        log.info("shard %d resumed", shard_id, extra={"event": "shard_resumed", "shard": shard_id})

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.db is not None:
                db, self.db = self.db, None
                await _finish_running_commands(SHUTDOWN_GRACE)
                await db.close()
                log.info("the database is closed", extra={"event": "db_closed"})


class ShardedGameClient(GameClient, discord.AutoShardedClient):
    """The same client on ``discord.AutoShardedClient`` (``KFGM_SHARDED=1``)."""


def make_client(settings: Settings, catalogue: Catalogue, registry: Registry) -> GameClient:
    if settings.sharded:
        return ShardedGameClient(settings, catalogue, registry, shard_count=settings.shard_count)
    return GameClient(settings, catalogue, registry)


async def _finish_running_commands(grace: float) -> None:
    """Let the other tasks (commands being answered) finish, for at most ``grace`` seconds."""
    current = asyncio.current_task()
    others = [t for t in asyncio.all_tasks() if t is not current and not t.done()
              and t.get_name().startswith(COMMAND_TASKS)]
    if others:
        log.info("waiting for %d running command(s) before closing", len(others))
        await asyncio.wait(others, timeout=grace)


def install_signal_handlers(loop: asyncio.AbstractEventLoop, stop: asyncio.Event) -> list[signal.Signals]:
    """SIGTERM and SIGINT set ``stop`` (the bot then closes cleanly). Returns the signals handled, so the
    caller can remove the handlers; on a platform without ``add_signal_handler`` (Windows) none."""
    handled = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, _on_signal, sig, stop)
        except (NotImplementedError, RuntimeError):
            continue
        handled.append(sig)
    return handled


def _on_signal(sig: signal.Signals, stop: asyncio.Event) -> None:
    log.info("%s received: shutting down", sig.name, extra={"event": "shutdown", "signal": sig.name})
    stop.set()


async def serve(client: GameClient, token: str) -> None:
    """Run until the client stops or SIGTERM/SIGINT arrives; either way the client (and the database) is closed."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    handled = install_signal_handlers(loop, stop)
    try:
        async with client:
            running = asyncio.ensure_future(client.start(token))
            stopping = asyncio.ensure_future(stop.wait())
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if not running.done():
                await client.close()
                await asyncio.wait({running}, timeout=SHUTDOWN_GRACE)
            stopping.cancel()
            if running.done() and not running.cancelled():
                running.result()  # a login failure or a crash is raised here
    finally:
        for sig in handled:
            loop.remove_signal_handler(sig)


def run_bot(settings: Settings) -> int:
    from bot.operations import setup_logging

    setup_logging(settings)
    if not settings.discord_token:
        print("No Discord token is set (KFGM_DISCORD_TOKEN); see `kfgm run --help`.", file=sys.stderr)
        return 2
    try:
        # YAML parsing and validation is CPU-bound: done before the event loop starts.
        catalogue = load_catalogue(settings.content_packs)
    except ContentInvalid as exc:
        print(f"The content packs are invalid, so the bot did not start:\n{exc}", file=sys.stderr)
        return 1
    client = make_client(settings, catalogue, build_registry())
    try:
        asyncio.run(serve(client, settings.discord_token))
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
