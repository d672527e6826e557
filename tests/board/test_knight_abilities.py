"""Knight abilities on the board: Reposition, Motivate, Inspire, Jump, Bypass, Hug's weapon range,
and the Monster's Always There, Bypass and spawn facing."""

from __future__ import annotations

import pytest

from content.schema.board import TerrainSpec
from rules.board import (
    BypassLevel,
    IllegalMove,
    KnightKeyword,
    face_most_knights,
    hug_spaces,
    inspire,
    is_adjacent,
    knight_move,
    knight_reachable,
    monster_move,
    motivate,
    motivate_options,
    reposition,
    reposition_spaces,
)
from rules.board.geometry import Direction
from tests.board.helpers import BOG, BOULDER, CHASM, K, board, boss, kinds, knight, mob, s, where

MUD = TerrainSpec(id="mud", name="Mud", keywords=frozenset({K.DIFFICULT_TERRAIN}))
WALL = TerrainSpec(id="w", name="Wall", width=2, keywords=frozenset({K.OBSTACLE, K.INDESTRUCTIBLE}))


def test_reposition_is_a_move_like_ability() -> None:
    """Rulebook (line 2070): Reposition X: During the second ability window, you may move up to X
    spaces.

    Rulebook (line 1274): If an ability, a Mortis card, or any other effect allows you to move
    voluntarily without performing a Movement Action, it is considered a move-like ability.
    Move-like abilities are resolved in the same way as movement actions
    """
    b = board(knight("k", "C1"), knight("o", "C2"), terrain=((BOG, "D1"),))
    spaces = reposition_spaces(b, "k", 2)
    assert s("C3") not in spaces  # not through another Knight
    assert s("E1") not in spaces and s("D1") in spaces  # Difficult Terrain: one less space
    assert where(reposition(b, "k", 2, s("A1")), "k") == "A1"
    with pytest.raises(IllegalMove):
        reposition(b, "k", 2, s("C3"))
    down = board(knight("k", "C1", knocked_down=True))
    assert reposition_spaces(down, "k", 3) == {}


def test_motivate_splits_x_between_other_knights() -> None:
    """Rulebook (line 2012): Motivate X: During the second ability window, other Knights may move up
    to X spaces among them. Example: Motivate 3 allows one Knight to move 3 spaces, two Knights to
    move 2 and 1 spaces respectively or three Knights to move 1 space each."""
    b = board(knight("bard", "A1"), knight("a", "C3"), knight("b", "E5"), knight("c", "G7"))
    o = motivate(b, "bard", 3, [("a", s("C5")), ("b", s("E6"))])
    assert where(o, "a") == "C5" and where(o, "b") == "E6"
    o = motivate(b, "bard", 3, [("a", s("C4")), ("b", s("E6")), ("c", s("G8"))])
    assert (where(o, "a"), where(o, "b"), where(o, "c")) == ("C4", "E6", "G8")
    with pytest.raises(IllegalMove):
        motivate(b, "bard", 3, [("a", s("C5")), ("b", s("E7"))])  # 2 + 2 > 3
    with pytest.raises(IllegalMove):
        motivate(b, "bard", 3, [("bard", s("A2"))])  # other Knights only
    with pytest.raises(IllegalMove):
        motivate(b, "bard", 3, [("a", s("C4")), ("a", s("C5"))])  # each Knight moves once
    opts = motivate_options(b, "bard", 3)
    assert "bard" not in opts and opts["a"][s("C6")] == 3 and opts["a"][s("C4")] == 1


def test_inspire_stands_up_x_knights() -> None:
    """Rulebook (line 1998): Inspire X: During the first ability window, choose X knocked down
    Knights. They may immediately stand up."""
    b = board(knight("a", "A1", knocked_down=True), knight("b", "A3", knocked_down=True), knight("c", "A5"))
    o = inspire(b, 1, ["a"])
    assert not o.state.knight("a").knocked_down and o.state.knight("b").knocked_down
    with pytest.raises(IllegalMove):
        inspire(b, 1, ["a", "b"])
    with pytest.raises(IllegalMove):
        inspire(b, 2, ["c"])


def test_jump_and_advanced_jump_ignore_terrain_spaces() -> None:
    """Rulebook (line 1999): Jump: Activate at the start of movement (voluntary or not). Until the end
    of this movement, you may ignore a single space of a Terrain tile (including an Obstacle).

    Rulebook (line 2000): Advanced Jump: Activate at the start of movement (voluntary or not). Until
    the end of this movement, you may ignore up to 2 adjacent spaces of a single Terrain tile
    (including Obstacles).
    """
    b = board(knight("k", "C1", KnightKeyword.JUMP), knight("plain", "F1"), terrain=((BOULDER, "C2"),))
    assert s("C3") in knight_reachable(b, "k", 2)
    assert s("C2") not in knight_reachable(b, "k", 2)  # cannot stand on the Obstacle
    o = knight_move(b, "k", s("C3"), 2)
    assert kinds(o, "ignored") == ["k"]
    walls = board(
        knight("adv", "C1", KnightKeyword.ADVANCED_JUMP),
        knight("j", "E1", KnightKeyword.JUMP),
        terrain=((WALL, "C2"), (WALL, "E2")),
    )
    assert s("C4") in knight_reachable(walls, "adv", 3)
    assert s("E4") not in knight_reachable(walls, "j", 3)
    dt = board(knight("k", "C1", KnightKeyword.JUMP), terrain=((MUD, "C2"),))
    assert s("C4") in knight_reachable(dt, "k", 3)  # the one Mud space is ignored: no -1
    assert s("C4") not in knight_reachable(dt.model_copy(update={"knights": (knight("k", "C1"),)}), "k", 3)


def test_bypass_variants() -> None:
    """Rulebook (line 1929): Bypass: A Knight or Monster may move through spaces occupied by other
    Knights or Monsters, respectively. You cannot end your voluntary movement on a space occupied by
    another miniature.

    Rulebook (line 1931): Superior Bypass: A Knight or Monster may voluntarily move through other
    Miniatures. You cannot end your voluntary movement on a space occupied by another Miniature. A
    Knight or Monster may voluntarily enter an Obstacle space and end its movement on that space.
    It additionally ignores Difficult Terrain and Chasm Terrain Keywords.
    """
    b = board(knight("k", "C1", KnightKeyword.BYPASS), knight("o", "C2"), mob("m", "D1"))
    reach = knight_reachable(b, "k", 2)
    assert s("C3") in reach and s("C2") not in reach and s("E1") not in reach
    adv = b.model_copy(
        update={
            "knights": (
                b.knights[0].model_copy(update={"keywords": frozenset({KnightKeyword.ADVANCED_BYPASS})}),
                b.knights[1],
            )
        }
    )
    assert s("E1") in knight_reachable(adv, "k", 2)
    sup = board(knight("k", "C1", KnightKeyword.SUPERIOR_BYPASS), terrain=((BOULDER, "C2"), (CHASM, "D1"), (BOG, "B1")))
    reach = knight_reachable(sup, "k", 2)
    assert {s("C2"), s("D1"), s("C3"), s("E1"), s("A1")} <= set(reach)


def test_monster_bypass_lets_a_mob_path_through_miniatures() -> None:
    """Rulebook (line 1929): Bypass: A Knight or Monster may move through spaces occupied by other
    Knights or Monsters, respectively.

    Rulebook (line 1930): Advanced Bypass: A Knight or Monster may voluntarily move through other
    Miniatures.
    """
    b = board(mob("rat", "C1"), mob("rat2", "C2"), knight("x", "B2"), knight("y", "D2"), knight("k", "C5"))
    plain = monster_move(b, "rat", "k")
    assert all(len(o.path) > 4 for o in plain)
    by = b.model_copy(
        update={"monsters": (b.monsters[0].model_copy(update={"bypass": BypassLevel.BYPASS}), b.monsters[1])}
    )
    [o] = monster_move(by, "rat", "k")
    assert [p.label for p in o.path] == ["C1", "C2", "C3", "C4"]


def test_hug_keeps_the_target_in_weapon_range() -> None:
    """Rulebook (line 1990): If you perform Hug in the first ability window, you cannot move in a way
    that would result in your target being outside of your weapon's effective range."""
    b = board(boss("egg", "C3", size=2), boss("ape", "C6"), knight("k", "C5"))
    free = hug_spaces(b, "k", 2)
    assert s("B6") in free
    melee = hug_spaces(b, "k", 2, target="egg")
    assert s("B6") not in melee and all(p in free for p in melee) and s("B4") in melee
    reach3 = hug_spaces(b, "k", 2, target="egg", weapon_range=(1, 3))
    assert s("B6") in reach3


def test_always_there_is_adjacent_for_the_monster_only() -> None:
    """Rulebook (line 991): Always There: For the purposes of all Monster Attacks and effects it is
    always considered adjacent to the Knight, but the Knight is not considered adjacent to the
    Monster."""
    b = board(boss("ghost", "A1", always_there=True), knight("k", "H12"))
    g, k = b.monster("ghost"), b.knight("k")
    assert is_adjacent(b, g, k) and not is_adjacent(b, g, k, for_monster=False)
    [o] = monster_move(b, "ghost", "k")
    assert where(o, "ghost") == "A1" and o.state.monster("ghost").facing == Direction.E


def test_mobs_turn_toward_most_knights_when_spawned() -> None:
    """Rulebook (line 1113): Mob Monsters always turn toward most Knights when spawned."""
    b = board(mob("rat", "D6"), knight("a", "D1"), knight("b", "D2"), knight("c", "A12"))
    [o] = face_most_knights(b, "rat")
    assert o.state.monster("rat").facing == Direction.W
    tie = board(mob("rat", "D6"), knight("a", "D1"), knight("c", "D12"))
    assert {o.state.monster("rat").facing for o in face_most_knights(tie, "rat")} == {Direction.W, Direction.E}
