"""Putting a spawned Mob's miniature on the Clash Board (rulebook "Spawning Mobs": "Take the corresponding Mob
miniature and place it on a space specified by the Monster Sheet. Then turn it to face the most Knights.").

Where is data: the Monster's spawn ``place``. ``edge_near_attacker`` is "the closest empty Board Edge space to the
Knight who dealt the Wound" (ties: the first in reading order); ``by_hand`` (the default) leaves the placement to
the GM, with the command to type.
"""

from __future__ import annotations

from rules.board.geometry import Coord
from rules.board.movement_types import face_most_knights
from rules.board.naming import slug
from rules.board.state import BoardState, BypassLevel, Monster
from rules.clash.lookups import knight_state, monster_content
from rules.clash.mob_facts import MobPlaceByHand, MobRises
from rules.clash.mob_track import occupied
from rules.coverage import implements
from rules.engine import Engine
from rules.facts import Line
from rules.state import CampaignState

T = "tests/clash/test_spawning.py::"


def edge_space(board: BoardState, near: Coord | None) -> Coord | None:
    """The closest empty Board Edge space to ``near`` (ties: the first in reading order); None when none is free."""
    spec = board.spec
    taken = {k.space for k in board.knights if k.space is not None and not k.dead}
    taken |= {c for m in board.monsters for c in m.cells}
    edge = [Coord(r, c) for r in range(spec.rows) for c in range(spec.columns)
            if r in (0, spec.rows - 1) or c in (0, spec.columns - 1)]
    free = [sp for sp in edge if sp not in taken and not board.terrain_at(sp)]
    if not free or near is None:
        return free[0] if free else None
    return min(free, key=lambda sp: (abs(sp.row - near.row) + abs(sp.col - near.col), sp))


@implements("Spawning Mobs", tests=[T + "test_a_spawned_mob_rises_on_the_closest_edge_space_facing_the_knights"])
def place_spawned(engine: Engine, state: CampaignState, near: str | None) -> list[Line]:
    """Every Mob on the Mob track without a miniature gets one, where the Monster's spawn says."""
    clash = state.clash
    if clash is None or clash.monster_type != "mob":
        return []
    m = monster_content(engine, clash)
    placed = {mini.mob_number for mini in state.board.monsters}
    lines: list[Line] = []
    for space in occupied(clash):
        if space in placed:
            continue
        name = f"{m.name} {space}"
        where = m.spawn.place if m.spawn is not None else "by_hand"
        knight = next((k for k in state.board.knights if near == k.id or (
            k.id not in state.squires and near == knight_state(state, k.id).id)), None) \
            if near else None
        cell = edge_space(state.board, knight.space if knight else None) if where == "edge_near_attacker" else None
        if cell is None:
            placement = m.spawn.placement if m.spawn is not None and m.spawn.placement else ""
            lines.append(MobPlaceByHand(mob=space, name=name, placement=placement))
            continue
        mini = Monster(id=slug(name), name=name, kind="mob", anchor=cell, diagram=m.diagram, mob_number=space,
                       unavoidable_knockback=m.unavoidable_knockback or 0, lumbering=m.lumbering,
                       ignores_difficult_terrain=m.ignore_difficult_terrain,
                       bypass=BypassLevel.BYPASS if m.bypass else None, always_there=m.always_there)
        state.board = state.board.model_copy(update={"monsters": (*state.board.monsters, mini)})
        turned = face_most_knights(state.board, mini.id)
        if turned:
            state.board = turned[0].state
        facing = state.board.monster(mini.id).facing
        lines.append(MobRises(mob=space, space=cell.label, facing=facing.name,
                          knight=knight.name if knight else ""))
    return lines
