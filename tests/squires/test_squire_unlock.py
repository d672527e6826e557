"""Unlocking Mettle cards (rulebook "Unlocking Mettle Cards", docs/squires.md). The starter Mettle deck: 10 starting
cards, 4 Mob and 4 Vassal cards to unlock (content/packs/starter/squires/mettle.yaml)."""

from __future__ import annotations

from tests.conftest import Table

MD = "starter_mettle"


async def _party(table: Table) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    return table


async def _deck(t: Table) -> list[str]:
    state = await t.state()
    pile = state["decks"][MD]
    return [*pile["draw"], *pile["discard"], *pile["held"]]


async def test_unlock_replaces_the_lowest_card_with_its_clue(table: Table) -> None:
    """Rulebook (line 1765): When you unlock a new Mettle card, replace one lowest tier card (that has the
    corresponding Clue) from the deck with the new card. For example, you can replace the starting Mystic card with a
    Mob Mystic card."""
    t = await _party(table)
    # a Quest from before the bot tracked Squire Investigations: the GM's word (override:true)
    refused = await t("@kara /squire unlock card:mettle_mob_mystic reason:quest override:true")
    assert not refused.ok and "only the GM" in refused.error
    high = await t("/squire unlock card:mettle_vassal_mystic reason:quest override:true")
    assert not high.ok and "Vassal Tier card" in high.error  # the Party Leader's tier or below: Kara is Mob
    reply = await t.ok("/squire unlock card:mettle_mob_mystic reason:quest override:true")
    assert reply.data["replaced"] == "mettle_mystic_omen"  # the first starting Mystic card
    deck = await _deck(t)
    assert "mettle_mob_mystic" in deck and "mettle_mystic_omen" not in deck and len(deck) == 10
    await t.ok("/knight tier tier:vassal name:Kara")
    wrong = await t("/squire unlock card:mettle_vassal_mystic reason:quest replace:mettle_mob_mystic override:true")
    assert not wrong.ok and "lowest tier" in wrong.error  # Cold Shiver, a starting card, is still there
    reply = await t.ok("/squire unlock card:mettle_vassal_mystic reason:quest override:true")
    assert reply.data["replaced"] == "mettle_mystic_shiver"
    again = await t("/squire unlock card:mettle_vassal_mystic reason:quest override:true")
    assert not again.ok and "already in the Mettle deck" in again.error


async def test_five_leads_unlock_one_card_between_expeditions(table: Table) -> None:
    """Rulebook (line 1764): Between Expeditions, you may spend 5 Leads to unlock one Mettle card from your tier or
    below."""
    t = await _party(table)
    await t.ok("@kara /squire leads change:4")
    short = await t("@kara /squire unlock card:mettle_mob_errant reason:leads")
    assert not short.ok and "5 saved Leads" in short.error
    await t.ok("@kara /squire leads change:2")
    reply = await t.ok("@kara /squire unlock card:mettle_mob_errant reason:leads")
    assert reply.data["mettle"]["leads"] == 1 and reply.data["replaced"] == "mettle_errant_dodge"
    await t.ok("@kara /squire leads change:5")
    await t.ok("/expedition start")
    during = await t("@kara /squire unlock card:mettle_mob_martial reason:leads")
    assert not during.ok and "between Expeditions" in during.error


async def test_two_cards_per_tier_survived(table: Table) -> None:
    """Rulebook (line 1766): When the party survives the first Expedition of a given tier without suffering defeat,
    you unlock two chosen Mettle cards of that tier."""
    t = await _party(table)
    await t.ok("/squire unlock card:mettle_mob_martial reason:tier override:true")
    reply = await t.ok("/squire unlock card:mettle_mob_historic reason:tier override:true")
    assert reply.data["mettle"]["tier_unlocks"] == {"mob": 2}
    third = await t("/squire unlock card:mettle_mob_errant reason:tier override:true")
    assert not third.ok and "already unlocked" in third.error
