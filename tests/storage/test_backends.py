"""The storage interface on both backends (issue #24): the same migrations, the same write checks, several
connections (processes) on one database, content packs, imports, whole tables. Each test runs on SQLite and on
PostgreSQL (the ``backend`` fixture, tests/conftest.py)."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3

import pytest

from storage.base import COLUMNS, TABLES, Database, DatabaseUnusable, StaleState, pack_revision
from storage.migrations import MIGRATIONS, POSTGRESQL
from tests.conftest import Backend

NOW = "2026-12-01T00:00:00+00:00"


def test_the_migrations_are_the_same_numbers_on_both_backends() -> None:
    assert [n for n, _ in MIGRATIONS] == [n for n, _ in POSTGRESQL]


async def test_both_backends_keep_the_same_columns(backend: Backend) -> None:
    db = await Database.open(backend.target())
    try:
        for table in TABLES:
            if backend.kind == "sqlite":
                names = [r[1] for r in await db.execute(f"PRAGMA table_info({table})")]
            else:
                names = [r[0] for r in await db.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_schema=current_schema() AND "
                    "table_name=? ORDER BY ordinal_position", table)]
            assert [n for n in names if n != "upload_order"] == list(COLUMNS[table]), table
    finally:
        await db.close()


async def test_eight_connections_opening_a_fresh_database_together_migrate_it_once(backend: Backend) -> None:
    target = backend.target("fresh")
    opened = await asyncio.gather(*[Database.open(target) for _ in range(8)], return_exceptions=True)
    failures = [o for o in opened if isinstance(o, BaseException)]
    for db in opened:
        if isinstance(db, Database):
            assert await db.schema_version() == MIGRATIONS[-1][0]
            await db.close()
    assert not failures, failures


async def test_two_connections_writing_the_same_head_one_wins_the_other_is_stale(backend: Backend) -> None:
    """As two processes would: both read seq 0 and write at once; exactly one lands, nothing is doubled."""
    one, two = await Database.open(backend.target()), await Database.open(backend.target())
    try:
        row = await one.create_campaign("g", "c", "Race", "gm", '{"v": 0}', NOW)
        results = await asyncio.gather(
            *[db.append(row.id, 0, "action", f"p{i}", "/roll d100", None, [], [], f'{{"v": {i}}}', NOW,
                        expected_state='{"v": 0}') for i, db in enumerate((one, two, one, two))],
            return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["StaleState", "StaleState", "StaleState", "int"]
        assert [e.seq for e in await two.log(row.id)] == [0, 1]
        head = await two.campaign("g", row.id)
        assert head is not None and head.seq == 1
    finally:
        await one.close()
        await two.close()


async def test_a_second_campaign_in_the_same_channel_is_refused(backend: Backend) -> None:
    db = await Database.open(backend.target())
    try:
        await db.create_campaign("g", "c", "First", "gm", "{}", NOW)
        with pytest.raises(StaleState):
            await db.create_campaign("g", "c", "Second", "gm", "{}", NOW)
        assert [name for name, in await db.execute("SELECT name FROM campaigns")] == ["First"]
    finally:
        await db.close()


async def test_guild_packs_keep_their_upload_order_and_are_removed_only_when_unused(backend: Backend) -> None:
    db = await Database.open(backend.target())
    try:
        for name in ("zeta", "alpha", "mid"):
            assert await db.save_guild_pack("g", name, f"id: {name}", "gm", NOW)
        assert not await db.save_guild_pack("g", "alpha", "again", "gm", NOW)
        assert [p.name for p in await db.guild_packs("g")] == ["zeta", "alpha", "mid"]
        row = await db.create_campaign("g", "c", "Uses", "gm", '{"gear": "zeta_mace"}', NOW)
        assert await db.remove_guild_pack("g", "zeta", {"zeta_mace"}) == (True, {"Uses": ["zeta_mace"]})
        assert await db.remove_guild_pack("g", "alpha", {"alpha_cape"}) == (True, {})
        assert await db.remove_guild_pack("g", "nothing", set()) == (False, {})
        assert [p.name for p in await db.guild_packs("g")] == ["zeta", "mid"]
        assert row.id > 0
    finally:
        await db.close()


async def test_the_last_campaign_of_a_channel_and_the_pack_revision(backend: Backend) -> None:
    db = await Database.open(backend.target())
    try:
        assert await db.last_campaign("g", "c") is None and await db.guild_pack_revision("g") == ""
        first = await db.create_campaign("g", "c", "First", "gm", "{}", NOW)
        await db.append(first.id, 0, "campaign", "gm", "/campaign end", None, [], [], "{}", NOW, status="ended")
        second = await db.create_campaign("g", "c", "Second", "gm", "{}", NOW)
        last = await db.last_campaign("g", "c")
        assert last is not None and last.id == second.id
        await db.save_guild_pack("g", "one", "id: one", "gm", NOW)
        await db.save_guild_pack("g", "two", "id: twø", "gm", NOW)
        assert await db.guild_pack_revision("g") == pack_revision(await db.guild_packs("g")) != ""
        await db.remove_guild_pack("g", "one", set())
        assert await db.guild_pack_revision("g") == f"two:gm:{NOW}:7"  # characters, not bytes, on both
    finally:
        await db.close()


async def test_an_import_is_one_transaction_and_refused_whole_when_a_pack_exists(backend: Backend) -> None:
    db = await Database.open(backend.target())
    try:
        log = [(0, "campaign", "gm", "/campaign new", None, "[]", "[]", None, NOW),
               (1, "action", "kara", "/roll d100", '{"action": {}}', "[]", "[]", None, NOW),
               (2, "campaign", "gm", "/campaign import", None, "[]", "[]", None, NOW)]
        cid = await db.import_campaign("g", "c", "Imported", "gm", '{"v": 0}', '{"v": 2}', log, [("pack", "y")], NOW)
        row = await db.campaign("g", cid)
        assert row is not None and row.seq == 2 and row.state_json == '{"v": 2}'
        assert [e.seq for e in await db.log(cid)] == [0, 1, 2]
        assert ("kara", "player") in await db.members(cid)
        with pytest.raises(StaleState):  # the channel is busy now
            await db.import_campaign("g", "c", "Again", "gm", "{}", "{}", log, [], NOW)
        with pytest.raises(StaleState):  # another channel, but the pack is stored already: nothing lands
            await db.import_campaign("g", "other", "Again", "gm", "{}", "{}", log, [("pack", "y")], NOW)
        assert await db.campaign_ids() == [("g", cid)]
    finally:
        await db.close()


async def test_whole_tables_move_into_an_empty_database_with_their_ids(backend: Backend, tmp_path: object) -> None:
    source = await Database.open(backend.target("source"))
    target = await Database.open(backend.target("target"))
    try:
        await source.create_campaign("g", "c1", "One", "gm", '{"v": 0}', NOW)
        second = await source.create_campaign("g", "c2", "Two", "gm", '{"v": 0}', NOW)
        await source.append(second.id, 0, "action", "kara", "/roll d100", None, [], [], '{"v": 1}', NOW)
        await source.save_guild_pack("g", "pack", "yaml", "gm", NOW)
        tables = {t: await source.rows(t) for t in TABLES}
        await target.load_rows(tables)
        assert {t: await target.rows(t) for t in TABLES} == tables
        third = await target.create_campaign("g", "c3", "Three", "gm", "{}", NOW)  # numbered after the copies
        assert third.id == second.id + 1
        await target.append(second.id, 1, "action", "sonch", "/roll d100", None, [], [], '{"v": 2}', NOW)
        assert ("sonch", "player") in await target.members(second.id)  # the member trigger is back
        with pytest.raises(StaleState, match="already holds campaigns"):
            await target.load_rows(tables)
    finally:
        await source.close()
        await target.close()


async def test_another_programs_tables_and_a_newer_schema_are_refused(backend: Backend) -> None:
    target = backend.target("foreign")
    if backend.kind == "sqlite":
        with sqlite3.connect(target) as conn:
            conn.execute("CREATE TABLE notes (a)")
    else:
        import asyncpg

        conn = await asyncpg.connect(target)
        await conn.execute("CREATE TABLE notes (a TEXT)")
        await conn.close()
    with pytest.raises(DatabaseUnusable, match="another program's"):
        await Database.open(target)
    newer = backend.target("newer")
    db = await Database.open(newer)
    await db.execute("PRAGMA user_version=99" if backend.kind == "sqlite" else "UPDATE kfgm_schema SET version=99")
    await db.close()
    with pytest.raises(DatabaseUnusable, match="newer kfgm"):
        await Database.open(newer)


async def test_a_log_read_for_a_replay_leaves_out_the_events_and_keeps_the_rest(backend: Backend) -> None:
    """``log(events=False)`` (what /gm undo and a rebuild replay from) gives every other field as ``log()`` does."""
    db = await Database.open(backend.target())
    try:
        row = await db.create_campaign("g", "c", "Replay", "gm", '{"v": 0}', NOW)
        events = [{"kind": "roll", "text": "Test 6+: rolled 7"}]
        await db.append(row.id, 0, "action", "kara", "/roll d100", {"action": {"type": "roll"}}, [{"d": 7}], events,
                        '{"v": 1}', NOW)
        full, light = await db.log(row.id), await db.log(row.id, events=False)
        assert full[1].events == events and [e.events for e in light] == [[], []]
        assert [dataclasses.replace(e, events=[]) for e in full] == light
        assert light[1].action == {"action": {"type": "roll"}} and light[1].rolls == [{"d": 7}]
    finally:
        await db.close()
