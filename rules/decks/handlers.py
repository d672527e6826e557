"""Engine handlers for the decks: draw, shuffle, search, return, remove from the game."""

from __future__ import annotations

from typing import Any

from content.schema import Deck
from rules import actions as a
from rules import decks
from rules.coverage import implements
from rules.decks.facts import CardDrawn, CardRemoved, CardReturned, CardSearched, DeckShuffled, MassivePerilAdded
from rules.dice import Dice
from rules.engine import Engine, Event, Result, card_data, handles
from rules.errors import RuleError
from rules.facts import random_targets
from rules.state import CampaignState, DeckState


@implements(
    "Drawing a Mortis Card",
    status="assisted",
    tests=["tests/rules/test_decks.py::test_mortis_draws_go_to_the_bottom"],
    note="the players name the deck of their Peril Threshold; the card's text is shown to apply by hand",
)
@implements(
    'Falling Below "0" Vigor',
    status="assisted",
    tests=[
        "tests/rules/test_decks.py::test_judicium_draws_shuffle_the_deck_first",
        "tests/rules/test_decks.py::test_judicium_cards_are_shuffled_back_in",
    ],
    note="the Judicium draw (shuffle, draw, shuffle back in) is automated; the players track Vigor",
)
@handles(a.DeckDraw)
def deck_draw(engine: Engine, state: CampaignState, act: a.DeckDraw, dice: Dice) -> Result:
    deck = engine.deck(act.deck)
    pile = engine.pile(state, deck.id)
    data: dict[str, Any] = {"deck": deck.id}
    pile, events, added = massive_peril(engine, deck, pile, act.vigor)
    if act.vigor is not None:
        data["massive_peril_added"] = added
    cards = []
    for _ in range(act.count):
        if deck.after_draw == "shuffle_in":  # "To draw a Judicium, shuffle the Judicium deck and draw the top card."
            pile = decks.shuffle(pile, dice)
        card_id, pile = decks.draw(pile, deck.name, from_bottom=act.bottom)
        card = engine.card(deck.id, card_id)
        cards.append(card_data(card))
        pile = after_draw(deck, pile, card_id, dice)
        drawn = CardDrawn(card=card.name, deck=deck.name, text=card.text, after=deck.after_draw)
        events += [Event(kind="draw", fact=f) for f in (drawn, *random_targets(card.text, source=card.id))]
    state.decks[deck.id] = pile
    data["card"] = cards[0]
    data["cards"] = cards
    return Result(state=state, events=events, data=data)


def after_draw(deck: Deck, pile: DeckState, card_id: str, dice: Dice) -> DeckState:
    """Where a drawn card goes once resolved: the deck's own rule (content ``after_draw``)."""
    if deck.after_draw == "shuffle_in":
        return decks.shuffle_in(pile, card_id, dice)
    put = {"bottom": decks.put_on_bottom, "hold": decks.hold, "discard": decks.discard}[deck.after_draw]
    return put(pile, card_id)


def massive_peril(
    engine: Engine, deck: Deck, pile: DeckState, vigor: int | None
) -> tuple[DeckState, list[Event], list[str]]:
    """Before a Judicium draw at ``vigor``: add the Massive Peril cards it reaches (none without vigor)."""
    if vigor is None:
        return pile, [], []
    if deck.id != "judicium":
        raise RuleError("`vigor:` only applies to Judicium draws (Massive Peril); leave it out for other decks")
    added, pile = decks.add_massive_peril(pile, deck, vigor)
    events = [Event(kind="massive_peril", fact=MassivePerilAdded(vigor=vigor, card=engine.card(deck.id, c).name))
              for c in added]
    return pile, events, added


@handles(a.DeckShuffle)
def deck_shuffle(engine: Engine, state: CampaignState, act: a.DeckShuffle, dice: Dice) -> Result:
    deck = engine.deck(act.deck)
    pile = decks.shuffle(engine.pile(state, deck.id), dice)
    state.decks[deck.id] = pile
    return Result(
        state=state,
        events=[Event(kind="shuffle", fact=DeckShuffled(deck=deck.name, count=len(pile.draw)))],
        data={"deck": deck.id, "count": len(pile.draw)},
    )


@handles(a.DeckSearch)
def deck_search(engine: Engine, state: CampaignState, act: a.DeckSearch, dice: Dice) -> Result:
    deck = engine.deck(act.deck)
    card = engine.card(deck.id, act.card)
    where, pile = decks.search(engine.pile(state, deck.id), card.id, dice)
    state.decks[deck.id] = decks.hold(pile, card.id)
    return Result(
        state=state,
        events=[Event(kind="search", fact=CardSearched(card=card.name, deck=deck.name, found_in=where))],
        data={"deck": deck.id, "card": card_data(card), "found_in": where},
    )


@handles(a.DeckReturn)
def deck_return(engine: Engine, state: CampaignState, act: a.DeckReturn, dice: Dice) -> Result:
    deck = engine.deck(act.deck)
    card = engine.card(deck.id, act.card)
    _, pile = decks.take(engine.pile(state, deck.id), card.id)
    put = {"top": decks.put_on_top, "bottom": decks.put_on_bottom, "discard": decks.discard}
    pile = decks.shuffle_in(pile, card.id, dice) if act.to == "shuffle" else put[act.to](pile, card.id)
    state.decks[deck.id] = pile
    return Result(
        state=state,
        events=[Event(kind="deck", fact=CardReturned(card=card.name, deck=deck.name, to=act.to))],
        data={"deck": deck.id, "card": card_data(card), "to": act.to},
    )


@handles(a.DeckRemove)
def deck_remove(engine: Engine, state: CampaignState, act: a.DeckRemove, dice: Dice) -> Result:
    deck = engine.deck(act.deck)
    card = engine.card(deck.id, act.card)
    state.decks[deck.id] = decks.remove_from_game(engine.pile(state, deck.id), card.id)
    return Result(
        state=state,
        events=[Event(kind="deck", fact=CardRemoved(card=card.name, deck=deck.name))],
        data={"deck": deck.id, "card": card_data(card)},
    )
