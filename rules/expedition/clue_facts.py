"""The facts of the Clue cards of the Vision Phase (rules/expedition/clue_cards.py); their words are
bot/narration/clues.py's."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

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


class ClueProgress(BaseModel):
    """A Clue card's count: the Primary ``primary`` ``count``/``needed`` and the Secondary likewise (``secondary``
    None until known); in True Solo Mode (``solo``) the ``total`` of any type out of ``of``, ``held`` by type."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    solo: bool = False
    primary: str = ""
    count: int = 0
    needed: int = 0
    secondary: str | None = None
    secondary_count: int = 0
    secondary_needed: int = 0
    total: int = 0
    of: int = 0
    held: list[tuple[str, int]] = []


@fact
class CluesGained(Fact):
    """+1 ``clue`` Clue on the Clue cards of ``knights`` (each with its card's ``progress``, in the same order)."""

    fact: Literal["expedition_clues_gained"] = "expedition_clues_gained"
    clue: str
    knights: list[str]
    progress: list[ClueProgress]


@fact
class CluesMoved(Fact):
    """``knight``'s ``clue`` Clues moved by hand from ``old`` to ``new`` (the card's ``progress``)."""

    fact: Literal["expedition_clues_moved"] = "expedition_clues_moved"
    knight: str
    clue: str
    old: int
    new: int
    progress: ClueProgress


@fact
class InvestigationResolved(Fact):
    """``knight``'s Free Roam (``number`` None) or Investigation ``chapter``.``number`` ends, ``success``; by the Clue
    card's ``progress`` (None: no Clue card) and as ``reported`` by the players (None: not reported)."""

    fact: Literal["expedition_investigation_resolved"] = "expedition_investigation_resolved"
    knight: str
    success: bool
    chapter: int = 0
    number: int | None = None
    progress: ClueProgress | None = None
    reported: str | None = None


@fact
class LeadsNoted(Fact):
    """``knight`` notes ``leads`` Leads (the excess Clues on a ``success``, else half the Clues): ``total`` now."""

    fact: Literal["expedition_leads_noted"] = "expedition_leads_noted"
    knight: str
    leads: int
    success: bool
    total: int


@fact
class LeadsMaySpend(Fact):
    """``knight`` may spend ``leads`` Leads to succeed at Investigation ``chapter``.``number`` instead."""

    fact: Literal["expedition_leads_may_spend"] = "expedition_leads_may_spend"
    knight: str
    leads: int
    chapter: int
    number: int


@fact
class ColdLeadTaken(Fact):
    """``knight`` picks up a cold lead: Investigation ``chapter``.``number`` during the Free Roam (``repeats``: a
    failed one again)."""

    fact: Literal["expedition_cold_lead"] = "expedition_cold_lead"
    knight: str
    chapter: int
    number: int
    repeats: bool


@fact
class BothParagraphsToRead(Fact):
    """Leads spent: ``knight`` reads both paragraphs of Investigation ``chapter``.``number`` and gains its reward."""

    fact: Literal["expedition_both_paragraphs"] = "expedition_both_paragraphs"
    knight: str
    chapter: int
    number: int
