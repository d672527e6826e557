"""The Kingdom map: placing, revealing, legal travel, Backtracking, Shortcuts, the Deep Fog path, disjointed sections."""

from __future__ import annotations

from rules.delve import kingdom_map as kmap
from tests.delve._support import TILES, delve_with, started


def test_start_places_the_starting_tile_and_its_neighbours_face_down() -> None:
    """Rulebook (line 642): - Place your starting tile face up in the middle of your play area, leaving
    ample space for exploration, then check the tile for paths leading out of it, locate the appropriate
    tiles, place them face down adjacent to the starting tile.
    """
    state = started()
    assert state.delve is not None
    assert state.delve.explored == ["aub_01"] and state.delve.tile == "aub_01"
    assert sorted(state.delve.face_down) == ["aub_02", "aub_03", "aub_04", "aub_15"]
    assert (state.track.threat, state.track.curse, state.track.time) == (0, 0, 0)


def test_explore_destinations_follow_the_paths_of_the_party_tile() -> None:
    """Rulebook (line 762): Each possible path informs you of the size and identification number of the
    Kingdom tile it leads to.
    """
    delve = delve_with(["aub_01", "aub_02"], "aub_02")
    explore = {d.tile: (d.direction, d.size) for d in kmap.destinations(delve, TILES) if d.kind == "explore"}
    assert explore == {"aub_12": ("north", "large"), "aub_08": ("east", "large")}


def test_backtrack_through_three_tiles_costs_time_1_and_threat_2() -> None:
    """Rulebook (line 764): Backtracking. If you decide to Backtrack, advance Time by 1, skip the Kingdom
    Tile step and proceed straight to the Exploration step. During a Backtrack, you may move through any
    number of explored Kingdom tiles, but you gain +1 Threat for every Kingdom tile you move through except
    the first one.
    """
    delve = delve_with(["aub_01", "aub_02", "aub_08", "aub_09"], "aub_09")
    back = {d.tile: d for d in kmap.destinations(delve, TILES) if d.kind == "backtrack"}
    assert back["aub_01"].through == ("aub_08", "aub_02", "aub_01")
    assert (back["aub_01"].time, back["aub_01"].threat) == (1, 2)
    assert (back["aub_08"].time, back["aub_08"].threat) == (1, 0)


def test_shortcuts_only_when_granted() -> None:
    """Rulebook (line 767): Shortcuts. Shortcuts are a special type of path that connects Kingdom tiles
    that are not adjacent to each other. By default the party can't use Shortcuts
    """
    delve = delve_with(["aub_01", "aub_04", "aub_05", "aub_06"], "aub_06")
    assert not [d for d in kmap.destinations(delve, TILES) if d.kind == "shortcut"]
    granted = delve.model_copy(update={"shortcuts": True})
    assert [d.tile for d in kmap.destinations(granted, TILES) if d.kind == "shortcut"] == ["aub_20"]


def test_deep_fog_only_from_a_tile_with_a_fog_path() -> None:
    """Rulebook (line 766): Entering the Deep Fog. Sometimes, when you're pressed for time, or without any
    other viable path forward, you may decide to try to find a shortcut and enter the Deep Fog. You may do
    so only if there is an unblocked Deep Fog path on your current tile!
    """
    on_fog = delve_with(["aub_01", "aub_02"], "aub_01")  # Lantern Crossroads has a Deep Fog path
    fog = [d for d in kmap.destinations(on_fog, TILES) if d.kind == "fog"]
    assert {d.tile for d in fog} == set(on_fog.face_down) and all(d.fog_intensity for d in fog)
    no_fog = on_fog.model_copy(update={"tile": "aub_02"})
    assert not [d for d in kmap.destinations(no_fog, TILES) if d.kind == "fog"]


def test_revealed_tile_stays_unexplored_and_resolves_its_back_when_entered() -> None:
    """Rulebook (line 775): Some effects in the game allow you to reveal Unexplored tiles to get a better
    look at your surroundings. When you reveal an Unexplored tile, flip it front side up and mark it with a
    Generic token as a reminder.
    """
    delve = kmap.reveal(delve_with(["aub_01"], "aub_01"), "aub_02")
    assert "aub_02" in delve.revealed and "aub_02" not in delve.explored
    dest = next(d for d in kmap.destinations(delve, TILES) if d.tile == "aub_02" and d.kind == "explore")
    assert dest.name == "Chapel of the Quiet Bell" and dest.time == 1  # its back still applies
    entered = kmap.enter(delve, "aub_02", "north")
    assert "aub_02" in entered.explored and "aub_02" not in entered.revealed


def test_a_shortcut_onto_an_unconnected_tile_makes_a_separate_section() -> None:
    """Rulebook (line 790): Sometimes, when using special abilities or Delve mechanics, you will be able to
    move onto a tile that is not directly connected to the Kingdom tile you moved from. In such cases see if
    you have already explored any Kingdom tiles connected to the newly revealed one. If you didn't, place it
    on the table separately from other tiles, creating a new section of the map.
    """
    delve = delve_with(["aub_01", "aub_04", "aub_05", "aub_06"], "aub_06")
    assert len(kmap.sections(delve, TILES)) == 1
    far = kmap.enter(delve.model_copy(update={"shortcuts": True}), "aub_10", None)  # not the real shortcut: any jump
    far = kmap.place_neighbours(far, TILES, "aub_10").delve
    assert len(kmap.sections(far, TILES)) == 2
    joined = kmap.place_neighbours(kmap.enter(far, "aub_02", None), TILES, "aub_02").delve
    joined = kmap.place_neighbours(kmap.enter(joined, "aub_12", None), TILES, "aub_12").delve
    assert len(kmap.sections(joined, TILES)) == 1  # "attach them accordingly"


def test_toward_the_party_from_another_section_lands_next_to_the_party() -> None:
    """Rulebook (line 791): If the game element that is about to be moved is on a separate piece of the map
    from the Party marker, simply place it on the tile adjacent to the Party marker instead (even if that
    tile is unrevealed).
    """
    delve = delve_with(["aub_01", "aub_02"], "aub_01")
    assert kmap.move_toward_party(delve, TILES, "aub_12", 1) == "aub_02"  # same section: one step
    assert kmap.move_toward_party(delve, TILES, "aub_12", 2) == "aub_01"
    far = kmap.place_neighbours(kmap.enter(delve, "aub_18", None), TILES, "aub_18").delve
    far = far.model_copy(update={"tile": "aub_01"})
    assert kmap.move_toward_party(far, TILES, "aub_18", 1) == "aub_02"  # first adjacent tile: north
