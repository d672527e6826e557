"""The facts of the Knight Board (rules/knights/board.py): parts unlocked and chosen, Resource tokens; their words
are bot/narration/knight_board.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class PartUnlocked(Fact):
    """``item`` unlocked as one of the Knight's ``part`` (``already``: it was)."""

    fact: Literal["part_unlocked"] = "part_unlocked"
    part: str
    item: str
    already: bool = False


@fact
class PartChosen(Fact):
    """``value`` chosen for the Knight Board's ``part`` (portraits, heroic_arcs, peril_arcs, talents)."""

    fact: Literal["part_chosen"] = "part_chosen"
    part: str
    value: str


@fact
class TechniquesChosen(Fact):
    fact: Literal["techniques_chosen"] = "techniques_chosen"
    techniques: list[str]


@fact
class ResourceChanged(Fact):
    """The Resource token ``token`` (its name) from ``old`` to ``new``."""

    fact: Literal["resource_changed"] = "resource_changed"
    token: str
    old: int
    new: int
