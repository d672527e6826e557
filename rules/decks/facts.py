"""The facts of the decks (rules/decks/handlers.py, rules/table_dice.py's recorded draws); their words are
bot/narration/decks.py's."""

from typing import Literal

from rules.facts import Fact, fact

AfterDraw = Literal["bottom", "shuffle_in", "hold", "discard"]


@fact
class CardDrawn(Fact):
    """``card`` (its printed ``text``) drawn from ``deck``; ``after`` where it goes (the deck's rule); ``recorded``:
    the table drew it from its own deck and the bot's deck follows."""

    fact: Literal["card_drawn"] = "card_drawn"
    card: str
    deck: str
    text: str
    after: AfterDraw
    recorded: bool = False


@fact
class MassivePerilAdded(Fact):
    """Before a Judicium draw at ``vigor``: the Massive Peril ``card`` is added until the end of the Clash."""

    fact: Literal["massive_peril_added"] = "massive_peril_added"
    vigor: int
    card: str


@fact
class DeckShuffled(Fact):
    fact: Literal["deck_shuffled"] = "deck_shuffled"
    deck: str
    count: int


@fact
class CardSearched(Fact):
    """``card`` taken from ``deck``'s ``found_in`` (the deck, then shuffled, or the discard pile)."""

    fact: Literal["card_searched"] = "card_searched"
    card: str
    deck: str
    found_in: Literal["deck", "discard"]


@fact
class CardReturned(Fact):
    fact: Literal["card_returned"] = "card_returned"
    card: str
    deck: str
    to: Literal["top", "bottom", "discard", "shuffle"]


@fact
class CardRemoved(Fact):
    """``card`` removed from the game."""

    fact: Literal["card_removed"] = "card_removed"
    card: str
    deck: str
