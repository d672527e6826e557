"""Monster Targeting (rules/clash/targeting.py): lines top to bottom, every criterion, ties and the tokens."""

from __future__ import annotations

from typing import Any

from content.schema.monsters import AttackSpec, TargetingLine
from rules.board import Knight, Monster
from rules.board.geometry import Coord
from rules.board.los import monster_sees
from rules.board.state import VpRef
from rules.clash.targeting import ROUTINE, Targeting, find_target
from rules.knights.statistics import portrait
from rules.knights.statistics import speed as knight_speed
from rules.knights.view import new_knight
from rules.state import CampaignState
from tests.board.helpers import BOULDER, COLUMN, HEDGE, board, boss, knight, mob
from tests.clash.helpers import boss as clash_state
from tests.knights._support import CAT


def line(text: str, *criteria: str | dict[str, Any]) -> TargetingLine:
    crit = [{"is": c} if isinstance(c, str) else c for c in criteria]
    return TargetingLine.model_validate({"text": text, "criteria": crit})


def camp(
    *minis: Knight | Monster, terrain: tuple[Any, ...] = (), stats: dict[str, dict[str, Any]] | None = None,
    priority: str | None = None, divine: str | None = None, last: str | None = None, squires: tuple[str, ...] = (),
    content: dict[str, str] | None = None,
) -> CampaignState:
    """A campaign with a board and a Clash; every board Knight but the Squires is a campaign Knight with the same
    id (starter Knights), whose statistics are set from ``stats``."""
    b = board(*minis, terrain=terrain)
    state = CampaignState(name="t", seed=1, board=b, clash=clash_state(ai_deck=["ai1a"]))
    for k in b.knights:
        if k.id in squires:
            continue
        ks = new_knight(CAT, CAT.knights[(content or {}).get(k.id, "lanternbearer")], k.name, f"u-{k.id}", k.id)
        ks.stats.passion = ks.stats.heat = ks.stats.bane = 0
        for name, value in (stats or {}).get(k.id, {}).items():
            setattr(ks.stats, name, value)
        state.knights[k.id] = ks
    assert state.clash is not None
    state.clash.flow.priority_target, state.clash.flow.divine_target = priority, divine
    state.clash.flow.last_to_wound = last
    return state


def target(state: CampaignState, *lines: TargetingLine, monster: str = "egg", **kw: Any) -> Targeting:
    attack = kw.pop("attack", None)
    return find_target(state, monster, list(lines), attack, **kw)


CLOSEST = line("Closest Knight", "closest")


# -- "2. Targeting" ----------------------------------------------------------------------------------------------
def test_first_line_with_a_target_resolves() -> None:
    """Rulebook (line 1057): read the lines in the "Targeting" area of the card, one by one from top to bottom
    until you find the first one that you can resolve. Do not check further Targeting lines."""
    s = camp(boss("egg", "C3"), knight("near", "C5"), knight("far", "H12"))
    got = target(s, line("Adjacent Knight", "adjacent"), line("Furthest Knight", "furthest"), CLOSEST)
    assert (got.line, got.text, got.knights) == (1, "Furthest Knight", ("far",))
    assert not got.tied and not got.ask_players and not got.no_target


def test_a_knight_must_meet_every_criterion_of_one_line() -> None:
    """Rulebook (line 1058): To become the Target, a Knight must fulfill all requirements of a single targeting
    line."""
    s = camp(boss("egg", "C3"), knight("lone_far", "H12"), knight("a", "C5"), knight("b", "C6"))
    # 'a' is the closest, 'lone_far' the only Lone Knight: the Closest Lone Knight is lone_far
    assert target(s, line("Closest Lone Knight", "closest", "lone")).knights == ("lone_far",)
    # no Knight is both Adjacent and Lone: the line has no Target, the next one resolves
    got = target(s, line("Adjacent Lone Knight", "adjacent", "lone"), CLOSEST)
    assert (got.line, got.knights) == (1, ("a",))


def test_no_line_resolves_the_routine() -> None:
    """Rulebook (line 1058): If there is no valid Target for any of the targeting instructions, the card is
    discarded and the Monster performs its Routine instead."""
    s = camp(boss("egg", "C3"), knight("a", "H12"))
    got = target(s, line("Adjacent Knight", "adjacent"), line("Engaged Knight", "engaged"))
    assert got == ROUTINE and got.line is None and got.knights == () and got.text == ""


def test_zone_line_resolves_with_no_knight_inside() -> None:
    """Rulebook (line 1058): Note that when resolving a targeting line that specifies a Zone, the spaces in the
    Zone are the targets, not specific Knights, and thus they are considered performed even if there are no
    Knights in the designated Zone (therefore they do not result in a Routine)."""
    s = camp(boss("egg", "C3"), knight("a", "H12"))
    got = target(s, line("Zone 1", {"is": "zone", "value": 1}), CLOSEST)
    assert got.line == 0 and got.knights == ()
    assert got.zone is not None and len(got.zone) == 8 and Coord(2, 2) not in got.zone
    inside = camp(boss("egg", "C3"), knight("a", "D4"), knight("b", "E5"))
    assert target(inside, line("Zone 1", {"is": "zone", "value": 1})).knights == ("a",)


def test_dead_knights_are_never_targets() -> None:
    """Rulebook (line 1480): Death During Clash. When a Knight dies, that Knight is removed from the Clash Board
    and cannot be used in any way."""
    gone = Knight(id="gone", name="Gone", dead=True)
    s = camp(boss("egg", "C3"), gone, knight("dying", "C4"), knight("far", "H12"))
    s.knights["dying"].dead = True  # dead in the campaign, not yet lifted from the board
    assert target(s, CLOSEST).knights == ("far",)
    assert target(s, line("Adjacent Knight", "adjacent")) == ROUTINE


def test_no_target_line_always_resolves() -> None:
    """Rulebook (line 1081): No Target: Always resolve this instruction if no other targeting instruction is
    applicable."""
    s = camp(boss("egg", "C3"), knight("a", "H12"))
    got = target(s, line("Adjacent Knight", "adjacent"), line("No Target", "no_target"))
    assert (got.line, got.no_target, got.knights) == (1, True, ())


def test_start_continues_after_a_line_nobody_meets() -> None:
    """Rulebook (line 1057): read the lines ... one by one from top to bottom until you find the first one that
    you can resolve."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"))
    lines = [line("Knight with a Slimed Condition", {"is": "with", "text": "a Slimed Condition card"}), CLOSEST]
    asked = target(s, *lines)
    assert asked.ask_players and asked.line == 0 and asked.tied == ("a", "b") and asked.knights == ()
    assert target(s, *lines, start=1).knights == ("a",)  # the players said nobody is Slimed


def test_mob_measures_around_occupied_spaces() -> None:
    """Rulebook (line 1059): Distance in Kingdoms Forlorn is always measured along the shortest path from source
    to target through orthogonally adjacent spaces (in cardinal directions), never diagonally."""
    lines = [line("Closest non-engaged Knight", "closest", "non_engaged")]
    # a Boss goes through the Knight on A2: 'past' (A3) is 2 away, 'down' (D1) 3
    as_boss = camp(boss("egg", "A1"), knight("wall", "A2"), knight("past", "A3"), knight("down", "D1"))
    assert target(as_boss, *lines).knights == ("past",)
    # a Mob goes around it (B1, B2, B3): 'past' is 4 away, 'down' still 3
    as_mob = camp(mob("rat1", "A1"), mob("rat2", "H12", 2), knight("wall", "A2"), knight("past", "A3"),
                  knight("down", "D1"))
    assert target(as_mob, *lines, monster="rat1").knights == ("down",)
    # Adjacent is to the attacking Mob only
    assert target(as_mob, line("Adjacent", "adjacent"), monster="rat1").knights == ("wall",)
    assert target(as_mob, line("Adjacent", "adjacent"), monster="rat2") == ROUTINE


# -- "Typical Targeting Instructions" ------------------------------------------------------------------------------
def test_adjacent_engaged_and_non_engaged() -> None:
    """Rulebook (line 1064): Adjacent: The Target is on a space that shares an edge with a space occupied by the
    attacking Monster."""
    s = camp(boss("egg", "C3"), mob("rat", "F8"), knight("by_rat", "F9"), knight("free", "A12"))
    assert target(s, line("Adjacent", "adjacent")) == ROUTINE
    assert target(s, line("Engaged", "engaged")).knights == ("by_rat",)  # adjacent to at least one Monster
    assert target(s, line("Non-Engaged", "non_engaged")).knights == ("free",)


def test_grouped_and_lone() -> None:
    """Rulebook (line 1069): Grouped Knight: The Target is adjacent to another Knight."""
    s = camp(boss("egg", "C3"), knight("a", "C5"), knight("b", "C6"), knight("c", "H12"))
    assert target(s, line("Grouped", "grouped")).tied == ("a", "b")
    assert target(s, line("Lone", "lone")).knights == ("c",)  # no other Knight within three spaces
    near = camp(boss("egg", "C3"), knight("x", "A8"), knight("y", "B10"))  # 3 spaces apart
    assert target(near, line("Lone", "lone")) == ROUTINE


def test_in_front_needs_line_of_sight() -> None:
    """Rulebook (line 1071): In front: The Target is on any space in front (see Monster Facing, p. 49) and within
    Line of Sight (see p. 49) of the Monster."""
    s = camp(boss("egg", "C3", facing="N"), knight("hidden", "A3"), knight("seen", "A6"), knight("behind", "D3"),
             terrain=((COLUMN, "B3"),))
    m = s.board.monster("egg")
    assert not monster_sees(s.board, m, s.board.knight("hidden")) and monster_sees(s.board, m, s.board.knight("seen"))
    assert target(s, line("Closest Knight in front", "closest", "in_front")).knights == ("seen",)


def test_in_sight_excludes_a_knight_behind_obscuring_terrain() -> None:
    """Rulebook (line 1073): In sight: The Target is within the Line of Sight (see p. 49) of the Monster."""
    s = camp(boss("egg", "C3"), knight("hidden", "C6"), knight("seen", "G3"), terrain=((HEDGE, "C5"),))
    assert target(s, line("Closest Knight in sight", "closest", "in_sight")).knights == ("seen",)
    assert target(s, CLOSEST).knights == ("hidden",)


def test_in_range_value_and_the_attacks_range() -> None:
    """Rulebook (line 1072): In range: The Target is in effective Range X of the Monster's Attack."""
    s = camp(boss("egg", "C3"), knight("three", "C6"), knight("five", "C8"))
    assert target(s, line("In range 3", {"is": "in_range", "value": 3})).knights == ("three",)
    assert target(s, line("In range 2", {"is": "in_range", "value": 2})) == ROUTINE
    ranged = AttackSpec(types=["range"], range=5)
    got = target(s, line("In range", {"is": "in_range", "value": 0}, "furthest"), attack=ranged)
    assert got.knights == ("five",)  # value 0: the Attack's own Range 5
    assert target(s, line("In range", {"is": "in_range", "value": 0}), attack=AttackSpec()) == ROUTINE  # melee: 1


def test_in_and_not_in_areas() -> None:
    """Rulebook (line 1074): In/on X: The Target is in the specified area or on the specified space. For example,
    in Blindspot, on Vantage Point."""
    diagram = {"blindspots": [(0, -1)], "weakspots": [(0, 1)], "vantage_points": [(0, 0)]}
    egg = boss("egg", "C3", facing="N", diagram=diagram, unlocked_vps=frozenset({0}))
    up = Knight(id="up", name="Up", vp=VpRef(monster="egg", index=0))
    s = camp(egg, up, knight("blind", "C2"), knight("weak", "C4"), knight("rear", "D3"), knight("front", "A6"),
             knight("moss", "H12"), terrain=((HEDGE, "H12"),))
    for area, who in [("blindspot", "blind"), ("weakspot", "weak"), ("rear", "rear"), ("front", "front"),
                      ("vantage_point", "up"), ("terrain", "moss")]:
        assert target(s, line(f"in {area}", {"is": "in", "area": area})).knights == (who,), area
    rest = target(s, line("Not in the Rear", {"is": "not_in", "area": "rear"}))
    assert set(rest.tied) == {"up", "blind", "weak", "front", "moss"}


def test_last_knight_to_wound() -> None:
    """Rulebook (line 1076): Last Knight to Wound: The Knight who was the last to successfully wound the Monster
    with an Attack."""
    pieces = (boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"))
    lines = [line("Last Knight to Wound", "last_to_wound"), CLOSEST]
    assert target(camp(*pieces, last="b"), *lines).knights == ("b",)
    assert target(camp(*pieces), *lines).line == 1  # nobody wounded it yet: the next line


def test_closest_ignores_a_knight_with_no_path() -> None:
    """Rulebook (line 1059): If there is no viable path to the Target, it is not a viable Target."""
    sealed = ((BOULDER, "A11"), (BOULDER, "B12"))
    s = camp(mob("rat", "E5"), knight("boxed", "A12"), knight("open", "H1"), terrain=sealed)
    assert target(s, line("Furthest", "furthest"), monster="rat").knights == ("open",)
    only = camp(mob("rat", "E5"), knight("boxed", "A12"), terrain=sealed)
    assert target(only, CLOSEST, line("Any Knight", {"is": "knights", "value": 1}),
                  monster="rat").knights == ("boxed",)  # not viable for Closest; the next line takes him


def test_highest_zero_is_still_valid() -> None:
    """Rulebook (line 1070): Highest X: Most value of a specified statistic. For example, Highest Passion or
    Highest Heat; "0" is still considered a valid amount."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"), stats={"a": {"heat": 0}, "b": {"heat": 0}})
    got = target(s, line("Highest Heat", {"is": "highest", "stat": "heat"}), CLOSEST)
    assert got.line == 0 and got.tied == ("a", "b")
    s.knights["b"].stats.heat = 2
    assert target(s, line("Highest Heat", {"is": "highest", "stat": "heat"})).knights == ("b",)
    assert target(s, line("Lowest Heat", {"is": "lowest", "stat": "heat"})).knights == ("a",)


def test_lowest_vigor_and_highest_passion() -> None:
    """Rulebook (line 1079): Lowest X: Lowest value of a specified statistic. For example, lowest Vigor or lowest
    Heat; "0" is still considered a valid amount."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"),
             stats={"a": {"vigor": 5, "passion": 1}, "b": {"vigor": 3, "passion": 4}})
    assert target(s, line("Lowest Vigor", {"is": "lowest", "stat": "vigor"})).knights == ("b",)
    assert target(s, line("Highest Passion", {"is": "highest", "stat": "passion"})).knights == ("b",)


def test_most_skips_the_line_when_nobody_has_the_resource() -> None:
    """Rulebook (line 1080): Most X: Most amount of a specified resource. For example, Most Bane. If there is no
    Knight that has the specified resource, skip this targeting line."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"))
    lines = [line("Most Bane", {"is": "most", "stat": "bane"}), CLOSEST]
    assert target(s, *lines).line == 1
    s.knights["b"].stats.bane = 1
    assert (target(s, *lines).line, target(s, *lines).knights) == (0, ("b",))


def test_least_counts_only_knights_with_the_resource() -> None:
    """Rulebook (line 1077): Least X: Least amount of a specified resource, for example, Least Bane. If there is no
    Knight that has the specified resource, skip this targeting line."""
    s = camp(boss("egg", "C3"), knight("none", "C4"), knight("two", "H12"), knight("three", "H1"),
             stats={"two": {"bane": 2}, "three": {"bane": 3}})
    assert target(s, line("Least Bane", {"is": "least", "stat": "bane"})).knights == ("two",)


def test_conditions_count_as_a_statistic() -> None:
    """Rulebook (line 1083): With X: Knight with a specific game element, like a Gear card, Condition card, or
    statistic value."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"),
             stats={"a": {"conditions": ["slimed"]}, "b": {"conditions": ["slimed", "bleeding"]}})
    assert target(s, line("Most Conditions", {"is": "most", "stat": "conditions"})).knights == ("b",)


def test_speed_comes_from_the_portrait_modifiers_and_cowardice() -> None:
    """Rulebook (line 1685): Cowardice (Bravery): You have -1 Speed."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"), content={"a": "ashgrove"})
    a, b = s.knights["a"], s.knights["b"]
    base_a, base_b = portrait(CAT, a).speed, portrait(CAT, b).speed
    assert knight_speed(CAT, a) == base_a
    fastest = line("Highest Speed", {"is": "highest", "stat": "speed"})
    b.stats.modifiers["speed"] = base_a - base_b  # now equal: a tie
    assert target(s, fastest, catalogue=CAT).tied == ("a", "b")
    a.sheet.vices["cowardice"] = 1
    assert knight_speed(CAT, a) == base_a - 1
    assert target(s, fastest, catalogue=CAT).knights == ("b",)
    assert target(s, fastest).ask_players  # without the catalogue the players judge


def test_knight_tokens_are_judged_by_the_players() -> None:
    """Rulebook (line 1080): Most X: Most amount of a specified resource."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"), knight("c", "H1"))
    lines = [line("Knight who placed most tokens", {"is": "most", "stat": "knight_tokens"}, "non_engaged")]
    asked = target(s, *lines)
    assert asked.ask_players and asked.tied == ("b", "c") and asked.choose == 1
    assert target(s, *lines, meets=["c"]).knights == ("c",)


def test_squire_statistics_are_judged_by_the_players() -> None:
    """Rulebook (line 934): Squire. During a Clash, Squires are considered Knights unless stated otherwise."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("squire", "H12"), squires=("squire",))
    assert target(s, CLOSEST).knights == ("a",)  # distance needs no statistics
    asked = target(s, line("Highest Heat", {"is": "highest", "stat": "heat"}))
    assert asked.ask_players and asked.tied == ("a", "squire")


def test_with_asks_the_players_among_the_knights_meeting_the_rest() -> None:
    """Rulebook (line 1083): With X: Knight with a specific game element, like a Gear card, Condition card, or
    statistic value. For example, With a Slimed Condition card."""
    s = camp(boss("egg", "C3"), knight("engaged", "C4"), knight("near", "E3"), knight("far", "H12"))
    slimed = line("Closest Knight with Slimed", "closest", {"is": "with", "text": "a Slimed Condition card"},
                  "non_engaged")
    asked = target(s, slimed)
    assert asked.ask_players and asked.tied == ("near", "far") and asked.knights == ()
    assert target(s, slimed, meets=["near", "far"]).knights == ("near",)  # both Slimed: the closest
    assert target(s, slimed, meets=["far"]).knights == ("far",)
    assert target(s, slimed, CLOSEST, meets=[]).line == 1  # nobody Slimed: the next line


def test_x_knights_takes_the_x_closest() -> None:
    """Rulebook (line 1084): X Knights: Specified number of Knights."""
    s = camp(boss("egg", "C3"), knight("one", "C4"), knight("two", "C6"), knight("four", "H12"), knight("x", "A10"))
    got = target(s, line("2 closest Knights", {"is": "knights", "value": 2}, "closest"))
    assert got.knights == ("one", "two") and not got.tied
    few = camp(boss("egg", "C3"), knight("one", "C4"))
    assert target(few, line("3 Knights", {"is": "knights", "value": 3})).knights == ("one",)


def test_filters_apply_before_superlatives_whatever_their_order() -> None:
    """Rulebook (line 1058): To become the Target, a Knight must fulfill all requirements of a single targeting
    line."""
    s = camp(boss("egg", "C3"), knight("engaged", "C4"), knight("free", "F3"))
    a = target(s, line("Closest non-engaged", "closest", "non_engaged"))
    b = target(s, line("Non-engaged closest", "non_engaged", "closest"))
    assert a.knights == b.knights == ("free",)


def test_superlatives_apply_in_the_order_listed() -> None:
    """Rulebook (line 1067): Closest: The Target is the shortest distance (in spaces) from the Monster (via the
    shortest possible path) among all possible Targets."""
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "B3"), knight("c", "H12"),
             stats={"a": {"heat": 1}, "b": {"heat": 2}, "c": {"heat": 5}})
    closest_hot = line("Closest, highest Heat", "closest", {"is": "highest", "stat": "heat"})
    hot_closest = line("Highest Heat, closest", {"is": "highest", "stat": "heat"}, "closest")
    assert target(s, closest_hot).knights == ("b",)  # a and b are 1 away; b is hotter
    assert target(s, hot_closest).knights == ("c",)


# -- "Priority Target" --------------------------------------------------------------------------------------------
TIE = (boss("egg", "D5"), knight("a", "D3"), knight("b", "D7"), knight("c", "B5"))


def test_priority_target_wins_a_tie() -> None:
    """Rulebook (line 1089): If two or more Knights are equally viable Targets (fulfill all instructions for the
    same Targeting line) and one of them is the Priority Target, this Knight becomes the Target."""
    assert target(camp(*TIE, priority="b"), CLOSEST).knights == ("b",)
    # the Priority Target outside the tie does not matter
    s = camp(*TIE, knight("far", "H12"), priority="far")
    assert target(s, CLOSEST).tied == ("a", "b", "c")


def test_divine_target_wins_a_tie_without_the_priority_target() -> None:
    """Rulebook (line 1092): The Divine Target token functions similarly to the Priority Target token as a
    tiebreaker"""
    assert target(camp(*TIE, divine="c", priority="zzz"), CLOSEST).knights == ("c",)


def test_both_tokens_tied_the_players_choose_between_them() -> None:
    """Rulebook (line 1092): If both the Divine Target and the Priority Target are equally viable Targets, players
    may choose the Target."""
    got = target(camp(*TIE, priority="a", divine="c"), CLOSEST)
    assert got.knights == () and got.tied == ("a", "c") and got.choose == 1


def test_no_token_in_the_tie_the_players_choose() -> None:
    """Rulebook (line 1090): If two or more Knights are equally viable Targets and none of them is the Priority
    Target, the players may choose which of them becomes the Target."""
    got = target(camp(*TIE), CLOSEST)
    assert got.knights == () and got.tied == ("a", "b", "c") and got.choose == 1 and not got.ask_players


def test_x_knights_tokens_first_players_choose_the_rest() -> None:
    """Rulebook (line 1089): If two or more Knights are equally viable Targets (fulfill all instructions for the
    same Targeting line) and one of them is the Priority Target, this Knight becomes the Target."""
    two = line("2 closest Knights", {"is": "knights", "value": 2}, "closest")
    got = target(camp(*TIE, priority="b"), two)
    assert got.knights == ("b",) and got.tied == ("a", "c") and got.choose == 1
    both = target(camp(*TIE, priority="b", divine="c"), two)
    assert both.knights == ("b", "c") and not both.tied
    s = camp(*TIE, knight("z", "D6"), priority="a")  # z is 1 away: certain; one more among a, b, c
    got = target(s, two)
    assert got.knights == ("z", "a") and not got.tied


def test_priority_target_line() -> None:
    """Rulebook (line 1082): Priority Target: The Knight with the Priority Target token."""
    lines = [line("Priority Target", "priority_target"), line("Furthest", "furthest")]
    s = camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12"), priority="a")
    assert target(s, *lines).knights == ("a",)
    assert target(camp(boss("egg", "C3"), knight("a", "C4"), knight("b", "H12")), *lines).line == 1


def test_token_holder_named_by_the_campaign_knight_id() -> None:
    """Rulebook (line 1088): The Knight with the token is considered to be the Priority Target."""
    s = camp(*TIE)
    ks = s.knights.pop("b")
    s.knights["ser-b"] = ks.model_copy(update={"id": "ser-b"})  # the campaign's id differs from the board's
    assert s.clash is not None
    s.clash.flow.priority_target = "ser-b"
    assert target(s, CLOSEST).knights == ("b",)
    assert target(s, line("Priority Target", "priority_target")).knights == ("b",)



def test_every_knight_line_targets_all_living_knights() -> None:
    """Rulebook (line 1084): - X Knights: Specified number of Knights."""
    dead = knight("gone", "A1").model_copy(update={"dead": True, "space": None})
    s = camp(boss("egg", "C3"), knight("a", "C5"), knight("b", "H12"), dead)
    got = target(s, line("Every Knight", "every"))
    assert (got.line, got.knights, got.tied, got.ask_players) == (0, ("a", "b"), (), False)
    # with a criterion the bot cannot judge, the players still name them
    assert target(s, line("Every Knight with a Slimed card", "every", {"is": "with", "text": "Slimed"})).ask_players
