"""Unit tests for the Clash Board rules, each quoting the rule it checks."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from content.schema.board import BoardSpec, EdgeSide, MonsterDiagram, TerrainSpec
from rules.board import (
    BoardState,
    IllegalMove,
    KnightKeyword,
    appear,
    climb,
    climbable_vps,
    closest,
    displace,
    drag,
    engaged,
    forced_vault,
    front_spaces,
    furthest,
    grouped,
    hug_spaces,
    in_front,
    in_range,
    jump,
    knight_move,
    knight_reachable,
    knockback,
    land_on_top,
    line_of_sight,
    lone,
    monster_move,
    monster_move_direction,
    move_behind,
    move_lateral,
    parse_space,
    place_knight,
    place_terrain,
    pull,
    pushback,
    rear_spaces,
    unlock_vp,
    vault_spaces,
)
from rules.board.geometry import Direction
from rules.board.state import Knight, VpRef
from tests.board.helpers import BOG, BOULDER, CHASM, COLUMN, HEDGE, K, board, boss, kinds, knight, mob, s, told, where


# -- coordinates and schema --------------------------------------------------------------------
def test_coordinates_parse_and_format() -> None:
    """ "Short Board Edges are marked with letters to identify rows, and the long Board Edges are
    marked with numbers to identify columns."  A1 is row A, column 1."""
    assert parse_space("a1") == (0, 0)
    assert parse_space("C12").label == "C12"
    with pytest.raises(ValueError):
        parse_space("1A")


def test_board_state_round_trips_through_json() -> None:
    b = board(boss("egg", "B2", size=2), knight("kara", "E5"), terrain=((COLUMN, "F6"),))
    assert BoardState.model_validate_json(b.model_dump_json()) == b
    assert '"E5"' in b.model_dump_json()


def test_schema_rejects_bad_content() -> None:
    """Rows are on the short edges, so a board has no more rows than columns; diagram marks sit
    around the footprint and VPs on it."""
    with pytest.raises(ValidationError):
        BoardSpec(rows=12, columns=8)
    with pytest.raises(ValidationError):
        MonsterDiagram(footprint=4, rear=((0, 0),))
    with pytest.raises(ValidationError):
        MonsterDiagram(footprint=1, vantage_points=((1, 1),))
    with pytest.raises(ValidationError):
        TerrainSpec(id="x", name="X", keywords=frozenset({K.DESTRUCTIBLE, K.INDESTRUCTIBLE}))


def test_board_state_rejects_overlaps() -> None:
    with pytest.raises(ValidationError):
        board(boss("egg", "B2", size=2), knight("kara", "C3"))


# -- facing, front, rear -----------------------------------------------------------------------
def test_front_is_beyond_the_front_line_and_rear_is_adjacent_behind() -> None:
    """ "All spaces beyond this line in the direction the Monster is facing toward are considered in
    front" and "Rear designates only the spaces adjacent to the Monster, directly behind it"."""
    m = boss("egg", "C3", size=2, facing="E")
    b = board(m, knight("a", "A9"), knight("b", "D2"))
    assert s("A5") in front_spaces(b, m) and s("A4") not in front_spaces(b, m)
    assert rear_spaces(b, m) == {s("C2"), s("D2")}
    assert in_front(b, m, b.knight("a")) and not in_front(b, m, b.knight("b"))


def test_blindspots_and_vps_never_in_monster_los() -> None:
    """ "Blindspots and Vantage Points are never in the Monster's LoS."."""
    m = boss(
        "egg",
        "C3",
        facing="S",
        diagram={"blindspots": [(1, 0)], "vantage_points": [(0, 0)]},
        unlocked_vps=frozenset({0}),
    )
    b = board(m, knight("bs", "B3"), knight("open", "D4"))  # facing S, the diagram's rear is north
    rider = Knight(id="rider", name="Rider", vp=VpRef(monster="egg", index=0))
    b = b.model_copy(update={"knights": b.knights + (rider,)})
    assert not line_of_sight(b, "egg", "bs")
    assert line_of_sight(b, "bs", "egg")  # the Knight still sees the Monster (+1 Precision)
    assert line_of_sight(b, "egg", "open")
    assert not line_of_sight(b, "egg", "rider")


# -- Line of Sight bullets -----------------------------------------------------------------------
def test_los_through_a_corner_is_clear_but_along_an_edge_is_not() -> None:
    """ "If the line goes through a corner of an Obscuring Terrain space, there is LoS." and "If the
    line passes along the edge of an Obscuring Terrain space, there is no LoS."."""
    touch = board(knight("a", "A1"), knight("b", "C3"), terrain=((HEDGE, "B3"),))
    assert line_of_sight(touch, "a", "b")  # lines through B3's corner exist
    edge = board(knight("a", "B1"), knight("b", "B4"), terrain=((HEDGE, "A2"), (HEDGE, "C2"), (HEDGE, "B2")))
    assert not line_of_sight(edge, "a", "b")


def test_los_blocked_at_a_diagonal_junction() -> None:
    """ "If the line would go through a corner where two features (like Terrain tiles) connect
    diagonally (i.e. through that corner), there is no LoS."."""
    b = board(knight("a", "A1"), knight("b", "B2"), terrain=((HEDGE, "A2"), (HEDGE, "B1")))
    assert not line_of_sight(b, "a", "b")
    open_ = board(knight("a", "A1"), knight("b", "B2"), terrain=((HEDGE, "A2"),))
    assert line_of_sight(open_, "a", "b")


def test_obscuring_tile_does_not_block_a_target_standing_on_it() -> None:
    """ "An Obscuring Terrain tile does not block LoS to or from Targets standing on any of its
    spaces" and "A miniature never blocks LoS to itself or other miniatures"."""
    wall = TerrainSpec(id="w", name="Wall", width=3, keywords=frozenset({K.OBSCURING}))
    b = board(knight("a", "C1"), knight("b", "C3"), knight("c", "C5"), terrain=((wall, "C3"),))
    assert line_of_sight(b, "a", "b")
    tall = TerrainSpec(id="t", name="T", height=4, keywords=frozenset({K.OBSCURING}))
    blocked = board(knight("a", "C1"), knight("c", "C6"), terrain=((tall, "A3"), (tall, "E3")))
    assert not line_of_sight(blocked, "a", "c")
    minis = board(knight("a", "C1"), knight("m", "C2"), knight("c", "C3"))
    assert line_of_sight(minis, "a", "c")


# -- targeting measures ------------------------------------------------------------------------
def test_engaged_grouped_lone() -> None:
    """ "Engaged: The Target is adjacent to at least one Monster." "Grouped Knight: The Target is
    adjacent to another Knight." "Lone Knight: The Target has no other Knight within three spaces"."""
    b = board(boss("egg", "C3"), knight("a", "C4"), knight("b", "C5"), knight("c", "H12"), knight("d", "E9"))
    assert engaged(b, b.knight("a")) and not engaged(b, b.knight("b"))
    assert grouped(b, b.knight("a")) and not grouped(b, b.knight("c"))
    assert lone(b, b.knight("c")) and not lone(b, b.knight("a"))
    near = board(knight("x", "A1"), knight("y", "B3"))  # 3 spaces apart
    assert not lone(near, near.knight("x"))


def test_vp_adjacency_is_one_way() -> None:
    """ "Knights on VPs are considered adjacent ... to the Monster and all Knights adjacent to that
    Monster." "Other Knights adjacent to the Monster are not considered to be adjacent to Knights on
    VPs."."""
    m = boss("egg", "C3", diagram={"vantage_points": [(0, 0)]}, unlocked_vps=frozenset({0}))
    b = board(m, knight("ground", "C4"))
    b = b.model_copy(update={"knights": b.knights + (Knight(id="up", name="Up", vp=VpRef(monster="egg", index=0)),)})
    assert grouped(b, b.knight("up"))
    assert not grouped(b, b.knight("ground"))


def test_closest_and_furthest_for_mobs_go_around_obstacles() -> None:
    """ "Closest: ... via the shortest possible path" and "Mobs exclude occupied and Obstacle spaces
    when designating the shortest possible path"; ties return every Knight."""
    walls = tuple((BOULDER, f"{r}4") for r in "ABCDEFG")
    m = mob("rat", "D3")
    b = board(m, knight("behind", "D5"), knight("far", "D1"), terrain=walls)
    assert closest(b, m) == ["far"]  # 'behind' needs to go around the wall (via row H)
    assert furthest(b, m) == ["behind"]
    tie = board(boss("egg", "D5"), knight("a", "D3"), knight("b", "D7"))
    assert closest(tie, tie.monster("egg")) == ["a", "b"]
    sealed = board(mob("rat", "A1"), knight("x", "A3"), terrain=((BOULDER, "A2"), (BOULDER, "B1")))
    assert closest(sealed, sealed.monster("rat")) == []  # no viable path: not a viable Target


def test_in_range() -> None:
    """ "Range Attack X: Can be performed against a Knight within X spaces of the Monster." (Range is
    not blocked by Obstacles.)"""
    m = boss("egg", "C3")
    b = board(m, knight("a", "C6"), terrain=((BOULDER, "C4"),))
    assert in_range(b, m, b.knight("a"), 3) and not in_range(b, m, b.knight("a"), 2)


# -- Monster movement --------------------------------------------------------------------------
def test_mob_moves_around_occupied_and_obstacle_spaces() -> None:
    """ "Mobs have to move around them (and count spaces accordingly)"."""
    b = board(mob("rat", "C2"), knight("k", "C6"), terrain=((BOULDER, "C3"),))
    outs = monster_move(b, "rat", "k")
    assert outs
    for o in outs:
        assert s("C3") not in o.path and len(o.path) == 6  # 5 spaces around the Boulder
        assert where(o, "rat") in {"B6", "D6", "C5"}


def test_boss_crashes_knights_and_destroys_destructible_terrain() -> None:
    """ "Boss Monsters ignore Terrain tiles, unless they have the Destructible keyword, in which case
    that Terrain tile is destroyed" and "a Knight on a space the Boss Monster moved through or onto
    suffers Crash"."""
    b = board(boss("egg", "C2"), knight("kara", "C3"), knight("sonch", "C7"), terrain=((COLUMN, "C4"), (BOULDER, "C5")))
    [o] = monster_move(b, "egg", "sonch")
    assert where(o, "egg") == "C6"
    assert kinds(o, "crash") == ["kara"] and o.state.knight("kara").knocked_down
    assert [t.name for t in o.state.terrain] == ["Boulder"]


def test_boss_ending_on_a_knight_crash_and_unavoidable_knockback() -> None:
    """ "If a Boss Monster ends its movement on a space occupied by a Knight, that Knight suffers Crash
    and Unavoidable Knockback equal to the Monster's Unavoidable Knockback value."  Stalwart cannot
    stop it ("cannot be lowered or ignored")."""
    b = board(
        boss("egg", "C2", size=2, unavoidable_knockback=2),
        knight("kara", "D4", KnightKeyword.STALWART),
        knight("sonch", "D6"),
    )
    outs = monster_move(b, "egg", "sonch", speed=2)
    for o in outs:
        assert o.state.monster("egg").anchor == s("C4")
        assert kinds(o, "crash") == ["kara"]
        assert "Stalwart" not in told(o)
        kara = o.state.knight("kara").space
        assert kara is not None and kara not in o.state.monster("egg").cells
    # Kara is under the footprint's lower-left space: south and west are equally near its side,
    # so the player chooses; the step out of the Monster is not counted, then 2 more spaces.
    assert {where(o, "kara") for o in outs} == {"G4", "D1"}


def test_boss_ending_on_a_mob_displaces_it_to_the_closest_space() -> None:
    """ "If a Boss Monster ends its movement on a space occupied by a Mob Monster, that Monster is
    Displaced to the closest unoccupied space."."""
    b = board(boss("egg", "C2"), mob("rat", "C5"), knight("k", "C6"))
    outs = monster_move_direction(b, "egg", Direction.E, 3)
    assert all(where(o, "egg") == "C5" for o in outs)
    assert sorted(where(o, "rat") or "" for o in outs) == ["B5", "C4", "D5"]


def test_ranged_monster_stops_when_in_range() -> None:
    """ "a Monster performing a Ranged Attack will stop as soon as it is within range!"."""
    b = board(boss("egg", "C1"), knight("k", "C10"))
    [o] = monster_move(b, "egg", "k", range_=4)
    assert where(o, "egg") == "C6"


def test_speed_and_difficult_terrain() -> None:
    """ "Monsters on Difficult Terrain have -1 Speed."."""
    b = board(boss("egg", "C1"), knight("k", "C10"), terrain=((BOG, "C1"),))
    [o] = monster_move(b, "egg", "k", speed=3)
    assert where(o, "egg") == "C3"


def test_move_behind_and_move_lateral() -> None:
    """ "Move Behind: Move to the furthest space adjacent to the Target." and "Move Lateral: Move along
    the shortest possible path in a straight line ... to a space from which the following Attack ...
    can be performed"."""
    b = board(boss("egg", "C2"), knight("k", "C6"))
    outs = move_behind(b, "egg", "k")
    assert {where(o, "egg") for o in outs} == {"B6", "C7", "D6"}  # all 5 spaces away: players choose
    behind = next(o for o in outs if where(o, "egg") == "C7")
    assert behind.state.monster("egg").facing == Direction.W and kinds(behind, "crash") == ["k"]
    lat = board(boss("egg", "A2"), knight("k", "E9"))
    [o] = move_lateral(lat, "egg", "k", range_=4)
    assert where(o, "egg") == "A9" and [p.label for p in o.path][-2:] == ["A8", "A9"]
    [o] = move_lateral(lat, "egg", "k", zone=1)  # no straight line reaches: it stays
    assert where(o, "egg") == "A2"


def test_jump_and_land_on_top() -> None:
    """ "Jump: This movement does not cause Crash or destroy Terrain tiles, with the exception of
    Knights and Terrain tiles the Monster ends this movement on." "Land on Top: ... Displace the
    Target to a front space (does not cause Crash or Unavoidable Knockback)."."""
    b = board(boss("egg", "C2"), knight("kara", "C3"), knight("k", "C7"), terrain=((COLUMN, "C4"),))
    [o] = jump(b, "egg", "k")
    assert where(o, "egg") == "C6" and not kinds(o, "crash") and o.state.terrain
    outs = land_on_top(board(boss("egg", "C2", unavoidable_knockback=3), knight("k", "C6")), "egg", "k")
    assert {where(o, "egg") for o in outs} == {"C6"}
    assert {where(o, "k") for o in outs} == {"C7"}  # the front space (it faced east)
    assert all(not kinds(o, "crash") for o in outs)


def test_appear_on_a_knight_causes_crash() -> None:
    """ "Appear X: Place the Monster miniature on the designated space." (standard ending rules)."""
    b = board(boss("egg", "A1", unavoidable_knockback=1), knight("k", "C5"))
    outs = appear(b, "egg", s("C5"))
    assert all(kinds(o, "crash") == ["k"] for o in outs)
    assert sorted(where(o, "k") or "" for o in outs) == ["A5", "C3", "C7", "E5"]


# -- Knight movement ---------------------------------------------------------------------------
def test_knight_movement_rules() -> None:
    """ "You cannot move through Obstacle or Chasm Terrain tiles. You cannot move through other
    Knights or Monsters." and Difficult Terrain: "they move one less space"."""
    b = board(knight("k", "C1"), knight("o", "C2"), boss("egg", "B1"), terrain=((CHASM, "D1"),))
    assert knight_reachable(b, "k", 4) == {}
    dt = board(knight("k", "C1"), terrain=((BOG, "C2"),))
    reach = knight_reachable(dt, "k", 3)
    assert s("C4") not in reach and s("C3") in reach and s("A1") in reach
    with pytest.raises(IllegalMove):
        knight_move(dt, "k", s("C4"), 3)
    o = knight_move(dt, "k", s("C3"), 3)
    assert [e.terrain for e in o.events if e.kind == "terrain_entered"] == ["bog@C2"]


def test_knocked_down_knight_cannot_move() -> None:
    """Knockdown: "you cannot move voluntarily"."""
    b = board(knight("k", "C1", knocked_down=True))
    assert knight_reachable(b, "k", 5) == {}


def test_climb_and_leave_a_vp() -> None:
    """ "A Knight adjacent to the Monster may perform a Climb test" and "A Knight may move from a
    Monster VP space to a space on the Board adjacent to the Monster ... as if they were adjacent"."""
    m = boss("egg", "C3", size=2, diagram={"vantage_points": [(0, 0)]})
    b = board(m, knight("k", "C2"))
    assert climbable_vps(b, "k") == []  # locked until created
    b = unlock_vp(b, "egg", 0)
    [vp] = climbable_vps(b, "k")
    up = climb(b, "k", vp).state
    assert up.knight("k").vp == vp
    reach = knight_reachable(up, "k", 1)
    assert s("B3") in reach and s("A3") not in reach


def test_vault_and_hug() -> None:
    """Vault: "place your miniature on an empty space in a straight line from you, on the opposite
    side of the Monster, adjacent to it." Hug X: "Each space you move to must be unoccupied and
    adjacent to a Monster"."""
    b = board(boss("egg", "C3", size=2), knight("k", "C2"))
    assert vault_spaces(b, "k") == [s("C5")]
    assert where(place_knight(b, "k", s("C5")), "k") == "C5"
    hug = hug_spaces(b, "k", 1)
    assert hug == [s("B3"), s("D2")]  # diagonal to B3 is allowed; B2 touches no Monster
    assert all(any(h.step(d) in b.monster("egg").cells for d in Direction) for h in hug)


# -- forced movement sub-rules -------------------------------------------------------------------
def test_stalwart_braced_lumbering_and_reduction() -> None:
    """Stalwart: "you may use this ability to ignore it." Braced: "You cannot be involuntarily
    moved". Lumbering: "Cannot be involuntarily moved." and Involuntary Movement Reduction."""
    b = board(boss("egg", "C2"), knight("s", "C3", KnightKeyword.STALWART), knight("b", "B2", KnightKeyword.BRACED))
    outs = knockback(b, "s", "egg", 3)
    assert sorted(where(o, "s") or "" for o in outs) == ["C3", "C6"]
    [o] = knockback(b, "b", "egg", 3)
    assert where(o, "b") == "B2"
    lum = board(boss("egg", "C2", lumbering=True), knight("k", "C1"))
    [o] = knockback(lum, "egg", "k", 3)
    assert where(o, "egg") == "C2"
    red = board(boss("egg", "C2"), knight("k", "C3"))
    [o] = knockback(red, "k", "egg", 3, reduction=2)
    assert where(o, "k") == "C4"


def test_boundless_edge_kills_and_lifeline_saves() -> None:
    """Boundless: "If a Knight is forced to move onto or beyond this tile or Board Edge, they die."
    Lifeline: "when you are about to die from falling from a Boundless Board Edge, stop adjacent to
    it"."""
    b = board(
        boss("egg", "C10"),
        knight("k", "C11"),
        knight("l", "E11", KnightKeyword.LIFELINE),
        boss("e2", "E10"),
        boundless_edges=frozenset({EdgeSide.RIGHT}),
    )
    [o] = knockback(b, "k", "egg", 3)
    assert o.state.knight("k").dead and kinds(o, "death") == ["k"]
    [o] = knockback(b, "l", "e2", 3)
    assert where(o, "l") == "E12" and not o.state.knight("l").dead


def test_knockback_passes_over_a_chasm_but_dies_ending_there() -> None:
    """ "Knights do not die from moving over a Chasm during Knockback, unless they end their movement
    on that space."."""
    b = board(boss("egg", "C2"), knight("k", "C3"), terrain=((CHASM, "C4"),))
    [o] = knockback(b, "k", "egg", 2)
    assert where(o, "k") == "C5" and not o.state.knight("k").dead
    [o] = knockback(b, "k", "egg", 1)
    assert o.state.knight("k").dead


def test_pushback_into_the_board_edge_displaces_and_continues() -> None:
    """ "Renholder is pushed back and reaches the Board Edge. Since the Pushback has not been fully
    resolved yet, they must be Displaced in a way that will allow the White Ape Troll to continue
    the Pushback along the Board Edge."."""
    b = board(boss("troll", "C10"), knight("ren", "C11"))
    outs = pushback(b, "troll", "ren", 3)
    ends = sorted((where(o, "ren"), where(o, "troll")) for o in outs)
    assert ends == [("A12", "B12"), ("E12", "D12")]
    assert all(not o.state.knight("ren").dead for o in outs)


def test_pushback_by_a_boss_kills_when_no_displacement_is_possible() -> None:
    """Board Edge: "If displacement is impossible: ... if the source is a Non-Mob Monster, the target
    dies"."""
    b = board(boss("troll", "A10"), knight("ren", "A11"), knight("x", "B11"), knight("y", "B12"))
    [o] = pushback(b, "troll", "ren", 3)
    assert o.state.knight("ren").dead


def test_mob_pushback_into_indestructible_obstacle_stops_with_crash() -> None:
    """ "If a Knight is about to be pushed into an Indestructible Obstacle by a Mob Monster, stop the
    Pushback instead, and that Knight suffers Crash."."""
    b = board(mob("rat", "C2"), knight("k", "C3"), terrain=((BOULDER, "C5"),))
    [o] = pushback(b, "rat", "k", 4)
    assert where(o, "k") == "C4" and where(o, "rat") == "C3" and kinds(o, "crash") == ["k"]


def test_pull_reroutes_around_an_indestructible_obstacle() -> None:
    """Pull: "If a Knight is about to be pulled into an Indestructible Obstacle, it suffers Crash and
    continues to move along the Obstacle's edge along the shortest possible path toward the Source."
    and "If the affected miniature is or becomes adjacent to the source, the Pull ends."."""
    b = board(boss("egg", "C2"), knight("k", "C6"), terrain=((BOULDER, "C4"),))
    outs = pull(b, "egg", "k", 5)
    assert outs and all(kinds(o, "crash") == ["k"] for o in outs)
    assert sorted(where(o, "k") or "" for o in outs) == ["B2", "C3", "D2"]  # 1 space, Crash, 4 around
    turned = next(o for o in outs if where(o, "k") == "B2")
    assert turned.state.monster("egg").facing == Direction.N  # "turn the source to face the affected miniature"


def test_drag_needs_adjacency() -> None:
    """Drag X: "If the target is adjacent, the source moves X spaces directly away from the target"."""
    b = board(boss("rat", "C2"), knight("k", "C5"))
    [o] = drag(b, "rat", "k", 3)
    assert where(o, "rat") == "C2" and where(o, "k") == "C5"


def test_forced_vault() -> None:
    """Forced Vault: "place its miniature on a space in a straight line from the source, on the
    opposite side of the source, adjacent to it. ... If a Knight would have to end this movement
    outside the Board Edge ... they die instead."."""
    b = board(boss("egg", "C3", size=2), knight("k", "C2"), knight("edge", "A3"))
    [o] = forced_vault(b, "egg", "k")
    assert where(o, "k") == "C5"
    b2 = board(boss("egg", "G3", size=2), knight("k", "F3"))
    [o] = forced_vault(b2, "egg", "k")
    assert o.state.knight("k").dead


def test_displace_and_death_when_boxed_in() -> None:
    """Displace: "If a Knight is Displaced and there is no space they can legally be Displaced to,
    they die instead."."""
    b = board(knight("k", "A1"), knight("x", "A2"), knight("y", "B1"))
    [o] = displace(b, "k")
    assert o.state.knight("k").dead
    assert len(displace(board(knight("k", "C3")), "k")) == 4


def test_terrain_placement_rules() -> None:
    """Terrain Placement on a Knight: "If the tile has the Obstacle and Destructible keywords, it is
    destroyed and the Knight suffers Crash." "If the tile has just the Obstacle keyword, the Knight
    suffers Crash and is Displaced"; on Indestructible Terrain: "Ignore this new tile placement."."""
    b = board(knight("k", "C3"))
    [o] = place_terrain(b, COLUMN, s("C3"))
    assert not o.state.terrain and kinds(o, "crash") == ["k"]
    outs = place_terrain(b, BOULDER, s("C3"))
    assert len(outs) == 4 and all(where(x, "k") != "C3" for x in outs)
    rock = board(terrain=((BOULDER, "C3"),))
    [o] = place_terrain(rock, COLUMN, s("C3"))
    assert [t.name for t in o.state.terrain] == ["Boulder"]
    [o] = place_terrain(b, CHASM, s("C3"))
    assert o.state.knight("k").dead


def test_the_tile_a_knight_stands_on_is_not_entered_again() -> None:
    """Rulebook (line 1570): Unless stated otherwise, you resolve a tile effect when entering the first space of a
    tile."""
    st = board(knight("k", "C2"), terrain=[(BOG, "C2")])
    inside = knight_move(st, "k", s("D3"), 4)  # within the Bog: nothing entered
    assert [e.terrain for e in inside.events if e.kind == "terrain_entered"] == []
    out = knight_move(st, "k", s("C5"), 4)  # leaving it: nothing entered either
    assert [e.terrain for e in out.events if e.kind == "terrain_entered"] == []
