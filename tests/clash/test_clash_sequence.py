"""The Clash Sequence: alternating Monster and Knight Rounds, Wise Providence, and effects at the start and the end
of the Knight Round (rules/clash/handlers.py, rules/clash/rounds.py, rules/clash/traits.py)."""

from __future__ import annotations

import dataclasses

from bot.narration import texts
from bot.narration.registry import carried
from content.schema.cards import GainHeat
from content.schema.monsters import Trait
from rules.clash.handlers import ClashStart
from rules.clash.monster_round import end_monster_round
from rules.clash.round_handlers import KnightEndTurn
from rules.engine import Engine
from rules.knights.actions import KnightCreate
from rules.state import CampaignState
from tests.clash.test_knight_attack import clash, fight
from tests.conftest import CATALOGUE


def _started(providence: bool) -> CampaignState:
    engine = Engine(CATALOGUE)
    state, _ = engine.new_state("Sequence", 3)
    state = engine.apply(state, KnightCreate(content="lanternbearer", name="Kara", owner="kara"),
                         engine.dice_for(state)).state
    return engine.apply(state, ClashStart(monster="abbot", level=1, clash_type="full", providence=providence),
                        engine.dice_for(state)).state


def test_a_clash_begins_with_the_monster_round_unless_wise_providence() -> None:
    """Rulebook (line 1023): Clashes in Kingdoms Forlorn are resolved in a series of alternating Monster and Knight
    Rounds. By default, all Clashes begin with the Monster Round.

    Rulebook (line 1513): If you have it, you gain the initiative for the upcoming Clash—that Clash begins with a
    Knight Round instead of the Monster Round!"""
    plain = fight(_started(False)).flow
    assert (plain.phase, plain.round) == ("monster", 1)
    wise = fight(_started(True)).flow
    assert (wise.phase, wise.round) == ("knight", 1)


def _with_trait(timing: str) -> Engine:
    abbot = CATALOGUE.monsters["abbot"]
    hymn = Trait(id="abbot_trait_burning_office", name="Evening Hymn", text="Every Knight gains 1 Heat.",
                 timing=timing, affects="every_knight", effects=[GainHeat(type="gain_heat", amount=1)])
    monsters = {**CATALOGUE.monsters, "abbot": abbot.model_copy(update={"traits": [hymn, *abbot.traits[1:]]})}
    return Engine(dataclasses.replace(CATALOGUE, monsters=monsters))


def test_end_of_knight_round_effects_after_every_knight_has_acted() -> None:
    """Rulebook (line 1466): Sometimes a game effect will trigger at the end of the Knight Round. In that case, it's
    resolved after all of the Knights take their turns."""
    engine = _with_trait("end_of_knight_round")
    state = clash(engine=engine)
    heat = state.knights["kara"].stats.heat, state.knights["ser-sonch"].stats.heat
    state = engine.apply(state, KnightEndTurn(knight="Kara"), engine.dice_for(state)).state
    assert state.knights["kara"].stats.heat == heat[0]  # Ser Sonch has not acted yet
    result = engine.apply(state, KnightEndTurn(knight="Ser Sonch"), engine.dice_for(state))
    k = result.state.knights
    assert (k["kara"].stats.heat, k["ser-sonch"].stats.heat) == (heat[0] + 1, heat[1] + 1)
    text = texts(result.events)
    assert text.index("🌀 Evening Hymn: Every Knight gains 1 Heat.") < len(text) - 1
    assert fight(result.state).flow.phase == "monster"


def test_start_of_knight_round_effects_before_the_first_turn() -> None:
    """Rulebook (line 1252): Sometimes a game effect will trigger at the start of the Knight Round. In that case,
    it's resolved before any of the players take their turns."""
    engine = _with_trait("start_of_knight_round")
    state = clash(engine=engine)
    fight(state).flow.phase, fight(state).flow.started = "monster", True
    heat = state.knights["kara"].stats.heat
    lines: list[str] = []
    end_monster_round(engine, state, engine.dice_for(state), lines)
    assert fight(state).flow.phase == "knight" and fight(state).flow.acted == []
    assert [carried(x) for x in lines].index("🌀 Evening Hymn: Every Knight gains 1 Heat.") > next(
        i for i, line in enumerate(lines) if "Knight Round 1" in carried(line))
    assert state.knights["kara"].stats.heat == heat + 1
