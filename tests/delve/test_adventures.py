"""Kingdom Adventures (`/delve adventure`, rules/delve/adventures.py): the d100 Adventure Table, Unique boxes,
tests and rolls."""

from __future__ import annotations

from typing import Any

from bot.narration import texts
from content.schema.kingdom_codex import adventure_problems
from rules.delve.actions import DelveTravel
from rules.dice import Dice
from rules.state import CampaignState
from tests.delve._support import ENGINE, KINGDOM, TILES, delve_with, started


async def _state(table: Any) -> CampaignState:
    return CampaignState.model_validate(await table.state())


async def _party(table: Any) -> None:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")


async def _fail(table: Any, line: str) -> str:
    reply = await table(line)
    assert not reply.ok, line
    return str(reply.error or reply.text)


def test_the_table_covers_1_to_100_without_gaps() -> None:
    """Rulebook (line 1631): When you trigger a Kingdom Adventure, refer to the respective Kingdom Codex and roll a
    d100 on the Adventure Table. The die result denotes the Adventure you should resolve.
    """
    advs = KINGDOM.adventures
    assert len(advs) == 12
    covered = sorted(n for a in advs for n in range(a.low, a.high + 1))
    assert covered == list(range(1, 101))
    assert sum(a.unique for a in advs) >= 2
    assert adventure_problems(advs) == []
    gap = [a for a in advs if a.low != 1]
    assert any("leaves out 1" in m for _, m in adventure_problems(gap))


async def test_a_forced_d100_picks_the_adventure_and_applies_it(table: Any) -> None:
    """Rulebook (line 1631): When you trigger a Kingdom Adventure, refer to the respective Kingdom Codex and roll a
    d100 on the Adventure Table. The die result denotes the Adventure you should resolve.
    """
    await _party(table)
    before = (await _state(table)).track.time
    await table.ok("/gm force-next values:1,10")  # white (tens) 1, black (ones) 10 → 0: 10
    reply = await table.ok("@kara /delve adventure")
    a = reply.data["adventure"]
    assert (a["result"], a["id"], a["waiting"]) == (10, "aub_adv_peat_cutter", False)
    state = await _state(table)
    assert state.track.time == before + 1  # the Peat-Cutter's Hut: +1 Vigor, Time +1
    assert state.adventure_boxes == []  # not Unique


async def test_a_unique_box_is_marked_once_then_rolled_again(table: Any) -> None:
    """Rulebook (line 1632): Certain Adventures can only be resolved once. They are marked with a Unique box in the
    Adventure Table, and at the start of its paragraph. These boxes are used to denote that you have already resolved
    that Adventure. Mark the Unique boxes immediately after you roll the associated number, before you proceed to
    resolving this Adventure. If you roll the number of an Adventure whose Unique box you've already marked, roll a
    d100 again and resolve the newly rolled Adventure (repeat as many times as necessary until you roll an Adventure
    whose box you haven't marked).
    """
    await _party(table)
    await table.ok("/gm force-next values:5,5")  # 55: the Heron King (Unique)
    reply = await table.ok("@kara /delve adventure")
    assert reply.data["adventure"]["id"] == "aub_adv_heron_king" and reply.data["adventure"]["waiting"]
    assert (await _state(table)).adventure_boxes == ["aub_adv_heron_king"]  # marked before resolving
    assert "waits for its test" in await _fail(table, "@kara /delve adventure")
    await table.ok("@kara /delve adventure result:success")
    # 53 is the Heron King again: its box is marked, so roll again; 1,10 → 10 (the Peat-Cutter's Hut)
    await table.ok("/gm force-next values:5,3,1,10")
    reply = await table.ok("@kara /delve adventure")
    a = reply.data["adventure"]
    assert [r["result"] for r in a["rolls"]] == [53, 10] and a["id"] == "aub_adv_peat_cutter"
    assert "already marked" in reply.text
    assert (await _state(table)).adventure_boxes == ["aub_adv_heron_king"]


async def test_test_outcomes_apply_to_the_knight_and_the_track(table: Any) -> None:
    """Rulebook (line 1634): Many adventures will instruct you to perform a test. To do it, simply roll a single d10
    and compare the result to the difficulty of the test (e.g. 6+). If the result is equal to or higher than the
    difficulty, it is a Success. Otherwise, it is a Fail. You may use Heat to re-roll tests.
    """
    await _party(table)
    vigor = (await _state(table)).knights["ser-sonch"].stats.vigor
    await table.ok("/gm force-next values:5,5")  # the Heron King: Bravery 8+
    reply = await table.ok("@kara /delve adventure")
    assert "/roll test difficulty:8" in reply.text and "/roll reroll" in reply.text
    reply = await table.ok("@kara /delve adventure result:failure")  # lose 2 Vigor, gain 1 Heat
    k = (await _state(table)).knights["ser-sonch"]
    assert (k.stats.vigor, k.stats.heat) == (vigor - 2, 1)
    assert (await _state(table)).delve.adventure is None  # type: ignore[union-attr]
    assert "no Adventure waits" in await _fail(table, "@kara /delve adventure result:success")
    await table.ok("/delve adjust threat:3")
    await table.ok("/gm force-next values:9,5")  # 95: the Last Lamplighter (Unique): Tenacity 7+
    await table.ok("@kara /delve adventure")
    await table.ok("@kara /delve adventure result:success")  # lose 2 Threat, gain 1 Passion
    state = await _state(table)
    assert state.track.threat == 1 and state.knights["ser-sonch"].stats.passion == 1


async def test_a_roll_is_resolved_at_once_and_is_not_a_test(table: Any) -> None:
    """Rulebook (line 1644): There are many types of rolls you may be required to make during an adventure. Not all
    rolls are tests. An effect may instruct you to simply roll a d10 and resolve it according to the result. Such
    rolls are not tests (their description does not include the word "test") and cannot be re-rolled using Heat.
    """
    await _party(table)
    await table.ok("/delve adjust threat:2")
    await table.ok("/gm force-next values:3,10,9")  # 30: Will-o'-Wisps; the d10 9: lose 1 Threat
    reply = await table.ok("@kara /delve adventure")
    a = reply.data["adventure"]
    assert (a["id"], a["roll"], a["waiting"]) == ("aub_adv_will_o_wisps", 9, False)
    assert "not a test" in reply.text
    assert (await _state(table)).track.threat == 1


# -- group tests, and Adventures started by an Exploration card or a Point of Interest -----------------------------


async def _two(table: Any) -> None:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Kara"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")


async def test_group_test_outcome_by_the_count_of_successes(table: Any) -> None:
    """Rulebook (line 1638): Some tests will require only one Knight to make the test (usually the Party Leader),
    while others will have each Knight make a separate test.
    Rulebook (line 1640): Group tests are different, in that an individual success or failure means less. Usually, a
    group test has success ranges. After every Knight makes their test, the Knights sum up their successes and consult
    the results. This means a group test usually has more than two possible outcomes: typically, an outright failure
    (0–1 success), a moderate success (2–3 successes), and a full success (4 successes).
    """
    mire = next(a for a in KINGDOM.adventures if a.id == "aub_adv_mire")
    assert mire.test is not None and mire.test.group
    assert [mire.test.outcome(n).least for n in range(5)] == [0, 0, 2, 2, 4]
    await _two(table)
    for results, time in ((("success", "success"), 1), (("success", "failure"), 2)):
        await table.ok("/delve start kingdom:aubrevane start:aub_01")  # a new Delve: Time 0
        await table.ok("/gm force-next values:6,10")  # 60: the Sucking Mire (59-66)
        reply = await table.ok("@kara /delve adventure")
        a = reply.data["adventure"]
        assert (a["id"], a["waiting"], a["group"]) == ("aub_adv_mire", True, True)
        assert "Group test: Might 5+ — every Knight tests (Ser Sonch, Kara)" in reply.text
        reply = await table.ok(f'@kara /delve adventure knight:"Ser Sonch" result:{results[0]}')
        assert reply.data["adventure"]["waiting"] and "Waiting for: Kara." in reply.text
        reply = await table.ok(f"@ulfa /delve adventure knight:Kara result:{results[1]}")
        a = reply.data["adventure"]
        assert (a["successes"], a["waiting"]) == (results.count("success"), False)
        state = await _state(table)
        assert state.track.time == time and state.delve is not None and state.delve.adventure is None


async def test_group_test_fail_effect_on_each_failer(table: Any) -> None:
    """Rulebook (line 1642): Group tests also introduce "Fail" effects. A Fail effect is applied to the individual
    Knight who failed the test and not to the whole group. It's entirely possible to succeed at a group test, but fail
    as an individual Knight.
    """
    await _two(table)
    before = {k: v.stats.vigor for k, v in (await _state(table)).knights.items()}
    await table.ok("/gm force-next values:6,10")
    await table.ok("@kara /delve adventure")
    await table.ok('@kara /delve adventure knight:"Ser Sonch" result:failure')
    reply = await table.ok("@ulfa /delve adventure knight:Kara result:success")
    assert "Fail effect on Ser Sonch: Fail: the Knight loses 1 Vigor." in reply.text
    after = {k: v.stats.vigor for k, v in (await _state(table)).knights.items()}
    assert after == {"ser-sonch": before["ser-sonch"] - 1, "kara": before["kara"]}


async def test_group_test_needs_each_knight_once(table: Any) -> None:
    """Rulebook (line 1640): After every Knight makes their test, the Knights sum up their successes and consult the
    results.
    """
    await _two(table)
    await table.ok("/gm force-next values:6,10")
    await table.ok("@kara /delve adventure")
    assert "give each Knight's result with `knight:`" in await _fail(table, "@kara /delve adventure result:success")
    await table.ok('@kara /delve adventure knight:"Ser Sonch" result:success')
    assert "already gave a result" in await _fail(table, '@kara /delve adventure knight:"Ser Sonch" result:failure')


def test_an_exploration_card_that_starts_an_adventure_rolls_the_d100() -> None:
    """Rulebook (line 1630): Kingdom Adventures are sets of adventures set in a particular Kingdom that can be
    triggered during your Expeditions. The most common ways of triggering an Adventure are Exploration cards and
    Points of Interest.
    Rulebook (line 1631): When you trigger a Kingdom Adventure, refer to the respective Kingdom Codex and roll a d100
    on the Adventure Table. The die result denotes the Adventure you should resolve.
    """
    state = started()
    assert state.delve is not None
    state.delve = state.delve.model_copy(update={"exploration": ["aub_ex_quiet", *[
        c for c in state.delve.exploration if c != "aub_ex_quiet"]]})
    result = ENGINE.apply(state, DelveTravel(direction="north"), Dice(seed=1, forced=[1, 10]))
    text = "\n".join(texts(result.events))
    assert "**An Uneasy Quiet**" in text and "📜 Adventure (d100 10): **The Peat-Cutter's Hut**" in text
    assert result.state.track.time == TILES["aub_02"].back.time + 1  # the Peat-Cutter's Hut: Time +1


def test_a_point_of_interest_that_starts_an_adventure_rolls_it() -> None:
    """Rulebook (line 757): - Point of Interest: Represents a Point of Interest. If a Point of Interest symbol is
    accompanied by a name, refer to the Point of Interest table on the Kingdom Sheet and resolve an effect with a
    matching name. If a Point of Interest symbol is accompanied by a number, flip the top Exploration card and add its
    PoI modifier located at the top of the Exploration card to the number on the tile. Then, refer to the Point of
    Interest table and resolve an effect with the matching number. Don't discard the Exploration card, it stays on top
    of the deck.
    Rulebook (line 1630): The most common ways of triggering an Adventure are Exploration cards and Points of
    Interest.
    """
    state = started()
    assert state.delve is not None
    delve = delve_with(["aub_01", "aub_02", "aub_08", "aub_10"], "aub_10")
    deck = ["aub_ex_gulls", *[c for c in state.delve.exploration if c != "aub_ex_gulls"]]  # PoI modifier +1
    state.delve = delve.model_copy(update={"exploration": deck, "leader": state.delve.leader})
    result = ENGINE.apply(state, DelveTravel(direction="north"), Dice(seed=1, forced=[1, 10]))  # the Thorn Spire
    text = "\n".join(texts(result.events))
    assert "📍 Point of Interest 10 +1 (PoI modifier of the top Exploration card) = 11" in text
    assert "**The Storyteller's Stone**" in text and "📜 Adventure (d100 10): **The Peat-Cutter's Hut**" in text
