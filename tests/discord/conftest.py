"""SimCord fixtures (tests/discord/sim.py): ``simcord_bot`` is the real client as ``kfgm run`` builds it, on a fresh
SQLite file; ``sim`` is the world around it (a guild, a channel, three members) under SimCord's ``simcord_env``."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord

from bot.app.commands import build_registry
from bot.discord.client import GameClient, make_client
from bot.settings import Settings
from content.loader import Catalogue, load_catalogue
from tests.discord.sim import Sim, settings_for

_CATALOGUE: list[Catalogue] = []


@pytest.fixture
def sim_settings(tmp_path: Path) -> Settings:
    return settings_for(tmp_path)


@pytest.fixture
def sim_catalogue(sim_settings: Settings) -> Catalogue:
    if not _CATALOGUE:  # the starter pack, validated as at start-up (once per test session: it never changes)
        _CATALOGUE.append(load_catalogue(sim_settings.content_packs))
    return _CATALOGUE[0]


@pytest.fixture
async def simcord_bot(sim_settings: Settings, sim_catalogue: Catalogue) -> AsyncIterator[GameClient]:
    client = make_client(sim_settings, sim_catalogue, build_registry())
    yield client
    if client.db is not None:  # SimCord detaches the bot without closing it: close the database as a stop would
        await client.db.close()


@pytest.fixture
async def sim(simcord_env: simcord.Env, simcord_bot: GameClient, sim_settings: Settings,
              sim_catalogue: Catalogue) -> AsyncIterator[Sim]:
    world = Sim(simcord_env, sim_settings, sim_catalogue, [simcord_bot])
    for name in ("kfgm", "discord"):
        logging.getLogger(name).addHandler(world.errors)
    try:
        yield world
        world.check()
    finally:
        for name in ("kfgm", "discord"):
            logging.getLogger(name).removeHandler(world.errors)
        for client in world.clients[1:]:
            if client.db is not None:
                await client.db.close()
