"""Several processes starting together on a fresh file (issue #25, item 2): the migrations run in one exclusive
transaction that reads the schema version again inside it, so one process migrates and the others find it done.
On main, 21 of 24 simultaneous opens failed ("table guilds already exists", "duplicate column name") and then hung.
Twice here; 20 times under ``make soak`` (KFGM_SOAK=1)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from storage.migrations import MIGRATIONS
from tests.reliability.disks import ROOT, TIMEOUT

ROUNDS = 20 if os.environ.get("KFGM_SOAK") else 2
PROCESSES = 8
# each process imports everything first, says "ready", then waits for the go file: the opens really start together
OPENER = """
import asyncio, sys, time
from pathlib import Path
from storage.db import Database
print("ready", flush=True)
go = Path(sys.argv[2])
while not go.exists():
    time.sleep(0.001)
async def main():
    db = await Database.open(sys.argv[1])
    await db.close()
asyncio.run(main())
print("opened", flush=True)
"""


def _round(folder: Path) -> list[str]:
    db, go = folder / "fresh.sqlite3", folder / "go"
    children = [subprocess.Popen([sys.executable, "-c", OPENER, str(db), str(go)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, cwd=ROOT) for _ in range(PROCESSES)]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    go.touch()
    failures = []
    deadline = time.monotonic() + TIMEOUT
    for child in children:
        out, err = child.communicate(timeout=max(1.0, deadline - time.monotonic()))  # a hang fails here
        if child.returncode != 0 or out.strip() != "opened":
            failures.append(err.strip().splitlines()[-1] if err.strip() else f"exit {child.returncode}")
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == MIGRATIONS[-1][0]
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    return failures


def test_eight_processes_open_a_fresh_file_together(tmp_path: Path) -> None:
    failures = []
    for n in range(ROUNDS):
        folder = tmp_path / f"round{n}"
        folder.mkdir()
        failures += _round(folder)
    assert failures == [], f"{len(failures)} of {ROUNDS * PROCESSES} opens failed: {failures[:3]}"
