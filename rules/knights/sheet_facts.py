"""The facts of the Knight Sheet (rules/knights/sheet.py); their words are bot/narration/knights.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class VirtueChanged(Fact):
    """A Virtue from ``old`` to ``new`` by ``amount`` (its ``source``)."""

    fact: Literal["virtue_changed"] = "virtue_changed"
    virtue: str
    old: int
    new: int
    amount: int
    source: str


@fact
class ViceChanged(Fact):
    """``knight``'s Vice (linked to ``virtue``) from ``old`` to ``new`` tally marks; 0: no longer suffered."""

    fact: Literal["vice_changed"] = "vice_changed"
    knight: str
    vice: str
    virtue: str
    old: int
    new: int


@fact
class InvestigationSucceeded(Fact):
    fact: Literal["investigation_succeeded"] = "investigation_succeeded"
    chapter: int
    number: int


@fact
class ChoiceNodeMarked(Fact):
    """A Choice Matrix node marked, or ``crossed`` out (the choice reversed)."""

    fact: Literal["choice_node_marked"] = "choice_node_marked"
    node: str
    crossed: bool = False


@fact
class SighMarked(Fact):
    """The Sigh of the Graal box marked (``have``), or erased (spent)."""

    fact: Literal["sigh_marked"] = "sigh_marked"
    have: bool


@fact
class SheetCount(Fact):
    """A count of the sheet (``what``: Gold, Leads, a Tier, a tally) from ``old`` to ``new``."""

    fact: Literal["sheet_count"] = "sheet_count"
    what: Literal["gold", "leads", "tier", "tally"]
    old: int | str
    new: int | str
    tally: str = ""


@fact
class RapportGained(Fact):
    fact: Literal["rapport_gained"] = "rapport_gained"
    knight: str
    hearts: int
