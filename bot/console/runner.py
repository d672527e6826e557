"""The terminal transport: an interactive console and the ``--script`` runner.

Script contract (DESIGN.md): one command per line exactly as typed in Discord; ``@name /cmd ...``
acts as user ``name`` (default ``gm``, who holds the GM role); ``#`` starts a comment. With
``--json`` each command prints one JSON object: line, user, command, ok, error, text, data, images,
pending.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from bot.app.context import Invocation
from bot.app.reply import Reply
from bot.app.service import App

GUILD = "console"
CHANNEL = "console"
DEFAULT_USER = "gm"


class ScriptUnreadable(Exception):
    """A ``--script`` file that cannot be read as UTF-8 text: the message names the file and the place."""


def read_script(path: str) -> str:
    """The text of a ``--script`` file (``-``: standard input), which must be UTF-8 (a BOM is allowed)."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as exc:
        raise ScriptUnreadable(f"kfgm play: cannot read the script {path!r} ({exc.strerror or exc}). Give the path of "
                               "a text file with one command a line, or - to read the commands from standard "
                               "input.") from None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ScriptUnreadable(
            f"kfgm: the script {path} is not UTF-8 text (line {line}, byte {exc.start} cannot be read); "
            "save it as UTF-8 and run it again. Nothing was run.") from None
def strip_comment(line: str) -> str:
    """The line without its trailing ``# comment`` (a ``#`` after a space and outside quotes), as in the README's
    examples: ``/roll test difficulty:6 bonus:2   # a d10 test``. A ``#`` inside quotes or inside a word stays."""
    quote: str | None = None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line


def split_user(line: str) -> tuple[str, str]:
    line = line.strip()
    if line.startswith("@"):
        user, _, rest = line[1:].partition(" ")
        return (user.strip() or DEFAULT_USER), rest.strip()
    return DEFAULT_USER, line


def invocation(user: str, line: str) -> Invocation:
    return Invocation(
        guild_id=GUILD,
        channel_id=CHANNEL,
        user_id=user,
        user_name=user,
        is_admin=(user == DEFAULT_USER),
        command_line=line,
    )


def record(number: int, user: str, line: str, reply: Reply) -> dict[str, Any]:
    return {
        "line": number,
        "user": user,
        "command": line,
        "ok": reply.ok,
        "error": reply.error,
        "text": reply.text,
        "data": reply.data,
        "images": reply.images,
        "pending": reply.pending,
    }


async def run_lines(app: App, lines: Iterable[str], out: TextIO, as_json: bool) -> int:
    """Run script lines; returns how many commands failed."""
    failures = 0
    for number, raw in enumerate(lines, start=1):
        stripped = strip_comment(raw.strip())
        if not stripped:
            continue
        user, line = split_user(stripped)
        reply = await app.run_line(invocation(user, line), line)
        failures += 0 if reply.ok else 1
        if as_json:
            out.write(json.dumps(record(number, user, line, reply), ensure_ascii=False) + "\n")
        else:
            out.write(format_reply(user, line, reply) + "\n")
        out.flush()
    return failures


def question(pending: dict[str, Any] | None) -> str:
    """A reply's waiting question as the console shows it: the command that answers it and each option as its
    button or select menu would show it in Discord (key, label, what it does; bot/discord/decisions.py)."""
    if not pending or not pending.get("options") or not pending.get("id"):
        return ""
    keys = [str(k) for k in pending["options"]]
    labels = [str(x) for x in pending.get("labels") or keys]
    helps = [str(x) for x in pending.get("helps") or [""] * len(keys)]
    answer = str(pending.get("answer") or "choose")
    pick, least = int(pending.get("pick") or 1), int(pending.get("min_pick") or 1)
    verb = "to:" if answer == "delve travel" else "option:"
    how = "one" if pick == 1 else (f"{pick}" if least >= pick else f"{least} to {pick}, comma-separated")
    who = pending.get("who") or []
    by = f" ({', '.join('@' + str(w) for w in who)} or the GM)" if who else ""
    lines = [f"❓ Answer with /{answer} decision:{pending['id']} {verb}<key> — choose {how}{by}:"]
    for i, key in enumerate(keys):
        label = labels[i] if i < len(labels) and labels[i] else key
        what = helps[i] if i < len(helps) and helps[i] else ""
        lines.append(f"   [{key}] {label}" + (f" — {what}" if what and what != label else ""))
    return "\n".join(lines)


def format_reply(user: str, line: str, reply: Reply) -> str:
    head = f"[{user}] {line}"
    body = reply.text if reply.ok else f"✖ {reply.error}"
    asked = question(reply.pending) if reply.ok else ""
    body += f"\n{asked}" if asked else ""
    images = "".join(f"\n  🖼 {p}" for p in reply.images)
    files = "".join(f"\n  📎 {p}" for p in reply.files)  # in Discord they are attached; here, where they are
    return f"{head}\n  " + body.replace("\n", "\n  ") + images + files


async def interactive(app: App, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    out.write(
        "Kingdoms Forlorn Game Master — offline console. Type /help, or @name /command to act as "
        "another player; Ctrl-D to leave.\n"
    )
    while True:
        out.write("kfgm> ")
        out.flush()
        raw = stdin.readline()
        if not raw:
            out.write("\n")
            return
        if raw.strip() in {"exit", "quit", "/exit", "/quit"}:
            return
        await run_lines(app, [raw], out, as_json=False)
