"""The Mob track: Activation tokens passing along the looping track, Mob wounds, spawning, Heal, Escalation."""

from __future__ import annotations

from collections import Counter

from content.loader import load_catalogue
from rules.clash import (
    escalate_deck,
    finish_activation,
    heal,
    next_activation,
    place_activation_tokens,
    ready_all,
    remove_mob,
    setup_clash,
    spawn,
    wound_mob,
)
from rules.clash.mob_track import interval_spawns_due
from rules.clash.state import WoundCard
from tests.clash.helpers import dice, mob

CATALOGUE = load_catalogue()


def _tokens(state):  # type: ignore[no-untyped-def]
    return {i + 1: [("R" if t.ready else "s") for t in s.tokens] for i, s in enumerate(state.mob_track) if s and s.tokens}


def test_mob_activation_token_example() -> None:
    """Rulebook (line 1049): Mob Clash: Resolve all Mob Activations, one at a time, starting from the leftmost
    Activation token on the Mob track. Once you finish resolving a Mob Activation, move that Activation token
    from that Mob's BP card to the next BP card to the right without an Activation token and flip it to the
    spent side to denote it cannot be activated again this Round. Then, proceed to the next leftmost ready
    Activation token.

    Rulebook (line 1053): Example: After the first Mob activates, the token is placed on the third BP. Similarly,
    after the second Mob activates, the token is placed on the fourth BP.
    """
    state = place_activation_tokens(mob(["bp1a", "bp1b", "bp1c", "bp1d"]), ["ai", "ai"])
    assert _tokens(state) == {1: ["R"], 2: ["R"]}
    assert next_activation(state) == (1, 0)
    state, _ = finish_activation(state, 1, 0)
    assert _tokens(state) == {2: ["R"], 3: ["s"]}  # the first token is on the third BP
    assert next_activation(state) == (2, 0)
    state, _ = finish_activation(state, 2, 0)
    assert _tokens(state) == {3: ["s"], 4: ["s"]}  # the second token is on the fourth BP
    assert next_activation(state) is None
    state = ready_all(state)  # Start of Monster Round
    assert _tokens(state) == {3: ["R"], 4: ["R"]} and next_activation(state) == (3, 0)


def test_tokens_loop_and_stack_when_every_mob_has_one() -> None:
    """Rulebook (line 1050): When moving an Activation token in this way, the Mob track is considered to loop,
    i.e. if there are no valid BP cards to the right, place it on the leftmost valid BP card instead.

    Rulebook (line 1051): If there are no BP cards without Activation tokens, place the token on the next BP
    card to the right, increasing the number of tokens on the card.
    """
    state = place_activation_tokens(mob(["bp1a", None, "bp1c", "bp1d"]), ["ai", "ai"])
    assert _tokens(state) == {1: ["R"], 3: ["R"]}
    state, _ = finish_activation(state, 3, 0)  # to the right: space 4 has no token
    assert _tokens(state) == {1: ["R"], 4: ["s"]}
    state = ready_all(state)
    state, _ = finish_activation(state, 4, 0)  # loops past the right end to space 3 (space 1 has a token)
    assert _tokens(state) == {1: ["R"], 3: ["s"]}
    three = place_activation_tokens(mob(["bp1a", "bp1b"]), ["ai", "ai", "signature"])
    assert _tokens(three) == {1: ["R", "R"], 2: ["R"]}
    three, _ = finish_activation(three, 2, 0)  # every other Mob has a token: the next BP card to the right
    assert _tokens(three) == {1: ["R", "R", "s"]}


def test_defeated_mob_passes_its_token_without_flipping_it() -> None:
    """Rulebook (line 1052): If a Mob is defeated while it has an Activation token, move that token according to
    the aforementioned rules, but do not flip it (i.e, if it was ready, it remains ready).
    """
    state = place_activation_tokens(mob(["bp1a", "bp1b", "bp1c"]), ["ai"])
    card, state, _ = remove_mob(state, 1)
    assert card == "bp1a" and _tokens(state) == {2: ["R"]}


def test_mob_setup_places_tokens_from_the_leftmost_space() -> None:
    """Rulebook (line 960): Activation tokens: Check the number and type of Monster Activations on the Monster
    Sheet, take the appropriate number and type of tokens and place them ready side up on the Monster Sheet
    (Boss Clash) or the Mob track, one token per space, starting from the leftmost space (Mob Clash).
    """
    monster = CATALOGUE.monsters["drowned"]
    state, _ = setup_clash(monster, 2, "full", dice())
    assert [s is not None for s in state.mob_track[:6]] == [True] * 5 + [False]
    assert [[t.kind for t in s.tokens] for s in state.mob_track[:3] if s] == [["ai"], ["ai"], ["signature"]]
    # the setup's Mobs: four BP 1 and one BP 2 in the Clash Setup's order; level 2's starting Escalation then
    # replaced the lowest (leftmost) Mob with a BP 2; every other BP card waits in the Escalation decks
    assert [state.levels[s.card] for s in state.mob_track if s] == [2, 1, 1, 1, 2]
    removed = [c for c in state.removed if c != "drowned_bp_accursed_persistence"]  # Five-Player Mode only
    assert len(removed) == 2 and {state.levels[c] for c in removed} == {1}  # an AI 1 and a BP 1
    assert state.bp_deck == [] and [len(state.bp_escalation[lv]) for lv in (1, 2, 3)] == [4, 3, 3]


def test_mob_wound_escalates_ai_and_immediate_spawn_places_a_higher_mob() -> None:
    """Rulebook (line 1407): Immediate Spawn: ... when the wounded BP card leaves the Mob track to become a Wound,
    take a random BP card one level higher than the wounded BP card from the Escalation deck and place it on the
    leftmost empty space on the Mob track.
    """
    state = mob(["bp1a", "bp1b", "bp1c"], ai_deck=["ai1a", "ai1b"], ai_escalation={2: ["ai2a"]},
                bp_escalation={1: ["bp1x"], 2: ["bp2a"], 3: ["bp3a"]})
    before = Counter(state.held())
    out, _ = wound_mob(state, 2, dice(), immediate_spawn=True)
    assert out.wound_stack == [WoundCard(card="bp1b", wounds=1)]
    assert out.removed[0].startswith("ai1") and "ai2a" in out.ai_deck
    assert out.mob_track[1] is not None and out.mob_track[1].card == "bp2a"  # the leftmost empty space
    assert Counter(out.held()) == before


def test_no_immediate_spawn_places_no_new_bp() -> None:
    """Rulebook (line 1407): If you don't perform immediate spawning, do not place new BP cards.
    """
    state = mob(["bp1a", "bp1b"], ai_deck=["ai1a"], ai_escalation={2: ["ai2a"]}, bp_escalation={2: ["bp2a"]})
    out, _ = wound_mob(state, 1, dice(), immediate_spawn=False)
    assert out.mob_track[0] is None and out.bp_escalation[2] == ["bp2a"]


def test_mob_bp3_is_a_double_wound_face_up() -> None:
    """Rulebook (line 1397): Mob Clash: If you wound a BP 3 card, you place it face up on top of the Wound Stack.
    This is a Double Wound.
    """
    state = mob(["bp3a", "bp1b"], ai_deck=["ai1a"], ai_escalation={3: ["ai3a"]})
    out, _ = wound_mob(state, 1, dice(), immediate_spawn=False)
    assert out.wound_stack == [WoundCard(card="bp3a", wounds=2)] and out.wounds() == 2


def test_escalating_the_bp_deck_of_a_mob_replaces_the_lowest_mob() -> None:
    """Rulebook (line 1436): - Mob BP Escalation and Escalating the BP deck: Since Mobs do not have a regular BP
    deck during Clashes, apply all instructions that refer to the BP deck to the Mob track instead (e.g. when
    instructed to Escalate the BP deck, find the lowest Mob BP on the Mob track, remove it, then place a random
    BP card one level higher in its place).
    """
    state = place_activation_tokens(mob(["bp2a", "bp1b", "bp1c"], bp_escalation={2: ["bp2x"]}), ["ai"])
    out, _ = escalate_deck(state, "bp", 1, dice())
    assert [s.card if s else None for s in out.mob_track[:3]] == ["bp2a", "bp2x", "bp1c"]
    assert out.removed == ["bp1b"]


def test_heal_returns_the_top_mob_to_the_track_or_discards_it() -> None:
    """Rulebook (line 1983): - Mob Clash: Take the top BP card from the Wound Stack and place it in the leftmost
    empty space of the Mob track.
    """
    state = mob([None, "bp1b"], wound_stack=[WoundCard(card="bp1a"), WoundCard(card="bp2a")])
    out, _ = heal(state, 1)
    assert out.mob_track[0] is not None and out.mob_track[0].card == "bp2a" and out.wounds() == 1
    full = mob([f"bp1{c}" for c in "abcdefghij"], wound_stack=[WoundCard(card="bp1z")])
    out, _ = heal(full, 1)
    assert out.bp_discard == ["bp1z"] and out.wound_stack == []


def test_interval_spawn_takes_the_lowest_available_card() -> None:
    """Rulebook (line 1441): - Interval Spawn: Some Mob Monsters spawn after a certain number of Wounds have been
    dealt. ... take the lowest-level available BP card from the Escalation decks and place it on the leftmost
    empty space on the Mob track.
    """
    state = mob(["bp1a"], bp_escalation={1: [], 2: ["bp2a"], 3: ["bp3a"]})
    state, due = interval_spawns_due(state, every=3, wounds_dealt=2)
    assert due == 0
    state, due = interval_spawns_due(state, every=3, wounds_dealt=2)
    assert due == 1 and state.spawn_progress == 1
    out, _ = spawn(state, None)
    assert out.mob_track[1] is not None and out.mob_track[1].card == "bp2a"


def test_spawn_on_a_full_track_does_nothing() -> None:
    """Rulebook (line 1440): If the Mob cannot be spawned (i.e. when the Mob track is full), nothing happens
    unless stated otherwise.
    """
    state = mob([f"bp1{c}" for c in "abcdefghij"], bp_escalation={2: ["bp2a"]})
    out, lines = spawn(state, 2)
    assert out == state and "full" in lines[0]
