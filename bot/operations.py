"""``kfgm backup``, ``kfgm restore`` and ``kfgm status``: what an operator needs (docs/operations.md)."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

from bot.settings import Settings
from storage.backup import BackupError, backup, check, restore
from storage.migrations import MIGRATIONS


def run_operation(args: argparse.Namespace, settings: Settings) -> int:
    database = Path(settings.database)
    try:
        if args.cmd == "backup":
            pages = backup(database, Path(args.destination))
            print(f"Backed up {database} to {args.destination} ({pages} pages, integrity ok).")
        elif args.cmd == "restore":
            kept = restore(Path(args.source), database)
            note = f"; the previous database is kept as {kept}" if kept else ""
            print(f"Restored {args.source} to {database}{note}. Start the bot: migrations run at start-up.")
        else:
            print(status(database))
    except BackupError as exc:
        print(f"kfgm {args.cmd}: {exc}", file=sys.stderr)
        return 1
    return 0


def status(database: Path) -> str:
    version = check(database)
    conn = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        active, ended = (
            conn.execute(f"SELECT count(*) FROM campaigns WHERE status='{s}'").fetchone()[0]
            for s in ("active", "ended")
        )
        entries = conn.execute("SELECT count(*) FROM log").fetchone()[0]
        guilds = conn.execute("SELECT count(*) FROM guilds").fetchone()[0]
        last = conn.execute("SELECT max(created_at) FROM log").fetchone()[0]
    finally:
        conn.close()
    size = database.stat().st_size
    return (
        f"{database}: schema {version} of {MIGRATIONS[-1][0]}, {size / 1e6:.1f} MB, {guilds} guild(s), "
        f"{active} active and {ended} ended campaign(s), {entries} log entries, last command at {last or 'never'}."
    )
