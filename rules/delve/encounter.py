"""Encounters on the Encounter Board: the d6 symbols, where a Monster may stand and what it targets, Monster and Knight
Positioning (normal and Ambush), the Monster Round's targets and the effective range of a Knight's Attack Action.

Pure functions on ``EncounterState`` (rules/delve/encounter_state.py) and the Encounter content (an
``EncounterSide`` of content/schema/encounters.py, an ``EncounterBoard`` of content/schema/encounter_boards.py).
The order of an Encounter and its decisions are in rules/delve/encounter_handlers.py; rulings: docs/rulings.md,
"Encounters".

A Monster's diagram is written facing north (toward row A); ``shape`` turns it to a facing and ``placements`` lists
every way it fits on the board. Placement ties (the rules say which placements are best, not which of two equally
good ones) go to the first in reading order — top row first, then left, then north, east, south, west — and the GM
may move a miniature with ``/encounter place``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from content.schema.dice import DiceSet
from content.schema.encounter_boards import EncounterBoard
from content.schema.encounters import EncounterDiagram, EncounterSide
from content.schema.gear import GearFace
from rules.delve.encounter_state import EncounterMini, EncounterState, Facing, Placing, Space
from rules.dice import Dice

FACINGS: tuple[Facing, ...] = ("north", "east", "south", "west")
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def label(space: Space) -> str:
    return f"{chr(ord('A') + space[0])}{space[1] + 1}"


def labels(spaces: Iterable[Space]) -> list[str]:
    return [label(s) for s in spaces]


def parse(board: EncounterBoard, text: str) -> Space:
    """``B3`` → (1, 2); a ValueError names the board's spaces when it is not one of them."""
    t = text.strip().upper()
    rows, cols = board.size
    if len(t) >= 2 and t[0].isalpha() and t[1:].isdigit():
        space = (ord(t[0]) - ord("A"), int(t[1:]) - 1)
        if 0 <= space[0] < rows and 0 <= space[1] < cols:
            return space
    raise ValueError(f"{text!r} is not a space of {board.name}: rows A–{chr(ord('A') + rows - 1)}, columns 1–{cols}")


def spaces(board: EncounterBoard) -> list[Space]:
    rows, cols = board.size
    return [(r, c) for r in range(rows) for c in range(cols)]


def on_board(board: EncounterBoard, space: Space) -> bool:
    rows, cols = board.size
    return 0 <= space[0] < rows and 0 <= space[1] < cols


def adjacent(a: Iterable[Space], b: Iterable[Space]) -> bool:
    bs = set(b)
    return any((r + dr, c + dc) in bs for r, c in a for dr, dc in STEPS)


def distance(a: Iterable[Space], b: Iterable[Space]) -> int:
    """Counted "in cardinal directions, never diagonally" (rulebook "Effective Range")."""
    return min(abs(x[0] - y[0]) + abs(x[1] - y[1]) for x in a for y in b)


# -- the d6 symbols -------------------------------------------------------------------------------------------


def roll_symbol(dice: Dice, dice_set: DiceSet, purpose: str) -> tuple[int, str | None]:
    """One d6 for positioning: the face number and its symbol, None for a Hope face ("ignore all Hope symbols on the
    rolled dice"). Every colour of the starter dice shows the same symbols; the white die is read."""
    face = dice.d6(purpose, colour="white")
    return face, dice_set.die("white").faces[face - 1].mark


def shown(mark: str | None) -> str:
    return mark if mark is not None else "Hope (ignored)"


# -- where a Monster stands ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    cells: tuple[Space, ...]
    facing: Facing
    targets: tuple[Space, ...]


def _turn(offset: tuple[int, int], facing: Facing) -> tuple[int, int]:
    r, c = offset
    for _ in range(FACINGS.index(facing)):  # a quarter turn clockwise: north becomes east
        r, c = c, -r
    return r, c


def shape(diagram: EncounterDiagram, facing: Facing) -> tuple[list[Space], list[Space]]:
    """The occupied and targeted offsets turned to ``facing``, with the occupied spaces' top-left corner at (0, 0)."""
    occupied = [_turn(o, facing) for o in diagram.occupies]
    targets = [_turn(o, facing) for o in diagram.targets]
    top, left = min(r for r, _ in occupied), min(c for _, c in occupied)
    return sorted((r - top, c - left) for r, c in occupied), sorted((r - top, c - left) for r, c in targets)


def placements(board: EncounterBoard, diagram: EncounterDiagram) -> list[Placement]:
    """Every way the miniature fits on the board, in reading order of its top-left space, then N, E, S, W. The spaces
    a placement targets are those of its diagram that lie on the board."""
    out: list[Placement] = []
    seen: set[tuple[frozenset[Space], frozenset[Space]]] = set()
    rows, cols = board.size
    for r in range(rows):
        for c in range(cols):
            for facing in FACINGS:
                occ, tgt = shape(diagram, facing)
                cells = tuple((r + dr, c + dc) for dr, dc in occ)
                if not all(on_board(board, s) for s in cells):
                    continue
                targets = tuple(sorted((r + dr, c + dc) for dr, dc in tgt if on_board(board, (r + dr, c + dc))))
                key = (frozenset(cells), frozenset(targets))
                if key not in seen:
                    seen.add(key)
                    out.append(Placement(cells=cells, facing=facing, targets=targets))
    return out


def placing(side: EncounterSide, monster_type: str | None) -> Placing:
    """A Mob Monster (a Mob sheet, or a Monster Count above 1): one d6 per miniature; a Dragon: one d6; the others
    (Vassal, King, Devil — and Mob-tier Bosses, docs/rulings.md): two d6."""
    if monster_type == "mob" or side.count > 1:
        return "mob"
    return "dragon" if side.tier == "dragon" else "two_dice"


def _marks(board: EncounterBoard, cells: Iterable[Space]) -> list[str]:
    return [board.mark(r, c) for r, c in cells]


def _matches_all(board: EncounterBoard, p: Placement, symbols: Sequence[str]) -> bool:
    """"stands on both spaces matching the symbols on the dice" (two equal symbols: two such spaces)."""
    marks = _marks(board, p.cells)
    return all(marks.count(m) >= list(symbols).count(m) for m in set(symbols))


def _matches_one(board: EncounterBoard, p: Placement, symbols: Sequence[str]) -> bool:
    return any(m in symbols for m in _marks(board, p.cells))


def _knights_hit(p: Placement, knights: dict[str, Space]) -> int:
    return sum(1 for s in knights.values() if s in p.targets)


def _best(options: list[Placement], key: Any) -> Placement:
    best = max(key(p) for p in options)
    return next(p for p in options if key(p) == best)  # ties: reading order


def place_large(board: EncounterBoard, diagram: EncounterDiagram, symbols: list[str], knights: dict[str, Space],
                ambush: bool, dragon: bool) -> tuple[Placement, list[str], str]:
    """A Vassal/King/Devil (two d6) or Dragon (one d6) Monster: the placements matching the dice, turned to target the
    most spaces (an Ambush: the most Knights first). Returns the placement, the Knights in its way (an Ambush with no
    free placement: "remove the fewest Knights possible"), and how it was chosen."""
    every = placements(board, diagram)
    occupied = set(knights.values())
    if not symbols:
        levels = [(every, "no symbol to match (Hope)")]
    elif dragon:
        levels = [([p for p in every if _matches_one(board, p, symbols)], f"on a {symbols[0]} space")]
    else:
        both = " and ".join(symbols)
        levels = [([p for p in every if _matches_all(board, p, symbols)], f"on {both} spaces"),
                  ([p for p in every if _matches_one(board, p, symbols)], f"on at least one {' or '.join(symbols)} "
                                                                            "space (not both)")]
    levels = [(ps, why) for ps, why in levels if ps] or [(every, "no space matches: anywhere on the board")]

    def key(p: Placement) -> tuple[int, ...]:
        return (_knights_hit(p, knights), len(p.targets)) if ambush else (len(p.targets),)

    for ps, why in levels:
        free = [p for p in ps if not occupied & set(p.cells)]
        if free:
            return _best(free, key), [], why
    # "if it is not possible to place the Monster on the Board due to Knights getting in the way of every possible
    # placement, remove the fewest Knights possible from the Encounter in such a way that placement becomes legal"
    # the fewest Knights over every placement the dice allow; then the closer match, then the usual order
    ranked = [(p, rank, why) for rank, (ps, why) in enumerate(levels) for p in ps]
    best = max((-len(occupied & set(p.cells)), -rank, *key(p)) for p, rank, _ in ranked)
    p, _, why = next(x for x in ranked if (-len(occupied & set(x[0].cells)), -x[1], *key(x[0])) == best)
    in_way = [k for k, s in knights.items() if s in p.cells]
    return p, in_way, why + "; Knights are in the way of every placement"


def place_mob(board: EncounterBoard, diagram: EncounterDiagram, symbol: str | None, taken: set[Space],
              earlier: set[Space], knights: dict[str, Space], ambush: bool) -> tuple[Placement, str]:
    """One Mob miniature: a free space matching its symbol ("If there is no free space ... with a matching symbol,
    place the miniature adjacent to a space with such a symbol"), turned to target the most spaces, overlapping the
    targets of the Mobs already placed as little as possible (an Ambush: the most Knights first)."""
    free = [p for p in placements(board, diagram) if not taken & set(p.cells)]
    if symbol is None:
        options, why = free, "no symbol to match (Hope)"
    else:
        options, why = [p for p in free if _matches_one(board, p, [symbol])], f"on a {symbol} space"
        if not options:
            marked = [s for s in spaces(board) if board.mark(*s) == symbol]
            options, why = [p for p in free if adjacent(p.cells, marked)], f"no free {symbol} space: next to one"
    if not options:
        options, why = free, "no free space near the symbol: anywhere free"

    def key(p: Placement) -> tuple[int, ...]:
        spread = (len(p.targets), -len(earlier & set(p.targets)))
        return (_knights_hit(p, knights), *spread) if ambush else spread

    return _best(options, key), why


def mini(number: int, p: Placement) -> EncounterMini:
    return EncounterMini(number=number, cells=sorted(p.cells), facing=p.facing, targets=list(p.targets))


# -- Knights on the board ------------------------------------------------------------------------------------


def knight_spaces(enc: EncounterState) -> dict[str, Space]:
    return {k.knight: k.space for k in enc.knights if k.status == "placed" and k.space is not None}


def monster_cells(enc: EncounterState) -> set[Space]:
    return {s for m in enc.monsters for s in m.cells}


def targeted(enc: EncounterState) -> set[Space]:
    return {s for m in enc.monsters for s in m.targets}


def free_spaces(board: EncounterBoard, enc: EncounterState) -> list[Space]:
    taken = monster_cells(enc) | set(knight_spaces(enc).values())
    return [s for s in spaces(board) if s not in taken]


def knight_options(board: EncounterBoard, enc: EncounterState, symbol: str | None) -> tuple[list[Space], list[Space]]:
    """Where a Knight who rolled ``symbol`` may go: the unoccupied spaces with that symbol and, when there are none
    (a normal Encounter), the unoccupied spaces the Monsters target. (matching, targeted fallback)"""
    free = free_spaces(board, enc)
    matching = [s for s in free if symbol is not None and board.mark(*s) == symbol]
    if matching or enc.ambush:
        return matching, []
    hit = targeted(enc)
    return [], [s for s in free if s in hit]


def attackers(enc: EncounterState, space: Space) -> list[EncounterMini]:
    """The Monster miniatures whose Attack targets ``space``."""
    return [m for m in enc.monsters if space in m.targets]


# -- the Attack Action ---------------------------------------------------------------------------------------


def in_range(face: GearFace, enc: EncounterState, space: Space) -> tuple[list[EncounterMini], str]:
    """The miniatures in the weapon's effective range of ``space`` (Melee: adjacent; Reach X: up to X; Ranged X–Y: X to
    Y, counted in cardinal directions) and the range's name. The Encounter asks no Line of Sight (docs/rulings.md)."""
    out = []
    for m in enc.monsters:
        d = distance(m.cells, [space])
        if face.ranged is not None:
            ok = face.ranged[0] <= d <= face.ranged[1]
        elif face.reach is not None:
            ok = d <= face.reach
        else:
            ok = d == 1
        if ok:
            out.append(m)
    what = (f"Ranged {face.ranged[0]}–{face.ranged[1]}" if face.ranged is not None
            else f"Reach {face.reach}" if face.reach is not None else "Melee (adjacent)")
    return out, what


# -- showing it ----------------------------------------------------------------------------------------------

CODES = {"crown": "Cr", "tower": "To", "sword": "Sw", "skull": "Sk", "rose": "Ro"}


def grid(board: EncounterBoard, enc: EncounterState, names: dict[str, str]) -> str:
    """The board as text: each space's symbol, ``M1`` a Monster, a Knight's initials, ``*`` a targeted space,
    ``o``/``b`` Opening/Break symbols."""
    rows, cols = board.size
    at: dict[Space, str] = {}
    for m in enc.monsters:
        for s in m.cells:
            at[s] = f"M{m.number}"
    for kid, s in knight_spaces(enc).items():
        at[s] = "".join(w[0] for w in names.get(kid, kid).split()[:2]).upper()[:2]
    hit = targeted(enc)
    lines = [("    " + "".join(f"{c + 1:<6}" for c in range(cols))).rstrip()]
    for r in range(rows):
        cells = []
        for c in range(cols):
            opening, breaks = board.help_at(r, c)
            mark = CODES.get(board.mark(r, c), board.mark(r, c)[:2])
            extra = ("o" if opening else "") + ("b" if breaks else "")
            text = at.get((r, c), mark + extra)
            cells.append(f"{text}{'*' if (r, c) in hit else ''}".ljust(6))
        lines.append(f"{chr(ord('A') + r)}   " + "".join(cells).rstrip())
    return "\n".join(lines)


def view(enc: EncounterState, side: EncounterSide, names: dict[str, str]) -> dict[str, Any]:
    """``data.encounter``."""
    scrapes = len(enc.scrapes)
    return {
        "card": enc.card, "name": enc.name, "monster": enc.monster, "level": enc.level, "tier": enc.tier,
        "board": enc.board, "placing": enc.placing, "ambush": enc.ambush, "quest": enc.quest, "token": enc.token,
        "step": enc.steps[0] if enc.steps else "over", "steps": list(enc.steps), "monster_rounds": enc.monster_rounds,
        "roared": enc.roared, "to_hit": side.to_hit, "at": side.at, "count": side.count,
        "monsters": [{"number": m.number, "cells": labels(m.cells), "facing": m.facing, "targets": labels(m.targets)}
                     for m in enc.monsters],
        "knights": [{"knight": k.knight, "name": names.get(k.knight, k.knight),
                     "space": label(k.space) if k.space is not None else None, "status": k.status,
                     "why_out": k.why_out, "action": k.action, "symbol": enc.rolls.get(k.knight)}
                    for k in enc.knights],
        "pool": dict(enc.pool), "scrapes": scrapes, "scraped_by": list(enc.scrapes),
        "critical_used": enc.critical_used, "outcome": enc.outcome,
        "thresholds": {"success": side.resolution.success.scrapes,
                       "partial": side.resolution.partial.scrapes if side.resolution.partial else None},
        "quest_success": None if enc.outcome is None else enc.outcome in ("success", "partial"),
        "pending": enc.pending.shown() if enc.pending else None,
    }
