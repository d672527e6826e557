"""A whole Expedition played by two `kfgm play` scripts on one database, each in its own process (issue #7, "Done
when").

tests/scripts/expedition/whole_expedition_1.txt (Vision, Outpost, the first Delve, the start of the Exhibition Clash)
and whole_expedition_2.txt (the rest of the Exhibition Clash, the Rest, the second Delve, the Full Clash, the Spoils
Phase) are run as `python -m bot.cli play --script FILE --json --seed N --db PATH` (N from its `# seed:` line), two real subprocesses with the
same --db; the second continues from what the database holds. Written by bot/tools/expedition_script.py
(`make expedition-scripts`).

Rulebook (line 579): Kingdoms Forlorn is played in a series of Expeditions, with each Expedition representing one Adventure, one Delve into the Deep Fog. Each Expedition consists of the following steps, resolved in this exact order:
Rulebook (line 580): - Vision Phase: Choose a Quest and Investigations, decide on the Party Leader, read the stories in your Knightbooks and unveil a Kingdom.
Rulebook (line 584): - Rest Phase: Take a short break to regain strength and resources, resolve Campfire Tales (p. 66).
Rulebook (line 587): - Spoils Phase: Divide the spoils, exchange loot for items and gold, gamble (p. 67).
Rulebook (line 593): - Questing Player: Players decide which one of them is going on their Quest. All other players choose if they are going on an Investigation or Free Roaming. Remember, only one player can go on a Quest during a single Expedition! Note: There are times when no one will be Questing.
Rulebook (line 1615): The remaining Common Goods become the Spare Scrap—one by one, starting from the Party Leader, then going clockwise, each Knight takes one card from the Spare Scrap until there are none left. Then, you may exchange all of those Loot cards for Gold now (they cannot be exchanged for Gear anymore!), or at the end of the Gambling step (you will need some cards from Spare Scrap to gamble).
"""  # noqa: E501

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.app.commands import build_registry
from bot.app.history import rebuild
from bot.app.service import App
from bot.console.runner import invocation
from bot.narration.next_step import command_line
from rules.expedition import phases
from storage.db import Database
from tests.conftest import CATALOGUE, Table

ROOT = Path(__file__).resolve().parents[2]
HALVES = [ROOT / "tests" / "scripts" / "expedition" / f"whole_expedition_{n}.txt" for n in (1, 2)]


def _seed(text: str) -> int:
    found = re.search(r"^# seed: (\d+)$", text, re.MULTILINE)
    assert found, "the script names its seed in a '# seed: N' line"
    return int(found.group(1))


def _play(script: Path, db: Path, tmp: Path) -> list[dict[str, Any]]:
    """One half, in a fresh process."""
    env = {**os.environ, "KFGM_IMAGE_DIR": str(tmp / "images")}
    seed = _seed(script.read_text(encoding="utf-8"))
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", "--script", str(script), "--json", "--seed", str(seed),
         "--db", str(db)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(x) for x in done.stdout.splitlines() if x.strip()]


async def test_a_whole_expedition_in_two_processes(tmp_path: Path) -> None:
    db = tmp_path / "expedition.sqlite3"
    first = _play(HALVES[0], db, tmp_path)
    second = _play(HALVES[1], db, tmp_path)
    records = first + second
    refused = [(r["line"], r["command"], r["error"]) for r in records if not r["ok"]]
    assert not refused, refused
    commands = [r["command"] for r in records]

    # the first half: a campaign, four Knights, the Vision Phase with one Quest, two Investigations, one Free Roam
    assert first[0]["command"].startswith("/campaign new")
    assert sum(c.startswith("/knight create") for c in commands) == 4
    visions = [r for r in first if r["command"].startswith("/expedition vision")]
    assert [r["data"]["expedition"]["visions"][r["data"]["expedition"]["party_leader"]]["choice"]
            for r in visions] == ["quest"] * 4, "one Questing Knight, the Party Leader"
    assert set(visions[-1]["data"]["expedition"]["visions"]) == {"ser-sonch", "kara", "isolde", "oriel"}
    # the first half stops inside the Exhibition Clash; the second half goes on with it (no new /clash start)
    assert any(c.startswith("/clash start") and "type:exhibition" in c for c in (r["command"] for r in first))
    assert not any(c.startswith(("/campaign new", "/expedition start")) for c in (r["command"] for r in second))
    assert second[0]["command"] == "/monster round"
    phases = [r["data"]["expedition"]["phase"] for r in records if r["data"] and "expedition" in r["data"]]
    order = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert order == ["vision", "outpost", "delve", "clash", "rest", "delve", "clash", "spoils", "over"]

    # the first Delve meets an Encounter, fought and resolved before the Delve goes on
    assert "/encounter start" in commands and any(c.startswith("/encounter attack") for c in commands)
    assert commands[commands.index("/delve continue") - 1].startswith(("/encounter", "@"))

    # the final state, read from the database the two processes shared
    app = App(await Database.open(db), CATALOGUE, build_registry(), seed=None, image_dir=tmp_path / "images")
    try:
        loaded = await app.load(invocation("gm", "/gm state"))
        state = loaded.state
        exp = state.expedition
        assert exp is not None and exp.phase == "over"
        assert set(exp.done) == {"exhibition", "rest", "full"}, "both Clashes and the Rest resolved"
        assert exp.party_leader == "ser-sonch"
        assert [v.choice for v in exp.visions.values()] == ["quest", "investigation", "investigation", "free_roam"]
        # each Investigation and the Free Roam resolved; the Free Roam's success gave Oriel two Loot cards
        assert exp.visions["kara"].outcome in ("success", "failure")
        assert exp.visions["isolde"].outcome in ("success", "failure")
        assert exp.visions["oriel"].free_roam_success is True
        spoils = exp.spoils
        assert spoils.done and spoils.taken() == {c.uid for c in spoils.loot}, "no Common Goods left"
        assert {k: len(v) for k, v in spoils.shares.items()} == {"ser-sonch": 1, "kara": 1, "isolde": 1, "oriel": 2}
        assert sum(len(v) for v in spoils.spare.values()) == len(spoils.loot) - 5 >= 1
        kinds = {c.type for c in spoils.loot}
        assert {"exhibition_clash", "full_clash", "kingdom_gear", "upgrade"} <= kinds
        # every Loot card ended as Gold: the Party Leader's exchange and the cashing at /spoils done
        assert set(spoils.exchanged) == {c.uid for c in spoils.loot}
        assert all(e.how == "gold" for e in spoils.exchanged.values())
        gold_end = next(r for r in second if r["command"] == "/spoils done")
        assert "cashes" in gold_end["text"]
        for k in state.knights.values():
            assert k.sheet.gold >= 10, (k.name, k.sheet.gold)
        # the Outpost: the Contract fulfilled and marked, Bram hired
        assert exp.outpost is not None and exp.outpost.contract == "aub_contract_lost_bellringer"
        assert exp.outpost.contract_fulfilled
        # both Clashes were won and closed
        ends = [r for r in records if r["command"] == "/clash end"]
        assert len(ends) == 2 and all(r["data"]["over"] == "victory" for r in ends)
        assert state.clash is None

        # the log replays to the same state
        rebuilt = await rebuild(app.db, app.engine, loaded.row.id)
        assert rebuilt.model_dump() == state.model_dump()
    finally:
        await app.db.close()


async def test_the_clash_prompt_names_the_next_monster_clockwise_for_a_district_without_a_token(table: Table) -> None:
    """The Story step's Clash in a district whose District Wheel space holds no token: the Monster of the next token
    clockwise (the Delve's ruling, docs/rulings.md "fewer Monsters than districts"), never `monster:<monster>`. The
    whole-Expedition script ends its first Delve in such a district.

    Rulebook (line 811): If the current Time is 8, resolve an Exhibition Clash. If the Exhibition Clash Monster has not yet been determined, resolve the Clash against a Monster from your current district, then proceed to the Rest Phase.
    """  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    engine = table.app.engine
    state = (await table.app.load(invocation("gm", "/gm state"))).state
    delve = state.delve
    assert delve is not None
    kingdom = engine.catalogue.kingdoms["aubrevane"]
    empty = [d for d in kingdom.wheel if d not in delve.wheel_tokens]
    assert empty, "the starter Kingdom at the Mob tier leaves districts without a token"
    tile = next(t for t in engine.catalogue.kingdom_tiles["aubrevane"].values() if t.district == empty[0])
    delve.tile = tile.id
    # the next token clockwise from that district
    wheel = list(kingdom.wheel)
    start = wheel.index(empty[0])
    card = next(delve.wheel_tokens[wheel[(start + i) % len(wheel)]] for i in range(len(wheel))
                if wheel[(start + i) % len(wheel)] in delve.wheel_tokens)
    expected = next(m for m in delve.encounter_monsters if m.card == card)
    command = command_line(phases.clash_command(engine, state, "exhibition"))
    assert command == f"/clash start monster:{expected.monster} level:{expected.level} type:exhibition"


async def test_the_full_clash_search_scavenges_into_the_spoils_until_loot_distribution_begins(table: Table) -> None:
    """`/clash end` of the Full Clash moves the Expedition to the Spoils Phase, and its Aftermath then asks for the
    Victorious Search's Scavenge 3: the Loot deck takes it until the first card is taken; after that it is closed.

    Rulebook (line 1476): - Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3 (see Scavenge X, p. 86).
    Rulebook (line 587): - Spoils Phase: Divide the spoils, exchange loot for items and gold, gamble (p. 67).
    """  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/expedition start")
    await table.ok('/expedition next phase:spoils reason:"the Full Clash is over"')
    state = await table.state()
    assert state["expedition"]["spoils"]["started"]
    reply = await table.ok('/spoils scavenge count:3 type:upgrade reason:"full Clash: Victorious Search"')
    assert len(reply.data["spoils"]["loot_deck"]) == 3
    await table.ok("@kara /spoils take card:L1")
    refused = await table("/spoils scavenge count:1 type:kingdom_gear")
    assert not refused.ok and "Loot Distribution has begun" in (refused.error or "")
