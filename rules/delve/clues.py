"""Collecting Clues: the type by the direction of travel, read on the back of the top Exploration
card; each extra Clue by the direction of the top Minor Mortis card (which then goes to the bottom)."""

from __future__ import annotations

from dataclasses import dataclass, field

from content.schema.cards import Deck
from content.schema.kingdom import ClueType, Kingdom
from rules import decks
from rules.coverage import implements
from rules.delve.state import ClueGained, DelveState
from rules.errors import RuleError
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
        found.texts.append(
            f"🔎 Clue (Emergence, the party's choice): **{chosen.capitalize()}** — each Knight collecting "
            f"{chosen.capitalize()} Clues may gain +1 {chosen.capitalize()} Clue."
        )
    for i in range(1 if chosen is not None else 0, count):
        if i == 0:
            way, why = direction, f"travelled {direction}"
        else:
            card_id, pile = decks.draw(found.minor_mortis or minor_pile, minor.name)
            found.minor_mortis = decks.put_on_bottom(pile, card_id)
            card = next(c for c in minor.cards if c.id == card_id)
            if card.direction is None:
                raise RuleError(f"the Minor Mortis card {card.id} has no direction arrow; fix the content pack")
            way, why = card.direction, f"Minor Mortis {card.name} points {card.direction}"
        clue = clue_on_top_card(kingdom, delve, way)
        if clue is None:
            found.texts.append("The Exploration deck is empty: no card back tells the Clue type, so no Clue.")
            break
        found.gained.append(ClueGained(type=clue, tile=tile_id, why=why))
        found.texts.append(
            f"🔎 Clue ({why}): **{clue.capitalize()}** — each Knight collecting {clue.capitalize()} Clues "
            f"(Quest objective, Primary or Secondary Clue) may gain +1 {clue.capitalize()} Clue."
        )
    return found
