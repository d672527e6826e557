"""The Gambling Den with the starter game, Three Lanterns (docs/spoils.md)."""

from __future__ import annotations

from content.loader import load_catalogue
from rules.expedition.spoils_gamble import judge
from rules.state import CampaignState
from tests.conftest import Table
from tests.spoils.conftest import refused, spoils_data, to_spoils


def test_three_lanterns_outcomes() -> None:
    """Rulebook (line 1620): Lose your bet — discard all the Loot cards you have bet.

    Rulebook (line 1621): Recover your bet — take back an appropriate amount of Loot cards from your bet.

    Rulebook (line 1622): Win an appropriate amount of gold, depending on how many Loot cards were at stake.
    """
    game = load_catalogue().gambling_games["three_lanterns"]
    assert judge(game, ["A", "A", "A"]) == "win"
    assert judge(game, ["A", "G", "A"]) == "win"  # the Graal stands for any letter
    assert judge(game, ["A", "A", "F"]) == "lose"  # the Fool loses the bet
    assert judge(game, ["A", "B", "A"]) == "recover"
    assert judge(game, ["A", "B", "G"]) == "recover"
    assert judge(game, ["A", "B", "C"]) == "lose"


def test_the_fools_deck_has_fifteen_cards() -> None:
    """Rulebook (line 1624): The Fool's deck is a deck of 15 cards that is used for gambling (among other things)."""
    deck = load_catalogue().fools_decks["fools_deck"]
    assert len(deck.letters()) == 15


async def _with_scrap(t: Table) -> None:
    await t.ok("/spoils scavenge count:5 type:kingdom_gear")
    await to_spoils(t)
    await t.ok("@kara /spoils take card:L1")
    await t.ok("@ulfa /spoils take card:L2")
    for who, card in (("kara", "L3"), ("ulfa", "L4"), ("kara", "L5")):
        await t.ok(f"@{who} /spoils scrap card:{card}")


async def test_gamble_bets_spare_scrap_only(spoils: Table) -> None:
    """Rulebook (line 1618): Betting. Each Gambling game will require that you bet at least one Loot card gained from
    the Spare Scrap."""
    t = spoils
    await _with_scrap(t)
    await refused(t, "@kara /spoils gamble cards:L1", "not a Spare Scrap card")
    await refused(t, "@kara /spoils gamble cards:L4", "not a Spare Scrap card")
    await refused(t, "@kara /spoils gamble cards:L3,L5,L1,L2", "1 to 3")
    await refused(t, "@kara /spoils gamble cards:L3 game:dice", "no Gambling Den game")


async def test_a_gamble_changes_gold_or_cards(spoils: Table) -> None:
    """Rulebook (line 1624): If, at any point, the Fool's deck is empty, immediately shuffle its discard pile into the
    deck."""
    t = spoils
    await _with_scrap(t)
    before = CampaignState.model_validate(await t.state()).knights["ser-sonch"].sheet.gold
    reply = await t.ok("@kara /spoils gamble cards:L3,L5")
    data = await spoils_data(t)
    gold = CampaignState.model_validate(await t.state()).knights["ser-sonch"].sheet.gold
    if "wins" in reply.text:
        assert gold == before + 3 * 16 and data["exchanged"]["L3"]["how"] == "gamble_won"
    elif "loses" in reply.text:
        assert gold == before and data["exchanged"]["L3"]["how"] == "gamble_lost"
    else:
        assert "recovers" in reply.text and gold == before and "L3" not in data["exchanged"]
    for _ in range(6):  # 3 letters a game: the 15 cards run out and the discard pile is shuffled back
        if "L3" in (await spoils_data(t))["exchanged"]:
            break
        await t.ok("@kara /spoils gamble cards:L3")
    state = CampaignState.model_validate(await t.state())
    assert state.expedition is not None
    sp = state.expedition.spoils
    assert len(sp.fools_draw) + len(sp.fools_discard) == 15
