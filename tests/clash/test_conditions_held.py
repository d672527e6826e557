"""What the starter Condition cards do while held (rules/knights/conditions.py, content ``holding``)."""

from __future__ import annotations

import functools

from bot.narration import texts
from rules.clash.round_handlers import KnightEndTurn
from rules.knights import statistics as st
from rules.state import CampaignState
from tests.clash import swing
from tests.clash.test_knight_attack import BLANK, ENGINE, HIT3, attack, clash, kara
from tests.conftest import CATALOGUE


def _holding(*cards: str, at: str = "D5") -> CampaignState:
    state = clash(at=at)
    kara(state).stats.conditions = list(cards)
    return state


def test_held_conditions_change_speed_evasion_and_precision() -> None:
    """Rulebook (line 1515): Various effects (like Mortis cards or Monster Attacks) cause Knights to gain cards that
    apply additional negative or positive effects.

    Cracked Greaves: -1 Speed; Ringing Skull: -1 Evasion; Blinding Grime: -1 Precision."""
    plain = clash()
    base = st.speed(CATALOGUE, kara(plain)), st.evasion_bonus(CATALOGUE, kara(plain))
    held = _holding("condition_cracked_greaves", "condition_ringing_skull")
    assert st.speed(CATALOGUE, kara(held)) == base[0] - 1
    assert st.evasion_bonus(CATALOGUE, kara(held)) == base[1] - 1
    grime = _holding("condition_blinding_grime")
    assert attack(grime, HIT3).data["attack"]["precision"] == attack(plain, HIT3).data["attack"]["precision"] - 1


def test_a_condition_counts_only_from_its_passion() -> None:
    """Burning Resolve: "While your Passion is 5 or more, you have +1 Precision." """
    state = _holding("condition_burning_resolve")
    kara(state).stats.passion = 4
    assert st.precision_bonus(CATALOGUE, kara(state)) == 0
    kara(state).stats.passion = 5
    assert st.precision_bonus(CATALOGUE, kara(state)) == 1


def test_ashen_lungs_lowers_the_heat_refresh() -> None:
    """Ashen Lungs: "Your Heat Refresh is 1 lower (never below 0)." """
    state = clash()
    refresh = st.heat_refresh(CATALOGUE, kara(state))
    kara(state).stats.conditions = ["condition_ashen_lungs"]
    assert st.heat_refresh(CATALOGUE, kara(state)) == max(0, refresh - 1)


def test_blinding_grime_is_discarded_after_the_attack() -> None:
    """Blinding Grime: "Discard this card after your next Attack." """
    result = attack(_holding("condition_blinding_grime"), HIT3 + BLANK)
    assert kara(result.state).stats.conditions == []
    assert "discards the Condition Blinding Grime after the Attack" in " ".join(texts(result.events))


_apply = functools.partial(swing.apply, ENGINE)


def test_ringing_skull_is_discarded_after_the_evasion_roll() -> None:
    """Ringing Skull: "You have -1 Evasion. Discard this card after your next Evasion Roll." """
    state = _holding("condition_ringing_skull", "condition_cracked_greaves")
    result, said = swing.play(ENGINE, state, [9, 9])
    assert kara(result.state).stats.conditions == ["condition_cracked_greaves"]
    rolled = next(i for i, line in enumerate(said) if "Kara rolls" in line and "Evasion dice" in line)
    assert said.index("Kara discards the Condition Ringing Skull after the Evasion Roll.") > rolled


def test_opened_vein_costs_vigor_at_the_end_of_each_turn() -> None:
    """Opened Vein: "At the end of each of your turns, lose 1 Vigor." """
    state = _holding("condition_opened_vein")
    vigor = kara(state).stats.vigor
    result = _apply(state, KnightEndTurn(knight="Kara"))
    assert kara(result.state).stats.vigor == vigor - 1
    assert "Opened Vein acts at the end of the turn" in " ".join(texts(result.events))
    other = _apply(state, KnightEndTurn(knight="Ser Sonch"))
    assert kara(other.state).stats.vigor == vigor
