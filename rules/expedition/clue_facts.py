"""The facts of the Clue cards of the Vision Phase (rules/expedition/clue_cards.py); their words are
bot/narration/clues.py's."""

from __future__ import annotations

from typing import Literal

from rules.facts import Fact, fact


@fact
class SeatingSet(Fact):
    """The seating round the table: each Knight's right is the next (``knights``, in order)."""

    fact: Literal["seating_set"] = "seating_set"
    knights: list[str]


@fact
class ClueCardDrawn(Fact):
    """``knight`` draws (``held`` False) or holds, from the table's own deck (``held``), the Clue card ``card``:
    Primary ``primary`` ×``needed``, Secondary ×``secondary_needed``."""

    fact: Literal["clue_card_drawn"] = "clue_card_drawn"
    knight: str
    card: str
    primary: str
    needed: int
    secondary_needed: int
    held: bool = False


@fact
class NoClueCard(Fact):
    """``knight`` draws no Clue card from the bot: in True Solo Mode (``why`` solo: every type, 3 of any type), or
    no Clue cards are loaded (``why`` unloaded: the table draws a physical one)."""

    fact: Literal["no_clue_card"] = "no_clue_card"
    knight: str
    why: Literal["solo", "unloaded"]


@fact
class ClueCardKept(Fact):
    """``knight`` holds ``card`` already: nothing changes."""

    fact: Literal["clue_card_kept"] = "clue_card_kept"
    knight: str
    card: str


@fact
class ClueCardExchanged(Fact):
    """``knight`` held ``card`` and takes ``given`` (None: no card) in exchange."""

    fact: Literal["clue_card_exchanged"] = "clue_card_exchanged"
    knight: str
    card: str
    given: str | None


@fact
class ClueTokenDrawn(Fact):
    """Five Knights and no Quest: the Party Leader ``knight`` draws a random Clue token ``token`` instead of a Clue
    card (its first Clue; ``needed`` at the end of the Expedition)."""

    fact: Literal["clue_token_drawn"] = "clue_token_drawn"
    knight: str
    token: str
    needed: int


@fact
class SecondaryClueSet(Fact):
    """``knight``'s Secondary Clue is ``clue``, from the Primary of ``source`` to the right (None: a random token, no
    other Knight holding another Primary); its token is the first of ``needed``."""

    fact: Literal["secondary_clue_set"] = "secondary_clue_set"
    knight: str
    clue: str
    source: str | None
    needed: int


@fact
class ClueDisregarded(Fact):
    """Disregard: ``knight`` ignores the first Clue gain of the Expedition (``clue``)."""

    fact: Literal["clue_disregarded"] = "clue_disregarded"
    knight: str
    clue: str
