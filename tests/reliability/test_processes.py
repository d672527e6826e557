"""Several bot processes on one database (issue #24): two OS processes, each a whole App, send interleaved commands to
the same campaign at once. Each App keeps the channel's head in memory; the other process's writes make that cache
stale, and the write transaction's check (seq and head text) makes it refreshed, never overwritten: nothing is lost,
nothing is doubled, the log is gap-free and replays to the stored head. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bot.app.history import rebuild
from storage.base import Database
from tests.conftest import CATALOGUE, Backend, Table, open_app
from tests.reliability.disks import ROOT, TIMEOUT

COMMANDS = 120 if os.environ.get("KFGM_SOAK") else 40
# one App in its own process: imports, opens the database, says "ready", waits for the go file, then plays
PLAYER = """
import asyncio, json, sys, time
from pathlib import Path
from tests.conftest import Table, open_app
LINES = ["/roll dice count:2", "/roll test difficulty:6", "/deck draw deck:minor_mortis", "/roll power red:2 white:1"]
async def main():
    app = await open_app(sys.argv[1], seed=int(sys.argv[3]), images=Path(sys.argv[4]))
    table = Table(app)
    await table("/gm log count:1")  # connected and loaded
    print("ready", flush=True)
    while not Path(sys.argv[2]).exists():
        await asyncio.sleep(0.001)
    seqs = []
    for i in range(int(sys.argv[5])):
        reply = await table.ok(f"@{sys.argv[6]} " + LINES[i % len(LINES)])
        seqs.append(reply.data["seq"])
    await app.db.close()
    print(json.dumps(seqs), flush=True)
asyncio.run(main())
"""


async def _campaign(target: str, images: Path) -> None:
    app = await open_app(target, images=images)
    await Table(app).ok('/campaign new name:"Two Processes"')
    await app.db.close()


def test_two_processes_interleave_commands_on_one_campaign(backend: Backend, tmp_path: Path) -> None:
    target = backend.target("shared")
    asyncio.run(_campaign(target, tmp_path / "images"))
    go = tmp_path / "go"
    children = [subprocess.Popen([sys.executable, "-c", PLAYER, target, str(go), str(n), str(tmp_path / "images"),
                                  str(COMMANDS), who], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 cwd=ROOT) for n, who in ((1, "kara"), (2, "sonch"))]
    for child in children:
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        assert line == "ready", (line, child.stderr.read() if child.stderr else "")
    go.touch()
    seqs = {}
    deadline = time.monotonic() + TIMEOUT
    for who, child in zip(("kara", "sonch"), children, strict=True):
        out, err = child.communicate(timeout=max(1.0, deadline - time.monotonic()))
        assert child.returncode == 0, err
        seqs[who] = json.loads(out.strip().splitlines()[-1])
    every = sorted(seqs["kara"] + seqs["sonch"])
    assert every == list(range(1, 2 * COMMANDS + 1)), "a command was lost or doubled"
    # interleaved: each process wrote between two writes of the other (its cached head went stale and was refreshed)
    assert any(a < b < c for a, c in zip(seqs["kara"], seqs["kara"][1:], strict=False) for b in seqs["sonch"])
    asyncio.run(_verify(target, seqs))


async def _verify(target: str, seqs: dict[str, list[int]]) -> None:
    from rules.engine import Engine

    db = await Database.open(target)
    try:
        row = await db.active_campaign("console", "console")
        assert row is not None and row.seq == 2 * len(seqs["kara"])
        entries = await db.log(row.id)
        assert [e.seq for e in entries] == list(range(row.seq + 1)), "the log has a gap"
        for who, mine in seqs.items():
            assert [e.seq for e in entries if e.actor == who] == mine
        assert (await rebuild(db, Engine(CATALOGUE), row.id)).model_dump_json() == row.state_json
    finally:
        await db.close()
