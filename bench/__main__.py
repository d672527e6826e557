"""``make bench``: speed and memory, each figure next to a baseline measured in the same run, printed as a
table and written to bench/results.json. Ratios, not absolute times, so the figures compare across machines.

- commands: N commands through application + storage on one campaign, against a bare aiosqlite
  single-row insert-and-commit with the same database settings (target: ratio of rates >= 0.5); and the same on
  PostgreSQL against a bare asyncpg insert-and-commit (bench/postgres.py, pg_* figures). The two
  are measured interleaved, in blocks of BLOCK, in one event loop, so both meet the same machine load
  (on a shared machine, measuring one after the other swung the ratio between 0.1 and 1.1).
- picture: drawing the Clash Board against PNG-encoding a blank canvas of the same size (target <= 3x).
- replay: rebuilding a 10,000-action campaign from its nearest snapshot (target <= 50 ms) and from
  nothing (target <= 2 s).
- memory: resident memory with 1,000 campaigns loaded (target <= 1 GB); start-up time of the
  application with the starter pack (target <= 2 s).
- attack: a whole Knight attack sequence through the engine only (no storage, no picture), answering its Heat
  re-roll decision (and a Response's Attack, when one comes) with default answers, 400 times from the same
  state with different dice: p50 and p99 (target p99 <= 2 ms), next to the baseline of one deep copy of that
  campaign state (what every engine action pays).
- import stall: the event loop's longest stall while a 40,000-entry ``/campaign import`` runs beside another
  server's commands (target <= 100 ms), the same leaving out the storage write, and how long the write and the
  whole import took (bench/stall.py).
"""

from __future__ import annotations

import asyncio
import io
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiosqlite
from PIL import Image

from bench.postgres import figures as postgres_figures
from bench.stall import measure as measure_stall
from bot.app.commands import build_registry
from bot.app.history import rebuild, state_before_top
from bot.app.service import App
from bot.console.runner import invocation
from bot.render.board import render_board
from content.loader import load_catalogue
from rules.state import CampaignState
from storage.db import Database

N = 300
BLOCK = 10  # commands (and baseline commits) measured in a row before switching to the other
RESULTS = Path(__file__).parent / "results.json"
MIX = ["/roll test difficulty:6 bonus:1", "/roll power red:4 black:2 white:1", "/deck draw deck:minor_mortis",
       "/roll d100", "/roll dice count:3"]


async def _baseline_conn(path: Path) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)
    for pragma in ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL"):
        await conn.execute(pragma)
    await conn.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, body TEXT)")
    return conn


async def _baseline_commits(conn: aiosqlite.Connection, first: int, count: int) -> float:
    start = time.perf_counter()
    for i in range(first, first + count):
        await conn.execute("BEGIN IMMEDIATE")
        await conn.execute("INSERT INTO t VALUES (?, ?)", (i, "x" * 2000))
        await conn.execute("COMMIT")
    return time.perf_counter() - start


async def _commands(app: App, first: int, count: int) -> float:
    start = time.perf_counter()
    for i in range(first, first + count):
        line = MIX[i % len(MIX)]
        reply = await app.run_line(invocation("gm", line), line)
        assert reply.ok, reply.error
    return time.perf_counter() - start


async def baseline_commit_s(path: Path) -> float:
    conn = await _baseline_conn(path)
    elapsed = await _baseline_commits(conn, 0, N)
    await conn.close()
    return elapsed / N


async def new_app(path: Path | str) -> App:
    app = App(await Database.open(path), load_catalogue(), build_registry(), seed=1, image_dir=Path(tempfile.mkdtemp()))
    return app


async def _bench_app(path: Path) -> App:
    app = await new_app(path)
    await app.run_line(invocation("gm", "/campaign new"), '/campaign new name:"Bench"')
    return app


async def command_s(path: Path) -> float:
    app = await _bench_app(path)
    elapsed = await _commands(app, 0, N)
    await app.db.close()
    return elapsed / N


async def commands_and_baseline_s(root: Path, run: int) -> tuple[float, float]:
    """Seconds per command and per baseline commit, N of each, measured in alternating blocks of BLOCK."""
    app = await _bench_app(root / f"a{run}.sqlite3")
    conn = await _baseline_conn(root / f"b{run}.sqlite3")
    commands = commits = 0.0
    for first in range(0, N, BLOCK):
        commits += await _baseline_commits(conn, first, BLOCK)
        commands += await _commands(app, first, BLOCK)
    await conn.close()
    await app.db.close()
    return commands / N, commits / N


PICTURE_SCRIPT = [
    '@sonch /knight create knight:lanternbearer name:"Ser Sonch"',
    "/delve start kingdom:aubrevane", "/delve travel direction:north", "/delve travel direction:east",
]


def picture_ratios() -> dict[str, float]:
    """Each picture's drawing time against PNG-encoding a blank canvas of the same size."""
    from bot.app.commands.delve import current
    from bot.console.runner import split_user
    from bot.render.kingdom_map import render_kingdom_map
    from bot.render.sheet import render_sheet
    from rules.knights.view import details
    from tests.app.test_clash_board_commands import SETUP  # the busy board of the tests

    async def table() -> tuple[App, CampaignState]:
        app = await new_app(":memory:")
        await app.run_line(invocation("gm", ""), '/campaign new name:"Pictures"')
        for raw in SETUP + PICTURE_SCRIPT:
            user, line = split_user(raw)
            reply = await app.run_line(invocation(user, line), line)
            assert reply.ok, (line, reply.error)
        loaded = await app.load(invocation("gm", ""))
        await app.db.close()
        return app, loaded.state

    app, state = asyncio.run(table())
    delve, kingdom, tiles = current(app.engine, state)
    knight = next(iter(state.knights.values()))
    drawings = {
        "board": lambda: render_board(state.board),
        "map": lambda: render_kingdom_map(kingdom, tiles, delve, state.track),
        "sheet": lambda: render_sheet(details(app.catalogue, knight)),
    }
    ratios = {}
    for name, draw in drawings.items():
        size = Image.open(io.BytesIO(draw())).size

        def blank(size: tuple[int, int] = size) -> None:
            Image.new("RGB", size, "white").save(io.BytesIO(), "PNG")

        drawn = statistics.median(_time(draw) for _ in range(7))
        ratios[name] = drawn / statistics.median(_time(blank) for _ in range(7))
    return ratios


ATTACK_SETUP = (
    '@kara /knight create knight:lanternbearer name:"Ser Sonch"',
    "/clash start monster:abbot level:3 type:full providence:true",
    '/clash place kind:knight name:"Ser Sonch" space:E5',
)


def attack_ms(runs: int = 400) -> tuple[float, float, float]:
    """p50 and p99 of a whole Knight attack (engine only), and the median deep copy of the state (ms)."""
    from bot.console.runner import split_user
    from rules.clash.knight_attack import KnightAttack
    from rules.clash.round_handlers import Choose

    async def table() -> tuple[App, CampaignState]:
        app = await new_app(":memory:")
        await app.run_line(invocation("gm", ""), '/campaign new name:"Attacks"')
        for raw in ATTACK_SETUP:
            user, line = split_user(raw)
            reply = await app.run_line(invocation(user, line), line)
            assert reply.ok, (line, reply.error)
        loaded = await app.load(invocation("gm", ""))
        await app.db.close()
        return app, loaded.state

    app, state = asyncio.run(table())
    engine = app.engine
    knight = next(iter(state.knights))
    times = []
    for i in range(runs):
        start_state = state.model_copy(update={"seed": 1000 + i}, deep=True)
        assert start_state.clash is not None  # each run meets another BP card (the deck turned by one)
        deck = start_state.clash.bp_deck
        start_state.clash.bp_deck = deck[i % len(deck):] + deck[:i % len(deck)]
        start = time.perf_counter()
        # in place, as the application applies an action to a state it has just read from storage
        result = engine.apply(start_state, KnightAttack(knight=knight, weapon="gear_pilgrims_mace"),
                              engine.dice_for(start_state), in_place=True)
        while result.pending is not None:  # Heat re-rolls kept; a Response's Attack: its first answers
            keys = result.pending.options
            result = engine.apply(result.state, Choose(decision=result.pending.id,
                                                       options=["keep" if "keep" in keys else keys[0]]),
                                  engine.dice_for(result.state), in_place=True)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    copy = statistics.median(_time(lambda: state.model_copy(deep=True)) for _ in range(50)) * 1000
    return times[len(times) // 2], times[int(len(times) * 0.99)], copy


def _time(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


async def replay_ms(path: Path, actions: int = 10_000) -> tuple[float, float]:
    app = await new_app(path)
    ctx = invocation("gm", "")
    await app.run_line(ctx, '/campaign new name:"Long campaign"')
    for i in range(actions):
        line = MIX[i % len(MIX)]
        assert (await app.run_line(invocation("gm", line), line)).ok
    row = await app.db.active_campaign("console", "console")
    assert row is not None
    start = time.perf_counter()
    top, _ = await state_before_top(app.db, app.engine, row.id)  # what /gm undo does: nearest snapshot + replay
    snapshot = time.perf_counter() - start
    start = time.perf_counter()
    rebuilt = await rebuild(app.db, app.engine, row.id)
    full = time.perf_counter() - start
    assert rebuilt == CampaignState.model_validate_json(row.state_json)
    await app.db.close()
    return snapshot * 1000, full * 1000


async def rss_1000_campaigns_mb(path: Path) -> float:
    app = await new_app(path)
    for n in range(1000):
        ctx = invocation("gm", "")
        ctx = ctx.__class__(guild_id=f"g{n % 50}", channel_id=f"c{n}", user_id="gm", user_name="gm", is_admin=True)
        assert (await app.run_line(ctx, f'/campaign new name:"C{n}"')).ok
    loaded = [await app.load(ctx.__class__(guild_id=f"g{n % 50}", channel_id=f"c{n}", user_id="gm", user_name="gm"))
              for n in range(1000)]
    assert len(loaded) == 1000
    await app.db.close()
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def startup_s() -> float:
    code = ("from bot.app.commands import build_registry; from content.loader import load_catalogue; "
            "load_catalogue(); build_registry()")
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        runs = [asyncio.run(commands_and_baseline_s(root, i)) for i in range(5)]
        per = statistics.median(command for command, _ in runs)
        base = statistics.median(commit for _, commit in runs)
        ratio = statistics.median(commit / command for command, commit in runs)
        snapshot_ms, full_ms = asyncio.run(replay_ms(root / "replay.sqlite3"))
        rss = asyncio.run(rss_1000_campaigns_mb(root / "rss.sqlite3"))
        stall = asyncio.run(measure_stall(root))
    pictures = picture_ratios()
    attack_p50, attack_p99, copy_ms = attack_ms()
    results = {
        "commands_per_s": round(1 / per, 1),
        "commands_ratio": round(ratio, 3),
        "attack_p50_ms": round(attack_p50, 3),
        "attack_p99_ms": round(attack_p99, 3),
        "attack_baseline_copy_ms": round(copy_ms, 3),
        "picture_ratio_board": round(pictures["board"], 2),
        "picture_ratio_map": round(pictures["map"], 2),
        "picture_ratio_sheet": round(pictures["sheet"], 2),
        "replay_snapshot_ms": round(snapshot_ms, 1),
        "replay_full_ms": round(full_ms, 1),
        "rss_1000_campaigns_mb": round(rss, 1),
        "startup_s": round(startup_s(), 3),
        "import_stall_ms": stall.longest_ms,
        "import_stall_no_write_ms": stall.outside_write_ms,
        "import_write_s": stall.write_s,
        "import_40k_s": stall.import_s,
        "baseline_commits_per_s": round(1 / base, 1),
        **postgres_figures(N, BLOCK),
    }
    targets = {"commands_ratio": ">= 0.5", "pg_commands_ratio": ">= 0.5", "attack_p99_ms": "<= 2",
               "picture_ratio_board": "<= 3",
               "picture_ratio_map": "<= 3", "picture_ratio_sheet": "<= 3", "replay_snapshot_ms": "<= 50",
               "replay_full_ms": "<= 2000", "rss_1000_campaigns_mb": "<= 1024", "startup_s": "<= 2",
               "import_stall_ms": "<= 100"}
    print(f"{'figure':<24}{'value':>12}  target")
    for key, value in results.items():
        print(f"{key:<24}{'—' if value is None else value:>12}  {targets.get(key, '')}")
    print("(commands_ratio: SQLite commands/s over its bare commits/s; pg_commands_ratio: the same on PostgreSQL)")
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
