"""Shared helpers for the rules tests: the starter catalogue, an engine, and rulebook quotes.

Every rule test quotes the rulebook in its docstring as a block that starts with
``Rulebook (line N):`` and runs to the next blank line; ``tests/test_rulebook_quotes.py`` checks that each
such quote is verbatim (whitespace aside) and starts on line N.
"""

from __future__ import annotations

import re
from collections import Counter

from pydantic import BaseModel

from bot.narration import told
from content.loader import load_catalogue
from rules.engine import Engine, Result
from rules.state import CampaignState, DeckState

CATALOGUE = load_catalogue()
ENGINE = Engine(CATALOGUE)

QUOTE_START = re.compile(r"^Rulebook \(line (\d+)\):\s*(.*)$")


def fresh(seed: int = 1) -> CampaignState:
    """A new campaign with the starter decks shuffled by ``seed``."""
    state, _ = ENGINE.new_state("test", seed)
    return state


def apply(state: CampaignState, action: BaseModel, forced: list[int] | None = None) -> Result:
    """Apply ``action`` with the campaign's own dice; ``forced`` replaces the GM's forced queue. The events' words
    are rendered as the application renders them (bot/narration)."""
    if forced is not None:
        state = state.model_copy(update={"forced_dice": list(forced)})
    return told(ENGINE.apply(state, action, ENGINE.dice_for(state)))


def cards(pile: DeckState) -> Counter[str]:
    """Every card of a deck wherever it is: draw pile, discard pile, hands, removed from the game."""
    return Counter(pile.draw + pile.discard + pile.held + pile.removed)


def quotes(doc: str | None) -> list[tuple[int, str]]:
    """The ``Rulebook (line N):`` blocks of a docstring, whitespace collapsed."""
    found: list[tuple[int, str]] = []
    if not doc:
        return found
    lines = [line.strip() for line in doc.splitlines()]
    i = 0
    while i < len(lines):
        m = QUOTE_START.match(lines[i])
        if not m:
            i += 1
            continue
        parts = [m.group(2)]
        i += 1
        while i < len(lines) and lines[i] and not QUOTE_START.match(lines[i]):
            parts.append(lines[i])
            i += 1
        found.append((int(m.group(1)), " ".join(p for p in parts if p)))
    return found
