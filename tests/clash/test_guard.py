"""Guard X in the Evasion Roll (rules/clash/evasion.py ``guard``, rules/clash/monster_attack.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.narration import texts
from content.schema.gear import Keyword
from rules.clash import evasion
from rules.clash.round_handlers import Choose
from rules.engine import Engine
from rules.errors import RuleError
from tests.clash import swing
from tests.clash.test_knight_attack import clash
from tests.conftest import CATALOGUE


def _guarded_engine(x: int) -> Engine:
    gambeson = CATALOGUE.gear["gear_padded_gambeson"]
    guarded = gambeson.model_copy(update={"keywords": [*gambeson.keywords, Keyword(name="Guard", value=x)]})
    return Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, guarded.id: guarded}))




def _to_the_evasion_decision(engine: Engine, forced: list[int]) -> Any:
    return swing.play(engine, clash(engine=engine), forced, until="evasion_reroll")[0]


def test_guard_spreads_its_points_over_the_closest_failed_dice() -> None:
    """Rulebook (line 1980): - Guard X: Before re-rolling Evasion dice, you may add +X to the result, spread between
    any of the Evasion dice. You cannot re-roll those dice."""
    assert evasion.guard([4, 5, 1, 2], 0, 6, 3) == {2: 1, 1: 2}  # 5 needs 1, 4 needs 2; a natural 1 never evades
    assert evasion.guard([2, 5], 0, 6, 3) == {2: 1}  # 2 would need 4: the rest is not spent
    assert evasion.guard([7, 9], 0, 6, 3) == {}


def test_guard_lifts_failed_dice_which_cannot_be_rerolled() -> None:
    """Rulebook (line 1980): - Guard X: Before re-rolling Evasion dice, you may add +X to the result, spread between
    any of the Evasion dice. You cannot re-roll those dice."""
    engine = _guarded_engine(4)
    asked = _to_the_evasion_decision(engine, [4, 4])
    assert asked.pending is not None and "guard" in asked.pending.options
    with pytest.raises(RuleError, match="cannot re-roll those dice"):
        swing.apply(engine, asked.state, Choose(decision=asked.pending.id, options=["guard", "1"]))
    guarded = swing.apply(engine, asked.state, Choose(decision=asked.pending.id, options=["guard"]))
    said = " ".join(texts(guarded.events))
    assert "Guard 4: +" in said and "Full Evade" in said
    plain = _to_the_evasion_decision(Engine(CATALOGUE), [4, 4])
    assert plain.pending is not None and "guard" not in plain.pending.options
