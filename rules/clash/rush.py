"""Rush and Improved Rush, the Complicated Action of the Keyword List (rulebook "Complicated Actions").

``/knight attack weapon:<a weapon with Rush> rush:<space>``: the Knight spends both the Movement Action and the
Combat Action; "There is no "action space" between both parts of a Complicated Action", so the move and the
Attack are one command. The bot checks the move the rules prescribe: at least 3 spaces, at Speed +1 (+2), by the
shortest path to the Target, stopping on the first space of that path in the weapon's effective range (with Line
of Sight) — the player names which of the equally short endings they take. The Attack then has Auto-break 1 (a
Break token in the Knight Pool) and, for Improved Rush, +1 Precision.
"""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.gear import GearFace, Keyword
from rules.board.geometry import Coord, parse_space
from rules.board.knight_movement import IllegalMove, knight_move, knight_reachable
from rules.board.state import Monster as Mini_M
from rules.clash.round_facts import KnightMoved, RushAutoBreak
from rules.clash.weapon_range import effective_range
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.state import CampaignState

T = "tests/clash/test_rush.py::"
SPEED = {"Improved Rush": 2, "Rush": 1}
MINIMUM = 3  # "You must move at least 3 spaces"


def rush_kind(keywords: list[Keyword]) -> str | None:
    """"Rush" or "Improved Rush" when the active weapon's keywords have it (Improved first), else None."""
    names = {kw.name for kw in keywords}
    return next((name for name in SPEED if name in names), None)


def precision(keywords: list[Keyword]) -> int:
    """Improved Rush: "Melee/Reach Attack with Auto-break 1 and +1 Precision"."""
    return 1 if rush_kind(keywords) == "Improved Rush" else 0


def endings(state: CampaignState, kid: str, m: Mini_M, face: GearFace, speed: int) -> dict[Coord, int]:
    """Every space the Knight can reach this move from which the Monster is in the weapon's effective range and LoS,
    with the length of the shortest path to it."""
    found: dict[Coord, int] = {}
    for space, path in knight_reachable(state.board, kid, speed).items():
        board = knight_move(state.board, kid, space, speed).state
        if effective_range(board, board.knight(kid), board.monster(m.id), face)[1] is None:
            found[space] = len(path) - 1
    return found


def rush_speed(cat: Catalogue, k: KnightState, kind: str) -> int:
    """The Speed of the Rush's move: the Knight's Speed +1 (Improved Rush +2)."""
    return st.speed(cat, k) + SPEED[kind]


def allowed_endings(state: CampaignState, kid: str, m: Mini_M, face: GearFace, speed: int) -> tuple[int, list[Coord]]:
    """The spaces the Rush may end on — the nearest spaces with ``m`` in the weapon's effective range and LoS — and
    how many spaces away they are; ``(0, [])`` when none is reachable. The move is legal only when that is at least
    ``MINIMUM``."""
    found = endings(state, kid, m, face, speed)
    if not found:
        return 0, []
    nearest = min(found.values())
    return nearest, sorted((s for s, n in found.items() if n == nearest), key=lambda s: (s.row, s.col))


@implements("Complicated Actions", tests=[T + "test_rush_needs_both_actions", T + "test_rush_is_one_command"])
def rush(cat: Catalogue, state: CampaignState, k: KnightState, kid: str, m: Mini_M, face: GearFace,
         keywords: list[Keyword], to: str) -> list[Line]:
    """The movement part of Rush, on the Knight's open turn; the Attack follows in the same command."""
    clash = state.clash
    assert clash is not None and clash.flow.turn is not None
    kind = rush_kind(keywords)
    if kind is None:
        raise RuleError(f"the {face.name} has no Rush: Rush is a keyword of the active weapon (Rush or Improved Rush)")
    if face.ranged is not None:
        raise RuleError(f"{kind} makes a Melee/Reach Attack: the {face.name} is a Ranged weapon")
    if clash.flow.turn.moved:
        raise RuleError(f"{k.name} has already used the Movement Action this turn: \"Complicated actions can be "
                        "performed only if the Knight can perform both the Movement Action and Combat Action\"")
    try:
        dest = parse_space(to.upper())
    except ValueError as exc:
        raise RuleError(f"rush: {exc}") from None
    speed = rush_speed(cat, k, kind)
    nearest, allowed = allowed_endings(state, kid, m, face, speed)
    if not allowed:
        raise RuleError(f"{k.name} cannot reach a space with {m.name} in the {face.name}'s effective range at Speed "
                        f"{speed} ({kind})")
    if nearest < MINIMUM:
        raise RuleError(f"{kind}: \"You must move at least 3 spaces\" — {m.name} is in range after {nearest} "
                        f"space{'s' if nearest != 1 else ''}, and the Knight must stop there")
    if dest not in allowed:
        raise RuleError(f"{kind}: \"reach your target via the shortest possible path. Stop when in the effective "
                        f"range of your active Weapon\" — rush to " + " or ".join(s.label for s in allowed))
    try:
        outcome = knight_move(state.board, kid, dest, speed)
    except IllegalMove as exc:  # knight_reachable said it was legal; kept for safety
        raise RuleError(f"{k.name} cannot rush to {dest.label}: {exc}") from None
    state.board = outcome.state
    clash.flow.turn.moved = True
    moved = st.after(cat, k, "movement")
    clash.flow.pool["break"] = clash.flow.pool.get("break", 0) + 1
    return [KnightMoved(knight=k.name, space=dest.label, speed=speed, then=outcome.told, rush=kind,
                        spaces=nearest),
            *moved, RushAutoBreak(kind=kind)]

