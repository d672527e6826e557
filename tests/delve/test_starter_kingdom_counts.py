"""The starter Kingdom has the content the issue asks for: 30 tiles of every size, 24 Exploration cards, 14 Deep Fog
cards and 6 Campfire Tales, all valid and merged from their own files."""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from pathlib import Path

from content.loader import STARTER_PACK, load_catalogue, validate_pack
from content.schema.kingdom import layout

CATALOGUE = load_catalogue()
KINGDOM = CATALOGUE.kingdoms["aubrevane"]
TILES = CATALOGUE.kingdom_tiles["aubrevane"]


def test_the_starter_kingdom_has_its_tiles() -> None:
    """Rulebook (line 747): Kingdom tiles come in several sizes: Small, Medium, Large, and Extra Large. Each Kingdom
    may also have a Special Kingdom tile type, in which case it will be explained in the appropriate Kingdom Codex.
    """
    assert validate_pack(STARTER_PACK) == []
    assert len(TILES) == 30
    sizes = Counter(t.size for t in TILES.values())
    assert set(sizes) == {"small", "medium", "large", "extra_large", "special"} and min(sizes.values()) >= 2
    assert len(KINGDOM.districts) >= 4 and {t.district for t in TILES.values()} == {d.id for d in KINGDOM.districts}
    assert set(layout(KINGDOM, TILES)) == set(TILES)  # every tile on one grid, reachable by paths
    assert sum(1 for t in TILES.values() if t.fog_paths) >= 8


def test_the_starter_kingdom_has_its_cards() -> None:
    """Rulebook (line 831): Each Deep Fog card has a name, a Deep Fog Value, and a Grave Penalty. Additionally,
    some Deep Fog cards have a Hazard Effect.

    Rulebook (line 800): Exploration cards have three types of effects:
    """
    cards = KINGDOM.exploration
    assert len(cards) == 24 and len({c.id for c in cards}) == 24
    assert {c.effect_type for c in cards} == {"instant", "district", "active"}
    assert all(c.district for c in cards if c.effect_type == "district")
    # the four Clue symbols on each back: the 24 cards show the 24 arrangements
    backs = {(c.clues.north, c.clues.east, c.clues.south, c.clues.west) for c in cards}
    assert backs == set(permutations(("martial", "errant", "historic", "mystic")))
    assert len({c.poi_modifier for c in cards}) >= 3
    gated = [g for c in cards for g in c.gated]
    assert {g.track for g in gated} == {"threat", "curse"} and len(gated) >= 2
    assert any(e.type == "gain_threat" for c in cards for e in c.effects)

    fog = KINGDOM.deep_fog
    assert len(fog) == 14 and len({c.id for c in fog}) == 14
    assert all(c.grave_penalty.text for c in fog)
    hazards = [c.hazard for c in fog if c.hazard]
    assert 0 < len(hazards) < 14
    kinds = {e.type for h in hazards for e in h.effects}
    assert {"half_cup", "discard_top_fog"} <= kinds
    assert {c.value for c in fog} >= {0, 1, 2, 3, 4}


def test_the_starter_kingdom_types_its_lingering_cards_panzergates_and_adventure_triggers() -> None:
    """Rulebook (line 802): - District: cards with a District effect are placed on the District effect space of the
    Kingdom Sheet. Their effects linger in a particular area of the Kingdom map, and usually cannot be discarded by
    regular means. There can be multiple District effects in play at the same time, but only one per District.
    Rulebook (line 758): - Single Panzergate: Represents a Single Panzergate. Place a Single Panzergate token on this
    path.
    Rulebook (line 1630): The most common ways of triggering an Adventure are Exploration cards and Points of
    Interest.
    """
    lingering = [c for c in KINGDOM.exploration if c.effect_type != "instant"]
    assert lingering and all(c.lingering for c in lingering)  # every District and Active card is applied
    assert any(e.type == "adventure" for c in KINGDOM.exploration for e in c.effects)
    assert any(e.type == "encounter" for c in KINGDOM.exploration for e in c.effects)
    assert any(e.type == "adventure" for p in KINGDOM.points_of_interest for e in p.effects)
    gates = {g.kind for t in TILES.values() for g in t.panzergates}
    assert gates == {"single", "triple"}
    assert any(a.test is not None and a.test.group for a in KINGDOM.adventures)


def test_the_starter_kingdom_has_six_campfire_tales() -> None:
    """Rulebook (line 1600): While your Knights are resting, you may decide to participate in Campfire Tales, a
    small getaway from the pervasive dangers of the Kingdoms. Campfire Tales are short stories your Knights can tell
    each other to lighten up the mood and gain a small stat bonus.
    """
    table = KINGDOM.campfire
    assert table is not None and table.die == "d10" and len(table.tales) == 6
    assert all(t.bonus.effects for t in table.tales)  # every bonus is applied by the bot
    assert table.tale(3) is None and table.tale(13) is not None  # d10 + Rapport 3 reaches the last tale


MANIFEST = 'kind: pack\nid: fog_pack\nname: Fog pack\nversion: "1.0"\n'
MORE_CARDS = """\
kind: kingdom_cards
id: more_aubrevane_cards
kingdom: aubrevane
deep_fog:
  - id: fogpack_drift
    name: Drift
    value: 1
    grave_penalty: {text: Gain 1 Threat., effects: [{type: gain_threat, amount: 1}]}
exploration:
  - id: fogpack_ex_mist
    name: Mist
    text: Nothing but mist.
    clues: {north: martial, east: errant, south: historic, west: mystic}
"""
BROKEN_CARDS = """\
kind: kingdom_cards
id: broken_cards
kingdom: nowhere
deep_fog:
  - id: fogpack_bad
    name: Bad
    value: 12
    grave_penalty: {text: Gain 1 Threat., effects: [{type: half_a_cup}]}
"""
SECOND_CAMPFIRE = """\
kind: kingdom_cards
id: second_campfire
kingdom: aubrevane
campfire:
  tales:
    - {id: fogpack_tale_a, low: 1, high: 5, name: A, text: A tale., bonus: {text: Nothing.}}
    - {id: fogpack_tale_b, low: 5, high: 9, name: B, text: B tale., bonus: {text: Nothing.}}
"""


def _pack(tmp_path: Path, text: str) -> Path:
    (tmp_path / "pack.yaml").write_text(MANIFEST)
    (tmp_path / "cards.yaml").write_text(text)
    return tmp_path


def test_a_pack_adds_cards_to_a_kingdom(tmp_path: Path) -> None:
    pack = _pack(tmp_path, MORE_CARDS)
    assert validate_pack(pack) == []
    kingdom = load_catalogue([pack]).kingdoms["aubrevane"]
    assert len(kingdom.deep_fog) == 15 and len(kingdom.exploration) == 25
    assert kingdom.fog_card("fogpack_drift").value == 1


def test_broken_kingdom_cards_are_refused_with_their_line(tmp_path: Path) -> None:
    errors = [str(e) for e in validate_pack(_pack(tmp_path, BROKEN_CARDS))]
    assert any("cards.yaml:7: deep_fog[0].value" in e for e in errors), errors
    assert any("cards.yaml:8: deep_fog[0].grave_penalty.effects[0].type" in e for e in errors), errors


def test_an_unknown_kingdom_and_a_second_campfire_table_are_refused(tmp_path: Path) -> None:
    unknown = [str(e) for e in validate_pack(_pack(tmp_path, MORE_CARDS.replace("aubrevane", "nowhere")))]
    assert any("no Kingdom has the id 'nowhere'" in e for e in unknown), unknown
    overlap = [str(e) for e in validate_pack(_pack(tmp_path, SECOND_CAMPFIRE))]
    assert any("both cover 5" in e for e in overlap), overlap
    fixed = SECOND_CAMPFIRE.replace("low: 5, high: 9", "low: 6, high: 9")
    second = [str(e) for e in validate_pack(_pack(tmp_path, fixed))]
    assert any("already has a Campfire Tales table" in e for e in second), second
