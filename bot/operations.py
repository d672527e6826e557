"""What an operator needs (docs/operations.md): ``kfgm backup``, ``kfgm restore``, ``kfgm status``, and the
bot's logging: structured (one JSON object a line) and never showing a secret.

Secrets are kept out of the logs twice: nothing of ours logs a token, and every record (its message, its
arguments, its traceback) goes through ``redact`` before it is written: the bot token itself, anything shaped
like a Discord bot token, the token of an interaction's webhook URL, and ``Authorization``/``Bot ...``
headers become ``[redacted]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import sqlite3
import sys
import traceback
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from bot.settings import Settings
from storage.backup import BackupError, DatabaseUnusable, backup, check, restore
from storage.base import parse_target
from storage.migrations import MIGRATIONS
from storage.sqlite_checks import read_only_uri


def run_operation(args: argparse.Namespace, settings: Settings) -> int:
    """``kfgm backup``, ``restore``, ``status`` and ``migrate-db``. A database that cannot be used raises
    ``DatabaseUnusable`` (the CLI prints its one line and exits with 2); any other refusal exits with 1."""
    try:
        if args.cmd == "migrate-db":
            from bot.migrate_db import migrate_db

            print(asyncio.run(migrate_db(args.source, args.target)))
            return 0
        kind, where = parse_target(settings.database_target)
        if kind == "postgresql":
            return _postgres_operation(args, where)
        database = Path(where)
        if args.cmd == "backup":
            pages = backup(database, Path(args.destination))
            print(f"Backed up {database} to {args.destination} ({pages} pages, integrity ok).")
        elif args.cmd == "restore":
            kept = restore(Path(args.source), database)
            note = f"; the previous database is kept as {kept}" if kept else ""
            print(f"Restored {args.source} to {database}{note}. Start the bot: migrations run at start-up.")
        else:
            print(status(database))
    except DatabaseUnusable:
        raise
    except BackupError as exc:
        print(f"kfgm {args.cmd}: {exc}", file=sys.stderr)
        return 1
    return 0


def _postgres_operation(args: argparse.Namespace, url: str) -> int:
    from storage.postgres import PG_DUMP_HELP

    if args.cmd == "status":
        print(asyncio.run(postgres_status(url)))
        return 0
    print(f"kfgm {args.cmd}: {PG_DUMP_HELP}", file=sys.stderr)
    return 1


def status(database: Path) -> str:
    version = check(database)
    conn = sqlite3.connect(read_only_uri(database), uri=True)
    try:
        active, ended, entries, guilds, last = conn.execute(STATUS_SQL).fetchone()
    finally:
        conn.close()
    size = database.stat().st_size
    return (
        f"{database}: schema {version} of {MIGRATIONS[-1][0]}, {size / 1e6:.1f} MB, {guilds} guild(s), "
        f"{active} active and {ended} ended campaign(s), {entries} log entries, last command at {last or 'never'}."
    )


async def postgres_status(url: str) -> str:
    """``kfgm status`` of a PostgreSQL database (read only: nothing is migrated)."""
    from storage.postgres import PostgresDatabase

    db = await PostgresDatabase.connect(url, migrate=False)
    try:
        version = await db.schema_version()
        if version == 0:
            return f"{db.name}: no kfgm tables yet (the bot creates them when it starts)."
        ((active, ended, entries, guilds, last),) = await db.execute(STATUS_SQL)
        ((size,),) = await db.execute("SELECT pg_database_size(current_database())")
    finally:
        await db.close()
    return (
        f"{db.name}: PostgreSQL, schema {version} of {MIGRATIONS[-1][0]}, {size / 1e6:.1f} MB, {guilds} guild(s), "
        f"{active} active and {ended} ended campaign(s), {entries} log entries, last command at {last or 'never'}."
    )


# one statement both backends answer: active and ended campaigns, log entries, guilds, the last command's time
STATUS_SQL = ("SELECT (SELECT count(*) FROM campaigns WHERE status='active'), "
              "(SELECT count(*) FROM campaigns WHERE status='ended'), (SELECT count(*) FROM log), "
              "(SELECT count(*) FROM guilds), (SELECT max(created_at) FROM log)")


# -- logging -----------------------------------------------------------------------------------------------

REDACTED = "[redacted]"
SECRET_PATTERNS = (  # what matches becomes [redacted]; a group named ``keep`` stays
    re.compile(r"[MNO][A-Za-z0-9_-]{20,30}\.[A-Za-z0-9_-]{5,7}\.[A-Za-z0-9_-]{25,45}"),  # a bot token's shape
    re.compile(r"(?P<keep>/(?:webhooks|interactions)/[0-9]+/)[A-Za-z0-9_.:-]{20,}"),  # an interaction's token
    re.compile(r"(?i)(?P<keep>authorization[\"']?\s*[:=]\s*[\"']?)[^\"'\s,}]+(?: [^\"'\s,}]+)?"),
    re.compile(r"(?P<keep>\bBot )[A-Za-z0-9_.-]{30,}"),
)
# the attributes every LogRecord has: anything else was passed with ``extra=`` and goes into the JSON object
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime", "taskName"}


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    for secret in secrets:
        if secret and len(secret) >= 8:
            text = text.replace(secret, REDACTED)
    for pattern in SECRET_PATTERNS:
        text = pattern.sub(lambda m: (m.groupdict().get("keep") or "") + REDACTED, text)
    return text


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``, any ``extra=``
    fields, and ``exception`` (the traceback) when there is one; every text redacted."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": redact(record.getMessage(), self.secrets),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value if isinstance(value, int | float | bool) or value is None else \
                    redact(str(value), self.secrets)
        if record.exc_info:
            out["exception"] = redact("".join(traceback.format_exception(*record.exc_info)), self.secrets)
        return json.dumps(out, ensure_ascii=False)


class RedactingFormatter(logging.Formatter):
    """The text format for a terminal, redacted the same way."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__("%(asctime)s %(levelname)-8s %(name)s: %(message)s")
        self.secrets = tuple(s for s in secrets if s)

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record), self.secrets)


def setup_logging(settings: Settings, stream: TextIO | None = None) -> logging.Handler:
    """Log every logger (ours, discord.py's) to ``stream`` (standard error) at ``KFGM_LOG_LEVEL``, as JSON
    lines or text (``KFGM_LOG_FORMAT``), with secrets redacted. Returns the handler (tests remove it)."""
    secrets = [settings.discord_token or ""]
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter(secrets) if settings.log_format == "json" else RedactingFormatter(secrets))
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_kfgm", False)]:
        root.removeHandler(old)
    handler._kfgm = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(getattr(logging, settings.log_level, logging.INFO))
    logging.getLogger("discord.http").setLevel(max(root.level, logging.INFO))  # DEBUG there dumps payloads
    return handler
