"""Two Hunts of the Rites of the Apocrypha played by a `kfgm play` script, and the log replayed."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from bot.app.commands import build_registry
from bot.app.history import rebuild
from bot.app.service import App
from bot.console.runner import invocation, run_lines
from storage.db import Database
from tests.conftest import CATALOGUE

SCRIPT = Path(__file__).resolve().parent / "two_hunts.txt"


async def test_two_hunts_by_script_and_the_log_replays(tmp_path: Path) -> None:
    """Rulebook (line 1713): Whenever you beat a Hunt for the first time, mark it as completed and unlock one or more
    connected Hunts."""
    app = App(await Database.open(tmp_path / "kfgm.sqlite3"), CATALOGUE, build_registry(), seed=7,
              image_dir=tmp_path / "images")
    try:
        out = io.StringIO()
        await run_lines(app, SCRIPT.read_text(encoding="utf-8").splitlines(), out, as_json=True)
        records: list[dict[str, Any]] = [json.loads(x) for x in out.getvalue().splitlines()]
        assert [r["command"] for r in records if not r["ok"]] == []
        status = next(r for r in records if r["command"] == "/postgame status")["data"]["postgame"]
        assert status["marked"] == ["h1", "h2"] and status["run"] is None
        assert status["unlocked"] == ["h3", "h4", "h5"] and status["defeated"] == {"drowned": [1], "stag": [1]}
        assert "the Dungeon is lost (the Threat reached 8)" in status["history"][1]
        assert next(r for r in records if r["command"] == "/postgame map")["images"]
        loaded = await app.load(invocation("gm", "/gm state"))  # replaying the log rebuilds the same state
        rebuilt = await rebuild(app.db, app.engine, loaded.row.id)
        assert rebuilt.model_dump() == loaded.state.model_dump()
    finally:
        await app.db.close()


async def test_a_sigh_of_the_graal_replays_a_hunts_clash(tmp_path: Path) -> None:
    """Rulebook (line 325): When a Clash ends, but before you proceed to the story resolution, you may decide to spend
    one Sigh of the Graal to replay the Clash without suffering any of its consequences."""
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    start = lines.index("/postgame start")
    upto = lines.index("/clash adjust monster:wounds value:40")
    script = [*lines[:start], "@kara /knight mark what:sigh", *lines[start:upto + 1], "@kara /clash sigh",
              "/postgame status"]
    app = App(await Database.open(tmp_path / "kfgm.sqlite3"), CATALOGUE, build_registry(), seed=7,
              image_dir=tmp_path / "images")
    try:
        out = io.StringIO()
        await run_lines(app, script, out, as_json=True)
        records: list[dict[str, Any]] = [json.loads(x) for x in out.getvalue().splitlines()]
        assert [r["command"] for r in records if not r["ok"]] == []
        status = records[-1]["data"]["postgame"]
        assert status["marked"] == [] and status["run"] is not None  # the Hunt waits in the lair again
        state = (await app.load(invocation("gm", "/gm state"))).state
        assert state.clash is None and state.knights["kara"].sheet.sigh_of_the_graal is False
    finally:
        await app.db.close()
