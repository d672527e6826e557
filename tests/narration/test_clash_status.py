"""`/clash status` is worded at the edge (bot/narration/clash_status.py) from the Clash's state, no longer by a
function in rules/clash (issue #19, item 4): it reads as the table saw it before, the words below are the ones
main wrote."""

from __future__ import annotations

from tests.conftest import Table


async def test_clash_status_reads_as_before_and_names_clash_end_once_won(table: Table) -> None:
    """Rulebook (line 1467): Clash Aftermath

    Rulebook (line 1468): Typically, after every Clash, the game will lead you to a Clash Aftermath, described in
    the Clash Setup, in the Kingdom Codex."""
    t = table
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok("@ulfa /knight create knight:ashgrove name:Maud")
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    status = await t.ok("/clash status")
    assert status.text == ("⚔️ The Gallowmere Stag, level 1, exhibition Clash: Wounds 3/8. AI deck 7 cards, level 0 on "
                           "top, discard 0. BP deck 7 cards, level 1 on top, discard 0."), status.text
    await t.ok("/clash adjust monster:wounds value:12")
    won = await t.ok("/clash status")
    assert won.text == ("⚔️ The Gallowmere Stag, level 1, exhibition Clash: Wounds 12/8. AI deck 7 cards, level 0 on "
                        "top, discard 0. BP deck 7 cards, level 1 on top, discard 0. The Clash is over: **victory**. "
                        "Resolve End of Clash effects, then the GM runs /clash end for the Clash Aftermath."), won.text
