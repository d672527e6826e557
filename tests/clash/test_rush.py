"""Rush and Improved Rush, the Complicated Action (rules/clash/rush.py).

Kara (starter "lanternbearer", Speed 4) attacks the Cinder Abbot (A5-C7, facing south) with the Pilgrim's Mace
given Rush or Improved Rush; Ser Sonch stands on H5.
"""

from __future__ import annotations

import copy

import pytest

from content.schema.gear import Keyword
from rules.clash.flow import KnightTurn
from rules.clash.round_handlers import KnightMove
from rules.engine import Engine
from rules.errors import RuleError
from tests.clash.test_knight_attack import HIT3, MACE, attack, clash, equip, fight, text
from tests.conftest import CATALOGUE

BLANK = [1] * 7


def _engine(keyword: str | None, gear: str = MACE) -> Engine:
    card = CATALOGUE.gear[gear]
    catalogue = copy.copy(CATALOGUE)
    extra = [Keyword(name=keyword)] if keyword else []
    catalogue.gear = {**CATALOGUE.gear, gear: card.model_copy(update={"keywords": [*card.keywords, *extra]})}
    return Engine(catalogue)


RUSH = _engine("Rush")
IMPROVED = _engine("Improved Rush")


def test_rush_moves_by_the_shortest_path_and_attacks_with_auto_break() -> None:
    """Rulebook (line 2076): - Rush: Move with +1 Speed and Melee/Reach Attack with Auto-break 1. You must move at
    least 3 spaces and reach your target via the shortest possible path."""
    state = clash(at="H6", engine=RUSH)
    result = attack(state, HIT3 + BLANK, engine=RUSH, rush="D6")
    mini = result.state.board.knight("kara")
    assert mini.space is not None and mini.space.label == "D6"
    said = text(result)
    assert "Rush" in said and "moves 4 spaces to D6 (Speed 5)" in said and "Auto-break 1" in said
    assert result.data["attack"]["tokens_used"].get("break", 0) + fight(result.state).flow.pool.get("break", 0) >= 1


def test_rush_is_one_command() -> None:
    """Rulebook (line 1460): There is no "action space" between both parts of a Complicated Action, which means you
    cannot perform other actions during a Complicated Action"""
    state = clash(at="H6", engine=RUSH)
    result = attack(state, HIT3 + BLANK, engine=RUSH, rush="D6")
    turn = fight(result.state).flow.turn
    assert turn is not None and turn.moved and turn.attacked
    assert result.data["attack"]["naturals"] == HIT3


def test_rush_must_stop_on_the_first_space_in_range() -> None:
    """Rulebook (line 2076): Stop when in the effective range of your active Weapon."""
    state = clash(at="H6", engine=RUSH)
    with pytest.raises(RuleError, match="rush to D6"):
        attack(state, HIT3, engine=RUSH, rush="D5")  # 5 spaces: in range, but past the first space in range


def test_rush_needs_three_spaces() -> None:
    """Rulebook (line 2076): You must move at least 3 spaces"""
    state = clash(at="F6", engine=RUSH)
    with pytest.raises(RuleError, match="at least 3 spaces"):
        attack(state, HIT3, engine=RUSH, rush="D6")


def test_rush_needs_the_keyword_and_a_melee_weapon() -> None:
    """Rulebook (line 2076): - Rush: Move with +1 Speed and Melee/Reach Attack with Auto-break 1."""
    state = clash(at="H6")
    with pytest.raises(RuleError, match="has no Rush"):
        attack(state, HIT3, rush="D6")
    bow = _engine("Rush", "gear_hunting_bow")
    state = clash(at="H6", engine=bow)
    equip(state, "gear_hunting_bow")
    with pytest.raises(RuleError, match="Ranged weapon"):
        attack(state, HIT3, engine=bow, weapon="gear_hunting_bow", rush="D6")


def test_rush_needs_both_actions() -> None:
    """Rulebook (line 1460): Complicated actions can be performed only if the Knight can perform both the Movement
    Action and Combat Action, and during their turn still has at least one unused action of each type."""
    state = clash(at="H7", engine=RUSH)
    moved = RUSH.apply(state.model_copy(deep=True), KnightMove(knight="Kara", to="H6"), RUSH.dice_for(state)).state
    with pytest.raises(RuleError, match="already used the Movement Action"):
        attack(moved, HIT3, engine=RUSH, rush="D6")
    state = clash(at="H6", engine=RUSH)
    fight(state).flow.turn = KnightTurn(knight="kara", attacked=True)
    with pytest.raises(RuleError, match="already attacked"):
        attack(state, HIT3, engine=RUSH, rush="D6")


def test_improved_rush_adds_speed_and_precision() -> None:
    """Rulebook (line 2077): - Improved Rush: Move with +2 Speed and Melee/Reach Attack with Auto-break 1 and +1
    Precision."""
    state = clash(at="H9", engine=RUSH)
    with pytest.raises(RuleError, match="cannot reach"):
        attack(state, HIT3, engine=RUSH, rush="D7")  # 6 spaces at Speed 5
    state = clash(at="H9", engine=IMPROVED)
    result = attack(state, HIT3 + BLANK, engine=IMPROVED, rush="D7")
    assert "moves 6 spaces to D7 (Speed 6)" in text(result)
    plain = attack(clash(at="D6", engine=IMPROVED), HIT3 + BLANK, engine=IMPROVED)
    assert result.data["attack"]["precision"] == plain.data["attack"]["precision"] + 1
