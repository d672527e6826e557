"""The event loop's longest stall while a long ``/campaign import`` runs beside other commands (docs/discord.md, "No
stalls"). One event loop serves every server the bot is in: CPU work on it (unpacking, parsing and checking an export,
replaying its log) makes every other server's commands wait. The figure is ``make bench``'s ``import_stall_ms``
(target <= 100 ms); tests/reliability/test_import_stall.py asserts a generous bound.

The export is made the way a long campaign makes it, only faster: the campaign is created by the App, then its
actions (``/roll d100``) are applied by the engine with their recorded dice, and the file is written in the format of
``/campaign export`` (bot/app/transfer.py), gzip-compressed as it is beyond 1 MB.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from bot.app import transfer
from bot.app.commands import build_registry
from bot.app.context import Invocation
from bot.app.registry import Upload
from bot.app.service import App
from content.loader import load_catalogue
from rules.actions import RollD100
from rules.dice import RolledDie
from rules.engine import Event
from rules.state import CampaignState
from storage.db import Database, LogEntry

ENTRIES = 40_000
TICK = 0.002  # the watcher's sleep: the loop is asked to wake it every 2 ms
GM = "100"
_ROLLS = TypeAdapter(list[RolledDie])
_EVENTS = TypeAdapter(list[Event])


def long_export(app: App, start: CampaignState, created: LogEntry, entries: int = ENTRIES) -> bytes:
    """An export of a campaign (its creation entry ``created``) and ``entries`` logged ``/roll d100`` actions, as
    ``/campaign export`` writes it."""
    engine = app.base_engine
    state = start.model_copy(deep=True)
    log = [{"seq": 0, "kind": created.kind, "actor": created.actor, "command": created.command,
            "action": created.action, "rolls": created.rolls, "events": created.events, "target_seq": None,
            "created_at": created.created_at}]
    for seq in range(1, entries + 1):
        action = RollD100()
        dice = engine.dice_for(state)
        result = engine.apply(state, action, dice, in_place=True)
        state = result.state
        log.append({"seq": seq, "kind": "action", "actor": GM, "command": "/roll d100",
                    "action": {"action": action.model_dump(mode="json"), "amend": []},
                    "rolls": _ROLLS.dump_python(dice.rolls, mode="json", serialize_as_any=True),
                    "events": _EVENTS.dump_python(result.events, mode="json", serialize_as_any=True),
                    "target_seq": None, "created_at": "2026-01-01T00:00:00+00:00"})
    body = {"format": "kfgm-campaign", "version": 1, "exported_at": "2026-01-01T00:00:00+00:00",
            "campaign": {"name": "The Long Vigil", "seq": entries, "exported_from": "1"}, "gms": [GM],
            "start_state": json.loads(start.model_dump_json()), "state": json.loads(state.model_dump_json()),
            "log": log, "packs": []}
    return gzip.compress(json.dumps(body, separators=(",", ":")).encode(), 9, mtime=0)


@dataclass
class Stall:
    longest_ms: float  # the longest time the loop did not wake the watcher, beyond its own sleep
    outside_write_ms: float  # the same, leaving out the storage write (storage.transfer.import_campaign)
    write_s: float  # how long the storage write took
    import_s: float  # how long the import took
    commands: int  # other commands answered meanwhile
    slowest_command_ms: float
    imported: bool


async def _watch(stop: asyncio.Event, gaps: list[tuple[float, float]]) -> None:
    """Every wake-up of the loop: (when it should have come, how late it came)."""
    last = time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(TICK)
        now = time.perf_counter()
        gaps.append((last, now - last - TICK))
        last = now


@contextmanager
def _timed_write(window: list[float]) -> Iterator[None]:
    """The storage write of the import, timed: ``window`` gets its start and end."""
    write = transfer.import_campaign

    async def timed(*args: Any, **kwargs: Any) -> Any:
        window.append(time.perf_counter())
        try:
            return await write(*args, **kwargs)
        finally:
            window.append(time.perf_counter())

    transfer.import_campaign = timed  # type: ignore[assignment]
    try:
        yield
    finally:
        transfer.import_campaign = write  # type: ignore[assignment]


async def measure(folder: Path, entries: int = ENTRIES) -> Stall:
    """Import a long export in one guild while another guild's table rolls dice; the loop's longest stall."""
    db = await Database.open(folder / "stall.sqlite3")
    app = App(db, load_catalogue(), build_registry(), seed=7, image_dir=folder / "images")
    try:
        gm = Invocation(guild_id="g-import", channel_id="c-import", user_id=GM, user_name="gm", is_admin=True)
        other = Invocation(guild_id="g-other", channel_id="c-other", user_id="200", user_name="kara", is_admin=True)
        made = await app.run_line(replace(gm, channel_id="c-source"), '/campaign new name:"The Long Vigil"')
        row = await db.campaign("g-import", made.data["campaign"]["id"])
        assert row is not None
        (created,) = await db.log(row.id)
        start_state = CampaignState.model_validate_json(row.state_json)
        data = await asyncio.to_thread(long_export, app, start_state, created, entries)
        assert (await app.run_line(other, '/campaign new name:"Beside"')).ok
        command = app.registry.commands[("campaign", "import")]

        stop = asyncio.Event()
        gaps: list[tuple[float, float]] = []
        latencies: list[float] = []
        watcher = asyncio.ensure_future(_watch(stop, gaps))

        async def table_beside() -> None:
            while not stop.is_set():
                start = time.perf_counter()
                assert (await app.run_line(other, "/roll d100")).ok
                latencies.append(time.perf_counter() - start)
                await asyncio.sleep(0.01)

        beside = asyncio.ensure_future(table_beside())
        await asyncio.sleep(0.05)
        gaps.clear()
        start = time.perf_counter()
        window: list[float] = []
        with _timed_write(window):
            reply = await app.run(replace(gm, command_line="/campaign import"), command,
                                  {"file": Upload("the-long-vigil.json.gz", len(data), data)})
        took = time.perf_counter() - start
        stop.set()
        await asyncio.gather(watcher, beside)
        assert reply.ok, reply.error
        begin, end = window
        outside = [late for at, late in gaps if at + late < begin or at > end]
        return Stall(round(max(late for _, late in gaps) * 1000, 1), round(max(outside) * 1000, 1),
                     round(end - begin, 2), round(took, 2), len(latencies), round(max(latencies) * 1000, 1), reply.ok)
    finally:
        await db.close()
