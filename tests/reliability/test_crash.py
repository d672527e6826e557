"""Crash safety: `kfgm play --script` killed with SIGKILL at random moments never loses or half-writes
a command. Set KFGM_SOAK=1 (make soak) for the long variant."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bot.app.history import rebuild
from rules.state import CampaignState
from storage.db import Database
from tests.conftest import CATALOGUE

RUNS = 120 if os.environ.get("KFGM_SOAK") else 12
LINES = [
    "/roll test difficulty:6 bonus:1", "/roll power red:5 black:2 white:2", "/deck draw deck:major_mortis",
    "/roll d100", "/deck draw deck:judicium vigor:-9", "/roll dice count:4", "/gm undo",
    "/clash place kind:knight name:Kara space:C3", "/roll random among:\"A,B,C\"", "/gm force-next values:7",
    "/roll test difficulty:8", "/gm amend-last values:2",
]


def script(tmp_path: Path) -> Path:
    rng = random.Random(7)
    body = ['/campaign new name:"Crash"'] + [rng.choice(LINES) for _ in range(400)]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(body) + "\n")
    return path


async def verify(db_path: Path) -> int:
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    db = await Database.open(db_path)
    try:
        row = await db.active_campaign("console", "console")
        if row is None:
            return 0
        entries = await db.log(row.id)
        assert [e.seq for e in entries] == list(range(row.seq + 1)), "the log has a gap or a half-written entry"
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
    seqs = []
    for run in range(RUNS):
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "play", "--script", str(lines), "--json",
                                 "--seed", "3", "--db", str(db_path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.25, 1.2))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        seqs.append(asyncio.run(verify(db_path)))
        if run % 3 == 2:  # start over now and then so early moments (creation) are killed too
            for suffix in ("", "-wal", "-shm"):
                Path(str(db_path) + suffix).unlink(missing_ok=True)
    assert max(seqs) > 0, "no run got far enough to write a command"
