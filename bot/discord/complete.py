"""Discord's autocomplete from the channel's campaign: the completion sources of bot/app/complete.py, the same ones
the console's Tab completion uses (the Knights, a Knight's Armory and Loadout, a Monster's levels, the spaces a
Knight may move or rush to, the free spaces and the pieces of the Clash Board, the Delve's legal destinations, the
questions waiting and their answers).

Each source reads the channel's campaign (one row, parsed) with the guild's content, and hands the app's source what
the command names so far (the interaction's namespace); the answers become Discord choices (the id as the value
where there is one, at most 25, names of at most 100 characters). Typing anything else is still checked by the
command itself. Sources never change anything and never raise: whatever goes wrong gives an empty list (the tree
logs it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.app import complete
from rules.state import CampaignState

if TYPE_CHECKING:
    from bot.discord.base import Choices, Transport

LIMIT = 25
NAME_LIMIT = 100
INTEGER = frozenset({"level"})  # the sources of integer options: their values are sent as numbers
# the app's sources Discord completes from; the content lists (Monsters, Gear, decks) are bot/discord/tree.py's
NAMES = ("knight", "loadout", "weapon", "armory", "armory_list", "level", "move", "rush", "target", "free_space",
         "piece", "destination", "fog_destination", "decision", "option")
OPTION_SOURCES = complete.OPTION_SOURCES


def _trim(text: str) -> str:
    text = " ".join(text.split()) or "…"
    return text if len(text) <= NAME_LIMIT else text[: NAME_LIMIT - 1].rstrip() + "…"


def shown(choice: complete.Choice) -> str:
    """A choice's name in Discord's list: its label when that names it already (a Gear's "Name (id)", a list of
    Gear), else the value with its label."""
    value, label = choice.value, choice.label
    if not label or label == value:
        return value
    return label if "," in value or value.lower() in label.lower() else f"{value} ({label})"


async def campaign_state(tree: Transport, interaction: discord.Interaction) -> CampaignState | None:
    """The state of the channel's active campaign, or None (no campaign, no app yet, not in a guild)."""
    if tree.app is None or interaction.guild_id is None or interaction.channel_id is None:
        return None
    row = await tree.app.db.active_campaign(str(interaction.guild_id), str(interaction.channel_id))
    return CampaignState.model_validate_json(row.state_json) if row is not None else None


def typed(interaction: discord.Interaction, current: str) -> complete.Typed:
    """What the command says so far: the presser, the command's path, its other options' values."""
    given = {name: str(value) for name, value in iter(interaction.namespace)
             if isinstance(value, str | int) and not isinstance(value, bool)}
    command = interaction.command
    path = tuple(command.qualified_name.split()) if command is not None else ()
    return complete.Typed(user=str(interaction.user.id), path=path, given=given, current=str(current))


def adapter(name: str) -> Callable[[Transport, discord.Interaction, str], Awaitable[Choices]]:
    """The Discord autocomplete of the app's source ``name``."""
    source = complete.SOURCES[name]

    async def choices(tree: Transport, interaction: discord.Interaction, current: str) -> Choices:
        if tree.app is None or interaction.guild_id is None:
            return []
        state = await campaign_state(tree, interaction)
        engine = (await tree.app.content_for(str(interaction.guild_id))).engine
        out: list[app_commands.Choice[Any]] = []
        for c in source(state, engine, typed(interaction, current)):
            value: Any = int(c.sent) if name in INTEGER and c.sent.isdigit() else c.sent
            if isinstance(value, str) and len(value) > NAME_LIMIT:
                continue  # Discord takes a choice's value up to 100 characters
            out.append(app_commands.Choice(name=_trim(shown(c)), value=value))
        return out[:LIMIT]

    choices.__name__ = choices.__qualname__ = f"{name}_choices"
    return choices


SOURCES = {name: adapter(name) for name in NAMES}
