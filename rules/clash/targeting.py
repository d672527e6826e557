"""Monster Targeting: who or what becomes the Target of a Monster Attack (rulebook "2. Targeting", "Typical
Targeting Instructions", "Priority Target"). See docs/clash.md, "Targeting", and docs/rulings.md.

``find_target`` reads the Targeting lines top to bottom and returns the first line with a valid Target: the
Knight(s) it names after the Priority/Divine Target tiebreaks, the Knights the players must choose among, the
spaces of a Zone line, or that the players must judge a criterion the bot cannot (``with``, ``text``, Knight
tokens). ``line`` None means no line resolved: the card is discarded and the Monster performs its Routine.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from content.loader import Catalogue
from content.schema.monsters import AttackSpec, TargetCriterion, TargetingLine
from rules.board import measures as ms
from rules.board.geometry import Coord
from rules.board.los import monster_sees
from rules.board.naming import slug
from rules.board.state import BoardState, Knight, Monster
from rules.board.wave import wave_targets
from rules.coverage import implements
from rules.knights.state import KnightState
from rules.knights.statistics import speed

if TYPE_CHECKING:
    from rules.state import CampaignState

T = "tests/clash/test_targeting.py::"
SUPERLATIVES = frozenset({"closest", "furthest", "highest", "lowest", "most", "least"})
PLAYERS_JUDGE = frozenset({"with", "text"})
# "Most X" and "Least X" also filter: a Knight without the resource is not a candidate (docs/rulings.md)
NOT_FILTERS = (SUPERLATIVES - {"most", "least"}) | PLAYERS_JUDGE | {"knights", "zone", "no_target", "every"}


@dataclass(frozen=True)
class Targeting:
    """What a Targeting step found.

    ``knights`` are the Target(s). ``tied``: the players choose ``choose`` of these ("the players may choose
    which of them becomes the Target"); ``knights`` then holds only the Targets already certain (an X Knights
    line whose tokens or ranking settled some of the X). ``ask_players``: the line has a criterion the bot
    cannot judge; the players name the Target(s) among ``tied`` meeting the whole line, or say that no Knight
    does (the caller then goes on with ``start=line + 1``), or the caller passes their answer back as
    ``meets`` to let the bot finish the line. ``zone``: a Zone line's spaces (the targets; ``knights`` are the
    Knights in it); ``sheltered``: the Knights in a Wave Attack's Zone that an Obstacle shelters.
    ``no_target``: a "No Target" line; the instruction happens without a Knight Target."""

    line: int | None
    text: str
    knights: tuple[str, ...]
    tied: tuple[str, ...] = ()
    choose: int = 1
    zone: frozenset[Coord] | None = None
    ask_players: bool = False
    no_target: bool = False
    sheltered: tuple[str, ...] = ()


ROUTINE = Targeting(line=None, text="", knights=())


@dataclass(frozen=True)
class _Ctx:
    board: BoardState
    monster: Monster
    sheets: dict[str, KnightState | None]  # board Knight id -> its campaign Knight (None: a Squire, not tracked)
    alias: dict[str, str]  # every id a Knight is known by -> its board id
    priority: str | None
    divine: str | None
    last_to_wound: str | None
    attack: AttackSpec | None
    catalogue: Catalogue | None
    wave_cover: bool  # Obstacles shelter Knights from a Wave (a campaign before rules.state.BOARD_PIECES_VERSION: not)


def _context(state: CampaignState, monster_id: str, attack: AttackSpec | None, cat: Catalogue | None) -> _Ctx:
    from rules.state import BOARD_PIECES_VERSION

    board = state.board
    sheets: dict[str, KnightState | None] = {}
    alias: dict[str, str] = {}
    for k in board.knights:
        ks = state.knights.get(k.id) or next(
            (s for s in state.knights.values() if slug(s.name) == k.id or s.name == k.name), None)
        sheets[k.id] = ks
        alias[k.id] = k.id
        if ks is not None:
            alias.setdefault(ks.id, k.id)
    flow = state.clash.flow if state.clash is not None else None

    def holder(kid: str | None) -> str | None:
        return None if kid is None else alias.get(kid)

    return _Ctx(
        board=board, monster=board.monster(monster_id), sheets=sheets, alias=alias,
        priority=holder(flow.priority_target if flow else None), divine=holder(flow.divine_target if flow else None),
        last_to_wound=holder(flow.last_to_wound if flow else None), attack=attack, catalogue=cat,
        wave_cover=state.version >= BOARD_PIECES_VERSION,
    )


def _candidates(ctx: _Ctx) -> list[Knight]:
    """Living Knights on the board: "When a Knight dies, that Knight is removed from the Clash Board"."""
    out = []
    for k in ctx.board.living_knights():
        ks = ctx.sheets.get(k.id)
        if ks is None or not ks.dead:
            out.append(k)
    return out


def _attack_range(c: TargetCriterion, attack: AttackSpec | None) -> int:
    """``in_range`` with ``value: 0`` means the Attack's own effective Range (a melee Attack: 1)."""
    if c.value:
        return c.value
    return attack.range if attack is not None and attack.range is not None else 1


def _in_area(ctx: _Ctx, c: TargetCriterion, k: Knight) -> bool:
    b, m = ctx.board, ctx.monster
    if c.area == "vantage_point":
        return k.vp is not None
    if k.space is None:
        return False
    if c.area == "blindspot":
        return k.space in ms.blindspots(b, m)
    if c.area == "rear":
        return k.space in ms.rear_spaces(b, m)
    if c.area == "front":
        return k.space in ms.front_spaces(b, m)
    if c.area == "weakspot":
        return k.space in ms.weakspots(b, m)
    return bool(b.terrain_at(k.space))  # "terrain": on a space of any Terrain tile


@implements("Typical Targeting Instructions", tests=[
    T + "test_adjacent_engaged_and_non_engaged", T + "test_grouped_and_lone", T + "test_in_front_needs_line_of_sight",
    T + "test_in_sight_excludes_a_knight_behind_obscuring_terrain", T + "test_in_range_value_and_the_attacks_range",
    T + "test_in_and_not_in_areas", T + "test_last_knight_to_wound", T + "test_closest_ignores_a_knight_with_no_path",
    T + "test_highest_zero_is_still_valid", T + "test_most_skips_the_line_when_nobody_has_the_resource",
    T + "test_least_counts_only_knights_with_the_resource", T + "test_x_knights_takes_the_x_closest",
    T + "test_with_asks_the_players_among_the_knights_meeting_the_rest",
], note="With X, Knight tokens and a Squire's statistics: the players judge (ask_players)")
def _meets(ctx: _Ctx, c: TargetCriterion, k: Knight) -> bool:
    """Whether a Knight meets one filtering criterion (the superlatives are ranked by ``_score``)."""
    b, m = ctx.board, ctx.monster
    match c.is_:
        case "adjacent":
            return ms.is_adjacent(b, m, k)
        case "engaged":
            return ms.engaged(b, k)
        case "non_engaged":
            return ms.non_engaged(b, k)
        case "grouped":
            return ms.grouped(b, k)
        case "lone":
            return ms.lone(b, k)
        case "in_front":
            return ms.in_front(b, m, k)
        case "in_sight":
            return monster_sees(b, m, k)
        case "in_range":
            return ms.in_range(b, m, k, _attack_range(c, ctx.attack))
        case "in":
            return _in_area(ctx, c, k)
        case "not_in":
            return not _in_area(ctx, c, k)
        case "last_to_wound":
            return k.id == ctx.last_to_wound
        case "priority_target":
            return k.id == ctx.priority
        case "most" | "least":  # "If there is no Knight that has the specified resource, skip this targeting line."
            value = _stat(ctx, c, k)
            return value is None or value > 0
    return True


def _stat(ctx: _Ctx, c: TargetCriterion, k: Knight) -> int | None:
    """A statistic of a Knight, or None when the bot does not track it (the players judge)."""
    ks = ctx.sheets.get(k.id)
    if ks is None or c.stat is None or c.stat == "knight_tokens":
        return None
    if c.stat == "speed":
        if ctx.catalogue is None or ks.knight not in ctx.catalogue.knights:
            return None
        return speed(ctx.catalogue, ks)
    if c.stat == "conditions":
        return len(ks.stats.conditions)
    value: int = getattr(ks.stats, c.stat)
    return value


def _score(ctx: _Ctx, c: TargetCriterion, k: Knight) -> int | None:
    """The ranking value of a superlative (lower is better); None: not a viable Target (no path)."""
    if c.is_ in ("closest", "furthest"):
        d = ms.monster_distance(ctx.board, ctx.monster, k)
        return None if d is None else (d if c.is_ == "closest" else -d)
    value = _stat(ctx, c, k)
    if value is None:
        return None
    return -value if c.is_ in ("highest", "most") else value


def _judged(ctx: _Ctx, c: TargetCriterion, cands: Sequence[Knight]) -> bool:
    return c.is_ in ("closest", "furthest") or all(_stat(ctx, c, k) is not None for k in cands)


@implements("Priority Target", tests=[
    T + "test_priority_target_wins_a_tie", T + "test_divine_target_wins_a_tie_without_the_priority_target",
    T + "test_both_tokens_tied_the_players_choose_between_them", T + "test_no_token_in_the_tie_the_players_choose",
    T + "test_x_knights_tokens_first_players_choose_the_rest", T + "test_priority_target_line",
], note="the tiebreak; passing the token on a Passion rise or a death is the Clash flow's")
def _tiebreak(ctx: _Ctx, sure: list[str], boundary: list[str], slots: int, line: int, text: str) -> Targeting:
    """``sure`` are Targets already; ``slots`` more are taken among the equally viable ``boundary``."""
    if len(boundary) > slots:
        holders = [h for h in dict.fromkeys((ctx.priority, ctx.divine)) if h is not None and h in boundary]
        if len(holders) > slots:  # "If both ... are equally viable Targets, players may choose the Target."
            return Targeting(line, text, tuple(sure), tied=tuple(holders), choose=slots)
        sure = sure + holders
        boundary = [b for b in boundary if b not in holders]
        slots -= len(holders)
    if len(boundary) > slots > 0:
        return Targeting(line, text, tuple(sure), tied=tuple(boundary), choose=slots)
    return Targeting(line, text, tuple(sure + boundary[:slots]))


@implements("Attack Types", tests=["tests/rulebook_cases/test_wave_cover.py::test_a_wave_attack_is_blocked_by_columns"],
            note="a Wave Attack's Zone leaves out the Knights an adjacent Obstacle shelters (rules.board.wave)")
def _zone(ctx: _Ctx, c: TargetCriterion, index: int, text: str, alive: Collection[str]) -> Targeting:
    """"the spaces in the Zone are the targets, not specific Knights, and thus they are considered performed even
    if there are no Knights in the designated Zone"."""
    x = c.value or 0
    spaces = ms.zone_spaces(ctx.board, ctx.monster.cells, x)
    inside = tuple(k for k in ms.knights_in_zone(ctx.board, ctx.monster.cells, x) if k in alive)
    if ctx.wave_cover and ctx.attack is not None and "wave" in ctx.attack.types:
        # "If the line passes through an Obstacle the Knight is adjacent to, the space is excluded from the Wave
        # Attack." (rules.board.wave)
        hit = set(wave_targets(ctx.board, ctx.monster.cells, spaces))
        return Targeting(index, text, tuple(k for k in inside if k in hit), zone=spaces,
                         sheltered=tuple(k for k in inside if k not in hit))
    return Targeting(index, text, inside, zone=spaces)


def _line(ctx: _Ctx, index: int, line: TargetingLine, meets: Collection[str] | None) -> Targeting | None:
    crit = line.criteria
    kinds = [c.is_ for c in crit]
    if "no_target" in kinds:  # "Always resolve this instruction if no other targeting instruction is applicable."
        return Targeting(index, line.text, (), no_target=True)
    cands = _candidates(ctx)
    zone = next((c for c in crit if c.is_ == "zone"), None)
    if zone is not None:
        return _zone(ctx, zone, index, line.text, {k.id for k in cands})
    x = next((c.value for c in crit if c.is_ == "knights" and c.value), 1)
    cands = [k for k in cands if all(_meets(ctx, c, k) for c in crit if c.is_ not in NOT_FILTERS)]
    if not cands:
        return None
    if "every" in kinds and not any(k in PLAYERS_JUDGE for k in kinds):
        return Targeting(index, line.text, tuple(k.id for k in cands))  # "Every Knight": all of them, no tiebreak
    supers = [c for c in crit if c.is_ in SUPERLATIVES]
    judged = [c for c in supers if _judged(ctx, c, cands)]
    if any(k in PLAYERS_JUDGE for k in kinds) or len(judged) < len(supers):
        if meets is None:
            return Targeting(index, line.text, (), tied=tuple(k.id for k in cands), choose=x, ask_players=True)
        named = {ctx.alias.get(m, m) for m in meets}
        cands = [k for k in cands if k.id in named]
    ranked: list[tuple[tuple[int, ...], str]] = []
    for k in cands:
        scores = [_score(ctx, c, k) for c in judged]
        if all(s is not None for s in scores):  # "If there is no viable path to the Target, it is not a viable Target."
            ranked.append((tuple(s for s in scores if s is not None), k.id))
    if not ranked:
        return None
    ranked.sort(key=lambda r: r[0])
    cutoff = ranked[min(x, len(ranked)) - 1][0]
    sure = [kid for key, kid in ranked if key < cutoff]
    boundary = [kid for key, kid in ranked if key == cutoff]
    return _tiebreak(ctx, sure, boundary, min(x, len(ranked)) - len(sure), index, line.text)


@implements("2. Targeting", tests=[
    T + "test_first_line_with_a_target_resolves", T + "test_a_knight_must_meet_every_criterion_of_one_line",
    T + "test_no_line_resolves_the_routine", T + "test_zone_line_resolves_with_no_knight_inside",
    T + "test_dead_knights_are_never_targets", T + "test_no_target_line_always_resolves",
    T + "test_start_continues_after_a_line_nobody_meets", T + "test_mob_measures_around_occupied_spaces",
])
def find_target(
    state: CampaignState, monster_id: str, lines: Sequence[TargetingLine], attack: AttackSpec | None, *,
    start: int = 0, meets: Collection[str] | None = None, catalogue: Catalogue | None = None,
) -> Targeting:
    """"read the lines in the "Targeting" area of the card, one by one from top to bottom until you find the
    first one that you can resolve. Do not check further Targeting lines." No line: the Routine (``line`` None).

    ``monster_id``: the attacking miniature (a Mob: that Mob). ``start``: the first line to read. ``meets``: the
    players' answer to an ``ask_players`` for line ``start`` (the Knights meeting what the bot cannot judge).
    ``catalogue``: needed for Speed (the Portrait's); without it Speed is left to the players."""
    ctx = _context(state, monster_id, attack, catalogue)
    for index in range(start, len(lines)):
        found = _line(ctx, index, lines[index], meets if index == start else None)
        if found is not None:
            return found
    return ROUTINE
