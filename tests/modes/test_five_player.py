"""Five-Player Mode (rulebook lines 1820-1824): the Accursed Persistence BP card, the fifth Knight's place at Clash
Setup, and the Party Leader's Clue token (tests/expedition/test_clues_cards.py) (docs/modes.md)."""

from __future__ import annotations

from bot.narration import texts
from content.loader import load_catalogue
from rules.engine import Engine
from rules.modes.five_player import persist
from rules.state import CampaignState
from tests.conftest import Table

FIVE = [("kara", "lanternbearer", "Ser Sonch"), ("ulfa", "ashgrove", "Maud"), ("oda", "oriel", "Ysolde"),
        ("bram", "marrow", "Bran"), ("cai", "lanternbearer", "Cai")]
CARD = "stag_bp_accursed_persistence"


async def five(table: Table, mode: str = "five_player") -> Table:
    for user, kind, name in FIVE:
        await table.ok(f'@{user} /knight create knight:{kind} name:"{name}"')
    await table.ok(f"/campaign mode mode:{mode}")
    return table


async def test_the_fifth_knight_is_placed_adjacent_to_another_knight(table: Table) -> None:
    """Rulebook (line 1823): - Clash Setup: After placing four Knights, place the fifth one adjacent to any other Knight."""  # noqa: E501
    await five(table, "standard")
    refused = await table("/clash start monster:stag level:1 type:full")
    assert not refused.ok and "4 Knight starting spaces but 5 Knights" in (refused.error or "")
    await table.ok("/campaign mode mode:five_player")
    reply = await table.ok("/clash start monster:stag level:1 type:full")
    assert "Cai, the fifth Knight, is placed adjacent to another Knight" in reply.text
    board = CampaignState.model_validate(await table.state()).board
    assert len(board.knights) == 5
    cai = next(k for k in board.knights if k.name == "Cai")
    others = [k.space for k in board.knights if k.name != "Cai"]
    assert cai.space is not None and any(
        o is not None and abs(o.row - cai.space.row) + abs(o.col - cai.space.col) == 1 for o in others)


async def test_the_accursed_persistence_card_is_shuffled_into_the_boss_bp_deck(table: Table) -> None:
    """Rulebook (line 1822): - Add a special Accursed Persistence BP card to each Clash you resolve. It will make the Monsters tougher to kill and render your mistakes more punishable. Note: When the Accursed Persistence BP card is in play, you will be forced to resolve your Attacks against it. That means Heartseeker, Precise, and similar abilities do not affect the Accursed Persistence BP!"""  # noqa: E501
    await five(table)
    reply = await table.ok("/clash start monster:stag level:1 type:full")
    assert "Accursed Persistence BP card is shuffled into the BP deck" in reply.text
    assert "Heartseeker, Precise, and similar abilities" in reply.text
    clash = (await table.state())["clash"]
    assert CARD in clash["bp_deck"] and CARD not in clash["removed"] and len(clash["bp_deck"]) == 8


async def test_outside_five_player_mode_the_card_never_enters_a_clash(table: Table) -> None:
    """Rulebook (line 1822): - Add a special Accursed Persistence BP card to each Clash you resolve."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/clash start monster:stag level:1 type:full")
    clash = (await table.state())["clash"]
    assert CARD not in clash["bp_deck"] and CARD in clash["removed"] and len(clash["bp_deck"]) == 7


async def test_the_accursed_persistence_card_stays_in_play_until_wounded(table: Table) -> None:
    """Rulebook (line 1822): Note: When the Accursed Persistence BP card is in play, you will be forced to resolve your Attacks against it. That means Heartseeker, Precise, and similar abilities do not affect the Accursed Persistence BP!"""  # noqa: E501
    await five(table)
    await table.ok("/clash start monster:stag level:1 type:full")
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    engine = Engine(load_catalogue())
    # drawn and not wounded: it went to the discard pile -> back on top of the BP deck
    state.clash.bp_deck.remove(CARD)
    state.clash.bp_discard = ["stag_bp_left_foreleg", CARD]
    events = persist(engine, state)
    assert state.clash.bp_deck[0] == CARD and state.clash.bp_discard == ["stag_bp_left_foreleg"]
    assert "still in play" in texts(events)[0]
    # wounded (on the Wound Stack, not in the discard pile): nothing moves
    assert persist(engine, state) == []
    # outside Five-Player Mode the card is never held back
    state.clash.bp_deck.remove(CARD)
    state.clash.bp_discard.append(CARD)
    state.mode = "standard"
    assert persist(engine, state) == [] and state.clash.bp_discard[-1] == CARD


async def test_in_a_mob_clash_the_accursed_mob_must_be_attacked(table: Table) -> None:
    """Rulebook (line 1822): Note: When the Accursed Persistence BP card is in play, you will be forced to resolve your Attacks against it. That means Heartseeker, Precise, and similar abilities do not affect the Accursed Persistence BP!"""  # noqa: E501
    await five(table)
    reply = await table.ok('/clash start monster:drowned level:1 type:full knights:"Ser Sonch,Maud,Ysolde,Bran" '
                           "providence:true")
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    cards = [slot.card if slot else None for slot in state.clash.mob_track]
    space = cards.index("drowned_bp_accursed_persistence") + 1
    assert f"joins the Mob track as Mob {space}" in reply.text
    assert "drowned_bp_accursed_persistence" not in state.clash.removed
    other = next(i + 1 for i, c in enumerate(cards) if c is not None and i + 1 != space)
    refused = await table(f'@kara /knight attack weapon:gear_pilgrims_mace target:"mob {other}"')
    assert not refused.ok and f"in play as Mob {space}" in (refused.error or "")
    # standard rules: no Accursed Mob, nothing refused for that reason
    await table.ok("/clash end")
    await table.ok("/campaign mode mode:standard")
    await table.ok('/clash start monster:drowned level:1 type:full knights:"Ser Sonch,Maud,Ysolde,Bran" '
                   "providence:true")
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    assert "drowned_bp_accursed_persistence" not in [slot.card for slot in state.clash.mob_track if slot]
    other_try = await table(f'@kara /knight attack weapon:gear_pilgrims_mace target:"mob {other}"')
    assert "Five-Player Mode" not in (other_try.error or "")
