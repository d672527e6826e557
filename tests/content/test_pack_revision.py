"""Content uploaded by one process is known to another on the same database without a restart (issue #25): a
guild's cached content is keyed by the database's pack revision (the guild_packs rows), re-checked at most every
``App.content_recheck_s`` seconds."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.app.service import CONTENT_RECHECK_S, App
from tests.conftest import open_app
from tests.content.test_upload import HOME, ok, valid_pack


async def _two(tmp_path: Path) -> tuple[App, App]:
    return await open_app(tmp_path / "k.sqlite3"), await open_app(tmp_path / "k.sqlite3")


async def test_a_second_bot_on_the_same_file_sees_an_upload_without_restart(tmp_path: Path) -> None:
    one, two = await _two(tmp_path)
    try:
        await ok(one, '/campaign new name:"Two Bots"')
        await ok(one, '/knight create knight:ashgrove name:"Ser Sonch"')
        await ok(one, '/knight show name:"Ser Sonch"')  # bot one has the guild's content (no packs) cached
        pack = tmp_path / "hollow.yaml"
        pack.write_text(valid_pack(), encoding="utf-8")
        await ok(two, f"/content upload file:{pack}")
        await ok(two, '/knight armory add gear:gear_hollow_blade name:"Ser Sonch"')  # written by bot two
        await ok(two, '/knight loadout gear:gear_hollow_blade name:"Ser Sonch"')
        await asyncio.sleep(CONTENT_RECHECK_S + 0.05)
        shown = await ok(one, '/knight show name:"Ser Sonch"')
        assert "Hollow Blade" in shown.text, shown.text
        undone = await ok(one, "/gm undo")  # replays the log with the uploaded Gear in it
        assert undone.data["undone"]["seq"] == 3  # the loadout bot two wrote
        assert "Hollow Blade" not in (await ok(one, '/knight show name:"Ser Sonch"')).text
        again = await ok(one, '/knight loadout gear:gear_hollow_blade name:"Ser Sonch"')
        assert "Hollow Blade" in again.text
    finally:
        await one.db.close()
        await two.db.close()


async def test_a_removal_by_the_other_bot_is_seen_too(tmp_path: Path) -> None:
    one, two = await _two(tmp_path)
    try:
        await ok(one, '/campaign new name:"Two Bots"')
        pack = tmp_path / "hollow.yaml"
        pack.write_text(valid_pack(), encoding="utf-8")
        await ok(one, f"/content upload file:{pack}")
        assert [p["id"] for p in (await ok(two, "/content list")).data["packs"]] == ["hollow_pack"]
        await ok(one, "/content remove pack:hollow_pack")
        await asyncio.sleep(CONTENT_RECHECK_S + 0.05)
        assert (await ok(two, "/content list")).data["packs"] == []
        assert (await two.content_for(HOME)).revision == "" == await two.db.guild_pack_revision(HOME)
    finally:
        await one.db.close()
        await two.db.close()
