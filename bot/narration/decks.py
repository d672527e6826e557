"""The words of the decks' facts (rules/decks/facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, renders
from rules.decks.facts import CardDrawn, CardRemoved, CardReturned, CardSearched, DeckShuffled, MassivePerilAdded

AFTER_DRAW = {
    "bottom": "it goes to the bottom of the deck",
    "shuffle_in": "it is shuffled back into the deck",
    "hold": "keep it by your Knight Board",
    "discard": "it goes to the discard pile",
}
RETURNED = {
    "top": "on top of the deck",
    "bottom": "at the bottom of the deck",
    "discard": "in the discard pile",
    "shuffle": "shuffled into the deck",
}


@renders(CardDrawn)
def _drawn(f: CardDrawn) -> str:
    if f.recorded:
        return (f"The table drew {bold(f.card)} from the {f.deck} deck: {f.text} "
                f"({AFTER_DRAW[f.after]}; recorded from the table's own deck).")
    return f"Drew {bold(f.card)} from the {f.deck} deck: {f.text} ({AFTER_DRAW[f.after]})."


@renders(MassivePerilAdded)
def _massive(f: MassivePerilAdded) -> str:
    return f"Massive Peril (Vigor {f.vigor}): {bold(f.card)} is added to the Judicium deck until the end of the Clash."


@renders(DeckShuffled)
def _shuffled(f: DeckShuffled) -> str:
    return f"Shuffled the {f.deck} deck with its discard pile ({f.count} cards)."


@renders(CardSearched)
def _searched(f: CardSearched) -> str:
    place = "deck (then shuffled it)" if f.found_in == "deck" else "discard pile"
    return f"Searched the {f.deck} {place} and took {bold(f.card)}."


@renders(CardReturned)
def _returned(f: CardReturned) -> str:
    return f"{bold(f.card)} is now {RETURNED[f.to]} ({f.deck})."


@renders(CardRemoved)
def _removed(f: CardRemoved) -> str:
    return f"{bold(f.card)} is removed from the game ({f.deck})."
