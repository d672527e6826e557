"""Area (rulebook Keyword List): a Knight Attack's Power Roll resolved against more Monsters than its Target.

"Area: When resolving the Power Roll against the Target of your Attack, additionally resolve it against all Monsters
on spaces denoted by this keyword. Resolve the Power Roll against each of the Monsters AT individually
(revealing/drawing their BP cards if needed) using this Attack's Total Power. Resolve Monster Responses only for the
original Target of the Attack. Each Area keyword is followed by a description of spaces it targets."

The spaces are the keyword's ``spaces`` (content/schema/gear.py): ``adjacent_to_target`` or ``adjacent_to_you``;
an Area described only in ``text`` is shown for the table to apply by hand. In a Mob Clash each other Mob on those
spaces has its BP card revealed (its When Revealing effects apply) and is wounded — killed — when the Total Power
reaches its AT; none of its Responses are resolved. A Boss Clash has no other Monster to hit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from content.schema.gear import Keyword
from rules.board.geometry import Coord, ring
from rules.board.state import BoardState
from rules.board.state import Knight as Mini
from rules.board.state import Monster as Mini_M
from rules.clash.knight_attack_facts import AttackAreaByHand
from rules.clash.state import ClashState
from rules.facts import said


@dataclass(frozen=True)
class AreaHit:
    """A Monster the Area reaches: its miniature, Mob track space and BP card (to find it again after a Wound)."""

    monster: str
    space: int
    card: str


def area_keywords(keywords: Sequence[Keyword]) -> list[Keyword]:
    return [kw for kw in keywords if kw.name == "Area"]


def area_spaces(board: BoardState, mini: Mini, target: Mini_M, keywords: Sequence[Keyword]) -> frozenset[Coord]:
    """The spaces the Area keywords of the active weapon denote."""
    out: set[Coord] = set()
    for kw in area_keywords(keywords):
        if kw.spaces == "adjacent_to_target":
            out |= ring(board.spec, target.cells)
        elif kw.spaces == "adjacent_to_you" and mini.space is not None:
            out |= ring(board.spec, {mini.space})
    return frozenset(out)


def area_targets(clash: ClashState, board: BoardState, mini: Mini, target: Mini_M,
                 keywords: Sequence[Keyword]) -> list[AreaHit]:
    """The other Mobs standing on a space the Area denotes, in Mob track order."""
    if clash.monster_type != "mob":
        return []
    spaces = area_spaces(board, mini, target, keywords)
    hits: list[AreaHit] = []
    for m in board.monsters:
        if m.id == target.id or m.mob_number is None or not (m.cells & spaces):
            continue
        slot = clash.mob_track[m.mob_number - 1] if m.mob_number <= len(clash.mob_track) else None
        if slot is not None:
            hits.append(AreaHit(monster=m.id, space=m.mob_number, card=slot.card))
    return sorted(hits, key=lambda h: h.space)


def by_hand(keywords: Sequence[Keyword]) -> list[str]:
    """Area keywords whose spaces the bot does not measure: shown for the table."""
    return [said(AttackAreaByHand(spaces=kw.text or "")) for kw in area_keywords(keywords) if kw.spaces is None]
