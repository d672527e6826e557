"""The starter pack loads, and its decks follow the rulebook's shape."""

from __future__ import annotations

from collections import Counter

import pytest

from content.loader import STARTER_PACK, Catalogue, load_catalogue, validate_pack
from content.schema import Deck

MORTIS = ("minor_mortis", "major_mortis", "grave_mortis")


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def test_starter_pack_has_the_five_decks(catalogue: Catalogue) -> None:
    assert set(catalogue.decks) == {"minor_mortis", "major_mortis", "grave_mortis", "judicium", "condition"}
    assert [p.id for p in catalogue.packs] == ["starter"]
    assert catalogue.dice is not None


def test_validate_pack_on_the_starter_pack_finds_nothing() -> None:
    assert validate_pack(STARTER_PACK) == []


@pytest.mark.parametrize("deck_id", MORTIS)
def test_mortis_decks(catalogue: Catalogue, deck_id: str) -> None:
    """Rulebook: "After resolving the card's effects, place it at the bottom of the corresponding
    Mortis deck, unless stated otherwise." and "Random direction: Draw the top card from the Minor
    Mortis deck. The arrow in the bottom left corner designates the randomly chosen direction."
    """
    deck = catalogue.deck(deck_id)
    assert deck.after_draw == "bottom"
    assert len(deck.cards) >= 12
    directions = Counter(c.direction for c in deck.cards)
    assert None not in directions, "every Mortis card has an arrow"
    assert set(directions) == {"north", "east", "south", "west"}
    assert max(directions.values()) - min(directions.values()) <= 1, f"uneven arrows: {directions}"
    assert any("positive" in c.tags for c in deck.cards)
    assert any("negative" in c.tags for c in deck.cards)
    for card in deck.cards:
        assert card.text and card.id.startswith(deck_id + "_")


@pytest.mark.parametrize("deck_id", ["major_mortis", "grave_mortis"])
def test_major_and_grave_mortis_can_kill(catalogue: Catalogue, deck_id: str) -> None:
    """Rulebook, "Many Ways to Die": "Drawing a Heroic Death, Knight Stand, or Disemboweled Mortis
    card or another death-inducing card." """
    deaths = [c for c in catalogue.deck(deck_id).cards if "death" in c.tags]
    assert deaths
    for card in deaths:
        assert any(e.type == "die" for e in card.effects), card.id


def test_minor_mortis_never_kills(catalogue: Catalogue) -> None:
    for card in catalogue.deck("minor_mortis").cards:
        assert "death" not in card.tags
        assert all(e.type != "die" for e in card.effects)


def test_lower_thresholds_hold_more_comebacks(catalogue: Catalogue) -> None:
    """Rulebook, "Knight Statistics": each time your Vigor falls below a Peril threshold you "gain a
    higher chance of drawing a Mortis card with a powerful comeback effect"."""

    def share(deck: Deck) -> float:
        return sum("comeback" in c.tags for c in deck.cards) / len(deck.cards)

    minor, major, grave = (share(catalogue.deck(d)) for d in MORTIS)
    assert minor < major < grave


def test_judicium(catalogue: Catalogue) -> None:
    """Rulebook: "By default, there should be only two Judicium cards in the deck: a "You Live!" card
    and a "You Died" card. After resolving a Judicium card, you always shuffle it back into the deck."

    Massive Peril Chart:
    - -5 Vigor: Add the You Died Horribly card to the Judicium deck.
    - -9 Vigor: Add the Your Gruesome Death Becomes Legend card to the Judicium deck.
    - -12 Vigor: Add the Your Death Beckons the Graal card to the Judicium deck.
    """
    deck = catalogue.deck("judicium")
    assert deck.after_draw == "shuffle_in"
    base = [catalogue.card(i)[0].cards[catalogue.card(i)[1]] for i in deck.base_cards()]
    assert sorted(c.name for c in base) == ["You Died", "You Live!"]
    by_name = {c.name: c for c in base}
    assert [e.type for e in by_name["You Live!"].effects] == ["survive"]
    assert [e.type for e in by_name["You Died"].effects] == ["die"]

    perils = {c.name: c for c in deck.cards if c.massive_peril is not None}
    assert {name: c.massive_peril for name, c in perils.items()} == {
        "You Died Horribly": -5,
        "Your Gruesome Death Becomes Legend": -9,
        "Your Death Beckons the Graal": -12,
    }
    for card in perils.values():
        assert card.id not in deck.base_cards()
        assert set(card.tags) == {"death", "massive_peril"}
        assert any(e.type == "die" for e in card.effects)


def test_conditions(catalogue: Catalogue) -> None:
    """Rulebook, "Conditions": cards "that apply additional negative or positive effects"."""
    deck = catalogue.deck("condition")
    assert deck.after_draw == "hold"
    assert len(deck.cards) >= 10
    assert any("positive" in c.tags for c in deck.cards)
    assert any("negative" in c.tags for c in deck.cards)


def test_every_gained_condition_exists(catalogue: Catalogue) -> None:
    conditions = {c.id for c in catalogue.deck("condition").cards}
    named = [
        (card.id, e.condition)
        for deck in catalogue.decks.values() for card in deck.cards for e in card.effects
        if e.type == "gain_condition" and e.condition is not None
    ]
    assert named, "the Mortis decks hand out Conditions"
    assert [pair for pair in named if pair[1] not in conditions] == []


def test_card_ids_are_unique_and_prefixed_by_deck(catalogue: Catalogue) -> None:
    ids = [c.id for d in catalogue.decks.values() for c in d.cards]
    assert len(ids) == len(set(ids))
    for deck in catalogue.decks.values():
        assert all(c.id.startswith(deck.id + "_") for c in deck.cards)
