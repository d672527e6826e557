"""A whole 16-hour Delve with the starter Kingdom, played by a `kfgm play` script (issue #6, "Done when").

tests/scripts/delve/whole_delve.txt is run here through the console runner exactly as
`kfgm play --script FILE --json --seed N --db PATH` runs it (bot.console.runner.run_lines on an App with a real
SQLite database), and checked: every command ok, the Story step's Exhibition Clash prompt at Time 8 and its Full
Clash prompt at Time 16, the Rest Phase in between, the track never lost, and a replay of the log that rebuilds the
same state (the same map: `state.delve` equal).

Rulebook (line 807): 4. Story Step
Rulebook (line 811): If the current Time is 8, resolve an Exhibition Clash. If the Exhibition Clash Monster has not yet been determined, resolve the Clash against a Monster from your current district, then proceed to the Rest Phase.
Rulebook (line 812): If the current Time is 16, resolve a Full Clash. If the Full Clash Monster has not yet been determined, resolve the Clash against a Monster from your current district, then proceed to the Spoils Phase.
Rulebook (line 1594): When instructed to Rest (usually after an Exhibition Clash), resolve the following steps:
"""  # noqa: E501

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from bot.app.commands import build_registry
from bot.app.history import rebuild
from bot.app.service import App
from bot.console.runner import invocation, run_lines
from storage.db import Database
from tests.conftest import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "scripts" / "delve" / "whole_delve.txt"
# the Story step's words (rules/delve/track.py, story_prompts)
EXHIBITION = "📖 Story step — Time 8: without a Quest, resolve an **Exhibition Clash**"
FULL = "📖 Story step — Time 16: without a Quest, resolve the **Full Clash**"


def _seed(text: str) -> int:
    found = re.search(r"^# seed: (\d+)$", text, re.MULTILINE)
    assert found, "the script names its seed in a '# seed: N' line"
    return int(found.group(1))


async def _run(app: App, lines: list[str]) -> list[dict[str, Any]]:
    out = io.StringIO()
    await run_lines(app, lines, out, as_json=True)
    return [json.loads(x) for x in out.getvalue().splitlines()]


async def test_a_whole_delve_script(tmp_path: Path) -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    app = App(await Database.open(tmp_path / "play.sqlite3"), CATALOGUE, build_registry(), seed=_seed(text),
              image_dir=tmp_path / "images")
    try:
        records = await _run(app, text.splitlines())
        refused = [(r["line"], r["command"], r["error"]) for r in records if not r["ok"]]
        assert not refused, refused
        assert records[0]["command"].startswith("/campaign new")
        assert sum(r["command"].startswith("/knight create") for r in records) == 4
        assert records[5]["command"] == "/delve start kingdom:aubrevane start:aub_01"

        delve = [r for r in records if r["data"] and "track" in r["data"]]
        times = [r["data"]["track"]["time"] for r in delve]
        assert times == sorted(times), "Time never goes back"
        assert all(not r["data"]["track"]["lost"] for r in delve), "the Expedition is never lost"

        # Time 8: exactly one reply reaches it, and it carries the Exhibition Clash prompt (and not the Full one)
        at8 = [r for r in delve if 8 in (r["data"].get("time_reached") or [])]
        assert len(at8) == 1
        assert at8[0]["data"]["track"]["time"] == 8
        assert EXHIBITION in at8[0]["text"] and FULL not in at8[0]["text"]
        assert "then the Rest Phase" in at8[0]["text"]
        # the Exhibition Clash is not played by the script; the Rest Phase follows it at Time 8
        after8 = records[records.index(at8[0]) + 1]
        assert after8["command"] == "/rest" and after8["data"]["track"]["time"] == 8
        assert "Rest Phase" in after8["text"] and after8["data"]["rest"]["waiting"]  # the Rest Abilities step
        rested = records[records.index(at8[0]) + 2]
        assert rested["command"] == "/rest" and rested["data"]["rest"]["rotation"]["amount"] == 2

        # Time 16: the last reply, the Full Clash prompt
        last = records[-1]
        assert last["command"].startswith("/delve travel")
        assert last["data"]["track"]["time"] == 16 == last["data"]["track"]["time_max"]
        assert 16 in last["data"]["time_reached"]
        assert FULL in last["text"] and "then the Spoils Phase" in last["text"]
        assert sum(FULL in r["text"] for r in records) == 1 and sum(EXHIBITION in r["text"] for r in records) == 1

        # the map was really travelled: a tile explored per round, no Encounter left hanging
        state = (await app.load(invocation("gm", "/gm state"))).state
        assert state.delve is not None and state.delve.rested
        assert state.delve.encounter_due is None and state.delve.resume is None and state.delve.fog is None
        travels = sum(r["command"].startswith("/delve travel") for r in records)
        assert len(state.delve.explored) >= travels >= 14
        assert state.track.time == 16 and not state.track.lost

        # replaying the log rebuilds the same state: the same map
        loaded = await app.load(invocation("gm", "/gm state"))
        rebuilt = await rebuild(app.db, app.engine, loaded.row.id)
        assert rebuilt.delve is not None
        assert rebuilt.delve.model_dump() == loaded.state.delve.model_dump()
        assert rebuilt.model_dump() == loaded.state.model_dump()
    finally:
        await app.db.close()


SCRIPT2 = ROOT / "tests" / "scripts" / "delve" / "encounter_fog_delve.txt"


async def test_a_whole_delve_through_the_deep_fog_and_an_encounter(tmp_path: Path) -> None:
    """The second whole-Delve script: the Deep Fog crossed in round 1, an Encounter started by an Exploration card,
    then the Delve to Time 16 (with the Rest Phase at Time 8); replaying its log gives the same state.

    Rulebook (line 827): To travel via the Deep Fog, during the Travel step, gain +1 Threat and choose any Unexplored
    Kingdom tile that's connected to an explored Kingdom tile, anywhere on the map. That explored tile does not need to
    be connected to your tile.
    Rulebook (line 856): Once you resolve all Deep Fog effects, place the Party marker on the Target Kingdom tile and
    remove the reminder token. Discard all Half-cup and Full Cup tokens, and return to the Kingdom Tile step.
    Rulebook (line 861): Encounters trigger from multiple sources, which means they can happen at any time, whether
    you're ready or not! When you are instructed to resolve an Encounter (for example because an Encounter Monster
    token moved onto your tile), finish resolving your current step, then immediately proceed to the Encounter.
    Rulebook (line 862): When you're done resolving the Encounter, return to the Phase and step you were previously in
    (most commonly, the Delve Phase).
    """
    text = SCRIPT2.read_text(encoding="utf-8")
    app = App(await Database.open(tmp_path / "play2.sqlite3"), CATALOGUE, build_registry(), seed=_seed(text),
              image_dir=tmp_path / "images")
    try:
        records = await _run(app, text.splitlines())
        refused = [(r["line"], r["command"], r["error"]) for r in records if not r["ok"]]
        assert not refused, refused
        commands = [r["command"] for r in records]

        # the Deep Fog: entered from Lantern Crossroads (Threat +1), crossed, Emergence onto aub_02
        entered = records[commands.index('/delve travel fog:aub_02 leader:"Ser Sonch"')]
        assert entered["data"]["fog"] and entered["data"]["track"]["threat"] == 1 and entered["data"]["tile"] == "aub_01"
        emerged = records[commands.index("/fog choose option:martial")]
        assert emerged["data"]["tile"] == "aub_02" and not emerged["data"]["fog"]
        assert "emerges from the Deep Fog onto the medium tile aub_02" in emerged["text"]
        assert {"type": "martial", "tile": "aub_02"}.items() <= emerged["data"]["clues"][0].items()
        # the Exploration step after the Emergence: Fresh Tracks makes the Encounter due, the Story step waits
        assert "**Fresh Tracks**" in emerged["text"] and emerged["data"]["encounter_due"] == "enc_stag_i"
        assert emerged["data"]["resume"]["steps"] == ["story"]

        # the Encounter: started, resolved, then the round goes on
        start = commands.index("/encounter start")
        assert "Encounter" in records[start]["text"]
        resolved = next(r for r in records[start:] if "🏁 Resolution" in r["text"])
        assert resolved["data"]["encounter_due"] is None
        cont = records[commands.index("/delve continue")]
        assert cont["data"]["resume"] is None

        # Time 8, the Rest; Time 16, the Full Clash prompt; never lost, Time never goes back
        delve = [r for r in records if r["data"] and "track" in r["data"]]
        times = [r["data"]["track"]["time"] for r in delve]
        assert times == sorted(times) and all(not r["data"]["track"]["lost"] for r in delve)
        at8 = [r for r in delve if 8 in (r["data"].get("time_reached") or [])]
        assert len(at8) == 1 and EXHIBITION in at8[0]["text"]
        assert records[records.index(at8[0]) + 1]["command"] == "/rest"
        last = records[-1]
        assert last["data"]["track"]["time"] == 16 and FULL in last["text"]

        loaded = await app.load(invocation("gm", "/gm state"))
        assert loaded.state.delve is not None and loaded.state.delve.rested
        assert loaded.state.delve.encounter is None and loaded.state.delve.fog is None
        rebuilt = await rebuild(app.db, app.engine, loaded.row.id)
        assert rebuilt.model_dump() == loaded.state.model_dump()
    finally:
        await app.db.close()
