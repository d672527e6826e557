"""/gm undo, /gm amend-last and /clash sigh write their own log entries, on the path of an action (App.write_twice):
a command that lost the race to another writer once takes the campaign's write lock before reading the head again
(``Database.hold``), so it cannot lose again (docs/architecture.md "Two processes on one campaign"). Two Apps on one
database, as two bot processes; on SQLite and on PostgreSQL (the ``backend`` fixture)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.app.history import rebuild
from tests.conftest import Backend, Table


async def _two_apps(backend: Backend) -> tuple[Table, Table]:
    gm = Table(await backend.open_app(seed=1))
    await gm.ok('/campaign new name:"Undo Race"')
    rival = Table(await backend.open_app(seed=2))
    await rival("/gm log count:1")  # connected and loaded
    return gm, rival


async def _log_replays_to_the_head(t: Table) -> list[int]:
    row = await t.app.db.active_campaign("console", "console")
    assert row is not None
    entries = await t.app.db.log(row.id)
    assert [e.seq for e in entries] == list(range(row.seq + 1)), "the log has a gap"
    assert (await rebuild(t.app.db, t.app.engine, row.id)).model_dump_json() == row.state_json
    return [e.seq for e in entries]


@pytest.mark.parametrize(("line", "took"), [("/gm undo", "undone"), ("/gm amend-last values:7", "amended")])
async def test_an_undo_that_lost_a_race_once_holds_the_campaign(backend: Backend, caplog: pytest.LogCaptureFixture,
                                                                  line: str, took: str) -> None:
    """The other App's command lands while the undo (or the amend) waits to write: read on the older head, it loses
    once, then takes the write lock, reads the head again and takes back (amends) the newest action, the other
    App's."""
    gm, rival = await _two_apps(backend)
    try:
        await gm.ok("/roll d100")  # seq 1
        caplog.set_level(logging.INFO, logger="kfgm.app")
        async with rival.app.db.hold("console", "console") as row:  # the other process writes meanwhile
            assert row is not None and row.seq == 1
            undo = asyncio.create_task(gm(line))
            await asyncio.sleep(0.3)  # the undo has read seq 1 and waits for the write lock
            assert not undo.done(), "the undo wrote while the campaign was held"
            rolled = await rival.ok("/roll dice count:3")
            assert rolled.data["seq"] == 2
        undone = await undo
        assert undone.ok, undone.error
        assert undone.data[took]["seq"] == 2 and undone.data["seq"] == 3
        assert f"retrying {line} under its write lock" in caplog.text
        assert await _log_replays_to_the_head(gm) == [0, 1, 2, 3]
        after = await gm.ok("/roll d100")  # the cached head is the undo's
        assert after.data["seq"] == 4
    finally:
        await gm.app.db.close()
        await rival.app.db.close()


async def test_an_undo_is_not_starved_by_a_writer_that_never_pauses(backend: Backend) -> None:
    """The starvation of the old retry loop (20 tries, then "very busy"): the other App writes from its cached head
    without a pause, so an undo that must read the log again after every lost race loses again and again. Now its
    second try holds the campaign's write lock: the undo lands while the other App keeps writing."""
    gm, rival = await _two_apps(backend)
    stop = asyncio.Event()
    written: list[int] = []

    async def rolls() -> None:
        while not stop.is_set():
            written.append((await rival.ok("/roll dice count:2")).data["seq"])
            await asyncio.sleep(0)

    try:
        await gm.ok("/roll d100")
        writer = asyncio.create_task(rolls())
        while len(written) < 3:
            await asyncio.sleep(0.001)
        undone = await gm("/gm undo")
        stop.set()
        await writer
        assert undone.ok, undone.error
        assert undone.data["undone"]["seq"] in written  # the newest action when it wrote: the other App's
        seqs = await _log_replays_to_the_head(gm)
        assert undone.data["seq"] in seqs
    finally:
        stop.set()
        await gm.app.db.close()
        await rival.app.db.close()
