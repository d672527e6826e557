"""The dice port: every random thing the rules need goes through here.

Rulebook, "Dice": "Custom d10 dice with numbers and a critical symbol ... Treat the critical symbol
result as a "10"." and "Custom d6 dice with Power, Potential, and Hope results ...".

The generator is counter based: the value at position ``n`` depends only on the campaign seed and
``n``. The seed and the position live in the campaign state, so replaying the action log gives the
same dice, and an undo followed by the same command rolls the same dice again. Every die consumes
exactly one position, forced or not: a GM override changes that die and nothing after it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, Field

DieKind = Literal["d10", "d6"]
DieColour = Literal["white", "black", "red"]
DieSource = Literal["bot", "forced", "table", "amend"]


class RolledDie(BaseModel):
    """One die as rolled, kept in the action log (``kind``, ``value``, ``purpose``, ``forced``).

    ``colour``, ``crit``, ``throw`` and ``source`` describe the die for a table-dice prompt
    (docs/table-dice.md); they are not written to the log, so the log format does not change.
    """

    kind: DieKind
    value: int
    purpose: str
    forced: bool = False
    colour: DieColour | None = Field(None, exclude=True, description="a d6's colour; a d100's white or black d10")
    crit: bool = Field(False, exclude=True, description="the white Crit die of an Attack or Evasion Roll")
    throw: int = Field(0, exclude=True, description="dice thrown together share a number (see Dice.next_throw)")
    source: DieSource = Field("bot", exclude=True, description="who gave the value")
    reroll: bool = Field(False, exclude=True, description="a die of the roll rolled again (a re-roll)")
    of_die: int | None = Field(None, exclude=True, description="a re-roll: which die of the roll it rolls again")

    def __eq__(self, other: object) -> bool:
        """Two dice are the same roll when what the log keeps of them is the same."""
        if not isinstance(other, RolledDie):
            return NotImplemented
        return self.model_dump() == other.model_dump()

    __hash__ = None  # type: ignore[assignment]  # as for every pydantic model


class ForcedDieError(ValueError):
    """A forced value cannot be used for the die that is being rolled."""


class DiceNeeded(Exception):  # noqa: N818  (a signal, not an error)
    """Table dice: the values the players typed ran out before the action had all its dice."""

    def __init__(self, position: int) -> None:
        super().__init__(f"more dice are needed after {position} dice")
        self.position = position


@dataclass
class Dice:
    """A seeded, recording dice port.

    ``forced`` holds values the GM (or a test) has set for the next dice, in order, whatever
    they are for (d6 dice by face number 1-6). A forced value is used exactly once.
    ``amend`` holds the GM's values for the first dice of one action that is being replayed
    (``/gm amend-last``): they take the place of whatever those dice showed, forced or not, and the
    forced queue is consumed exactly as it was the first time.
    ``table`` holds the values the players typed for their own physical dice (table dice mode,
    docs/table-dice.md): a die takes a forced value first, else the next table value; when ``table``
    is given and runs out, ``strict`` raises DiceNeeded instead of letting the bot roll.
    """

    seed: int
    position: int = 0
    forced: list[int] = field(default_factory=list)
    amend: list[int] = field(default_factory=list)
    rolls: list[RolledDie] = field(default_factory=list)
    table: list[int] | None = None
    strict: bool = False
    throw: int = 0

    def next_throw(self) -> None:
        """The dice rolled from now on are a new throw: how many of them there are depends on the dice
        rolled before (e.g. ties rolled again). Table dice mode asks the players for one throw at a time."""
        self.throw += 1

    def _uniform(self, n: int) -> int:
        """A value in 0..n-1 from the stream at the current position; advances the position."""
        digest = hashlib.sha256(f"{self.seed}:{self.position}".encode()).digest()
        self.position += 1
        return int.from_bytes(digest[:8], "big") % n

    def _die(self, kind: DieKind, sides: int, purpose: str, colour: DieColour | None, crit: bool,
             reroll: bool = False, of_die: int | None = None) -> int:
        if self.strict and self.table is not None and not (self.table or self.forced or self.amend):
            raise DiceNeeded(len(self.rolls))
        natural = self._uniform(sides) + 1
        forced = False
        source: DieSource = "bot"
        if self.forced:
            natural, forced, source = self._take(self.forced, kind, sides, purpose), True, "forced"
        elif self.table:
            natural, source = self._take(self.table, kind, sides, purpose, who="the typed"), "table"
        if self.amend:
            natural, forced, source = self._take(self.amend, kind, sides, purpose), True, "amend"
        self.rolls.append(
            RolledDie(
                kind=kind,
                value=natural,
                purpose=purpose,
                forced=forced,
                colour=colour,
                crit=crit,
                throw=self.throw,
                source=source,
                reroll=reroll or of_die is not None,
                of_die=of_die,
            )
        )
        return natural

    @staticmethod
    def _take(queue: list[int], kind: DieKind, sides: int, purpose: str, who: str = "the GM's") -> int:
        value = queue.pop(0)
        if not 1 <= value <= sides:
            raise ForcedDieError(
                f"{who} value {value} cannot be used for the next die, a {kind} for {purpose}: "
                f"it needs a value from 1 to {sides}"
            )
        return value

    def d10(self, purpose: str, colour: DieColour | None = None, crit: bool = False, *, reroll: bool = False,
            of_die: int | None = None) -> int:
        """A natural d10 result, 1-10 (the critical symbol is a 10). ``crit``: the white Crit die;
        ``colour``: which d10 of a d100 (white tens, black ones); ``reroll``: a die rolled again (``of_die``: the
        number of the die of the roll it rolls again)."""
        return self._die("d10", 10, purpose, "white" if crit else colour, crit, reroll, of_die)

    def d6(self, purpose: str, colour: DieColour | None = None, *, reroll: bool = False) -> int:
        """A d6 face number, 1-6; what the face shows depends on the die's colour (content)."""
        return self._die("d6", 6, purpose, colour, False, reroll)

    def shuffle(self, items: list[str]) -> list[str]:
        """A new list with the items in random order (Fisher-Yates). Shuffles are never forced."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._uniform(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def d10_success(natural: int, bonus: int, difficulty: int) -> bool:
    """A natural 10 always succeeds, a natural 1 always fails, otherwise result >= difficulty."""
    if natural == 10:
        return True
    if natural == 1:
        return False
    return natural + bonus >= difficulty
