"""``kfgm migrate-db`` (issue #24): a SQLite database written by an older main (tests/fixtures/campaigns_0e0afe0.sqlite3,
a whole Expedition and a Delve waiting on an Encounter question; see tests/fixtures/README.md on main) moves to
PostgreSQL; every table reads back identical, every campaign replays there to the state it was saved with, and the
table plays on there. ``kfgm status`` and ``kfgm backup`` on PostgreSQL."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from bot.app.history import rebuild
from bot.console.runner import GUILD
from rules.state import CampaignState
from storage.base import TABLES, Database
from tests.conftest import Table, open_app, postgres_schema
from tests.reliability.disks import kfgm

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "campaigns_0e0afe0.sqlite3"


async def _tables(target: str) -> dict[str, list[tuple[object, ...]]]:
    db = await Database.open(target)
    try:
        return {t: await db.rows(t) for t in TABLES}
    finally:
        await db.close()


def test_an_old_sqlite_database_moves_to_postgresql_and_plays_on(postgres_server: str, tmp_path: Path) -> None:
    source = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, source)
    target = postgres_schema(postgres_server)
    moved = kfgm("migrate-db", "--from", f"sqlite:///{source}", "--to", target)
    assert moved.returncode == 0, moved.stderr
    assert "Moved 2 campaign(s)" in moved.stdout and "replays there to the same state" in moved.stdout, moved.stdout
    assert asyncio.run(_tables(target)) == asyncio.run(_tables(str(source)))
    asyncio.run(_plays_on(target))
    again = kfgm("migrate-db", "--from", str(source), "--to", target)  # never into a database holding campaigns
    assert again.returncode == 2 and "already holds campaigns" in again.stderr, again.stderr
    assert len(again.stderr.strip().splitlines()) == 1


async def _plays_on(target: str) -> None:
    app = await open_app(target)
    try:
        for campaign_id in (1, 2):
            row = await app.db.campaign(GUILD, campaign_id)
            assert row is not None
            stored = CampaignState.model_validate_json(row.state_json)
            assert (await rebuild(app.db, app.engine, campaign_id)).model_dump() == stored.model_dump()
        table = Table(app)
        before = CampaignState.model_validate_json((await app.db.campaign(GUILD, 2)).state_json)  # type: ignore[union-attr]
        answered = await table.ok("@sonch /encounter choose option:keep")  # the question it was waiting on
        assert "Power" in answered.text, answered.text
        await table.ok("/gm undo")
        after = CampaignState.model_validate_json((await app.db.campaign(GUILD, 2)).state_json)  # type: ignore[union-attr]
        assert after.model_dump() == before.model_dump()  # (the text differs: this release writes its newer fields)
        created = await app.run_line(table_ctx("new-channel"), '/campaign new name:"After the move"')
        assert created.ok and created.data["campaign"]["id"] == 3, created.error  # numbered after the moved ones
    finally:
        await app.db.close()


def table_ctx(channel: str):  # type: ignore[no-untyped-def]
    from bot.app.context import Invocation

    return Invocation(guild_id=GUILD, channel_id=channel, user_id="gm", user_name="gm",
                      command_line='/campaign new name:"After the move"')


def test_status_and_backup_on_postgresql(postgres_server: str) -> None:
    target = postgres_schema(postgres_server)
    empty = kfgm("status", KFGM_DATABASE_URL=target)
    assert empty.returncode == 0 and "no kfgm tables yet" in empty.stdout, empty.stderr

    async def play() -> None:
        app = await open_app(target)
        await Table(app).ok('/campaign new name:"Status"')
        await Table(app).ok("/roll d100")
        await app.db.close()

    asyncio.run(play())
    status = kfgm("status", KFGM_DATABASE_URL=target)
    assert status.returncode == 0, status.stderr
    assert "PostgreSQL, schema 4 of 4" in status.stdout and "1 active and 0 ended campaign(s), 2 log entries" in \
        status.stdout, status.stdout
    backup = kfgm("backup", "copy.dump", KFGM_DATABASE_URL=target)
    assert backup.returncode == 1 and "pg_dump --format=custom" in backup.stderr


def test_an_unreachable_postgresql_server_is_one_line(tmp_path: Path) -> None:
    url = f"postgresql://kfgm@/kfgm?host={tmp_path}"  # no server listens there
    for args in (["play"], ["status"], ["run"]):
        result = kfgm(*args, KFGM_DATABASE_URL=url, KFGM_DISCORD_TOKEN="fake")
        assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1 and "cannot be reached" in result.stderr
