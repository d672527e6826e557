"""Kingdom-specific Mortis cards shuffled in at Kingdom Setup (rules/delve/kingdom_mortis.py)."""

from __future__ import annotations

import dataclasses

from bot.narration import texts
from content.schema.cards import Card, GainHeat
from rules.clash.harm import Harm
from rules.clash.peril import _draw
from rules.delve.actions import DelveStart
from rules.engine import Engine
from rules.knights.actions import KnightCreate
from tests.conftest import CATALOGUE

MIRE = Card(id="aub_mortis_mire_grip", name="Mire Grip", text="The marsh closes on your boots. Gain 1 Heat.",
            effects=[GainHeat(type="gain_heat", amount=1)])


def test_kingdom_mortis_cards_are_shuffled_in_and_drawn() -> None:
    """Rulebook (line 645): - Shuffle the Kingdom-specific Mortis cards into the corresponding Mortis decks (Minor,
    Major, and Grave), then place them next to the Judicium deck."""
    aubrevane = CATALOGUE.kingdoms["aubrevane"]
    kingdom = aubrevane.model_copy(update={"mortis": {"minor_mortis": [MIRE]}})
    engine = Engine(dataclasses.replace(CATALOGUE, kingdoms={**CATALOGUE.kingdoms, "aubrevane": kingdom}))
    state, _ = engine.new_state("Kingdom Mortis", 3)
    state = engine.apply(state, KnightCreate(content="lanternbearer", name="Kara", owner="kara"),
                         engine.dice_for(state)).state
    before = list(engine.pile(state, "minor_mortis").draw)
    result = engine.apply(state, DelveStart(kingdom="aubrevane"), engine.dice_for(state))
    pile = result.state.decks["minor_mortis"]
    assert sorted(pile.draw) == sorted([*before, MIRE.id]) and pile.draw != [*before, MIRE.id]  # shuffled in
    assert "Mire Grip" in " ".join(texts(result.events))
    again = engine.apply(result.state, DelveStart(kingdom="aubrevane"), engine.dice_for(result.state))
    assert again.state.decks["minor_mortis"].draw.count(MIRE.id) == 1  # never twice
    state = again.state
    state.decks["minor_mortis"] = state.decks["minor_mortis"].model_copy(update={"draw": [MIRE.id]})
    heat = state.knights["kara"].stats.heat
    h = Harm(engine, state, engine.dice_for(state))
    _draw(h, state.knights["kara"], "minor_mortis", "minor")  # drawn like any Mortis card
    assert state.knights["kara"].stats.heat == heat + 1
    plain = Engine(CATALOGUE)  # the starter Kingdom has no Mortis cards of its own: the deck is left as it is
    start, _ = plain.new_state("Plain", 3)
    started = plain.apply(start, DelveStart(kingdom="aubrevane"), plain.dice_for(start)).state
    assert started.decks["minor_mortis"] == start.decks["minor_mortis"]
