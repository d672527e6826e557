"""The Clash's set-up, the GM's adjustments, the Rounds, the end and the Board report facts
(rules/clash/gm_facts.py, ...) and bot/narration gives their words: the replies read as they did before the facts (the
words below are the ones the table saw), and the log keeps the facts next to the words (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from tests.conftest import Table
from tests.narration.logged import logged_facts


async def test_the_gms_adjustments_read_as_before_and_the_log_keeps_their_facts(app: App, table: Table) -> None:
    """Rulebook (line 1046): Wounds are tracked on the Wound Stack."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser *Kara*"')
    await table.ok("/clash start monster:abbot level:1 type:full")
    knight = await table.ok('/clash adjust knight:"Ser *Kara*" stat:heat value:2')
    assert knight.text.startswith("🛠️ GM sets **Ser \\*Kara\\***'s Heat to 2: ")
    assert await logged_facts(app, '/clash adjust knight:"Ser *Kara*" stat:heat value:2') == [
        "clash_gm_knight_stat", "stat_changed"]  # the statistics' own fact inside it
    wounds = await table.ok("/clash adjust monster:wounds value:2")
    assert wounds.text.splitlines()[0] == "🛠️ GM sets the Wound Stack from 0 to 2 Wound(s) of 9."
    to_hit = await table.ok("/clash adjust monster:to_hit value:5")
    assert to_hit.text.startswith("🛠️ GM sets the Monster's To Hit from ")
    assert await logged_facts(app, "/clash adjust monster:to_hit value:5") == ["clash_gm_monster_number"]
    card = (await table.state())["clash"]["ai_deck"][1]
    top = await table.ok(f"/clash adjust deck:ai top:{card}")
    assert "goes from the AI deck to" in top.text
    assert await logged_facts(app, f"/clash adjust deck:ai top:{card}") == ["clash_gm_deck_top"]
