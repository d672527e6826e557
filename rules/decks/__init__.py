"""Deck operations: draw from top or bottom, discard, put on the bottom, shuffle, search the deck
then the discard pile, remove from the game. Every function returns a new DeckState.

Rulebook, "Choosing a Random Element": "Random card: Draw the top card from the indicated face down
deck." "Searching the Deck and Discard Pile" (Clash): look through the deck first, then the discard.
"""

from __future__ import annotations

from typing import Literal

from content.schema import Deck
from rules.coverage import implements
from rules.dice import Dice
from rules.errors import RuleError
from rules.state import DeckState

Where = Literal["deck", "discard"]


def new_deck_state(deck: Deck, dice: Dice) -> DeckState:
    return DeckState(draw=dice.shuffle(deck.base_cards()))


def shuffle(state: DeckState, dice: Dice, include_discard: bool = True) -> DeckState:
    cards = state.draw + (state.discard if include_discard else [])
    return state.model_copy(
        update={"draw": dice.shuffle(cards), "discard": [] if include_discard else list(state.discard)}
    )


def draw(state: DeckState, deck_name: str, from_bottom: bool = False) -> tuple[str, DeckState]:
    """Take one card off the deck. The caller decides where it goes next."""
    if not state.draw:
        raise RuleError(
            f"the {deck_name} deck is empty ({len(state.discard)} cards in its discard pile); "
            "shuffle it with `/deck shuffle` first"
        )
    card = state.draw[-1] if from_bottom else state.draw[0]
    rest = state.draw[:-1] if from_bottom else state.draw[1:]
    return card, state.model_copy(update={"draw": rest})


def put_on_bottom(state: DeckState, card: str) -> DeckState:
    return state.model_copy(update={"draw": [*state.draw, card]})


def put_on_top(state: DeckState, card: str) -> DeckState:
    return state.model_copy(update={"draw": [card, *state.draw]})


def discard(state: DeckState, card: str) -> DeckState:
    return state.model_copy(update={"discard": [*state.discard, card]})


def hold(state: DeckState, card: str) -> DeckState:
    return state.model_copy(update={"held": [*state.held, card]})


def shuffle_in(state: DeckState, card: str, dice: Dice) -> DeckState:
    return state.model_copy(update={"draw": dice.shuffle([*state.draw, card])})


def take(state: DeckState, card: str) -> tuple[Where | Literal["held"], DeckState]:
    """Take a known card out of wherever it is: the deck first, then the discard pile, then held."""
    for where in ("draw", "discard", "held"):
        cards: list[str] = getattr(state, where)
        if card in cards:
            rest = list(cards)
            rest.remove(card)
            place: Where | Literal["held"] = "deck" if where == "draw" else where  # type: ignore[assignment]
            return place, state.model_copy(update={where: rest})
    raise RuleError(f"card {card!r} is not in this deck, its discard pile or anyone's hands")


@implements(
    "Searching the Deck and Discard Pile",
    tests=[
        "tests/rules/test_decks.py::test_search_prefers_the_deck_to_the_discard_pile",
        "tests/rules/test_decks.py::test_search_falls_back_on_the_discard_pile_and_keeps_the_deck_order",
    ],
)
def search(state: DeckState, card: str, dice: Dice) -> tuple[Where, DeckState]:
    """Search the deck, then the discard pile, for a card and take it; a searched deck is shuffled
    afterwards (the searcher has seen its order)."""
    for where in ("draw", "discard"):
        cards: list[str] = getattr(state, where)
        if card in cards:
            rest = list(cards)
            rest.remove(card)
            found = state.model_copy(update={where: rest})
            if where == "draw":
                found = found.model_copy(update={"draw": dice.shuffle(found.draw)})
            return ("deck" if where == "draw" else "discard"), found
    raise RuleError(f"card {card!r} is neither in the deck nor in its discard pile")


def remove_from_game(state: DeckState, card: str) -> DeckState:
    _, rest = take(state, card)
    return rest.model_copy(update={"removed": [*rest.removed, card]})


def massive_peril_cards(deck: Deck, vigor: int) -> list[str]:
    """Massive Peril cards whose threshold a Knight treated as at ``vigor`` has reached, worst last.

    Rulebook, "Massive Peril Chart": "-5 Vigor: Add the You Died Horribly card to the Judicium deck."
    ... "The effects of Massive Peril Checks can stack."
    """
    reached = [c for c in deck.cards if c.massive_peril is not None and vigor <= c.massive_peril]
    return [c.id for c in sorted(reached, key=lambda c: -(c.massive_peril or 0))]


@implements(
    "Massive Peril",
    tests=[
        "tests/rules/test_decks.py::test_kara_massive_peril_example",
        "tests/rules/test_decks.py::test_massive_peril_thresholds_and_stacking",
    ],
    note="the Knight's Vigor is given with `vigor:`; `/clash end` removes the cards",
)
def add_massive_peril(state: DeckState, deck: Deck, vigor: int) -> tuple[list[str], DeckState]:
    """Add the Massive Peril cards for ``vigor`` that are not in the deck yet."""
    present = set(state.draw) | set(state.discard) | set(state.held) | set(state.removed)
    added = [c for c in massive_peril_cards(deck, vigor) if c not in present]
    return added, state.model_copy(update={"draw": [*state.draw, *added]})


def remove_massive_peril(state: DeckState, deck: Deck) -> DeckState:
    """Rulebook: Remember to "discard any additional cards from the Judicium deck after each Clash"."""
    extra = {c.id for c in deck.cards if c.massive_peril is not None}
    return state.model_copy(
        update={
            "draw": [c for c in state.draw if c not in extra],
            "discard": [c for c in state.discard if c not in extra],
        }
    )
