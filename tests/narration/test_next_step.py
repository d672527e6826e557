"""The step to take next is a typed fact (rules/expedition/next_step.py), its words rendered at the edge
(bot/narration/next_step.py): the replies and ``data["next"]`` read as the table saw them before, the log keeps the
fact, and a refusal that names the next step shows it in words (issue #19, item 4: "Rules emit facts; words are
rendered at the edge")."""

from __future__ import annotations

from bot.app.service import App
from tests.conftest import Table
from tests.narration.logged import logged_facts

VISION = "`/expedition vision knight:<name> choice:quest|investigation|free_roam` (each Knight)"




async def test_the_next_step_reads_as_before_and_the_log_keeps_its_fact(app: App, table: Table) -> None:
    """Rulebook (line 579): Kingdoms Forlorn is played in a series of Expeditions, with each Expedition representing one Adventure, one Delve into the Deep Fog. Each Expedition consists of the following steps, resolved in this exact order:"""  # noqa: E501
    t = table
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    started = await t.ok("/expedition start")
    assert started.text.splitlines()[-1] == "Next: " + VISION, started.text
    assert started.data["next"] == VISION.replace("`", "") and isinstance(started.data["expedition"]["next"], str)
    assert "next_step" in await logged_facts(app, "/expedition start")
    await t.ok("@kara /expedition vision choice:free_roam")
    await t.ok("@ulfa /expedition vision choice:free_roam")
    await t.ok('/expedition leader knight:"Ser Sonch"')
    await t.ok("@kara /expedition destination kingdom:aubrevane")
    moved = await t.ok("/expedition next")
    assert moved.text.splitlines()[-1] == ("🧭 Expedition 1: **the Outpost Phase**. Next: `/outpost done` (the GM, when "
                                           "the Outpost activities are done and the Loadouts prepared; see "
                                           "/outpost status)"), moved.text
    assert "expedition_step_entered" in await logged_facts(app, "/expedition next")
    await t.ok("/expedition next")
    status = await t.ok("/expedition status")
    assert status.data["next"] == '/delve start kingdom:aubrevane leader:"Ser Sonch"', status.data["next"]
    assert status.text.splitlines()[-1] == 'Next: `/delve start kingdom:aubrevane leader:"Ser Sonch"`'
    now = await t.ok("@kara /now")
    assert now.data["next"] == status.data["next"] and now.text.splitlines()[-1] == status.text.splitlines()[-1]


async def test_a_refused_expedition_next_names_the_next_step_in_words(table: Table) -> None:
    """Rulebook (line 296): The game phases always happen in the specified order, one after the other."""
    t = table
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok("/expedition start")
    refused = await t("/expedition next")
    assert not refused.ok
    assert refused.error is not None and "\x02" not in refused.error, repr(refused.error)
    assert refused.error.endswith(". Next: " + VISION), refused.error
    assert refused.error.startswith("the Vision Phase is not finished: "), refused.error
