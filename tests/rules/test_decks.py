"""Decks: draw from top and bottom, where a drawn card goes, search, remove, Massive Peril."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import actions as a
from rules import decks
from rules.dice import Dice
from rules.errors import RuleError
from rules.state import CampaignState, DeckState
from tests.rules._support import CATALOGUE, apply, cards, fresh

LIVE, DIED = "judicium_you_live", "judicium_you_died"
HORRIBLY = "judicium_you_died_horribly"
LEGEND = "judicium_your_gruesome_death_becomes_legend"
GRAAL = "judicium_your_death_beckons_the_graal"


def _with_pile(deck: str, pile: DeckState, seed: int = 1) -> CampaignState:
    state = fresh(seed)
    return state.model_copy(update={"decks": {**state.decks, deck: pile}})


# -- drawing ------------------------------------------------------------------------------------------


def test_draw_from_the_top_and_from_the_bottom() -> None:
    """Rulebook (line 331): - Random card: Draw the top card from the indicated face down deck.
    """
    pile = DeckState(draw=["a", "b", "c"], discard=["z"])
    card, rest = decks.draw(pile, "Test")
    assert (card, rest.draw, rest.discard) == ("a", ["b", "c"], ["z"])
    card, rest = decks.draw(pile, "Test", from_bottom=True)
    assert (card, rest.draw) == ("c", ["a", "b"])
    assert pile.draw == ["a", "b", "c"]  # the given state is left alone


def test_drawing_from_an_empty_deck_explains_what_to_do() -> None:
    pile = DeckState(draw=[], discard=["x", "y"])
    with pytest.raises(RuleError) as err:
        decks.draw(pile, "Minor Mortis")
    message = str(err.value)
    assert "Minor Mortis" in message and "empty" in message
    assert "2 cards in its discard pile" in message
    assert "shuffle" in message


def test_the_engine_refuses_a_draw_from_an_empty_deck_and_changes_nothing() -> None:
    state = _with_pile("condition", DeckState(draw=[], held=["condition_opened_vein"]))
    before = state.model_dump()
    with pytest.raises(RuleError) as err:
        apply(state, a.DeckDraw(deck="condition"))
    assert "Conditions deck is empty" in str(err.value)
    assert state.model_dump() == before


def test_an_unknown_deck_is_refused_with_the_list_of_decks() -> None:
    with pytest.raises(RuleError) as err:
        apply(fresh(), a.DeckDraw(deck="ai"))
    assert "minor_mortis" in str(err.value) and "judicium" in str(err.value)


@pytest.mark.parametrize("deck", ["minor_mortis", "major_mortis", "grave_mortis"])
def test_mortis_draws_go_to_the_bottom(deck: str) -> None:
    """Rulebook (line 1201): After resolving the card's effects, place it at the bottom of the corresponding
    Mortis deck, unless stated otherwise.
    """
    state = fresh(5)
    order = state.decks[deck].draw
    res = apply(state, a.DeckDraw(deck=deck))
    assert res.data["card"]["id"] == order[0]
    assert res.state.decks[deck].draw == [*order[1:], order[0]]
    assert res.state.decks[deck].discard == []
    assert res.state.dice_position == state.dice_position  # no shuffle
    two = apply(state, a.DeckDraw(deck=deck, count=2))
    assert [c["id"] for c in two.data["cards"]] == order[:2]
    assert two.state.decks[deck].draw == [*order[2:], *order[:2]]


def test_judicium_draws_shuffle_the_deck_first() -> None:
    """Rulebook (line 1205): To draw a Judicium, shuffle the Judicium deck and draw the top card.
    """
    state = _with_pile("judicium", DeckState(draw=[LIVE, DIED]))
    dice = Dice(seed=state.seed, position=state.dice_position)
    expected = dice.shuffle([LIVE, DIED])[0]
    res = apply(state, a.DeckDraw(deck="judicium"))
    assert res.data["card"]["id"] == expected
    # over many campaigns the same stored order gives both cards: it is not always the top card
    drawn = Counter(
        apply(_with_pile("judicium", DeckState(draw=[LIVE, DIED]), seed), a.DeckDraw(deck="judicium")).data["card"][
            "id"
        ]
        for seed in range(40)
    )
    assert drawn[LIVE] >= 8 and drawn[DIED] >= 8, drawn


def test_judicium_cards_are_shuffled_back_in() -> None:
    """Rulebook (line 1206): By default, there should be only two Judicium cards in the deck: a "You
    Live!" card and a "You Died" card. After resolving a Judicium card, you always shuffle it back into the
    deck.
    """
    state = fresh(3)
    assert sorted(state.decks["judicium"].draw) == sorted([LIVE, DIED])
    for _ in range(5):
        res = apply(state, a.DeckDraw(deck="judicium"))
        pile = res.state.decks["judicium"]
        assert sorted(pile.draw) == sorted([LIVE, DIED])
        assert pile.discard == [] and pile.held == []
        assert res.state.dice_position == state.dice_position + 2  # shuffle before, shuffle the card back
        state = res.state


def test_condition_draws_are_held() -> None:
    """Rulebook (line 1515): When you gain a Condition card, place it next to your Knight Board.
    """
    state = fresh(2)
    order = state.decks["condition"].draw
    res = apply(state, a.DeckDraw(deck="condition", count=2))
    pile = res.state.decks["condition"]
    assert pile.held == order[:2]
    assert pile.draw == order[2:]
    assert pile.discard == []


def test_a_draw_from_the_bottom_takes_the_last_card() -> None:
    state = fresh(4)
    order = state.decks["condition"].draw
    res = apply(state, a.DeckDraw(deck="condition", bottom=True))
    assert res.data["card"]["id"] == order[-1]
    assert res.state.decks["condition"].draw == order[:-1]


# -- searching ----------------------------------------------------------------------------------------


def test_search_prefers_the_deck_to_the_discard_pile() -> None:
    """Rulebook (line 1411): If you are instructed to search both a deck and a discard pile for a card,
    always prioritize cards from the deck. Only if you find no applicable cards in the deck should you
    search the discard pile.
    """
    pile = DeckState(draw=["a", "x", "b", "c"], discard=["x", "d"])
    where, found = decks.search(pile, "x", Dice(seed=1))
    assert where == "deck"
    assert found.discard == ["x", "d"]
    assert sorted(found.draw) == ["a", "b", "c"]


def test_search_falls_back_on_the_discard_pile_and_keeps_the_deck_order() -> None:
    """Rulebook (line 1411): Only if you find no applicable cards in the deck should you search the discard
    pile.
    """
    pile = DeckState(draw=["a", "b", "c"], discard=["d", "x", "e"])
    dice = Dice(seed=1)
    where, found = decks.search(pile, "x", dice)
    assert where == "discard"
    assert found.discard == ["d", "e"]
    assert found.draw == ["a", "b", "c"]
    assert dice.position == 0


def test_search_fails_politely_when_the_card_is_absent() -> None:
    with pytest.raises(RuleError) as err:
        decks.search(DeckState(draw=["a"], discard=["b"], held=["x"]), "x", Dice(seed=1))
    assert "'x'" in str(err.value) and "neither in the deck nor in its discard pile" in str(err.value)


def test_search_takes_exactly_one_copy() -> None:
    """Rulebook (line 1411): If you are instructed to search both a deck and a discard pile for a card,
    always prioritize cards from the deck.
    """
    pile = DeckState(draw=["a", "x", "x"], discard=["x"])
    _, found = decks.search(pile, "x", Dice(seed=1))
    assert cards(found) + Counter({"x": 1}) == cards(pile)


def test_engine_search_holds_the_card() -> None:
    state = fresh(6)
    target = state.decks["minor_mortis"].draw[5]
    res = apply(state, a.DeckSearch(deck="minor_mortis", card=target))
    pile = res.state.decks["minor_mortis"]
    assert res.data["found_in"] == "deck"
    assert pile.held == [target]
    assert target not in pile.draw
    assert cards(pile) == cards(state.decks["minor_mortis"])
    # the card is in hand now: a second search fails politely and changes nothing
    with pytest.raises(RuleError) as err:
        apply(res.state, a.DeckSearch(deck="minor_mortis", card=target))
    assert "neither in the deck nor in its discard pile" in str(err.value)
    with pytest.raises(RuleError) as err:
        apply(res.state, a.DeckSearch(deck="minor_mortis", card="no_such_card"))
    assert "no card 'no_such_card'" in str(err.value)


def test_engine_search_in_the_discard_pile() -> None:
    state = fresh(6)
    pile = state.decks["minor_mortis"]
    moved = pile.model_copy(update={"draw": pile.draw[1:], "discard": [pile.draw[0]]})
    state = state.model_copy(update={"decks": {**state.decks, "minor_mortis": moved}})
    res = apply(state, a.DeckSearch(deck="minor_mortis", card=pile.draw[0]))
    assert res.data["found_in"] == "discard"
    assert res.state.decks["minor_mortis"].draw == pile.draw[1:]
    assert res.state.decks["minor_mortis"].discard == []
    assert res.state.decks["minor_mortis"].held == [pile.draw[0]]


# -- removing from the game -----------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["draw", "discard", "held"])
def test_remove_from_game_archives_the_card(where: str) -> None:
    """Rulebook (line 505): When instructed to permanently remove an element from the game, place it back
    in the game box. ... Permanently removing an element may sometimes be referred to as Archiving a game
    element.
    """
    pile = DeckState(draw=["a", "b"], discard=["c"], held=["d"])
    card = {"draw": "b", "discard": "c", "held": "d"}[where]
    out = decks.remove_from_game(pile, card)
    assert out.removed == [card]
    assert card not in getattr(out, where)
    assert cards(out) == cards(pile)
    with pytest.raises(RuleError):
        decks.remove_from_game(out, card)


def test_engine_remove_from_game() -> None:
    state = fresh(8)
    target = state.decks["major_mortis"].draw[0]
    res = apply(state, a.DeckRemove(deck="major_mortis", card=target))
    pile = res.state.decks["major_mortis"]
    assert pile.removed == [target] and target not in pile.draw
    with pytest.raises(RuleError):
        apply(res.state, a.DeckRemove(deck="major_mortis", card=target))


# -- Massive Peril --------------------------------------------------------------------------------------


def test_kara_massive_peril_example() -> None:
    """Rulebook (line 1217): Example: Kara is at 1 Vigor when the Eggknight attacks, she then loses -6
    Vigor. She lowers her Vigor on the track to 0, temporarily treating her as -5. This draws a Judicium,
    causes her to reach the first Massive Peril threshold and she must add the You Died Horribly Judicium
    card to the Judicium deck. Kara survives the Judicium draw, but at a later point she is attacked again!
    She loses -6 Vigor, causing her to treat her current Vigor as -6. She exceeds the Massive Peril
    threshold, but doesn't add any more Judicium cards to the deck, since the You Died Horribly Judicium
    card is already there. For her to add another Judicium card to the deck, she'd have to reach the next
    Massive Peril threshold, and for that her Vigor would have to drop to -9 in a single blow.
    """
    state = fresh(11)
    first = apply(state, a.DeckDraw(deck="judicium", vigor=-5))
    assert first.data["massive_peril_added"] == [HORRIBLY]
    assert sorted(first.state.decks["judicium"].draw) == sorted([LIVE, DIED, HORRIBLY])
    assert [e.kind for e in first.events] == ["massive_peril", "draw"]
    assert "You Died Horribly" in first.events[0].text

    second = apply(first.state, a.DeckDraw(deck="judicium", vigor=-6))
    assert second.data["massive_peril_added"] == []
    assert sorted(second.state.decks["judicium"].draw) == sorted([LIVE, DIED, HORRIBLY])

    third = apply(second.state, a.DeckDraw(deck="judicium", vigor=-9))
    assert third.data["massive_peril_added"] == [LEGEND]
    assert sorted(third.state.decks["judicium"].draw) == sorted([LIVE, DIED, HORRIBLY, LEGEND])


def test_massive_peril_thresholds_and_stacking() -> None:
    """Rulebook (line 1213): - -5 Vigor: Add the You Died Horribly card to the Judicium deck.
    Rulebook (line 1214): - -9 Vigor: Add the Your Gruesome Death Becomes Legend card to the Judicium deck.
    Rulebook (line 1215): - -12 Vigor: Add the Your Death Beckons the Graal card to the Judicium deck.
    Rulebook (line 1216): The effects of Massive Peril Checks can stack.
    """
    expected = {0: [], -4: [], -5: [HORRIBLY], -8: [HORRIBLY], -9: [HORRIBLY, LEGEND], -12: [HORRIBLY, LEGEND, GRAAL]}
    for vigor, added in expected.items():
        res = apply(fresh(12), a.DeckDraw(deck="judicium", vigor=vigor))
        assert sorted(res.data["massive_peril_added"]) == sorted(added), vigor
        assert sorted(res.state.decks["judicium"].draw) == sorted([LIVE, DIED, *added])


def test_massive_peril_cards_start_outside_the_deck_and_leave_after_the_clash() -> None:
    """Rulebook (line 1216): Remember to discard any additional cards from the Judicium deck after each
    Clash.
    """
    deck = CATALOGUE.decks["judicium"]
    assert sorted(fresh(1).decks["judicium"].draw) == sorted([LIVE, DIED])
    added = apply(fresh(1), a.DeckDraw(deck="judicium", vigor=-12)).state.decks["judicium"]
    cleaned = decks.remove_massive_peril(added, deck)
    assert sorted(cleaned.draw) == sorted([LIVE, DIED])


def test_vigor_is_only_for_judicium() -> None:
    state = fresh(1)
    with pytest.raises(RuleError) as err:
        apply(state, a.DeckDraw(deck="minor_mortis", vigor=-5))
    assert "Judicium" in str(err.value)


# -- random direction -----------------------------------------------------------------------------------


def test_random_direction_uses_the_top_minor_mortis_card_and_puts_it_at_the_bottom() -> None:
    """Rulebook (line 330): - Random direction: Draw the top card from the Minor Mortis deck. The arrow in
    the bottom left corner designates the randomly chosen direction. Place the drawn card at the bottom of
    the deck.
    """
    minor = {c.id: c for c in CATALOGUE.decks["minor_mortis"].cards}
    state = fresh(9)
    order = state.decks["minor_mortis"].draw
    for step in range(3):
        res = apply(state, a.RandomDirection())
        assert res.data["card"]["id"] == order[step]
        assert res.data["direction"] == minor[order[step]].direction
        assert res.state.decks["minor_mortis"].draw == [*order[step + 1 :], *order[: step + 1]]
        assert res.state.dice_position == state.dice_position
        state = res.state


# -- conservation ---------------------------------------------------------------------------------------

CARD_IDS = [f"c{i}" for i in range(8)]

op = st.one_of(
    st.tuples(st.just("draw"), st.booleans(), st.sampled_from(["discard", "bottom", "top", "hold", "shuffle_in"])),
    st.tuples(st.just("shuffle"), st.booleans()),
    st.tuples(st.just("search"), st.sampled_from(CARD_IDS)),
    st.tuples(st.just("take"), st.sampled_from(CARD_IDS), st.sampled_from(["top", "bottom", "discard"])),
    st.tuples(st.just("remove"), st.sampled_from(CARD_IDS)),
)


@given(st.integers(min_value=0, max_value=10**6), st.lists(op, max_size=40))
@settings(max_examples=150, deadline=None)
def test_deck_operations_conserve_the_cards(seed: int, ops: list[tuple]) -> None:
    dice = Dice(seed=seed)
    pile = DeckState(draw=list(CARD_IDS))
    total = cards(pile)
    for step in ops:
        try:
            if step[0] == "draw":
                card, pile = decks.draw(pile, "Test", from_bottom=step[1])
                pile = {
                    "discard": decks.discard,
                    "bottom": decks.put_on_bottom,
                    "top": decks.put_on_top,
                    "hold": decks.hold,
                    "shuffle_in": lambda p, c: decks.shuffle_in(p, c, dice),
                }[step[2]](pile, card)
            elif step[0] == "shuffle":
                pile = decks.shuffle(pile, dice, include_discard=step[1])
            elif step[0] == "search":
                _, pile = decks.search(pile, step[1], dice)
                pile = decks.hold(pile, step[1])
            elif step[0] == "take":
                _, pile = decks.take(pile, step[1])
                put = {"top": decks.put_on_top, "bottom": decks.put_on_bottom, "discard": decks.discard}
                pile = put[step[2]](pile, step[1])
            else:
                pile = decks.remove_from_game(pile, step[1])
        except RuleError:
            pass
        assert cards(pile) == total


deck_ids = st.sampled_from(["minor_mortis", "condition", "judicium"])
engine_op = st.one_of(
    st.builds(lambda d, n, b: a.DeckDraw(deck=d, count=n, bottom=b), deck_ids, st.integers(1, 3), st.booleans()),
    st.builds(lambda d: a.DeckShuffle(deck=d), deck_ids),
    st.builds(lambda d, i: (d, i, "search"), deck_ids, st.integers(0, 15)),
    st.builds(
        lambda d, i, to: (d, i, to),
        deck_ids,
        st.integers(0, 15),
        st.sampled_from(["top", "bottom", "discard", "shuffle"]),
    ),
    st.builds(lambda d, i: (d, i, "remove"), deck_ids, st.integers(0, 15)),
    st.just(a.RandomDirection()),
)


@given(st.integers(min_value=0, max_value=10**6), st.lists(engine_op, max_size=25))
@settings(max_examples=60, deadline=None)
def test_engine_deck_actions_conserve_the_cards(seed: int, ops: list) -> None:
    """Rulebook (line 1206): After resolving a Judicium card, you always shuffle it back into the deck.
    """
    state = fresh(seed)
    totals = {deck: cards(pile) for deck, pile in state.decks.items()}
    for step in ops:
        if isinstance(step, tuple):
            deck, index, what = step
            ids = [c.id for c in CATALOGUE.decks[deck].cards if c.massive_peril is None]
            card = ids[index % len(ids)]
            if what == "search":
                action = a.DeckSearch(deck=deck, card=card)
            elif what == "remove":
                action = a.DeckRemove(deck=deck, card=card)
            else:
                action = a.DeckReturn(deck=deck, card=card, to=what)
        else:
            action = step
        try:
            state = apply(state, action).state
        except RuleError:
            continue
        assert {deck: cards(pile) for deck, pile in state.decks.items()} == totals
