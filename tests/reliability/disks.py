"""Bad databases and bad disks for the reliability tests: files that cannot be kfgm's database, a small tmpfs that
fills up or turns read-only, and ``kfgm`` run as a subprocess the way an operator runs it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from storage.migrations import MIGRATIONS
from tests.conftest import Table, open_app

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120  # seconds: a hang is a failure, however loaded the machine


def kfgm(*args: str, db: Path | str | None = None, timeout: float = TIMEOUT, **env: str) -> subprocess.CompletedProcess[str]:
    """``kfgm ARGS`` as a process, with ``KFGM_DATABASE`` set to ``db``; stdin closed; killed after ``timeout``."""
    environ = {k: v for k, v in os.environ.items() if k != "KFGM_DATABASE_URL"}
    environ.update(env, KFGM_LOG_FORMAT="text")
    if db is not None:
        environ["KFGM_DATABASE"] = str(db)
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True, timeout=timeout,
                          env=environ, cwd=ROOT, stdin=subprocess.DEVNULL)


def kfgm_database(path: Path, commands: int = 40) -> Path:
    """A real kfgm database with a campaign of ``commands`` commands (big enough to span several pages)."""

    async def make() -> None:
        app = await open_app(path)
        table = Table(app)
        await table.ok('/campaign new name:"Bad Disks"')
        for _ in range(commands):
            await table.ok("/roll power red:3 black:1 white:1")
        await app.db.close()

    asyncio.run(make())
    return path


def make_bad(kind: str, path: Path) -> Path:
    """A file at ``path`` that kfgm must refuse: random bytes, truncated, zeroed header, foreign, newer, malformed."""
    if kind == "random":
        path.write_bytes(random.Random(7).randbytes(64 * 1024))
    elif kind == "foreign":
        with contextlib.closing(sqlite3.connect(path)) as conn:
            conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
            conn.execute("INSERT INTO notes(text) VALUES ('my shopping list')")
            conn.commit()
    else:
        kfgm_database(path)
        data = bytearray(path.read_bytes())
        if kind == "truncated":
            data = data[: len(data) // 3]
        elif kind == "zeroed":
            data[:100] = bytes(100)
        elif kind == "newer":
            with contextlib.closing(sqlite3.connect(path)) as conn:
                conn.execute("PRAGMA user_version=99")
            return path
        elif kind == "malformed":  # an index that points at another index's pages: integrity_check fails
            with contextlib.closing(sqlite3.connect(path)) as conn:
                root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name='sqlite_autoindex_members_1'")
                conn.execute("PRAGMA writable_schema=ON")
                conn.execute("UPDATE sqlite_master SET rootpage=? WHERE name='sqlite_autoindex_snapshots_1'",
                             (root.fetchone()[0],))
                conn.commit()
            return path
        path.write_bytes(bytes(data))
    return path


BAD_KINDS = ("random", "truncated", "zeroed", "foreign", "newer", "malformed")
NEWEST = MIGRATIONS[-1][0]


@contextlib.contextmanager
def small_tmpfs(size: str = "4m") -> Iterator[Path | None]:
    """A tmpfs of ``size`` mounted in a new folder (root only), or None where it cannot be mounted."""
    folder = Path(tempfile.mkdtemp(prefix="kfgm-tmpfs-"))
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "kfgm-test", str(folder)], capture_output=True).returncode == 0
    try:
        yield folder if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)
        folder.rmdir()


def remount(folder: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True, capture_output=True)


def fill(folder: Path) -> Path:
    """Fill the filesystem of ``folder`` to the last byte; the filler file is returned (delete it for space)."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for chunk in (b"\0" * 65536, b"\0" * 512, b"\0"):
            with contextlib.suppress(OSError):
                while os.write(fd, chunk):
                    pass
    finally:
        os.close(fd)
    return filler
