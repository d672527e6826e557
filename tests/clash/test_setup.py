"""Clash setup from the starter Monsters (rulebook "3. Performing Setup")."""

from __future__ import annotations

from collections import Counter

from content.loader import load_catalogue
from rules.clash import draw_ai, resolve_ai_zero, setup_clash
from tests.clash.helpers import dice

CATALOGUE = load_catalogue()


def test_boss_setup_builds_level_decks_tokens_and_exhibition_wounds() -> None:
    """Rulebook (line 954): Monster: Place the Monster Sheet of the Monster you are about to fight on the
    designated space near the Clash Board. Place its Signature and Routine card on the corresponding space. Take
    all of that Monster's AI cards and divide them into three decks numbered 1, 2, and 3

    Rulebook (line 966): Exhibition Wounds (Exhibition Clash only): Place Generic Single Wound cards onto the
    Wound Stack equal to the Exhibition Wounds value on the Monster Sheet for the current Level. These Single
    Wounds do not trigger any Escalations.
    """
    stag = CATALOGUE.monsters["stag"]
    state, lines = setup_clash(stag, 1, "exhibition", dice())
    assert state.ai_deck[0] == "stag_ai_first_bellow" and state.ai_zero == "stag_ai_first_bellow"
    assert {state.levels[c] for c in state.ai_deck[1:]} == {1} and len(state.ai_deck) == 7
    assert {state.levels[c] for c in state.bp_deck} == {1} and len(state.bp_deck) == 7
    assert [len(state.ai_escalation[lv]) for lv in (2, 3)] == [5, 5]
    assert [len(state.bp_escalation[lv]) for lv in (2, 3)] == [5, 4]
    assert [(t.kind, t.ready) for t in state.boss_activations] == [("ai", True), ("ai", True)]  # level 1: AI, AI
    assert state.wounds() == 3 and all(w.generic for w in state.wound_stack) and state.removed == ["stag_bp_accursed_persistence"]  # Five-Player Mode only
    assert Counter(state.held()) == Counter(c.id for c in stag.ai_cards + stag.bp_cards)
    full, _ = setup_clash(stag, 1, "full", dice())
    assert full.wound_stack == []
    summary = state.summary(gm=True)
    assert summary["ai_deck"][0] == {"id": "stag_ai_first_bellow", "level": 0}  # type: ignore[index]
    assert "ai_deck" not in state.summary(gm=False) and lines


def test_starting_escalations_happen_before_ai_zero_goes_on_top() -> None:
    """Rulebook (line 958): AI 0: Some Monsters start with an AI 0 card. During Clash Setup, prepare the AI and BP
    decks as normal. Resolve starting Escalations, if any, then place the AI 0 card on top of the AI deck.
    """
    abbot = CATALOGUE.monsters["abbot"]
    state, _ = setup_clash(abbot, 2, "full", dice())  # level 2: one starting Escalation and an AI 0
    assert state.ai_deck[0] == "abbot_ai_vespers"
    assert sum(state.levels[c] == 2 for c in state.ai_deck) == 1 and sum(state.levels[c] == 2 for c in state.bp_deck) == 1
    removed = [c for c in state.removed if c != "abbot_bp_accursed_persistence"]  # Five-Player Mode only
    assert [state.levels[c] for c in removed] == [1, 1]  # the lowest AI and the lowest BP
    card, state = draw_ai(state, dice())
    assert card == "abbot_ai_vespers"
    state = resolve_ai_zero(state, "shuffle_into_deck", dice())
    assert state.ai_zero is None and "abbot_ai_vespers" in state.ai_deck


def test_every_starter_level_sets_up() -> None:
    """Rulebook (line 997): A Monster Level box will include the level number, Main Attributes, Bonuses and a
    list of added or removed Traits.
    """
    for monster in CATALOGUE.monsters.values():
        for lv in monster.levels:
            for kind in ("exhibition", "full"):
                state, _ = setup_clash(monster, lv.level, kind, dice(lv.level))  # type: ignore[arg-type]
                assert state.wounds_needed == lv.wounds and state.to_hit == lv.to_hit
                assert Counter(state.held()) == Counter(c.id for c in monster.ai_cards + monster.bp_cards)
                assert sum(len(s.tokens) for s in state.mob_track if s) + len(state.boss_activations) == len(
                    lv.activations)
