"""A Contract followed through the Delve from its structured plan (rulebook line 677, Search and Rescue), played
through command lines with the starter pack's Aubrevane Notice Board: the mark on the Kingdom Sheet, the test on
entering a Small tile, the reward when the party moves onto the marked tile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import Table
from tests.rulebook_cases.pack import pack_table

SEED = 9  # the first random Small tile is aub_11 (Tollhouse Ruin's east neighbour): one step from aub_03
OUTPOST = ['@kara /knight create knight:lanternbearer name:"Ser Sonch"', '@ulfa /knight create knight:ashgrove name:Maud',
           "/expedition start", "@kara /expedition vision choice:quest",
           "@ulfa /expedition vision choice:investigation investigation:1",
           "@kara /expedition destination kingdom:aubrevane", "/expedition next",
           "@kara /outpost contract contract:aub_contract_search_and_rescue", "/outpost done"]


async def _travel(t: Table, to: str) -> Any:
    reply = await t.ok(f"@kara /delve travel to:{to}")
    text = reply.text
    while reply.data.get("encounter_due"):  # an Exploration card asking for an Encounter: not played here
        await t.ok("/delve adjust clear_encounter:true")
        reply = await t.ok("/delve continue")
        text += "\n" + reply.text
    return reply, text


async def _signed(t: Table) -> str:
    for line in OUTPOST:
        await t.ok(line)
    start = await t.ok("/delve start kingdom:aubrevane start:aub_01")
    return start.text


async def test_search_and_rescue_is_followed_through_the_delve(tmp_path: Path) -> None:
    """Rulebook (line 677): Example Contract — Search and Rescue: ... Your Objective: Find the missing person. Place a
    random Small Kingdom tile on the Kingdom Sheet, that is where your target was seen last. When you enter any other
    Small Kingdom tile, any Knight may test Sagacity (8+) to investigate: Success: Replace the Small Kingdom tile on
    the Kingdom Sheet with another random (unrevealed) Small tile, returning the previous one to the appropriate
    Kingdom deck. If you would move onto the tile placed on the Kingdom Sheet during this Expedition, you've found
    your stray, see Rewards. Rewards: Scavenge 1 (Mob)."""
    async with pack_table(tmp_path, {}, seed=SEED) as t:
        start = await _signed(t)
        assert "📜 Search and Rescue:" in start and "(aub_11) is placed on the Kingdom Sheet" in start
        _, text = await _travel(t, "aub_03")  # Tollhouse Ruin, a Small tile
        assert "Any Knight may test Sagacity (8+) to investigate: `/delve contract knight:<name>`" in text
        await t.ok("/gm force-next values:1")
        failed = await t.ok('@kara /delve contract knight:"Ser Sonch"')
        assert failed.data["success"] is False and failed.data["contract"]["mark"] == "aub_11"
        again = await t('@ulfa /delve contract knight:Maud')
        assert not again.ok and "once per tile entered" in (again.error or "")
        gold = {k["name"]: k["sheet"]["gold"] for k in (await t.state())["knights"].values()}
        _, text = await _travel(t, "aub_11")
        assert "the party moves onto the tile on the Kingdom Sheet" in text
        assert "Contract fulfilled: **Search and Rescue**" in text
        assert "Scavenge 1 (Mob): the players choose the Loot type — `/spoils scavenge count:1" in text
        state = await t.state()
        assert state["expedition"]["outpost"]["contract_fulfilled"] is True
        assert {k["name"]: k["sheet"]["gold"] for k in state["knights"].values()} == gold  # no Gold in this reward


async def test_a_successful_investigation_moves_the_mark(tmp_path: Path) -> None:
    """Rulebook (line 677): Success: Replace the Small Kingdom tile on the Kingdom Sheet with another random
    (unrevealed) Small tile, returning the previous one to the appropriate Kingdom deck."""
    async with pack_table(tmp_path, {}, seed=SEED) as t:
        await _signed(t)
        await _travel(t, "aub_03")
        await t.ok("/gm force-next values:10")
        success = await t.ok("@ulfa /delve contract knight:Maud")
        mark = success.data["contract"]["mark"]
        assert success.data["success"] is True and mark != "aub_11"
        assert "goes back to the Kingdom deck" in success.text
        state = await t.state()
        placed = {*state["delve"]["explored"], *state["delve"]["face_down"], *state["delve"]["revealed"]}
        assert mark not in placed  # an unrevealed Small tile
        _, text = await _travel(t, "aub_11")  # no longer the marked tile
        assert "Contract fulfilled" not in text


def test_a_plan_with_a_test_but_no_trigger_is_named_by_file_and_line(tmp_path: Path) -> None:
    """docs/content.md: `investigate` and `test` go together; `kfgm content validate` names the file and line."""
    from content.loader import STARTER_PACK, validate_pack
    from tests.rulebook_cases.pack import write_pack

    text = (STARTER_PACK / "kingdom" / "aubrevane_outpost.yaml").read_text(encoding="utf-8")
    text = text.replace("          investigate: small\n", "").replace("id: aub_", "id: zz_")
    folder = write_pack(tmp_path / "bad", {"outpost.yaml": text})
    errors = [str(e) for e in validate_pack(folder)]
    assert any("outpost.yaml:" in e and "investigate" in e for e in errors), errors
