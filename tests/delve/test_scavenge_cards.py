"""Scavenge X printed on a Delve card (rules/delve/exploration.py ``_scavenge``), and the Delve started with the
Expedition's Party Leader."""

from __future__ import annotations

from content.schema.delve_effects import Printed, Scavenge
from rules.delve.actions import DelveStart
from rules.delve.exploration import apply_effects
from rules.engine import Engine
from rules.expedition.state import ExpeditionState
from rules.knights.actions import KnightCreate
from tests.conftest import CATALOGUE
from tests.delve._support import told


def test_a_typed_scavenge_adds_loot_and_an_untyped_one_names_the_command() -> None:
    """Rulebook (line 2079): - Scavenge X: Add X Loot cards to the Loot deck. If the Scavenge keyword does not specify
    which Loot card type it refers to, you may choose from Kingdom Gear, Upgrade and Consumable Gear Loot cards."""
    engine = Engine(CATALOGUE)
    state, _ = engine.new_state("Scavenge", 3)
    state.expedition = ExpeditionState(step="delve1")
    kingdom = CATALOGUE.kingdoms["aubrevane"]
    typed = Printed(text="Scavenge 2 (Upgrade).", effects=[Scavenge(type="scavenge", amount=2, kind="upgrade")])
    said, _ = apply_effects(CATALOGUE, kingdom, state, typed, knights=[], who="", dice=None, source="a test card")
    loot = state.expedition.spoils.loot
    assert len(loot) == 2 and {item.type for item in loot} == {"upgrade"}
    untyped = Printed(text="Scavenge 1.", effects=[Scavenge(type="scavenge", amount=1)])
    said, _ = apply_effects(CATALOGUE, kingdom, state, untyped, knights=[], who="", dice=None)
    assert told(said) == ["✋ By hand: Scavenge 1 — the players choose the Loot type: `/spoils scavenge count:1 "
                    "type:kingdom_gear|upgrade|consumable`"]
    assert len(state.expedition.spoils.loot) == 2
    grave = next(c for c in kingdom.exploration if c.id == "aub_ex_pilgrim_grave")
    assert grave.effects == [Scavenge(type="scavenge", amount=1)]  # the starter card, untyped


def test_the_delve_starts_with_the_expeditions_party_leader() -> None:
    """Rulebook (line 649): - Take the designated Kingdom Codex and find the Bestiary. Then, take the Party Leader's
    Knight Sheet and align its right side with the Bestiary"""
    engine = Engine(CATALOGUE)
    state, _ = engine.new_state("Leader", 3)
    for name in ("Kara", "Ser Sonch"):
        state = engine.apply(state, KnightCreate(content="lanternbearer", name=name, owner=name.lower()),
                             engine.dice_for(state)).state
    state.expedition = ExpeditionState(step="delve1", party_leader="ser-sonch")
    state = engine.apply(state, DelveStart(kingdom="aubrevane"), engine.dice_for(state)).state
    assert state.delve is not None and state.delve.leader == "ser-sonch"
