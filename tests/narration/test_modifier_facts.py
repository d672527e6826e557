"""Monster Modifier tokens report a fact (rules/clash/modifier_facts.py) worded by bot/narration/modifiers.py: the
reply reads as it did before the fact, and the log keeps the fact (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from tests.conftest import Table
from tests.narration.logged import logged_facts


async def test_modifier_tokens_on_the_monster_sheet_and_on_a_mob_read_as_before(app: App, table: Table) -> None:
    """Rulebook (line 1538): Modifier Tokens on Mob Monsters
    Unless an effect states otherwise, when a Mob gains a Modifier token, it is placed on that specific Mob's BP
    card."""
    await table.ok("@kara /knight create knight:lanternbearer name:Kara")
    await table.ok("/clash start monster:drowned level:1 type:full")
    sheet = await table.ok("/clash modifier attribute:to_hit change:-2")
    assert sheet.text == "To Hit Modifier tokens on the Monster Sheet: **-2**."
    assert await logged_facts(app, "/clash modifier attribute:to_hit change:-2") == ["clash_modifier_tokens"]
    mob = await table.ok("/clash modifier attribute:at change:1 mob:1")
    assert mob.text == "AT Modifier tokens on Mob 1's BP card: **+1**."
    back = await table.ok("/clash modifier attribute:to_hit change:2")
    assert back.text == "To Hit Modifier tokens on the Monster Sheet: **+0**."
