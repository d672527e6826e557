"""Backups while the bot runs, checked restores, and upgrades from the previous schema version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.console.runner import invocation
from storage.backup import BackupError, backup, check, restore
from storage.db import Database
from storage.migrations import MIGRATIONS
from tests.conftest import Table, open_app


async def test_backup_while_writing_is_a_consistent_copy(tmp_path: Path) -> None:
    app = await open_app(tmp_path / "live.sqlite3")
    table = Table(app)
    await table.ok('/campaign new name:"Backed up"')
    for _ in range(30):
        await table.ok("/roll dice count:2")
    pages = backup(tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3")  # the bot's connection is still open
    assert pages > 0
    copy = await Database.open(tmp_path / "copy.sqlite3")
    live_row = await app.db.active_campaign("console", "console")
    copy_row = await copy.active_campaign("console", "console")
    assert copy_row is not None and live_row is not None
    assert copy_row.state_json == live_row.state_json and copy_row.seq == live_row.seq == 30
    await copy.close()
    await app.db.close()


def test_backup_never_overwrites(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / "db.sqlite3").close()
    (tmp_path / "exists.sqlite3").write_bytes(b"keep me")
    with pytest.raises(BackupError, match="already exists"):
        backup(tmp_path / "db.sqlite3", tmp_path / "exists.sqlite3")
    assert (tmp_path / "exists.sqlite3").read_bytes() == b"keep me"


async def test_restore_puts_the_backup_in_place_and_keeps_the_current_database(tmp_path: Path) -> None:
    live = tmp_path / "kfgm.sqlite3"
    app = await open_app(live)
    table = Table(app)
    await table.ok('/campaign new name:"Restored"')
    await table.ok("/roll d100")
    await app.db.close()
    backup(live, tmp_path / "b1.sqlite3")
    app = await open_app(live)
    await Table(app).ok("/roll d100")  # a command after the backup
    await app.db.close()
    kept = restore(tmp_path / "b1.sqlite3", live)
    assert kept is not None and kept.name == "kfgm.sqlite3.before-restore-1" and check(kept) == MIGRATIONS[-1][0]
    db = await Database.open(live)
    row = await db.active_campaign("console", "console")
    assert row is not None and row.seq == 1
    await db.close()


def test_restore_refuses_what_is_not_a_sound_kfgm_database(tmp_path: Path) -> None:
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database at all" * 100)
    sqlite3.connect(tmp_path / "other.sqlite3").execute("CREATE TABLE x (a)").connection.close()
    (tmp_path / "live.sqlite3").write_bytes(b"current")
    for name, message in [("junk.sqlite3", "not a SQLite database"), ("other.sqlite3", "not a kfgm database"),
                          ("missing.sqlite3", "no file")]:
        with pytest.raises(BackupError, match=message):
            restore(tmp_path / name, tmp_path / "live.sqlite3")
    assert (tmp_path / "live.sqlite3").read_bytes() == b"current"


async def test_a_database_of_the_previous_schema_upgrades_and_keeps_its_campaigns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite3"
    previous = MIGRATIONS[-2][0]
    with monkeypatch.context() as m:  # an older kfgm: it knows one migration less
        m.setattr("storage.db.MIGRATIONS", MIGRATIONS[:-1])
        app = await open_app(path)
        assert await app.db.schema_version() == previous
        await Table(app).ok('/campaign new name:"Old times"')
        await Table(app).ok("/roll test difficulty:6")
        await app.db.close()
    db = await Database.open(path)
    assert await db.schema_version() == MIGRATIONS[-1][0]
    row = await db.active_campaign("console", "console")
    assert row is not None and row.name == "Old times" and row.seq == 1
    await db.close()
    app = await open_app(path)
    assert (await Table(app).ok("@kara /roll d100")).data["seq"] == 2
    loaded = await app.load(invocation("gm", "/gm state"))
    assert loaded.row.seq == 2
    assert ("kara", "player") in await app.db.members(loaded.row.id)
    await app.db.close()
