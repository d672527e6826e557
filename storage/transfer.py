"""Reading a whole campaign out (/campaign export) and writing one in (/campaign import), each in one step.

An import writes the campaign row, its members, its creation snapshot, every log entry as exported, a closing
``campaign`` entry that says where it came from, and the server's missing content packs, in ONE transaction: either
all of it lands or nothing does.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from storage.base import CampaignRow, Database, LogEntry


async def creation_snapshot(db: Database, campaign_id: int) -> str:
    """The state the campaign was created with (snapshot 0)."""
    seq, state_json = await db.snapshot_before(campaign_id, 1)
    if seq != 0:
        raise LookupError(f"campaign {campaign_id} has no creation snapshot")
    return state_json


async def import_campaign(
    db: Database,
    guild_id: str,
    channel_id: str,
    name: str,
    created_by: str,
    start_state_json: str,
    head_state_json: str,
    entries: list[LogEntry],
    closing_command: str,
    closing_events: list[dict[str, Any]],
    packs: list[tuple[str, str]],
    now: str,
) -> CampaignRow:
    """Write an imported campaign; ``StaleState`` (and nothing written) if the channel has an active campaign now or
    a pack of the same name was stored meanwhile. ``packs``: (name, yaml) to add to the guild."""
    head = entries[-1].seq + 1

    def encoded() -> list[tuple[Any, ...]]:  # many short steps on a worker thread: the event loop goes on meanwhile
        rows = [
            (e.seq, e.kind, e.actor, e.command, None if e.action is None else json.dumps(e.action),
             json.dumps(e.rolls), json.dumps(e.events), e.target_seq, e.created_at)
            for e in entries
        ]
        rows.append((head, "campaign", created_by, closing_command, None, "[]", json.dumps(closing_events), None, now))
        return rows

    campaign_id = await db.import_campaign(guild_id, channel_id, name, created_by, start_state_json, head_state_json,
                                           await asyncio.to_thread(encoded), packs, now)
    row = await db.campaign(guild_id, campaign_id)
    assert row is not None
    return row
