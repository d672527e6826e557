"""Hug X and Motivate X moved on the Clash Board (rulebook Keyword List), used with ``/knight react``.

- Hug X: "If adjacent to a Monster, during any ability window, move up to X spaces cardinally or diagonally. Each
  space you move to must be unoccupied and adjacent to a Monster." The bot resolves an Attack's steps in one command,
  so the Knight uses Hug during their own turn, before ``/knight attack`` (its first ability window: the Attack is
  then refused if the target is out of the weapon's range, as the rule asks) or right after it (the second).
- Motivate X: "During the second ability window, other Knights may move up to X spaces among them." Used during the
  Knight's own turn once they have attacked; ``moves:"Kara:E5,Ubar:F6"`` names each Knight and where they move, in
  order, the shares adding up to at most X (``rules.board.motivate``).
"""

from __future__ import annotations

from content.schema.gear import Keyword
from rules.board.geometry import Coord, parse_space
from rules.board.knight_abilities import motivate as board_motivate
from rules.board.knight_movement import IllegalMove, hug_spaces, place_knight
from rules.clash.flow import Pending
from rules.clash.knight_attack_facts import AttackMoved
from rules.clash.lookups import knight_state
from rules.clash.rounds import running
from rules.errors import RuleError
from rules.facts import Line
from rules.state import CampaignState


def _own_turn(state: CampaignState, pending: Pending | None, kid: str, what: str) -> None:
    flow = running(state).flow
    if pending is not None or flow.turn is None or flow.turn.knight != kid:
        raise RuleError(f"{what} is used in an ability window of your own Attack: use it during your turn")


def _space(text: str | None, what: str) -> Coord:
    if not text:
        raise RuleError(f"{what}: say where with to:<space>, e.g. to:E5")
    try:
        return parse_space(text.strip().upper())
    except ValueError:
        raise RuleError(f"{what}: {text!r} is not a space label (e.g. E5)") from None


def hug(state: CampaignState, pending: Pending | None, kid: str, kw: Keyword, to: str | None) -> list[Line]:
    """Move the Knight to ``to``, reachable by Hug X (every step unoccupied and adjacent to a Monster)."""
    _own_turn(state, pending, kid, "Hug")
    x = kw.value or 1
    name = knight_state(state, kid).name
    where = _space(to, f"Hug {x}")
    spaces = hug_spaces(state.board, kid, x)
    if where not in spaces:
        shown = ", ".join(s.label for s in spaces) or "none (not adjacent to a Monster, or no free space)"
        raise RuleError(f"{name} cannot Hug to {where.label}: Hug {x} reaches {shown}")
    state.board = place_knight(state.board, kid, where).state
    return [AttackMoved(keyword="Hug", x=x, knight=name, space=where.label)]


def motivate(state: CampaignState, pending: Pending | None, kid: str, kw: Keyword, moves: str | None) -> list[Line]:
    """Move the other Knights named in ``moves`` ("Kara:E5,Ubar:F6"), their shares adding up to at most X."""
    from rules.knights.find import board_id

    _own_turn(state, pending, kid, "Motivate")
    flow = running(state).flow
    x = kw.value or 1
    if flow.turn is None or not flow.turn.attacked:
        raise RuleError(f"Motivate {x} is used during the second ability window: attack first, then use it")
    if not moves:
        raise RuleError(f"Motivate {x}: say who moves where with moves:\"Kara:E5,Ubar:F6\"")
    pairs: list[tuple[str, Coord]] = []
    for part in moves.split(","):
        who, sep, space = part.rpartition(":")
        if not sep or not who.strip():
            raise RuleError(f"Motivate: {part.strip()!r} is not Knight:space (e.g. Kara:E5)")
        pairs.append((board_id(state, who.strip()), _space(space, "Motivate")))
    try:
        outcome = board_motivate(state.board, kid, x, pairs)
    except IllegalMove as exc:
        raise RuleError(f"Motivate {x}: {exc}") from None
    state.board = outcome.state
    moved = [(state.board.knight(k).name, s.label) for k, s in pairs]
    return [AttackMoved(keyword="Motivate", x=x, moves=moved)]
