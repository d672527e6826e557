"""The Wound Stack: Single, Double and Generic Wounds, victory, Heal X, additional Single Wounds."""

from __future__ import annotations

from bot.narration.registry import carried
from rules.clash import additional_wounds, draw_bp, fail_bp, heal, wound_boss
from rules.clash.state import WoundCard
from tests.clash.helpers import boss, dice


def test_bp1_and_bp2_are_single_wounds_face_up() -> None:
    """Rulebook (line 1394): - If you wound a BP 1 or BP 2 card, you place it face up on top of the Wound Stack.
    This is a Single Wound.
    """
    state = boss(ai_deck=["ai1a", "ai2a"], ai_escalation={2: ["ai2x"], 3: ["ai3x"]}, bp_deck=["bp2a", "bp1b"],
                 bp_escalation={2: ["bp2x"], 3: ["bp3x"]})
    card, state = draw_bp(state, dice())
    assert card == "bp2a" and state.bp_revealed == "bp2a"
    state, _ = wound_boss(state, critical=False, dice=dice())
    assert state.wound_stack == [WoundCard(card="bp2a", wounds=1)] and state.wounds() == 1


def test_boss_bp3_is_a_generic_double_and_the_card_is_set_aside() -> None:
    """Rulebook (line 1395): Boss Clash: If you wound a BP 3 card, you place a Generic Double Wound card on top of
    the Wound Stack and set the wounded BP 3 card aside. It will return to the bottom of the deck after
    Escalation (see below).
    """
    state = boss(ai_deck=["ai1a"], ai_escalation={3: ["ai3x"]}, bp_deck=["bp1a"], bp_revealed="bp3w",
                 bp_escalation={3: ["bp3x"]})
    out, _ = wound_boss(state, critical=False, dice=dice())
    assert out.wound_stack == [WoundCard(card=None, wounds=2)] and out.wounds() == 2
    assert out.bp_deck[-1] == "bp3w"


def test_critical_boss_bp3_goes_on_the_stack_as_a_double() -> None:
    """Rulebook (line 1396): Boss Clash: If you critically wound a BP 3 card, you place it on top of the Wound
    Stack instead. This is a Double Wound.
    """
    state = boss(ai_deck=["ai1a"], ai_escalation={3: ["ai3x"]}, bp_deck=["bp1a"], bp_revealed="bp3w",
                 bp_escalation={3: ["bp3x", "bp3y"]})
    out, _ = wound_boss(state, critical=True, dice=dice())
    assert out.wound_stack == [WoundCard(card="bp3w", wounds=2)]


def test_victory_when_the_wound_stack_reaches_wounds() -> None:
    """Rulebook (line 1368): Boss Clash: If the total number of Wounds on the Wound Stack (including the Wound you
    just dealt) equals or exceeds the Monster's Wounds value, you slay the Boss or scatter the Mobs! The Clash
    immediately ends with the Knights' victory
    """
    state = boss(ai_deck=["ai1a"], ai_escalation={2: ["ai2x"]}, bp_deck=["bp1a"], bp_revealed="bp3w",
                 bp_escalation={2: ["bp2x"]}, wound_stack=[WoundCard(), WoundCard()]).model_copy(
                     update={"wounds_needed": 4})
    out, lines = wound_boss(state, critical=False, dice=dice())
    assert out.over == "victory" and out.wounds() == 4 and "win" in carried(lines[-1])
    assert out.removed == [] and out.set_aside == ["bp3w"]  # the Clash ended: no Escalation
    short = state.model_copy(update={"wounds_needed": 5})
    out, _ = wound_boss(short, critical=False, dice=dice())
    assert out.over is None
    out, _ = additional_wounds(out, 1)
    assert out.over == "victory"


def test_heal_removes_the_top_boss_wound_from_the_clash() -> None:
    """Rulebook (line 1982): - Boss Clash: Take the top BP card from the Wound Stack and remove it from the Clash.
    It does not count as a Wound.
    """
    state = boss(wound_stack=[WoundCard(card="bp1a"), WoundCard(card="bp2a"), WoundCard(card=None, wounds=2)])
    out, _ = heal(state, 2)
    assert out.wound_stack == [WoundCard(card="bp1a")] and out.removed == ["bp2a"] and out.wounds() == 1


def test_failed_bp_is_discarded_and_an_empty_deck_reforms() -> None:
    """Rulebook (line 1452): If the BP card was not wounded (did not go to the Wound Stack), remember to put it in
    the discard pile. If there are no more cards in the BP deck, shuffle the discard pile to form a new BP deck.
    """
    state = boss(bp_deck=["bp1a"], bp_discard=["bp1b"])
    _, state = draw_bp(state, dice())
    out = fail_bp(state, dice())
    assert sorted(out.bp_deck) == ["bp1a", "bp1b"] and out.bp_discard == [] and out.bp_revealed is None
