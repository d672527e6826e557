"""Backups: SQLite's online backup (safe while the bot runs) and a checked restore."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from storage.migrations import MIGRATIONS


class BackupError(Exception):
    """The file cannot be used as a backup; the message says why."""


def backup(database: Path, destination: Path) -> int:
    """Copy a live database to ``destination`` with SQLite's online backup API; returns its pages.
    Readers and writers may keep working while it runs: the copy is one consistent snapshot."""
    if not database.is_file():
        raise BackupError(f"there is no database at {database}")
    if destination.exists():
        raise BackupError(f"{destination} already exists; choose a new file name so no backup is overwritten")
    destination.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(database)
    target = sqlite3.connect(destination)
    try:
        source.backup(target)
        pages = int(target.execute("PRAGMA page_count").fetchone()[0])
    finally:
        target.close()
        source.close()
    check(destination)
    return pages


def check(path: Path) -> int:
    """The schema version of a sound kfgm database at ``path``, or BackupError saying what is wrong."""
    if not path.is_file():
        raise BackupError(f"there is no file at {path}")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            status = conn.execute("PRAGMA integrity_check").fetchone()[0]
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a SQLite database ({exc})") from None
    if status != "ok":
        raise BackupError(f"{path} is damaged: integrity check says {status}")
    if not {"campaigns", "log", "snapshots"} <= tables:
        raise BackupError(f"{path} is not a kfgm database (it has no campaigns, log and snapshots tables)")
    newest = MIGRATIONS[-1][0]
    if version > newest:
        raise BackupError(
            f"{path} was written by a newer kfgm (schema {version}; this one knows up to {newest}); upgrade kfgm"
        )
    return version


def restore(source: Path, database: Path) -> Path | None:
    """Put a checked backup in place of the database. The current database (if any) is kept beside it
    as ``<name>.before-restore-N`` and returned. Stop the bot first."""
    check(source)
    kept = None
    if database.exists():
        n = 1
        while (kept := database.with_name(f"{database.name}.before-restore-{n}")).exists():
            n += 1
        shutil.move(database, kept)
        for suffix in ("-wal", "-shm"):
            side = database.with_name(database.name + suffix)
            if side.exists():
                shutil.move(side, kept.with_name(kept.name + suffix))
    database.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, database)
    return kept
