"""A spawned Mob's miniature on the Clash Board (rules/clash/spawning.py)."""

from __future__ import annotations

import copy

from bot.narration.registry import carried
from rules.clash.spawning import place_spawned
from rules.engine import Engine
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table


async def _mob_clash(table: Table) -> CampaignState:
    for user, name in (("sonch", "Ser Sonch"), ("kara", "Kara")):
        await table.ok(f'@{user} /knight create knight:lanternbearer name:"{name}"')
    await table.ok("/clash start monster:drowned level:1 type:full")
    state = CampaignState.model_validate(await table.state())
    gone = state.board.monsters[0]  # its miniature is off the board, its card still on the Mob track
    state.board = state.board.model_copy(update={"monsters": state.board.monsters[1:]})
    assert gone.mob_number == 1
    return state


async def test_a_spawned_mob_rises_on_the_closest_edge_space_facing_the_knights(table: Table) -> None:
    """Rulebook (line 1440): - Immediate Spawn: Some Mob Monsters spawn immediately after a BP card ends on the
    Wound Stack. This is resolved as part of the Knight Attack (see p. 56). In this case, take a random BP card one
    level higher from the Escalation deck and place it on the leftmost empty space on the Mob track. Take the
    corresponding Mob miniature and place it on a space specified by the Monster Sheet. Then turn it to face the
    most Knights. If the Mob cannot be spawned (i.e. when the Mob track is full), nothing happens unless stated
    otherwise."""
    state = await _mob_clash(table)
    kara = next(k for k in state.board.knights if k.name == "Kara")
    lines = [carried(x) for x in place_spawned(Engine(CATALOGUE), state, kara.id)]
    mob = next(m for m in state.board.monsters if m.mob_number == 1)
    spec = state.board.spec
    assert mob.anchor.row in (0, spec.rows - 1) or mob.anchor.col in (0, spec.columns - 1)
    distance = abs(mob.anchor.row - kara.space.row) + abs(mob.anchor.col - kara.space.col)
    taken = {k.space for k in state.board.knights} | {c for m in state.board.monsters if m is not mob
                                                       for c in m.cells}
    edge = [(r, c) for r in range(spec.rows) for c in range(spec.columns)
            if (r in (0, spec.rows - 1) or c in (0, spec.columns - 1)) and not state.board.terrain_at(
                type(mob.anchor)(r, c)) and type(mob.anchor)(r, c) not in taken]
    assert distance == min(abs(r - kara.space.row) + abs(c - kara.space.col) for r, c in edge)
    assert lines and "Mob 1 rises on" in lines[0] and "Kara" in lines[0]
    assert place_spawned(Engine(CATALOGUE), state, kara.id) == []  # placed once


async def test_a_mob_placed_by_hand_says_how(table: Table) -> None:
    """Rulebook (line 1440): Take the corresponding Mob miniature and place it on a space specified by the Monster
    Sheet."""
    state = await _mob_clash(table)
    drowned = CATALOGUE.monsters["drowned"]
    assert drowned.spawn is not None
    catalogue = copy.copy(CATALOGUE)
    catalogue.monsters = {**CATALOGUE.monsters, "drowned": drowned.model_copy(update={
        "spawn": drowned.spawn.model_copy(update={"place": "by_hand"})})}
    lines = [carried(x) for x in place_spawned(Engine(catalogue), state, None)]
    assert lines and lines[0].startswith("✋ By hand: place Mob 1") and "/clash place kind:mob" in lines[0]
    assert all(m.mob_number != 1 for m in state.board.monsters)
