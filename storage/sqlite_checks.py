"""Whether a SQLite file can be kfgm's database: one look, shared by start-up (``SqliteDatabase.connect``), ``kfgm
status``, ``kfgm backup`` and ``kfgm restore``. Each refusal is a ``DatabaseUnusable`` whose message is one line
naming the file and what to do (docs/operations.md, "When the database cannot be used")."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from storage.base import DatabaseUnusable
from storage.migrations import MIGRATIONS

KFGM_TABLES = frozenset({"guilds", "campaigns", "log", "snapshots"})
RESTORE = "restore the newest backup (`kfgm restore <file>`) or point KFGM_DATABASE at a new file"


def unusable(path: Path | str, what: str, todo: str) -> DatabaseUnusable:
    return DatabaseUnusable(f"{path} {what}; {todo}")


def not_writable(path: Path) -> DatabaseUnusable | None:
    """The refusal when the file or its folder cannot be written (SQLite writes ``-wal`` and ``-shm`` beside it)."""
    folder = path.parent if str(path.parent) else Path(".")
    for target in (path, folder):
        if target.exists() and not os.access(target, os.W_OK):
            return unusable(path, "is read-only" if target == path else f"is in a read-only folder ({folder})",
                            "kfgm writes its database there: give the user running kfgm write access to the file and "
                            "its folder (and remount the disk read-write if it is mounted read-only), or point "
                            "KFGM_DATABASE at another file")
    return None


def read_only_uri(path: Path) -> str:
    """A URI that reads ``path`` without writing anything beside it; on a read-only folder (where SQLite cannot make
    the ``-shm`` file a WAL database needs) the file is read as immutable: nothing can change it there anyway."""
    folder = path.parent if str(path.parent) else Path(".")
    return f"file:{path}?mode=ro" + ("" if os.access(folder, os.W_OK) else "&immutable=1")


def disk_full(path: Path | str) -> bool:
    try:
        return shutil.disk_usage(Path(path).parent or Path(".")).free < 256 * 1024
    except OSError:
        return False


def full(path: Path | str) -> DatabaseUnusable:
    return unusable(path, "is on a full disk", "free some space on that disk and start kfgm again (nothing was lost)")


def newest() -> int:
    return MIGRATIONS[-1][0]


def classify(path: Path | str, version: int, tables: set[str], newest_known: int) -> None:
    """Refuse another program's file, a half-kfgm one and one written by a newer kfgm."""
    if version == 0 and tables:
        names = ", ".join(sorted(tables)[:5])
        raise unusable(path, f"is another program's SQLite database, not a kfgm database (it has the tables {names})",
                       "kfgm never adds its tables to it: point KFGM_DATABASE at a new file")
    if version > newest_known:
        raise unusable(path, f"was written by a newer kfgm (schema {version}; this one knows up to {newest_known})",
                       "upgrade kfgm to the version that wrote it, or restore a backup made by this one")
    if version > 0 and not tables >= KFGM_TABLES:
        raise unusable(path, "is not a kfgm database (it has no campaigns, log and snapshots tables)",
                       "point KFGM_DATABASE at the right file or at a new one")


def from_sqlite_error(path: Path | str, exc: sqlite3.Error) -> DatabaseUnusable:
    """What a SQLite error met while opening or checking the file means for the operator."""
    text = str(exc)
    if isinstance(exc, sqlite3.DatabaseError) and "file is not a database" in text:
        return unusable(path, "is not a SQLite database (or its first page is damaged)", RESTORE)
    if "malformed" in text or "corrupt" in text:
        return unusable(path, f"is damaged ({text})", RESTORE)
    if "full" in text or ("disk I/O error" in text and disk_full(path)):
        return full(path)
    if "readonly" in text or "read-only" in text:
        return unusable(path, "is read-only", "give the user running kfgm write access to the file and its folder")
    if "unable to open" in text:
        return unusable(path, "cannot be opened", "check that its folder exists and that kfgm may read and write it")
    return unusable(path, f"cannot be used ({text})", RESTORE)


def inspect(path: Path, writing: bool) -> int:
    """The schema version of a usable kfgm database at ``path`` (0 for a new or empty file), or
    ``DatabaseUnusable``. ``writing``: the file will be written (start-up), so it must be writable too."""
    if path.is_dir():
        raise unusable(path, "is a folder, not a database file", "point KFGM_DATABASE at a file inside it")
    if writing and (refused := not_writable(path)):
        raise refused
    if not path.exists() or path.stat().st_size == 0:
        return 0
    try:
        # start-up reads with a connection that may write (so a WAL file left by a kill is recovered and nothing is
        # left beside the file); the others read only
        conn = sqlite3.connect(path, timeout=10) if writing else sqlite3.connect(read_only_uri(path), uri=True)
        try:
            # one read transaction: the version and the tables of the same moment, even while another process
            # starting together commits the first migration (read apart, a version 0 beside its tables was refused)
            conn.execute("BEGIN")
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            classify(path, version, tables - {"sqlite_sequence"}, newest())
            problems = [line for r in conn.execute("PRAGMA integrity_check(3)") for line in str(r[0]).splitlines()
                        if not line.startswith("***")]
        finally:
            conn.rollback()
            conn.close()
    except sqlite3.Error as exc:
        raise from_sqlite_error(path, exc) from None
    if problems != ["ok"]:
        raise unusable(path, f"is damaged (integrity check: {'; '.join(problems)[:200]})", RESTORE)
    return version
