"""Two commands at once on one campaign, against a real database file."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.console.runner import invocation
from tests.conftest import Backend, Table, open_app


async def test_two_simultaneous_commands_both_land_with_distinct_sequence_numbers(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    app = await backend.open_app("race")
    table = Table(app)
    await table.ok('/campaign new name:"Race"')
    caplog.set_level(logging.INFO, logger="kfgm.app")
    first, second = await asyncio.gather(table("@kara /roll dice count:2"), table("@sonch /roll d100"))
    assert first.ok and second.ok
    assert {first.data["seq"], second.data["seq"]} == {1, 2}
    entries = (await table.ok("/gm log")).data["entries"]
    assert [e["seq"] for e in entries] == [0, 1, 2]
    # the state is the result of both, in log order: replaying gives the head
    from bot.app.history import rebuild

    loaded = await app.load(invocation("gm", "/gm state"))
    assert (await rebuild(app.db, app.engine, loaded.row.id)) == loaded.state
    await app.db.close()


async def test_two_processes_worth_of_connections_never_lose_a_write(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="kfgm.app")
    path = backend.target("two")
    one, two = await open_app(path), await open_app(path)
    await Table(one).ok('/campaign new name:"Two connections"')
    replies = await asyncio.gather(*[Table(one if i % 2 else two)(f"@p{i} /roll dice count:1") for i in range(20)])
    assert all(r.ok for r in replies), [r.error for r in replies if not r.ok]
    assert sorted(r.data["seq"] for r in replies) == list(range(1, 21))
    assert "retrying" in caplog.text  # a write met a newer state and was applied again on it
    await one.db.close()
    await two.db.close()
