"""A disjointed Kingdom map (rulebook line 790), played through command lines on the starter pack's Aubrevane: a
Shortcut onto a tile with no explored neighbour makes a separate section, even when a face-down tile touches both."""

from __future__ import annotations

from typing import Any

from tests.conftest import Table


async def _travel(table: Table, how: str) -> Any:
    reply = await table.ok(f"@kara /delve travel {how}")
    while reply.data.get("encounter_due"):  # an Exploration card asking for an Encounter: not played here
        await table.ok("/delve adjust clear_encounter:true")
        reply = await table.ok("/delve continue")
    return reply


async def test_a_shortcut_onto_an_unconnected_tile_makes_a_separate_section(table: Table) -> None:
    """Rulebook (line 790): Sometimes, when using special abilities or Delve mechanics, you will be able to move onto a
    tile that is not directly connected to the Kingdom tile you moved from. In such cases see if you have already
    explored any Kingdom tiles connected to the newly revealed one. If you didn't, place it on the table separately
    from other tiles, creating a new section of the map. If you later find a Kingdom tile that connects this section
    to any previously explored tiles, attach them accordingly.

    aub_05 lies face down between the explored aub_04/aub_06 and aub_20 (the Shortcut's end): the Party has explored
    no tile connected to aub_20, so aub_20 starts a section of its own; exploring aub_05 joins them."""
    await table.ok("@kara /knight create knight:lanternbearer name:Kara")
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    for way in ("west", "north", "west"):  # aub_04, aub_07, aub_06
        await _travel(table, f"direction:{way}")
    await table.ok("/delve adjust shortcuts:true")
    reply = await _travel(table, "to:aub_20")
    state = (await table.state())["delve"]
    assert state["tile"] == "aub_20" and "aub_05" not in state["explored"]
    assert reply.data["sections"] == 2
    reply = await _travel(table, "direction:north")  # onto aub_05: it connects the two sections
    assert reply.data["sections"] == 1
