"""Several bot processes on one database (issue #24): two OS processes, each a whole App, send commands to the same
campaign at once. Each App keeps the channel's head in memory; the other process's writes make that cache stale, and
the write transaction's check (seq and head text) makes it refreshed, never overwritten; a command that lost that race
once takes the campaign's write lock before reading the head (``Database.hold``), so it cannot lose again: nothing is
lost, nothing is doubled, nobody is told "very busy", the log is gap-free and replays to the stored head. On SQLite
and on PostgreSQL."""

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
# one App in its own process: imports, opens the database, says "ready", waits for the go file, then plays COUNT
# commands. Pace "rounds": its i-th command waits until the campaign holds 2*i commands (both processes' earlier
# ones), so each round's two commands are sent together and race; "after": once the campaign holds a command, one
# after the other without a pause; "until": /roll commands without a pause until the stop file (argv 8) exists.
# Prints the seq of each of its commands.
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
    count, pace, seqs = int(sys.argv[5]), sys.argv[7], []
    for i in range(count) if pace != "until" else iter(int, 1):
        if pace == "until" and Path(sys.argv[8]).exists():
            break
        wait = 2 * i if pace == "rounds" else int(pace == "after" and i == 0)
        while (await app.db.active_campaign("console", "console")).seq < wait:
            await asyncio.sleep(0.0005)
        line = LINES[i % len(LINES)] if pace != "until" else LINES[len(seqs) % 2]
        reply = await table.ok(f"@{sys.argv[6]} " + line)
        seqs.append(reply.data["seq"])
    await app.db.close()
    print(json.dumps(seqs), flush=True)
asyncio.run(main())
"""


async def _campaign(target: str, images: Path) -> None:
    app = await open_app(target, images=images)
    await Table(app).ok('/campaign new name:"Two Processes"')
    await app.db.close()


def _play(backend: Backend, tmp_path: Path, paces: dict[str, str], stop: Path | None = None) -> dict[str, list[int]]:
    """Start one player process per (name, pace), let them all go at once, and return each one's seqs; when ``stop``
    is given, it is created once the first (a counted player) has finished, for the "until" players."""
    target = backend.target("shared")
    asyncio.run(_campaign(target, tmp_path / "images"))
    go = tmp_path / "go"
    children = {who: subprocess.Popen(
        [sys.executable, "-c", PLAYER, target, str(go), str(n), str(tmp_path / "images"), str(COMMANDS), who, pace,
         str(stop)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        for n, (who, pace) in enumerate(paces.items(), 1)}
    try:
        for child in children.values():
            assert child.stdout is not None
            line = child.stdout.readline().strip()
            assert line == "ready", (line, child.stderr.read() if child.stderr else "")
        go.touch()
        seqs = {}
        deadline = time.monotonic() + TIMEOUT
        for who, child in children.items():
            out, err = child.communicate(timeout=max(1.0, deadline - time.monotonic()))
            assert child.returncode == 0, err  # a refused command (e.g. "very busy") fails Table.ok in the player
            seqs[who] = json.loads(out.strip().splitlines()[-1])
            if stop is not None:
                stop.touch()
    finally:
        for child in children.values():
            if child.poll() is None:
                child.kill()
                child.communicate()
    every = sorted(s for mine in seqs.values() for s in mine)
    assert every == list(range(1, len(every) + 1)), "a command was lost or doubled"
    asyncio.run(_verify(target, seqs))
    return seqs


def _surrounds(mine: list[int], others: list[int]) -> bool:
    """Some other command landed between two consecutive commands of ``mine``."""
    return any(a < b < c for a, c in zip(mine, mine[1:], strict=False) for b in others)


def test_two_processes_interleave_commands_on_one_campaign(backend: Backend, tmp_path: Path) -> None:
    seqs = _play(backend, tmp_path, {"kara": "rounds", "sonch": "rounds"})
    # each round's two commands were sent together and both landed before the next round: seqs 2i+1 and 2i+2
    rounds = [sorted(pair) for pair in zip(seqs["kara"], seqs["sonch"], strict=True)]
    assert rounds == [[2 * i + 1, 2 * i + 2] for i in range(COMMANDS)]
    # so each process wrote between two writes of the other: its cached head went stale and was refreshed
    assert _surrounds(seqs["kara"], seqs["sonch"]) and _surrounds(seqs["sonch"], seqs["kara"])


def test_processes_that_never_pause_do_not_starve_another(backend: Backend, tmp_path: Path) -> None:
    """The starvation of the old retry loop: sonch's and tull's Apps write without a pause from their cached heads,
    so kara's App, which must read the head again after every lost race, could lose 20 in a row and say "very busy".
    Now kara's second try holds the campaign's write lock: every one of its commands lands, while the others keep
    writing (from before kara's first command until after its last)."""
    seqs = _play(backend, tmp_path, {"kara": "after", "sonch": "until", "tull": "until"}, stop=tmp_path / "stop")
    assert len(seqs["kara"]) == COMMANDS and 1 in seqs["sonch"] + seqs["tull"]


async def _verify(target: str, seqs: dict[str, list[int]]) -> None:
    from rules.engine import Engine

    db = await Database.open(target)
    try:
        row = await db.active_campaign("console", "console")
        assert row is not None and row.seq == sum(len(mine) for mine in seqs.values())
        entries = await db.log(row.id)
        assert [e.seq for e in entries] == list(range(row.seq + 1)), "the log has a gap"
        for who, mine in seqs.items():
            assert [e.seq for e in entries if e.actor == who] == mine
        assert (await rebuild(db, Engine(CATALOGUE), row.id)).model_dump_json() == row.state_json
    finally:
        await db.close()
