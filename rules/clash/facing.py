"""Monster Turning before an Attack (rulebook "Monster Facing", "Monster Turning").

"Unless stated otherwise, a Monster always turns: - Toward the Target, when it begins and ends its movement. -
Toward the Target, before it performs an Attack (unless the Target is a Zone)." and "A Monster does not turn: ...
- During a Simultaneous Attack against two or more Knights (see p. 51). - During Zone Attacks." The movement turns
it already (rules.board.monster_movement); this turns a Monster that attacks without moving, or whose Target moved
during a REACT! window, just before the Attack against each Target.
"""

from __future__ import annotations

from content.schema.monsters import MonsterAttack
from rules.board.monster_movement import turn_toward
from rules.board.state import distinct_effects
from rules.clash.pieces import knows_pieces
from rules.clash.round_facts import FacingBeforeAttack
from rules.coverage import implements
from rules.facts import Line
from rules.state import CampaignState

TEST = "tests/rulebook_cases/test_monster_turning.py::"


@implements("Monster Turning", tests=[TEST + "test_a_monster_attacking_without_moving_turns_toward_its_target",
                                      TEST + "test_no_turn_during_a_zone_attack"])
def face_target(state: CampaignState, card: MonsterAttack, monster_id: str, targets: list[str], knight: str,
                lines: list[Line]) -> None:
    """Turn the attacking Monster toward ``knight`` unless the Attack is a Zone (or Wave) Attack or a Simultaneous
    Attack against two or more Knights. When two facings are equally toward the Target, the first is taken and
    the GM may turn it with /clash place (docs/rulings.md)."""
    spec = card.attack
    if not knows_pieces(state) or spec is None or {"zone", "wave"} & set(spec.types):
        return
    if "simultaneous" in spec.types and len(targets) > 1:
        return
    board = state.board
    mini = next((k for k in board.knights if k.id == knight), None)
    if mini is None or mini.dead or all(m.id != monster_id for m in board.monsters):
        return
    outcomes = distinct_effects(turn_toward(board, monster_id, knight))
    if not outcomes or any(o.state == board for o in outcomes):  # it already faces the Target
        return
    state.board = outcomes[0].state
    lines.append(FacingBeforeAttack(then=outcomes[0].told, tied=len(outcomes) > 1))
