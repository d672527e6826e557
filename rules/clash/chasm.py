"""A Chasm tile placed under a Knight during a Clash (``/clash place kind:terrain keywords:chasm``).

Rulebook, "Chasm": "If a Chasm tile is placed under a Knight, they die." and "Terrain Placement on a Knight": "the
Terrain tile is simply placed underneath the Knight miniature and that Knight must immediately resolve the tile's
effects (if any) as if they had just moved onto it." The board's own rule for a Knight moved onto a Chasm
(rules/board/work.py ``arrive_knight_terrain``: Lifeline Displaces instead) gives the Outcome, and the Clash's one
death path (rules/clash/harm.py ``apply_outcomes`` and ``kill``: the Priority Target passes, the Knights' Defeat when
all are dead) resolves it. A Monster under the Chasm is told, never silently: nothing happens to it (docs/rulings.md).
Only in campaigns created at state version 6 (``CHASM_PLACED_VERSION``) or later, with a Clash under way; an older
campaign's tile is only put on the board, as when its log was written. A Chasm that is also an Obstacle follows the
Obstacle's placement and is left to the GM, as before. Played in tests/board/test_chasm_placed.py.
"""

from __future__ import annotations

from content.schema.board import TerrainKeyword
from rules.board.state import Terrain
from rules.board.work import Work, arrive_knight_terrain, dedupe
from rules.clash.harm import apply_outcomes
from rules.clash.harm_facts import ChasmUnderMonster
from rules.clash.harm_state import Harm
from rules.dice import Dice
from rules.engine import Engine, Event
from rules.state import CHASM_PLACED_VERSION, CampaignState


def placed(engine: Engine, state: CampaignState, tile: Terrain, dice: Dice) -> list[Event]:
    """What the tile just put on ``state.board`` does to the miniatures under it: the lines to add, none when it is
    no Chasm, in an older campaign or outside a Clash."""
    clash = state.clash
    if state.version < CHASM_PLACED_VERSION or not tile.has(TerrainKeyword.CHASM) or tile.is_obstacle \
            or clash is None or clash.over is not None:
        return []
    cells = set(tile.cells)
    h = Harm(engine, state, dice)
    for m in state.board.monsters:
        if m.cells & cells:
            h.say(ChasmUnderMonster(monster=m.name, terrain=tile.name, mob=m.kind == "mob"))
    under = sorted((k.id, k.name, k.space) for k in state.board.knights if not k.dead and k.space in cells)
    for knight, name, space in under:
        if space is None or h.state.board.knight(knight).dead:
            continue
        works = arrive_knight_terrain(Work(h.state.board), knight, space)
        apply_outcomes(h, [w.outcome() for w in dedupe(works)], f"{tile.name} placed under {name}")
    return h.events("harm")
