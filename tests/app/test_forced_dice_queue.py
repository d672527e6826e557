"""Forced dice left in the queue (issue #20): they silently applied to a later roll, with no way to see or clear
them. docs/commands.md, `/gm force-next`: "Each value is used exactly once; the override is announced." — so a
value waiting is shown (`/gm force-list`), can be taken away (`/gm force-clear`), and a reply that leaves some
waiting says so."""

from __future__ import annotations

from bot.app.service import App
from tests.conftest import Table
from tests.narration.logged import logged_facts


async def test_forced_dice_left_waiting_are_announced_listed_and_cleared(table: Table) -> None:
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    assert (await table.ok("/gm force-list")).data["forced_dice"] == []
    await table.ok("/gm force-next values:9,2,2")
    rolled = await table.ok("@kara /roll test difficulty:6")  # a single d10: the 9
    assert "🎲 2 forced dice are still waiting (2, 2)" in rolled.text, rolled.text
    listed = await table.ok("/gm force-list")
    assert listed.data["forced_dice"] == [2, 2] and "2, 2" in listed.text
    refused = await table("@kara /gm force-clear")
    assert not refused.ok  # the GM's tool
    cleared = await table.ok("/gm force-clear")
    assert "cleared" in cleared.text and (await table.state())["forced_dice"] == []
    again = await table("/gm force-clear")
    assert not again.ok and "no forced dice are waiting" in (again.error or "")
    natural = await table.ok("@kara /roll test difficulty:6")
    assert "still waiting" not in natural.text


async def test_the_dice_left_waiting_are_a_fact_told_as_before(app: App, table: Table) -> None:
    """The note is the engine's fact ``dice_forced_waiting`` (rules/rolls/facts.py), its words the sentence the
    engine wrote before the facts (bot/narration/rolls.py), one die or more."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    await table.ok("/gm force-next values:9,2,3")
    rolled = await table.ok("@kara /roll test difficulty:6")
    assert rolled.text.splitlines()[-1] == ("🎲 2 forced dice are still waiting (2, 3): they apply to the next rolls "
                                            "(`/gm force-list`, `/gm force-clear`).")
    assert (await logged_facts(app, "/roll test difficulty:6"))[-1] == "dice_forced_waiting"
    again = await table.ok("@kara /roll test difficulty:6")
    assert again.text.splitlines()[-1] == ("🎲 1 forced die is still waiting (3): they apply to the next rolls "
                                           "(`/gm force-list`, `/gm force-clear`).")
