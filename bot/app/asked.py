"""The questions a campaign waits for now, of every kind: transport-free, so ``/now`` (bot/app/commands/now.py)
lists them and Discord's buttons (bot/discord/decisions.py ``asked_now``) check a press against the same answer.

The codes are those of the answering commands (bot/discord/decisions.py ``ANSWERS``): ``c`` a Clash decision,
``f`` the Deep Fog's, ``e`` an Encounter's, ``t`` the Travel step's, ``s`` a Loot vote, ``m`` Mettle cards earned."""

from __future__ import annotations

from typing import Any

from rules.engine import Decision, Engine
from rules.state import CampaignState

CODES = ("c", "f", "e", "t", "s", "m")


def asked(engine: Engine | None, state: CampaignState, code: str) -> tuple[Decision | None, int | None]:
    """What the campaign waits for now from ``code``'s command (None: nothing), and how many decisions the thing
    asking has asked (None: it is not under way, or it does not count them). The Travel step, a vote and the
    Mettle cards need the engine (the campaign's content)."""
    if code in ("t", "s", "m"):
        if engine is None:
            raise ValueError("the Travel step, a vote and the Mettle cards need the engine (the campaign's content)")
        return _from_content(engine, state, code), None
    from rules.clash.flow import decision
    from rules.delve.encounter_flow import enc_decision
    from rules.delve.fog_handlers import fog_decision

    delve = state.delve
    holder: Any = (state.clash.flow if state.clash is not None else None) if code == "c" else \
        (delve.fog if delve is not None else None) if code == "f" else \
        (delve.encounter if delve is not None else None)
    if holder is None:
        return None, None
    pending = holder.pending
    made = (decision if code == "c" else fog_decision if code == "f" else enc_decision)
    return (made(state, pending) if pending is not None else None), int(holder.asked)


def _from_content(engine: Engine, state: CampaignState, code: str) -> Decision | None:
    if code == "t":
        from rules.delve.results import travel_decision

        return travel_decision(engine, state)
    if code == "s":
        from rules.expedition.spoils import vote_decision

        spoils = state.expedition.spoils if state.expedition is not None else None
        if spoils is None or spoils.vote is None:
            return None
        return vote_decision(engine.catalogue, state, spoils)  # its prompt and options change with a tie
    from rules.squires.unlock import mettle_decision

    return mettle_decision(engine, state)  # the first Mettle cards earned and not chosen yet


def waiting(engine: Engine, state: CampaignState) -> list[Decision]:
    """Every question the campaign waits for now, Clash first."""
    return [d for code in CODES if (d := asked(engine, state, code)[0]) is not None]
