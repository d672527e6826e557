"""Collecting Clues by the direction of travel and the Minor Mortis arrows."""

from __future__ import annotations

from rules import decks
from rules.delve import clues
from tests.delve._support import ENGINE, KINGDOM, delve_with, started


def test_the_first_clue_follows_the_direction_of_travel() -> None:
    """Rulebook (line 779): To determine the Clue type gained by moving onto a tile, you have to reference
    the back of the top card from the Exploration deck. Each side of that card will show one of the four
    Clue type symbols. You gain the Clue corresponding to the direction of your travel.
    """
    delve = delve_with(["aub_01"], "aub_01")
    top = KINGDOM.exploration[0]
    state = started()
    minor = ENGINE.deck("minor_mortis")
    for direction in ("north", "east", "south", "west"):
        found = clues.collect(KINGDOM, delve, "aub_02", direction, 1, minor, state.decks["minor_mortis"])
        assert [c.type for c in found.gained] == [getattr(top.clues, direction)]
        assert found.minor_mortis == state.decks["minor_mortis"]  # one Clue: no Mortis drawn


def test_extra_clues_follow_minor_mortis_directions_and_the_card_goes_to_the_bottom() -> None:
    """Rulebook (line 781): Gaining Multiple Clues. If you were to gain more than one Clue token from
    traveling onto a Kingdom tile, determine the type of the first Clue as normal. For every additional
    Clue, draw the top Minor Mortis card, refer to its direction symbol, and gain that Clue as if you were
    moving in the direction indicated by that Mortis card. Then, place that Mortis card on the bottom of the
    corresponding Mortis deck.
    """
    delve = delve_with(["aub_01"], "aub_01")
    top = KINGDOM.exploration[0]
    state = started()
    minor = ENGINE.deck("minor_mortis")
    pile = state.decks["minor_mortis"]
    first, second = (ENGINE.card("minor_mortis", c) for c in pile.draw[:2])
    found = clues.collect(KINGDOM, delve, "aub_06", "north", 3, minor, pile)
    assert [c.type for c in found.gained] == [
        top.clues.north, getattr(top.clues, first.direction or ""), getattr(top.clues, second.direction or "")
    ]
    assert found.minor_mortis is not None
    assert found.minor_mortis.draw == [*pile.draw[2:], first.id, second.id]
    assert decks.draw(found.minor_mortis, "Minor Mortis")[0] == pile.draw[2]
