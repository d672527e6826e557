"""A Rogue's Path campaign played with the commands (docs/rogue.md), on the starter Rosegraal of Aubrevane."""

from __future__ import annotations

from typing import Any

from tests.conftest import Table

KNIGHTS = ["Ser Sonch", "Kara"]


async def _start(table: Table, names: list[str] = KNIGHTS) -> dict[str, Any]:
    for name in names:
        await table.ok(f'/knight create knight:lanternbearer name:"{name}"')
    return (await table.ok("/rogue start")).data["rogue"]


async def _tackle(table: Table, node: str, roll: int = 1) -> dict[str, Any]:
    await table.ok(f"/gm force-next values:{roll}")
    return (await table.ok(f"/rogue node node:{node}")).data


async def _kill(table: Table, name: str) -> None:
    await table.ok(f'/knight stat name:"{name}" stat:bane change:20')


async def _win(table: Table) -> dict[str, Any]:
    reply = await table.ok("/clash adjust monster:wounds value:40")
    assert reply.data["clash"]["over"] == "victory"
    return (await table.ok("/clash end")).data


async def _status(table: Table) -> dict[str, Any]:
    rogue: dict[str, Any] = (await table.ok("/rogue status")).data["rogue"]
    return rogue


async def test_start_gives_gold_and_resurrections(table: Table) -> None:
    """Rulebook (line 1831): Besides elements you gain during the Knight Setup, each Knight gains 10 Gold. Then, the Knights, as a group, gain a total of 5 resurrections."""
    for name in KNIGHTS:
        await table.ok(f'/knight create knight:lanternbearer name:"{name}"')
    setup_gold = [k["sheet"]["gold"] for k in (await table.state())["knights"].values()]
    rogue = (await table.ok("/rogue start")).data["rogue"]
    assert rogue["resurrections"] == 5 and rogue["crossed"] == ["s"] and rogue["reachable"] == ["a1", "a2"]
    state = await table.state()
    assert [k["sheet"]["gold"] for k in state["knights"].values()] == [g + 10 for g in setup_gold]
    status = await _status(table)
    assert (status["resurrections"], status["crossed"], status["reachable"]) == (5, ["s"], ["a1", "a2"])


async def test_start_twice_is_refused(table: Table) -> None:
    """Rulebook (line 1832): Once you're set, cross out the S node on the Rosegraal to mark the start of the campaign."""
    await _start(table)
    before = await table.state()
    refused = await table("/rogue start")
    assert not refused.ok and "already under way" in (refused.error or "")
    assert await table.state() == before
    assert not (await table("@kara /rogue start")).ok  # the GM starts it


async def test_a_node_must_connect_to_a_crossed_node(table: Table) -> None:
    """Rulebook (line 1836): During a Rosegraal Round, instead of normal progression, story interactions and other Expedition activities, simply choose a node connecting to any of your previously crossed out nodes."""
    await _start(table)
    before = await table.state()
    for bad, why in (("b1", "does not connect"), ("s", "already crossed out"), ("zz", "there is no node")):
        refused = await table(f"/rogue node node:{bad}")
        assert not refused.ok and why in (refused.error or "")
    assert await table.state() == before


async def test_a_node_starts_the_clash_against_a_monster_of_its_table(table: Table) -> None:
    """Rulebook (line 1848): For the purpose of gated effects based on the tier, including ones on your Techniques as well as Loot cards, refer to the tier of the Node you are tackling."""
    await _start(table)
    data = await _tackle(table, "a1", roll=9)
    assert data["naturals"] == [9] and data["clash"]["wounds_needed"] > 0
    state = await table.state()
    assert (state["clash"]["monster"], state["clash"]["level"], state["clash"]["type"]) == ("abbot", 1, "full")
    rogue = await _status(table)
    assert rogue["tier"] == "mob" and rogue["tackling"]["node"] == "a1" and rogue["round"] == 1
    refused = await table("/rogue node node:a2")
    assert not refused.ok and "being tackled" in (refused.error or "")


async def test_a_won_node_is_crossed_out_with_its_rewards(table: Table) -> None:
    """Rulebook (line 1842): First, you gain additional resurrections, as noted by the node. Usually, it's equal to the Node Level (so 1 to 5)."""
    await _start(table)
    await _tackle(table, "a1")
    await _win(table)
    rogue = await _status(table)
    assert rogue["resurrections"] == 6 and rogue["crossed"] == ["s", "a1"]
    assert rogue["reachable"] == ["a2", "b1", "b2"] and rogue["tier"] is None
    assert [(o["knight"], o["kind"], o["level"]) for o in rogue["owed"]] == [("ser-sonch", "gear", 1),
                                                                            ("kara", "gear", 1)]


async def test_a_reward_is_claimed_once(table: Table) -> None:
    """Rulebook (line 1843): Remember, each reward can be claimed only once!"""
    await _start(table)
    await _tackle(table, "a1")
    await _win(table)
    too_high = await table('/rogue claim knight:"Kara" reward:rr_marsh_cloak')  # a level II Gear reward
    assert not too_high.ok and "owed no Gear reward of level II" in (too_high.error or "")
    claimed = await table.ok('/rogue claim knight:"Kara" reward:rr_ashen_blade')
    assert claimed.data["rogue"]["claimed"] == {"rr_ashen_blade": "kara"}
    before = await table.state()
    again = await table('/rogue claim knight:"Ser Sonch" reward:rr_ashen_blade')
    assert not again.ok and "only once" in (again.error or "")
    assert await table.state() == before


async def test_a_lost_node_costs_a_resurrection_per_death_and_stays(table: Table) -> None:
    """Rulebook (line 1840): You lose a number of resurrections equal to the number of Knights that died during the Clash. ... You do not gain the Rosegraal Rewards. You do not cross out the node you've tackled."""
    await _start(table)
    await _tackle(table, "a2")
    await _kill(table, "Ser Sonch")
    await _kill(table, "Kara")
    ended = await table.ok("/clash end")
    assert ended.data["over"] == "defeat"
    rogue = await _status(table)
    assert rogue["resurrections"] == 3 and rogue["crossed"] == ["s"] and "a2" in rogue["reachable"]
    assert rogue["owed"] == [] and rogue["outcome"] is None
    state = await table.state()
    assert not any(k["dead"] for k in state["knights"].values())  # both brought back from the pool
    await _tackle(table, "a2", roll=5)  # "you roll for a new random Monster to battle!"
    assert (await table.state())["clash"]["monster"] == "stag"


async def test_no_resurrections_and_one_survivor_refills_the_party(table: Table) -> None:
    """Rulebook (line 1842): However, if you don't have any resurrections left and you end the Clash with less than four alive party members, you always gain as many resurrections, as to bring back the party to full strength."""
    await _start(table, ["Ser Sonch", "Kara", "Wendel", "Ysolt"])
    await table.ok("/rogue owned remove:abbot")  # (changing nothing of the resurrections)
    state = await table.state()
    assert state["rogue"]["resurrections"] == 5
    # spend the pool: lose a node with all four dying (5 -> 1), then another with one dying (1 -> 0)
    await _tackle(table, "a1")
    for name in ("Ser Sonch", "Kara", "Wendel", "Ysolt"):
        await _kill(table, name)
    await table.ok("/clash end")
    await _tackle(table, "a1")
    await _kill(table, "Ysolt")
    await table.ok("/clash end")
    assert (await _status(table))["resurrections"] == 0
    await _tackle(table, "a1")
    for name in ("Ser Sonch", "Kara", "Wendel"):
        await _kill(table, name)
    await table.ok("/clash adjust monster:wounds value:40")
    ended = await table.ok("/clash end")
    assert "bring" in ended.text and "full strength" in ended.text
    rogue = await _status(table)
    state = await table.state()
    assert [k["dead"] for k in state["knights"].values()] == [False, False, False, False]
    assert rogue["resurrections"] == 0 and rogue["crossed"] == ["s", "a1"]  # +3 to bring them back, all spent


async def test_losing_all_knights_and_resurrections_loses(table: Table) -> None:
    """Rulebook (line 1850): If you lose all your Knights and resurrections, you lose."""
    await _start(table, ["Ser Sonch"])
    for _ in range(5):
        await _tackle(table, "a1")
        await _kill(table, "Ser Sonch")
        await table.ok("/clash end")
    assert (await _status(table))["resurrections"] == 0
    await _tackle(table, "a1")
    await _kill(table, "Ser Sonch")
    ended = await table.ok("/clash end")
    assert "the Rogue's Path is lost" in ended.text
    rogue = await _status(table)
    assert rogue["outcome"] == "lost" and rogue["reachable"] == []
    before = await table.state()
    refused = await table("/rogue node node:a2")
    assert not refused.ok and "over (lost)" in (refused.error or "")
    assert await table.state() == before


async def test_crossing_the_last_node_wins(table: Table) -> None:
    """Rulebook (line 1850): If you cross out the last node of the Rosegraal, you win."""
    await _start(table, ["Ser Sonch"])
    for node in ("a1", "b1", "c1", "d1"):
        await _tackle(table, node)
        await _win(table)
    await _tackle(table, "e1")
    ended = await _win(table)
    rogue = await _status(table)
    assert rogue["outcome"] == "won" and rogue["crossed"][-1] == "e1"
    assert ended["over"] == "victory"


async def test_the_outpost_is_visited_between_clashes(table: Table) -> None:
    """Rulebook (line 1846): At any time during a Rosegraal Round, before or after a Clash, you may visit your Kingdom's Outpost, and perform an Outpost Phase."""
    await _start(table)
    visit = await table.ok("/rogue outpost")
    assert visit.data["rogue"]["outpost_visits"] == 1 and "ignore options" in visit.text
    await _tackle(table, "a1")
    before = await table.state()
    refused = await table("/rogue outpost")
    assert not refused.ok and "not during one" in (refused.error or "")
    assert await table.state() == before


async def test_an_unowned_table_is_reported_and_changes_nothing(table: Table) -> None:
    """Rulebook (line 1852): An asterisk (*) next to a Monster means: if you don't own that Monster, re-roll."""
    await _start(table)
    await table.ok('/rogue owned remove:"abbot,stag,drowned"')
    before = await table.state()
    refused = await table("/rogue node node:a1")
    assert not refused.ok and "re-rolling could never end" in (refused.error or "")
    assert await table.state() == before
    await table.ok('/rogue owned add:"The Cinder Abbot"')
    data = await _tackle(table, "a1", roll=1)  # 1: the Lantern Drowned, not owned: re-rolled
    assert data["naturals"][0] == 1 and (await table.state())["clash"]["monster"] == "abbot"


async def test_map_draws_the_rosegraal(table: Table) -> None:
    """Rulebook (line 1907): The map itself charts a branching path of nodes through the Principality of Stone and the Sunken Kingdom, each marked with its level (I–V) and available rewards"""
    await _start(table)
    await _tackle(table, "a1")
    await _win(table)
    reply = await table.ok("/rogue map")
    assert reply.images and reply.images[0].endswith(".png")
    from PIL import Image

    with Image.open(reply.images[0]) as img:
        assert img.size == (1400, 780)


async def test_a_sigh_of_the_graal_replays_the_rosegraal_round(table: Table) -> None:
    """Rulebook (line 325): When a Clash ends, but before you proceed to the story resolution, you may decide to spend one Sigh of the Graal to replay the Clash without suffering any of its consequences."""
    await _start(table)
    await _tackle(table, "a1")
    await table.ok('/knight mark what:sigh name:"Ser Sonch"')
    await _win(table)  # a1 won and crossed out
    before_a2 = await table.state()
    await _tackle(table, "a2")
    await _kill(table, "Ser Sonch")
    await _kill(table, "Kara")
    await table.ok("/clash end")
    assert (await _status(table))["resurrections"] == 4
    await table.ok('/clash sigh knight:"Ser Sonch"')  # back to before the node a2 was tackled
    state = await table.state()
    assert state["rogue"] == before_a2["rogue"] and state["clash"] is None
    assert not state["knights"]["ser-sonch"]["sheet"]["sigh_of_the_graal"]


async def test_gated_effects_read_the_node_tier(table: Table) -> None:
    """Rulebook (line 1848): For the purpose of gated effects based on the tier, including ones on your Techniques as well as Loot cards, refer to the tier of the Node you are tackling."""
    from rules.rogue.campaign import gate_tier
    from rules.state import CampaignState

    await _start(table)
    await _tackle(table, "a1")
    await _win(table)
    await _tackle(table, "b1")
    state = CampaignState.model_validate(await table.state())
    sonch = state.knights["ser-sonch"]
    assert sonch.sheet.tier == "mob" and gate_tier(state, sonch) == "vassal"
    await _win(table)
    state = CampaignState.model_validate(await table.state())
    assert gate_tier(state, state.knights["ser-sonch"]) == "mob"


async def test_no_rogue_campaign_refuses_and_changes_nothing(table: Table) -> None:
    """Rulebook (line 1834): The Rogue's Path campaign is played in Rosegraal Rounds."""
    before = await table.state()
    for line in ("/rogue node node:a1", "/rogue status", "/rogue outpost", '/rogue owned add:abbot'):
        refused = await table(line)
        assert not refused.ok and "no Rogue's Path campaign" in (refused.error or "")
    no_knights = await table("/rogue start")
    assert not no_knights.ok and "choose your Knights first" in (no_knights.error or "")
    assert await table.state() == before
