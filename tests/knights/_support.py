"""Helpers for the Knight tests: a Knight set up from the starter pack, and the rulebook-quote check."""

from __future__ import annotations

from content.loader import load_catalogue
from rules.knights.state import KnightState
from rules.knights.view import new_knight

CAT = load_catalogue()


def knight(content: str = "lanternbearer", name: str = "Ser Sonch", owner: str = "sonch") -> KnightState:
    return new_knight(CAT, CAT.knights[content], name, owner, name.lower().replace(" ", "-"))
