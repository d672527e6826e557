"""``Database.append``: one command is one transaction (on SQLite, one trip to the database thread); all of it
lands or none of it does. Each test runs on SQLite and on PostgreSQL (the ``backend`` fixture)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from storage.db import Database, StaleState
from tests.conftest import Backend

NOW = "2026-11-30T00:00:00+00:00"


async def _campaign(backend: Backend) -> tuple[Database, int]:
    db = await Database.open(backend.target())
    row = await db.create_campaign("g", "c", "Append", "gm", '{"v": 0}', NOW)
    return db, row.id


async def _append(db: Database, campaign_id: int, expected: int, state: str, **kw: object) -> int:
    return await db.append(campaign_id, expected, "action", "kara", "/roll d100", {"action": {"type": "x"}},
                           [{"kind": "d10", "value": 3, "purpose": "p", "forced": False}], [], state, NOW, **kw)


async def _stored(db: Database, campaign_id: int) -> tuple[int, str, list[int]]:
    row = await db.campaign("g", campaign_id)
    assert row is not None
    return row.seq, row.state_json, [e.seq for e in await db.log(campaign_id)]


async def test_a_command_writes_its_log_row_head_and_member(backend: Backend) -> None:
    db, cid = await _campaign(backend)
    assert await _append(db, cid, 0, '{"v": 1}') == 1
    assert await _stored(db, cid) == (1, '{"v": 1}', [0, 1])
    entry = (await db.log(cid))[1]
    assert (entry.actor, entry.action, entry.rolls[0]["value"]) == ("kara", {"action": {"type": "x"}}, 3)
    assert await db.member_role(cid, "kara") == "player"
    # JSON already serialised by the caller is written as it is
    await db.append(cid, 1, "action", "kara", "/roll d100", '{"action": {"type": "y"}, "amend": []}', "[]", "[]",
                    '{"v": 2}', NOW)
    assert (await db.log(cid))[2].action == {"action": {"type": "y"}, "amend": []}
    await db.close()


async def test_a_stale_seq_or_a_changed_head_writes_nothing(backend: Backend) -> None:
    db, cid = await _campaign(backend)
    await _append(db, cid, 0, '{"v": 1}')
    with pytest.raises(StaleState):
        await _append(db, cid, 0, '{"v": "late"}')
    with pytest.raises(StaleState):  # the right seq, but the head is no longer the text the caller started from
        await _append(db, cid, 1, '{"v": "late"}', expected_state='{"v": 0}')
    assert await _stored(db, cid) == (1, '{"v": 1}', [0, 1])
    assert await _append(db, cid, 1, '{"v": 2}', expected_state='{"v": 1}') == 2
    await db.close()


async def test_a_statement_failing_midway_rolls_the_whole_command_back(backend: Backend) -> None:
    """The head is updated before the log row is inserted: when the insert fails, the update is undone too, and
    the connection is left with no transaction open."""
    db, cid = await _campaign(backend)
    await db.execute("INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, "
                     "events_json, created_at) VALUES (?, 1, 'action', 'x', 'x', NULL, '[]', '[]', ?)", cid, NOW)
    with pytest.raises(Exception, match="(?i)unique|duplicate"):  # the log's primary key (campaign, seq)
        await _append(db, cid, 0, '{"v": 1}')
    if backend.kind == "sqlite":
        assert not db.conn.in_transaction  # type: ignore[attr-defined]
    seq, state, _ = await _stored(db, cid)
    assert (seq, state) == (0, '{"v": 0}')
    await db.execute("DELETE FROM log WHERE campaign_id=? AND seq=1", cid)
    assert await _append(db, cid, 0, '{"v": 1}') == 1
    await db.close()


async def test_a_write_waits_while_another_process_writes(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "kfgm.sqlite3")  # SQLite's file lock (PostgreSQL: the row lock, below)
    cid = (await db.create_campaign("g", "c", "Append", "gm", '{"v": 0}', NOW)).id
    other = sqlite3.connect(tmp_path / "kfgm.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    asyncio.get_running_loop().call_later(0.3, other.execute, "COMMIT")
    start = time.monotonic()
    assert await _append(db, cid, 0, '{"v": 1}') == 1
    assert time.monotonic() - start >= 0.25
    other.close()
    assert await _stored(db, cid) == (1, '{"v": 1}', [0, 1])
    await db.close()


async def test_snapshots_every_25_entries(backend: Backend) -> None:
    db, cid = await _campaign(backend)
    for seq in range(30):
        await _append(db, cid, seq, f'{{"v": {seq + 1}}}')
    assert await db.snapshot_before(cid, 30) == (25, '{"v": 25}')
    await db.close()
