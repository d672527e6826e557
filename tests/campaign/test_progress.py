"""The party between Expeditions: Changing Knights with progress kept, the Princess."""

from __future__ import annotations

from tests.conftest import Table


async def test_set_aside_keeps_progress_and_refuses_mid_expedition(table: Table) -> None:
    """Rulebook (line 341): If you change your mind as to the character you want to play, don't worry. You can freely
    change between playable Knights between Expeditions. Just finish the current Expedition and set up your new Knight
    according to the rules in their Knightbook. ... Knights you set aside don't lose progress. They remain in the same
    state you left them in."""
    await table.ok("@kara /knight create knight:marrow name:Isolde")
    await table.ok("@kara /knight stat stat:gold change:7")
    await table.ok("/knight tier tier:vassal name:Isolde")
    before = (await table.state())["knights"]["isolde"]
    aside = await table.ok("@kara /progress knight")
    assert aside.data["set_aside"] == ["isolde"]
    await table.ok("@kara /knight create knight:oriel name:Oriel")
    back = await table.ok('@kara /progress knight name:Isolde back:true')
    assert back.data["set_aside"] == []
    assert (await table.state())["knights"]["isolde"] == before
    await table.ok("/expedition start")
    await table.ok('/expedition next phase:outpost reason:"a test"')  # the Expedition is under way
    refused = await table("@kara /progress knight name:Isolde")
    assert not refused.ok and "only between Expeditions" in (refused.error or "")


async def test_only_one_princess_at_a_time(table: Table) -> None:
    """Rulebook (line 1671): When players gain a Princess, she stays with the party until the end of an Expedition
    or until she dies. Place the Princess's corresponding tarot card in your play area. You may only have one Princess
    accompany you at a time. If you gain a Princess while you already have another Princess, you must discard one of
    them."""
    await table.ok('/progress princess op:gain name:"Princess of Stone"')
    refused = await table('/progress princess op:gain name:"Princess of Ash"')
    assert not refused.ok and "only one Princess" in (refused.error or "")
    await table.ok("/progress princess op:discard")
    gained = await table.ok('/progress princess op:gain name:"Princess of Ash"')
    assert gained.data["princess"] == "Princess of Ash"
    assert (await table.ok("/progress princess op:dies")).data["princess"] is None


async def test_a_successful_virtue_test_erases_one_vice_mark(table: Table) -> None:
    """Rulebook (line 1683): When you gain a Vice, note the number of tally marks equal to the value of the Vice (each
    Vice is connected to a specific Virtue on a Knight Sheet). As long as you have at least one tally mark next to a
    Vice, you suffer the effects of that Vice. When you succeed at a test of your Vice's connected Virtue, erase one of
    its tally marks."""
    await table.ok("@kara /knight create knight:marrow name:Isolde")
    await table.ok("@kara /knight vice vice:cowardice change:2")
    await table.ok("@kara /knight virtue virtue:bravery change:2 source:test")
    await table.ok("/gm force-next values:4")
    reply = await table.ok("@kara /progress test virtue:bravery difficulty:6")
    assert reply.data["result"] == 6 and reply.data["bonus"] == 2 and reply.data["success"]
    assert reply.data["vices"] == {"cowardice": 1}


async def test_a_failed_virtue_test_erases_nothing(table: Table) -> None:
    """Rulebook (line 1683): When you succeed at a test of your Vice's connected Virtue, erase one of its tally
    marks."""
    await table.ok("@kara /knight create knight:marrow name:Isolde")
    await table.ok("@kara /knight vice vice:cowardice change:2")
    await table.ok("/gm force-next values:5,9")
    failed = await table.ok("@kara /progress test virtue:bravery difficulty:6")
    assert not failed.data["success"] and failed.data["vices"] == {"cowardice": 2}
    other = await table.ok("@kara /progress test virtue:might difficulty:6")  # Cruelty's Virtue, not Cowardice's
    assert other.data["success"] and other.data["vices"] == {"cowardice": 2}
