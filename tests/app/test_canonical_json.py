"""The saved state's JSON does not depend on the process's string hashing (sets are written sorted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """
import json
from rules.board.state import BoardState, Terrain, TerrainKeyword
from content.schema.board import BoardSpec
board = BoardState(spec=BoardSpec(boundless_edges=frozenset({"top", "left", "bottom"})), terrain=(
    Terrain(id="t", name="T", cells=(), keywords=frozenset(TerrainKeyword)),))
print(json.dumps(board.model_dump(mode="json"), sort_keys=True))
"""


def test_sets_are_written_in_the_same_order_whatever_the_hash_seed() -> None:
    """Rulebook (line 1569): Tiles are made of spaces (e.g. to measure distance through a terrain tile, count the
    spaces underneath it).

    The same state is the same JSON in every process: the export, the log replay and the byte-identical script output
    rely on it."""
    outs = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True,
                             cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
        outs.add(out.stdout)
    assert len(outs) == 1
    data = json.loads(outs.pop())
    assert data["spec"]["boundless_edges"] == ["bottom", "left", "top"]
