"""Hindering tokens on the Kingdom map: Single and Triple Panzergates placed by a tile's front, the Deep Fog token,
Flood and Rubble (rules/delve/kingdom_map.py, `/delve adjust hinder:`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.narration import texts
from rules.delve import kingdom_map as kmap
from rules.delve import monsters as mon
from rules.delve.actions import DelveTravel
from rules.delve.state import DelveState, HinderingToken
from rules.dice import Dice
from rules.state import CampaignState
from tests.delve._support import ENGINE, TILES, delve_with, started


def _gate(tile: str, direction: str, kind: str = "single_panzergate") -> HinderingToken:
    return HinderingToken(kind=kind, tile=tile, direction=direction)  # type: ignore[arg-type]


def _explore(delve: DelveState) -> set[str]:
    return {d.tile for d in kmap.destinations(delve, TILES) if d.kind == "explore"}


def _at(explored: list[str], tile: str) -> CampaignState:
    state = started()
    assert state.delve is not None
    delve = delve_with(explored, tile)
    state.delve = delve.model_copy(update={"exploration": state.delve.exploration, "leader": state.delve.leader})
    return state


def test_step_e_places_the_panzergate_tokens_of_the_front() -> None:
    """Rulebook (line 755): The front of the Kingdom tile includes additional symbols, triggered at the end of the
    Kingdom tile step:
    Rulebook (line 758): - Single Panzergate: Represents a Single Panzergate. Place a Single Panzergate token on this
    path.
    Rulebook (line 759): - Triple Panzergate: Represents a Triple Panzergate. Place a Triple Panzergate token on this
    path.
    """
    state = _at(["aub_01", "aub_04", "aub_07"], "aub_07")
    result = ENGINE.apply(state, DelveTravel(direction="north"), Dice(seed=1))  # onto Barbican of Hooks (aub_13)
    delve = result.state.delve
    assert delve is not None and delve.tile == "aub_13"
    assert delve.hindering == [_gate("aub_13", "east")]
    text = "\n".join(texts(result.events))
    assert "Single Panzergate: a token is placed on the east path of Barbican of Hooks" in text
    # placed after the neighbours (step c), before the Exploration step: the path to aub_12 is closed at once
    assert "aub_12" in delve.face_down and "aub_12" not in _explore(delve)
    assert [d["tile"] for d in result.data["destinations"] if d["kind"] == "explore"] == ["aub_29"]
    # the Hanging Bailey's front carries a Triple Panzergate on its east path
    assert [(g.direction, g.kind) for g in TILES["aub_14"].panzergates] == [("east", "triple")]


def test_a_panzergate_token_closes_its_path_both_ways_for_the_party() -> None:
    """Rulebook (line 794): Hindering tokens are a token category that encompasses all tokens that hinder your
    ability to move between Kingdom tiles in some way, or trigger other negative consequences for the player once you
    move onto them. Some can be removed by specific means, while others are permanent and stay on the Kingdom map for
    the remainder of the Delve. Note: Hindering tokens only affect your Party! Encounter Monster tokens and any other
    tokens introduced in your Quests ignore Hindering tokens unless specifically stated otherwise.
    Rulebook (line 795): The Hindering tokens include: the Triple Panzergate token, the Single Panzergate token, the
    Deep Fog token, the Flood token, and the Rubble token.
    """
    on_12 = delve_with(["aub_01", "aub_02", "aub_12"], "aub_12")
    assert "aub_13" in _explore(on_12)
    for token in (_gate("aub_12", "west"), _gate("aub_13", "east", "triple_panzergate")):  # either end of the path
        closed = on_12.model_copy(update={"hindering": [token]})
        assert "aub_13" not in _explore(closed) and "aub_14" in _explore(closed)


def test_a_panzergate_blocks_a_backtrack_through_its_path() -> None:
    """Rulebook (line 764): Backtracking. If you decide to Backtrack, advance Time by 1, skip the Kingdom Tile step
    and proceed straight to the Exploration step. During a Backtrack, you may move through any number of explored
    Kingdom tiles, but you gain +1 Threat for every Kingdom tile you move through except the first one. Remember,
    regardless of the number of Kingdom tiles you have moved through, always advance Time by 1.
    Rulebook (line 794): Hindering tokens are a token category that encompasses all tokens that hinder your ability
    to move between Kingdom tiles in some way
    """
    delve = delve_with(["aub_01", "aub_02", "aub_12"], "aub_01")
    back = {d.tile for d in kmap.destinations(delve, TILES) if d.kind == "backtrack"}
    assert back == {"aub_02", "aub_12"}
    gated = delve.model_copy(update={"hindering": [_gate("aub_02", "north")]})
    back = {d.tile for d in kmap.destinations(gated, TILES) if d.kind == "backtrack"}
    assert back == {"aub_02"}


def test_encounter_monster_tokens_ignore_panzergates() -> None:
    """Rulebook (line 794): Note: Hindering tokens only affect your Party! Encounter Monster tokens and any other
    tokens introduced in your Quests ignore Hindering tokens unless specifically stated otherwise.
    """
    delve = delve_with(["aub_01", "aub_02", "aub_12"], "aub_01")
    free = mon.route(delve, TILES, "aub_12", 1)
    gated = delve.model_copy(update={"hindering": [_gate("aub_02", "north"), _gate("aub_01", "north")]})
    assert mon.route(gated, TILES, "aub_12", 1) == free and free[-1] == "aub_02"


def test_a_deep_fog_token_blocks_the_deep_fog_path() -> None:
    """Rulebook (line 766): Entering the Deep Fog. Sometimes, when you're pressed for time, or without any other
    viable path forward, you may decide to try to find a shortcut and enter the Deep Fog. You may do so only if there
    is an unblocked Deep Fog path on your current tile! See the Deep Fog (p. 37) for details.
    """
    delve = delve_with(["aub_01"], "aub_01")  # Lantern Crossroads: a Deep Fog path west
    assert [d for d in kmap.destinations(delve, TILES) if d.kind == "fog"]
    for token in (HinderingToken(kind="deep_fog", tile="aub_01", direction="west"),
                  HinderingToken(kind="deep_fog", tile="aub_01")):
        blocked = delve.model_copy(update={"hindering": [token]})
        assert not [d for d in kmap.destinations(blocked, TILES) if d.kind == "fog"]
    elsewhere = delve.model_copy(update={"hindering": [HinderingToken(kind="deep_fog", tile="aub_01",
                                                                      direction="south")]})
    assert [d for d in kmap.destinations(elsewhere, TILES) if d.kind == "fog"]


async def test_gm_places_and_removes_a_hindering_token_and_the_map_shows_it(table: Any, tmp_path: Path) -> None:
    """Rulebook (line 794): Some can be removed by specific means, while others are permanent and stay on the
    Kingdom map for the remainder of the Delve.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    refused = await table("@kara /delve adjust hinder:single_panzergate tile:aub_01 side:north")
    assert not refused.ok
    assert "side:" in (await table("/delve adjust hinder:single_panzergate tile:aub_01")).error
    reply = await table.ok("/delve adjust hinder:triple_panzergate tile:aub_01 side:north")
    assert reply.data["hindering"] == [{"kind": "triple_panzergate", "tile": "aub_01", "direction": "north"}]
    assert "aub_02" not in [d["tile"] for d in reply.data["destinations"] if d["kind"] == "explore"]
    await table.ok("/delve adjust hinder:flood tile:aub_03")
    shown = await table.ok("/delve map")
    assert shown.images
    Path("/tmp/hindering-map.png").write_bytes(Path(shown.images[0]).read_bytes())
    reply = await table.ok("/delve adjust hinder:triple_panzergate tile:aub_01 side:north remove:true")
    assert "aub_02" in [d["tile"] for d in reply.data["destinations"] if d["kind"] == "explore"]
    # a Flood token: its consequences are shown when the party moves onto its tile
    reply = await table.ok("/delve travel direction:east")
    assert "🚧 Flood token on Tollhouse Ruin: resolve its consequences by hand" in reply.text
