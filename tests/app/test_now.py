"""/now — "what may I do now?" (issue #20 item 3), through command lines: a Clash of the starter pack, the turn,
the Knights' statistics, the weapons of the Loadout in range or not, and the question the Clash waits for."""

from __future__ import annotations

from tests.clash.test_monster_round import _answer_until_done
from tests.conftest import Table


async def _starter_clash(table: Table) -> None:
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    await table.ok("/clash start monster:abbot level:1 type:exhibition")


async def test_now_shows_the_waiting_question_with_its_keys(table: Table) -> None:
    """Issue #20: "The console never shows a Clash question's answers"; the Clash waits for the players'
    answer to a targeting tie, and /now shows it with every option's key and label."""
    await _starter_clash(table)
    before = await table.ok("@kara /now")
    assert before.data["clash"]["phase"] == "monster" and before.data["turn"] is None
    assert before.data["questions"] == [] and before.data["next"] == "/monster round"
    assert "Round 1: the Monster Round." in before.text
    asked = await table.ok("/monster round")
    assert asked.pending is not None, asked.text  # seed 1: the Abbot's targeting leaves a tie to the players
    shown = await table.ok("@kara /now")
    (question,) = shown.data["questions"]
    assert question["id"] == asked.pending["id"] and question["answer"] == "choose"
    assert [o["key"] for o in question["options"]] == asked.pending["options"]
    for key, label in zip(asked.pending["options"], asked.pending["labels"], strict=True):
        assert f"`{key}` — {label}" in shown.text
    assert shown.data["next"].startswith(f"/choose decision:{asked.pending['id']}")


async def test_now_names_whose_turn_the_knights_and_the_weapons_in_range(table: Table) -> None:
    """Rulebook, "1. Declare Attack and Active Weapon": "You can only choose a weapon as active if the target of
    your Attack is in that weapon's effective range (adjacent for melee, within range X–Y for Ranged, etc.) and
    LoS"."""
    await _starter_clash(table)
    await _answer_until_done(table, await table.ok("/monster round"))
    waiting = await table.ok("/now")
    assert waiting.data["turn"] is None and waiting.data["clash"]["still_to_act"] == ["Ser Sonch", "Kara"]
    await table.ok("@sonch /knight move to:G4")  # beside the Abbot (D4, three spaces by three)
    await table.ok('/clash adjust knight:"Ser Sonch" stat:heat value:2')
    now = await table.ok("@kara /now")
    assert now.data["clash"]["turn"] == "Ser Sonch" and "it is **Ser Sonch**'s turn" in now.text
    sonch = next(k for k in now.data["knights"] if k["name"] == "Ser Sonch")
    assert (sonch["heat"], sonch["vigor"]) == (2, sonch["max_vigor"])
    assert f"Ser Sonch: Vigor {sonch['vigor']}/{sonch['max_vigor']}, Heat 2/{sonch['heat_limit']}" in now.text
    assert [k["name"] for k in now.data["knights"]] == ["Ser Sonch", "Kara"]
    turn = now.data["turn"]
    assert turn["name"] == "Ser Sonch" and turn["moved"] is True and turn["attacked"] is False
    mace = next(w for w in turn["weapons"] if w["name"] == "Pilgrim's Mace")
    assert mace["in_range"] is True and mace["targets"] == ["The Cinder Abbot"]
    assert "⚔️ Pilgrim's Mace: in range of The Cinder Abbot." in now.text
    assert "has made the Movement Action of this turn" in now.text
    assert now.data["next"].startswith("/knight attack ... or /knight end-turn")  # the Movement Action is made
    await table.ok("@sonch /knight end-turn")
    await table.ok("@kara /knight move to:G5")  # beside the Abbot too: too near for a bow
    bow = (await table.ok("@sonch /now")).data["turn"]["weapons"]
    assert [(w["name"], w["in_range"]) for w in bow] == [("Hunting Bow", False)]
    assert "out of the Hunting Bow's effective range (Ranged 2–5)" in bow[0]["why_not"][0]


async def test_now_in_a_delve_shows_the_travel_step_with_its_keys(table: Table) -> None:
    """Rulebook (line 738): - Travel step: As a party, decide which face down tile you want to travel onto, or whether you want to Backtrack or Enter the Deep Fog (see The Deep Fog, p. 37).

    /now lists each destination's key."""  # noqa: E501
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    started = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert started.pending is not None
    now = await table.ok("@kara /now")
    assert now.data["phase"] == "Delve" and now.data["clash"] is None and now.data["turn"] is None
    (question,) = now.data["questions"]
    assert question["id"] == started.pending["id"] and question["answer"] == "delve travel"
    assert [o["key"] for o in question["options"]] == started.pending["options"]
    assert "`fog:aub_02`" in now.text and "`aub_02` — north: explore aub_02" in now.text
    assert now.data["next"] == f"/delve travel decision:{started.pending['id']} to:<key>"
