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

from pydantic import BaseModel

DieKind = Literal["d10", "d6"]


class RolledDie(BaseModel):
    """One die as rolled, kept in the action log."""

    kind: DieKind
    value: int
    purpose: str
    forced: bool = False


class ForcedDieError(ValueError):
    """A forced value cannot be used for the die that is being rolled."""


@dataclass
class Dice:
    """A seeded, recording dice port.

    ``forced`` holds values the GM (or a test) has set for the next dice, in order, whatever
    they are for (d6 dice by face number 1-6). A forced value is used exactly once.
    ``amend`` holds the GM's values for the first dice of one action that is being replayed
    (``/gm amend-last``): they take the place of whatever those dice showed, forced or not, and the
    forced queue is consumed exactly as it was the first time.
    """

    seed: int
    position: int = 0
    forced: list[int] = field(default_factory=list)
    amend: list[int] = field(default_factory=list)
    rolls: list[RolledDie] = field(default_factory=list)

    def _uniform(self, n: int) -> int:
        """A value in 0..n-1 from the stream at the current position; advances the position."""
        digest = hashlib.sha256(f"{self.seed}:{self.position}".encode()).digest()
        self.position += 1
        return int.from_bytes(digest[:8], "big") % n

    def _die(self, kind: DieKind, sides: int, purpose: str) -> int:
        natural = self._uniform(sides) + 1
        forced = False
        for queue in (self.forced, self.amend):
            if queue:
                value = queue.pop(0)
                if not 1 <= value <= sides:
                    raise ForcedDieError(
                        f"the GM's value {value} cannot be used for the next die, a {kind} for {purpose}: "
                        f"it needs a value from 1 to {sides}"
                    )
                natural, forced = value, True
        self.rolls.append(RolledDie(kind=kind, value=natural, purpose=purpose, forced=forced))
        return natural

    def d10(self, purpose: str) -> int:
        """A natural d10 result, 1-10 (the critical symbol is a 10)."""
        return self._die("d10", 10, purpose)

    def d6(self, purpose: str) -> int:
        """A d6 face number, 1-6; what the face shows depends on the die's colour (content)."""
        return self._die("d6", 6, purpose)

    def shuffle(self, items: list[str]) -> list[str]:
        """A new list with the items in random order (Fisher-Yates). Shuffles are never forced."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._uniform(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
