"""Reading a whole campaign out (/campaign export) and writing one in (/campaign import), each in one step.

An import writes the campaign row, its members, its creation snapshot, every log entry as exported, a closing
``campaign`` entry that says where it came from, and the server's missing content packs, in ONE transaction: either
all of it lands or nothing does.
"""

from __future__ import annotations

import json
from itertools import chain
from typing import Any

from storage.db import CampaignRow, Database, LogEntry, StaleState, _exec, _run


async def creation_snapshot(db: Database, campaign_id: int) -> str:
    """The state the campaign was created with (snapshot 0)."""
    rows = await _exec(db.conn, "SELECT state_json FROM snapshots WHERE campaign_id=? AND seq=0", (campaign_id,))
    if not rows:
        raise LookupError(f"campaign {campaign_id} has no creation snapshot")
    return str(rows[0][0])


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
    async with db.transaction() as conn:
        busy = await _exec(conn, "SELECT 1 FROM campaigns WHERE guild_id=? AND channel_id=? AND status='active'",
                           (guild_id, channel_id))
        if busy:
            raise StaleState("this channel already has an active campaign")
        await _run(conn, "INSERT OR IGNORE INTO guilds(id, created_at) VALUES (?, ?)", (guild_id, now))
        for pack, yaml in packs:
            added, _ = await _run(
                conn, "INSERT OR IGNORE INTO guild_packs(guild_id, name, yaml, uploaded_by, uploaded_at) "
                "VALUES (?, ?, ?, ?, ?)", (guild_id, pack, yaml, created_by, now))
            if added != 1:
                raise StaleState(f"a pack {pack!r} was stored on this server meanwhile")
        _, campaign_id = await _run(
            conn,
            "INSERT INTO campaigns(guild_id, channel_id, name, status, created_by, seq, state_json, created_at, "
            "updated_at) VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?)",
            (guild_id, channel_id, name, created_by, head, head_state_json, now, now),
        )
        await _run(conn, "INSERT INTO members(campaign_id, user_id, role, joined_at) VALUES (?, ?, 'gm', ?)",
                   (campaign_id, created_by, now))
        await _run(conn, "INSERT INTO snapshots(campaign_id, seq, state_json) VALUES (?, 0, ?)",
                   (campaign_id, start_state_json))
        rows = chain((  # a generator: the database thread encodes each row as it inserts it, not the event loop
            (campaign_id, e.seq, e.kind, e.actor, e.command, None if e.action is None else json.dumps(e.action),
             json.dumps(e.rolls), json.dumps(e.events), e.target_seq, e.created_at)
            for e in entries
        ), [(campaign_id, head, "campaign", created_by, closing_command, None, "[]", json.dumps(closing_events),
             None, now)])
        async with conn.executemany(  # the trigger log_adds_member makes every actor a player (migration 3)
            "INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, "
            "target_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows):
            pass
    row = await db.campaign(guild_id, int(campaign_id or 0))
    assert row is not None
    return row
