"""A replay reads the log's actions a page at a time (bot/app/history.py ``replay_log``, ``REPLAY_PAGE`` entries): the
effective history is told from the entries' heads, then each page's actions are read and replayed, so a long log's
parsed actions are never all in memory. An undo and an amend whose entries fall on another page than the action they
take back or replace still rebuild the state the players saw; on SQLite and on PostgreSQL (the ``backend`` fixture)."""

from __future__ import annotations

from bot.app.history import REPLAY_PAGE, rebuild, state_before_top
from bot.console.runner import invocation
from tests.conftest import Backend, Table


async def test_a_log_longer_than_a_page_with_an_undo_and_an_amend_across_it_rebuilds_the_head(
        backend: Backend) -> None:
    table = Table(await backend.open_app())
    try:
        await table.ok('/campaign new name:"A long vigil"')
        for _ in range(REPLAY_PAGE - 3):
            await table.ok("/roll dice count:1")
        await table.ok("/roll dice count:3")  # the page's last slots
        await table.ok("/roll dice count:2")
        await table.ok("/gm undo")  # its entry on the next page
        await table.ok("/roll dice count:3")
        await table.ok("/gm amend-last values:1,2,3")  # replaces a slot of the first page
        for _ in range(5):
            await table.ok("/roll d100")
        loaded = await table.app.load(invocation("gm", "/gm state"))
        entries = await table.app.db.log(loaded.row.id, events=False)
        assert len(entries) > REPLAY_PAGE + 5
        assert (await rebuild(table.app.db, table.app.engine, loaded.row.id)).model_dump() == \
            loaded.state.model_dump()
        top, before = await state_before_top(table.app.db, table.app.engine, loaded.row.id)
        assert top is not None and top.entry.command == "/roll d100"
        await table.ok("/gm undo")
        after_undo = await table.app.load(invocation("gm", "/gm state"))
        assert after_undo.state.model_dump() == before.model_dump()
    finally:
        await table.app.db.close()


async def test_the_heads_of_the_log_hold_what_tells_the_effective_history_and_a_page_reads_its_entries(
        backend: Backend) -> None:
    table = Table(await backend.open_app())
    try:
        await table.ok('/campaign new name:"Heads"')
        await table.ok("/roll dice count:2")
        await table.ok("/gm amend-last values:5,5")
        await table.ok("/gm undo")
        loaded = await table.app.load(invocation("gm", "/gm state"))
        db = table.app.db
        full = await db.log(loaded.row.id, events=False)
        assert await db.heads(loaded.row.id) == [(e.seq, e.kind) for e in full]
        assert await db.heads(loaded.row.id, full[0].seq, full[-1].seq) == [(e.seq, e.kind) for e in full[1:-1]]
        wanted = [full[-1].seq, full[0].seq]  # far apart: read by their seqs
        assert [e.seq for e in await db.log_at(loaded.row.id, wanted)] == sorted(wanted)
        wanted = [full[3].seq, full[1].seq]  # close together: read as a range, the one between left out
        assert await db.log_at(loaded.row.id, wanted) == [full[1], full[3]]
        assert await db.log_at(loaded.row.id, []) == []
    finally:
        await table.app.db.close()
