"""Helpers for the Delve tests: the starter Kingdom, a Delve laid on a fresh campaign."""

from __future__ import annotations

from bot.narration.registry import carried
from content.loader import load_catalogue
from rules.delve import kingdom_map as kmap
from rules.delve.actions import DelveStart
from rules.delve.state import DelveState
from rules.engine import Engine
from rules.state import CampaignState

CATALOGUE = load_catalogue()
ENGINE = Engine(CATALOGUE)
KINGDOM = CATALOGUE.kingdoms["aubrevane"]
TILES = CATALOGUE.kingdom_tiles["aubrevane"]
SPEC = KINGDOM.track


def told(lines: list[str]) -> list[str]:
    """A rules step's lines as the table reads them: a line that carries a fact in its words."""
    return [carried(t) for t in lines]


def started(seed: int = 1) -> CampaignState:
    state, dice = ENGINE.new_state("test", seed)
    return ENGINE.apply(state, DelveStart(kingdom="aubrevane", start="aub_01"), ENGINE.dice_for(state)).state


def delve_with(explored: list[str], tile: str) -> DelveState:
    """A Delve where ``explored`` tiles are face up (neighbours placed) and the party is on ``tile``."""
    delve = DelveState(kingdom="aubrevane", tile=explored[0], explored=[explored[0]],
                       exploration=[c.id for c in KINGDOM.exploration])
    delve = kmap.place_neighbours(delve, TILES, explored[0]).delve
    for tile_id in explored[1:]:
        delve = kmap.enter(delve, tile_id, None)
        delve = kmap.place_neighbours(delve, TILES, tile_id).delve
    return delve.model_copy(update={"tile": tile})
