"""Crash safety: `kfgm play --script` killed with SIGKILL at random moments never loses or half-writes
a command. Set KFGM_SOAK=1 (make soak) for the long variant.

The kill is timed from what the process shows, not from when it was started (a loaded machine can take
seconds just to start Python): from its first reply on stdout (it is inside the command loop), or, on a fresh
database, from the moment the database file exists (migrations and the campaign's creation are then killed
too). Just before the kill the process is frozen (SIGSTOP) and the database's write lock is probed: that tells
whether the kill lands inside a write transaction. Some runs hunt for such a moment (freeze, probe, let it go
on, until it is writing), so every run of the test kills processes mid-transaction, and says how many."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app.history import rebuild
from rules.state import CampaignState
from storage.db import Database
from tests.conftest import CATALOGUE

RUNS = 120 if os.environ.get("KFGM_SOAK") else 12
START_TIMEOUT = 120.0  # seconds a (very) loaded machine may take to reach the command loop
LINES = [
    "/roll test difficulty:6 bonus:1", "/roll power red:5 black:2 white:2", "/deck draw deck:major_mortis",
    "/roll d100", "/deck draw deck:judicium vigor:-9", "/roll dice count:4", "/gm undo",
    "/clash place kind:knight name:Kara space:C3", "/roll random among:\"A,B,C\"", "/gm force-next values:7",
    "/roll test difficulty:8", "/gm amend-last values:2",
]


def script(tmp_path: Path) -> Path:
    """Long enough that no run reaches its end before it is killed, however fast the machine."""
    rng = random.Random(7)
    body = ['/campaign new name:"Crash"'] + [rng.choice(LINES) for _ in range(3000)]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(body) + "\n")
    return path


@dataclass
class Child:
    """A `kfgm play --script` process and the replies it printed (each printed only after its command committed)."""

    proc: subprocess.Popen[str]
    replies: list[dict[str, Any]] = field(default_factory=list)
    first_reply: threading.Event = field(default_factory=threading.Event)

    @classmethod
    def start(cls, lines: Path, db_path: Path | str, stderr: Path) -> Child:
        with stderr.open("w") as err:
            proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "play", "--script", str(lines), "--json",
                                     "--seed", "3", "--db", str(db_path)], stdout=subprocess.PIPE, stderr=err,
                                    text=True, encoding="utf-8")
        child = cls(proc)
        threading.Thread(target=child._read, daemon=True).start()  # drained all along: a full pipe would stall it
        return child

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with contextlib.suppress(json.JSONDecodeError):  # the last line, cut by the kill
                self.replies.append(json.loads(line))
            self.first_reply.set()
        self.first_reply.set()

    def alive(self) -> bool:
        return self.proc.poll() is None


def writing(db_path: Path) -> bool:
    """Whether a write transaction is open on the database now (its write lock is taken). Taking the lock
    ourselves, if it is free, is immediately undone."""
    try:
        conn = sqlite3.connect(f"file:{db_path}?mode=rw", uri=True, timeout=0, isolation_level=None)
    except sqlite3.OperationalError:  # no database file yet
        return False
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as exc:
        # "locking protocol" (SQLITE_PROTOCOL): the frozen process holds the WAL index mid-change: inside a write too
        if "locked" in str(exc) or "busy" in str(exc) or "locking protocol" in str(exc):
            return True
        raise
    finally:
        conn.close()


def kill(child: Child, db_path: Path, hunt: bool, rng: random.Random) -> bool | None:
    """SIGKILL the process, frozen first to see whether it is inside a write transaction (returned). With
    ``hunt``, let it go on in small random steps until it is (or give up after a while and kill it anyway).
    None if it had already ended."""
    for attempt in range(3000 if hunt else 1):
        if not child.alive():
            return None
        child.proc.send_signal(signal.SIGSTOP)
        in_write = writing(db_path)
        if in_write or attempt == (3000 if hunt else 1) - 1:
            child.proc.send_signal(signal.SIGKILL)
            child.proc.wait()
            return in_write
        child.proc.send_signal(signal.SIGCONT)
        time.sleep(rng.uniform(0, 0.002))
    raise AssertionError("unreachable")


async def verify(db_path: Path | str, replies: list[dict[str, Any]], head_before: int | None) -> int | None:
    """The database is sound, the head is what replaying the log gives, and every command the process answered
    (it answers after the commit) is in the log, in order: the entries this run added are the answered commands,
    plus at most one more (committed, killed before its answer was printed). The head's seq, None if no campaign."""
    if isinstance(db_path, Path):
        conn = sqlite3.connect(db_path)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
    db = await Database.open(db_path)  # also finishes migrations a kill interrupted
    try:
        # every command of the script that succeeds writes one entry (an amend entry keeps the amended command)
        answered = ["amend" if r["command"].startswith("/gm amend-last") else r["command"] for r in replies if r["ok"]]
        row = await db.active_campaign("console", "console")
        if row is None:
            assert not answered, "a command was answered but its campaign is gone"
            return None
        entries = await db.log(row.id)
        assert [e.seq for e in entries] == list(range(row.seq + 1)), "the log has a gap or a half-written entry"
        added = ["amend" if e.kind == "amend" else e.command for e in entries
                 if e.seq > (-1 if head_before is None else head_before)]
        assert added[:len(answered)] == answered and len(added) - len(answered) in (0, 1), (answered, added)
        from rules.engine import Engine

        rebuilt = await rebuild(db, Engine(CATALOGUE), row.id)
        assert rebuilt == CampaignState.model_validate_json(row.state_json), "replaying the log differs from the head"
        return row.seq
    finally:
        await db.close()


def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(20261129)
    lines = script(tmp_path)
    db_path = tmp_path / "crash.sqlite3"
    seqs: list[int | None] = []
    head: int | None = None
    during_write = elsewhere = 0
    for run in range(RUNS):
        fresh = not db_path.exists()
        child = Child.start(lines, db_path, tmp_path / f"stderr-{run}.txt")
        deadline = time.monotonic() + START_TIMEOUT
        if fresh:  # from the moment the database exists: its migrations, then the campaign's creation
            while not db_path.exists() and child.alive() and time.monotonic() < deadline:
                time.sleep(0.001)
            time.sleep(rng.uniform(0, 0.2))  # then the first write found: a migration, the creation, a command
            hunt = True
        else:  # inside the command loop: after its first reply, at a random moment
            child.first_reply.wait(timeout=START_TIMEOUT)
            time.sleep(rng.uniform(0, 0.4))
            hunt = run % 2 == 0
        assert child.alive(), f"run {run} ended before it was killed: {(tmp_path / f'stderr-{run}.txt').read_text()}"
        in_write = kill(child, db_path, hunt, rng)
        assert in_write is not None, f"run {run} ended before it was killed"
        during_write += in_write
        elsewhere += not in_write
        head = asyncio.run(verify(db_path, child.replies, head))
        seqs.append(head)
        if run % 3 == 2:  # start over now and then so early moments (creation) are killed too
            for suffix in ("", "-wal", "-shm"):
                Path(str(db_path) + suffix).unlink(missing_ok=True)
            head = None
    print(f"{RUNS} kills: {during_write} inside a write transaction, {elsewhere} elsewhere; log heads {seqs}")
    assert max(s or 0 for s in seqs) > 0, "no run got far enough to write a command"
    assert during_write >= RUNS // 3, f"only {during_write} of {RUNS} kills landed inside a write transaction"


def test_sigkill_on_postgresql_loses_nothing(postgres_server: str, tmp_path: Path) -> None:
    """The same kills on the PostgreSQL backend: the server rolls back the killed client's open transaction, so the
    log holds every answered command, at most one more, never half of one. (The moment is random from the first
    reply; PostgreSQL has no file lock to probe, so the hunt for a moment inside a write is SQLite's test above.)"""
    from tests.conftest import postgres_schema

    rng = random.Random(20261201)
    lines = script(tmp_path)
    target = postgres_schema(postgres_server)
    head: int | None = None
    seqs = []
    for run in range(max(4, RUNS // 3)):
        child = Child.start(lines, target, tmp_path / f"stderr-{run}.txt")
        child.first_reply.wait(timeout=START_TIMEOUT)
        time.sleep(rng.uniform(0, 0.5))
        assert child.alive(), f"run {run} ended before it was killed: {(tmp_path / f'stderr-{run}.txt').read_text()}"
        child.proc.send_signal(signal.SIGKILL)
        child.proc.wait()
        head = asyncio.run(verify(target, child.replies, head))
        seqs.append(head)
    print(f"{len(seqs)} kills on PostgreSQL; log heads {seqs}")
    assert max(s or 0 for s in seqs) > 0, "no run got far enough to write a command"
