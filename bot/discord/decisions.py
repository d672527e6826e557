"""Clash decisions in Discord: the pending decision of a reply as buttons or a select menu.

A reply whose ``pending`` is a Clash decision (id ``d<n>``, answered with ``/choose``; docs/commands.md,
"Playing a Clash") gets components under its message:

- one button per option when one answer names one option (``pick`` 1), there are at most 5 options and
  every label fits a button (80 characters): ``kfgm:choose:<campaign>:<decision>:<mark>:<option key>``;
- otherwise a select menu (at most 25 options; ``min_values`` = ``min_pick``, ``max_values`` = ``pick``):
  ``kfgm:choosesel:<campaign>:<decision>:<mark>``, the chosen keys arriving as the select's values.

``<mark>`` is 8 hex digits of a hash of the decision's kind, prompt and option keys: decision ids start
again at ``d1`` in every Clash, so the mark tells an older Clash's ``d1`` from this one's.

The components are ``DynamicItem``s: their template matches the custom id, so they keep working after the
bot restarts, with no View kept in memory. A custom id comes from the client and proves nothing: pressing
reloads the campaign of this guild and channel and refuses privately, changing nothing, when it is another
campaign or a decision that was never asked. A decision that is no longer waiting (answered, the Clash over,
an older Clash's) is *stale*: the presser is told privately and the components leave the message. Otherwise
the press runs ``/choose decision:<id> option:<keys>`` as the presser through the App, exactly as if typed:
the same permission check (the owners of the Knights the decision names, or a GM), the same stale check in
the engine (a press racing a typed ``/choose`` loses cleanly) and the same log entry. The new reply (the
next step, perhaps with the next decision's components) answers the interaction in the channel. No rules
here.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.app.reply import CommandError, Reply
from bot.discord.dice_modal import game_tree, trim
from rules.state import CampaignState

if TYPE_CHECKING:
    from bot.app.context import Invocation
    from bot.app.registry import Command
    from bot.app.service import App
    from bot.discord.tree import GameTree

log = logging.getLogger("kfgm.discord")

CUSTOM_ID_LIMIT = 100  # Discord: a component's custom id
MAX_BUTTONS = 5  # one row of buttons; more options (or several picks) use the select menu
BUTTON_LABEL_LIMIT = 80
MAX_SELECT_OPTIONS = 25  # Discord: options of one select menu
SELECT_LABEL_LIMIT = SELECT_DESCRIPTION_LIMIT = 100
PLACEHOLDER_LIMIT = 150

DECISION = r"d[0-9]{1,12}"
MARK = r"[0-9a-f]{8}"
KEY = r"[A-Za-z0-9_.:+\-]{1,40}"  # an option key a button's custom id carries (rules/clash/flow.py: ≤ 40)
BUTTON_TEMPLATE = re.compile(
    rf"kfgm:choose:(?P<campaign>[0-9]{{1,12}}):(?P<decision>{DECISION}):(?P<mark>{MARK}):(?P<option>{KEY})")
SELECT_TEMPLATE = re.compile(rf"kfgm:choosesel:(?P<campaign>[0-9]{{1,12}}):(?P<decision>{DECISION}):(?P<mark>{MARK})")
TYPED_KEY = re.compile(r"[^\s,]{1,40}")  # a key that /choose option: can name at all (it splits on , and spaces)

# the engine's refusals of a decision that is no longer waiting (rules/clash_round_handlers.py ``choose``)
STALE_ERRORS = ("no longer waiting", "already answered")
STALE = ("this decision was already answered (or its Clash is over), so nothing was changed; "
         "the newest prompt has the live buttons")
OTHER_CAMPAIGN = ("that button belongs to another campaign than this channel's; nothing was changed. "
                  "Use the buttons under this channel's newest prompt, or type /choose")


# -- rendering ---------------------------------------------------------------------------------------------


def mark(kind: str, prompt: str, keys: list[str]) -> str:
    """8 hex digits naming one question: its kind, prompt and option keys."""
    text = json.dumps([kind, prompt, keys], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def button_id(campaign_id: int, decision: str, mark_: str, key: str) -> str:
    return f"kfgm:choose:{campaign_id}:{decision}:{mark_}:{key}"


def select_id(campaign_id: int, decision: str, mark_: str) -> str:
    return f"kfgm:choosesel:{campaign_id}:{decision}:{mark_}"


def is_clash_decision(pending: dict[str, Any] | None) -> bool:
    """A reply's ``pending`` that components can answer: a Clash decision (``d<n>``) whose option keys
    ``/choose`` can name, at most 25 of them. (Table dice are ``dice``, with their own button; Deep Fog
    decisions are ``fog<n>``, answered with ``/fog choose``.)"""
    if not pending or not re.fullmatch(DECISION, str(pending.get("id") or "")):
        return False
    keys = [str(k) for k in pending.get("options") or []]
    return (0 < len(keys) <= MAX_SELECT_OPTIONS and len(set(keys)) == len(keys)  # Discord: ids and values unique
            and all(TYPED_KEY.fullmatch(k) for k in keys))


def _column(pending: dict[str, Any], name: str, default: list[str]) -> list[str]:
    """One of the per-option lists of a decision (``labels``, ``helps``), with ``default`` where it has none."""
    values = [str(v) for v in pending.get(name) or []]
    return [values[i] if i < len(values) and values[i] else d for i, d in enumerate(default)]


def decision_view(campaign_id: int, pending: dict[str, Any] | None) -> discord.ui.View | None:
    """The components of a Clash decision (None when ``pending`` is not one components can answer)."""
    if pending is None or not is_clash_decision(pending):
        return None
    decision = str(pending["id"])
    keys = [str(k) for k in pending["options"]]
    labels = _column(pending, "labels", keys)
    helps = _column(pending, "helps", [""] * len(keys))
    pick = int(pending.get("pick") or 1)
    min_pick = int(pending.get("min_pick") or 1)
    mark_ = mark(str(pending.get("kind") or ""), str(pending.get("prompt") or ""), keys)
    view = discord.ui.View(timeout=None)
    buttons = (pick == 1 and len(keys) <= MAX_BUTTONS
               and all(0 < len(label) <= BUTTON_LABEL_LIMIT for label in labels)
               and all(re.fullmatch(KEY, k) and len(button_id(campaign_id, decision, mark_, k)) <= CUSTOM_ID_LIMIT
                       for k in keys))
    if buttons:
        for key, label in zip(keys, labels, strict=True):
            view.add_item(DecisionButton(campaign_id, decision, mark_, key, label=label))
        return view
    most = max(1, min(pick, len(keys)))
    options = [discord.SelectOption(label=trim(label, SELECT_LABEL_LIMIT), value=key,
                                    description=trim(help_, SELECT_DESCRIPTION_LIMIT) if help_.strip() else None)
               for key, label, help_ in zip(keys, labels, helps, strict=True)]
    if most == 1:
        placeholder = "Choose one"
    elif min(min_pick, most) == most:
        placeholder = f"Choose {most}"
    else:
        placeholder = f"Choose {max(1, min(min_pick, most))} to {most}"
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=select_id(campaign_id, decision, mark_), options=options, min_values=max(1, min(min_pick, most)),
        max_values=most, placeholder=trim(f"{placeholder} — {decision}", PLACEHOLDER_LIMIT))
    view.add_item(DecisionSelect(campaign_id, decision, mark_, select))
    return view


async def decision_campaign(app: App, ctx: Invocation, reply: Reply) -> int | None:
    """The id of the campaign a reply's Clash decision belongs to (the channel's), or None: only a reply with a
    decision that components can answer needs it."""
    if not reply.ok or not is_clash_decision(reply.pending):
        return None
    row = await app.db.active_campaign(ctx.guild_id, ctx.channel_id)
    return row.id if row is not None else None


# -- the components ----------------------------------------------------------------------------------------


class DecisionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """One option of a Clash decision: pressing it answers the decision with that option."""

    def __init__(self, campaign_id: int, decision: str, mark_: str, key: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or key, style=discord.ButtonStyle.primary,
                                           custom_id=button_id(campaign_id, decision, mark_, key)))
        self.campaign_id, self.decision, self.mark, self.key = campaign_id, decision, mark_, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> DecisionButton:
        return cls(int(match["campaign"]), match["decision"], match["mark"], match["option"],
                   label=str(getattr(item, "label", "") or ""))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.campaign_id, self.decision, self.mark, [self.key])


class DecisionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A Clash decision as a select menu: the chosen options are the answer."""

    def __init__(self, campaign_id: int, decision: str, mark_: str, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)
        self.campaign_id, self.decision, self.mark = campaign_id, decision, mark_

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> DecisionSelect:
        if not isinstance(item, discord.ui.Select):  # the template names a select; anything else is forged
            item = discord.ui.Select(custom_id=match.string, options=[discord.SelectOption(label="?")])
        return cls(int(match["campaign"]), match["decision"], match["mark"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.campaign_id, self.decision, self.mark, [str(v) for v in self.item.values])


# -- pressing ----------------------------------------------------------------------------------------------


def waiting(state: CampaignState, decision: str, mark_: str) -> bool:
    """Whether the button's decision is the one the campaign waits for now (else it is stale). A decision id
    this Clash never asked is refused: it is not a stale button but a made-up one."""
    clash = state.clash
    pending = clash.flow.pending if clash is not None else None
    if pending is not None and pending.id == decision:
        return mark(pending.kind, pending.prompt, [o.key for o in pending.options]) == mark_
    if clash is not None and int(decision[1:]) > clash.flow.asked:
        raise CommandError(f"there is no decision {decision} in this Clash (it was never asked); nothing was "
                           "changed")
    return False


async def still_waiting(app: App, ctx: Invocation, decision: str, mark_: str) -> bool:
    try:
        return waiting((await app.load(ctx)).state, decision, mark_)
    except CommandError:
        return True  # not stale: the refusal stands as it is


def is_stale(error: str | None) -> bool:
    return any(s in (error or "") for s in STALE_ERRORS)


async def answer(interaction: discord.Interaction, campaign_id: int, decision: str, mark_: str,
                 keys: list[str]) -> None:
    """A press: check the custom id against this channel's campaign, then run ``/choose`` as the presser."""
    from bot.discord.replies import SOMETHING_WRONG, failure, render
    from bot.discord.tree import command_line, invocation

    tree = game_tree(interaction)
    try:
        if tree is None or tree.app is None:
            raise CommandError("the bot is still starting up; please try again in a moment.")
        if interaction.guild_id is None or interaction.channel_id is None:
            raise CommandError("decisions are answered in the campaign's channel")
        if not keys:
            raise CommandError(f"choose at least one option to answer {decision}; nothing was changed")
        app = tree.app
        command = tree.registry.commands[("choose",)]
        raw = {"decision": decision, "option": ",".join(keys)}
        ctx = invocation(interaction, command_line(command, raw))
        loaded = await app.load(ctx)
        if loaded.row.id != campaign_id:
            raise CommandError(OTHER_CAMPAIGN)
        if not waiting(loaded.state, decision, mark_):
            await stale(interaction)
            return
        reply = await _run(tree, interaction, ctx, command, raw)
        if not reply.ok and (is_stale(reply.error) or not await still_waiting(app, ctx, decision, mark_)):
            # answered meanwhile (a typed /choose, another press); /choose checks who may answer against the
            # decision waiting now, so a refusal may name the next decision: the button's own is over
            await stale(interaction)
            return
        await send(interaction, render(reply, campaign_id=campaign_id))
    except CommandError as exc:
        await send(interaction, failure(str(exc)))
    except Exception:
        log.exception("a decision component failed (guild %s, %s)", interaction.guild_id, decision)
        try:
            await send(interaction, failure(SOMETHING_WRONG))
        except discord.HTTPException:
            log.exception("could not tell the user about the error")


async def _run(tree: GameTree, interaction: discord.Interaction, ctx: Invocation, command: Command,
               raw: dict[str, Any]) -> Reply:
    """``/choose`` through the App; a slow one acknowledges the press first (a silent deferred update, so the
    reply can still be a new message and a stale press can still take the components off)."""
    assert tree.app is not None
    task = asyncio.ensure_future(tree.app.run(ctx, command, raw))
    done, _ = await asyncio.wait({task}, timeout=tree.defer_after)
    if not done and not interaction.response.is_done():
        await interaction.response.defer()
    return await task


async def send(interaction: discord.Interaction, messages: list[dict[str, Any]]) -> None:
    first, rest = messages[0], messages[1:]
    if not interaction.response.is_done():
        await interaction.response.send_message(**first)
    else:
        await interaction.followup.send(**first)
    for message in rest:
        await interaction.followup.send(**message)


async def stale(interaction: discord.Interaction) -> None:
    """Tell the presser privately, and take the components off the message they pressed."""
    from bot.discord.replies import failure

    try:
        if not interaction.response.is_done():
            await interaction.response.edit_message(view=None)
        else:
            await interaction.edit_original_response(view=None)
    except discord.HTTPException:
        log.info("could not take the stale components off message %s",
                 interaction.message.id if interaction.message else None)
    await send(interaction, failure(STALE))
