"""Escalation Chart, Searching the Deck and Discard Pile, No Cards to Escalate, Escalate X, Suppress."""

from __future__ import annotations

from collections import Counter

from bot.narration.registry import carried
from rules.clash import escalate, escalate_after_wound, suppress, wound_boss
from tests.clash.helpers import boss, dice


def _everything(state):  # type: ignore[no-untyped-def]
    return Counter(state.held())


def test_ser_sonch_escalation_example() -> None:
    """Rulebook (line 1408): Example: Ser Sonch wounded a BP 3 card during Boss Clash! It wasn't a Critical
    Wound, so the players set it aside, place a Generic Double Wound on top of the Wound Stack, then resolve the
    Escalation instructions: they search the AI deck and discard pile for the lowest-level AI card. They find
    that the lowest card in the AI deck is an AI 2 and the lowest card in the discard pile is an AI 1. Therefore,
    they remove the AI 1 card from the discard pile from the Clash and shuffle the discard pile back into the AI
    deck. Then, they add an AI 3 card from an Escalation deck and shuffle the AI deck again.

    Rulebook (line 1409): They search both the BP deck and the discard pile for the lowest-level BP card, just as
    they did with the AI cards. They find a BP 1 card both in the deck and in discard. Since none of them is
    lower, they prioritize the deck—the card from the BP deck is removed from the game and the discard pile
    returns to its place, unshuffled. Then, they shuffle a BP 3 card from an Escalation deck into the BP deck.
    Finally, they place the set-aside BP 3 card at the bottom of the deck
    """
    state = boss(
        ai_deck=["ai2a", "ai3a", "ai2b"], ai_discard=["ai2c", "ai1a"], ai_escalation={3: ["ai3new", "ai3spare"]},
        bp_deck=["bp2a", "bp1deck", "bp3a"], bp_discard=["bp1disc", "bp2b"], bp_revealed="bp3sonch",
        bp_escalation={3: ["bp3new"]},
    )
    before = _everything(state)
    out, lines = wound_boss(state, critical=False, dice=dice())
    # the Wound: a Generic Double, the BP 3 set aside and then back at the bottom
    assert [(w.card, w.wounds) for w in out.wound_stack] == [(None, 2)]
    # AI: the AI 1 left the discard pile, the discard was shuffled in, an AI 3 came in
    assert out.removed == ["ai1a", "bp1deck"]
    assert out.ai_discard == []
    assert sorted(out.ai_deck) == ["ai2a", "ai2b", "ai2c", "ai3a", "ai3new"]
    assert out.ai_escalation[3] == ["ai3spare"]
    # BP: the BP 1 left the deck (not the discard), the discard is untouched, a BP 3 came in, the set-aside
    # BP 3 is at the bottom
    assert out.bp_discard == ["bp1disc", "bp2b"]
    assert sorted(out.bp_deck[:-1]) == ["bp2a", "bp3a", "bp3new"]
    assert out.bp_deck[-1] == "bp3sonch"
    assert out.set_aside == []
    assert _everything(out) == before
    assert any("from the discard" in carried(line) for line in lines)


def test_bp1_wound_escalates_ai1_and_adds_bp2() -> None:
    """Rulebook (line 1416): - BP deck (Boss Clash only!): Shuffle a BP 2 card from the Escalation deck into the
    BP deck.

    Rulebook (line 1417): - AI deck: Search the AI deck and the AI discard pile for an AI 1 card and remove it
    from the game. If you removed a card from the discard pile, shuffle the discard pile into the AI deck.
    """
    state = boss(ai_deck=["ai1a", "ai1b"], ai_discard=["ai1c"], ai_escalation={2: ["ai2a"], 3: ["ai3a"]},
                 bp_deck=["bp1a"], bp_discard=["bp1b"], bp_revealed="bp1w", bp_escalation={2: ["bp2a"], 3: ["bp3a"]})
    out, _ = wound_boss(state, critical=False, dice=dice())
    assert [(w.card, w.wounds) for w in out.wound_stack] == [("bp1w", 1)]
    assert out.removed == ["ai1a"]  # from the deck first
    assert out.ai_discard == ["ai1c"]  # not shuffled in: the card came from the deck
    assert sorted(out.ai_deck) == ["ai1b", "ai2a"]
    assert sorted(out.bp_deck) == ["bp1a", "bp2a"] and out.bp_discard == ["bp1b"]


def test_bp2_wound_from_discard_shuffles_the_discard_in() -> None:
    """Rulebook (line 1420): - AI deck: Search the AI deck and the AI discard pile for an AI 2 card and remove it
    from the game. If you removed a card from the discard pile, shuffle the discard pile into the AI deck.
    Shuffle an AI 3 card from the Escalation deck into the AI deck.
    """
    state = boss(ai_deck=["ai1a"], ai_discard=["ai1b", "ai2a"], ai_escalation={3: ["ai3a"]},
                 bp_deck=["bp1a"], bp_revealed="bp2w", bp_escalation={3: ["bp3a"]})
    out, _ = wound_boss(state, critical=False, dice=dice())
    assert out.removed == ["ai2a"] and out.ai_discard == []
    assert sorted(out.ai_deck) == ["ai1a", "ai1b", "ai3a"]
    assert sorted(out.bp_deck) == ["bp1a", "bp3a"]


def test_new_card_alone_in_the_deck_brings_the_discard_pile_in() -> None:
    """Rulebook (line 1402): BP Escalation: Take a random BP card one level higher than the wounded BP card from
    the Escalation deck and shuffle it into the BP deck. If the new BP card would end up as the only card in the
    deck, shuffle in the BP discard pile too.
    """
    state = boss(ai_deck=["ai1a", "ai1b"], ai_escalation={2: ["ai2a"]}, bp_deck=[], bp_discard=["bp1a", "bp1b"],
                 bp_revealed="bp1w", bp_escalation={2: ["bp2a"]})
    out, _ = wound_boss(state, critical=False, dice=dice())
    assert sorted(out.bp_deck) == ["bp1a", "bp1b", "bp2a"] and out.bp_discard == []


def test_critical_bp3_adds_two_bp3() -> None:
    """Rulebook (line 1425): - BP deck (Boss Clash only!): Search the BP deck and BP discard pile for the
    lowest-level BP card and remove it from the game. If you removed a card from the discard pile, shuffle the
    discard pile into the deck. Shuffle two BP 3 cards from the Escalation deck into the BP deck.
    """
    state = boss(ai_deck=["ai2a"], ai_escalation={3: ["ai3a"]}, bp_deck=["bp3a"], bp_discard=["bp2a", "bp3b"],
                 bp_revealed="bp3w", bp_escalation={3: ["bp3c", "bp3d", "bp3e"]})
    out, _ = wound_boss(state, critical=True, dice=dice())
    assert [(w.card, w.wounds) for w in out.wound_stack] == [("bp3w", 2)]
    assert "bp2a" in out.removed and out.bp_discard == []
    assert sorted(out.bp_deck) == ["bp3a", "bp3b", "bp3c", "bp3d"]
    assert out.bp_escalation[3] == ["bp3e"]


def test_all_bp3_wound_only_shuffles_and_returns_the_set_aside_card() -> None:
    """Rulebook (line 1428): - BP deck (Boss Clash only!): Shuffle the BP discard pile into the BP deck. Place the
    set-aside BP 3 card at the bottom of the BP deck.
    """
    state = boss(ai_deck=["ai3a"], ai_escalation={3: ["ai3b"]}, bp_deck=["bp3a"], bp_discard=["bp3b"],
                 bp_revealed="bp3w", bp_escalation={3: ["bp3c"]})
    out, _ = wound_boss(state, critical=False, dice=dice())
    assert sorted(out.bp_deck[:-1]) == ["bp3a", "bp3b"] and out.bp_deck[-1] == "bp3w"
    assert out.bp_escalation[3] == ["bp3c"]  # nothing removed, nothing added


def test_all_bp3_critical_leaves_one_card_less() -> None:
    """Rulebook (line 1431): - BP deck (Boss Clash only!): Shuffle the BP discard pile into the BP deck. Note: The
    BP deck will have 1 card less.
    """
    state = boss(ai_deck=["ai3a"], ai_escalation={3: ["ai3b"]}, bp_deck=["bp3a", "bp3b"], bp_discard=["bp3c"],
                 bp_revealed="bp3w", bp_escalation={3: ["bp3d"]})
    out, _ = wound_boss(state, critical=True, dice=dice())
    assert sorted(out.bp_deck) == ["bp3a", "bp3b", "bp3c"] and out.bp_discard == []
    assert out.wound_stack[-1].card == "bp3w"


def test_no_card_of_the_level_escalates_one_level_higher() -> None:
    """Rulebook (line 1413): If you search both a deck and a discard pile looking for a card to escalate and you
    have not found one of the appropriate level, escalate a card one level higher instead.
    """
    state = boss(ai_deck=["ai2a", "ai3a"], ai_discard=["ai2b"], ai_escalation={2: ["ai2x"], 3: ["ai3x"]},
                 bp_deck=["bp1a"], bp_revealed="bp1w", bp_escalation={2: ["bp2a"]})
    out, _ = wound_boss(state, critical=False, dice=dice())
    assert out.removed == ["ai2a"]  # no AI 1: an AI 2 is escalated instead, from the deck first ...
    assert "ai3x" in out.ai_deck and out.ai_escalation[2] == ["ai2x"]  # ... into an AI 3


def test_empty_ai_escalation_deck_gives_permanent_bonuses_in_order() -> None:
    """Rulebook (line 1429): - AI deck: Search the AI deck and the AI discard pile for the lowest-level AI card
    and remove it from the game. If you removed a card from the discard pile, shuffle the discard into the AI
    deck. Shuffle an AI 3 card from the Escalation deck into the AI deck. If there are no level 3 AI cards left,
    the Monster gains 1 bonus per Escalation, in the following order: +1 Vigor loss bonus per hit, +1 Evasion
    die, +1 AT, +1 To Hit.
    """
    state = boss(ai_deck=["ai3a", "ai3b"], ai_escalation={3: []}, bp_deck=["bp3a"], bp_escalation={3: []})
    gained = []
    for _ in range(5):
        state, lines = escalate(state, 1, dice())
        gained.append(carried(lines[0]))
    assert state.bonuses.model_dump() == {"vigor_loss_per_hit": 2, "evasion_dice": 1, "at": 1, "to_hit": 1,
                                          "gained": 5}
    assert "Vigor loss" in gained[0] and "Evasion die" in gained[1] and "AT" in gained[2] and "To Hit" in gained[3]
    assert sorted(state.ai_deck) == ["ai3a", "ai3b"]  # nothing removed without a card to replace it
    assert state.effective_to_hit() == 6


def test_empty_bp_escalation_deck_ignores_the_bp_escalation() -> None:
    """Rulebook (line 1413): If there are no more cards in the BP Escalation deck, ignore any BP Escalations.
    """
    state = boss(ai_deck=["ai1a"], ai_escalation={2: ["ai2a"]}, bp_deck=["bp1a", "bp1b"], bp_revealed="bp1w",
                 bp_escalation={2: [], 3: []})
    out, lines = wound_boss(state, critical=False, dice=dice())
    assert sorted(out.bp_deck) == ["bp1a", "bp1b"]
    assert any("ignored" in carried(line) for line in lines)


def test_escalate_x_escalates_the_lowest_ai_then_the_lowest_bp() -> None:
    """Rulebook (line 1971): - Escalate X: Escalate X lowest level AI cards (remove each one from the AI deck and
    shuffle in a card one level higher), one at a time. Then do the same for the BP deck.

    Rulebook (line 1433): Some effects, like Responses, may instruct you to escalate the Monster even if no Wound
    was dealt ... if no Wound was dealt, you will have to remove the lowest BP card from the deck or Mob track.
    """
    state = boss(ai_deck=["ai1a", "ai2a"], ai_discard=["ai1b"], ai_escalation={2: ["ai2x", "ai2y"], 3: ["ai3x"]},
                 bp_deck=["bp2a", "bp1a"], bp_discard=["bp1b"], bp_escalation={2: ["bp2x", "bp2y"]})
    before = Counter(state.held())
    out, _ = escalate(state, 2, dice())
    assert out.removed == ["ai1a", "ai1b", "bp1a", "bp1b"]
    assert sorted(out.ai_deck) == ["ai2a", "ai2x", "ai2y"]
    assert sorted(out.bp_deck) == ["bp2a", "bp2x", "bp2y"]
    assert Counter(out.held()) == before


def test_suppress_shuffles_the_discard_pile_into_the_deck() -> None:
    """Rulebook (line 2094): - Suppress: You may shuffle the discard pile denoted by the subtype into the
    appropriate deck. Possible subtypes:
    """
    state = boss(ai_deck=["ai0z", "ai1a"], ai_zero="ai0z", ai_discard=["ai1b", "ai1c"], bp_deck=["bp1a"],
                 bp_discard=["bp1b"])
    out = suppress(state, "ai", dice())
    assert out.ai_deck[0] == "ai0z" and sorted(out.ai_deck[1:]) == ["ai1a", "ai1b", "ai1c"] and out.ai_discard == []
    out = suppress(out, "bp", dice())
    assert sorted(out.bp_deck) == ["bp1a", "bp1b"] and out.bp_discard == []


def test_ai_zero_is_ignored_by_escalation_and_put_back_on_top() -> None:
    """Rulebook (line 958): AI 0: Some Monsters start with an AI 0 card. ... AI 0 is never taken into
    consideration for the purposes of Escalation. If, for any reason, you wound the Monster before resolving the
    AI 0 card, resolve a standard Escalation, then place the AI 0 card back on top of the AI deck.
    """
    state = boss(ai_deck=["ai0z", "ai1a", "ai1b"], ai_zero="ai0z", ai_escalation={2: ["ai2a"]},
                 bp_deck=["bp1a"], bp_revealed="bp1w", bp_escalation={2: ["bp2a"]})
    out, _ = escalate_after_wound(state.model_copy(update={"bp_revealed": None}), 1, False, dice())
    assert out.ai_deck[0] == "ai0z" and "ai0z" not in out.removed
    assert len(out.removed) == 1 and out.removed[0].startswith("ai1")
