"""The Holy Commandment follows the Expedition (rulebook "Saints"): its start places the Saint miniature on each held
Saint card, its end Devotes each Knight whose miniature is still there."""

from __future__ import annotations

from tests.conftest import Table


async def devotion(t: Table, kid: str) -> int:
    return int((await t.state())["progress"]["devotees"][kid]["devotion"])


async def test_the_expedition_places_and_settles_the_miniatures(table: Table) -> None:
    """Rulebook (line 1656): - Holy Commandment: a rule you must follow during Expeditions. At the start of an Expedition, place your Saint miniature on the Saint card. If you break the Holy Commandment (meaning you do not follow the rule), remove the miniature from your card. If you don't have the miniature on the Saint card and break the Commandment again, discard the Saint card instead. At the end of the Expedition, if the Saint miniature is still on your card, Devote."""  # noqa: E501
    await table.ok('@kara /knight create knight:marrow name:Isolde')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok('@kara /saint devote saint:"Saint Urbain" incarnation:7')
    await table.ok('@ulfa /saint devote saint:"Saint Wenna" incarnation:6')
    start = await table.ok("/expedition start")
    assert "Isolde places Saint Urbain's miniature on the Saint card" in start.text
    assert "Maud places Saint Wenna's miniature" in start.text
    minis = {k: d["miniature"] for k, d in (await table.state())["progress"]["devotees"].items()}
    assert minis == {"isolde": True, "maud": True}
    # Maud breaks her Commandment; Isolde keeps hers
    await table.ok("@ulfa /saint commandment step:broken")
    await table.ok('/expedition next phase:spoils reason:"test"')
    end = await table.ok("/spoils done")
    assert "Saint Urbain's miniature is still on Isolde's card at the end of the Expedition" in end.text
    assert "Maud ends the Expedition without Saint Wenna's miniature on the card: no Devotion." in end.text
    assert await devotion(table, "isolde") == 2 and await devotion(table, "maud") == 1
    # once per Expedition: further actions change nothing; the next Expedition places the miniatures again
    await table.ok("/saint show")
    assert await devotion(table, "isolde") == 2
    again = await table.ok("/expedition start")
    assert "Maud places Saint Wenna's miniature" in again.text
