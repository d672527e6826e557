"""Command sync as ``kfgm run`` does it, through SimCord's real login (tests/discord/sim.py): global commands, and with
``KFGM_DEV_GUILD_ID`` the same commands synced to that server at once (``KFGM_SYNC_GLOBAL=0``: there only)."""

from __future__ import annotations

from pathlib import Path

import simcord

from bot.app.commands import build_registry
from bot.discord.client import make_client
from tests.discord.sim import settings_for

DEV_GUILD = 900000000000000001


async def test_the_development_guild_gets_the_commands_at_once(tmp_path: Path, sim_catalogue: object) -> None:
    settings = settings_for(tmp_path).model_copy(update={"dev_guild_id": DEV_GUILD, "sync_global": False})
    client = make_client(settings, sim_catalogue, build_registry())  # type: ignore[arg-type]
    env = simcord.Env(client)
    dev = env.create_guild("Development", id=DEV_GUILD)
    await env.start()
    try:
        other = env.create_guild("Elsewhere")
        channel, elsewhere = dev.create_text_channel("dev"), other.create_text_channel("general")
        member = dev.add_member(env.create_user("dev"))
        stranger = other.add_member(env.create_user("stranger"))
        names = {" ".join(c.path) for c in build_registry().commands.values()}
        assert set(member.available_commands(channel)) == names
        assert stranger.available_commands(elsewhere) == (), "KFGM_SYNC_GLOBAL=0: nothing global"
        answered = await member.slash(channel, "campaign new", name="Trying it out")
        assert answered.acknowledged and not answered.ephemeral, answered
    finally:
        await env.shutdown()
        if client.db is not None:
            await client.db.close()
    assert not env.errors
