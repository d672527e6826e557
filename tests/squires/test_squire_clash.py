"""Squires in the Clash (docs/squires.md, "In the Clash"): turns, Attacks with Mettle draws, Monster Attacks against a
Squire. The Mettle deck is stacked in the state to pin the cards drawn.

The engine-level tests play edition 1 of the starter pack (content/editions/starter-1, still played by campaigns
created before the calibration of issue #20): its numbers — a level-1 Abbot with one AI Activation, BP ATs 4–6 — are
the ones the Mettle cards below are chosen against."""

from __future__ import annotations

from typing import Any

import pytest

import rules  # noqa: F401  (registers the handlers)
from bot.narration import texts
from content.editions import at_edition
from rules.clash.handlers import ClashAdjustDeck, ClashStart
from rules.clash.round_handlers import Choose, KnightEndTurn, MonsterRound
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.knights.actions import KnightCreate
from rules.squires import actions as a
from rules.squires import clash as sc
from rules.state import CampaignState, DeckState
from tests.conftest import CATALOGUE, Table

MD = "starter_mettle"
EDITION_1 = at_edition(CATALOGUE, 1)


def _do(engine: Engine, state: CampaignState, action: Any) -> Result:
    return engine.apply(state, action, engine.dice_for(state))


def _knight_round(space: str = "D5", warm: bool = False) -> tuple[Engine, CampaignState]:
    """Kara and the Squire Tam (Vigor 7, Heat Limit 4, Heat Refresh 1, Speed 4) against the Cinder Abbot (level 1,
    on A5 facing south, To Hit 5), beginning with the Knight Round (Wise Providence); edition 1 of the starter pack."""
    engine = Engine(EDITION_1)
    state, _ = engine.new_state("t", 1)
    state = _do(engine, state, KnightCreate(content="lanternbearer", name="Kara", owner="kara")).state
    state = _do(engine, state, a.SquireAdd(content="squire_tamsin", name="Tam", owner="kara")).state
    state = _do(engine, state, ClashStart(monster="abbot", level=1, clash_type="full", knights=["Kara"],
                                          providence=True)).state
    state = _do(engine, state, sc.SquirePlace(squire="tam", space=space)).state
    if warm:  # Monster Round 1 draws the AI 0 card (Vespers); the next Knight Round follows
        state = _do(engine, state, sc.SquireEndTurn(squire="tam")).state
        state = _do(engine, state, KnightEndTurn(knight="Kara")).state
        state = _do(engine, state, MonsterRound()).state
        state.squires["tam"].heat = 0
    return engine, state


def _stack(state: CampaignState, cards: list[str]) -> None:
    state.decks[MD] = DeckState(draw=cards, discard=[])


def _text(result: Result) -> str:
    return "\n".join(texts(result.events))


def _monster_round(engine: Engine, state: CampaignState, top: str) -> Result:
    """The Squire's turn opens (Refresh) and ends, Kara ends hers, then the Monster Round with ``top`` on the AI
    deck; Kara uses no Reaction in its REACT! windows. The events of every step."""
    state = _do(engine, state, sc.SquireEndTurn(squire="tam")).state
    state = _do(engine, state, KnightEndTurn(knight="Kara")).state
    state = _do(engine, state, ClashAdjustDeck(deck="ai", top=top)).state
    result = _do(engine, state, MonsterRound())
    events = list(result.events)
    while result.pending is not None and result.pending.kind == "react":
        result = _do(engine, result.state, Choose(decision=result.pending.id, options=["go_on"]))
        events += result.events
    return result.model_copy(update={"events": events})


def test_the_knights_may_react_when_a_squire_is_the_target() -> None:
    """Rulebook (line 1220): Whenever you encounter the REACT! symbol preceding an AI instruction, you may activate
    Reaction abilities immediately before you resolve that instruction."""
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_errant_dodge", "mettle_martial_swing"])
    state = _do(engine, state, sc.SquireEndTurn(squire="tam")).state
    state = _do(engine, state, KnightEndTurn(knight="Kara")).state
    state = _do(engine, state, ClashAdjustDeck(deck="ai", top="abbot_ai_censer_swing")).state
    asked = _do(engine, state, MonsterRound())  # Censer Swing: REACT! before its Attack, against Tam
    assert asked.pending is not None and asked.pending.kind == "react"
    assert asked.pending.who == ["kara"]  # Kara's player; a Squire has no Reactions


def test_squire_place_takes_a_free_starting_position() -> None:
    """Rulebook (line 1737): Squires are a simplified, automated system intended to stand in for missing Knights."""
    engine, state = _knight_round()
    state = _do(engine, state, sc.SquirePlace(squire="tam")).state
    tam = state.board.knight("tam")
    kara = state.board.knight("kara")
    assert tam.space is not None and tam.space != kara.space and tam.space.label == "H5"


def test_squire_attack_wounds_the_boss_with_mettle() -> None:
    """Rulebook (line 1787): Attack Roll. In order to perform an Attack Roll as a Squire, draw a Mettle card. The Roll
    result is the Precision of your roll."""
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_mystic_omen", "mettle_critical_chance"])  # Roll 9 >= To Hit 5; Power 6 >= AT 6
    result = _do(engine, state, sc.SquireAttack(squire="tam"))
    attack = result.data["attack"]
    assert attack["result"] == "hit" and attack["power"] == 6 and attack["bp"]["at"] == 6
    assert attack["outcome"] == "wound"
    assert result.state.clash is not None and result.state.clash.wounds() == 1
    assert result.state.clash.wound_stack[-1].card == attack["bp"]["id"]
    assert result.state.squires["tam"].passion == 1


def test_squire_attack_full_miss_ends_the_attack() -> None:
    """Rulebook (line 1789): If it is equal to or higher than that value, you hit. If it is less, treat it as a Full
    Miss."""
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_mystic_shiver", "mettle_historic_tale"])  # Roll 2, then Roll 3: both miss To Hit 5
    result = _do(engine, state, sc.SquireAttack(squire="tam"))
    assert result.data["attack"]["outcome"] == "miss"
    text = _text(result)
    assert "+1 Heat to discard the result" in text  # the policy re-draws once, and must accept the new result
    assert result.state.squires["tam"].heat == 1
    assert result.state.clash is not None and result.state.clash.wounds() == 0
    with pytest.raises(RuleError, match="already used their Combat Action"):
        _do(engine, result.state, sc.SquireAttack(squire="tam"))


def test_critical_chance_attack_is_a_critical_wound() -> None:
    """Rulebook (line 1790): If you drew the "Critical Chance" card, gain Critical Chance for this Attack; it is an
    automatic Full Hit. If you drew the "Critical Miss" card, it is a Critical Miss."""
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_critical_chance", "mettle_historic_drill"])  # Power 4 + ...
    result = _do(engine, state, sc.SquireAttack(squire="tam", redraw=False))
    attack = result.data["attack"]
    assert attack["result"] == "full_hit"
    assert attack["outcome"] in ("critical", "fail")
    if attack["outcome"] == "critical":
        assert "Critical Wound" in _text(result)


def test_squire_turn_refreshes_heat() -> None:
    """Rulebook (line 1748): - Heat Refresh: Informs how much Heat a Squire can subtract during their Refresh step."""
    engine, state = _knight_round()
    state.squires["tam"].heat = 3
    result = _do(engine, state, sc.SquireMove(squire="tam", to="E5"))
    assert result.state.squires["tam"].heat == 2
    assert "Tam's turn" in _text(result)


def test_monster_attack_against_a_squire_draws_mettle_and_costs_vigor() -> None:
    """Rulebook (line 1776): Evasion Roll. To perform an Evasion Roll as a Squire, draw a Mettle card and refer to the
    Hits Evaded value. This is the number of hits the Squire evades."""
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_errant_dodge", "mettle_martial_swing"])  # Hits Evaded 2 of Censer Swing's 2 dice
    result = _monster_round(engine, state, "abbot_ai_censer_swing")
    text = _text(result)
    assert "Closest Knight in front → Tam" in text
    assert "draws **Quick Feet**" in text and "Full Evade" in text
    assert result.state.squires["tam"].vigor == 7


def test_squire_evasion_redraw_policy_respects_the_heat_limit() -> None:
    """Rulebook (line 1781): - The Squire may gain +1 Heat to discard the result and draw another card. If you have an
    effect that would grant you Evasion Re-rolls, you may do this without gaining Heat."""
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_martial_swing", "mettle_errant_dodge"])  # 0 evaded; the re-draw evades both
    result = _monster_round(engine, state, "abbot_ai_censer_swing")
    assert "Policy: +1 Heat" in _text(result)
    assert result.state.squires["tam"].vigor == 7
    engine, state = _knight_round(warm=True)
    state.squires["tam"].heat = 5  # the Refresh step lowers it to the Heat Limit 4: no re-draw  # at the Heat Limit: no re-draw
    _stack(state, ["mettle_martial_swing", "mettle_errant_dodge"])
    result = _monster_round(engine, state, "abbot_ai_censer_swing")
    text = _text(result)
    assert "Policy: +1 Heat" not in text
    assert "Tam loses 2 Vigor" in text and "exceeded the Heat Limit by 1" in text
    assert result.state.squires["tam"].vigor == 3  # 2 Vigor, then 1 for each Heat over the Limit


def test_squire_judicium_only_at_zero_vigor() -> None:
    """Rulebook (line 1784): Attack Consequences. Squires draw from the Mortis deck only if they drop to 0 Vigor or
    below. In other words, the only Mortis draws they resolve are Judicium draws. Squires resolve Judicium draws as
    normal, but may gain +1 Heat to gain Second Chance (once during each Attack)."""
    engine, state = _knight_round(warm=True)
    state.squires["tam"].vigor = 2
    _stack(state, ["mettle_martial_swing", "mettle_critical_miss"])  # 0 evaded, and 0 again after the re-draw
    result = _monster_round(engine, state, "abbot_ai_censer_swing")
    text = _text(result)
    assert "Tam loses 2 Vigor" in text and "Judicium (Vigor treated as 0): Tam draws" in text
    assert "+1 Heat to gain Second Chance" in text
    assert "Mortis" not in text.replace("Squires draw no Mortis", "")
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_martial_swing", "mettle_critical_miss"])
    text = _text(_monster_round(engine, state, "abbot_ai_censer_swing"))
    assert "Tam loses 2 Vigor" in text and "Judicium" not in text  # Vigor 5: no Mortis draw at all


async def test_squire_commands_in_a_clash(table: Table) -> None:
    """Rulebook (line 1739): Squires follow most Knight rules—for example, they gain the same two actions per turn the
    Knights do—and are even considered Knights for the purposes of effects."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok("/clash start monster:abbot level:1 type:full knights:Kara providence:true")
    await table.ok("@kara /squire place")
    reply = await table.ok("@kara /squire turn")
    assert "acts by the Squire policy" in reply.text and "Tam ends their turn" in reply.text
    refused = await table("@kara /squire end-turn")
    assert not refused.ok and "already ended their turn" in refused.error
    reply = await table.ok("@kara /knight end-turn")
    assert "Monster Round 2" in reply.text or "Next: Monster Round" in reply.text
    await table.ok("/monster round")
    await table.ok("/clash end")
    assert (await table.state())["clash"] is None


async def test_the_bot_plays_the_squires_left_when_the_last_knight_ends(table: Table) -> None:
    """Rulebook (line 1737): Squires are a simplified, automated system intended to stand in for missing Knights."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok("/clash start monster:abbot level:1 type:full knights:Kara providence:true")
    await table.ok("@kara /squire place space:F5")
    reply = await table.ok("@kara /knight end-turn")
    assert "Tam acts by the Squire policy" in reply.text and "Tam moves to" in reply.text
    assert "Next: Monster Round" in reply.text
    state = await table.state()
    assert state["clash"]["flow"]["phase"] == "monster"


def test_a_squires_judicium_is_drawn_and_a_death_card_removes_the_miniature() -> None:
    """Rulebook (line 1784): Squires resolve Judicium draws as normal, but may gain +1 Heat to gain Second Chance
    (once during each Attack)."""
    for pile, dead in ((["judicium_you_died"], True), (["judicium_you_live"], False)):
        engine, state = _knight_round(warm=True)
        state.squires["tam"].vigor = 2
        state.squires["tam"].heat = 4  # at the Heat Limit: no Second Chance
        state.decks["judicium"] = DeckState(draw=list(pile), discard=[])
        _stack(state, ["mettle_martial_swing", "mettle_critical_miss"])
        result = _monster_round(engine, state, "abbot_ai_censer_swing")
        text = _text(result)
        mini = next(k for k in result.state.board.knights if k.id == "tam")
        assert mini.dead is dead and (mini.space is None) is dead
        assert ("Tam dies" in text) is dead and ("Tam survives at 0 Vigor" in text) is not dead
        assert "Second Chance" not in text


def test_a_squire_takes_and_passes_the_priority_target_token() -> None:
    """Rulebook (line 1739): Squires follow most Knight rules—for example, they gain the same two actions per turn the
    Knights do—and are even considered Knights for the purposes of effects."""
    engine, state = _knight_round(warm=True)
    assert state.clash is not None
    state.clash.flow.priority_target = "kara"
    state.knights["kara"].stats.passion = 1
    state.squires["tam"].passion = 1
    _stack(state, ["mettle_mystic_omen", "mettle_critical_chance"])
    result = _do(engine, state, sc.SquireAttack(squire="tam"))  # Passion 2 > Kara's 1
    assert result.state.clash is not None and result.state.clash.flow.priority_target == "tam"
    assert "Tam (Passion 2) becomes the Priority Target." in _text(result)
    # Tam dies holding it: the token passes to Kara
    state = result.state
    state.squires["tam"].vigor = 2
    state.squires["tam"].heat = 4
    state.decks["judicium"] = DeckState(draw=["judicium_you_died"], discard=[])
    _stack(state, ["mettle_martial_swing", "mettle_critical_miss"])
    state = _do(engine, state, sc.SquireEndTurn(squire="tam")).state
    state = _do(engine, state, KnightEndTurn(knight="Kara")).state
    state = _do(engine, state, ClashAdjustDeck(deck="ai", top="abbot_ai_censer_swing")).state
    died = _do(engine, state, MonsterRound())
    while died.pending is not None and died.pending.kind == "react":
        died = _do(engine, died.state, Choose(decision=died.pending.id, options=["go_on"]))
    assert died.state.clash is not None and died.state.clash.flow.priority_target == "kara"


def test_the_squires_heroic_arc_in_the_second_ability_window() -> None:
    """Rulebook (line 1743): Squire cards contain all the information related to a given Squire, including their tier,
    statistics, and Abilities, as well as their own Heroic Arc."""
    engine, state = _knight_round(warm=True)
    assert state.clash is not None
    state.clash.flow.pool = {}
    state.squires["tam"].passion = 4  # Passion 5 after the Attack: levels 2 (Gain 1 Opening token) and 5
    _stack(state, ["mettle_mystic_omen", "mettle_critical_chance"])
    result = _do(engine, state, sc.SquireAttack(squire="tam"))
    text = _text(result)
    assert "Heroic Arc (Passion 2): Tam places 1 Opening token(s) in the Knight Pool (1 there now)." in text
    assert "Heroic Arc (Passion 5): no Knight within 2 spaces — nothing happens." in text  # Kara is further away
    assert "Passion 8" not in text
    assert result.state.clash is not None and result.state.clash.flow.pool.get("opening") == 1


def test_a_squire_ability_once_per_round() -> None:
    """Rulebook (line 1750): - Abilities: Each active Squire Ability may only be used once per Round."""
    engine, state = _knight_round(warm=True)
    used = _do(engine, state, sc.SquireAbility(squire="tam", ability="Hold the Reins"))
    assert "Kara gains a temporary Evasion token (+1)" in _text(used)  # applied: tests/squires/test_squire_abilities.py
    with pytest.raises(RuleError, match="once per Round"):
        _do(engine, used.state, sc.SquireAbility(squire="tam", ability="hold the reins"))
    with pytest.raises(RuleError, match="always on"):
        _do(engine, state, sc.SquireAbility(squire="tam", ability="Stubborn"))
    with pytest.raises(RuleError, match="has no Ability"):
        _do(engine, state, sc.SquireAbility(squire="tam", ability="Fly"))
