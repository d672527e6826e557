"""The Vices' effects on the Expedition (rulebook "Vices"): Disregard ignores the first Clue gain, Treachery makes a
Mercenary's use cost 2 Gold, Duplicity discards a Loot card before the Spoils Phase. Cowardice (Speed) and Cruelty
(Heat) are tests/knights/test_statistics.py."""

from __future__ import annotations

from bot.narration.registry import carried
from rules.delve.state import ClueGained
from rules.expedition.clue_cards import gain
from rules.state import CampaignState
from tests.conftest import Table
from tests.outpost.conftest import gold, outpost  # noqa: F401  (the fixture)
from tests.spoils.conftest import spoils, spoils_data, to_spoils  # noqa: F401  (the fixture)


async def test_disregard_ignores_the_first_clue_gain(party: Table) -> None:
    """Rulebook (line 1683): As long as you have at least one tally mark next to a Vice, you suffer the effects of that Vice.

    Rulebook (line 1688): - Disregard (Fortitude): When you are about to gain the first Clue during the expedition, ignore that gain."""  # noqa: E501
    await party.ok("@kara /knight vice vice:disregard change:1")
    await party.ok("@kara /expedition vision choice:investigation investigation:1")
    await party.ok("@ulfa /expedition vision choice:free_roam")
    await party.ok("@kara /expedition card card:clue_broken_banner")  # Martial, Secondary Errant (Maud's)
    await party.ok("@ulfa /expedition card card:clue_crossroads_rumour")  # Errant, Secondary Martial
    state = CampaignState.model_validate(await party.state())
    state.expedition.step = "delve1"  # type: ignore[union-attr]
    await party.ok("/delve start kingdom:aubrevane start:aub_01")
    state.delve = CampaignState.model_validate(await party.state()).delve
    state.delve.clues += [ClueGained(type="martial", tile="aub_04", why="test")]  # type: ignore[union-attr]
    texts = gain(state)
    held = state.expedition.visions  # type: ignore[union-attr]
    # Ser Sonch (Disregard) ignores the first gain; Maud (no Vice) gains it
    assert held["ser-sonch"].clue.collected == {"martial": 0, "errant": 1}  # type: ignore[union-attr]
    assert held["maud"].clue.collected == {"errant": 0, "martial": 2}  # type: ignore[union-attr]
    assert any("Disregard: Ser Sonch ignores the first Clue gain" in carried(t) for t in texts)
    # only the first: the next Clue is gained
    state.delve.clues += [ClueGained(type="martial", tile="aub_05", why="test")]  # type: ignore[union-attr]
    texts = gain(state)
    assert held["ser-sonch"].clue.collected == {"martial": 1, "errant": 1}  # type: ignore[union-attr]
    assert not any("Disregard" in carried(t) for t in texts)
    # without a tally mark, nothing is ignored
    await party.ok("@kara /knight vice vice:disregard change:-1")
    state = CampaignState.model_validate(await party.state())
    state.expedition.step = "delve1"  # type: ignore[union-attr]
    state.delve = CampaignState.model_validate(await party.state()).delve
    state.delve.clues += [ClueGained(type="martial", tile="aub_04", why="test")]  # type: ignore[union-attr]
    gain(state)
    assert state.expedition.visions["ser-sonch"].clue.collected["martial"] == 1  # type: ignore[union-attr]


async def test_treachery_mercenary_use_costs_two_gold(outpost: Table) -> None:  # noqa: F811
    """Rulebook (line 1690): - Treachery (Insight): Mercenary cards you have cost +2 Gold to use."""
    await outpost.ok("@kara /outpost hire mercenary:merc_ysolde_of_the_reeds")  # Ser Sonch recruits (has the card)
    await outpost.ok("@ulfa /knight vice vice:treachery change:1")  # Maud's Vice: not her card
    await outpost.ok("/outpost done")
    before = await gold(outpost, "ser-sonch")
    await outpost.ok('@ulfa /mercenary use name:"Ysolde of the Reeds"')
    assert await gold(outpost, "ser-sonch") == before  # no Treachery on the card's holder: free
    await outpost.ok('@kara /knight vice vice:treachery change:1 name:"Ser Sonch"')
    used = await outpost.ok('@kara /mercenary use name:"Ysolde of the Reeds"')
    assert "Treachery: Ysolde of the Reeds costs +2 Gold to use." in used.text
    assert await gold(outpost, "ser-sonch") == before - 2


async def test_treachery_without_the_gold_refuses_the_use(outpost: Table) -> None:  # noqa: F811
    """Rulebook (line 1690): - Treachery (Insight): Mercenary cards you have cost +2 Gold to use."""
    await outpost.ok("@kara /outpost hire mercenary:merc_ysolde_of_the_reeds")
    await outpost.ok('@kara /knight vice vice:treachery change:1 name:"Ser Sonch"')
    await outpost.ok("/outpost done")
    left = await gold(outpost, "ser-sonch")
    if left:
        await outpost.ok(f'/knight stat stat:gold change:{1 - left} name:"Ser Sonch"')
    refused = await outpost('@kara /mercenary use name:"Ysolde of the Reeds"')
    assert not refused.ok and "costs 2 Gold" in (refused.error or "")
    merc = (await outpost.state())["expedition"]["outpost"]["mercenaries"][0]
    assert merc["uses_left"] == 2  # nothing used


async def test_duplicity_discards_one_loot_card_before_the_spoils(spoils: Table) -> None:  # noqa: F811
    """Rulebook (line 1687): - Duplicity (Sagacity): When you are about to proceed to the Spoils Phase, discard 1 Loot card from the Loot deck."""  # noqa: E501
    await spoils.ok("/spoils scavenge count:3 type:upgrade")
    await spoils.ok('@ulfa /knight vice vice:duplicity change:1 name:Maud')
    reply = await to_spoils(spoils)
    assert "Duplicity: Maud discards 1 Loot card from the Loot deck: L3" in reply.text
    state = await spoils.state()
    sp = state["expedition"]["spoils"]
    assert [i["uid"] for i in sp["loot"]] == ["L1", "L2"]
    assert [i["uid"] for i in sp["discarded"]] == ["L3"]
    assert "L3" not in str(await spoils_data(spoils))
