"""Pushback toward, Drag toward, Knights dragging and pushing Monsters, Knockdown on a VP."""

from __future__ import annotations

from rules.board import KnightKeyword, drag, herd, knockdown, monster_move_direction, pushback
from rules.board.geometry import Direction
from rules.board.state import Knight, VpRef
from tests.board.helpers import BOULDER, CHASM, board, boss, kinds, knight, mob, s, told, where


def test_pushback_toward_follows_the_shortest_path_to_the_space() -> None:
    """Rulebook (line 2043): Pushback toward: Instead of pushing the Target in a straight line, push
    them along the shortest path to the specified space.

    Both zigzag starts are offered; the source moves onto each space the Knight leaves.
    """
    b = board(boss("troll", "C2"), knight("ren", "C3"))
    outs = pushback(b, "troll", "ren", 4, toward=s("E6"))
    ends = sorted((where(o, "ren"), where(o, "troll")) for o in outs)
    assert ends == [("E5", "D5"), ("E5", "E4")]
    assert all(len(o.choices) == 1 for o in outs)
    # it stops on the space when X is larger than the way there
    [o] = pushback(b, "troll", "ren", 5, toward=s("C5"))
    assert where(o, "ren") == "C5" and where(o, "troll") == "C4"


def test_pushback_toward_goes_around_an_indestructible_obstacle() -> None:
    """Rulebook (line 2043): Pushback toward: Instead of pushing the Target in a straight line, push
    them along the shortest path to the specified space.

    The shortest path for the pushed Knight goes around what it can never be pushed through.
    """
    b = board(mob("dead", "C2"), knight("ren", "C3"), terrain=((BOULDER, "C4"),))
    outs = pushback(b, "dead", "ren", 3, toward=s("C6"))
    assert sorted(where(o, "ren") or "" for o in outs) == ["B5", "D5"]
    assert all(not kinds(o, "crash") for o in outs)


def test_pushback_toward_by_a_mob_stops_before_another_miniature() -> None:
    """Rulebook (line 2044): If the source is Mob Monster, stop resolving Pushback if the affected
    miniature would be about to enter another miniature's space."""
    b = board(mob("dead", "C2"), knight("ren", "C3"), knight("kara", "C5"))
    [o] = pushback(b, "dead", "ren", 4, toward=s("C7"))
    assert where(o, "ren") == "C4" and where(o, "dead") == "C3" and where(o, "kara") == "C5"


def test_drag_toward_moves_the_source_past_the_space() -> None:
    """Rulebook (line 1967): Drag toward: Instead of moving straight from the target, the Source moves
    toward and past the specified space along the shortest path, until the Target will be able to
    enter the specified space, or up to the drag value. Then, move the Target along the path the
    source took until adjacent to the Source.

    The step past the space may go any way but back: the players choose.
    """
    b = board(boss("rat", "C5"), knight("sonch", "D5"))
    outs = drag(b, "rat", "sonch", 4, toward=s("C3"))
    assert {where(o, "sonch") for o in outs} == {"C3"}
    assert sorted(where(o, "rat") or "" for o in outs) == ["B3", "C2", "D3"]
    for o in outs:
        assert [p.label for p in o.path][:3] == ["C5", "C4", "C3"]
    # the Drag value runs out first: the Target follows as far as it can
    [o] = drag(b, "rat", "sonch", 1, toward=s("C3"))
    assert where(o, "rat") == "C4" and where(o, "sonch") == "C5"


def test_a_knight_drags_a_mob() -> None:
    """Rulebook (line 1961): Drag X: If the target is adjacent, the source moves X spaces directly
    away from the target, then move the target miniature X spaces along the path the source took.

    Rulebook (line 1962): If the source is Mob Monster or a Knight, stop resolving Drag if it is
    about to enter a space occupied by another miniature.
    """
    b = board(mob("rat", "C5"), knight("kara", "C6"))
    [o] = drag(b, "kara", "rat", 3)
    assert where(o, "kara") == "C9" and where(o, "rat") == "C8"
    assert o.state.monster("rat").facing == Direction.S  # a Monster moved forcefully does not turn
    crowded = board(boss("ape", "C4", size=2), knight("kara", "C6"), knight("sonch", "D7"))
    [o] = drag(crowded, "kara", "ape", 3)
    assert where(o, "kara") == "C9" and where(o, "ape") == "C5"  # stops before Sonch's space
    assert not kinds(o, "crash")
    blocked = board(mob("rat", "C5"), knight("kara", "C6"), mob("rat2", "D7"), terrain=((CHASM, "C7"),))
    [o] = drag(blocked, "kara", "rat", 3)
    assert where(o, "kara") == "C6" and where(o, "rat") == "C5"  # Kara cannot walk into the Chasm


def test_a_knight_drags_a_monster_toward_a_space() -> None:
    """Rulebook (line 1967): Drag toward: Instead of moving straight from the target, the Source moves
    toward and past the specified space along the shortest path, until the Target will be able to
    enter the specified space, or up to the drag value."""
    b = board(mob("rat", "C5"), knight("kara", "C6"))
    outs = drag(b, "kara", "rat", 4, toward=s("A7"))
    assert {where(o, "rat") for o in outs} == {"A7"}
    assert {where(o, "kara") for o in outs} == {"A6", "A8"}


def test_a_knight_pushes_a_mob_along_the_board_edge() -> None:
    """Rulebook (line 2049): Board Edge: If a Knight or a Monster is about to be pushed into the Board
    Edge, they are Displaced to an adjacent space in a way that would allow the source of Pushback
    to move onto a space previously occupied by the affected miniature, then continue Pushback. If
    displacement is impossible: if the source is a Knight, the Pushback stops
    """
    b = board(mob("rat", "C11"), knight("kara", "C10"))
    outs = pushback(b, "kara", "rat", 3)
    ends = sorted((where(o, "rat"), where(o, "kara")) for o in outs)
    assert ends == [("A12", "B12"), ("E12", "D12")]
    boxed = board(mob("rat", "C12"), knight("kara", "C11"), knight("x", "B12"), knight("y", "D12"))
    [o] = pushback(boxed, "kara", "rat", 3)
    assert where(o, "rat") == "C12" and where(o, "kara") == "C11"
    assert "cannot be Displaced" in told(o)


def test_a_knight_pushes_a_monster_toward_a_space() -> None:
    """Rulebook (line 2043): Pushback toward: Instead of pushing the Target in a straight line, push
    them along the shortest path to the specified space."""
    b = board(mob("rat", "C5"), knight("kara", "C4"))
    outs = pushback(b, "kara", "rat", 3, toward=s("A6"))
    assert {where(o, "rat") for o in outs} == {"A6"}
    assert all(o.state.knight("kara").space != o.state.monster("rat").anchor for o in outs)


def test_knockdown_on_a_vp_displaces_first() -> None:
    """Rulebook (line 1553): If a Knight suffers Knockdown or involuntary movement while on a VP
    space, they must first be Displaced to a space adjacent to the Monster."""
    m = boss("egg", "C3", diagram={"vantage_points": [(0, 0)]}, unlocked_vps=frozenset({0}))
    b = board(m, knight("x", "B3"), knight("y", "C2"), knight("z", "C4"))
    b = b.model_copy(update={"knights": (*b.knights, Knight(id="up", name="Up", vp=VpRef(monster="egg", index=0)))})
    [o] = knockdown(b, "up")
    assert where(o, "up") == "D3" and o.state.knight("up").knocked_down
    assert o.state.knight("up").vp is None
    # Herd's "suffer Knockdown instead of being moved" on a Knight on a VP, too
    h = b.model_copy(update={"monsters": (*b.monsters, mob("dead", "A1").model_copy())})
    outs = herd(h, "dead", "up", 2)
    assert all(o.state.knight("up").vp is None for o in outs)


def test_knockdown_alternatives() -> None:
    """Rulebook (line 2072): Rocksteady: When you are about to suffer Knockdown, you may use this
    ability to ignore it.

    Rulebook (line 2073): Roll Out: When you are about to suffer Knockdown while adjacent to a
    Monster, suffer Knockback 4 instead.

    Rulebook (line 1910): Acrobatics: If you would suffer Knockdown while adjacent to a Monster, you
    may Vault instead.

    Rulebook (line 1927): Braced: You cannot be involuntarily moved or suffer Knockdown
    """
    b = board(
        boss("egg", "C3"),
        knight("r", "C4", KnightKeyword.ROLL_OUT),
        knight("a", "B3", KnightKeyword.ACROBATICS),
        knight("s", "H1", KnightKeyword.ROCKSTEADY),
        knight("b", "H5", KnightKeyword.BRACED),
    )
    [o] = knockdown(b, "r")
    assert where(o, "r") == "C8" and not o.state.knight("r").knocked_down
    outs = knockdown(b, "a")
    assert sorted((where(o, "a"), o.state.knight("a").knocked_down) for o in outs) == [("B3", True), ("D3", False)]
    outs = knockdown(b, "s")
    assert sorted(o.state.knight("s").knocked_down for o in outs) == [False, True]
    [o] = knockdown(b, "b")
    assert not o.state.knight("b").knocked_down
    far = board(boss("egg", "C3"), knight("r", "H1", KnightKeyword.ROLL_OUT))
    [o] = knockdown(far, "r")  # not adjacent: an ordinary Knockdown
    assert o.state.knight("r").knocked_down and where(o, "r") == "H1"


def test_braced_knights_are_not_knocked_down_by_crash_and_tumble_is_offered() -> None:
    """Rulebook (line 1927): Braced: You cannot be involuntarily moved or suffer Knockdown

    Rulebook (line 2100): Tumble: When you are about to suffer Crash, roll a d10. On a 6+ ignore it.

    The board flags Tumble on the Crash event (the caller rolls the die).
    """
    b = board(boss("egg", "C2"), knight("br", "C3", KnightKeyword.BRACED), knight("t", "C4", KnightKeyword.TUMBLE))
    outs = monster_move_direction(b, "egg", Direction.E, 3)
    assert outs
    for o in outs:
        assert not o.state.knight("br").knocked_down
        crash_t = [e for e in o.events if e.kind == "crash" and e.miniature == "t"]
        assert crash_t and crash_t[0].ignorable_by == "Tumble"
