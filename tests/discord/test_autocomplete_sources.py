"""Autocomplete beyond decks and cards (bot/discord/tree.py AUTOCOMPLETE): the Knights of the channel's
campaign for ``knight:`` of /knight and of /clash adjust, Monster ids for /clash start, Kingdom ids
for /delve start, Gear ids for /knight armory add. Each is an AUTOCOMPLETE interaction (type 4) sent through
the real CommandTree, answered with choices (type 8)."""

from __future__ import annotations

from typing import Any

from bot.app.service import App
from bot.discord.tree import AUTOCOMPLETE
from rules.state import CampaignState
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import CHANNEL, GUILD, MANAGE_GUILD, PLAYER, Bot, one, opts

# the offline Discord fixtures (a real CommandTree on a real App, a recording network edge)
adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

GM = {"permissions": MANAGE_GUILD}


async def _choices(bot: Bot, line: str, focused: str, **values: Any) -> list[dict[str, Any]]:
    (response,) = await bot(line, focused=focused, extra=opts(**values), **GM)
    assert response.body["type"] == 8, response.body
    choices: list[dict[str, Any]] = response.body["data"]["choices"]
    assert len(choices) <= 25
    return choices


async def test_the_options_name_their_sources(app: App) -> None:
    options = {(c.name, o.name): o.autocomplete for c in app.registry.commands.values() for o in c.options}
    assert options[("/knight show", "knight")] == options[("/knight stat", "knight")] == "knight"
    assert options[("/clash adjust", "knight")] == "knight"
    assert options[("/clash start", "monster")] == "monster"
    assert options[("/delve start", "kingdom")] == "kingdom"
    assert options[("/knight armory add", "gear")] == "gear"
    assert options[("/knight create", "name")] is None  # a new name: nothing to complete
    assert {"knight", "monster", "kingdom", "gear"} <= set(AUTOCOMPLETE)


async def test_knight_names_of_the_channels_campaign(bot: Bot, app: App) -> None:
    # no campaign in the channel yet: no choices, and no error
    assert await _choices(bot, "knight show", "knight", knight="") == []
    await one(bot, "campaign new", extra=opts(name="Ours"))
    await one(bot, "knight create", user=PLAYER, extra=opts(knight="ashgrove", name="Kara"))
    await one(bot, "knight create", user=PLAYER, extra=opts(knight="oriel", name="Oswin"))
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))
    assert row is not None
    ids = {k.name: k.id for k in CampaignState.model_validate_json(row.state_json).knights.values()}
    choices = await _choices(bot, "knight show", "knight", knight="")
    names = {c["name"].split(" (")[0]: c["value"] for c in choices}
    assert names == ids and set(names) == {"Kara", "Oswin"}
    assert [c["name"].split(" (")[0] for c in await _choices(bot, "knight stat", "knight", knight="os")] == ["Oswin"]
    assert [c["name"].split(" (")[0] for c in await _choices(bot, "clash adjust", "knight", knight="KAR")] == ["Kara"]
    # the value is the Knight's id, which knight: takes
    shown = await one(bot, "knight show", extra=opts(knight=names["Oswin"]))
    assert "**Oswin**" in shown.text


async def test_monsters_kingdoms_and_gear_from_the_content(bot: Bot, app: App) -> None:
    cat = app.catalogue
    monsters = await _choices(bot, "clash start", "monster", monster="")
    assert [c["value"] for c in monsters] == list(cat.monsters)[:25]
    assert [c["value"] for c in await _choices(bot, "clash start", "monster", monster="stag")] == ["stag"]
    abbot = await _choices(bot, "clash start", "monster", monster="cinder")  # by name too
    assert [c["value"] for c in abbot] == ["abbot"] and abbot[0]["name"] == f"{cat.monsters['abbot'].name} (abbot)"
    kingdoms = await _choices(bot, "delve start", "kingdom", kingdom="aub")
    assert [c["value"] for c in kingdoms] == [k for k in cat.kingdoms if "aub" in k]
    gear = await _choices(bot, "knight armory add", "gear", gear="")
    assert [c["value"] for c in gear] == list(cat.gear)[:25]
    bow = await _choices(bot, "knight armory add", "gear", gear="bow")
    assert bow and all("bow" in c["name"].lower() for c in bow) and "gear_hunting_bow" in [c["value"] for c in bow]
