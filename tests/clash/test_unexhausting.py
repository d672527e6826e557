"""Unexhausting during a Clash spends an action of the Knight's turn (rules/knights/handlers.py ``unexhausting``)."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.knights.actions import KnightGear
from tests.clash.test_knight_attack import ENGINE, MACE, clash, fight, kara


def test_unexhausting_spends_an_action_of_the_turn() -> None:
    """Rulebook (line 499): Unexhausting: Each Knight may spend their Movement Action or Combat Action to unexhaust
    all exhausted equipped game elements (Gear cards, Knight abilities and so on)."""
    state = clash()
    kara(state).loadout[0].exhausted = True
    with pytest.raises(RuleError, match="spend:movement or spend:combat"):
        ENGINE.apply(state.model_copy(deep=True), KnightGear(knight="kara", op="unexhaust_all"), ENGINE.dice_for(state))
    done = ENGINE.apply(state.model_copy(deep=True), KnightGear(knight="kara", op="unexhaust_all", spend="movement"),
                        ENGINE.dice_for(state)).state
    assert not kara(done).loadout[0].exhausted
    turn = fight(done).flow.turn
    assert turn is not None and turn.knight == "kara" and turn.moved and not turn.attacked
    with pytest.raises(RuleError, match="already used the Movement Action"):
        ENGINE.apply(done, KnightGear(knight="kara", op="unexhaust_all", spend="movement"), ENGINE.dice_for(done))
    fight(state).flow.phase = "monster"
    with pytest.raises(RuleError, match="wait for the Knight Round"):
        ENGINE.apply(state, KnightGear(knight="kara", op="unexhaust_all", spend="combat"), ENGINE.dice_for(state))
    assert kara(state).loadout[0].gear == MACE
