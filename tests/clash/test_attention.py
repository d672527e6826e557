"""Hide, Provoke and Spotlight (rules/clash/attention.py), pinned with the Keyword List.

The Knights are Brannoch-based (starter "lanternbearer"), whose Technique Smokescreen (lanternbearer_t_smoke) has
Hide. The Cinder Abbot stands on A5-C7 facing south: rows D-H are in front of it, B4 is beside it.
"""

from __future__ import annotations

import copy

import pytest

from bot.narration import texts
from content.schema.gear import Keyword
from rules.board.handlers import PlaceKnight
from rules.board.measures import in_front
from rules.clash import attention, harm
from rules.clash.abilities import KnightReact
from rules.clash.flow import KnightTurn
from rules.clash.round_handlers import KnightEndTurn, KnightMove
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.state import CampaignState
from tests.clash.test_knight_attack import ENGINE, HIT3, MACE, attack, clash, fight, kara
from tests.conftest import CATALOGUE

SMOKE = "lanternbearer_t_smoke"


def _apply(state: CampaignState, action: object, engine: Engine = ENGINE) -> Result:
    state = state.model_copy(deep=True)
    return engine.apply(state, action, engine.dice_for(state))  # type: ignore[arg-type]


def _beside(at: str = "B4") -> CampaignState:
    """Kara's turn, Kara beside the Abbot (not in front), Ser Sonch in front with Passion 2."""
    state = clash(at=at)
    fight(state).flow.turn = KnightTurn(knight="kara")
    state.knights["ser-sonch"].stats.passion = 2
    return state


def _hidden(state: CampaignState) -> CampaignState:
    state = _apply(state, KnightReact(knight="Kara", source=SMOKE, ability="Hide")).state
    return _apply(state, KnightEndTurn(knight="Kara")).state


def test_hide_at_the_end_of_the_turn_passes_the_priority_target() -> None:
    """Rulebook (line 1988): you may activate this ability at the end of your turn to become Hidden. If you have the
    Priority Target token, pass it to the Knight with the highest Passion other than you."""
    state = _beside()
    fight(state).flow.priority_target = "kara"
    used = _apply(state, KnightReact(knight="Kara", source=SMOKE, ability="Hide"))
    assert "when this turn ends" in " ".join(texts(used.events))
    assert not attention.hidden(fight(used.state), "kara")  # not yet: "at the end of your turn"
    ended = _apply(used.state, KnightEndTurn(knight="Kara"))
    assert attention.hidden(fight(ended.state), "kara")
    assert fight(ended.state).flow.priority_target == "ser-sonch"
    assert "passes to Ser Sonch" in " ".join(texts(ended.events))


def test_hide_refused_in_front_of_a_monster() -> None:
    """Rulebook (line 1988): - Hide: If you are not in front of a Monster, you may activate this ability at the end
    of your turn to become Hidden."""
    state = _beside(at="E5")
    assert in_front(state.board, state.board.monsters[0], state.board.knight("kara"))
    with pytest.raises(RuleError, match="in front of a Monster"):
        _apply(state, KnightReact(knight="Kara", source=SMOKE, ability="Hide"))
    # used beside it, then moving in front before the turn ends: no Hide
    used = _apply(_beside(), KnightReact(knight="Kara", source=SMOKE, ability="Hide")).state
    moved = _apply(used, KnightMove(knight="Kara", to="D4")).state
    ended = _apply(moved, KnightEndTurn(knight="Kara"))
    assert not attention.hidden(fight(ended.state), "kara")
    assert "cannot become Hidden" in " ".join(texts(ended.events))


def test_hide_is_not_a_reaction() -> None:
    """Hide is activated "at the end of your turn": outside Kara's turn it is refused."""
    state = _beside()
    fight(state).flow.turn = KnightTurn(knight="ser_sonch")
    with pytest.raises(RuleError):
        _apply(state, KnightReact(knight="Kara", source=SMOKE, ability="Hide"))


def test_hidden_gives_one_evasion_and_one_precision() -> None:
    """Rulebook (line 1988): As long as you are Hidden, you have +1 Evasion and +1 Precision."""
    state = _beside()
    plain = attack(state, HIT3).data["attack"]["precision"]
    fight(state).flow.hidden["kara"] = 1
    fight(state).flow.turn = None
    hidden = attack(state, HIT3).data["attack"]["precision"]
    assert hidden == plain + 1
    assert attention.bonus(fight(state), "kara") == 1
    assert attention.bonus(fight(state), "ser_sonch") == 0


def test_hide_ends_after_the_second_ability_window_of_the_attack() -> None:
    """Rulebook (line 1988): You stop being Hidden if you ... after the second ability window of your Attack"""
    state = _beside()
    fight(state).flow.hidden["kara"] = 1
    fight(state).flow.turn = None
    result = attack(state, HIT3 + [1] * 7)
    assert not attention.hidden(fight(result.state), "kara")
    assert "after the second ability window" in " ".join(texts(result.events))


def test_hide_ends_at_the_end_of_the_next_turn() -> None:
    """Rulebook (line 1988): You stop being Hidden if you ... or at the end of your next turn."""
    state = _hidden(_beside())
    assert attention.hidden(fight(state), "kara")
    fight(state).flow.round = 2
    fight(state).flow.acted = []
    fight(state).flow.turn = KnightTurn(knight="kara")
    ended = _apply(state, KnightEndTurn(knight="Kara"))
    assert not attention.hidden(fight(ended.state), "kara")
    assert "end of their next turn" in " ".join(texts(ended.events))


def test_hide_ends_when_moving_in_front_or_gaining_the_priority_target() -> None:
    """Rulebook (line 1988): You stop being Hidden if you move in front of a Monster, gain the Priority Target
    token"""
    state = _hidden(_beside())
    fight(state).flow.round, fight(state).flow.acted = 2, []
    moved = _apply(state, KnightMove(knight="Kara", to="D4"))
    assert not attention.hidden(fight(moved.state), "kara")
    # gaining the Priority Target token through Passion
    state = _hidden(_beside())
    state.knights["kara"].stats.passion = 5
    h = harm.Harm(ENGINE, state, ENGINE.dice_for(state))
    harm.priority_after_passion(h, kara(state))
    assert fight(state).flow.priority_target == "kara"
    assert not attention.hidden(fight(state), "kara")


def _engine_with(keyword: str) -> Engine:
    gear = CATALOGUE.gear[MACE]
    catalogue = copy.copy(CATALOGUE)
    catalogue.gear = {**CATALOGUE.gear, MACE: gear.model_copy(update={
        "keywords": [*gear.keywords, Keyword(name=keyword)]})}
    return Engine(catalogue)


def test_provoke_takes_the_priority_target_and_turns_the_monster() -> None:
    """Rulebook (line 2053): - Provoke: During the first ability window, gain the Priority Target token and turn the
    Monster to face you."""
    engine = _engine_with("Provoke")
    state = clash(at="B4", engine=engine)
    state = _apply(state, PlaceKnight(name="Ser Sonch", space="E6"), engine).state
    fight(state).flow.priority_target = "ser-sonch"
    fight(state).flow.hidden["kara"] = 1
    assert state.board.monsters[0].facing.name == "S"
    result = attack(state, HIT3 + [1] * 7, engine=engine)
    assert fight(result.state).flow.priority_target == "kara"
    assert result.state.board.monsters[0].facing.name == "W"  # Kara stands west of the Abbot
    text = " ".join(texts(result.events))
    assert "Provoke" in text and "stops being Hidden" in text


@pytest.mark.parametrize(("holder", "power"), [("kara", 1), ("divine", 1), ("ser-sonch", 0)])
def test_spotlight_adds_power_only_for_the_priority_or_divine_target(holder: str, power: int) -> None:
    """Rulebook (line 2091): - Spotlight: During the first ability window, if you are the Priority Target or the
    Divine Target, gain +Power for this Attack."""
    engine = _engine_with("Spotlight")
    state = clash(engine=engine)
    if holder == "divine":
        fight(state).flow.divine_target = "kara"
        fight(state).flow.priority_target = "ser-sonch"
    else:
        fight(state).flow.priority_target = holder
    state.knights["kara"].stats.passion = 0
    state.knights["ser-sonch"].stats.passion = 9  # Kara's attack does not take the token
    result = attack(state, HIT3 + [1] * 7, engine=engine)
    used = result.data["attack"]["tokens_used"]
    assert used.get("power", 0) == power
    assert result.data["attack"]["power"] == power + _blank_power(state, engine)


def _blank_power(state: CampaignState, engine: Engine) -> int:
    """The Total Power of the same Attack with every Power die blank and no Spotlight."""
    plain = attack(state, HIT3 + [1] * 7)
    return int(plain.data["attack"]["power"])
