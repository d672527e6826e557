"""The free sections of the Knight Sheet (rulebook "Knight Sheet" subsections): Boons, tally marks and notes, the
Saints and Mercenaries unlocked, the Successful Investigations — written by commands, kept across Expeditions,
shown with the Knight."""

from __future__ import annotations

from tests.conftest import Table

SONCH = "ser-sonch"


async def _sheet(table: Table) -> dict:  # type: ignore[type-arg]
    sheet: dict = (await table.state())["knights"][SONCH]["sheet"]  # type: ignore[type-arg]
    return sheet


async def _knight(table: Table) -> None:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')


async def test_boons_tally_marks_and_notes_are_listed_and_kept(table: Table) -> None:
    """Rulebook (line 352): Here, you can list all Boons and tally marks you gain during the game, such as the Wise Providence Boon (see p. 64) or Victory tally marks, and any other necessary notes."""  # noqa: E501
    await _knight(table)
    await table.ok('@kara /knight note kind:boon text:"Wise Providence"')
    await table.ok('@kara /knight note kind:tally text:Victory')
    await table.ok('@kara /knight note kind:tally text:Victory change:2')
    await table.ok('@kara /knight note kind:note text:"Owes the ferryman a coin"')
    sheet = await _sheet(table)
    assert sheet["boons"] == ["Wise Providence"]
    assert sheet["tallies"] == {"Victory": 3}
    assert sheet["notes"] == ["Owes the ferryman a coin"]
    # a tally mark erased one at a time; at zero the line goes
    await table.ok('@kara /knight note kind:tally text:Victory change:3 remove:true')
    assert (await _sheet(table))["tallies"] == {}
    # kept across an Expedition and shown with the Knight
    await table.ok("/expedition start")
    await table.ok('/expedition next phase:spoils reason:"test"')
    await table.ok("/spoils done")
    shown = await table.ok("@kara /knight show")
    assert shown.data["sheet"]["boons"] == ["Wise Providence"]
    assert shown.data["sheet"]["notes"] == ["Owes the ferryman a coin"]


async def test_a_saint_devoted_to_is_noted_on_the_sheet(table: Table) -> None:
    """Rulebook (line 363): Here you will note all the Saints that you have unlocked during your Campaign. These are the Saints that you can always Devote to."""  # noqa: E501
    await _knight(table)
    await table.ok('@kara /saint devote saint:"Saint Urbain" incarnation:7')
    assert (await _sheet(table))["saints"] == ["Saint Urbain"]
    # devoting again notes it once
    await table.ok('@kara /saint devote saint:"Saint Urbain"')
    assert (await _sheet(table))["saints"] == ["Saint Urbain"]
    await table.ok('@kara /knight note kind:saint text:"saint urbain"')  # noting it by hand: "already noted"
    assert (await _sheet(table))["saints"] == ["Saint Urbain"]


async def test_an_unlocked_mercenary_is_noted_on_the_sheet(table: Table) -> None:
    """Rulebook (line 365): Here you will note all the Mercenaries that you have unlocked during your Campaign. You will always be able to hire them in the Outpost."""  # noqa: E501
    await _knight(table)
    await table.ok("/mercenary unlock mercenary:merc_gallow_jack knight:Ser-Sonch")
    assert (await _sheet(table))["mercenaries"] == ["Gallow Jack"]
    # noting it again by hand changes nothing
    await table.ok('@kara /knight note kind:mercenary text:"gallow jack"')
    assert (await _sheet(table))["mercenaries"] == ["Gallow Jack"]


async def test_successful_investigations_are_marked_apart(table: Table) -> None:
    """Rulebook (line 370): Similar to the Choice Matrix, this is where you should mark the Investigations you've managed to successfully complete and gain a reward from."""  # noqa: E501
    await _knight(table)
    await table.ok("@kara /knight mark what:investigation chapter:1 number:1")
    await table.ok("@kara /knight mark what:success chapter:1 number:2")
    tale = (await _sheet(table))["tale"][0]["investigations"]
    assert [(i["resolved"], i["success"]) for i in tale[:3]] == [(True, False), (True, True), (False, False)]
    shown = await table.ok("@kara /knight show")
    assert shown.data["sheet"]["successful_investigations"] == ["1.2"]  # the Sheet picture lists them too
