"""Encounter Boards (rulebook "Encounter Setup": "place the corresponding Encounter Board on the table ... All
Encounter Boards are located on the other side of the Clash Board").

``kind: encounter_board``: a small grid of spaces. Each space shows one positioning symbol — the ``mark`` of a d6
face (content/schema/dice.py, ``D6Face.mark``): "roll a d6, then place the miniature on a space matching the rolled
symbol" — and may show Opening and Break symbols for the Help Action ("check the symbol on your Knight's space, and
place 1 Opening token for each Opening symbol and 1 Break token for each Break symbol in the Encounter Pool").

An Encounter Monster card names its board by id (content/schema/encounters.py, ``EncounterSide.board``). Rows are
lettered from the top (A), columns numbered from the left (1), as on the Clash Board; a Monster facing ``north``
faces row A.

This module must not import from ``rules/``.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import Strict

SPACE = re.compile(r"^([A-Z])([1-9][0-9]?)$")
Loc = tuple[int | str, ...]


class HelpSymbols(Strict):
    """The Opening and Break symbols printed on one space (``space``: ``B3``)."""

    space: str = Field(pattern=SPACE.pattern)
    opening: int = Field(0, ge=0, le=3)
    break_: int = Field(0, ge=0, le=3, alias="break")

    @model_validator(mode="after")
    def _something(self) -> HelpSymbols:
        if not self.opening and not self.break_:
            raise ValueError(f"space {self.space} lists no Opening and no Break symbol")
        return self


class EncounterBoard(Strict):
    """``rows``: one line per row, top first, the mark of each space separated by spaces (``crown tower ...``)."""

    kind: Literal["encounter_board"] = "encounter_board"
    id: Id
    name: str = Field(min_length=1, max_length=100)
    rows: list[str] = Field(min_length=2, max_length=10)
    help: list[HelpSymbols] = Field(default_factory=list, description="spaces with Opening/Break symbols")

    @model_validator(mode="after")
    def _rectangle(self) -> EncounterBoard:
        widths = {len(r.split()) for r in self.rows}
        if len(widths) != 1:
            raise ValueError("every row must list the same number of spaces")
        width = widths.pop()
        if not 2 <= width <= 12:
            raise ValueError(f"a row has {width} spaces; an Encounter Board has 2 to 12 columns")
        seen: set[str] = set()
        for h in self.help:
            m = SPACE.match(h.space)
            assert m is not None
            row, col = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
            if row >= len(self.rows) or col >= width:
                raise ValueError(f"help: space {h.space} is not on this {len(self.rows)}×{width} board")
            if h.space in seen:
                raise ValueError(f"help: space {h.space} is listed twice")
            seen.add(h.space)
        return self

    @property
    def size(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0].split())

    def mark(self, row: int, col: int) -> str:
        return self.rows[row].split()[col]

    def marks(self) -> set[str]:
        return {m for r in self.rows for m in r.split()}

    def help_at(self, row: int, col: int) -> tuple[int, int]:
        """(Opening, Break) symbols on a space."""
        label = f"{chr(ord('A') + row)}{col + 1}"
        found = next((h for h in self.help if h.space == label), None)
        return (found.opening, found.break_) if found else (0, 0)


def board_problems(boards: dict[str, EncounterBoard], die_marks: set[str],
                   used: list[tuple[str, str]]) -> list[tuple[str, Loc, str]]:
    """Across documents: each space's mark is a symbol some d6 face shows (else no roll can ever match it), and
    every Encounter Board an Encounter Monster card names exists (``used``: (card id, board id)). Returns (the id the
    problem belongs to, YAML path, message)."""
    out: list[tuple[str, Loc, str]] = []
    for board in boards.values():
        for i, row in enumerate(board.rows):
            wrong = sorted({m for m in row.split() if m not in die_marks})
            if wrong and die_marks:
                out.append((board.id, ("rows", i), f"{', '.join(wrong)}: no d6 face shows this mark; the dice show "
                                                   f"{', '.join(sorted(die_marks))}"))
    for card, board_id in used:
        if board_id not in boards:
            known = ", ".join(sorted(boards)) or "none loaded"
            out.append((card, ("board",), f"no Encounter Board has the id {board_id!r}; the boards are: {known}"))
    return out
