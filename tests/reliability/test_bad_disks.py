"""Start-up that fails cleanly (issue #25, item 2): every way a database cannot be used is ONE line naming the file
and what to do, exit code 2, no traceback and no hang, for every subcommand that opens it; the file is left as it
was. A full disk while playing: the command is refused, the console says so and goes on, and when space returns
the next command lands (nothing lost). docs/operations.md, "When the database cannot be used"."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import sqlite3
import threading
from pathlib import Path

import pytest

from bot.app.history import rebuild
from storage.backup import BackupError, backup
from storage.base import DatabaseUnusable
from storage.db import Database
from tests.conftest import Table, open_app
from tests.reliability.disks import (
    BAD_KINDS,
    fill,
    kfgm,
    kfgm_database,
    make_bad,
    remount,
    small_tmpfs,
)

WHAT = {  # what the one line says, per kind of bad file
    "random": "is not a SQLite database", "zeroed": "is not a SQLite database", "truncated": "is damaged",
    "malformed": "is damaged", "foreign": "another program's SQLite database", "newer": "written by a newer kfgm",
}
SUBCOMMANDS = {  # every subcommand that opens the database, as an operator types it
    "play": ["play"],  # the interactive console (stdin closed)
    "play-script": ["play", "--script", "-", "--db", "{db}"],
    "run": ["run"],  # with a (fake) token: the database is refused before Discord is ever called
    "status": ["status"],
    "backup": ["backup", "{tmp}/backup.sqlite3"],
    "migrate-db": ["migrate-db", "--from", "{db}", "--to", "sqlite:///{tmp}/moved.sqlite3"],
}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _assert_one_line_refusal(result: object, path: Path, says: str) -> None:
    out = result  # subprocess.CompletedProcess
    lines = out.stderr.strip().splitlines()  # type: ignore[attr-defined]
    assert out.returncode == 2, (out.returncode, out.stderr)  # type: ignore[attr-defined]
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr  # type: ignore[attr-defined]
    assert str(path) in lines[0] and says in lines[0], lines[0]


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_every_subcommand_refuses_a_bad_database_in_one_line(tmp_path: Path, kind: str) -> None:
    db = make_bad(kind, tmp_path / f"{kind}.sqlite3")
    before = _digest(db)
    for name, args in SUBCOMMANDS.items():
        argv = [a.format(tmp=tmp_path, db=db) for a in args]
        result = kfgm(*argv, db=db, KFGM_DISCORD_TOKEN="not-a-real-token")
        _assert_one_line_refusal(result, db, WHAT[kind])
        assert _digest(db) == before, f"kfgm {name} changed the {kind} file"
    assert not (tmp_path / "backup.sqlite3").exists() and not list(tmp_path.glob(".backup.sqlite3.partial-*"))
    if kind == "foreign":  # never gets kfgm's tables
        with sqlite3.connect(db) as conn:
            assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master")} == {"notes"}


@pytest.mark.parametrize("kind", BAD_KINDS)
async def test_database_open_refuses_and_leaves_nothing_open(tmp_path: Path, kind: str) -> None:
    """In process: ``DatabaseUnusable`` with the same line, and no aiosqlite thread left behind (it would keep the
    process alive for ever)."""
    db = await asyncio.to_thread(make_bad, kind, tmp_path / f"{kind}.sqlite3")
    with pytest.raises(DatabaseUnusable, match=WHAT[kind]):
        await Database.open(db)
    workers = [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]
    for worker in workers:
        worker.join(timeout=10)
    assert not [t for t in workers if t.is_alive()], "an aiosqlite connection was left open"


def test_a_folder_given_as_the_database_is_refused(tmp_path: Path) -> None:
    _assert_one_line_refusal(kfgm("play", db=tmp_path), tmp_path, "is a folder")


def test_a_backup_of_a_newer_database_leaves_no_partial_copy(tmp_path: Path) -> None:
    db = make_bad("newer", tmp_path / "newer.sqlite3")
    for _ in range(2):  # the retry says the same, never "already exists"
        with pytest.raises(DatabaseUnusable, match="newer kfgm"):
            backup(db, tmp_path / "copy.sqlite3")
        assert not [p for p in tmp_path.iterdir() if "copy" in p.name]


def test_a_backup_is_written_under_a_temporary_name_then_renamed(tmp_path: Path) -> None:
    db = kfgm_database(tmp_path / "kfgm.sqlite3", commands=3)
    assert backup(db, tmp_path / "b" / "copy.sqlite3") > 0
    assert [p.name for p in (tmp_path / "b").iterdir()] == ["copy.sqlite3"]
    with pytest.raises(BackupError, match="already exists"):
        backup(db, tmp_path / "b" / "copy.sqlite3")


# -- read-only and full disks (a small tmpfs; root only) ------------------------------------------------------------


@pytest.fixture
def tmpfs() -> object:
    with small_tmpfs("4m") as folder:
        if folder is None:
            pytest.skip("a tmpfs cannot be mounted here (not root, or no mount permission): the read-only and "
                        "full-disk cases need one")
        yield folder


def test_a_read_only_disk_is_refused_for_every_subcommand_that_writes(tmpfs: Path, tmp_path: Path) -> None:
    db = kfgm_database(tmpfs / "kfgm.sqlite3", commands=3)
    remount(tmpfs, "ro")
    try:
        for args in (["play"], ["play", "--script", "-", "--db", str(db)], ["run"]):
            _assert_one_line_refusal(kfgm(*args, db=db, KFGM_DISCORD_TOKEN="fake"), db, "read-only")
        fresh = tmpfs / "new.sqlite3"  # nothing there yet, and nothing can be created
        _assert_one_line_refusal(kfgm("play", db=fresh), fresh, "read-only")
        assert kfgm("status", db=db).returncode == 0  # reading still works
        assert kfgm("backup", str(tmp_path / "copy.sqlite3"), db=db).returncode == 0
    finally:
        remount(tmpfs, "rw")


def test_a_full_disk_at_start_up_is_refused(tmpfs: Path) -> None:
    fill(tmpfs)
    fresh = tmpfs / "kfgm.sqlite3"
    _assert_one_line_refusal(kfgm("play", db=fresh), fresh, "full")
    fresh.unlink(missing_ok=True)


async def test_a_full_disk_while_playing_refuses_writes_until_space_returns(tmpfs: Path) -> None:
    app = await open_app(tmpfs / "kfgm.sqlite3")
    table = Table(app)
    try:
        await table.ok('/campaign new name:"Full"')
        filler = fill(tmpfs)
        refused = []
        for _ in range(300):  # the WAL's free pages are used up first
            reply = await table("/roll power red:3 black:1 white:1")
            if not reply.ok:
                refused.append(reply.error)
                if len(refused) == 3:  # and it goes on refusing
                    break
            else:
                assert not refused, "a write landed between refusals on a full disk"
        assert len(refused) == 3, "the disk never filled"
        assert all("is full, so nothing was written" in e and "kfgm.sqlite3" in e for e in refused), refused
        head = await app.db.active_campaign("console", "console")
        assert head is not None
        filler.unlink()
        landed = await table.ok("/roll d100")
        assert landed.data["seq"] == head.seq + 1
        entries = await app.db.log(head.id)
        assert [e.seq for e in entries] == list(range(head.seq + 2))
        row = await app.db.active_campaign("console", "console")
        assert row is not None
        assert (await rebuild(app.db, app.engine, row.id)).model_dump_json() == row.state_json
    finally:
        await app.db.close()


def test_the_console_on_a_full_disk_says_so_and_goes_on(tmpfs: Path) -> None:
    db = kfgm_database(tmpfs / "kfgm.sqlite3", commands=1)
    reader = sqlite3.connect(db)  # another connection keeps the -wal and -shm files: the disk fills after start-up
    reader.execute("SELECT count(*) FROM log").fetchone()
    fill(tmpfs)
    script = "\n".join(["/roll power red:3 black:1 white:1"] * 150 + ["/gm log count:1"]) + "\n"
    script_file = tmpfs.parent / f"{tmpfs.name}-script.txt"
    script_file.write_text(script)
    try:
        result = kfgm("play", "--script", str(script_file), "--json", "--db", str(db))
    finally:
        script_file.unlink()
        reader.close()
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(replies) == 151 and replies[-1]["ok"], "the console stopped on the full disk"
    errors = [r["error"] for r in replies if not r["ok"]]
    assert errors and all("is full" in e for e in errors)
    shutil.rmtree(tmpfs / "images", ignore_errors=True)
