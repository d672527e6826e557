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
        raise ScriptUnreadable(f"kfgm: cannot read the script {path}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ScriptUnreadable(
            f"kfgm: the script {path} is not UTF-8 text (line {line}, byte {exc.start} cannot be read); "
            "save it as UTF-8 and run it again. Nothing was run.") from None


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
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
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


def format_reply(user: str, line: str, reply: Reply) -> str:
    head = f"[{user}] {line}"
    body = reply.text if reply.ok else f"✖ {reply.error}"
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
