"""The autoplay policy's choices (bot/tools/autoplay.py's docstring): the answer to each Clash decision, and the
Knight Round's weapon, space and target for each Knight."""

from __future__ import annotations

from dataclasses import dataclass, field

from content.loader import Catalogue
from rules.board import measures
from rules.board.geometry import Coord
from rules.board.knight_movement import IllegalMove, knight_move
from rules.board.state import BoardState
from rules.board.state import Knight as Mini
from rules.board.state import Monster as MonsterMini
from rules.clash import active_weapon as aw
from rules.clash import legal
from rules.clash.evasion import defence
from rules.clash.flow import Pending
from rules.clash.knight_attack import in_range
from rules.clash.lookups import knight_state
from rules.clash.spawning import edge_space
from rules.decision_records import JudgementGroupThen
from rules.errors import RuleError
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.state import CampaignState

# --- the policy ------------------------------------------------------------------------------------------------


def _knight_of(state: CampaignState, pending: Pending) -> KnightState | None:
    for ident in pending.knights:
        try:
            return knight_state(state, ident)
        except RuleError:
            continue
    return None


def _judgement(cat: Catalogue, state: CampaignState, pending: Pending) -> bool:
    """Is the decision about a Judgement test (whose re-roll always costs Heat)?"""
    card_id = pending.activation.card if pending.activation is not None else None
    if state.clash is None or card_id is None:
        return False
    m = cat.monsters[state.clash.monster]
    card = next((c for c in [*m.ai_cards, m.signature, m.routine] if c is not None and c.id == card_id), None)
    return card is not None and card.attack is not None and "judgement" in card.attack.types


def answer(cat: Catalogue, state: CampaignState, pending: Pending, outcome: str) -> list[str]:
    """The policy's answer to a Clash decision (module docstring)."""
    keys = [o.key for o in pending.options]
    k = _knight_of(state, pending)
    if pending.kind == "react":
        return ["go_on"]
    if pending.kind == "path":
        return ["1"]
    if pending.kind == "command":
        return ["disobey" if outcome == "defeat" else "obey"]
    if pending.kind == "target":
        knights = [x for x in keys if x != "none"]
        return knights[: max(1, pending.min_pick)] if knights else ["none"]
    if pending.kind == "judgement_virtue" and k is not None:
        return [max(keys, key=lambda v: (k.sheet.virtue(v), -keys.index(v)))]  # type: ignore[arg-type]
    if pending.kind == "evasion_reroll" and isinstance(pending.then, JudgementGroupThen):
        # a Judgement's re-rolls declared together: every Knight who failed and has Heat to spare re-rolls
        rerolling = [x for x in keys if x != "keep" and st.heat_limit(cat, knight_state(state, x)) >
                     knight_state(state, x).stats.heat]
        return rerolling or ["keep"]
    if pending.kind == "evasion_reroll" and k is not None:
        dice = [x for x in keys if x != "keep"]
        # the Gear's Evasion Re-rolls cost no Heat, but not on a Judgement test
        free = 0 if _judgement(cat, state, pending) else defence(cat, k).rerolls
        room = max(0, st.heat_limit(cat, k) - k.stats.heat)
        n = min(len(dice), pending.pick, free + room)
        return dice[:n] if n else ["keep"]
    if pending.kind == "attack_reroll":
        dice = [x for x in keys if x != "keep"]
        n = min(len(dice), pending.pick)
        return dice[:n] if n else ["keep"]
    return [keys[0]]


# --- the Knight Round's choices ----------------------------------------------------------------------------------


@dataclass
class Plan:
    knight: KnightState
    mini: Mini
    weapon: str | None
    move: Coord | None
    target: MonsterMini | None
    forced: list[int] = field(default_factory=list)
    adjust: str | None = None


def usable_weapons(cat: Catalogue, k: KnightState) -> list[str]:
    """Usable weapons, best first: Attack dice x Weapon Power, then Precision."""
    usable = legal.weapons(cat, k)  # the weapons it may declare (rules/clash/legal.py)

    def score(gid: str) -> tuple[int, int]:
        f = lo.face(cat, k, gid)
        return (f.attack_dice or 1) * f.weapon_power.total, f.precision

    return sorted(usable, key=lambda g: (-score(g)[0], -score(g)[1], usable.index(g)))


def _targets(state: CampaignState) -> list[MonsterMini]:
    assert state.clash is not None
    if state.clash.monster_type == "boss":
        return list(state.board.monsters)
    track = state.clash.mob_track
    return [m for m in state.board.monsters if m.mob_number and 1 <= m.mob_number <= len(track)
            and track[m.mob_number - 1] is not None]


def _distance(board: BoardState, mini: Mini, targets: list[MonsterMini]) -> int:
    return min((measures.range_to(board, m.cells, mini, m) for m in targets), default=99)


def plans(cat: Catalogue, state: CampaignState, mini: Mini) -> tuple[list[Plan], Plan]:
    """Every (weapon, space, target) the Knight can attack from after at most one move, best weapon first and the
    fewest steps first; and the fallback: the move that brings the Knight closest."""
    k = knight_state(state, mini.id)
    speed = st.speed(cat, k)  # as /knight move checks it (Modifier tokens, Conditions, Cowardice)
    reach = legal.reachable(cat, state, mini.id)  # the spaces /knight move accepts (none for a Knight lying down)
    spaces: list[Coord | None] = [None, *sorted(reach, key=lambda c: (reach[c], c.label))]
    targets = _targets(state)
    boards: dict[Coord | None, BoardState] = {None: state.board}
    for sp in spaces[1:]:
        assert sp is not None
        try:
            boards[sp] = knight_move(state.board, mini.id, sp, speed).state
        except IllegalMove:
            continue
    found: list[Plan] = []
    for gid in usable_weapons(cat, k):
        face, keywords, _ = aw.weapon_face(cat, k, gid)
        for sp, board in boards.items():
            moved = state.model_copy(update={"board": board})
            me = board.knight(mini.id)
            for m in sorted(targets, key=lambda t: measures.range_to(board, t.cells, me, t)):
                try:
                    in_range(moved, me, m, face, keywords)
                except RuleError:
                    continue
                found.append(Plan(k, mini, gid, sp, m))
    now = _distance(state.board, mini, targets)
    best = min(boards, key=lambda sp: (_distance(boards[sp], boards[sp].knight(mini.id), targets),
                                       0 if sp is None else reach[sp] + 1))
    closer = best if best is not None and _distance(boards[best], boards[best].knight(mini.id), targets) < now \
        else None
    return found, Plan(k, mini, None, closer, None)


def spawn_space(state: CampaignState, near: Mini | None) -> Coord | None:
    """Immediate Spawn by hand: "the closest empty Board Edge space to the Knight who wounded it" — the rule the bot
    applies to a Monster whose spawn says ``edge_near_attacker`` (rules/clash/spawning.edge_space)."""
    return edge_space(state.board, near.space if near is not None else None)


def facing_most(state: CampaignState, space: Coord) -> str:
    """"turn it to face the most Knights": the direction with the most living Knights ahead (ties: south)."""
    count = {"north": 0, "east": 0, "south": 0, "west": 0}
    for k in state.board.knights:
        if k.dead or k.space is None:
            continue
        dr, dc = k.space.row - space.row, k.space.col - space.col
        if abs(dr) >= abs(dc) and dr:
            count["south" if dr > 0 else "north"] += 1
        elif dc:
            count["east" if dc > 0 else "west"] += 1
    return max(("south", "east", "west", "north"), key=lambda d: count[d])
