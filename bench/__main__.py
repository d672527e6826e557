"""``make bench``: command throughput through the whole application, reported as a ratio against a
baseline measured in the same run (one bare aiosqlite insert-and-commit per command on the same
disk). Ratios, not absolute times, so the figures compare across machines."""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import aiosqlite

from bot.app.commands import build_registry
from bot.app.service import App
from bot.console.runner import invocation
from content.loader import load_catalogue
from storage.db import Database

N = 300
COMMANDS = ["/roll test difficulty:6 bonus:1", "/roll power red:4 black:2 white:1", "/deck draw deck:minor_mortis"]


async def baseline(path: Path) -> float:
    conn = await aiosqlite.connect(path, isolation_level=None)
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA synchronous=NORMAL")
    await conn.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
    start = time.perf_counter()
    for i in range(N):
        await conn.execute("BEGIN IMMEDIATE")
        await conn.execute("INSERT INTO t VALUES (?, ?)", (i, "x" * 2000))
        await conn.execute("COMMIT")
    elapsed = time.perf_counter() - start
    await conn.close()
    return elapsed / N


async def through_app(path: Path, line: str) -> float:
    app = App(await Database.open(path), load_catalogue(), build_registry(), seed=1)
    await app.run_line(invocation("gm", '/campaign new name:"Bench"'), '/campaign new name:"Bench"')
    ctx = invocation("gm", line)
    start = time.perf_counter()
    for _ in range(N):
        reply = await app.run_line(ctx, line)
        assert reply.ok, reply.error
    elapsed = time.perf_counter() - start
    await app.db.close()
    return elapsed / N


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = statistics.median([await baseline(Path(tmp) / f"base{i}.sqlite3") for i in range(3)])
        rows = {}
        for k, line in enumerate(COMMANDS):
            per = statistics.median([await through_app(Path(tmp) / f"app{k}_{i}.sqlite3", line) for i in range(3)])
            rows[line] = {"ms_per_command": round(per * 1000, 3), "ratio_to_baseline": round(per / base, 2)}
    print(
        json.dumps({"commands_per_run": N, "baseline_ms_per_commit": round(base * 1000, 3), "commands": rows}, indent=1)
    )


if __name__ == "__main__":
    asyncio.run(main())
