"""Pending decisions in Discord: the decision of a reply as buttons or a select menu, for any answering command.

A reply whose ``pending`` is an engine ``Decision`` gets components under its message when its ``answer`` (the
command that answers it) is one of ``ANSWERS``, a fixed table of short codes: ``c`` ``/choose`` (the Clash, ids
``d<n>``), ``f`` ``/fog choose`` (the Deep Fog, ``fog<n>``), ``e`` ``/encounter choose`` (an Encounter, ``enc<n>``),
``t`` ``/delve travel`` (the Travel step, ``travel<n>``: ``to:<tile>``, or ``fog:<tile>`` for a ``fog:<tile>`` key),
``s`` ``/spoils choose`` (a Loot vote, ``vote<n>``), ``m`` ``/squire unlock`` (Mettle cards earned, ``mettle<n>``).
A component made now always runs ``/choose`` (code ``c``), which answers every kind (rules/waiting.py); the other codes
stay so that components already posted keep running the command they named.

- one button per option when one answer names one option (``pick`` 1), there are at most 5 options and every label
  fits a button (80 characters): ``kfgm:ans:<code>:<campaign>:<decision>:<mark>:<option key>``;
- otherwise a select menu (at most 25 options; ``min_values`` = ``min_pick``, ``max_values`` = ``pick``):
  ``kfgm:anssel:<code>:<campaign>:<decision>:<mark>``, the chosen keys arriving as the select's values.

Buttons posted before this table existed (``kfgm:choose:<campaign>:<decision>:<mark>:<option>`` and
``kfgm:choosesel:...``, Clash decisions only) are read as code ``c`` and keep working. The code names a command of
the table, never one taken from the id, so a forged id can only run one of these commands with its own checks.

``<mark>`` is 8 hex digits of a hash of the decision's kind, prompt and option keys. Decision ids are unique within
a campaign (rules/decision_ids.py), but ``/gm undo`` gives an id's number back with the rest of the state, so the
question asked next takes the same id and may be another question: the mark tells the button of the question
undone (stale) from the one asked now (tests/discord/test_unique_ids_buttons.py). In a campaign created before
unique ids, ids start again in every Clash, traversal and Encounter, and the mark tells an older one's ``d1`` from
this one's.

The components are ``DynamicItem``s: their template matches the custom id, so they keep working after the bot
restarts, with no View kept in memory. A custom id comes from the client and proves nothing: pressing reloads the
campaign of this guild and channel and refuses privately, changing nothing, when it is another campaign or a
decision that was never asked. A decision that is no longer waiting (answered, the Clash, traversal or Encounter
over, the party travelled) is *stale*: the presser is told privately and the components leave the message.
Otherwise the press runs the answering command (``decision:<id> option:<keys>``; ``/delve travel decision:<id>
to:<tile>``) as the presser through the App, exactly as if typed: the same permission check (the owners of the
Knights the decision names, or a GM), the same stale check in the engine (a press racing a typed answer loses
cleanly) and the same log entry. The new reply (the next step, perhaps with the next decision's components)
answers the interaction in the channel. No rules here.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.app.asked import asked, question
from bot.app.reply import CommandError, Reply
from bot.discord.base import SOMETHING_WRONG, Transport, command_line, failure, game_tree, invocation, trim
from rules.decision_ids import unique_ids
from rules.engine import Engine
from rules.state import CampaignState
from rules.waiting import never_asked

if TYPE_CHECKING:
    from bot.app.context import Invocation
    from bot.app.registry import Command
    from bot.app.service import App

log = logging.getLogger("kfgm.discord")

CUSTOM_ID_LIMIT = 100  # Discord: a component's custom id
MAX_BUTTONS = 5  # one row of buttons; more options (or several picks) use the select menu
BUTTON_LABEL_LIMIT = 80
MAX_SELECT_OPTIONS = 25  # Discord: options of one select menu
SELECT_LABEL_LIMIT = SELECT_DESCRIPTION_LIMIT = 100
PLACEHOLDER_LIMIT = 150

DECISION = r"d[0-9]{1,12}"  # a Clash decision: the only kind an old ``kfgm:choose:`` id names
MARK = r"[0-9a-f]{8}"
KEY = r"[A-Za-z0-9_.:+\-]{1,40}"  # an option key a button's custom id carries (rules/clash/flow.py: ≤ 40)
TYPED_KEY = re.compile(r"[^\s,]{1,40}")  # a key that /choose option: can name at all (it splits on , and spaces)


def _choose_raw(decision: str, keys: list[str]) -> dict[str, Any]:
    return {"decision": decision, "option": ",".join(keys)}


def _travel_raw(decision: str, keys: list[str]) -> dict[str, Any]:
    if len(keys) != 1:
        raise CommandError("choose one destination; nothing was changed")
    key = keys[0]
    return {"decision": decision, "fog": key.removeprefix("fog:")} if key.startswith("fog:") else {
        "decision": decision, "to": key}


@dataclass(frozen=True)
class Answer:
    """A command that answers decisions, as a custom id names it: the code, the command path, the shape of its
    decision ids, what it is called in messages, and its options for the chosen keys."""

    code: str
    path: tuple[str, ...]
    prefix: str  # decision ids: the prefix, then a number
    where: str  # "in this Clash"
    raw: Callable[[str, list[str]], dict[str, Any]] = _choose_raw

    @property
    def answer(self) -> str:
        return " ".join(self.path)

    def decision_ok(self, decision: str) -> bool:
        return re.fullmatch(rf"{self.prefix}[0-9]{{1,12}}", decision) is not None


ANSWERS: dict[str, Answer] = {a.code: a for a in (
    Answer("c", ("choose",), "d", "in this Clash"),
    Answer("f", ("fog", "choose"), "fog", "in this Deep Fog traversal"),
    Answer("e", ("encounter", "choose"), "enc", "in this Encounter"),
    Answer("t", ("delve", "travel"), "travel", "in this Delve", _travel_raw),
    Answer("s", ("spoils", "choose"), "vote", "in these Spoils"),
    Answer("r", ("delve", "route"), "route", "in this Delve"),
    Answer("m", ("squire", "unlock"), "mettle", "among the Mettle cards earned"),
)}
BY_COMMAND = {a.answer: a for a in ANSWERS.values()}
CODE = f"[{''.join(ANSWERS)}]"
ANY_DECISION = r"[a-z]{1,6}[0-9]{1,12}"
# a new id names its command's code; an old one (``kfgm:choose:``) names none and only a Clash decision ``d<n>``
BUTTON_TEMPLATE = re.compile(
    rf"kfgm:(?:choose|ans:(?P<code>{CODE})):(?P<campaign>[0-9]{{1,12}}):"
    rf"(?P<decision>(?(code){ANY_DECISION}|{DECISION})):(?P<mark>{MARK}):(?P<option>{KEY})")
SELECT_TEMPLATE = re.compile(
    rf"kfgm:(?:choosesel|anssel:(?P<code>{CODE})):(?P<campaign>[0-9]{{1,12}}):"
    rf"(?P<decision>(?(code){ANY_DECISION}|{DECISION})):(?P<mark>{MARK})")

# the engine's refusals of a decision that is no longer waiting (rules/clash/round_handlers.py ``choose``, the
# Deep Fog's, the Encounter's and the Travel step's ``decision`` checks)
STALE_ERRORS = ("no longer waiting", "already answered")
STALE = ("this decision was already answered (or what asked it is over), so nothing was changed; "
         "the newest prompt has the live buttons")
OTHER_CAMPAIGN = ("that button belongs to another campaign than this channel's; nothing was changed. "
                  "Use the buttons under this channel's newest prompt, or type the command")


# -- rendering ---------------------------------------------------------------------------------------------


def mark(kind: str, prompt: str, keys: list[str]) -> str:
    """8 hex digits naming one question: its kind, prompt and option keys."""
    text = json.dumps([kind, prompt, keys], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def button_id(campaign_id: int, decision: str, mark_: str, key: str, code: str = "c") -> str:
    return f"kfgm:ans:{code}:{campaign_id}:{decision}:{mark_}:{key}"


def select_id(campaign_id: int, decision: str, mark_: str, code: str = "c") -> str:
    return f"kfgm:anssel:{code}:{campaign_id}:{decision}:{mark_}"


def answer_of(pending: dict[str, Any] | None) -> Answer | None:
    """The table's entry for the command that answers ``pending`` (None: not one components may run)."""
    if not pending:
        return None
    spec = BY_COMMAND.get(str(pending.get("answer") or "choose"))
    return spec if spec is not None and spec.decision_ok(str(pending.get("id") or "")) else None


def is_answerable(pending: dict[str, Any] | None) -> bool:
    """A reply's ``pending`` that components can answer: a decision whose ``answer`` is in ``ANSWERS``, whose id
    has that command's shape and whose option keys the command can name, at most 25 of them. (Table dice are
    ``dice``, with their own button.)"""
    if answer_of(pending) is None:
        return False
    assert pending is not None
    keys = [str(k) for k in pending.get("options") or []]
    return (0 < len(keys) <= MAX_SELECT_OPTIONS and len(set(keys)) == len(keys)  # Discord: ids and values unique
            and all(TYPED_KEY.fullmatch(k) for k in keys))


def _column(pending: dict[str, Any], name: str, default: list[str]) -> list[str]:
    """One of the per-option lists of a decision (``labels``, ``helps``), with ``default`` where it has none."""
    values = [str(v) for v in pending.get(name) or []]
    return [values[i] if i < len(values) and values[i] else d for i, d in enumerate(default)]


def decision_view(campaign_id: int, pending: dict[str, Any] | None) -> discord.ui.View | None:
    """The components of a decision (None when ``pending`` is not one components can answer)."""
    spec = answer_of(pending)
    if pending is None or spec is None or not is_answerable(pending):
        return None
    code = "c"  # /choose answers every kind (rules/waiting.py); the other codes stay for buttons already posted
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
               and all(re.fullmatch(KEY, k) and len(button_id(campaign_id, decision, mark_, k, code)) <= CUSTOM_ID_LIMIT
                       for k in keys))
    if buttons:
        for key, label in zip(keys, labels, strict=True):
            view.add_item(DecisionButton(campaign_id, decision, mark_, key, label=label, code=code))
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
        custom_id=select_id(campaign_id, decision, mark_, code), options=options,
        min_values=max(1, min(min_pick, most)), max_values=most,
        placeholder=trim(f"{placeholder} — {decision}", PLACEHOLDER_LIMIT))
    view.add_item(DecisionSelect(campaign_id, decision, mark_, select, code=code))
    return view


async def decision_campaign(app: App, ctx: Invocation, reply: Reply) -> int | None:
    """The id of the campaign a reply's decision belongs to (the channel's), or None: only a reply with a
    decision that components can answer needs it."""
    if not reply.ok or not is_answerable(reply.pending):
        return None
    row = await app.db.active_campaign(ctx.guild_id, ctx.channel_id)
    return row.id if row is not None else None


# -- the components ----------------------------------------------------------------------------------------


class DecisionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """One option of a decision: pressing it answers the decision with that option."""

    def __init__(self, campaign_id: int, decision: str, mark_: str, key: str, label: str = "", code: str = "c",
                 custom_id: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or key, style=discord.ButtonStyle.primary,
                                           custom_id=custom_id or button_id(campaign_id, decision, mark_, key, code)))
        self.campaign_id, self.decision, self.mark, self.key, self.code = campaign_id, decision, mark_, key, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> DecisionButton:
        return cls(int(match["campaign"]), match["decision"], match["mark"], match["option"],
                   label=str(getattr(item, "label", "") or ""), code=match["code"] or "c", custom_id=match.string)

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.campaign_id, self.decision, self.mark, [self.key], self.code)


class DecisionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A decision as a select menu: the chosen options are the answer."""

    def __init__(self, campaign_id: int, decision: str, mark_: str, select: discord.ui.Select[Any],
                 code: str = "c") -> None:
        super().__init__(select)
        self.campaign_id, self.decision, self.mark, self.code = campaign_id, decision, mark_, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> DecisionSelect:
        if not isinstance(item, discord.ui.Select):  # the template names a select; anything else is forged
            item = discord.ui.Select(custom_id=match.string, options=[discord.SelectOption(label="?")])
        return cls(int(match["campaign"]), match["decision"], match["mark"], item, code=match["code"] or "c")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.campaign_id, self.decision, self.mark, [str(v) for v in self.item.values],
                     self.code)


# -- pressing ----------------------------------------------------------------------------------------------


def asked_now(engine: Engine, state: CampaignState, code: str) -> tuple[tuple[str, str, str, list[str]] | None,
                                                                       int | None]:
    """What the campaign waits for now from ``code``'s command — (id, kind, prompt, option keys) or None — and
    how many decisions the thing asking has asked (None: it is not under way, so nothing can be told apart). The
    question itself comes from bot/app/asked.py, which ``/now`` reads too."""
    now, count = asked(engine, state, code)
    return ((now.id, now.kind, now.prompt, list(now.options)) if now is not None else None), count


def waiting(state: CampaignState, decision: str, mark_: str, code: str = "c", engine: Engine | None = None) -> bool:
    """Whether the button's decision is the one the campaign waits for now (else it is stale). A decision id
    the Clash (traversal, Encounter) under way never asked is refused: it is not a stale button but a made-up
    one."""
    spec = ANSWERS[code]
    if code in ("t", "s", "m") and engine is None:
        raise ValueError("the Travel step and a vote need the engine (the campaign's content)")
    if code == "c":  # /choose answers any question: the one waiting with this id, whatever its kind
        q = question(engine, state, decision)
        if q is not None:
            return mark(q.decision.kind, q.decision.prompt, list(q.decision.options)) == mark_
        if never_asked(state, decision):
            where = "in this campaign" if unique_ids(state) else \
                next((a.where for a in ANSWERS.values() if a.decision_ok(decision)), "here")
            raise CommandError(f"there is no decision {decision} {where} (it was never asked); nothing was changed")
        return False
    now, count = asked_now(engine, state, code)  # type: ignore[arg-type]  # only the Travel step and votes read it
    if now is not None and now[0] == decision:
        return mark(now[1], now[2], now[3]) == mark_
    if count is not None and int(decision[len(spec.prefix):]) > count:
        where = "in this campaign" if unique_ids(state) else spec.where
        raise CommandError(f"there is no decision {decision} {where} (it was never asked); nothing was changed")
    return False


async def still_waiting(app: App, ctx: Invocation, decision: str, mark_: str, code: str = "c") -> bool:
    try:
        engine = (await app.content_for(ctx.guild_id)).engine
        return waiting((await app.load(ctx)).state, decision, mark_, code, engine)
    except CommandError:
        return True  # not stale: the refusal stands as it is


def is_stale(error: str | None) -> bool:
    return any(s in (error or "") for s in STALE_ERRORS)


async def answer(interaction: discord.Interaction, campaign_id: int, decision: str, mark_: str,
                 keys: list[str], code: str = "c") -> None:
    """A press: check the custom id against this channel's campaign, then run the decision's answering command
    (``ANSWERS[code]``) as the presser."""
    tree = game_tree(interaction)
    try:
        if tree is None or tree.app is None:
            raise CommandError("the bot is still starting up; please try again in a moment.")
        if interaction.guild_id is None or interaction.channel_id is None:
            raise CommandError("decisions are answered in the campaign's channel")
        if not keys:
            raise CommandError(f"choose at least one option to answer {decision}; nothing was changed")
        app = tree.app
        spec = ANSWERS[code]
        command = tree.registry.commands[spec.path]
        raw = spec.raw(decision, keys)
        ctx = invocation(interaction, command_line(command, raw))
        loaded = await app.load(ctx)
        if loaded.row.id != campaign_id:
            raise CommandError(OTHER_CAMPAIGN)
        engine = (await app.content_for(ctx.guild_id)).engine
        if not waiting(loaded.state, decision, mark_, code, engine):
            await stale(interaction)
            return
        reply = await _run(tree, interaction, ctx, command, raw)
        if not reply.ok and (is_stale(reply.error) or not await still_waiting(app, ctx, decision, mark_, code)):
            # answered meanwhile (a typed answer, another press); the command checks who may answer against the
            # decision waiting now, so a refusal may name the next decision: the button's own is over
            await stale(interaction)
            return
        await send(interaction, await tree.pings.add(app, ctx, reply, tree.render(reply, campaign_id=campaign_id)))
    except CommandError as exc:
        await send(interaction, failure(str(exc)))
    except Exception:
        log.exception("a decision component failed (guild %s, %s)", interaction.guild_id, decision)
        try:
            await send(interaction, failure(SOMETHING_WRONG))
        except discord.HTTPException:
            log.exception("could not tell the user about the error")


async def _run(tree: Transport, interaction: discord.Interaction, ctx: Invocation, command: Command,
               raw: dict[str, Any]) -> Reply:
    """The answering command through the App; a slow one acknowledges the press first (a silent deferred update, so the
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
    try:
        if not interaction.response.is_done():
            await interaction.response.edit_message(view=None)
        else:
            await interaction.edit_original_response(view=None)
    except discord.HTTPException:
        log.info("could not take the stale components off message %s",
                 interaction.message.id if interaction.message else None)
    await send(interaction, failure(STALE))
