"""Movement keywords of the Keyword List: Pushback toward, Drag toward, Knockback to the side, Dwell."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import Field, TypeAdapter, ValidationError

from content.schema.board import TerrainSpec
from content.schema.cards import MoveVariant
from rules.board import drag, dwell, forced_variant, knockback_to_the_side, pushback
from rules.board.geometry import Direction
from tests.board.helpers import board, boss, kinds, knight, mob, s, told, where

SWAMP = TerrainSpec(id="swamp", name="Swamp", width=2, height=1)
POOL = TerrainSpec(id="swamp_pool", name="Swamp Pool")


def test_pushback_toward_a_space_off_the_straight_line() -> None:
    """Rulebook (line 2043): - Pushback toward: Instead of pushing the Target in a straight line, push them along the
    shortest path to the specified space.

    The Troll on C2 pushes Ren (C3) toward A3: a straight Pushback would go east along row C; toward A3 Ren goes
    north, C3 → B3 → A3, and the Troll follows onto the space Ren left."""
    b = board(boss("troll", "C2"), knight("ren", "C3"))
    [o] = pushback(b, "troll", "ren", 3, toward=s("A3"))
    assert where(o, "ren") == "A3" and where(o, "troll") == "B3"
    [straight] = pushback(b, "troll", "ren", 3)
    assert where(straight, "ren") == "C6" and where(straight, "troll") == "C5"


def test_pushback_toward_stops_on_the_space() -> None:
    """Rulebook (line 2043): - Pushback toward: Instead of pushing the Target in a straight line, push them along the
    shortest path to the specified space.

    Pushback 3 toward A5 from C3 (4 spaces away): 3 spaces along a shortest path, one short of A5; Pushback 4 toward
    C4 ends on C4 (the space is reached after 1)."""
    b = board(boss("troll", "C2"), knight("ren", "C3"))
    outs = pushback(b, "troll", "ren", 3, toward=s("A5"))
    assert outs and all(where(o, "ren") in {"A4", "B5"} for o in outs)
    for o in outs:
        ren, troll = o.state.knight("ren").space, o.state.monster("troll").anchor
        assert ren is not None and abs(ren.row - troll.row) + abs(ren.col - troll.col) == 1
    [o] = pushback(b, "troll", "ren", 4, toward=s("C4"))
    assert where(o, "ren") == "C4" and where(o, "troll") == "C3"


def test_drag_toward_the_source_goes_past_the_space_and_the_target_follows() -> None:
    """Rulebook (line 1967): - Drag toward: Instead of moving straight from the target, the Source moves toward and
    past the specified space along the shortest path, until the Target will be able to enter the specified space, or
    up to the drag value. Then, move the Target along the path the source took until adjacent to the Source.

    The Rat on E5 drags Sonch (E6) toward B5: a straight Drag would go west along row E. The Rat goes D5, C5, B5 and
    one space past it (A5, B4 or B6: the players choose); Sonch follows its path onto B5."""
    b = board(boss("rat", "E5"), knight("sonch", "E6"))
    outs = drag(b, "rat", "sonch", 4, toward=s("B5"))
    assert sorted(where(o, "rat") or "" for o in outs) == ["A5", "B4", "B6"]
    assert {where(o, "sonch") for o in outs} == {"B5"}
    assert all([p.label for p in o.path][:4] == ["E5", "D5", "C5", "B5"] for o in outs)
    assert all(len(o.choices) == 1 for o in outs)


def test_drag_toward_stops_at_the_drag_value() -> None:
    """Rulebook (line 1967): - Drag toward: Instead of moving straight from the target, the Source moves toward and
    past the specified space along the shortest path, until the Target will be able to enter the specified space, or
    up to the drag value. Then, move the Target along the path the source took until adjacent to the Source."""
    b = board(boss("rat", "E5"), knight("sonch", "E6"))
    [o] = drag(b, "rat", "sonch", 2, toward=s("B5"))
    assert where(o, "rat") == "C5" and where(o, "sonch") == "D5"


def test_knockback_to_the_side_in_line_offers_both_sides() -> None:
    """Rulebook (line 2027): - Knockback to the side: Instead of moving the target miniature in a straight line from
    the Monster, move perpendicularly from the straight line a normal Knockback would use in the direction that leads
    the target directly away from the source.

    Kara (C4) right in line east of the Ape (C3): north and south are equally away; the players choose."""
    b = board(boss("ape", "C3"), knight("kara", "C4"))
    outs = knockback_to_the_side(b, "kara", "ape", 2)
    assert sorted(where(o, "kara") or "" for o in outs) == ["A4", "E4"]


def test_knockback_to_the_side_leads_directly_away_from_a_large_source() -> None:
    """Rulebook (line 2027): - Knockback to the side: Instead of moving the target miniature in a straight line from
    the Monster, move perpendicularly from the straight line a normal Knockback would use in the direction that leads
    the target directly away from the source.

    A 2x2 Ape on C2-D3: Kara on C4 (its upper half) goes north only, Ren on D4 (its lower half) south only."""
    b = board(boss("ape", "C2", size=2), knight("kara", "C4"), knight("ren", "D4"))
    [o] = knockback_to_the_side(b, "kara", "ape", 2)
    assert where(o, "kara") == "A4" and where(o, "ren") == "D4"
    [o] = knockback_to_the_side(b, "ren", "ape", 2)
    assert where(o, "ren") == "F4" and where(o, "kara") == "C4"


def test_knockback_to_the_side_of_a_diagonal_target() -> None:
    """Rulebook (line 2027): - Knockback to the side: Instead of moving the target miniature in a straight line from
    the Monster, move perpendicularly from the straight line a normal Knockback would use in the direction that leads
    the target directly away from the source.

    Kara on D5, one row below and two columns east of the Ape (C3): a normal Knockback goes east; to the side it goes
    south (away from the Ape), never north."""
    b = board(boss("ape", "C3"), knight("kara", "D5"))
    [o] = knockback_to_the_side(b, "kara", "ape", 2)
    assert where(o, "kara") == "F5"
    assert o.state.monster("ape").facing == Direction.S  # the source does not turn


def test_dwell_moves_the_monster_to_the_closest_unoccupied_swamp_space() -> None:
    """Rulebook (line 1969): - Dwell: Sunken Kingdom keyword. Move the Monster miniature to the closest unoccupied
    space on a Swamp Terrain tile.

    The Swamp covers C7-C8 and Kara stands on C7: the Eel (a Mob) goes to C8, the closest unoccupied one. Two Swamp
    pools two spaces away on either side: the players choose."""
    b = board(mob("eel", "C5"), knight("kara", "C7"), terrain=((SWAMP, "C7"),))
    outs = dwell(b, "eel")
    assert {where(o, "eel") for o in outs} == {"C8"} and {where(o, "kara") for o in outs} == {"C7"}
    assert all(len(o.path) == 6 for o in outs)  # C5 → C8 around Kara: 5 spaces
    two = board(mob("eel", "C5"), terrain=((POOL, "A5"), (POOL.model_copy(update={"id": "swamp_pool2"}), "E5")))
    assert sorted(where(o, "eel") or "" for o in dwell(two, "eel")) == ["A5", "E5"]
    # a Boss moves as in Monster Movement: through Kara's space, with Crash
    big = board(boss("hydra", "C2", size=2), knight("kara", "C7"), terrain=((SWAMP, "C7"),))
    [o] = dwell(big, "hydra")
    assert where(o, "hydra") == "C8" and kinds(o, "crash") == ["kara"]


def test_dwell_without_a_free_swamp_space_does_nothing() -> None:
    """Rulebook (line 1969): - Dwell: Sunken Kingdom keyword. Move the Monster miniature to the closest unoccupied
    space on a Swamp Terrain tile."""
    b = board(mob("eel", "C2"), knight("kara", "C7"), terrain=((POOL, "C7"),))
    [o] = dwell(b, "eel")
    assert where(o, "eel") == "C2" and "no unoccupied Swamp space" in told(o)
    on = board(mob("eel", "C7"), terrain=((SWAMP, "C7"),))
    [o] = dwell(on, "eel")
    assert where(o, "eel") == "C7"


def test_card_effects_name_the_movement_variants() -> None:
    """Rulebook (line 2043): - Pushback toward: Instead of pushing the Target in a straight line, push them along the
    shortest path to the specified space.

    The card effects ``knockback_side``, ``pushback_toward`` and ``drag_toward`` (content/schema/cards.py) resolve
    through ``forced_variant`` exactly as the board functions do."""
    adapter = TypeAdapter(Annotated[MoveVariant, Field(discriminator="type")])
    b = board(boss("troll", "C2"), knight("ren", "C3"))
    [o] = forced_variant(b, "troll", "ren", adapter.validate_python({"type": "pushback_toward", "amount": 3,
                                                                     "toward": "A3"}))
    assert where(o, "ren") == "A3" and where(o, "troll") == "B3"
    side = forced_variant(b, "troll", "ren", adapter.validate_python({"type": "knockback_side", "amount": 2}))
    assert sorted(where(o, "ren") or "" for o in side) == ["A3", "E3"]
    d = board(boss("rat", "E5"), knight("sonch", "E6"))
    [o] = forced_variant(d, "rat", "sonch", adapter.validate_python({"type": "drag_toward", "amount": 2,
                                                                     "toward": "B5"}))
    assert where(o, "rat") == "C5" and where(o, "sonch") == "D5"
    with pytest.raises(ValidationError):
        adapter.validate_python({"type": "drag_toward", "amount": 2, "toward": "the centre"})
