"""The card functions of rules/clash return a new ClashState and never change their input
(ClashState.copy_cards)."""

from __future__ import annotations

from rules.clash import decks, escalation, wound_stack
from rules.clash.setup import setup_clash
from rules.dice import Dice
from tests.conftest import CATALOGUE


def test_card_functions_keep_their_input_and_share_the_flow() -> None:
    """Rulebook (line 1392): Wound Stack"""
    dice = Dice(seed=5)
    state, _ = setup_clash(CATALOGUE.monsters["stag"], 3, "full", dice)
    steps = [
        lambda s: decks.draw_ai(s, dice)[1],
        lambda s: decks.discard_ai(s, dice),
        lambda s: decks.draw_bp(s, dice)[1],
        lambda s: decks.fail_bp(s, dice),
        lambda s: decks.draw_bp(s, dice)[1],
        lambda s: wound_stack.wound_boss(s, False, dice)[0],
        lambda s: escalation.escalate(s, 1, dice)[0],
        lambda s: wound_stack.add_generic(s, count=2),
        lambda s: wound_stack.heal(s, 1)[0],
    ]
    for step in steps:
        before = state.model_dump_json()
        after = step(state)
        assert state.model_dump_json() == before, "the input changed"
        assert after is not state and after.flow is state.flow
        state = after
    assert sorted(state.held()) == sorted(CATALOGUE.monsters["stag"].card_levels())
