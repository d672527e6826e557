"""A log written by rules that rolled differently (another version) cannot be replayed: /gm undo and
/gm amend-last say so politely and change nothing (docs/operations.md, "Upgrade")."""

from __future__ import annotations

from tests.conftest import Table


async def test_undo_over_a_log_that_no_longer_replays_changes_nothing(table: Table) -> None:
    await table.ok("@kara /roll test difficulty:6")
    await table.ok("@kara /roll test difficulty:6")
    before = await table.state()
    db = table.app.db  # the first roll's recorded die, as another version rolled
    ((seq,),) = await db.execute("SELECT MIN(seq) FROM log WHERE kind = 'action'")
    await db.execute("UPDATE log SET rolls_json = '[]' WHERE seq = ?", seq)
    for line in ("/gm undo", "/gm amend-last values:7"):
        refused = await table(line)
        assert not refused.ok and "cannot be replayed" in refused.error and "nothing was changed" in refused.error
    assert await table.state() == before
