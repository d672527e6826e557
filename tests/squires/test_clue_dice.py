"""The Squires' Clue card draws roll on the campaign's dice port (issue #9): `/gm force-next` and `/gm amend-last` reach
them, the log records them, `/gm undo` and the same command give the same card; a campaign created before (state
version 1) keeps its older dice so its log replays exactly (docs/rulings.md, "Squire Investigations")."""

from __future__ import annotations

from typing import Any

from rules.dice import Dice
from rules.engine import Engine
from rules.expedition.clue_cards import cards
from rules.expedition.handlers import ExpeditionNext
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table

NEXT = '/expedition next phase:delve reason:"test"'
PURPOSE = "Squire Clue card for Tam"


async def solo_with_a_squire(table: Table) -> Table:
    """True Solo Mode: the Knight draws no Clue card, so Tam the Squire forms the Clue deck and draws from it."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/campaign mode mode:true_solo")
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok("/expedition start")
    await table.ok("@kara /expedition vision choice:investigation investigation:1")
    return table


def drawn(state: dict[str, Any]) -> str:
    card: str = state["squires"]["tam"]["investigation"]["card"]
    return card


async def test_force_next_changes_a_squires_clue_card(table: Table) -> None:
    """Rulebook (line 1762): Whenever you take a Squire with you on an Expedition, treat them as if they were on an Investigation of their own: draw Clue cards for them and collect both Primary and Secondary Clues.

    Rulebook (line 1813): - Ignore drawing a Clue card. Instead, collect all types of Clues (Martial, Errant, Historic, Mystic).

    Rulebook (line 331): - Random card: Draw the top card from the indicated face down deck. If the designated cards do not form a deck, shuffle them together to form a deck and draw one."""  # noqa: E501
    await solo_with_a_squire(table)
    await table.ok("/gm force-next values:1")
    top = await table.ok(NEXT)
    assert "d10 1: the 1st card from the top of the Clue deck" in top.text
    state = await table.state()
    first, rest = drawn(state), state["expedition"]["clue_deck"]
    shuffled = [first, *rest]  # the deck as the Squire formed it, top first
    assert sorted(shuffled) == sorted(cards(Engine(CATALOGUE)))
    # take both back (the draw and the GM's die), and force another value: another card, from the same deck
    await table.ok("/gm undo")
    await table.ok("/gm undo")
    await table.ok("/gm force-next values:4")
    fourth = await table.ok(NEXT)
    state = await table.state()
    assert drawn(state) == shuffled[3] != first
    assert "d10 4: the 4th card from the top" in fourth.text
    assert state["expedition"]["clue_deck"] == shuffled[:3] + shuffled[4:]
    # the GM's amend reaches it too: the last action replayed with a 2
    amended = await table.ok("/gm amend-last values:2")
    assert drawn(await table.state()) == shuffled[1]
    assert "the 2nd card from the top" in amended.text


async def test_the_squire_draw_is_in_the_log_and_undone_exactly(table: Table) -> None:
    """Rulebook (line 1762): Whenever you take a Squire with you on an Expedition, treat them as if they were on an Investigation of their own: draw Clue cards for them and collect both Primary and Secondary Clues."""  # noqa: E501
    await solo_with_a_squire(table)
    await table.ok(NEXT)
    state = await table.state()
    card, position = drawn(state), state["dice_position"]
    entries = (await table.ok("/gm log count:1")).data["entries"]
    rolls = [r for r in entries[-1]["rolls"] if r["purpose"].startswith(PURPOSE)]
    assert len(rolls) == 1 and rolls[0]["kind"] == "d10" and not rolls[0]["forced"]
    await table.ok("/gm undo")
    back = await table.state()
    assert back["squires"]["tam"]["investigation"] is None and back["expedition"]["clue_deck"] is None
    await table.ok(NEXT)
    again = await table.state()
    assert drawn(again) == card and again["dice_position"] == position  # the same dice: the same card
    assert again["expedition"]["clue_deck"] == state["expedition"]["clue_deck"]


async def test_an_old_campaign_keeps_its_squire_dice(table: Table) -> None:
    """Rulebook (line 1762): Whenever you take a Squire with you on an Expedition, treat them as if they were on an Investigation of their own: draw Clue cards for them and collect both Primary and Secondary Clues."""  # noqa: E501
    await solo_with_a_squire(table)
    old = CampaignState.model_validate({**(await table.state()), "version": 1})  # as saved before state version 2
    engine = Engine(CATALOGUE)
    dice = engine.dice_for(old)
    dice.forced = [4]
    result = engine.apply(old, ExpeditionNext(phase="delve", reason="test"), dice)
    new = result.state
    assert new.version == 1 and [r for r in dice.rolls if r.purpose.startswith(PURPOSE)] == []
    assert new.dice_position == old.dice_position and new.forced_dice == [4]  # the port is untouched
    legacy = Dice(seed=old.seed * 1009 + 1).shuffle(sorted(cards(engine)))
    tam = new.squires["tam"].investigation
    assert tam is not None and tam.card == legacy[0]
    assert new.expedition is not None and new.expedition.clue_deck == legacy[1:]
