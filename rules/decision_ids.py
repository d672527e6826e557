"""Decision ids: every question a campaign asks, of every kind, takes its number from one campaign-wide counter.

``CampaignState.decisions`` counts the questions asked so far (campaigns created at state version 5 or later,
``UNIQUE_IDS_VERSION``), so an id names one question for the campaign's whole life: a Clash's ``d17`` is never
another Clash's, and the Deep Fog's ``fog18`` follows it. The prefix tells the kind (``d`` a Clash decision, ``fog``,
``enc``, ``route``, ``vote``, ``mettle``, ``travel``): ids keep the shape older logs and posted buttons know, and a
player reading ``fog18`` knows which question it is. An older campaign numbers each asker's questions from 1 again
(every Clash ``d1, d2...``), as its logged answers name them.

This module is the bottom layer: it imports nothing of the rules, so every asker (the Clash's flow, the Deep Fog,
the Encounter, the Delve's token choices, the Loot vote, the Mettle cards) may call it.
"""

from __future__ import annotations

from typing import Protocol

UNIQUE_IDS_VERSION = 5


class Counted(Protocol):
    """What the counter needs of the campaign state (rules/state.py ``CampaignState``)."""

    version: int
    decisions: int


def unique_ids(state: Counted) -> bool:
    """Decision ids come from the campaign's one counter (campaigns created at ``UNIQUE_IDS_VERSION`` or later)."""
    return state.version >= UNIQUE_IDS_VERSION


def next_number(state: Counted, asked: int) -> int:
    """The number of a question asked now, counted at once: the campaign's next. ``asked``: how many the asker
    itself asked before; an older campaign's number is ``asked + 1``, as its log names it."""
    if not unique_ids(state):
        return asked + 1
    state.decisions += 1
    return state.decisions


def decision_id(state: Counted, prefix: str, asked: int) -> str:
    """The id of a question asked now: ``prefix`` and :func:`next_number`."""
    return f"{prefix}{next_number(state, asked)}"


def number(decision: str) -> tuple[str, int | None]:
    """An id's prefix and number (None: it has no number)."""
    prefix = decision.rstrip("0123456789")
    digits = decision[len(prefix):]
    return prefix, int(digits) if digits else None


def never_asked(state: Counted, decision: str) -> bool | None:
    """Whether this campaign never asked a decision with this id: its number is above the counter (None: an older
    campaign, whose askers count apart, or an id with no number)."""
    n = number(decision)[1]
    return n > state.decisions if unique_ids(state) and n is not None else None
