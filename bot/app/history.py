"""The action log as history: the effective actions, replay, undo and amend.

The log is append-only. An ``undo`` entry takes back the newest effective action; an ``amend`` entry
replaces it with the same action replayed on other dice. The effective history is therefore a stack:
replaying it from the creation snapshot (or any later valid snapshot) rebuilds the campaign state
exactly, and every replayed action must roll exactly the dice that were recorded.
"""

from __future__ import annotations

import asyncio
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
    by_seq = {e.seq: e for e in entries}
    return [Slot(slot, by_seq[seq]) for slot, seq in effective_seqs([(e.seq, e.kind) for e in entries])]


def effective_seqs(heads: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """The effective history told from the log's ``(seq, kind)`` pairs alone: each slot's seq and the seq of the
    entry now in force in it (an amend's, when one replaced the action)."""
    stack: list[tuple[int, int]] = []
    for seq, kind in heads:
        if kind == "action":
            stack.append((seq, seq))
        elif kind == "amend":
            stack.append((stack.pop()[0], seq))
        elif kind == "undo":
            stack.pop()
    return stack


def replay_entry(engine: Engine, state: CampaignState, entry: LogEntry, verify: bool = True) -> Result:
    assert entry.action is not None
    action = parse_action(entry.action["action"])
    dice = engine.dice_for(state, amend=list(entry.action.get("amend", [])))
    result = engine.apply(state, action, dice, in_place=True)  # replay works on its own copy
    if verify:
        rolled = [r.model_dump() for r in dice.rolls]
        if rolled != entry.rolls:
            raise ReplayMismatch(f"log entry {entry.seq} ({entry.command}) rolled {rolled}, recorded {entry.rolls}")
    return result


async def find_top(db: Database, campaign_id: int, first: int = 8, page: int = 64) -> Slot | None:
    """The newest effective action, found by walking the log backwards from its end (an undo takes
    back one action, an amend replaces the entry it names). Usually the last entry is it: the walk reads the last
    ``first`` entries, then ``page`` at a time (each entry read is parsed, its events and rolls included)."""
    pops = 0
    replaced: set[int] = set()
    top: LogEntry | None = None
    want: int | None = None  # while resolving an amend chain: the seq of the entry it replaced
    before: int | None = None
    limit = first
    while entries := await db.log_backwards(campaign_id, before_seq=before, limit=limit):
        limit = page
        for e in entries:
            if top is not None:
                if e.seq == want:
                    if e.kind == "action":
                        return Slot(e.seq, top)
                    want = e.target_seq
                continue
            if e.kind == "undo":
                pops += 1
            elif e.kind in ("action", "amend"):
                if e.kind == "amend":
                    replaced.add(int(e.target_seq or 0))
                if e.seq in replaced:  # a later amend replaced it
                    continue
                if pops:
                    pops -= 1
                    continue
                if e.kind == "action":
                    return Slot(e.seq, e)
                top, want = e, e.target_seq
        before = entries[-1].seq
    return None


async def state_before_top(db: Database, engine: Engine, campaign_id: int) -> tuple[Slot | None, CampaignState]:
    """The newest effective action, and the state as it was before it: from the newest snapshot taken
    before that action, replaying only the effective actions since (no snapshot survives an undo or an
    amend of an action before it, so the entries after a snapshot never reach below it)."""
    top = await find_top(db, campaign_id)
    limit = top.slot_seq if top else 10**12
    snap_seq, snap_json = await db.snapshot_before(campaign_id, limit)
    return top, await replay_log(db, engine, campaign_id, snap_json, after_seq=snap_seq, before_seq=limit)


async def state_before(db: Database, engine: Engine, campaign_id: int, seq: int) -> CampaignState:
    """The state just before the effective action at ``seq`` (an older one than the top: the Sigh of the Graal
    restores the state from before the Clash), rebuilt like ``state_before_top``: from the newest snapshot taken
    before it, replaying the effective actions since."""
    snap_seq, snap_json = await db.snapshot_before(campaign_id, seq)
    return await replay_log(db, engine, campaign_id, snap_json, after_seq=snap_seq, before_seq=seq)


async def rebuild(db: Database, engine: Engine, campaign_id: int) -> CampaignState:
    """The campaign state rebuilt from its creation by replaying every effective action."""
    _, state_json = await db.snapshot_before(campaign_id, 1)
    return await replay_log(db, engine, campaign_id, state_json)


REPLAY_PAGE = 500  # effective entries read and replayed at a time


async def replay_log(db: Database, engine: Engine, campaign_id: int, state_json: str, after_seq: int = -1,
                     before_seq: int | None = None) -> CampaignState:
    """The state ``state_json`` with the effective actions of the log's entries ``after_seq < seq < before_seq``
    replayed on it. The effective history is told from the entries' heads alone (``seq``, ``kind``); their actions
    are then read ``REPLAY_PAGE`` at a time, so a long log's parsed actions are never all in memory at once (the log
    is append-only: an entry read later is the entry it was). The replay is CPU work, run on a worker thread page by
    page (a long log's replay would stall every other server's commands)."""
    seqs = [seq for _, seq in effective_seqs(await db.heads(campaign_id, after_seq, before_seq))]
    state = CampaignState.model_validate_json(state_json)
    for start in range(0, len(seqs), REPLAY_PAGE):
        page = seqs[start:start + REPLAY_PAGE]
        by_seq = {e.seq: e for e in await db.log_at(campaign_id, page)}
        state = await asyncio.to_thread(replay_entries, engine, state, [by_seq[s] for s in page])
    return state


def replay_entries(engine: Engine, state: CampaignState, entries: list[LogEntry]) -> CampaignState:
    """``state`` with ``entries`` (effective ones, in the order of their slots) replayed on it."""
    for entry in entries:
        state = replay_entry(engine, state, entry).state
    return state
