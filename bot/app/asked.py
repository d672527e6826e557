"""The questions a campaign waits for now, of every kind: transport-free, so ``/now`` (bot/app/commands/now.py)
lists them and Discord's buttons (bot/discord/decisions.py ``asked_now``) check a press against the same answer.

Everything here reads the one waiting model (rules/waiting.py ``questions``): no slot of the state is known here.
The codes are those of the answering commands (bot/discord/decisions.py ``ANSWERS``): ``c`` ``/choose`` (which
answers any question by its id), ``f`` the Deep Fog's, ``e`` an Encounter's, ``t`` the Travel step's, ``s`` a Loot
vote, ``r`` an Encounter Monster token's tile, ``m`` Mettle cards earned."""

from __future__ import annotations

from bot.narration.decisions import told_decision
from rules.engine import Decision, Engine
from rules.state import CampaignState
from rules.waiting import Question, asked_count, questions

CODES = ("c", "f", "e", "t", "s", "r", "m")
KIND = {"c": "clash", "f": "fog", "e": "encounter", "t": "travel", "s": "vote", "r": "route", "m": "mettle"}


def asked(engine: Engine | None, state: CampaignState, code: str) -> tuple[Decision | None, int | None]:
    """What the campaign waits for now from ``code``'s command (None: nothing), and how many decisions the thing
    asking has asked (None: it is not under way, or it does not count them). The Travel step, a vote and the
    Mettle cards need the engine (the campaign's content)."""
    kind = KIND[code]
    if kind in ("travel", "vote", "mettle") and engine is None:
        raise ValueError("the Travel step, a vote and the Mettle cards need the engine (the campaign's content)")
    found = next((q for q in questions(engine, state) if q.kind == kind), None)
    return (found.decision if found is not None else None), asked_count(state, kind)


def question(engine: Engine | None, state: CampaignState, decision: str) -> Question | None:
    """The question waiting now with this id, of any kind (what ``/choose`` answers)."""
    return next((q for q in questions(engine, state) if q.id == decision), None)


def waiting(engine: Engine, state: CampaignState) -> list[Decision]:
    """Every question the campaign waits for now that a command answers with options, Clash first (their options'
    helps in words)."""
    return [told_decision(q.decision) for q in questions(engine, state) if q.kind != "dice"]
