"""``Database.hold``: the campaign's write lock taken before its head is read (the fair hand-over between processes,
docs/architecture.md "Two processes on one campaign"). Meanwhile every other writer of the campaign waits, whether
another connection (another process) or another task of this one, and then finds it moved on; the block's appends
land together when it ends, or none of them. On SQLite and on PostgreSQL (the ``backend`` fixture)."""

from __future__ import annotations

import asyncio

import pytest

from storage.db import Database, StaleState
from tests.conftest import Backend

NOW = "2026-12-02T00:00:00+00:00"


async def _campaign(backend: Backend) -> tuple[Database, int]:
    db = await Database.open(backend.target())
    return db, (await db.create_campaign("g", "c", "Hold", "gm", '{"v": 0}', NOW)).id


async def _append(db: Database, campaign_id: int, expected: int, state: str) -> int:
    return await db.append(campaign_id, expected, "action", "kara", "/roll d100", {"action": {"type": "x"}}, [], [],
                           state, NOW)


async def _stored(db: Database, campaign_id: int) -> tuple[int, str, list[int]]:
    row = await db.campaign("g", campaign_id)
    assert row is not None
    return row.seq, row.state_json, [e.seq for e in await db.log(campaign_id)]


async def test_other_writers_wait_for_a_hold_then_find_the_campaign_moved_on(backend: Backend) -> None:
    db, cid = await _campaign(backend)
    other = await Database.open(backend.target())  # another connection to the same database: another process's
    try:
        async with db.hold("g", "c") as row:
            assert row is not None and (row.id, row.seq, row.state_json) == (cid, 0, '{"v": 0}')
            # both read the head at seq 0 before the hold's write, as an optimistic command does
            racers = [asyncio.create_task(_append(other, cid, 0, '{"v": "other"}')),
                      asyncio.create_task(_append(db, cid, 0, '{"v": "same process"}'))]
            await asyncio.sleep(0.3)
            assert not any(r.done() for r in racers), "a write landed while the campaign was held"
            assert await _append(db, cid, row.seq, '{"v": 1}') == 1
            await asyncio.sleep(0.1)
            assert not any(r.done() for r in racers), "a write landed before the hold ended"
        for racer in racers:
            with pytest.raises(StaleState):
                await racer
        assert await _stored(other, cid) == (1, '{"v": 1}', [0, 1])
    finally:
        await other.close()
        await db.close()


async def test_a_hold_whose_block_fails_writes_nothing(backend: Backend) -> None:
    db, cid = await _campaign(backend)
    with pytest.raises(RuntimeError):
        async with db.hold("g", "c") as row:
            assert row is not None
            await _append(db, cid, row.seq, '{"v": 1}')
            await _append(db, cid, row.seq + 1, '{"v": 2}')
            raise RuntimeError("the command failed after its writes")
    assert await _stored(db, cid) == (0, '{"v": 0}', [0])
    assert await _append(db, cid, 0, '{"v": 1}') == 1  # the lock is free again
    await db.close()


async def test_a_refused_append_in_a_hold_leaves_the_rest_of_it(backend: Backend) -> None:
    db, cid = await _campaign(backend)
    async with db.hold("g", "c") as row:
        assert row is not None
        with pytest.raises(StaleState):
            await _append(db, cid, row.seq + 5, '{"v": "wrong seq"}')
        assert await _append(db, cid, row.seq, '{"v": 1}') == 1
    assert await _stored(db, cid) == (1, '{"v": 1}', [0, 1])
    await db.close()


async def test_a_hold_on_a_channel_without_a_campaign_finds_none(backend: Backend) -> None:
    db, _ = await _campaign(backend)
    async with db.hold("g", "another channel") as row:
        assert row is None
    await db.create_campaign("g", "another channel", "Second", "gm", "{}", NOW)  # nothing was left locked
    await db.close()
