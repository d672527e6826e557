"""The bot tracks what unlocks Mettle cards (rules/squires/unlock.py, docs/squires.md): a Quest Expedition by whose end
a Squire completed their Investigation, the first Expedition of a tier survived without defeat; what is earned is
offered as the decision ``mettle<n>``, answered with ``/squire unlock decision: option:``."""

from __future__ import annotations

from typing import Any

from tests.conftest import Table
from tests.discord import test_invoke as offline
from tests.discord.test_decisions import KARA, _body, _components, _dispatch, _is_stale_answer
from tests.discord.test_invoke import Bot, RecordingAdapter, one, opts

# the offline Discord fixtures (tests/discord/test_invoke.py) on the real ``app`` of tests/conftest.py
adapter, bot, client, tree = offline.adapter, offline.bot, offline.client, offline.tree

MD = "starter_mettle"
SPOILS = '/expedition next phase:spoils reason:"the Full Clash is over"'
MOB = {"mettle_mob_martial", "mettle_mob_errant", "mettle_mob_historic", "mettle_mob_mystic"}


async def _deck(t: Table) -> list[str]:
    pile = (await t.state())["decks"][MD]
    return [*pile["draw"], *pile["discard"], *pile["held"]]


async def _mettle(t: Table) -> dict[str, Any]:
    mettle: dict[str, Any] = (await t.state())["mettle"]
    return mettle


async def _free_roam_expedition(t: Table, lose: bool = False) -> Any:
    """One Expedition with Kara's Ser Sonch on a Free Roam, to its end; ``lose``: the Delve is lost."""
    await t.ok("/expedition start")
    await t.ok("@kara /expedition vision choice:free_roam")
    if lose:
        await t.ok('/expedition next phase:delve reason:"test"')
        await t.ok("/delve start kingdom:aubrevane start:aub_01")
        lost = await t.ok("/delve adjust lost:true")
        assert "The Expedition is lost" in lost.text
    else:
        await t.ok(SPOILS)
    return await t.ok("/spoils done")


async def _party(t: Table) -> Table:
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    return t


async def test_a_quest_with_a_completed_investigation_earns_one_card(table: Table) -> None:
    """Rulebook (line 1764): Even Squires get better with practice! If any Squire has successfully completed their Investigation by the end of a Quest Expedition, you may unlock one chosen Mettle card from the Party Leader's tier or below. Then, note down the highest number of Leads (see Leads, p. 26) among Squires and add it to the current number of saved Leads. Between Expeditions, you may spend 5 Leads to unlock one Mettle card from your tier or below."""  # noqa: E501
    t = await _party(table)
    await t.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    none = await t("/squire unlock card:mettle_mob_mystic reason:quest")
    assert not none.ok and "no Mettle card is earned for a Quest" in none.error and "override:true" in none.error
    await t.ok("/expedition start")
    await t.ok("@kara /expedition vision choice:quest")
    await t.ok("@ulfa /expedition vision choice:investigation investigation:1")
    await t.ok('/expedition next phase:delve reason:"test"')
    inv = (await t.state())["squires"]["tam"]["investigation"]
    await t.ok(f"@kara /squire stat stat:{inv['primary']} change:{inv['needed']}")
    await t.ok(f"@kara /squire stat stat:{inv['secondary']} change:{inv['secondary_needed']}")
    spoils = await t.ok(SPOILS)
    # the Squire Investigations end with the Spoils Phase: the Quest's card (Mob: Ser Sonch, the Party Leader, is Mob)
    assert "Tam's Squire Investigation **succeeds**" in spoils.text
    assert spoils.pending is not None and spoils.pending["id"] == "mettle1"
    assert spoils.pending["answer"] == "squire unlock" and spoils.pending["pick"] == 1
    assert set(spoils.pending["options"]) == MOB  # the Party Leader's tier or below: no Vassal card
    assert [(e["reason"], e["tier"], e["cards"]) for e in (await _mettle(t))["earned"]] == [("quest", "mob", 1)]
    too_many = await t("@kara /squire unlock decision:mettle1 option:mettle_mob_mystic,mettle_mob_errant")
    assert not too_many.ok and "mettle1 takes exactly 1 option(s), not 2" in too_many.error  # the one answer check
    high = await t("@kara /squire unlock card:mettle_vassal_mystic reason:quest")
    assert not high.ok and "earned a card of the Mob Tier or below" in high.error
    reply = await t.ok("@kara /squire unlock decision:mettle1 option:mettle_mob_mystic")
    assert reply.data["replaced"] == ["mettle_mystic_omen"] and "mettle_mob_mystic" in await _deck(t)
    assert reply.pending is None and (await _mettle(t))["earned"] == []
    stale = await t("@kara /squire unlock decision:mettle1 option:mettle_mob_errant")
    assert not stale.ok and "no longer waiting" in stale.error
    again = await t("/squire unlock card:mettle_mob_errant reason:quest")  # the card earned is taken
    assert not again.ok and "no Mettle card is earned for a Quest" in again.error
    # the end of the Expedition: the Mob Tier survived, its two cards (not the one already in the deck)
    end = await t.ok("/spoils done")
    assert end.pending is not None and end.pending["id"] == "mettle2" and end.pending["pick"] == 2
    assert set(end.pending["options"]) == MOB - {"mettle_mob_mystic"}


async def test_the_first_survived_expedition_of_a_tier_earns_two_cards(table: Table) -> None:
    """Rulebook (line 1766): When the party survives the first Expedition of a given tier without suffering defeat, you unlock two chosen Mettle cards of that tier. This rule applies retroactively and may be used to make your Squires catch up when you begin using them at higher tiers."""  # noqa: E501
    t = await _party(table)
    none = await t("/squire unlock card:mettle_mob_martial reason:tier")
    assert not none.ok and "no Mettle cards are earned for a tier" in none.error and "/squire survived" in none.error
    end = await _free_roam_expedition(t)
    assert "first Mob Tier Expedition without defeat (Expedition 1)" in end.text
    assert end.pending is not None and end.pending["id"] == "mettle1" and end.pending["pick"] == 2
    assert set(end.pending["options"]) == MOB  # "of that tier": no Vassal card
    wrong = await t("/squire unlock card:mettle_vassal_martial reason:tier")
    assert not wrong.ok and "earned a card of the Mob Tier" in wrong.error
    reply = await t.ok("@kara /squire unlock decision:mettle1 option:mettle_mob_martial,mettle_mob_historic")
    assert reply.data["replaced"] == ["mettle_martial_grit", "mettle_historic_drill"]
    deck = await _deck(t)
    assert {"mettle_mob_martial", "mettle_mob_historic"} <= set(deck) and len(deck) == 10
    mettle = await _mettle(t)
    assert mettle["earned"] == [] and mettle["tier_unlocks"] == {"mob": 2} and mettle["survived"] == ["mob"]
    assert reply.pending is None
    # the second Expedition of that tier earns none
    second = await _free_roam_expedition(t)
    assert second.pending is None and "Mettle" not in second.text
    assert (await _mettle(t))["earned"] == []


async def test_a_lost_expedition_earns_no_tier_cards(table: Table) -> None:
    """Rulebook (line 1766): When the party survives the first Expedition of a given tier without suffering defeat, you unlock two chosen Mettle cards of that tier.

    Rulebook (line 822): When you lose an Expedition, resolve any specific defeat effects of your Quest or Investigation and proceed to the Spoils Phase."""  # noqa: E501
    t = await _party(table)
    end = await _free_roam_expedition(t, lose=True)
    assert "ended in defeat (the Expedition was lost" in end.text and end.pending is None
    mettle = await _mettle(t)
    assert mettle["earned"] == [] and mettle["survived"] == []
    # ruling: a lost Expedition does not use up the tier: the first one survived earns the two cards
    end = await _free_roam_expedition(t)
    assert end.pending is not None and end.pending["pick"] == 2 and (await _mettle(t))["survived"] == ["mob"]


async def test_squire_leads_are_saved_once(table: Table) -> None:
    """Rulebook (line 1764): Then, note down the highest number of Leads (see Leads, p. 26) among Squires and add it to the current number of saved Leads."""  # noqa: E501
    t = await _party(table)
    await t.ok("@kara /squire leads change:1")  # saved before (a correction by hand)
    await t.ok("/expedition start")
    await t.ok("@kara /expedition vision choice:quest")
    await t.ok('/expedition next phase:delve reason:"test"')
    inv = (await t.state())["squires"]["tam"]["investigation"]
    await t.ok(f"@kara /squire stat stat:{inv['primary']} change:{inv['needed'] + 2}")
    await t.ok(f"@kara /squire stat stat:{inv['secondary']} change:{inv['secondary_needed']}")
    await t.ok(SPOILS)
    state = await t.state()
    assert state["squires"]["tam"]["investigation"]["leads"] == 3  # 2 Primary + the Secondary token above the card
    assert state["mettle"]["leads"] == 1 + 3
    await t.ok("/spoils done")
    await t.ok("/expedition start")
    await t.ok('/expedition note text:"later"')
    assert (await _mettle(t))["leads"] == 4  # the end of the Expedition and what follows add nothing more


async def test_the_gm_records_a_tier_survived_before_the_tracking(table: Table) -> None:
    """Rulebook (line 1766): This rule applies retroactively and may be used to make your Squires catch up when you begin using them at higher tiers."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/knight tier tier:vassal name:\"Ser Sonch\"")
    refused = await table("@kara /squire survived tier:mob")
    assert not refused.ok
    noted = await table.ok("/squire survived tier:mob")
    assert "when a Squire joins" in noted.text and noted.pending is None
    # the Squire who joins later catches up: the Mob Tier's two cards are offered
    added = await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    assert added.pending is not None and added.pending["id"] == "mettle1" and set(added.pending["options"]) == MOB
    again = await table("/squire survived tier:mob")
    assert not again.ok and "already recorded" in again.error
    vassal = await table.ok("/squire survived tier:vassal")
    assert vassal.pending is not None and vassal.pending["id"] == "mettle1"  # the first waiting is offered first
    shown = await table.ok("/squire unlock")
    assert shown.pending is not None and shown.pending["id"] == "mettle1"
    # a card named with reason:tier takes the matching entitlement (the Vassal one here)
    await table.ok("@kara /squire unlock card:mettle_vassal_mystic reason:tier")
    earned = (await table.state())["mettle"]["earned"]
    assert [(e["id"], e["tier"], e["cards"]) for e in earned] == [(1, "mob", 2), (2, "vassal", 1)]


def test_a_clash_lost_is_a_defeat() -> None:
    """Rulebook (line 816): - All Knights being dead at any point of the game, at the same time (in a rare case, story may override that rule); note that this includes Clashes! (see Clash Phase on p. 42).

    Rulebook (line 1766): When the party survives the first Expedition of a given tier without suffering defeat, you unlock two chosen Mettle cards of that tier."""  # noqa: E501
    from rules.clash.state import ClashState
    from rules.engine import Engine
    from rules.expedition.state import ExpeditionState
    from rules.squires.unlock import follow
    from rules.state import CampaignState
    from tests.conftest import CATALOGUE

    engine = Engine(CATALOGUE)
    state = CampaignState(name="t", seed=1, expedition=ExpeditionState(number=3, step="clash_full"))
    follow(engine, state)
    assert state.mettle.watch is not None and state.mettle.watch.defeat is None
    state.clash = ClashState(monster="m", monster_type="boss", level=1, type="full", levels={}, to_hit=5,
                             wounds_needed=5, over="defeat")
    follow(engine, state)  # the Knights' defeat is seen before /clash end clears the Clash
    state.clash = None
    assert state.expedition is not None
    state.expedition.step = "over"
    follow(engine, state)
    watch = state.mettle.watch
    assert watch.ended and watch.defeat == "the Knights' defeat in a Clash" and state.mettle.survived == []


# -- the decision in Discord (bot/discord/decisions.py, code ``m``) --------------------------------------------------



async def test_the_earned_cards_are_a_select_menu_in_discord(bot: Bot, client: Any, adapter: RecordingAdapter,
                                                             app: Any) -> None:
    """Rulebook (line 1766): When the party survives the first Expedition of a given tier without suffering defeat, you unlock two chosen Mettle cards of that tier.

    The decision ``mettle1`` (two to pick) is a select menu; choosing two cards runs ``/choose decision:mettle1
    option:<a>,<b>`` as the presser; afterwards the menu is stale."""  # noqa: E501
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Ser Sonch"))
    await one(bot, "squire add", user=KARA, extra=opts(squire="squire_tamsin", name="Tam"))
    offered = await one(bot, "squire survived", extra=opts(tier="mob"))
    (select,) = _components(offered)
    assert select["type"] == 3 and select["custom_id"].startswith("kfgm:anssel:c:")
    assert ":mettle1:" in select["custom_id"]
    assert select["max_values"] == 2 and {o["value"] for o in select["options"]} == MOB
    chosen = ["mettle_mob_errant", "mettle_mob_mystic"]
    (done,) = await _dispatch(client, adapter, _body(offered, select["custom_id"], user=KARA, values=chosen))
    assert not done.ephemeral and "Ditch Sense" in done.text and "Hedge Charm" in done.text
    row = await app.db.active_campaign(str(offline.GUILD), str(offline.CHANNEL))
    log = (await app.db.log(row.id))[-1]
    assert log.command == "/choose decision:mettle1 option:mettle_mob_errant,mettle_mob_mystic"
    assert _is_stale_answer(await _dispatch(client, adapter, _body(offered, select["custom_id"], user=KARA,
                                                                   values=chosen[:1])))
