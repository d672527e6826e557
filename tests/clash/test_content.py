"""The starter Monsters and the Monster content format: complete decks, clear errors, setups that fit."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from content.listing import entries
from content.loader import load_catalogue, validate_pack
from content.schema.board import TerrainKeyword
from rules.board import BoardState
from rules.board.geometry import Coord, Direction
from rules.board.state import Knight, Monster, terrain_from_spec
from rules.clash import board_placements

CATALOGUE = load_catalogue()
FACING = {"north": Direction.N, "east": Direction.E, "south": Direction.S, "west": Direction.W}


def test_starter_pack_has_two_bosses_and_a_mob_with_complete_decks() -> None:
    """Rulebook (line 954): Take all of that Monster's AI cards and divide them into three decks numbered 1, 2,
    and 3 (you'll find the number on the back of each card). Do the same for the Monster's BP cards.
    """
    kinds = Counter(m.type for m in CATALOGUE.monsters.values())
    assert kinds["boss"] >= 2 and kinds["mob"] >= 1
    for m in CATALOGUE.monsters.values():
        assert len(m.levels) >= (4 if m.type == "boss" else 3), m.id
        assert sum(1 <= c.level <= 3 for c in m.ai_cards) >= 15, m.id
        assert len(m.bp_cards) >= 15, m.id
        assert {c.level for c in m.ai_cards} >= {1, 2, 3} and {c.level for c in m.bp_cards} == {1, 2, 3}
        assert m.traits and m.signature.attack is not None and m.routine.name
    rows = {r["id"]: r for r in entries(CATALOGUE)}
    assert rows["stag"]["type"] == "monster:boss" and rows["stag_bp_lantern_heart"]["tier"] == 3
    assert rows["standing_stone"]["type"] == "terrain"


def test_traits_added_and_removed_through_the_levels() -> None:
    """Rulebook (line 997): Remember to always check Traits added and removed at the current level as well as all
    previous levels and to find the Trait cards for Traits not explained on the Monster Sheet.
    """
    stag = CATALOGUE.monsters["stag"]
    assert [t.id for t in stag.traits_at(3)] == [
        "stag_trait_lantern_antlers", "stag_trait_bogwalker", "stag_trait_ember_moss", "stag_trait_rutting_season"]
    assert "stag_trait_ember_moss" not in [t.id for t in stag.traits_at(4)]


@pytest.mark.parametrize("monster_id", sorted(CATALOGUE.monsters))
def test_every_clash_setup_fits_on_the_board(monster_id: str) -> None:
    """Rulebook (line 962): Terrain, Knight, and Monster Placement: Find all the Terrain cards and Terrain tiles
    used in the Clash. Place the Terrain cards near the Clash Board and the Terrain tiles on the Clash Board,
    according to the Clash Diagram.
    """
    monster = CATALOGUE.monsters[monster_id]
    for lv in monster.levels:
        setup = board_placements(monster, lv.level)
        terrain = tuple(terrain_from_spec(CATALOGUE.terrain[t], Coord(*at), f"{t}{i}")
                        for i, (t, at) in enumerate(setup["terrain"]))
        minis = tuple(Monster(id=f"m{i}", name=f"m{i}", kind=monster.type, anchor=Coord(*at), facing=FACING[f],
                              diagram=monster.diagram) for i, (at, f, _) in enumerate(setup["monster"]))
        knights = tuple(Knight(id=f"k{i}", name=f"k{i}", space=Coord(*at)) for i, at in enumerate(setup["knights"]))
        board = BoardState(terrain=terrain, monsters=minis, knights=knights)  # validates fit and overlaps
        blocked = {c for t in board.terrain for c in t.cells
                   if t.keywords & {TerrainKeyword.OBSTACLE, TerrainKeyword.CHASM}}
        cells = [c for t in board.terrain for c in t.cells]
        assert len(cells) == len(set(cells)), f"level {lv.level}: Terrain tiles overlap"
        assert not blocked & {k.space for k in board.knights}, f"level {lv.level}: a Knight starts on an Obstacle"
        assert not blocked & {c for m in board.monsters for c in m.cells}, f"level {lv.level}: Monster on an Obstacle"


BROKEN_MONSTER = """\
kind: monster
id: broken_beast
name: Broken Beast
type: boss
levels:
- {level: 1, to_hit: 5, wounds: 6, exhibition_wounds: 6, activations: [ai]}
- {level: 2, to_hit: 5, wounds: 8, exhibition_wounds: 2, activations: [ai], ai_zero: broken_beast_ai_one,
   traits_added: [no_such_trait]}
signature: {id: broken_beast_sig, name: Sig, evasion_dice: 1, evasion_difficulty: 6,
            targeting: [{text: Closest, criteria: [{is: closest}]}], attack: {types: [melee]}}
routine: {id: broken_beast_routine, name: Routine}
ai_cards:
- {id: broken_beast_ai_one, name: One, level: 1, evasion_dice: 1, evasion_difficulty: 6,
   targeting: [{text: Closest, criteria: [{is: closest}]}], attack: {types: [range]}}
bp_cards:
- {id: broken_beast_bp_one, name: One, level: 1, at: 5}
setups:
- {level: 1, knights: [H1, H2, H3, H4], monster: [{at: A1, facing: south}], terrain: [{tile: no_such_tile, at: C3}]}
"""

BROKEN_LINKS = BROKEN_MONSTER.replace("exhibition_wounds: 6", "exhibition_wounds: 1").replace(
    "attack: {types: [range]}", "attack: {types: [melee]}")


def _pack(tmp_path: Path, text: str) -> Path:
    (tmp_path / "pack.yaml").write_text('kind: pack\nid: broken\nname: Broken\nversion: "1.0"\n')
    (tmp_path / "beast.yaml").write_text(text)
    return tmp_path


def test_broken_monster_fields_are_reported_with_their_lines(tmp_path: Path) -> None:
    """Rulebook (line 1001): - Exhibition Starting Wounds: The number of Generic Single Wound cards you will add
    to the Wound Stack at the start of an Exhibition Clash.
    """
    errors = [str(e).rpartition("/")[2] for e in validate_pack(_pack(tmp_path, BROKEN_MONSTER))]
    assert any(e.startswith("beast.yaml:6: levels[0]") and "must be less than wounds" in e for e in errors), errors
    assert any(e.startswith("beast.yaml:14: ai_cards[0].attack") and "needs 'range'" in e for e in errors), errors


def test_broken_monster_references_are_reported_with_their_lines(tmp_path: Path) -> None:
    """Rulebook (line 958): AI 0: Some Monsters start with an AI 0 card.
    """
    errors = [str(e).rpartition("/")[2] for e in validate_pack(_pack(tmp_path, BROKEN_LINKS))]
    assert "beast.yaml:7: levels[1].ai_zero: 'broken_beast_ai_one' is not an AI 0 card of this Monster" in errors
    assert "beast.yaml:8: levels[1].traits_added[0]: no Trait of this Monster has the id 'no_such_trait'" in errors
    assert "beast.yaml:18: setups: level 2 has no Clash Setup" in errors


def test_a_setup_naming_an_unknown_terrain_tile_is_refused(tmp_path: Path) -> None:
    """Rulebook (line 962): Find all the Terrain cards and Terrain tiles used in the Clash.
    """
    fixed = BROKEN_LINKS.replace("ai_zero: broken_beast_ai_one,", "").replace("traits_added: [no_such_trait]", "")
    fixed += "- {level: 2, knights: [H1, H2, H3, H4], monster: [{at: A1, facing: south}]}\n"
    errors = [str(e).rpartition("/")[2] for e in validate_pack(_pack(tmp_path, fixed))]
    assert len(errors) == 1, errors
    assert errors[0].startswith("beast.yaml:2: setups[0].terrain[0].tile: no Terrain tile has the id 'no_such_tile'")
