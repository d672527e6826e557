"""The /delve commands end to end: a real App on a real SQLite file."""

from __future__ import annotations

from pathlib import Path


async def _start(table) -> None:  # type: ignore[no-untyped-def]
    await table.ok("/delve start kingdom:aubrevane start:aub_01")


async def test_travel_resolves_the_back_then_reveals_and_places_neighbours(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 769): To begin the Kingdom Tile step, resolve all symbols found on the back of the
    tile. This will always result in gaining Time and moving the marker on the track.
    """
    await _start(table)
    reply = await table.ok("@kara /delve travel direction:west")  # Widow's Causeway: Time +1, Threat +1, 1 Clue
    d = reply.data
    # the back: Time +1, Threat +1; then the Exploration step resolves the top card, The Tide Turns: Threat -1
    assert d["tile"] == "aub_04" and d["track"]["time"] == 1 and d["track"]["threat"] == 0
    assert "The Tide Turns" in reply.text
    assert {"aub_05", "aub_07"} <= set(d["face_down"])
    assert len(d["clues"]) == 1 and d["clues"][0]["why"] == "travelled west"
    assert any(x["kind"] == "backtrack" and x["tile"] == "aub_01" for x in d["destinations"])
    assert d["exploration_left"] == 23  # the Exploration step drew one card of 24
    state = await table.state()
    assert state["track"]["time"] == 1 and state["delve"]["tile"] == "aub_04"


async def test_hunt_space_reached_on_a_tile_back_is_announced(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 772): If your Threat reached a Hunt Space on the Threat track, move the Encounter
    Monster tokens (see Encounter Monsters Spawn and Movement, p. 34). Be wary of the marked spaces on the
    Threat track!
    """
    await _start(table)
    await table.ok("/delve adjust threat:2")
    reply = await table.ok("@kara /delve travel direction:west")
    # Threat 3 from the back (the Hunt Space), then The Tide Turns (the Exploration step): Threat -1
    assert reply.data["track"]["threat"] == 2 and "Hunt Space 3" in reply.text


async def test_roll_save_uses_the_delve_track(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 723): Example: To resolve a Curse Save (Curse Level +2), while at Curse Level 3, you
    must roll 5 or higher to succeed.
    """
    await _start(table)
    await table.ok("/delve gain curse:3")
    await table.ok("/gm force-next values:4")
    fail = await table.ok("/roll save kind:curse modifier:2")
    assert fail.data["difficulty"] == 5 and fail.data["success"] is False
    await table.ok("/gm force-next values:5")
    assert (await table.ok("/roll save kind:curse modifier:2")).data["success"] is True


async def test_gain_past_the_maximum_loses_and_travel_is_refused(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 817): - Gaining Threat or Curse, if that gain would make you exceed the maximum value
    on the respective track.
    """
    await _start(table)
    reply = await table.ok("/delve gain threat:11")
    assert reply.data["track"]["lost"] is True and reply.data["track"]["threat"] == 10
    assert reply.data["destinations"] == []
    refused = await table("@kara /delve travel direction:north")
    assert not refused.ok and "lost" in (refused.error or "")
    assert (await table("@kara /delve gain threat:1")).ok is False  # GM only


async def test_drawing_from_an_empty_exploration_deck_loses(table, app) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 819): - Drawing from an empty Exploration deck."""
    await _start(table)
    for way in ("north", "south") * 12:  # the starter deck has 24 Exploration cards
        reply = await table.ok(f"/delve travel direction:{way}")
        if reply.data["encounter_due"]:  # Fresh Tracks: "Resolve an Encounter" (not played here)
            await table.ok("/delve adjust clear_encounter:true")
            reply = await table.ok("/delve continue")
    assert reply.data["exploration_left"] == 0 and not reply.data["track"]["lost"]
    reply = await table.ok("/delve travel direction:north")
    assert reply.data["track"]["lost"] is True
    assert "empty Exploration deck" in reply.data["track"]["lost_reason"]


async def test_no_legal_travel_loses(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 820): - Being unable to resolve the Travel step."""
    await table.ok("/delve start kingdom:aubrevane start:aub_20")
    await table.ok("/delve travel direction:east")  # Foxfire Hollow
    state = await table.state()
    assert state["delve"]["tile"] == "aub_17"
    # every destination of aub_17 is legal; the loss needs a party with nowhere to go: none in the starter map
    reply = await table.ok("/delve status")
    assert reply.data["destinations"]
    from rules.delve import kingdom_map as kmap
    from rules.delve.actions import DelveTravel
    from rules.delve.state import DelveState
    from tests.delve._support import ENGINE, started

    stuck = started().model_copy(update={"delve": DelveState(kingdom="aubrevane", tile="aub_01", explored=["aub_01"])})
    assert kmap.destinations(stuck.delve, ENGINE.catalogue.kingdom_tiles["aubrevane"]) == []  # type: ignore[arg-type]
    result = ENGINE.apply(stuck, DelveTravel(direction="north"), ENGINE.dice_for(stuck))
    assert result.state.track.lost and "Travel step" in (result.state.delve.lost_reason or "")  # type: ignore[union-attr]


async def test_time_8_prompts_the_exhibition_clash(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 811): If the current Time is 8, resolve an Exhibition Clash. If the Exhibition Clash
    Monster has not yet been determined, resolve the Clash against a Monster from your current district, then
    proceed to the Rest Phase.
    """
    await _start(table)
    await table.ok("/delve adjust time:7")
    reply = await table.ok("/delve travel direction:north")
    assert reply.data["track"]["time"] == 8 and "Exhibition Clash" in reply.text
    await table.ok("/delve adjust time:15")
    reply = await table.ok("/delve travel direction:south")  # backtrack to aub_01
    assert reply.data["track"]["time"] == 16 and "Full Clash" in reply.text


async def test_map_picture_and_track(table, app) -> None:  # type: ignore[no-untyped-def]
    await _start(table)
    await table.ok("/delve travel direction:north")
    reply = await table.ok("@kara /delve map")
    assert reply.images and Path(reply.images[0]).read_bytes().startswith(b"\x89PNG")
    track = await table.ok("@kara /delve track")
    assert track.data["track"] == {**track.data["track"], "threat": 0, "curse": 0, "time": 1, "lost": False}
    assert track.data["tile"] == "aub_02"


async def test_undo_and_replay_give_the_same_map(table, app) -> None:  # type: ignore[no-untyped-def]
    await table.ok("/delve start kingdom:aubrevane")  # the starting tile at random (logged dice)
    await table.ok("/delve travel direction:north")
    before = await table.state()
    await table.ok("/gm undo")
    await table.ok("/delve travel direction:north")
    assert (await table.state())["delve"] == before["delve"]
