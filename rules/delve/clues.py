"""Collecting Clues: the type by the direction of travel, read on the back of the top Exploration
card; each extra Clue by the direction of the top Minor Mortis card (which then goes to the bottom)."""

from __future__ import annotations

from dataclasses import dataclass, field

from content.schema.cards import Deck
from content.schema.kingdom import ClueType, Kingdom
from rules import decks
from rules.coverage import implements
from rules.delve.state import ClueGained, DelveState
from rules.delve.track_facts import ClueFound, NoClueType
from rules.errors import RuleError
from rules.facts import said
from rules.state import DeckState


@dataclass
class CluesFound:
    gained: list[ClueGained] = field(default_factory=list)
    minor_mortis: DeckState | None = None
    texts: list[str] = field(default_factory=list)


def clue_on_top_card(kingdom: Kingdom, delve: DelveState, direction: str) -> ClueType | None:
    """The Clue symbol on the side ``direction`` of the top Exploration card's back (None: empty deck)."""
    if not delve.exploration:
        return None
    card = next(c for c in kingdom.exploration if c.id == delve.exploration[0])
    clue: ClueType = getattr(card.clues, direction)
    return clue


@implements(
    "Collecting Clues",
    tests=[
        "tests/delve/test_clues.py::test_the_first_clue_follows_the_direction_of_travel",
        "tests/delve/test_clues.py::test_extra_clues_follow_minor_mortis_directions_and_the_card_goes_to_the_bottom",
    ],
    note="the bot names the Clue type; the Expedition adds it to each Clue card showing that type "
         "(rules/expedition/clue_cards.py, gain)",
)
def collect(
    kingdom: Kingdom, delve: DelveState, tile_id: str, direction: str, count: int,
    minor: Deck, minor_pile: DeckState, chosen: ClueType | None = None,
) -> CluesFound:
    """``chosen``: Emergence from the Deep Fog — "get a Clue regardless of the type of tile you entered and
    instead of gaining a Clue that depends on the symbol on the Exploration card, gain a Clue of your choice.
    Gain the rest of the Clues normally (if any)" (the first Clue is the chosen one, at least one Clue)."""
    found = CluesFound(minor_mortis=minor_pile)
    if chosen is not None:
        found.gained.append(ClueGained(type=chosen, tile=tile_id, why="Emergence: a Clue of the party's choice"))
        found.texts.append(said(ClueFound(clue=chosen, how="emergence")))
    for i in range(1 if chosen is not None else 0, count):
        if i == 0:
            way, why = direction, f"travelled {direction}"
            told = ClueFound(clue="", how="travel", direction=direction)
        else:
            card_id, pile = decks.draw(found.minor_mortis or minor_pile, minor.name)
            found.minor_mortis = decks.put_on_bottom(pile, card_id)
            card = next(c for c in minor.cards if c.id == card_id)
            if card.direction is None:
                raise RuleError(f"the Minor Mortis card {card.id} has no direction arrow; fix the content pack")
            way, why = card.direction, f"Minor Mortis {card.name} points {card.direction}"
            told = ClueFound(clue="", how="minor_mortis", direction=card.direction, card=card.name)
        clue = clue_on_top_card(kingdom, delve, way)
        if clue is None:
            found.texts.append(said(NoClueType()))
            break
        found.gained.append(ClueGained(type=clue, tile=tile_id, why=why))
        found.texts.append(said(told.model_copy(update={"clue": clue})))
    return found
