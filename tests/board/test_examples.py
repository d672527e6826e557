"""The rulebook's Clash Board examples, each built as a board consistent with its text."""

from __future__ import annotations

from rules.board import (
    appear_behind,
    drag,
    gangup,
    herd,
    knights_in_zone,
    knockback,
    line_of_sight,
    monster_move,
    pushback,
    wave_targets,
    zone_spaces,
)
from rules.board.geometry import Direction
from tests.board.helpers import BOULDER, COLUMN, RUINED_WALL, board, boss, kinds, knight, mob, s, where


def test_eggknight_zigzag_toward_ser_sonch_both_starts_legal() -> None:
    """ "The Eggknight moves toward Ser Sonch. As it is not in a straight line from him, it will first
    'zigzag' toward him ... the players decided to first move the Monster horizontally, then
    vertically and then continue to move horizontally ... the players could have also moved the
    Monster up first, and then continue to move it in a straight line toward the Target."."""
    b = board(boss("egg", "C2"), knight("sonch", "D7"))
    paths = sorted([p.label for p in o.path] for o in monster_move(b, "egg", "sonch"))
    assert paths == [
        ["C2", "C3", "D3", "D4", "D5", "D6"],  # horizontal, vertical, then straight on
        ["C2", "D2", "D3", "D4", "D5", "D6"],  # vertical first, then a straight line
    ]


def test_eggknight_zigzag_players_avoid_kara() -> None:
    """ "Since players can choose the starting direction of the 'zigzag' move (as long it brings the
    Eggknight closer to the Target), they may decide to move it in a way that is less harmful, i.e.
    not through Kara!"  Both Outcomes are offered; only one Crashes Kara."""
    b = board(boss("egg", "C2"), knight("sonch", "D7"), knight("kara", "D2"))
    outs = monster_move(b, "egg", "sonch")
    assert len(outs) == 2
    crashes = sorted(len(kinds(o, "crash")) for o in outs)
    assert crashes == [0, 1]
    safe = next(o for o in outs if not kinds(o, "crash"))
    assert safe.choices and "C3" in safe.choices[0]
    assert all(where(o, "egg") == "D6" for o in outs)
    assert all(o.state.monster("egg").facing == Direction.E for o in outs)


def test_ratwolf_drags_ser_sonch_into_a_board_edge() -> None:
    """ "The Ratwolf Drags Ser Sonch into a Board Edge. As per the rules of Drag, it continues
    movement along the Board Edge, prioritizing movement leading further away from the most
    Knights. Note that in the end, this movement will still bring the Monster closer." and Drag X:
    "move the target miniature X spaces along the path the source took. At the end of the Drag,
    turn the source to face the affected miniature"."""
    b = board(boss("ratwolf", "B5"), knight("sonch", "C5"), knight("kara", "D9"), knight("fleisch", "E10"))
    [o] = drag(b, "ratwolf", "sonch", 3)
    assert [p.label for p in o.path] == ["B5", "A5", "A4", "A3"]  # west: away from Kara and Fleischritter
    assert where(o, "ratwolf") == "A3"
    assert where(o, "sonch") == "A4"  # B5, A5, A4 along the Ratwolf's path
    assert o.state.monster("ratwolf").facing == Direction.E
    assert kinds(o, "edge_slide") == ["ratwolf"]


def test_pushback_into_a_column_crash_destroy_and_continue() -> None:
    """ "When a Knight is pushed back into a Column, they suffer Crash, losing -1 Vigor and suffering
    Knockdown. The Column is destroyed and the Ironcast Dead continues pushing the knocked down
    Knight until the Pushback is fully resolved."."""
    b = board(mob("dead", "C2"), knight("sonch", "C3"), terrain=((COLUMN, "C5"),))
    [o] = pushback(b, "dead", "sonch", 4)
    assert where(o, "sonch") == "C7"
    assert where(o, "dead") == "C6"
    assert kinds(o, "crash") == ["sonch"]
    assert o.state.knight("sonch").knocked_down
    assert not o.state.terrain
    assert sum(e.vigor_loss for e in o.events) == 1


def test_knockback_into_another_knight_displaces_it() -> None:
    """ "Example: Knockback 5 to the left. When a Knight is knocked back into another Knight, the other
    Knight is Displaced (according to involuntary movement rules)."."""
    b = board(boss("troll", "C8"), knight("kara", "C7"), knight("sonch", "C2"))
    outs = knockback(b, "kara", "troll", 5)
    assert {where(o, "kara") for o in outs} == {"C2"}
    assert sorted(where(o, "sonch") or "" for o in outs) == ["B2", "C1", "C3", "D2"]
    assert all(o.choices for o in outs)  # the players choose where Sonch goes


def test_knockback_into_obstacles_destructible_and_indestructible() -> None:
    """ "Kara suffers Knockback 3. When a Knight is knocked back into an Obstacle, they must stop on the
    Obstacle space (if Destructible) or adjacent to it (if Indestructible). Then they suffer Crash."."""
    col = board(boss("troll", "C2"), knight("kara", "C3"), terrain=((COLUMN, "C5"),))
    [o] = knockback(col, "kara", "troll", 3)
    assert where(o, "kara") == "C5" and not o.state.terrain and kinds(o, "crash") == ["kara"]
    rock = board(boss("troll", "C2"), knight("kara", "C3"), terrain=((BOULDER, "C5"),))
    [o] = knockback(rock, "kara", "troll", 3)
    assert where(o, "kara") == "C4" and o.state.terrain and kinds(o, "crash") == ["kara"]


def test_knockback_into_a_board_edge_slides_away_from_the_source() -> None:
    """ "When a Knight is knocked back into a Board Edge, they continue to move along the edge, away
    from the source of Knockback (if possible)."  In line with the source both ways are equally
    away, so both are offered."""
    b = board(boss("troll", "C9"), knight("kara", "C11"))
    outs = knockback(b, "kara", "troll", 3)
    assert sorted(where(o, "kara") or "" for o in outs) == ["A12", "E12"]
    big = board(boss("troll", "B9", size=2), knight("kara", "B11"))
    [o] = knockback(big, "kara", "troll", 3)
    assert where(o, "kara") == "A12"  # north leads away from the 2x2 source; then the corner stops it


def test_herd_4_with_the_ironcast_dead() -> None:
    """ "Ser Sonch suffers Herd 4. Since the attacking Mob is already adjacent to him, Ser Sonch is
    moved four spaces toward another closest Knight (Fleischritter). Then, the Ironcast Dead
    performing Herd 4 moves adjacent to Ser Sonch along the shortest available path."."""
    b = board(mob("dead", "C2"), knight("sonch", "C3"), knight("fleisch", "C10"), knight("kara", "H12"))
    [o] = herd(b, "dead", "sonch", 4)
    assert where(o, "sonch") == "C7"
    assert where(o, "dead") == "C6"


def test_herd_knocks_down_a_knight_already_next_to_another() -> None:
    """Herd X: "If the Target is already adjacent to another Knight, they suffer Knockdown instead of
    being moved."."""
    b = board(mob("dead", "C2"), knight("sonch", "C3"), knight("fleisch", "D3"))
    [o] = herd(b, "dead", "sonch", 4)
    assert where(o, "sonch") == "C3" and o.state.knight("sonch").knocked_down


def test_gangup_4_with_the_ironcast_dead() -> None:
    """ "Ser Sonch suffers Gangup 4. The Ironcast Dead moves adjacent to Ser Sonch. Then, Ser Sonch is
    moved toward the next closest Ironcast Dead. Lastly, the first Ironcast Dead moves adjacent to
    Ser Sonch."."""
    b = board(mob("dead1", "C2", 1), mob("dead2", "C11", 2), knight("sonch", "C5"))
    [o] = gangup(b, "dead1", "sonch", 4)
    # dead1 spends 2 spaces (C3, C4); Sonch is moved the remaining 2 toward dead2.
    assert where(o, "sonch") == "C7"
    assert where(o, "dead1") == "C6"


def test_zone_2() -> None:
    """ "Zone X attacks all Knights within X spaces horizontally, vertically and diagonally from the
    source of Zone X. ... The Monster is not considered to be inside the Zone originating from it
    and neither are Knights on a Vantage Point."."""
    m = boss("dragon", "D5")
    b = board(m, knight("a", "B3"), knight("b", "F7"), knight("c", "D7"), knight("d", "A5"), knight("e", "D10"))
    assert sorted(knights_in_zone(b, m.cells, 2)) == ["a", "b", "c"]
    zone = zone_spaces(b, m.cells, 2)
    assert s("D5") not in zone and len(zone) == 24


def test_wave_attack_behind_columns() -> None:
    """ "The Panzerdragon performs the Rustbreath AI. Since Fleischritter isn't behind any cover, he'll
    be hit. Ubar and Paracelsa are hidden behind Columns, which means they avoid the Attack. Kara
    is outside the Attack Zone entirely, so she avoids it as well."."""
    dragon = boss("panzer", "B2", size=2, facing="E")
    b = board(
        dragon,
        knight("fleisch", "D6"),
        knight("ubar", "B6"),
        knight("paracelsa", "C8"),
        knight("kara", "G2"),
        terrain=((COLUMN, "B5"), (COLUMN, "C7")),
    )
    zone = {s(f"{r}{c}") for r in "ABCDE" for c in range(4, 10)}
    assert sorted(wave_targets(b, dragon.cells, zone)) == ["fleisch"]


def test_wave_only_blocked_by_an_obstacle_next_to_the_knight() -> None:
    """ "If the line passes through an Obstacle the Knight is adjacent to, the space is excluded"."""
    dragon = boss("panzer", "C2")
    b = board(dragon, knight("far", "C7"), terrain=((COLUMN, "C4"),))
    zone = {s(f"C{c}") for c in range(3, 12)}
    assert wave_targets(b, dragon.cells, zone) == ["far"]


def test_los_example_ruined_wall_and_column() -> None:
    """ "In this example, the Eggknight has LoS only to Fleischritter, since other Knights are hidden
    either behind the Ruined Wall or Column Terrain tiles."."""
    b = board(
        boss("egg", "C3"),
        knight("fleisch", "A2"),
        knight("sonch", "C7"),
        knight("kara", "G3"),
        terrain=((RUINED_WALL, "B5"), (COLUMN, "F3")),
    )
    seen = [k.id for k in b.knights if line_of_sight(b, "egg", k.id)]
    assert seen == ["fleisch"]


def test_appear_behind() -> None:
    """ "Appear Behind: Place the Monster miniature on the furthest space adjacent to the Target."
    and "a Monster always turns: Toward the Target, when it ... ends its movement"."""
    b = board(boss("wraith", "C2"), knight("sonch", "A6"))
    [o] = appear_behind(b, "wraith", "sonch")
    assert where(o, "wraith") == "A7"
    assert o.state.monster("wraith").facing == Direction.W
