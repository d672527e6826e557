"""Tests that pin the Clash Board rulings of docs/rulings.md which had no dedicated test, and a
check that every rulebook quote in tests/board is verbatim."""

from __future__ import annotations

from content.schema.board import TerrainSpec
from rules.board import herd, knockback, land_on_top, monster_move, pushback
from tests.board.helpers import BOULDER, K, board, boss, kinds, knight, mob, where

PLAIN_OBSTACLE = TerrainSpec(id="hedge", name="Thorn Hedge", keywords=frozenset({K.OBSTACLE}))


def test_unreachable_target_moves_as_close_as_possible() -> None:
    """Rulebook (line 1119): A Monster always performs its movement and tries to move as close to the
    Target as possible, stopping when they become adjacent (unless stated otherwise).

    Ruling 10: a Mob that cannot reach any space next to its walled-in Target moves to the reachable
    space nearest the Target (straight count), along the shortest (zigzag) path.
    """
    walls = tuple((BOULDER, x) for x in ("B6", "D6", "C5", "C7"))
    b = board(mob("rat", "A1"), knight("k", "C6"), terrain=walls)
    outs = monster_move(b, "rat", "k")
    assert outs and {where(o, "rat") for o in outs} == {"C4"}  # 2 spaces from C6, 5 steps away
    assert all(len(o.path) == 6 for o in outs)


def test_diagonal_knockback_uses_the_larger_gap_or_a_choice() -> None:
    """Rulebook (line 2018): Knockback X: Move the affected miniature up to X spaces directly away
    from the source of Knockback in a straight line

    Ruling 13: diagonal to the source the larger gap decides the axis; equal gaps are a choice.
    """
    b = board(boss("egg", "C3"), knight("k", "E4"), knight("d", "D4"))
    [o] = knockback(b, "k", "egg", 2)
    assert where(o, "k") == "G4"
    outs = knockback(b, "d", "egg", 2)
    assert sorted(where(o, "d") or "" for o in outs) == ["D6", "F4"]
    assert all(len(o.choices) == 1 for o in outs)


def test_a_plain_obstacle_acts_as_indestructible() -> None:
    """Rulebook (line 2014): Obstacle: Terrain keyword. Knights cannot move through Obstacles.

    Ruling 15: an Obstacle that is neither Destructible nor Indestructible stops forced movement
    like an Indestructible one and is never removed.
    """
    b = board(boss("egg", "C2"), knight("k", "C3"), terrain=((PLAIN_OBSTACLE, "C5"),))
    [o] = knockback(b, "k", "egg", 3)
    assert where(o, "k") == "C4" and kinds(o, "crash") == ["k"] and o.state.terrain
    outs = pushback(b, "egg", "k", 3)  # a Boss: Displaced sideways, as at an Indestructible Obstacle
    assert sorted(where(o, "k") or "" for o in outs) == ["A4", "E4"]
    assert all(o.state.terrain for o in outs)


def test_pushback_approach_counts_toward_x() -> None:
    """Rulebook (line 2046): Shortest path: If the affected miniature is not adjacent, move the source
    in its direction along the shortest possible path

    Ruling 17: those spaces are part of the X spaces.
    """
    b = board(boss("egg", "C2"), knight("k", "C5"))
    [o] = pushback(b, "egg", "k", 4)
    assert where(o, "egg") == "C6" and where(o, "k") == "C7"  # 2 to approach + 2 pushing


def test_land_on_top_fallback_when_no_front_space_is_free() -> None:
    """Rulebook (line 1144): Land on Top: A subtype of Jump. End movement on a space currently
    occupied by the Target instead of adjacent to it. Displace the Target to a front space (does not
    cause Crash or Unavoidable Knockback).

    Ruling 22: no free front space: any free space next to the Monster; none: the Knight dies.
    """
    b = board(boss("egg", "C2"), knight("k", "C6"), terrain=((BOULDER, "C7"),))
    outs = land_on_top(b, "egg", "k")
    assert sorted(where(o, "k") or "" for o in outs) == ["B6", "C5", "D6"]
    assert all(not kinds(o, "crash") for o in outs)
    boxed = board(
        boss("egg", "C2"),
        knight("k", "C6"),
        knight("x", "B6"),
        knight("y", "D6"),
        knight("z", "C5"),
        terrain=((BOULDER, "C7"),),
    )
    [o] = land_on_top(boxed, "egg", "k")
    assert o.state.knight("k").dead


def test_herd_path_goes_around_bosses_and_stops_at_obstacles() -> None:
    """Rulebook (line 1986): Herd X: Move up to X spaces toward the Target. Then, move the Targeted
    Knight the remaining number of spaces, ignoring the source, toward another closest Knight along
    the shortest path, or until adjacent. Treat this as involuntary movement.

    Ruling 24: the moved Knight's path goes around Boss Monsters and through everything else; an
    Obstacle that is not Destructible stops it with Crash.
    """
    rock = board(mob("dead", "C2"), knight("sonch", "C3"), knight("fl", "C10"), terrain=((BOULDER, "C5"),))
    [o] = herd(rock, "dead", "sonch", 4)
    assert where(o, "sonch") == "C4" and kinds(o, "crash") == ["sonch"]
    big = board(mob("dead", "C2"), knight("sonch", "C3"), knight("fl", "C10"), boss("egg", "C5"))
    outs = herd(big, "dead", "sonch", 4)
    assert {where(o, "sonch") for o in outs} == {"B6", "D6"}
    assert all(not kinds(o, "crash") for o in outs)


