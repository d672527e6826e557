"""Timed Monster Traits (rules/clash/traits.py): the starter Monsters' Start/End of Round Traits and the Drowned's
end-of-turn Trait resolved by the bot; one without timing data shown by hand."""

from __future__ import annotations

import dataclasses

from bot.narration import texts
from bot.narration.registry import carried
from content.schema.monsters import Trait
from rules.board.handlers import PlaceKnight, PlaceMonster
from rules.clash import traits
from rules.clash.flow import KnightTurn
from rules.clash.round_handlers import KnightEndTurn
from rules.clash.state import WoundCard
from rules.engine import Engine
from rules.state import CampaignState
from tests.clash.test_knight_attack import ENGINE, clash, fight
from tests.conftest import CATALOGUE


def _resolve(state: CampaignState, timing: traits.TraitTiming, knight: str | None = None,
             engine: Engine = ENGINE) -> str:
    return "\n".join(map(carried, traits.resolve(engine, state, engine.dice_for(state), timing, knight)))


def test_end_of_round_trait_gives_heat_to_adjacent_knights_only() -> None:
    """Rulebook (line 1242): Sometimes a Monster will have an effect that triggers at the end of the Monster Round. In
    that case, it's resolved after all other actions."""
    state = clash(at="D5")  # Kara below the Abbot; Ser Sonch far away on H5
    kara, sonch = state.knights["kara"].stats.heat, state.knights["ser-sonch"].stats.heat
    said = _resolve(state, "end_of_monster_round")
    assert "Burning Office" in said
    assert state.knights["kara"].stats.heat == kara + 1
    assert state.knights["ser-sonch"].stats.heat == sonch
    assert _resolve(state, "start_of_monster_round") == ""  # not its moment


def test_start_of_round_trait_with_a_condition() -> None:
    """The Stag's Rutting Season (level 3): "At the start of each Monster Round, if the Wound Stack holds 6 or more
    Wounds, Escalate 1." """
    state = clash("stag")
    fight(state).level = 3
    fight(state).wound_stack = [WoundCard() for _ in range(5)]
    assert _resolve(state, "start_of_monster_round") == ""
    fight(state).wound_stack.append(WoundCard())
    before = fight(state).model_dump()
    said = _resolve(state, "start_of_monster_round")
    assert "Rutting Season" in said and "Escalate 1" in said
    assert fight(state).model_dump() != before


def test_most_bane_trait_and_a_tie_shown_by_hand() -> None:
    """The Abbot's Ash Choir (level 4): "At the start of each Monster Round, the Knight with the most Bane loses 1
    Vigor." """
    state = clash()
    fight(state).level = 4
    state.knights["kara"].stats.bane, state.knights["ser-sonch"].stats.bane = 2, 1
    vigor = state.knights["kara"].stats.vigor, state.knights["ser-sonch"].stats.vigor
    said = _resolve(state, "start_of_monster_round")
    assert "Ash Choir" in said
    assert (state.knights["kara"].stats.vigor, state.knights["ser-sonch"].stats.vigor) == (vigor[0] - 1, vigor[1])
    state = clash()
    fight(state).level = 4
    state.knights["kara"].stats.bane = state.knights["ser-sonch"].stats.bane = 1
    said = _resolve(state, "start_of_monster_round")
    assert "share the most Bane" in said and "by hand" in said
    assert state.knights["kara"].stats.vigor == vigor[0]


def test_end_of_turn_trait_adjacent_to_two_mobs() -> None:
    """The Drowned's Cold Water (level 2): "A Knight who ends their turn adjacent to two or more Mobs loses 1 Heat and
    gains 1 Bane." """
    state = clash("drowned", at="A4")  # beside Mob 1 on A3
    fight(state).level = 2
    state.knights["kara"].stats.heat = 2
    fight(state).flow.turn = KnightTurn(knight="kara")
    ended = ENGINE.apply(state.model_copy(deep=True), KnightEndTurn(knight="Kara"), ENGINE.dice_for(state))
    assert ended.state.knights["kara"].stats.bane == 0  # one Mob only
    state = ENGINE.apply(state, PlaceMonster(name="the_lantern_drowned_2", space="A5", mob=True, mob_number=2),
                         ENGINE.dice_for(state)).state
    ended = ENGINE.apply(state, KnightEndTurn(knight="Kara"), ENGINE.dice_for(state))
    k = ended.state.knights["kara"]
    assert (k.stats.heat, k.stats.bane) == (1, 1)
    assert "Cold Water" in " ".join(texts(ended.events))


def test_a_timed_trait_without_data_is_shown_by_hand() -> None:
    """Rulebook (line 1252): Sometimes a game effect will trigger at the start of the Knight Round. In that case,
    it's resolved before any of the players take their turns."""
    abbot = CATALOGUE.monsters["abbot"]
    odd = Trait(id="abbot_trait_burning_office", name="Burning Office",
                text="At the start of the Knight Round, the Abbot sings (apply by hand).")
    catalogue = dataclasses.replace(CATALOGUE, monsters={**CATALOGUE.monsters, "abbot": abbot.model_copy(
        update={"traits": [odd, *abbot.traits[1:]]})})
    engine = Engine(catalogue)
    state = clash(engine=engine)
    state = engine.apply(state, PlaceKnight(name="Kara", space="D5"), engine.dice_for(state)).state
    said = _resolve(state, "start_of_knight_round", engine=engine)
    assert said == "✋ By hand — Burning Office: At the start of the Knight Round, the Abbot sings (apply by hand)."
