"""Whole Clashes played by `kfgm play` scripts, to victory and to defeat, against each starter Monster (issue #5).

The scripts in tests/scripts/clash/ were written by bot/tools/autoplay.py (regenerate them with
`make clash-scripts`; docs/clash.md, "Whole Clashes as scripts"). Each one is run here through the console runner
exactly as `kfgm play --script FILE --json --seed N --db PATH` runs it, and the final state is checked: every command
ok, the outcome the file name says, the Wound Stack or the dead Knights behind it, the Aftermath, and a replay of the
log that rebuilds the same state."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import build_registry
from bot.app.history import rebuild
from bot.app.service import App
from bot.console.runner import invocation, run_lines
from bot.tools.autoplay import SCRIPTS, script_name
from rules.clash.lookups import knight_state
from rules.knights import statistics as st
from rules.state import CampaignState
from storage.db import Database
from tests.conftest import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "tests" / "scripts" / "clash"
FILES = [FOLDER / script_name(m, t, o) for m, _, t, o, _ in SCRIPTS]
REFUSAL = "# expect: refused"  # a comment that allows the next command to be refused


def _seed(text: str) -> int:
    found = re.search(r"^# seed: (\d+)$", text, re.MULTILINE)
    assert found, "a Clash script names its seed in a '# seed: N' line"
    return int(found.group(1))


def _allowed_refusals(lines: list[str]) -> set[int]:
    """Line numbers (1-based) of commands the script marks as expected refusals."""
    out: set[int] = set()
    for number, line in enumerate(lines, start=1):
        if line.strip() == REFUSAL:
            nxt = next((n for n in range(number + 1, len(lines) + 1) if lines[n - 1].strip()
                        and not lines[n - 1].strip().startswith("#")), None)
            if nxt is not None:
                out.add(nxt)
    return out


async def _run(app: App, lines: list[str]) -> list[dict[str, Any]]:
    out = io.StringIO()
    await run_lines(app, lines, out, as_json=True)
    return [json.loads(x) for x in out.getvalue().splitlines()]


async def _state(app: App) -> CampaignState:
    return (await app.load(invocation("gm", "/gm state"))).state


def test_there_is_a_script_for_each_monster_type_and_outcome() -> None:
    wanted = {(m, t, o) for m in ("abbot", "stag", "drowned") for t in ("exhibition", "full")
              for o in ("victory", "defeat")}
    assert {(m, t, o) for m, _, t, o, _ in SCRIPTS} == wanted
    assert all(f.exists() for f in FILES), [f.name for f in FILES if not f.exists()]
    levels = {(m, t): lv for m, lv, t, _, _ in SCRIPTS}
    assert all(levels[(m, "exhibition")] == 1 and levels[(m, "full")] in (2, 3) for m in ("abbot", "stag", "drowned"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
async def test_a_whole_clash_script(path: Path, tmp_path: Path) -> None:
    monster, clash_type, outcome = path.stem.split("_")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    end_at = max(i for i, line in enumerate(lines) if line.strip() == "/clash end")
    app = App(await Database.open(tmp_path / "play.sqlite3"), CATALOGUE, build_registry(), seed=_seed(text),
              image_dir=tmp_path / "images")
    try:
        # everything before /clash end, then a look at the finished Clash, then /clash end (the same runner, the
        # same App and database: exactly the lines kfgm play would run, in order)
        records = await _run(app, lines[:end_at])
        allowed = _allowed_refusals(lines)
        refused = [(r["line"], r["command"], r["error"]) for r in records if not r["ok"] and r["line"] not in allowed]
        assert not refused, refused
        before = await _state(app)
        clash = before.clash
        assert clash is not None and clash.monster == monster and clash.type == clash_type
        assert clash.over == outcome
        minis = [m for m in before.board.knights]
        assert len(minis) == 4
        if outcome == "victory":
            assert clash.wounds() >= clash.wounds_needed
            assert not all(m.dead for m in minis)
        else:
            assert all(m.dead for m in minis) and all(knight_state(before, m.id).dead for m in minis)
            assert clash.wounds() < clash.wounds_needed
        end = (await _run(app, lines[end_at:]))
        assert [r["command"] for r in end] == ["/clash end"]
        reply = end[0]
        assert reply["ok"], reply["error"]
        word = {"victory": "the Knights' victory", "defeat": "the Knights' defeat"}[outcome]
        assert reply["data"]["over"] == outcome and word in reply["text"]
        assert reply["data"]["aftermath"], "the Clash Aftermath ran"
        # the Aftermath: every Knight of the Clash alive at full Vigor, Passion 0, Bane lowered by 2
        after = await _state(app)
        assert after.clash is None and not after.board.knights
        for mini in minis:
            was, now = knight_state(before, mini.id), knight_state(after, mini.id)
            assert not now.dead and now.stats.vigor == st.max_vigor(CATALOGUE, now)
            assert now.stats.passion == 0 and now.stats.heat == 0
            assert now.stats.bane == max(0, was.stats.bane - 2)
        changed = [m.name for m in minis if knight_state(before, m.id).dead] if outcome == "defeat" else \
            [m.name for m in minis if knight_state(before, m.id).stats.passion > 0]
        assert changed, "the Aftermath changed something: the dead came back, or Passion went back to 0"
        # replaying the log rebuilds the same state
        loaded = await app.load(invocation("gm", "/gm state"))
        rebuilt = await rebuild(app.db, app.engine, loaded.row.id)
        assert rebuilt.model_dump() == loaded.state.model_dump()
    finally:
        await app.db.close()


async def test_the_cli_prints_what_the_runner_prints(tmp_path: Path) -> None:
    """`kfgm play --script FILE --json --seed N --db PATH` itself, on the shortest script: the same JSON lines as
    the in-process runner, every command ok."""
    path = min(FILES, key=lambda f: len(f.read_text(encoding="utf-8").splitlines()))
    text = path.read_text(encoding="utf-8")
    seed = _seed(text)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KFGM_")}
    env["KFGM_IMAGE_DIR"] = str(tmp_path / "cli-images")
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", "--script", str(path), "--json", "--seed", str(seed),
         "--db", str(tmp_path / "cli.sqlite3")],
        capture_output=True, text=True, timeout=120, env=env, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    cli = [json.loads(x) for x in done.stdout.splitlines()]
    app = App(await Database.open(tmp_path / "runner.sqlite3"), CATALOGUE, build_registry(), seed=seed,
              image_dir=tmp_path / "cli-images" / "cli")  # the CLI's pictures go to a folder named after its database
    try:
        ours = await _run(app, text.splitlines())
    finally:
        await app.db.close()
    assert all(r["ok"] for r in cli)
    assert cli == ours
    assert cli[-1]["command"] == "/clash end" and cli[-1]["data"]["over"] == path.stem.split("_")[2]


async def test_undo_inside_a_clash_works_at_every_step(tmp_path: Path) -> None:
    """Issue #5, Done when: "undo inside a Clash works at every step". Through a whole Clash, after every command
    that wrote to the log: /gm undo gives back exactly the state before it, and typing the command again gives
    exactly the state it had made (the same dice: "an undo followed by the same command gives the same dice")."""
    path = FOLDER / "drowned_exhibition_defeat.txt"
    text = path.read_text(encoding="utf-8")
    commands = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    app = App(await Database.open(tmp_path / "undo.sqlite3"), CATALOGUE, build_registry(), seed=_seed(text),
              image_dir=tmp_path / "images")
    checked = 0
    try:
        start = commands.index(next(c for c in commands if c.startswith("/clash start")))
        await _run(app, commands[:start])
        for line in commands[start:]:
            before = (await _state(app)).model_dump()
            seq = (await app.load(invocation("gm", "/gm state"))).row.seq
            (record,) = await _run(app, [line])
            assert record["ok"], (line, record["error"])
            if (await app.load(invocation("gm", "/gm state"))).row.seq == seq:
                continue  # a command that wrote nothing (a look at the board)
            after = (await _state(app)).model_dump()
            (undo,) = await _run(app, ["/gm undo"])
            assert undo["ok"], (line, undo["error"])
            assert (await _state(app)).model_dump() == before, f"undo of {line!r} left another state"
            (again,) = await _run(app, [line])
            assert again["ok"] and (await _state(app)).model_dump() == after, f"{line!r} again differs"
            checked += 1
        assert checked > 20
    finally:
        await app.db.close()
