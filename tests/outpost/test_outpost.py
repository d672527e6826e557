"""The Outpost Phase: the Early Bird, the Inn, the Notice Board, the Scouts Guild, the Shrine, Gold, and Onward."""

from __future__ import annotations

from rules.dice import Dice
from rules.expedition.outpost_handlers import OutpostShrine
from rules.state import CampaignState
from tests.conftest import Table
from tests.outpost.conftest import gold

SONCH, MAUD = "ser-sonch", "maud"


async def test_outpost_needs_the_outpost_phase_and_a_kingdom_with_an_outpost(table: Table) -> None:
    """Rulebook (line 663): Find the Outpost in the Codex of the Kingdom you are venturing into."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    refused = await table("@kara /outpost inn")
    assert not refused.ok and "no Expedition" in (refused.error or "")
    await table.ok("/expedition start")
    refused = await table("@kara /outpost inn")
    assert not refused.ok and "Outpost Phase only" in (refused.error or "")
    await table.ok("@kara /expedition vision choice:quest")
    await table.ok("@kara /expedition destination kingdom:aubrevane")
    await table.ok("/expedition next")
    status = await table.ok("/outpost status")
    assert status.data["outpost"] is None and status.data["available"] == "aubrevane_outpost"
    await table.ok("@kara /outpost visit section:shrine")
    assert (await table.ok("/outpost status")).data["outpost"]["outpost"] == "aubrevane_outpost"


async def test_early_bird_only_for_the_first_section(outpost: Table) -> None:
    """Rulebook (line 665): The place you visit first will have a special bonus that is represented by the Early Bird effect visible at the top of every section. Your party may use any number of sections in the Outpost, but only the first one will grant you the Early Bird effect."""  # noqa: E501
    first = await outpost.ok("@kara /outpost visit section:shrine")
    assert "Early Bird" in first.text
    assert await gold(outpost, SONCH) == 31 and await gold(outpost, MAUD) == 31  # the Shrine's: 1 Gold each
    second = await outpost.ok("@ulfa /outpost visit section:inn")
    assert "Early Bird went to the first section" in second.text
    assert await gold(outpost, SONCH) == 31
    # the Mercenary Guild's Early Bird discount is not given either, as it was not the first section
    await outpost.ok("@kara /outpost hire mercenary:merc_bram_the_lamplighter")
    assert await gold(outpost, SONCH) == 28  # the full cost, 3
    data = (await outpost.ok("/outpost status")).data["outpost"]
    assert data["early_bird"] == "shrine" and data["visited"] == ["shrine", "inn", "mercenaries"]


async def test_early_bird_discount_of_the_first_section(outpost: Table) -> None:
    await outpost.ok("@kara /outpost hire mercenary:merc_bram_the_lamplighter")
    assert await gold(outpost, SONCH) == 28  # 3 Gold less 1 (Early Bird): 2 paid
    await outpost.ok("@kara /outpost hire mercenary:merc_old_hesk")
    assert await gold(outpost, SONCH) == 26


async def test_inn_roll_once_per_outpost(outpost: Table) -> None:
    """Rulebook (line 668): Just roll the dice and check who you meet."""
    await outpost.ok("/gm force-next values:10")
    rolled = await outpost.ok("@kara /outpost inn")
    assert rolled.data["naturals"] == [10] and "A grateful merchant" in rolled.text
    # the Inn's Early Bird (1 Gold) and the grateful merchant (2 Gold), for each Knight
    assert await gold(outpost, SONCH) == 33 and await gold(outpost, MAUD) == 33
    again = await outpost("@ulfa /outpost inn")
    assert not again.ok and "already been to the Inn" in (again.error or "")


async def test_inn_gold_loss_never_below_zero(outpost: Table) -> None:
    await outpost.ok("/knight stat stat:gold change:-30 name:Maud")
    await outpost.ok("/gm force-next values:1")
    await outpost.ok("@kara /outpost inn")  # Early Bird +1, then the cutpurse -1
    assert await gold(outpost, MAUD) == 0 and await gold(outpost, SONCH) == 30


async def test_contract_above_the_party_leaders_tier_is_refused(outpost: Table) -> None:
    """Rulebook (line 673): Contracts are tiered (see Tiers, p. 12), and you may only sign Contracts up to your Party Leader's tier!"""  # noqa: E501
    await outpost.ok("/knight tier tier:king name:Maud")  # not the Party Leader: her tier does not count
    before = await outpost.state()
    refused = await outpost("@ulfa /outpost contract contract:aub_contract_salt_for_the_dead")
    assert not refused.ok and "up to your Party Leader's tier" in (refused.error or "")
    assert await outpost.state() == before
    await outpost.ok('/knight tier tier:vassal name:"Ser Sonch"')
    signed = await outpost.ok("@kara /outpost contract contract:aub_contract_salt_for_the_dead")
    assert "Contract signed" in signed.text and signed.data["outpost"]["contract"] == "aub_contract_salt_for_the_dead"


async def test_one_contract_per_expedition_and_checkboxes(outpost: Table) -> None:
    """Rulebook (line 676): Important: Your party, as a group, can only have one signed Contract per Expedition. Don't worry, every participating Knight will partake in the rewards of a fulfilled Contract."""  # noqa: E501
    await outpost.ok("@kara /outpost contract contract:aub_contract_lost_bellringer")  # Early Bird: 1 Gold each
    second = await outpost("@kara /outpost contract contract:aub_contract_cull_the_marsh")
    assert not second.ok and "one signed Contract per Expedition" in (second.error or "")
    assert not (await outpost("@kara /outpost fulfil")).ok  # the GM says when it is fulfilled
    done = await outpost.ok("/outpost fulfil")
    assert "checkbox is marked" in done.text
    assert await gold(outpost, SONCH) == 34 and await gold(outpost, MAUD) == 34  # 1 Early Bird + 3 reward
    assert not (await outpost("/outpost fulfil")).ok
    # the next Expedition: a marked Contract cannot be signed again; a repeatable one can
    await outpost.ok('/expedition next phase:over reason:"test"')
    await outpost.ok("/expedition start")
    await outpost.ok("@kara /expedition vision choice:quest")
    await outpost.ok("@ulfa /expedition vision choice:free_roam")
    await outpost.ok("@kara /expedition destination kingdom:aubrevane")
    await outpost.ok("/expedition next")
    marked = await outpost("@kara /outpost contract contract:aub_contract_lost_bellringer")
    assert not marked.ok and "not repeatable" in (marked.error or "")
    await outpost.ok("@kara /outpost contract contract:aub_contract_cull_the_marsh")


async def test_scouts_are_recorded_for_the_delve(outpost: Table) -> None:
    """Rulebook (line 679): At the Scouts Guild you can employ Scouts to complete various tasks for your party, which will give you an upper hand during a Delve."""  # noqa: E501
    hired = await outpost.ok("@kara /outpost scouts scout:aub_scout_lamp_runner")
    assert "Kingdom Setup" in hired.text  # the bot applies it when the Delve is set up
    assert await gold(outpost, SONCH) == 29  # 2 Gold, 1 off (the Scouts Guild's Early Bird)
    assert not (await outpost("@kara /outpost scouts scout:aub_scout_lamp_runner")).ok
    await outpost.ok("@ulfa /outpost scouts scout:aub_scout_chalk_marker")
    scouts = (await outpost.state())["expedition"]["outpost"]["scouts"]
    assert [(s["id"], s["category"], s["paid_by"]) for s in scouts] == [
        ("aub_scout_lamp_runner", "recon", SONCH), ("aub_scout_chalk_marker", "survey", MAUD)]


async def test_gold_never_negative_and_nothing_changes_on_refusal(outpost: Table) -> None:
    """Rulebook (line 670): If something has a cost, and the type or nature of that cost is uncertain, it is gold."""
    await outpost.ok("/knight stat stat:gold change:-28 name:Maud")  # 2 Gold left
    before = await outpost.state()
    for line in ("@ulfa /outpost buy gear:gear_pilgrims_mace", "@ulfa /outpost hire mercenary:merc_varl_unknown",
                 "@ulfa /outpost hire mercenary:merc_twin_brothers_varl",
                 "@ulfa /outpost scouts scout:aub_scout_nobody", "@ulfa /outpost reforge gear:gear_padded_gambeson"):
        refused = await outpost(line)
        assert not refused.ok, line
        assert await outpost.state() == before, line  # no Early Bird, no visit, no Gold taken
    assert await gold(outpost, MAUD) == 2


async def test_shrine_spends_devotion_for_a_free_saint(outpost: Table) -> None:
    """Rulebook (line 698): At the Shrine of the Saints, each Knight can spend a Devotion token to gain a patron Saint from among the unlocked Saints. A given Saint can be patron to only one Knight at a time."""  # noqa: E501
    app = outpost.app
    state = CampaignState.model_validate(await outpost.state())
    from rules.campaign.state import Devotee, Saint

    state.progress.saints["urbain"] = Saint(name="Saint Urbain", incarnation=7)
    state.progress.devotees[SONCH] = Devotee(devotion=2)
    dice = Dice(seed=1)
    refused = None
    try:
        app.engine.apply(state, OutpostShrine(saint="urbain", knight=MAUD), dice)
    except Exception as exc:  # noqa: BLE001
        refused = str(exc)
    assert refused is not None and "no Devotion token" in refused
    done = app.engine.apply(state, OutpostShrine(saint="Saint Urbain", knight=SONCH), dice)
    after = done.state
    assert after.progress.saints["urbain"].holder == SONCH and after.progress.devotees[SONCH].devotion == 1
    after.progress.devotees[MAUD] = Devotee(devotion=1)
    try:
        app.engine.apply(after, OutpostShrine(saint="urbain", knight=MAUD), dice)
        refused = None
    except Exception as exc:  # noqa: BLE001
        refused = str(exc)
    assert refused is not None and "only one Knight at a time" in refused


async def test_outpost_done_locks_loadouts_and_enters_the_delve(outpost: Table) -> None:
    """Rulebook (line 700): Once you're done with your Outpost activities, it's time to decide on your Loadouts. A Loadout remains fixed until you return from an Expedition."""  # noqa: E501
    await outpost.ok("@kara /outpost buy gear:gear_ashwood_spear")
    done = await outpost.ok("/outpost done")
    assert done.data["expedition"]["phase"] == "delve"
    state = await outpost.state()
    assert state["knights"][SONCH]["locked"] and state["knights"][MAUD]["locked"]
    assert state["expedition"]["outpost"]["done"]
    assert not (await outpost("@ulfa /outpost buy gear:gear_ashwood_spear")).ok
    assert not (await outpost("@kara /knight loadout gear:gear_ashwood_spear")).ok


async def test_patrol_scout_looks_and_puts_a_card_at_the_bottom(outpost: Table) -> None:
    """Rulebook (line 681): - Patrol: Patrol Scouts allow you to look up cards from the Exploration deck."""
    await outpost.ok("@ulfa /outpost scouts scout:aub_scout_ferry_watch")
    await outpost.ok("@kara /outpost scouts scout:aub_scout_chalk_marker")
    early = await outpost("@ulfa /scout use scout:aub_scout_ferry_watch")
    assert not early.ok and "during the Delve" in (early.error or "")
    await outpost.ok("/outpost done")
    started = await outpost.ok('/delve start kingdom:aubrevane start:aub_01 leader:"Ser Sonch"')
    deck = (await outpost.state())["delve"]["exploration"]
    looked = (await outpost.state())["expedition"]["outpost"]["scouts"][0]["seen"]
    assert looked == deck[:3] and all(c in started.text for c in looked)
    refused = await outpost(f"@ulfa /scout use scout:aub_scout_ferry_watch cards:{deck[3]}")
    assert not refused.ok and "among the top 3" in (refused.error or "")
    assert not (await outpost(f"@ulfa /scout use scout:aub_scout_ferry_watch cards:{deck[0]},{deck[1]}")).ok
    await outpost.ok(f"@ulfa /scout use scout:aub_scout_ferry_watch cards:{deck[1]}")
    state = await outpost.state()
    assert state["delve"]["exploration"] == [deck[0], *deck[2:], deck[1]]
    assert not (await outpost("@ulfa /scout use scout:aub_scout_ferry_watch")).ok  # once per Expedition
    assert not (await outpost("@kara /scout use scout:aub_scout_chalk_marker")).ok  # applied at Kingdom Setup
    assert [s["applied"] for s in (await outpost.state())["expedition"]["outpost"]["scouts"]] == [True, True]
