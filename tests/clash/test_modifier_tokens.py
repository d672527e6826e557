"""Modifier tokens: the Knights' temporary ones (rules/knights/statistics.py ``after``) and the Monsters'
(rules/clash/modifiers.py)."""

from __future__ import annotations

import functools

import pytest

from bot.narration import texts
from rules.clash.aftermath import other_tokens
from rules.clash.modifiers import ClashModifier
from rules.clash.round_handlers import KnightMove
from rules.errors import RuleError
from rules.knights import statistics as st
from rules.knights.actions import KnightStat
from rules.state import CampaignState
from tests.clash import swing
from tests.clash.test_aftermath import told
from tests.clash.test_knight_attack import BLANK, ENGINE, HIT3, attack, clash, fight, kara
from tests.conftest import CATALOGUE

_apply = functools.partial(swing.apply, ENGINE)


def _monster_round(state: CampaignState) -> tuple[CampaignState, list[str]]:
    result, said = swing.play(ENGINE, state, [9, 9])
    return result.state, said


def test_a_temporary_evasion_token_is_discarded_after_the_next_evasion_roll() -> None:
    """Rulebook (line 1528): Some Modifier tokens are temporary, meaning that they are discarded after they take
    effect (e.g. if you gain a temporary Evasion token, discard it after the next Evasion Roll)."""
    state = clash()
    plain = st.evasion_bonus(CATALOGUE, kara(state))
    state = _apply(state, KnightStat(knight="kara", stat="evasion", change=-1, temporary=True)).state
    assert st.evasion_bonus(CATALOGUE, kara(state)) == plain - 1 and kara(state).stats.modifiers == {}
    state, said = _monster_round(state)
    assert kara(state).stats.temporary == {}
    assert "Kara discards the temporary Evasion token(s) (-1) after the Evasion Roll." in said
    with pytest.raises(RuleError, match="Modifier tokens only"):
        _apply(state, KnightStat(knight="kara", stat="heat", change=1, temporary=True))


def test_temporary_precision_and_speed_tokens_are_discarded_after_use() -> None:
    """Rulebook (line 1533): - Precision: The Knight has +/-1 Precision for each token."""
    state = clash()
    plain = attack(state, HIT3 + BLANK).data["attack"]["precision"]
    state = _apply(state, KnightStat(knight="kara", stat="precision", change=2, temporary=True)).state
    state = _apply(state, KnightStat(knight="kara", stat="speed", change=1, temporary=True)).state
    attacked = attack(state, HIT3 + BLANK)
    assert attacked.data["attack"]["precision"] == plain + 2
    assert kara(attacked.state).stats.temporary == {"speed": 1}
    moved = _apply(state, KnightMove(knight="Kara", to="E5"))
    assert "speed" not in kara(moved.state).stats.temporary
    assert any("temporary Speed" in x_ for x_ in texts(moved.events))
    lines = told(other_tokens([kara(attacked.state)], fight(attacked.state)))  # the Aftermath discards the rest
    assert kara(attacked.state).stats.temporary == {} and "Speed +1" in lines[0]


def test_monster_to_hit_and_at_tokens_change_the_attack() -> None:
    """Rulebook (line 1535): - AT: Monsters only. For each of these tokens, the Monster has +/-1 AT.

    Rulebook (line 1537): - To Hit: Monsters only. For each of these tokens, the Monster has +/-1 To Hit."""
    state = clash()
    plain = attack(state, HIT3 + BLANK).data["attack"]
    state = _apply(state, ClashModifier(attribute="to_hit", change=1)).state
    state = _apply(state, ClashModifier(attribute="at", change=2)).state
    tokened = attack(state, HIT3 + BLANK).data["attack"]
    assert tokened["to_hit"] == plain["to_hit"] + 1
    assert tokened["bp"]["at"] == plain["bp"]["at"] + 2
    state = _apply(state, ClashModifier(attribute="at", change=-2)).state
    assert fight(state).modifiers == {"to_hit": 1}
    with pytest.raises(RuleError, match="Boss Clash"):
        _apply(state, ClashModifier(attribute="at", change=1, mob=1))


def test_monster_precision_tokens_change_the_evasion_difficulty() -> None:
    """Rulebook (line 1533): For each of these tokens on the Monster, increase/lower the Evasion Difficulty of each
    AI card by +/-1."""
    state = clash()
    said = " ".join(_monster_round(state)[1])
    assert "vs 6+" in said
    state = _apply(clash(), ClashModifier(attribute="precision", change=1)).state
    said = " ".join(_monster_round(state)[1])
    assert "vs 7+" in said


def test_a_mob_token_counts_for_that_mob_only() -> None:
    """Rulebook (line 1539): Unless an effect states otherwise, when a Mob gains a Modifier token, it is placed on that
    specific Mob's BP card. That token stays on the Mob until it dies and applies to that Mob only. If an effect
    would place a Modifier token on the Monster Sheet, it affects all corresponding Mobs."""
    state = clash("drowned", at="B3")
    base = fight(state).effective_to_hit(1), fight(state).effective_to_hit(2)
    state = _apply(state, ClashModifier(attribute="to_hit", change=2, mob=1)).state
    assert (fight(state).effective_to_hit(1), fight(state).effective_to_hit(2)) == (base[0] + 2, base[1])
    state = _apply(state, ClashModifier(attribute="to_hit", change=-1)).state  # the Monster Sheet: every Mob
    assert (fight(state).effective_to_hit(1), fight(state).effective_to_hit(2)) == (base[0] + 1, base[1] - 1)
    assert attack(state, HIT3 + BLANK).data["attack"]["to_hit"] == base[0] + 1  # Kara attacks Mob 1
    with pytest.raises(RuleError, match="no Mob stands on space 9"):
        _apply(state, ClashModifier(attribute="at", change=1, mob=9))
