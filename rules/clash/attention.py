"""Drawing and escaping the Monster's attention: Hide, Provoke and Spotlight (rulebook Keyword List).

- Hide comes from a game element (a Technique such as Smokescreen): used with ``/knight react`` during the
  Knight's own turn, it takes effect when that turn ends — "you may activate this ability at the end of your turn
  to become Hidden". ``Flow.hidden`` keeps the Round each Knight became Hidden in. While Hidden: +1 Evasion and
  +1 Precision. It ends when the Knight moves in front of a Monster, gains the Priority Target token, after the
  second ability window of their Attack, or at the end of their next turn.
- Provoke and Spotlight are keywords of the active weapon, resolved in the first ability window of its
  Attack.
"""

from __future__ import annotations

from rules.board.measures import in_front
from rules.board.monster_movement import turn_toward
from rules.board.state import BoardState
from rules.clash.attention_facts import (
    HiddenChanged,
    HiddenEnded,
    HiddenEnds,
    HideDeclared,
    PriorityTargetPassed,
    Provoked,
    Spotlit,
    TurnedToFace,
)
from rules.clash.lookups import knight_state
from rules.clash.state import ClashState
from rules.errors import RuleError
from rules.facts import said
from rules.knights.state import KnightState
from rules.state import CampaignState

HIDE = ("Hide: \"If you are not in front of a Monster, you may activate this ability at the end of your turn to "
        "become Hidden.\"")


def _in_front_of_a_monster(board: BoardState, kid: str) -> bool:
    mini = board.knight(kid)
    return any(in_front(board, m, mini) for m in board.monsters)


def hidden(clash: ClashState, kid: str) -> bool:
    return kid in clash.flow.hidden


def bonus(clash: ClashState | None, kid: str) -> int:
    """"As long as you are Hidden, you have +1 Evasion and +1 Precision" (the same +1 for both)."""
    return 1 if clash is not None and hidden(clash, kid) else 0


def declare_hide(state: CampaignState, kid: str, name: str) -> list[str]:
    """The Hide ability used during the Knight's own turn: it is kept for the end of the turn."""
    clash = state.clash
    assert clash is not None
    turn = clash.flow.turn
    if turn is None or turn.knight != kid:
        raise RuleError(f"{HIDE} Use it during {name}'s own turn; the Knight becomes Hidden when the turn ends")
    if _in_front_of_a_monster(state.board, kid):
        raise RuleError(f"{name} is in front of a Monster: {HIDE}")
    turn.hide = True
    return [said(HideDeclared(knight=name))]


def end_of_turn(state: CampaignState, kid: str) -> list[str]:
    """At the end of a Knight's turn: a Hide from the previous Round ends ("at the end of your next turn"), and a Hide
    declared this turn takes effect. The Priority Target token passes "to the Knight with the highest Passion other
    than you" (ties: the first of them in Clash Board order, docs/rulings.md)."""
    clash = state.clash
    assert clash is not None
    flow = clash.flow
    me = knight_state(state, kid)
    lines: list[str] = []
    if kid in flow.hidden and flow.hidden[kid] < flow.round:
        lines += stop(clash, kid, me.name, "next_turn_ended")
    if flow.turn is None or not flow.turn.hide:
        return lines
    if _in_front_of_a_monster(state.board, kid):
        return lines + [said(HiddenChanged(knight=me.name, now=False))]
    flow.hidden[kid] = flow.round
    lines.append(said(HiddenChanged(knight=me.name, now=True)))
    if flow.priority_target == me.id:
        others = [knight_state(state, m.id) for m in state.board.knights
                  if m.id != kid and not m.dead and m.id not in state.squires]  # no token for a Squire
        best = max((k.stats.passion for k in others), default=None)
        heir = next((k for k in others if k.stats.passion == best), None)
        flow.priority_target = heir.id if heir is not None else None
        if heir is not None:
            lines.append(said(PriorityTargetPassed(knight=heir.name, passion=heir.stats.passion)))
    return lines


def stop(clash: ClashState, kid: str, name: str, why: HiddenEnds) -> list[str]:
    if kid not in clash.flow.hidden:
        return []
    del clash.flow.hidden[kid]
    return [said(HiddenEnded(knight=name, why=why))]


def after_move(state: CampaignState, kid: str, name: str) -> list[str]:
    """"You stop being Hidden if you move in front of a Monster"."""
    clash = state.clash
    if clash is None or not hidden(clash, kid) or not _in_front_of_a_monster(state.board, kid):
        return []
    return stop(clash, kid, name, "moved_in_front")


def provoke(state: CampaignState, k: KnightState, kid: str, monster: str) -> list[str]:
    """"During the first ability window, gain the Priority Target token and turn the Monster to face you.\""""
    clash = state.clash
    assert clash is not None
    lines = [said(Provoked(knight=k.name))]
    clash.flow.priority_target = k.id
    lines += stop(clash, kid, k.name, "priority_target")
    outcomes = turn_toward(state.board, monster, kid)
    if outcomes:
        state.board = outcomes[0].state
        facing = state.board.monster(monster).facing
        lines.append(said(TurnedToFace(monster=state.board.monster(monster).name, knight=k.name, facing=facing.name,
                                       tied=len(outcomes) > 1)))
    return lines


def spotlight(clash: ClashState, k: KnightState) -> tuple[int, list[str]]:
    """"During the first ability window, if you are the Priority Target or the Divine Target, gain +Power for this
    Attack": one Power token, +1 Power in the Power Roll (docs/rulings.md)."""
    if k.id not in (clash.flow.priority_target, clash.flow.divine_target):
        return 0, [said(Spotlit(knight=k.name, power=False))]
    return 1, [said(Spotlit(knight=k.name, power=True))]
