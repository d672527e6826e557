"""The action log as history: the effective actions, replay, undo and amend.

The log is append-only. An ``undo`` entry takes back the newest effective action; an ``amend`` entry
replaces it with the same action replayed on other dice. The effective history is therefore a stack:
replaying it from the creation snapshot (or any later valid snapshot) rebuilds the campaign state
exactly, and every replayed action must roll exactly the dice that were recorded.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import Engine, Result, parse_action
from rules.state import CampaignState
from storage.db import Database, LogEntry


class ReplayMismatch(Exception):
    """Replaying the log did not roll the recorded dice: the log and the rules disagree."""


@dataclass(frozen=True)
class Slot:
    """An effective action: the entry now in force, and the seq of the action it stands for."""

    slot_seq: int
    entry: LogEntry


def effective(entries: list[LogEntry]) -> list[Slot]:
    stack: list[Slot] = []
    for e in entries:
        if e.kind == "action":
            stack.append(Slot(e.seq, e))
        elif e.kind == "amend":
            top = stack.pop()
            stack.append(Slot(top.slot_seq, e))
        elif e.kind == "undo":
            stack.pop()
    return stack


def replay_entry(engine: Engine, state: CampaignState, entry: LogEntry, verify: bool = True) -> Result:
    assert entry.action is not None
    action = parse_action(entry.action["action"])
    dice = engine.dice_for(state, amend=list(entry.action.get("amend", [])))
    result = engine.apply(state, action, dice)
    if verify:
        rolled = [r.model_dump() for r in dice.rolls]
        if rolled != entry.rolls:
            raise ReplayMismatch(f"log entry {entry.seq} ({entry.command}) rolled {rolled}, recorded {entry.rolls}")
    return result


async def state_before_top(db: Database, engine: Engine, campaign_id: int) -> tuple[Slot | None, CampaignState]:
    """The newest effective action, and the state as it was before it."""
    stack = effective(await db.log(campaign_id))
    top = stack[-1] if stack else None
    limit = top.slot_seq if top else 10**12
    snap_seq, snap_json = await db.snapshot_before(campaign_id, limit)
    state = CampaignState.model_validate_json(snap_json)
    for slot in stack[:-1] if top else stack:
        if slot.slot_seq > snap_seq:
            state = replay_entry(engine, state, slot.entry).state
    return top, state


async def rebuild(db: Database, engine: Engine, campaign_id: int) -> CampaignState:
    """The campaign state rebuilt from its creation by replaying every effective action."""
    _, state_json = await db.snapshot_before(campaign_id, 1)
    state = CampaignState.model_validate_json(state_json)
    for slot in effective(await db.log(campaign_id)):
        state = replay_entry(engine, state, slot.entry).state
    return state
