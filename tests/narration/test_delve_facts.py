"""The Delve and the Expedition report facts (rules/delve/*_facts.py, rules/expedition/*_facts.py) and bot/narration
gives their words: a Knight's name holding Markdown is escaped as the application escaped it before the facts, no
line carries a fact's raw form, and the log keeps the facts next to the words (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from tests.conftest import Table
from tests.narration.logged import logged_facts


async def test_a_delve_reads_as_before_and_the_log_keeps_its_facts(app: App, table: Table) -> None:
    """Rulebook (line 797): To resolve the Exploration step, simply draw the top card from the Exploration deck and
    resolve its effect."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser *Sonch*"')
    started = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert "Party Leader: Ser \\*Sonch\\* (Mob tier)." in started.text
    assert "🐉 Monster Setup at the Mob tier" in started.text
    assert {"delve_begins", "delve_leader", "delve_monster_setup"} <= set(
        await logged_facts(app, "/delve start kingdom:aubrevane start:aub_01"))
    moved = await table.ok("@sonch /delve travel direction:west")  # the back: Threat +1; The Tide Turns: Threat -1
    assert "The party gains 1 Threat → Threat 1/" in moved.text and "🃏 Exploration (Instant): **The Tide Turns**" in (
        moved.text)
    assert {"delve_track_moved", "delve_exploration_drawn"} <= set(
        await logged_facts(app, "/delve travel direction:west"))
    gained = await table.ok("/delve gain curse:2")
    assert gained.text.startswith("The party gains 2 Curse → Curse 2/")
    assert "\x02" not in moved.text + gained.text and "\x02" not in str((await table.ok("/gm log count:3")).data)


async def test_the_expedition_s_steps_read_as_before(app: App, table: Table) -> None:
    """Rulebook (line 591): An Expedition starts with the Vision Phase, where the Knights find their individual
    callings."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser *Sonch*"')
    begun = await table.ok("/expedition start")
    assert begun.text.startswith("🧭 **Expedition 1** begins with the Vision Phase")
    assert "expedition_begins" in await logged_facts(app, "/expedition start")
    refused = await table("/expedition next")
    assert not refused.ok and "no calling chosen yet for Ser *Sonch* (/expedition vision)" in str(refused.error)
    status = await table.ok("/expedition status")
    assert "no Party Leader (/expedition leader)" in status.data["expedition"]["missing"]
    assert "\x02" not in str(refused.error) + status.text + str(status.data)
