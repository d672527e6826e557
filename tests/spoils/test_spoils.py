"""The Loot deck and the Spoils Phase (docs/spoils.md)."""

from __future__ import annotations

import pytest

from bot.narration import texts
from content.loader import load_catalogue
from rules.clash.state import ClashState
from rules.errors import RuleError
from rules.expedition.spoils_loot import allowed_tier, available
from rules.expedition.spoils_state import LootItem
from rules.state import CampaignState
from tests.conftest import Table
from tests.spoils.conftest import refused, spoils_data, to_spoils


async def test_scavenge_adds_cards_until_the_deck_runs_out(spoils: Table) -> None:
    """Rulebook (line 2079): Scavenge X: Add X Loot cards to the Loot deck.

    Rulebook (line 2080): Kingdom Scavenge X: Add X Kingdom Gear Loot cards to the Loot deck.

    Rulebook (line 2084): If you trigger Scavenge, but there are no more Loot cards to add to the Loot deck, ignore
    Scavenge. You've looted whatever you could in this Expedition!
    """
    t = spoils
    reply = await t.ok("/spoils scavenge count:3 type:upgrade")
    assert [i["type"] for i in reply.data["spoils"]["loot_deck"]] == ["upgrade"] * 3
    reply = await t.ok('/spoils scavenge count:10 type:kingdom_gear reason:"a Contract"')
    deck = reply.data["spoils"]["loot_deck"]
    kingdom = [i for i in deck if i["type"] == "kingdom_gear"]
    assert len(kingdom) == 8  # the starter Scavenge deck holds 8 Kingdom Gear Loot cards
    assert all(i["kingdom"] == "aubrevane" for i in kingdom)
    assert "ignored" in reply.text
    reply = await t.ok("/spoils scavenge count:1 type:kingdom_gear")
    assert len(reply.data["spoils"]["loot_deck"]) == 11 and "ignored" in reply.text


async def test_clash_scavenge_needs_a_clash(spoils: Table) -> None:
    """Rulebook (line 2083): Clash Scavenge X: Add X Exhibition or Full Clash Loot cards to the Loot deck depending
    on the last Clash you've resolved."""
    await refused(spoils, "/spoils scavenge count:1 type:clash", "no Clash was seen")


async def test_a_victorious_clash_adds_its_clash_loot(spoils: Table) -> None:
    """Rulebook (line 1476): Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3 (see
    Scavenge X, p. 86)."""
    from tests.clash.test_aftermath import _over

    t = spoils
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    await _over(t, "victory")
    reply = await t.ok("/clash end")
    assert "Exhibition Clash Loot" in reply.text and "/spoils scavenge" in reply.text
    deck = (await spoils_data(t))["loot_deck"]
    assert [(i["type"], i["monster"], i["monster_tier"]) for i in deck] == [("exhibition_clash", "stag", "mob")]
    more = await t.ok("/spoils scavenge count:1 type:clash")
    assert more.data["spoils"]["loot_deck"][-1]["type"] == "exhibition_clash"


async def test_a_successful_free_roamer_gets_two_cards(spoils: Table) -> None:
    """Rulebook (line 1614): Next, distribute the Common Goods between yourselves in such a way that each Knight
    gains 1 chosen Loot card (2 if they succeed in a Free Roam instead)."""
    t = spoils
    await t.ok("/spoils scavenge count:5 type:kingdom_gear")
    reply = await to_spoils(t)
    assert "Spoils Phase" in reply.text and "Maud 1" in reply.text and "Ser Sonch 1" in reply.text
    await refused(t, '@kara /expedition resolve knight:"Ser Sonch" outcome:success', "not on an Investigation")
    await t.ok("@ulfa /expedition resolve knight:Maud outcome:success")
    assert "Maud 0/2" in (await t.ok("/spoils status")).text
    await t.ok("@ulfa /spoils take card:L1")
    await t.ok("@ulfa /spoils take card:L2")
    await refused(t, "@ulfa /spoils take card:L3", "already has their 2 chosen card(s)")
    await t.ok("@kara /spoils take card:L3")
    await refused(t, "@kara /spoils take card:L4", "already has their 1 chosen card(s)", "Free Roam")
    await refused(t, '@ulfa /spoils take card:L4 knight:"Ser Sonch"', "belongs to")
    data = await spoils_data(t)
    assert data["shares"] == {"maud": ["L1", "L2"], "ser-sonch": ["L3"]}
    assert data["common_goods"] == ["L4", "L5"]


async def test_an_unsuccessful_free_roamer_gets_one_card(spoils: Table) -> None:
    """Rulebook (line 1614): each Knight gains 1 chosen Loot card (2 if they succeed in a Free Roam instead)."""
    t = spoils
    await t.ok("/spoils scavenge count:3 type:kingdom_gear")
    await to_spoils(t)
    await t.ok("@ulfa /spoils take card:L1")
    await refused(t, "@ulfa /spoils take card:L2", "2 only after a successful Free Roam")


async def test_the_party_leader_breaks_a_tie(spoils: Table) -> None:
    """Rulebook (line 1614): If players cannot agree who gets what, the majority wins, while ties are broken by the
    Party Leader."""
    t = spoils
    await t.ok("/spoils scavenge count:2 type:kingdom_gear")
    await to_spoils(t)
    reply = await t.ok("/spoils vote card:L1")
    pending = reply.pending
    assert pending is not None and pending["answer"] == "spoils choose" and pending["kind"] == "spoils_vote"
    assert pending["options"] == ["ser-sonch", "maud"] and set(pending["who"]) == {"kara", "ulfa"}
    await refused(t, "/spoils vote card:L2", "the Loot vote waits for a decision first (vote1)")
    await refused(t, "@kara /spoils choose decision:vote1 option:nobody",  # the one answer check, as /choose
                  "nobody is not an answer to vote1; choose from: ser-sonch, maud")
    await refused(t, "@kara /spoils take card:L1", "/choose decision:vote1 option:<ser-sonch|maud>")
    first = await t.ok("@ulfa /spoils choose decision:vote1 option:maud")
    assert first.pending is not None and first.pending["who"] == ["kara"]
    await refused(t, "@ulfa /spoils choose decision:vote1 option:maud", "voted already")
    last = await t.ok("@kara /spoils choose decision:vote1 option:ser-sonch")
    assert last.pending is None and "broken by the Party Leader" in last.text
    data = await spoils_data(t)
    assert data["shares"] == {"ser-sonch": ["L1"]} and data["vote"] is None
    await refused(t, "@kara /spoils choose decision:vote1 option:maud", "no longer waiting")


async def test_the_party_leaders_vote_breaks_a_four_player_tie(table: Table) -> None:
    """Rulebook (line 1614): the majority wins, while ties are broken by the Party Leader."""
    t = table
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await t.ok('@bryn /knight create knight:oriel name:"Oriel"')
    await t.ok('@dane /knight create knight:marrow name:"Marrow"')
    await t.ok("/expedition start")
    for who, name in (("kara", '"Ser Sonch"'), ("ulfa", "Maud"), ("bryn", "Oriel"), ("dane", "Marrow")):
        choice = "quest" if who == "kara" else "investigation"
        await t.ok(f"@{who} /expedition vision choice:{choice} knight:{name}")
    await t.ok("/spoils scavenge count:2 type:kingdom_gear")
    await to_spoils(t)
    await t.ok("/spoils vote card:L1")
    await t.ok("@ulfa /spoils choose decision:vote1 option:maud")
    await t.ok("@bryn /spoils choose decision:vote1 option:oriel")
    await t.ok("@dane /spoils choose decision:vote1 option:maud")
    tie = await t.ok("@kara /spoils choose decision:vote1 option:oriel")
    assert "a tie, broken by the Party Leader's vote" in tie.text and tie.pending is None
    assert (await spoils_data(t))["shares"] == {"oriel": ["L1"]}


async def test_a_majority_wins(table: Table) -> None:
    """Rulebook (line 1614): the majority wins"""
    t = table
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await t.ok('@bryn /knight create knight:oriel name:"Oriel"')
    await t.ok("/expedition start")
    await t.ok("/spoils scavenge count:1 type:upgrade")
    await to_spoils(t)
    await t.ok("/spoils vote card:L1")
    await t.ok("@kara /spoils choose decision:vote1 option:oriel")
    await t.ok("@ulfa /spoils choose decision:vote1 option:maud")
    reply = await t.ok("@bryn /spoils choose decision:vote1 option:maud")
    assert "the majority (2 vote(s))" in reply.text
    assert (await spoils_data(t))["shares"] == {"maud": ["L1"]}


async def test_a_squire_gives_one_more_gear_exchange(spoils: Table) -> None:
    """Rulebook (line 1774): Instead, when distributing the Common Goods between Knights, each Squire allows the
    party to exchange one additional Loot card for an appropriate Gear"""
    t = spoils
    await t.ok("@kara /squire add squire:squire_tamsin")
    await t.ok("/spoils scavenge count:4 type:kingdom_gear")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    await t.ok("@kara /spoils take card:L2 squire:true")
    await refused(t, "@ulfa /spoils take card:L3 squire:true", "none is left")
    await t.ok("@kara /spoils exchange card:L2 for:gear gear:gear_bonesaw")
    state = CampaignState.model_validate(await t.state())
    assert [a.gear for a in state.knights["ser-sonch"].sheet.armory][-1] == "gear_bonesaw"


async def test_a_consumable_returns_to_the_merchant(table: Table) -> None:
    """Rulebook (line 462): If you equipped a Consumable Gear card for an Expedition, at the start of the Spoils Phase
    you will return it to the Merchant deck, regardless of the number of Charges you used (or didn't use!) up."""
    t = table
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok("@kara /knight armory add gear:gear_tinderbox")
    before = CampaignState.model_validate(await t.state()).knights["ser-sonch"]
    await t.ok("@kara /knight loadout gear:" + ",".join([e.gear for e in before.loadout if e.gear != "gear_knighves"]
                                                         + ["gear_tinderbox"]))
    await t.ok("/expedition start")
    await t.ok('@kara /expedition vision choice:quest knight:"Ser Sonch"')
    reply = await to_spoils(t)
    assert "Ser Sonch returns the Consumable(s) they equipped to the Merchant deck" in reply.text
    state = CampaignState.model_validate(await t.state())
    k = state.knights["ser-sonch"]
    assert "gear_tinderbox" not in [e.gear for e in k.loadout]
    assert "gear_tinderbox" not in [a.gear for a in k.sheet.armory]
    assert "gear_tinderbox" in state.unlocked_consumables
    assert state.expedition is not None and state.expedition.spoils.returned == ["gear_tinderbox"]


async def test_a_consumable_picked_up_is_unlocked_in_the_merchant(spoils: Table) -> None:
    """Rulebook (line 462): They are gained from Loot cards, and once picked up they are immediately unlocked in the
    Merchant Workshop."""
    t = spoils
    await t.ok("/spoils scavenge count:1 type:consumable")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    reply = await t.ok("@kara /spoils exchange card:L1 for:gear gear:gear_poultice_jar")
    assert "unlocked in the Merchant Workshop" in reply.text
    state = CampaignState.model_validate(await t.state())
    assert "gear_poultice_jar" in state.unlocked_consumables
    assert "gear_poultice_jar" in [a.gear for a in state.knights["ser-sonch"].sheet.armory]


async def test_gear_above_the_allowed_tier_is_refused(spoils: Table) -> None:
    """Rulebook (line 1611): When exchanging Loot cards for Gear, you must always exchange it for a Gear card of your
    current or a lower tier."""
    t = spoils
    await t.ok("/spoils scavenge count:2 type:kingdom_gear")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    await refused(t, "@kara /spoils exchange card:L1 for:gear gear:gear_kingsfall_halberd", "King tier",
                  "above the Mob tier")
    await refused(t, "@kara /spoils exchange card:L1 for:gear gear:gear_stag_antler_pick", "is not what")
    await refused(t, "@kara /spoils exchange card:L2 for:gear gear:gear_bonesaw", "holds no Loot card L2")
    await t.ok("@kara /spoils exchange card:L1 for:gear gear:gear_bonesaw")
    await refused(t, "@kara /spoils exchange card:L1 for:gold", "already exchanged")
    await t.ok("/knight tier tier:king name:Maud")
    await t.ok("@ulfa /spoils take card:L2")
    await refused(t, "@ulfa /spoils exchange card:L2 for:gear gear:gear_bonesaw", "already held")
    await t.ok("@ulfa /spoils exchange card:L2 for:gear gear:gear_kingsfall_halberd")


async def test_the_higher_tier_monster_exception() -> None:
    """Rulebook (line 1612): In that case, if the Monster's lowest level is on a higher tier than yours, you may
    exchange the Loot cards from that Clash for Gear from the tier of that Monster's lowest level."""
    cat = load_catalogue()
    high = LootItem(uid="L1", card="loot_full_trophy", type="full_clash", monster="stag", level=2,
                    monster_tier="vassal")
    low = high.model_copy(update={"monster_tier": "mob"})
    assert allowed_tier(cat, "mob", high) == "vassal"
    assert allowed_tier(cat, "mob", low) == "mob"
    assert allowed_tier(cat, "king", high) == "king"
    state = CampaignState(name="x", seed=1)
    assert "gear_stag_hide_mantle" in available(cat, state, "mob", high)  # a Vassal tier card
    assert "gear_stag_hide_mantle" not in available(cat, state, "mob", low)


async def test_spare_scrap_in_turn_from_the_party_leader(spoils: Table) -> None:
    """Rulebook (line 1615): The remaining Common Goods become the Spare Scrap—one by one, starting from the Party
    Leader, then going clockwise, each Knight takes one card from the Spare Scrap until there are none left."""
    t = spoils
    await t.ok("/spoils scavenge count:5 type:upgrade")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    await refused(t, "@kara /spoils scrap card:L3", "distribution is not finished", "Maud")
    await t.ok("@ulfa /spoils take card:L2")
    await refused(t, "@ulfa /spoils scrap card:L3", "Ser Sonch's turn")
    await t.ok("@kara /spoils scrap card:L3")
    await refused(t, "@ulfa /spoils take card:L4", "Spare Scrap has started")
    await t.ok("@ulfa /spoils scrap card:L4")
    await t.ok("@kara /spoils scrap card:L5")
    data = await spoils_data(t)
    assert data["spare_scrap"] == {"ser-sonch": ["L3", "L5"], "maud": ["L4"]} and data["common_goods"] == []


async def test_spare_scrap_is_gold_only(spoils: Table) -> None:
    """Rulebook (line 1615): Then, you may exchange all of those Loot cards for Gold now (they cannot be exchanged for
    Gear anymore!), or at the end of the Gambling step"""
    t = spoils
    await t.ok("/spoils scavenge count:3 type:kingdom_gear")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    await t.ok("@ulfa /spoils take card:L2")
    await t.ok("@kara /spoils scrap card:L3")
    gold = CampaignState.model_validate(await t.state()).knights["ser-sonch"].sheet.gold
    await refused(t, "@kara /spoils exchange card:L3 for:gear gear:gear_bonesaw", "Gold only")
    reply = await t.ok("@kara /spoils exchange card:L3 for:gold")
    assert "for 8 Gold" in reply.text
    state = CampaignState.model_validate(await t.state())
    assert state.knights["ser-sonch"].sheet.gold == gold + 8


async def test_spoils_done_cashes_what_is_left_and_ends_the_expedition(spoils: Table) -> None:
    """Rulebook (line 1615): Then, you may exchange all of those Loot cards for Gold now (they cannot be exchanged for
    Gear anymore!), or at the end of the Gambling step"""
    t = spoils
    await t.ok("/spoils scavenge count:2 type:kingdom_gear")
    await refused(t, "/spoils done", "Spoils Phase")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    await refused(t, "/spoils done", "not all taken")
    await refused(t, "@kara /spoils done", "GM")
    await t.ok("@ulfa /spoils take card:L2")
    old = CampaignState.model_validate(await t.state()).knights
    reply = await t.ok("/spoils done")
    assert "cashes" in reply.text
    state = CampaignState.model_validate(await t.state())
    assert state.expedition is not None and state.expedition.step == "over"
    for kid in ("ser-sonch", "maud"):
        assert state.knights[kid].sheet.gold == old[kid].sheet.gold + 8
    await refused(t, "/spoils scavenge count:1 type:upgrade", "Loot deck is closed")


async def test_upgrade_loot_attaches_to_armory_gear(spoils: Table) -> None:
    """Rulebook (line 1607): Upgrade Loot: Can be exchanged for a Gear Upgrade card which you may use to strengthen
    your current Gear."""
    t = spoils
    await t.ok("@kara /knight armory add gear:gear_riveted_mail")
    await t.ok("/spoils scavenge count:1 type:upgrade")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    await refused(t, "@kara /spoils exchange card:L1 for:gear gear:upgrade_leather_straps", "onto:")
    await t.ok("@kara /spoils exchange card:L1 for:gear gear:upgrade_leather_straps onto:gear_riveted_mail")
    state = CampaignState.model_validate(await t.state())
    mail = next(a for a in state.knights["ser-sonch"].sheet.armory if a.gear == "gear_riveted_mail")
    assert mail.upgrade == "upgrade_leather_straps"


def test_clash_state_fields_used_by_clash_loot() -> None:
    assert {"type", "monster", "level", "over"} <= set(ClashState.model_fields)


async def test_a_tie_the_party_leader_did_not_vote_in_is_theirs_to_break(table: Table) -> None:
    """Rulebook (line 1614): If players cannot agree who gets what, the majority wins, while ties are broken by the
    Party Leader."""
    from rules.dice import Dice
    from rules.engine import Engine
    from rules.expedition.spoils_handlers import SpoilsChoose

    t = table
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await t.ok('@bryn /knight create knight:oriel name:"Oriel"')
    await t.ok("/expedition start")
    await t.ok('@kara /expedition vision choice:quest knight:"Ser Sonch"')
    await t.ok("/spoils scavenge count:1 type:upgrade")
    await to_spoils(t)
    await t.ok("/spoils vote card:L1")
    state = CampaignState.model_validate(await t.state())
    assert state.expedition is not None and state.expedition.spoils.vote is not None
    vote = state.expedition.spoils.vote
    vote.voters += ["x", "y"]  # five players (the starter pack has four Knights: two players here are extra)
    engine, dice = Engine(load_catalogue()), Dice(seed=1)
    for voter, knight in (("kara", "oriel"), ("ulfa", "maud"), ("x", "maud"), ("y", "ser-sonch")):
        state = engine.apply(state, SpoilsChoose(decision="vote1", option=knight, voter=voter), dice).state
    result = engine.apply(state, SpoilsChoose(decision="vote1", option="ser-sonch", voter="bryn"), dice)
    assert "A tie between Ser Sonch and Maud" in texts(result.events)[-1]
    assert result.pending is not None and result.pending.who == ["kara"]
    assert result.pending.options == ["ser-sonch", "maud"]
    state = result.state
    before = state.model_dump_json()
    with pytest.raises(RuleError, match="broken by the Party Leader"):
        engine.apply(state, SpoilsChoose(decision="vote1", option="maud", voter="ulfa"), dice)
    assert state.model_dump_json() == before
    done = engine.apply(state, SpoilsChoose(decision="vote1", option="maud", voter="kara"), dice)
    assert done.pending is None and done.state.expedition is not None
    assert done.state.expedition.spoils.shares == {"maud": ["L1"]}


async def test_the_spoils_phase_reminds_what_the_knight_sheets_record(spoils: Table) -> None:
    """Rulebook (line 1698): - Check if you noted all unlocked Gear, Mercenaries, and Saints on your Knight Sheets, as
    well as all the Gold you collected, and Bane you accumulated. Double check if you marked all necessary Choice
    Matrix boxes."""
    reply = await to_spoils(spoils)
    assert '`/knight mark what:quest chapter:1 knight:"Ser Sonch"`' in reply.text
    assert "`/expedition resolve knight:\"Maud\"`" in reply.text
    await spoils.ok('@kara /knight mark what:quest chapter:1 knight:"Ser Sonch"')  # the command as named works
