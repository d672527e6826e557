"""/campaign gm-role and /campaign end write through the same locked, retried path as every action (issue #25):
racing other commands, in one bot or in two processes on one file, they land; and the channel's cached head
follows them, so the next action is not retried (issue #22)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from pathlib import Path

import pytest

from bot.app.context import Invocation
from bot.app.service import App
from tests.conftest import open_app

GM = Invocation(guild_id="g", channel_id="c", user_id="gm", user_name="gm", is_admin=True)
KARA = replace(GM, user_id="kara", user_name="kara", is_admin=False)


async def _run(app: App, ctx: Invocation, line: str) -> object:
    reply = await app.run_line(replace(ctx, command_line=line), line)
    assert reply.ok, (line, reply.error)
    return reply


async def test_gm_role_races_other_commands_in_one_bot_and_across_two(tmp_path: Path) -> None:
    one, two = await open_app(tmp_path / "k.sqlite3"), await open_app(tmp_path / "k.sqlite3")
    try:
        await _run(one, GM, '/campaign new name:"Race"')
        lines = [(app, ctx, line) for i in range(6) for app, ctx, line in (
            (one, KARA, "/roll d100"), (two, KARA, "/roll test difficulty:5"), (one, GM, f"/campaign gm-role role:{i}"),
            (two, GM, f"/campaign gm-role role:{10 + i}"), (two, GM, "/deck draw deck:minor_mortis"))]
        await asyncio.gather(*(_run(app, ctx, line) for app, ctx, line in lines))
        row = await one.db.active_campaign("g", "c")
        assert row is not None and row.seq == len(lines)
        entries = await one.db.log(row.id)
        roles = [e.command for e in entries if e.kind == "campaign" and "gm-role" in e.command]
        assert len(roles) == 12 and row.gm_role_id == roles[-1].rsplit(":", 1)[1]
        # a role holder is a GM in both processes, at once
        holder = replace(KARA, user_id="rolf", role_ids=frozenset({row.gm_role_id}))
        for app in (one, two):
            await _run(app, holder, "/gm force-next values:3")
    finally:
        await one.db.close()
        await two.db.close()


async def test_end_races_other_commands_and_nothing_lands_after_it(tmp_path: Path) -> None:
    one, two = await open_app(tmp_path / "k.sqlite3"), await open_app(tmp_path / "k.sqlite3")
    try:
        await _run(one, GM, '/campaign new name:"Race"')
        rolls = [(one if i % 2 else two).run_line(replace(KARA, command_line="/roll d100"), "/roll d100")
                 for i in range(20)]
        ending = _run(two, GM, "/campaign end")
        replies = await asyncio.gather(*rolls[:10], ending, *rolls[10:])
        assert await one.db.active_campaign("g", "c") is None
        row = await one.db.last_campaign("g", "c")
        assert row is not None and row.status == "ended"
        entries = await one.db.log(row.id)
        assert entries[-1].command == "/campaign end"  # every roll that landed came before the end
        landed = [r for r in replies if r.ok]  # type: ignore[attr-defined]
        assert len(entries) == 1 + len(landed)
    finally:
        await one.db.close()
        await two.db.close()


@pytest.mark.parametrize("line", ["/campaign gm-role role:7", "/gm undo", "/gm amend-last values:3"])
async def test_the_next_action_after_a_campaign_change_is_not_retried(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, line: str) -> None:
    app = await open_app(tmp_path / "k.sqlite3")
    try:
        for setup in ('/campaign new name:"Cache"', "/roll d100", "/roll d100", line):
            await _run(app, GM, setup)
        with caplog.at_level(logging.INFO, logger="kfgm.app"):
            await _run(app, GM, "/roll d100")
        assert not [r for r in caplog.records if "retrying" in r.getMessage()]
    finally:
        await app.db.close()
