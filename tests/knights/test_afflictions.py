"""Afflictions and Boons on the Knight Sheet (rulebook "Afflictions and Boons"): written down, kept from Expedition to
Expedition, removed only when the players say an effect tells them to."""

from __future__ import annotations

from tests.conftest import Table


async def test_afflictions_and_boons_are_noted_and_kept(table: Table) -> None:
    """Rulebook (line 1521): As with Conditions, Afflictions introduce additional effects. Unlike Conditions, they are not represented by physical components. Instead, whenever you gain an Affliction, write it down in the "Boons, Tally Marks and Notes" section of your Knight Sheet. Afflictions are bad things like curses and sickness that plague the Kingdoms. Afflictions are permanent—you can only remove them if an effect explicitly tells you to!

    Rulebook (line 1522): Boons, though rarer, are the positive equivalent of Afflictions. These can come in the form of personal traits, equipment, or allies! You also note these on your Knight Sheets."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /knight note kind:affliction text:"Marsh Fever"')
    await table.ok('@kara /knight note kind:boon text:"Ferryman\'s Favour"')
    sheet = (await table.state())["knights"]["ser-sonch"]["sheet"]
    assert sheet["afflictions"] == ["Marsh Fever"] and sheet["boons"] == ["Ferryman's Favour"]
    # permanent: a whole Expedition (start, Spoils, over) and the next one keep them
    await table.ok("/expedition start")
    await table.ok('/expedition next phase:spoils reason:"test"')
    await table.ok("/spoils done")
    await table.ok("/expedition start")
    sheet = (await table.state())["knights"]["ser-sonch"]["sheet"]
    assert sheet["afflictions"] == ["Marsh Fever"] and sheet["boons"] == ["Ferryman's Favour"]
    shown = await table.ok("@kara /knight show")
    assert shown.data["sheet"]["afflictions"] == ["Marsh Fever"]
    # removed only by an explicit command (an effect that says so); a name not held is refused
    missing = await table('@kara /knight note kind:affliction text:"Grey Cough" remove:true')
    assert not missing.ok and "no affliction 'Grey Cough'" in (missing.error or "")
    await table.ok('@kara /knight note kind:affliction text:"marsh fever" remove:true')
    assert (await table.state())["knights"]["ser-sonch"]["sheet"]["afflictions"] == []
