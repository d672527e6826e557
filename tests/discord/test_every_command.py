"""Every registered command, through SimCord (tests/discord/sim.py): the real client, logged in and synced, on a
fresh SQLite file. The registry is walked and each command is invoked by a member in the campaign channel with its
required options filled with sensible values (a choice, a number in range, a deck, card, Monster, Kingdom, Gear or
Knight of the campaign, a role, an attached file). Each must be answered — done, or refused politely — never with an
error, a crash, a SimCord error, an ERROR in the bot's log, a message over Discord's limits (SimCord refuses those),
or a path of the bot's machine; and the commands paging treats as read-only (bot/discord/paging.py ``READ_ONLY``)
must change nothing.
"""

from __future__ import annotations

from typing import Any

import discord
import simcord

from bot.app.commands import build_registry
from bot.app.registry import Command, Option
from bot.discord.paging import READ_ONLY
from bot.discord.rate_limit import RateLimiter
from content.loader import Catalogue
from tests.discord.sim import Sim, leaked_paths, text

PACK = b'kind: pack\nid: tiny_pack\nname: "Tiny"\nversion: "1.0"\n'
# run after the others: they end, undo, or give the player a second Knight (then name: would be needed)
LAST = {("campaign", "end"), ("gm", "undo"), ("campaign", "import"), ("knight", "create")}
NOT_AN_ANSWER = ("Something went wrong", "this command changed since Discord last loaded it", "I could not read the value")


def _value(catalogue: Catalogue, option: Option) -> Any:
    """A sensible value for ``option`` in a campaign with the Knights Kara and Oswin (roles, users and files aside)."""
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


def _options(sim: Sim, command: Command, gm_role: simcord.RoleHandle) -> dict[str, Any]:
    """The required options as a member fills them in Discord: a role picked, a file attached."""
    out: dict[str, Any] = {}
    for option in command.options:
        if not option.required:
            continue
        if option.kind == "role":
            out[option.name] = gm_role
        elif option.kind == "user":
            out[option.name] = sim.kara
        elif option.kind == "attachment":
            out[option.name] = ("tiny.yaml", PACK)
        else:
            value = _value(sim.catalogue, option)  # Discord refuses a string over the option's max_length
            out[option.name] = value[:option.max_length] if isinstance(value, str) else value
    return out


async def _head(sim: Sim) -> int | None:
    assert sim.client.tree.app is not None
    row = await sim.client.tree.app.db.active_campaign(str(sim.guild.id), str(sim.channel.id))
    return row.seq if row is not None else None


async def test_every_registered_command_answers_through_simcord(sim: Sim) -> None:
    sim.client.tree.rate = RateLimiter(limit=10_000)  # one member sends every command at once (limits: own tests)
    stewards = sim.guild.create_role("Stewards", permissions=discord.Permissions(manage_guild=True))
    gm_role = sim.guild.create_role("GM")
    steward = sim.guild.add_member(sim.env.create_user("steward"), roles=[stewards])  # Manage Server: a GM
    await sim.gm.slash(sim.channel, "campaign new", name="Every Command")
    await steward.slash(sim.channel, "knight create", knight="lanternbearer", name="Kara")
    await sim.gm.slash(sim.channel, "knight create", knight="lanternbearer", name="Oswin")

    registry = build_registry()
    commands = sorted(registry.commands.values(), key=lambda c: c.path in LAST)
    available = set(steward.available_commands(sim.channel))
    answered: dict[str, str] = {}
    for command in commands:
        name = " ".join(command.path)
        assert name in available, f"/{name} is not among the commands Discord shows"
        before = await _head(sim)
        result = await steward.slash(sim.channel, name, **_options(sim, command, gm_role))
        assert result.acknowledged and result.response is not None, f"/{name}: no answer at all"
        said = text(result)
        assert not any(bad in said for bad in NOT_AN_ANSWER), f"/{name}: {said[:300]}"
        assert said.strip() or result.response.attachments, f"/{name}: an empty answer"
        assert not leaked_paths(result, sim.settings.image_dir, sim.settings.database), \
            f"/{name} shows a path of the bot's machine: {leaked_paths(result, sim.settings.image_dir)}"
        if command.path in READ_ONLY:
            assert await _head(sim) == before, f"/{name} is paged as read-only but changed the campaign"
        answered[name] = "refused" if result.ephemeral and said.startswith("Sorry") else "done"
    assert set(answered) == {" ".join(c.path) for c in registry.commands.values()}
    assert len(answered) == len(registry.commands) >= 200
    done = [n for n, how in answered.items() if how == "done"]
    assert len(done) >= len(answered) // 2, f"most commands run with these values; refused: " \
        f"{sorted(n for n, h in answered.items() if h == 'refused')}"


def test_every_command_has_a_value_for_each_required_option(sim_catalogue: Catalogue) -> None:
    """A new option kind or autocomplete source needs a value here (and in bot/discord/tree.py)."""
    for command in build_registry().commands.values():
        for option in command.options:
            if option.required and option.kind not in ("role", "attachment", "user"):
                assert _value(sim_catalogue, option) is not None, f"{command.name} {option.name}"
