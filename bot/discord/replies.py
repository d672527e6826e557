"""Reply -> what discord.py sends: message keyword arguments, embeds and files.

Discord's limits: 2000 characters of message content, 4096 in an embed description, 6000 across
the embeds of one message, 10 embeds and 10 files per message. Text that fits goes into the content;
longer text becomes one embed per message, cut at line breaks; pictures are attached as files and
shown with ``attachment://name.png`` in an embed. Nothing here talks to Discord.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import discord

from bot.app.reply import Reply
from bot.discord.base import CONTENT_LIMIT, EMBED_LIMIT, failure, polite, split_text
from bot.discord.base import SOMETHING_WRONG as SOMETHING_WRONG  # named from here too
from bot.discord.decisions import decision_view
from bot.discord.dice_modal import dice_view
from bot.discord.now import now_embed

MAX_FILES = 10
log = logging.getLogger("kfgm.discord")
COLOUR = discord.Colour(0x8B1E2D)
NARRATION_LINES = 3  # an action's reply of this many lines or more is narrated in an embed of its phase

# One colour (and heading) per phase of the campaign: a glance at the channel tells where the table is.
PHASE_COLOURS: dict[str, discord.Colour] = {
    "vision": discord.Colour(0x7B5EA7),     # violet: the Vision Phase
    "outpost": discord.Colour(0xC08A3E),    # amber: the Outpost
    "delve": discord.Colour(0x3E7B4F),      # forest green: the Delve
    "fog": discord.Colour(0x8FA3AD),        # grey-blue: the Deep Fog
    "encounter": discord.Colour(0xD9822B),  # orange: an Encounter
    "clash": COLOUR,                        # blood red: the Clash
    "rest": discord.Colour(0x3B6EA5),       # night blue: the Rest
    "spoils": discord.Colour(0xD4AF37),     # gold: the Spoils
    "none": discord.Colour(0x5C4B3B),       # leather brown: between Expeditions
}
PHASE_TITLES: dict[str, str] = {
    "vision": "🔮 Vision Phase", "outpost": "🏕️ Outpost", "delve": "🗺️ The Delve", "fog": "🌫️ The Deep Fog",
    "encounter": "⚔️ Encounter", "clash": "🩸 The Clash", "rest": "🔥 Rest", "spoils": "💰 Spoils",
    "none": "📜 The Campaign",
}

DM_REFUSED = ("Kingdoms Forlorn commands work in a server channel, where the campaign lives; "
              "they cannot be used in direct messages.")


def phase_of(state: dict[str, Any] | None) -> str:
    """The phase a campaign state (as JSON) is in: a Clash under way wins, then an Encounter or a Deep Fog
    traversal inside the Delve, then the Expedition's phase, then a Delve begun without an Expedition."""
    if not state:
        return "none"
    clash = state.get("clash")
    if clash and not clash.get("over"):
        return "clash"
    delve = state.get("delve") or None
    if delve and delve.get("encounter"):
        return "encounter"
    if delve and delve.get("fog"):
        return "fog"
    expedition = state.get("expedition") or None
    if expedition:
        phase = _expedition_phase(expedition)
        if phase in PHASE_COLOURS:
            return phase
    return "delve" if delve else "none"


def _expedition_phase(expedition: dict[str, Any]) -> str:
    from rules.expedition.state import PHASE_OF

    return str(PHASE_OF.get(expedition.get("step", "vision"), "none"))


def phase_colour(phase: str | None) -> discord.Colour:
    return PHASE_COLOURS.get(phase or "", COLOUR)


def narrated(reply: Reply) -> bool:
    """An action's reply that tells several automatic steps: shown as the game master's narration."""
    return reply.ok and "seq" in reply.data and reply.text.strip().count("\n") + 1 >= NARRATION_LINES


# Lines of an automatic step that tell the table nothing: a statistic "changing" to the value it had, a Refresh
# that moved no card. The log keeps them (they are the engine's events); the channel does not show them.
_SAME_VALUE = re.compile(r"(?:[\w' ]+'s )?[A-Z][A-Za-z ]{1,20} (?P<n>-?\d+) → \*\*(?P=n)\*\*\.")
_EMPTY_REFRESH = "Refresh: to the hand nothing; Delay → Cooldown: nothing."
_MOVED = re.compile(r"[\w' -]+ moves to [A-Z][0-9]{1,2}\.")


def _said(sentence: str) -> str:
    """A sentence reduced to its words, to tell when a line says the same thing twice."""
    return " ".join(re.sub(r"\([^)]*\)|[^\w\s]", " ", sentence).lower().split())


def _once(line: str) -> str:
    """A line without a movement sentence that only repeats, in fewer words, an earlier one of the same line ("🚶 Kara
    moves to G4 (Speed 4). Kara moves to G4.": the move step and the board's outcome). Nothing else is dropped: a
    sentence said twice may be two effects."""
    sentences = re.split(r"(?<=[.!?]) (?=\S)", line)
    seen: set[str] = set()
    kept: list[str] = []
    for sentence in sentences:
        said = _said(sentence)
        if said in seen and sentence not in kept and _MOVED.fullmatch(sentence):
            continue
        seen.add(said)
        kept.append(sentence)
    return " ".join(kept)


def tell(text: str) -> str:
    """An action's narration as the game master says it at the table: the steps that changed nothing are left
    out and no line says the same thing twice. Presentation only: the rules' events and the log are unchanged."""
    lines = []
    for line in text.splitlines():
        bare = line.strip()
        if _SAME_VALUE.fullmatch(bare) or bare == _EMPTY_REFRESH:
            continue
        lines.append(_once(line))
    return "\n".join(lines)


def reply_text(reply: Reply) -> str:
    if not reply.ok:
        return polite(reply.error or reply.text)
    text = tell(reply.text.strip()).strip()
    pending = reply.pending
    if pending and pending.get("prompt") and pending["prompt"] not in text:
        options = ", ".join(str(o) for o in pending.get("options", []))
        text += f"\n\n❓ **{pending['prompt']}**" + (f" Options: {options}" if options else "")
    return text.strip() or "Done."


def attachment_name(path: str, used: set[str]) -> str:
    """A file name Discord accepts in ``attachment://``: ASCII letters, digits, ``_ . -``."""
    stem = Path(path).name or "image.png"
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", stem).strip(".") or "image.png"
    base, dot, ext = name.rpartition(".")
    if not dot:
        base, ext = name, "png"
    candidate, n = f"{base}.{ext}", 2
    while candidate in used:
        candidate, n = f"{base}_{n}.{ext}", n + 1
    used.add(candidate)
    return candidate


def render(reply: Reply, campaign_id: int | None = None, phase: str | None = None) -> list[dict[str, Any]]:
    """The messages for a reply, as keyword arguments of ``send_message`` / ``followup.send``.

    The first one answers the interaction; any others are follow-ups. Every message carries
    ``ephemeral`` (errors and private replies), and mentions never ping anybody. With the channel's
    ``campaign_id``, a pending Clash decision gets its buttons or select menu (bot/discord/decisions.py).
    Embeds take the colour of the campaign's ``phase`` (``phase_of``); an action's narration of several
    steps is an embed headed by the phase, one step a line.
    """
    if not reply.ok:  # a refusal: private, grey, no pictures nor components (base.failure)
        return failure(reply.error or reply.text)
    ephemeral = reply.ephemeral
    text = reply_text(reply)
    colour = phase_colour(phase)
    messages: list[dict[str, Any]] = []
    if reply.data.get("view") == "now":  # /now: one embed, its question's buttons below (now.py)
        messages.append({"embeds": [now_embed(reply, colour)]})
    elif narrated(reply) and len(text) <= EMBED_LIMIT:
        title = PHASE_TITLES.get(phase) if phase else None  # None: a caller that does not know the phase
        messages.append({"embeds": [discord.Embed(title=title, description=text, colour=colour)]})
    elif len(text) <= CONTENT_LIMIT:
        messages.append({"content": text, "embeds": []})
    else:
        for piece in split_text(text, EMBED_LIMIT):
            messages.append({"embeds": [discord.Embed(description=piece, colour=colour)]})

    images = [p for p in reply.images if _exists(p)][:MAX_FILES]
    if images:
        used: set[str] = set()
        files, embeds = [], []
        for path in images:
            name = attachment_name(path, used)
            files.append(discord.File(path, filename=name))
            embeds.append(discord.Embed(colour=colour).set_image(url=f"attachment://{name}"))
        last = messages[-1]
        if len(last["embeds"]) + len(embeds) <= 10 and not _too_long(last["embeds"]):
            last["embeds"] = last["embeds"] + embeds
            last["files"] = files
        else:
            messages.append({"embeds": embeds, "files": files})

    attached = [p for p in reply.files if _exists(p)][:MAX_FILES - len(images)]
    if attached:  # plain attachments (an export's JSON): no embed, Discord shows them as files
        used_names = {f.filename for m in messages for f in m.get("files", [])}
        messages[-1]["files"] = messages[-1].get("files", []) + [
            discord.File(p, filename=attachment_name(p, used_names)) for p in attached]

    if reply.pending and reply.pending.get("id") == "dice":  # table dice: the "Enter dice" button
        messages[-1]["view"] = dice_view(int(reply.data.get("seq") or 0))
    elif campaign_id is not None and (choices := decision_view(campaign_id, reply.pending)):
        messages[-1]["view"] = choices  # a Clash decision: buttons or a select menu

    for message in messages:
        message["ephemeral"] = ephemeral
        message["allowed_mentions"] = discord.AllowedMentions.none()
        if not message["embeds"]:
            del message["embeds"]
    return messages


GM_LINE_LIMIT = 300  # characters of the command line and of an undone narration in a GM announcement


def _cut(text: str, limit: int = GM_LINE_LIMIT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def gm_banner(user_id: str, command_line: str, undone: str | None = None) -> str:
    """Who used a GM power, and what: the line heading the reply in the channel. For an undo, what the action
    taken back had done (the "before" of before → after; the reply itself says what is taken back)."""
    line = f"🛡️ GM <@{user_id}> used `{_cut(command_line).replace('`', chr(39))}`."
    if undone:
        line += f"\nTaken back — it had said: “{_cut(undone)}”"
    return line


def announce(messages: list[dict[str, Any]], banner: str) -> list[dict[str, Any]]:
    """The banner at the head of the first message (in its content, above any embed), or as a message of its own
    when the content would pass Discord's 2000 characters. Mentions in it never ping (``allowed_mentions``)."""
    first = messages[0]
    content = first.get("content")
    joined = f"{banner}\n{content}" if content else banner
    if len(joined) <= CONTENT_LIMIT:
        first["content"] = joined
        return messages
    alone = {"content": banner[:CONTENT_LIMIT], "ephemeral": first.get("ephemeral", False),
             "allowed_mentions": discord.AllowedMentions.none()}
    return [alone, *messages]


def _exists(path: str) -> bool:
    if path and Path(path).is_file():
        return True
    log.warning("reply image %r does not exist; sent without it", path)
    return False


def _too_long(embeds: list[discord.Embed]) -> bool:
    return sum(len(e) for e in embeds) > 6000 - 200
