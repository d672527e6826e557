"""``make bench`` on PostgreSQL: N commands through application + storage on one campaign, against a bare asyncpg
single-row insert-and-commit on the same server (the same 2,000-character row as SQLite's baseline), measured
interleaved in blocks as bench/__main__.py does for SQLite. The server is KFGM_TEST_POSTGRESQL_URL, or a throwaway
cluster started with .ci/postgres (fsync off, as in the tests: both figures of the ratio pay the same)."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where it is used: a bench run loads asyncpg only for these figures, after the others
    import asyncpg

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def server() -> Iterator[str | None]:
    """A PostgreSQL database URL, or None (and why, on standard error) when no server can be had."""
    url = os.environ.get("KFGM_TEST_POSTGRESQL_URL")
    if url:
        yield url
        return
    folder = Path(tempfile.mkdtemp(prefix="kfgm-bench-pg-"))
    started = subprocess.run(["bash", str(ROOT / ".ci" / "postgres"), "start", str(folder)], capture_output=True,
                             text=True)
    try:
        if started.returncode != 0:
            print(f"PostgreSQL cannot be started here, so its figures are left out: {started.stderr.strip()}")
            yield None
        else:
            yield started.stdout.strip()
    finally:
        subprocess.run(["bash", str(ROOT / ".ci" / "postgres"), "stop", str(folder)], capture_output=True)


async def _schema(url: str) -> str:
    import asyncpg

    name = f"bench_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(url)
    await conn.execute(f"CREATE SCHEMA {name}")
    await conn.close()
    return f"{url}{'&' if '?' in url else '?'}search_path={name}"


async def _baseline_commits(conn: asyncpg.Connection, first: int, count: int) -> float:
    start = time.perf_counter()
    for i in range(first, first + count):
        async with conn.transaction():
            await conn.execute("INSERT INTO t VALUES ($1, $2)", i, "x" * 2000)
    return time.perf_counter() - start


async def commands_and_baseline_s(url: str, n: int, block: int) -> tuple[float, float]:
    import asyncpg

    from bench.__main__ import _bench_app, _commands

    app = await _bench_app(await _schema(url))
    conn = await asyncpg.connect(await _schema(url))
    await conn.execute("CREATE TABLE t (seq BIGINT PRIMARY KEY, body TEXT)")
    commands = commits = 0.0
    for first in range(0, n, block):
        commits += await _baseline_commits(conn, first, block)
        commands += await _commands(app, first, block)
    await conn.close()
    await app.db.close()
    return commands / n, commits / n


def figures(n: int, block: int) -> dict[str, float | None]:
    with server() as url:
        if url is None:
            return {"pg_commands_per_s": None, "pg_commands_ratio": None, "pg_baseline_commits_per_s": None}
        runs = [asyncio.run(commands_and_baseline_s(url, n, block)) for _ in range(3)]
    return {
        "pg_commands_per_s": round(1 / statistics.median(c for c, _ in runs), 1),
        "pg_commands_ratio": round(statistics.median(b / c for c, b in runs), 3),
        "pg_baseline_commits_per_s": round(1 / statistics.median(b for _, b in runs), 1),
    }
