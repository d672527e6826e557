"""The registry as a real ``discord.app_commands.CommandTree``.

Every registry command becomes a slash command: the first path word is a top-level command or a
group, a second word a subcommand, a third a subcommand of a nested group. Each callback is made with
a real signature (typed, described, with choices, ranges and autocomplete) so discord.py publishes
proper options. A callback only translates: interaction -> Invocation + raw options -> ``App.run``
-> Reply -> messages. No rules here.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import keyword
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.app.context import Invocation
from bot.app.registry import MAX_UPLOAD_BYTES, Command, Option, Registry, Upload
from bot.app.reply import Reply
from bot.app.service import App
from bot.discord.base import CONTENT_LIMIT, SOMETHING_WRONG, Choices, Messages, command_line, failure, invocation, trim
from bot.discord.complete import OPTION_SOURCES, SOURCES
from bot.discord.decisions import DecisionButton, DecisionSelect, decision_campaign
from bot.discord.dice_modal import DiceButton
from bot.discord.paging import READ_ONLY, PageButton, logged_text, page_source, render_reply
from bot.discord.pings import Pings
from bot.discord.rate_limit import RateLimiter, slow_down
from bot.discord.replies import DM_REFUSED, announce, gm_banner, narrated, phase_of, render, reply_text
from content.loader import Catalogue

log = logging.getLogger("kfgm.discord")

AUTOCOMPLETE_LIMIT = 25
# Discord answers an interaction that is not acknowledged within 3 seconds with "did not respond".
DEFER_AFTER = 2.0

# Group descriptions (the registry describes commands, not groups; see the report to the lead).
# a source may be async (one that reads the channel's campaign)
AutocompleteSource = Callable[["GameTree", discord.Interaction, str], Choices | Awaitable[Choices]]


def python_name(option_name: str) -> str:
    name = option_name.replace("-", "_")
    if not name.isidentifier() or keyword.iskeyword(name) or name == "interaction":
        name = f"{name}_"
    return name


def annotation(option: Option) -> Any:
    if option.kind == "integer":
        if option.min_value is None and option.max_value is None:
            return int
        return app_commands.Range[int, option.min_value, option.max_value]
    if option.kind == "boolean":
        return bool
    if option.kind == "user":
        return discord.User  # a Member in a guild; only its id is passed on
    if option.kind == "role":
        return discord.Role
    if option.kind == "attachment":
        return discord.Attachment  # read by ``read_attachments`` once the command runs
    if option.kind == "string" and not option.choices:
        return app_commands.Range[str, None, option.max_length]  # the app refuses longer strings anyway
    return str  # string with choices, integer_list, string_list (the app parses "10,1,7")


def raw_value(option: Option, value: Any) -> Any:
    """A Discord value as the app's ``convert`` takes it."""
    if option.kind in ("user", "role"):
        return str(getattr(value, "id", value))
    return value


async def read_attachments(command: Command, raw: dict[str, Any]) -> dict[str, Any]:
    """Attachments as the app takes them (``Upload``): a file larger than MAX_UPLOAD_BYTES is not
    downloaded, only its size is passed on, so the app can refuse it with the limit."""
    out = dict(raw)
    for option in command.options:
        value = raw.get(option.name)
        if option.kind != "attachment" or value is None:
            continue
        if not isinstance(value, discord.Attachment):  # never a text: the app would read it as a local path
            del out[option.name]
            continue
        data = await value.read() if value.size <= MAX_UPLOAD_BYTES else None
        out[option.name] = Upload(value.filename, max(value.size, len(data or b"")), data)
    return out


# -- autocomplete ------------------------------------------------------------------------------------


def _matches(current: str, *texts: str) -> bool:
    needle = current.strip().lower()
    return not needle or any(needle in t.lower() for t in texts)


async def guild_catalogue(tree: GameTree, interaction: discord.Interaction) -> Catalogue | None:
    """The content of the interaction's guild: the bot's own packs plus the guild's uploads (``App.content_for``),
    so what a guild uploaded is offered in that guild only."""
    if tree.app is None:
        return None
    if interaction.guild_id is None:
        return tree.app.base_catalogue
    return (await tree.app.content_for(str(interaction.guild_id))).catalogue


async def deck_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    catalogue = await guild_catalogue(tree, interaction)
    if catalogue is None:
        return []
    return [app_commands.Choice(name=trim(f"{d.name} ({d.id})"), value=d.id)
            for d in catalogue.decks.values() if _matches(current, d.id, d.name)][:AUTOCOMPLETE_LIMIT]


async def card_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """Cards of the deck chosen in the same command (or of every deck when none is chosen yet)."""
    catalogue = await guild_catalogue(tree, interaction)
    if catalogue is None:
        return []
    decks = catalogue.decks
    chosen = getattr(interaction.namespace, "deck", None)
    pool = [decks[chosen]] if isinstance(chosen, str) and chosen in decks else list(decks.values())
    out: list[app_commands.Choice[str]] = []
    for deck in pool:
        for card in deck.cards:
            if _matches(current, card.id, card.name):
                out.append(app_commands.Choice(name=trim(f"{card.name} ({card.id})"), value=card.id))
                if len(out) == AUTOCOMPLETE_LIMIT:
                    return out
    return out


def _named_choices(things: Any, current: str) -> Choices:
    """``Name (id)`` choices of content or state objects with ``id`` and ``name``; the value is the id."""
    return [app_commands.Choice(name=trim(f"{t.name} ({t.id})"), value=t.id)
            for t in things if _matches(current, t.id, t.name)][:AUTOCOMPLETE_LIMIT]


def catalogue_source(kind: str) -> AutocompleteSource:
    """Ids of the guild's content's ``kind`` (``monsters``, ``kingdoms``, ``gear``), uploads included."""
    async def source(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
        catalogue = await guild_catalogue(tree, interaction)
        if catalogue is None:
            return []
        return _named_choices(getattr(catalogue, kind).values(), current)

    source.__name__ = f"{kind}_choices"
    return source


async def pack_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The packs uploaded to this guild (``/content remove pack:``); never another guild's."""
    if tree.app is None or interaction.guild_id is None:
        return []
    content = await tree.app.content_for(str(interaction.guild_id))
    names = {m.id: m.name for m in content.catalogue.packs}
    return [app_commands.Choice(name=trim(f"{names.get(p.name, p.name)} ({p.name})"), value=p.name)
            for p in content.packs if _matches(current, p.name, names.get(p.name, ""))][:AUTOCOMPLETE_LIMIT]


AUTOCOMPLETE: dict[str, AutocompleteSource] = {
    "deck": deck_choices, "card": card_choices,
    "monster": catalogue_source("monsters"), "kingdom": catalogue_source("kingdoms"), "gear": catalogue_source("gear"),
    "pack": pack_choices,
    **SOURCES,  # bot/app/complete.py's, as the console's: Knights, Loadout, board spaces, decisions (complete.py)
}


def source_of(spec: Command, option: Option) -> str | None:
    """The autocomplete source of an option: a Discord-side one of ``OPTION_SOURCES``, else the registry's."""
    return OPTION_SOURCES.get((spec.path, option.name)) or option.autocomplete


def gm_power(command: Command, reply: Reply) -> bool:
    """A GM command that changed something (an override, an amendment, an undo, a set-up): announced in the
    channel with who used it (``replies.gm_banner``). Read-only GM commands (``/deck peek``, ``/gm log``, ``/gm
    state``) and private replies are not announced: what they show is for the GM."""
    return command.permission == "gm" and reply.ok and not reply.ephemeral and command.path not in READ_ONLY


# -- components --------------------------------------------------------------------------------------

# Our components' custom ids: each DynamicItem's template matches its own ``kfgm:<what>:...`` ids.
DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (DiceButton, DecisionButton, DecisionSelect, PageButton)
UNKNOWN_COMPONENT = ("that button is not one I know (it may be from an older version of the bot, or altered); "
                     "nothing was changed. Use the newest prompt, or type the command.")


class UnknownComponent(discord.ui.DynamicItem[discord.ui.Button[Any]], template=re.compile(r"kfgm:.*", re.DOTALL)):
    """The catch-all for ``kfgm:`` ids that match none of ``DYNAMIC_ITEMS``' templates (forged, mangled or
    from a removed feature): a polite private refusal instead of Discord's "This interaction failed".
    discord.py calls every dynamic item whose template matches, so an id that a real item matches is
    left to that item."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)  # type: ignore[arg-type]

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> UnknownComponent:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        custom = str(getattr(self.item, "custom_id", "") or "")
        if any(d.__discord_ui_compiled_template__.fullmatch(custom) for d in DYNAMIC_ITEMS):
            return  # a real item answers it
        log.info("unknown component id %r (guild %s)", custom[:100], interaction.guild_id)
        if not interaction.response.is_done():
            await interaction.response.send_message(**failure(UNKNOWN_COMPONENT)[0])


# -- the tree ----------------------------------------------------------------------------------------


class GameTree(app_commands.CommandTree):
    """A command tree made from the registry; ``app`` is set once the database is open."""

    def __init__(self, client: discord.Client, registry: Registry, app: App | None = None,
                 *, defer_after: float = DEFER_AFTER) -> None:
        super().__init__(client, allowed_contexts=app_commands.AppCommandContext(guild=True),
                         allowed_installs=app_commands.AppInstallationType(guild=True))
        self.registry = registry
        self.app = app
        self.defer_after = defer_after
        self.rate = RateLimiter()
        self.pings = Pings()  # who a question waits on is mentioned, once per question (bot/discord/pings.py)
        for item in build_commands(self, registry):
            self.add_command(item)
        # table dice' "Enter dice" button, the Clash decisions' buttons and select; the catch-all for any other
        # kfgm: id. Registered here, they answer the components of messages sent before a restart.
        client.add_dynamic_items(*DYNAMIC_ITEMS, UnknownComponent)

    def render(self, reply: Reply, campaign_id: int | None = None) -> Messages:
        """A reply's messages with its components (``replies.render``): what a pressed component answers with."""
        return render(reply, campaign_id=campaign_id)

    # -- running a command -------------------------------------------------------------------------

    async def run_command(self, interaction: discord.Interaction, command: Command, values: dict[str, Any]) -> None:
        try:
            messages = await self._messages(interaction, command, values)
        except Exception:
            log.exception("command %s failed (guild %s, user %s)", command.name, interaction.guild_id,
                          interaction.user.id if interaction.user else None)
            messages = failure(SOMETHING_WRONG)
        await self.send(interaction, messages)

    async def _messages(self, interaction: discord.Interaction, command: Command, values: dict[str, Any]) -> Messages:
        if interaction.guild_id is None:
            return failure(DM_REFUSED)
        wait = self.rate.wait(interaction.guild_id, interaction.user.id)
        if wait:
            return failure(slow_down(wait))
        if interaction.channel_id is None:
            return failure("I could not tell which channel this is; please try again in a text channel.")
        specs = {o.name: o for o in command.options}
        raw = {name: raw_value(specs[name], v) for name, v in values.items() if v is not None}
        ctx = invocation(interaction, command_line(command, raw))
        if self.app is None:
            return failure("the bot is still starting up; please try again in a moment.")
        reply = await self._run(interaction, self.app, ctx, command, raw)
        campaign = await decision_campaign(self.app, ctx, reply)
        messages = render_reply(reply, campaign_id=campaign, phase=await self.phase(ctx, reply),
                                source=await page_source(self.app, ctx, command, reply))
        if gm_power(command, reply):
            messages = announce(messages, gm_banner(ctx.user_id, ctx.command_line, await self._undone(ctx, reply)))
        return await self.pings.add(self.app, ctx, reply, messages)

    async def _undone(self, ctx: Invocation, reply: Reply) -> str | None:
        """The narration of the action a ``/gm undo`` took back, read from the log."""
        undone = reply.data.get("undone")
        if self.app is None or not isinstance(undone, dict) or not isinstance(undone.get("seq"), int):
            return None
        row = await self.app.db.active_campaign(ctx.guild_id, ctx.channel_id)
        return await logged_text(self.app, row.id, undone["seq"]) if row is not None else None

    async def phase(self, ctx: Invocation, reply: Reply) -> str | None:
        """The campaign's phase after the command (its embeds' colour), or None for a refusal or a reply with
        no embed (the state is read only when the colour shows)."""
        if not reply.ok or self.app is None or not (narrated(reply) or reply.images
                                                     or len(reply_text(reply)) > CONTENT_LIMIT):
            return None
        row = await self.app.db.active_campaign(ctx.guild_id, ctx.channel_id)
        return phase_of(json.loads(row.state_json)) if row is not None else "none"

    async def _run(self, interaction: discord.Interaction, app: App, ctx: Invocation, command: Command,
                   raw: dict[str, Any]) -> Reply:
        async def read_and_run() -> Reply:
            try:
                values = await read_attachments(command, raw)
            except discord.HTTPException:
                log.warning("could not download an attachment for %s (guild %s)", command.name, ctx.guild_id)
                return Reply.fail("I could not download the attached file from Discord; please try again.")
            return await app.run(ctx, command, values)

        task = asyncio.ensure_future(read_and_run())  # a download counts towards the time before deferring
        done, _ = await asyncio.wait({task}, timeout=self.defer_after)
        if not done and not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        return await task

    async def send(self, interaction: discord.Interaction, messages: Messages) -> None:
        first, rest = messages[0], messages[1:]
        if not interaction.response.is_done():
            await interaction.response.send_message(**first)
        elif first.get("ephemeral"):
            # After a public "thinking…" the first follow-up would replace it publicly; close it first.
            await interaction.edit_original_response(content="🔒 Answered privately.")
            await interaction.followup.send(**first)
        else:
            await interaction.followup.send(**first)
        for message in rest:
            await interaction.followup.send(**message)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
            log.warning("Discord's copy of the commands is out of date: %s", error)
            text = "this command changed since Discord last loaded it; please try again in a minute."
        elif isinstance(error, app_commands.TransformerError):
            log.info("could not read an option: %s", error)
            text = f"I could not read the value {str(error.value)[:40]!r}; please pick it again from the list."
        else:
            log.error("error in command tree", exc_info=error)
            text = SOMETHING_WRONG
        try:
            await self.send(interaction, failure(text))
        except discord.HTTPException:
            log.exception("could not tell the user about the error")


# -- building commands -------------------------------------------------------------------------------


TreeItem = app_commands.Command[Any, ..., Any] | app_commands.Group


def build_commands(tree: GameTree, registry: Registry) -> list[TreeItem]:
    """One top-level item per first path word; groups for longer paths (at most 3 words)."""
    top: dict[str, TreeItem] = {}
    groups: dict[tuple[str, ...], app_commands.Group] = {}
    for path, spec in registry.commands.items():
        if not 1 <= len(path) <= 3:
            raise ValueError(f"{spec.name}: Discord allows 1 to 3 words in a command, not {len(path)}")
        parent: app_commands.Group | None = None
        for depth in range(1, len(path)):
            key = path[:depth]
            group = groups.get(key)
            if group is None:
                if key in registry.commands:
                    raise ValueError(f"/{' '.join(key)} is both a command and a group; Discord allows only one")
                group = app_commands.Group(name=key[-1], description=group_description(registry, key),
                                           guild_only=depth == 1)
                groups[key] = group
                if parent is None:
                    top[key[0]] = group
                else:
                    parent.add_command(group)
            parent = group
        command = make_command(tree, spec)
        if parent is None:
            top[path[0]] = command
        else:
            parent.add_command(command)
    return list(top.values())


def group_description(registry: Registry, key: tuple[str, ...]) -> str:
    if len(key) == 1 and key[0] in registry.group_descriptions:
        return trim(registry.group_descriptions[key[0]])
    subs = [p[len(key)] for p in registry.commands if p[: len(key)] == key and len(p) > len(key)]
    return trim(f"/{' '.join(key)} " + ", ".join(dict.fromkeys(subs)))


def make_command(tree: GameTree, spec: Command) -> app_commands.Command[Any, ..., Any]:
    options = sorted(spec.options, key=lambda o: not o.required)  # Discord: required ones first
    by_python = {python_name(o.name): o for o in options}

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await tree.run_command(interaction, spec, {by_python[k].name: v for k, v in values.items()})

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    descriptions: dict[str, str] = {}
    renames: dict[str, str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    autocomplete: dict[str, Callable[..., Awaitable[list[app_commands.Choice[str]]]]] = {}
    for py, option in by_python.items():
        parameters.append(inspect.Parameter(
            py, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=annotation(option),
            default=inspect.Parameter.empty if option.required else None))
        descriptions[py] = trim(option.description)
        if py != option.name:
            renames[py] = option.name
        if option.choices:
            choices[py] = [app_commands.Choice(name=c, value=c) for c in option.choices]
        elif source_of(spec, option):
            autocomplete[py] = _autocomplete(tree, spec, option)

    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__qualname__ = callback.__name__ = "_".join(spec.path).replace("-", "_")
    callback.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    callback.__discord_app_commands_guild_only__ = len(spec.path) == 1  # type: ignore[attr-defined]
    if renames:
        callback.__discord_app_commands_param_rename__ = renames  # type: ignore[attr-defined]
    if choices:
        callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    if autocomplete:
        callback.__discord_app_commands_param_autocomplete__ = autocomplete  # type: ignore[attr-defined]
    return app_commands.Command(name=spec.path[-1], description=trim(spec.description), callback=callback,
                                extras={"registry": spec})


def _autocomplete(tree: GameTree, spec: Command, option: Option) -> Callable[..., Awaitable[list[Any]]]:
    name = source_of(spec, option)
    source = AUTOCOMPLETE.get(name or "")
    if source is None:
        raise ValueError(f"{spec.name} {option.name}: unknown autocomplete source {name!r}; "
                         f"known: {', '.join(AUTOCOMPLETE)}")

    async def complete(interaction: discord.Interaction, current: Any) -> list[app_commands.Choice[Any]]:
        try:
            found = source(tree, interaction, "" if current is None else str(current))  # an integer arrives as int
            return await found if inspect.isawaitable(found) else found
        except Exception:
            log.exception("autocomplete %s for %s failed", name, spec.name)
            return []

    complete.__qualname__ = complete.__name__ = f"complete_{name}"
    return complete
