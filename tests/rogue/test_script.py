"""A whole Rogue's Path campaign of three nodes played by a `kfgm play` script (issue #9, "Done when")."""

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

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "rogue" / "three_nodes.txt"


async def test_three_nodes_with_two_knights_and_a_squire(tmp_path: Path) -> None:
    """Rulebook (line 1834): The Rogue's Path campaign is played in Rosegraal Rounds."""
    app = App(await Database.open(tmp_path / "kfgm.sqlite3"), CATALOGUE, build_registry(), seed=7,
              image_dir=tmp_path / "images")
    try:
        out = io.StringIO()
        await run_lines(app, SCRIPT.read_text(encoding="utf-8").splitlines(), out, as_json=True)
        records: list[dict[str, Any]] = [json.loads(x) for x in out.getvalue().splitlines()]
        assert [r["command"] for r in records if not r["ok"]] == []
        status = next(r for r in records if r["command"] == "/rogue status")["data"]["rogue"]
        assert status["crossed"] == ["s", "a1", "b2"] and status["round"] == 3
        assert status["resurrections"] == 5 + 1 - 2 + 2  # start, a1 won, two deaths on b2, b2 won
        assert status["claimed"] == {"rr_ashen_blade": "kara"}
        assert sorted(status["reachable"]) == ["a2", "b1", "c1", "c2"]
        assert next(r for r in records if r["command"] == "/rogue map")["images"]
        loaded = await app.load(invocation("gm", "/gm state"))  # replaying the log rebuilds the same state
        rebuilt = await rebuild(app.db, app.engine, loaded.row.id)
        assert rebuilt.model_dump() == loaded.state.model_dump()
        assert loaded.state.rogue is not None and loaded.state.rogue.tackling is None
    finally:
        await app.db.close()
