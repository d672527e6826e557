"""The campaign head an App keeps in memory (App._heads) is checked, never trusted: another process's write, an
edit of the stored head, a refused command and a restart all leave the stored state the truth."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from bot.app import service
from bot.app.history import rebuild
from bot.console.runner import CHANNEL, GUILD, invocation
from rules.state import CampaignState
from tests.conftest import Backend, Table, open_app

CHANNEL_KEY = (GUILD, CHANNEL)


@asynccontextmanager
async def _servers(path: str, count: int) -> AsyncIterator[list[Table]]:
    """``count`` Apps on one database file, as many servers; closed even when an assertion fails."""
    tables = [Table(await open_app(path)) for _ in range(count)]
    try:
        yield tables
    finally:
        for t in tables:
            await t.app.db.close()


async def _head(table: Table) -> CampaignState:
    loaded = await table.app.load(invocation("gm", ""))
    return loaded.state


async def _assert_sound(table: Table) -> None:
    """The stored head is what replaying the log gives."""
    loaded = await table.app.load(invocation("gm", ""))
    assert await rebuild(table.app.db, table.app.engine, loaded.row.id) == loaded.state


async def test_the_cached_head_is_the_stored_head_after_each_command(table: Table) -> None:
    for line in ("/roll d100", "/deck draw deck:minor_mortis", "/roll power red:3 black:1 white:1"):
        await table.ok(line)
        cached = table.app._heads[CHANNEL_KEY]
        loaded = await table.app.load(invocation("gm", ""))
        assert (cached.row.seq, cached.row.state_json) == (loaded.row.seq, loaded.row.state_json)
        assert cached.state == loaded.state
    await _assert_sound(table)


async def test_another_process_writing_the_campaign_is_seen(
    backend: Backend, caplog: pytest.LogCaptureFixture) -> None:
    """Two Apps on one file are two servers: each one's next command starts from the other's writes."""
    caplog.set_level(logging.INFO, logger="kfgm.app")
    async with _servers(backend.target("shared"), 2) as (one, two):
        await one.ok('/campaign new name:"Shared"')
        await one.ok("/roll d100")  # one now holds a cached head
        await two.ok("/gm force-next values:7")
        await two.ok("/roll d100")
        caplog.clear()
        reply = await one.ok("/gm force-next values:3")  # goes through the log as an action: one's head was stale
        assert reply.data["seq"] == 4
        assert "moved on; retrying" in caplog.text
        reply = await one.ok("/roll dice count:1")
        assert reply.data["naturals"] == [3]
        assert [e["seq"] for e in (await two.ok("/gm log")).data["entries"]] == [0, 1, 2, 3, 4, 5]
        await _assert_sound(one)
        await _assert_sound(two)


async def test_an_edit_of_the_stored_head_is_not_overwritten(table: Table) -> None:
    """A head changed in the database without a new seq (as a test or an operator may do) is what the next command
    starts from: the write checks the stored text, not only the seq."""
    await table.ok("/roll d100")
    db = table.app.db
    row = await db.active_campaign(GUILD, CHANNEL)
    assert row is not None
    state = CampaignState.model_validate_json(row.state_json)
    state.forced_dice = [9]
    await db.execute("UPDATE campaigns SET state_json=? WHERE id=?", state.model_dump_json(), row.id)
    assert (await table.ok("/roll dice count:1")).data["naturals"] == [9]


async def test_a_refused_command_leaves_no_cached_head_behind(table: Table) -> None:
    """A handler works on the cached head in place; when the rules refuse, the head is read again."""
    await table.ok("/roll d100")
    before = await _head(table)
    refused = await table("/deck search deck:minor_mortis card:no_such_card")  # the rules refuse
    assert not refused.ok
    assert CHANNEL_KEY not in table.app._heads
    assert await _head(table) == before
    await table.ok("/roll d100")
    await _assert_sound(table)


async def test_a_restarted_app_goes_on_from_the_stored_head(backend: Backend) -> None:
    path = backend.target("restart")
    async with _servers(path, 1) as (first,):
        await first.ok('/campaign new name:"Restart"')
        await first.ok("/roll dice count:3")
        stored = await _head(first)
    async with _servers(path, 1) as (second,):
        assert await _head(second) == stored
        assert (await second.ok("/roll d100")).data["seq"] == 2
        await _assert_sound(second)


async def test_the_cache_holds_a_bounded_number_of_heads(
    backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service, "MAX_CACHED_HEADS", 3)
    async with _servers(backend.target("many"), 1) as (table,):
        app = table.app
        for n in range(5):
            ctx = invocation("gm", "")
            ctx = ctx.__class__(guild_id="g", channel_id=f"c{n}", user_id="gm", user_name="gm", command_line="")
            assert (await app.run_line(ctx, f'/campaign new name:"C{n}"')).ok
            assert (await app.run_line(ctx, "/roll d100")).ok
        assert list(app._heads) == [("g", "c2"), ("g", "c3"), ("g", "c4")]


async def test_the_log_entry_of_a_command_is_written_as_before(table: Table) -> None:
    """The App writes the log's JSON straight from the models: the same data json.dumps of model_dump gave (a die's
    prompt-only fields, such as its colour, stay out of the log)."""
    reply = await table.ok("/roll power red:2 black:1 white:1")
    row = await table.app.db.active_campaign(GUILD, CHANNEL)
    assert row is not None
    entry = (await table.app.db.log(row.id))[-1]
    assert entry.seq == reply.data["seq"]
    assert entry.action == {"action": {"type": "roll_power", "white": 1, "black": 1, "red": 2, "armor": False},
                            "amend": []}
    assert [set(d) for d in entry.rolls] == [{"kind", "value", "purpose", "forced"}] * 4
    # each event: its kind, the words the players saw and, once its family is converted, its fact (bot/narration)
    assert entry.events and all(set(e) <= {"kind", "text", "fact"} for e in entry.events)
    assert "\n".join(e["text"] for e in entry.events) == reply.text
    assert entry.events[0]["fact"]["fact"] == "power_rolled"


async def test_a_refusal_is_never_decided_on_a_stale_cached_head(backend: Backend) -> None:
    """The cached head still has the Clash another server's /gm undo took back: starting the Clash again is
    decided on the stored head, not refused as "already running"."""
    async with _servers(backend.target("undo"), 2) as (one, two):
        await one.ok('/campaign new name:"Undo"')
        await one.ok("@kara /knight create knight:ashgrove name:Kara")
        first = await one.ok("/clash start monster:abbot level:2 type:exhibition")  # one caches a head with it
        await two.ok("/gm undo")
        again = await one.ok("/clash start monster:abbot level:2 type:exhibition")
        assert again.data["clash"] == first.data["clash"]
        await one.ok("/gm undo")  # the same within one server: /gm undo does not go through the cache
        await one.ok("/clash start monster:abbot level:2 type:exhibition")
        await _assert_sound(one)
