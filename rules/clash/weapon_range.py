"""Whether a Monster is in a weapon's effective range and the Knight's Line of Sight (rulebook "1. Declare Attack
and Active Weapon"): the Knight attack and Rush ask it."""

from __future__ import annotations

from collections.abc import Sequence

from content.schema.gear import GearFace, Keyword
from rules.board import measures
from rules.board.los import knight_sees_monster
from rules.board.state import BoardState
from rules.board.state import Knight as Mini
from rules.board.state import Monster as Mini_M


def effective_range(board: BoardState, mini: Mini, m: Mini_M, face: GearFace,
                    keywords: Sequence[Keyword] | None = None) -> tuple[str, str | None]:
    """(the range's name, why the Monster cannot be attacked or None). "You can only choose a weapon as active if
    the target of your Attack is in that weapon's effective range (adjacent for melee, within range X–Y for Ranged,
    etc.) and LoS"; "Reach weapons can also be used when adjacent". ``keywords``: the weapon's with its Upgrade's
    (default: the face's own)."""
    adjacent = measures.is_adjacent(board, m, mini, for_monster=False)
    distance = measures.range_to(board, m.cells, mini, m)
    if face.ranged is not None:
        ok, what = face.ranged[0] <= distance <= face.ranged[1], f"Ranged {face.ranged[0]}–{face.ranged[1]}"
    elif face.reach is not None:
        ok, what = adjacent or distance <= face.reach, f"Reach {face.reach}"
    else:
        ok, what = adjacent, "Melee (adjacent)"
    if not ok:
        return what, (f"{m.name} is {distance} space{'s' if distance != 1 else ''} away: out of the {face.name}'s "
                      f"effective range ({what}); move first, or choose another weapon")
    if not in_cardinal_line(mini, m, face.keywords if keywords is None else keywords):
        return what, (f"the {face.name} is Unwieldy: it may only attack targets in a straight cardinal line, and "
                      f"{m.name} shares no row or column with {mini.name}; move first, or choose another weapon")
    if not knight_sees_monster(board, mini, m):
        return what, (f"{mini.name} has no Line of Sight to {m.name}: a Knight must have LoS to the Monster to "
                      "attack it")
    return what, None


def in_cardinal_line(mini: Mini, m: Mini_M, keywords: Sequence[Keyword]) -> bool:
    """"Unwieldy: If a Weapon is Unwieldy, you may only attack targets in a straight cardinal line": the Knight's
    space shares a row or a column with a space of the Monster (a Knight on the Monster's Vantage Point stands on
    it and is in line, docs/rulings.md). True for a weapon that is not Unwieldy."""
    if not any(kw.name == "Unwieldy" for kw in keywords) or mini.space is None:
        return True
    return any(c.row == mini.space.row or c.col == mini.space.col for c in m.cells)
