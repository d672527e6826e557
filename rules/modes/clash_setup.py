"""The optional modes' Clash Setup rules, called once by ``/clash start`` (rules/clash/handlers.py) after the
Monster side and the board are set: True Solo Mode's Priority Target, Gear and random Knights; Five-Player Mode's
fifth Knight and Accursed Persistence BP card (docs/modes.md)."""

from __future__ import annotations

from content.schema.monsters import Monster
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line
from rules.knights.state import KnightState
from rules.modes import five_player, true_solo
from rules.state import CampaignState


def at_setup(engine: Engine, state: CampaignState, monster: Monster, knights: list[KnightState],
             colours: tuple[str, ...] | list[str], dice: Dice) -> list[Line]:
    if state.clash is None:
        return []
    lines: list[Line] = []
    if five_player.active(state):
        lines += five_player.place_fifth(state, knights, colours)
        lines += five_player.add_accursed(engine, state, list(monster.bp_cards), dice)
    lines += true_solo.clash_setup(state, knights)
    return lines
