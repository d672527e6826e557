"""Backups: SQLite's online backup (safe while the bot runs) and a checked restore."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
from pathlib import Path

from storage import sqlite_checks
from storage.base import BackupError, DatabaseUnusable

__all__ = ["BackupError", "DatabaseUnusable", "backup", "check", "restore"]


def backup(database: Path, destination: Path) -> int:
    """Copy a live database to ``destination`` with SQLite's online backup API; returns its pages.
    Readers and writers may keep working while it runs: the copy is one consistent snapshot. The database is
    checked first; the copy is written under a temporary name beside ``destination``, checked, and only then
    renamed to it, so a failed backup (a full disk, a damaged copy) leaves no file behind."""
    if not database.is_file():
        raise BackupError(f"there is no database at {database}")
    if destination.exists():
        raise BackupError(f"{destination} already exists; choose a new file name so no backup is overwritten")
    check(database)
    destination.parent.mkdir(parents=True, exist_ok=True)
    partial = destination.with_name(f".{destination.name}.partial-{os.getpid()}")
    try:
        source = sqlite3.connect(sqlite_checks.read_only_uri(database), uri=True)
        target = sqlite3.connect(partial)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file (kfgm sets WAL again on use)
            pages = int(target.execute("PRAGMA page_count").fetchone()[0])
        finally:
            target.close()
            source.close()
        check(partial)
        os.link(partial, destination)  # never replaces a file that appeared meanwhile (FileExistsError)
    except sqlite3.Error as exc:
        raise DatabaseUnusable(f"the backup to {destination} failed ({exc}); nothing was written there: free some "
                               "space or choose another folder, then try again") from None
    except FileExistsError:
        raise BackupError(f"{destination} already exists; choose a new file name so no backup is overwritten") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return pages


def check(path: Path) -> int:
    """The schema version of a sound kfgm database at ``path``, or ``DatabaseUnusable`` saying what is wrong."""
    if not path.is_file():
        raise BackupError(f"there is no file at {path}")
    version = sqlite_checks.inspect(path, writing=False)
    if version == 0:
        raise DatabaseUnusable(f"{path} is not a kfgm database (it has no campaigns, log and snapshots tables); "
                               "choose a file made by `kfgm backup`")
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
