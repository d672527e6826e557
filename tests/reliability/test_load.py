"""Many commands at once: every command applied exactly once, in one serial order, the log gap-free."""

from __future__ import annotations

import asyncio

from bot.app.context import Invocation
from bot.app.history import rebuild
from tests.conftest import Backend

LINES = ["/roll dice count:2", "/roll test difficulty:6", "/deck draw deck:minor_mortis", "/roll power red:2 white:1"]


def ctx(user: str, line: str, channel: str = "load") -> Invocation:
    return Invocation(guild_id="guild", channel_id=channel, user_id=user, user_name=user, command_line=line)


async def test_50_tasks_send_400_commands_at_one_campaign(backend: Backend) -> None:
    app = await backend.open_app("load")
    assert (await app.run_line(ctx("gm", "/campaign new name:Load"), '/campaign new name:"Load"')).ok

    async def player(n: int) -> list[int]:
        seqs = []
        for i in range(8):
            line = LINES[(n + i) % len(LINES)]
            reply = await app.run_line(ctx(f"p{n}", line), line)
            assert reply.ok, reply.error
            seqs.append(reply.data["seq"])
        return seqs

    results = await asyncio.gather(*[player(n) for n in range(50)])
    seqs = sorted(s for r in results for s in r)
    assert seqs == list(range(1, 401))  # each applied once, no gap, no duplicate
    row = await app.db.active_campaign("guild", "load")
    assert row is not None and row.seq == 400
    entries = await app.db.log(row.id)
    assert [e.seq for e in entries] == list(range(401))
    assert (await rebuild(app.db, app.engine, row.id)).model_dump_json() == row.state_json
    await app.db.close()


async def test_100_campaigns_at_once_stay_apart(backend: Backend) -> None:
    app = await backend.open_app("many")

    async def campaign(n: int) -> None:
        channel = f"channel{n}"
        line = f'/campaign new name:"Campaign {n}"'
        assert (await app.run_line(ctx("gm", line, channel), line)).ok
        for i in range(4):
            reply = await app.run_line(ctx("gm", LINES[i], channel), LINES[i])
            assert reply.ok and reply.data["seq"] == i + 1, reply.error

    await asyncio.gather(*[campaign(n) for n in range(100)])
    for n in (0, 57, 99):
        row = await app.db.active_campaign("guild", f"channel{n}")
        assert row is not None and row.name == f"Campaign {n}" and row.seq == 4
    await app.db.close()
