"""Long replies as pages with Previous/Next buttons that keep working after a restart.

A reply too long for one message (a long ``/gm log``, a long list, a long narration) is shown one page
at a time: one embed of at most ``PAGE_LIMIT`` characters, cut at line breaks, with "Page i of n" in
its footer and two buttons. Nothing is kept in memory: a button's custom id (a ``DynamicItem``) says
where the text comes from, so a restarted bot re-renders any page:

- ``kfgm:page:c:<page>:<mark>`` — a **read-only command** (``READ_ONLY``: ``/gm log``, ``/help``,
  ``/knight list``...). The command line is written in the page's footer ("Page 2 of 5 · /gm log
  count:50"), which Discord sends back with every press; ``<mark>`` is 8 hex digits of a hash of that
  line, so an id and a footer that do not belong together are refused. A press runs the command again
  **as the presser** (so its permissions apply: a player cannot page the GM's log) and shows page
  ``<page>`` of the fresh text (clamped to the last page when the text got shorter).
- ``kfgm:page:l:<campaign>:<seq>:<page>:<mark>`` — the **narration of a logged action**: the text is
  the events of log entry ``<seq>`` of the campaign, read back from the append-only log; ``<mark>`` is a
  hash of that text. The campaign must be the channel's. A long action reply is paged this way only
  when its text is exactly its log entry's events (checked when it is sent), so every page re-renders
  identically after a restart, an undo or an amendment (the log is never rewritten).

A long reply that is neither (not read-only, not an action's narration) is sent as several messages, as
before. Pictures go in a message of their own after the pages, and a pending decision's prompt and
buttons in the last message, so turning pages never drops them. Nothing in a custom id is trusted.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.app.reply import Reply
from bot.discord.base import EMBED_LIMIT, SOMETHING_WRONG, failure, game_tree, invocation, split_text
from bot.discord.rate_limit import slow_down
from bot.discord.replies import DM_REFUSED, PHASE_TITLES, phase_colour, render, reply_text, tell

if TYPE_CHECKING:
    from bot.app.context import Invocation
    from bot.app.registry import Command
    from bot.app.service import App

log = logging.getLogger("kfgm.discord")

PAGE_LIMIT = 3000  # characters of one page: under the embed's 4096, short enough to read
# a text over EMBED_LIMIT (one embed) is paged; a shorter one is one message (bot/discord/replies.py)
MAX_PAGES = 200
FOOTER_LIMIT = 2048
PAGE_TEMPLATE = re.compile(
    r"kfgm:page:(?P<source>[cl]):(?:(?P<campaign>[0-9]{1,19}):(?P<seq>[0-9]{1,12}):)?"
    r"(?P<page>[0-9]{1,4}):(?P<mark>[0-9a-f]{8})"
)
FOOTER = re.compile(r"Page (?P<page>[0-9]+) of (?P<pages>[0-9]+)(?: · (?P<line>/.+))?", re.DOTALL)

# Commands that change nothing: paging runs them again. tests/discord/test_every_command.py checks that
# each of them leaves the campaign's log head where it was.
READ_ONLY: frozenset[tuple[str, ...]] = frozenset({
    ("gm", "log"), ("gm", "state"), ("help",), ("content", "list"), ("campaign", "info"), ("knight", "list"),
    ("knight", "show"), ("knight", "export"), ("clash", "status"), ("delve", "status"), ("delve", "track"),
    ("fog", "status"), ("encounter", "status"), ("expedition", "status"), ("pool", "show"), ("squire", "show"),
    ("dice", "show"), ("deck", "peek"), ("odds", "attack"), ("odds", "evasion"), ("odds", "weapon"),
})

STALE_PAGE = ("this page cannot be shown any more (the message is older than the text it came from); "
              "run the command again for a fresh copy.")
FOREIGN = "those pages belong to a campaign of another channel; nothing was shown."


def mark(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True)
class PageSource:
    """Where a paged text comes from: a read-only command ``line``, or log entry ``seq`` of ``campaign``."""

    line: str | None = None
    campaign: int | None = None
    seq: int | None = None

    def custom_id(self, page: int, text: str) -> str:
        if self.line is not None:
            return f"kfgm:page:c:{page}:{mark(self.line)}"
        return f"kfgm:page:l:{self.campaign}:{self.seq}:{page}:{mark(text)}"


def pages_of(text: str) -> list[str]:
    return split_text(text, PAGE_LIMIT)[:MAX_PAGES]


def page_message(text: str, page: int, source: PageSource, colour: discord.Colour | None,
                 title: str | None = None) -> dict[str, Any]:
    """Page ``page`` (from 1; clamped) of ``text`` as message keyword arguments: one embed and the buttons."""
    pages = pages_of(tell(text))  # shown as the game master says it; the id's mark is of the text itself
    page = min(max(page, 1), len(pages))
    embed = discord.Embed(description=pages[page - 1], colour=colour, title=title)
    footer = f"Page {page} of {len(pages)}"
    if source.line is not None:
        footer += f" · {source.line}"
    embed.set_footer(text=footer[:FOOTER_LIMIT])
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(source.custom_id(page - 1, text), "◀ Previous", disabled=page == 1))
    view.add_item(PageButton(source.custom_id(page + 1, text), "Next ▶", disabled=page == len(pages)))
    return {"embeds": [embed], "view": view}


def render_reply(reply: Reply, campaign_id: int | None = None, phase: str | None = None,
                 source: PageSource | None = None) -> list[dict[str, Any]]:
    """``replies.render``, with a long text shown as pages when ``source`` says how to show them again."""
    if source is None or not reply.ok:
        return render(reply, campaign_id=campaign_id, phase=phase)
    body = reply_text(reply) if source.line is not None else reply.text.strip()
    if len(body) <= EMBED_LIMIT or (source.line is not None and len(source.line) > FOOTER_LIMIT - 20):
        return render(reply, campaign_id=campaign_id, phase=phase)
    title = PHASE_TITLES.get(phase or "none") if source.line is None else None
    first = page_message(body, 1, source, phase_colour(phase), title=title)
    messages = [first]
    if reply.images or reply.pending:  # pictures, a pending decision's prompt and buttons: after the pages
        rest = Reply(text=_rest_text(reply, body), data=reply.data, images=reply.images, pending=reply.pending,
                     ephemeral=reply.ephemeral)
        messages += render(rest, campaign_id=campaign_id, phase=phase)
    for message in messages:
        message["ephemeral"] = reply.ephemeral
        message["allowed_mentions"] = discord.AllowedMentions.none()
    return messages


def _rest_text(reply: Reply, body: str) -> str:
    """What the follow-up after the pages says: the pending prompt (not in the pages), or a pointer."""
    pending = reply.pending
    if pending and pending.get("prompt") and pending["prompt"] not in body:
        return f"❓ **{pending['prompt']}**"
    return "🖼️" if reply.images else ("⬆️ Choose above." if pending else "")


async def page_source(app: App, ctx: Invocation, command: Command, reply: Reply) -> PageSource | None:
    """How a long reply can be re-rendered after a restart, or None (it is sent as several messages)."""
    if not reply.ok or len(reply_text(reply)) <= EMBED_LIMIT:
        return None
    if command.path in READ_ONLY:
        return PageSource(line=ctx.command_line)
    seq = reply.data.get("seq")
    if not isinstance(seq, int):
        return None
    row = await app.db.active_campaign(ctx.guild_id, ctx.channel_id)
    if row is None:
        return None
    text = await logged_text(app, row.id, seq)
    if text is None or text != reply.text.strip():
        return None
    return PageSource(campaign=row.id, seq=seq)


async def logged_text(app: App, campaign: int, seq: int) -> str | None:
    entries = await app.db.log(campaign, after_seq=seq - 1, limit=1)
    if not entries or entries[0].seq != seq:
        return None
    return "\n".join(str(e.get("text", "")) for e in entries[0].events).strip()


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE_TEMPLATE):
    """Previous or Next: shows another page of the message it is on (see the module's docstring)."""

    def __init__(self, custom_id: str, label: str = "Next ▶", *, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id,
                                           disabled=disabled))
        found = PAGE_TEMPLATE.fullmatch(custom_id)
        if found is None:
            raise ValueError(f"not a page button id: {custom_id!r}")
        self.match = found

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PageButton:
        return cls(match.string, str(getattr(item, "label", "") or "Next ▶"))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            message = await self._page(interaction)
        except Exception:
            log.exception("page button %s failed (guild %s)", self.match.string, interaction.guild_id)
            message = failure(SOMETHING_WRONG)[0]
        if interaction.response.is_done():
            return
        if "view" in message:
            await interaction.response.edit_message(embeds=message["embeds"], view=message["view"])
        else:
            await interaction.response.send_message(**message)

    async def _page(self, interaction: discord.Interaction) -> dict[str, Any]:
        tree = game_tree(interaction)
        if interaction.guild_id is None:
            return failure(DM_REFUSED)[0]
        if tree is None or tree.app is None:
            return failure("the bot is still starting up; please try again in a moment.")[0]
        wait = tree.rate.wait(interaction.guild_id, interaction.user.id)  # a page turn may re-run a command
        if wait:
            return failure(slow_down(wait))[0]
        app, found = tree.app, self.match
        page = int(found["page"])
        shown = interaction.message.embeds[0] if interaction.message and interaction.message.embeds else None
        colour = shown.colour if shown is not None else None
        if found["source"] == "c":
            footer = FOOTER.fullmatch((shown.footer.text or "") if shown is not None else "")
            line = footer["line"] if footer else None
            if line is None or mark(line) != found["mark"]:
                return failure(STALE_PAGE)[0]
            ctx = invocation(interaction, line)
            try:
                from bot.app.parse import parse_line

                words, _ = parse_line(line)
                command, _used = app.registry.find(words)
            except Exception:
                return failure(STALE_PAGE)[0]
            if command.path not in READ_ONLY:
                return failure(STALE_PAGE)[0]
            reply = await app.run_line(ctx, line)
            if not reply.ok:
                return failure(reply.error or reply.text)[0]
            return page_message(reply_text(reply), page, PageSource(line=line), colour)
        campaign, seq = int(found["campaign"]), int(found["seq"])
        row = await app.db.campaign(str(interaction.guild_id), campaign)
        if row is None or row.channel_id != str(interaction.channel_id):
            return failure(FOREIGN)[0]
        text = await logged_text(app, campaign, seq)
        if text is None or mark(text) != found["mark"]:
            return failure(STALE_PAGE)[0]
        return page_message(text, page, PageSource(campaign=campaign, seq=seq), colour,
                            title=shown.title if shown is not None else None)
