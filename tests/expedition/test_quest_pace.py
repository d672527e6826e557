"""A Knight on a Quest paces the Expedition: the Story step's Time 8 and 16 call no Clash by themselves (issue #20,
"Bugs met": "at Time 8 the Exhibition Clash began although a Knight was on a Quest")."""

from __future__ import annotations

from rules.delve.actions import DelveGain
from rules.engine import Engine
from rules.state import QUEST_PACE_VERSION, CampaignState
from tests.conftest import CATALOGUE, Table
from tests.expedition.conftest import phase
from tests.expedition.test_phases import to_delve


async def _step(t: Table) -> str:
    return str((await t.ok("/expedition status")).data["expedition"]["step"])


async def test_time_8_with_a_knight_on_a_quest_calls_no_clash(party: Table) -> None:
    """Rulebook (line 810): If no Knight is on a Quest:
    Rulebook (line 811): If the current Time is 8, resolve an Exhibition Clash. If the Exhibition Clash Monster has
    not yet been determined, resolve the Clash against a Monster from your current district, then proceed to the
    Rest Phase.
    Rulebook (line 813): During a Quest, however, you will be instructed when to proceed to the Clashes and Rest."""
    t = party
    await to_delve(t)  # Ser Sonch on the Quest
    reached = await t.ok("/delve gain time:8")
    assert "Ser Sonch is on a Quest, so the Story step calls no Exhibition Clash" in reached.text, reached.text
    assert await _step(t) == "delve1"
    status = await t.ok("/expedition status")
    assert status.data["next"].startswith("/expedition next (the GM, when Ser Sonch's Quest paragraph sends the "
                                          "party to the Clash Phase (Exhibition Clash)"), status.data["next"]
    again = await t.ok("/delve gain time:1")  # told once, not after every action
    assert "calls no Exhibition Clash" not in again.text and await _step(t) == "delve1"
    # the paragraph sends the party to the Exhibition Clash: the GM moves on
    moved = await t.ok("/expedition next")
    assert moved.data["expedition"]["step"] == "clash_exhibition" and "type:exhibition" in moved.data["next"]
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    await t.ok("/clash end")
    assert await phase(t) == "rest"
    await t.ok("/rest tale:false")  # the Rest Abilities step waits (Rest Techniques in hand)
    await t.ok("/rest tale:false")
    assert await _step(t) == "delve2"
    reached = await t.ok("/delve gain time:7")  # Time 16
    assert "calls no Full Clash" in reached.text and await _step(t) == "delve2"
    await t.ok("/expedition next")
    assert await _step(t) == "clash_full"


async def test_without_a_quest_time_8_still_calls_the_clash(party: Table) -> None:
    """Rulebook (line 811): If the current Time is 8, resolve an Exhibition Clash. If the Exhibition Clash Monster has
    not yet been determined, resolve the Clash against a Monster from your current district, then proceed to the
    Rest Phase."""
    t = party
    await to_delve(t, quest=False)
    before = await t("/expedition next")
    assert not before.ok and "has not reached Time 8" in (before.error or "")
    reached = await t.ok("/delve gain time:8")
    assert "the Story step calls the Exhibition Clash" in reached.text
    assert await _step(t) == "clash_exhibition"


async def test_an_older_campaign_keeps_its_time_8_clash(party: Table) -> None:
    """Rulebook (line 811): If the current Time is 8, resolve an Exhibition Clash. If the Exhibition Clash Monster has
    not yet been determined, resolve the Clash against a Monster from your current district, then proceed to the
    Rest Phase.

    A campaign saved before state version 3 replays its log as it was played: there, Time 8 called the Clash even
    with a Knight on a Quest."""
    await to_delve(party)
    old = CampaignState.model_validate({**(await party.state()), "version": QUEST_PACE_VERSION - 1})
    engine = Engine(CATALOGUE)
    result = engine.apply(old, DelveGain(time=8), engine.dice_for(old))
    assert result.state.expedition is not None and result.state.expedition.step == "clash_exhibition"
    assert result.state.expedition.quest_paced == []
