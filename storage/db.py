"""SQLite storage through aiosqlite: campaigns per guild, the append-only action log, snapshots.

Every command is written in one transaction that checks the campaign's sequence number: if another
command landed first, the write is refused with ``StaleState`` and the application retries on the new
state. Nothing is ever half-written.

A command's write (``Database.append``) is one trip to aiosqlite's database thread: ``BEGIN IMMEDIATE``,
the statements and ``COMMIT`` run there as one function (``_write``), so the transaction is never open
while the event loop does something else, and the command pays one thread hand-over instead of four.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar, cast

import aiosqlite

from storage.migrations import MIGRATIONS

SNAPSHOT_EVERY = 25
_T = TypeVar("_T")


class StaleState(Exception):
    """The campaign moved on since the state was read."""


class _Busy(sqlite3.OperationalError):
    """``BEGIN IMMEDIATE`` found the database locked by another connection: nothing was done, try again."""


@dataclass(frozen=True)
class CampaignRow:
    id: int
    guild_id: str
    channel_id: str
    name: str
    status: str
    gm_role_id: str | None
    created_by: str
    seq: int
    state_json: str


@dataclass(frozen=True)
class LogEntry:
    seq: int
    kind: str  # action | undo | amend | campaign
    actor: str
    command: str
    action: dict[str, Any] | None
    rolls: list[dict[str, Any]]
    events: list[dict[str, Any]]
    target_seq: int | None
    created_at: str


@dataclass(frozen=True)
class GuildPack:
    """A content pack uploaded to a guild: its manifest id, its YAML text, who uploaded it and when."""

    name: str
    yaml: str
    uploaded_by: str
    uploaded_at: str


# a JSON string that could be a content id (content/schema: ^[a-z0-9][a-z0-9_]*$)
_JSON_ID = re.compile(r'"([a-z0-9][a-z0-9_]{0,63})"')


async def _exec(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Execute one statement and fetch everything in one trip to the database thread (the cursor is
    exhausted there, so no read snapshot stays open)."""
    return list(await conn.execute_fetchall(sql, params))


async def _run(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]:
    """Execute one statement and close its cursor at once (an open cursor would keep a read
    snapshot alive and make this connection's next write transaction fail as busy)."""
    async with conn.execute(sql, params) as cur:
        return cur.rowcount, cur.lastrowid


class Database:
    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await _run(conn, "PRAGMA journal_mode=WAL")
        await _run(conn, "PRAGMA synchronous=NORMAL")
        await _run(conn, "PRAGMA foreign_keys=ON")
        await _run(conn, "PRAGMA busy_timeout=5000")
        db = cls(conn, path)
        await db.migrate()
        return db

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await self._begin()
            try:
                yield self.conn
            except BaseException:
                await _exec(self.conn, "ROLLBACK")
                raise
            else:
                await _exec(self.conn, "COMMIT")

    async def _write(self, fn: Callable[..., _T], *args: Any) -> _T:
        """Run ``fn(sqlite3_connection, *args)`` as one write transaction in ONE trip to the database thread:
        BEGIN IMMEDIATE, ``fn``, COMMIT there, or ROLLBACK if anything raised (then the exception comes
        back here). While another connection writes, wait as ``_begin`` does (short, growing sleeps)."""
        async with self._write_lock:
            delay = 0.002
            for attempt in range(61):
                try:
                    # aiosqlite's own queue to its thread (public API offers no "run this function there")
                    done = await self.conn._execute(_transaction, self.conn, fn, args)  # type: ignore[no-untyped-call]
                    return cast(_T, done)
                except _Busy:
                    if attempt == 60:
                        raise
                    await asyncio.sleep(delay)
                    delay = min(delay * 1.5, 0.25)
        raise AssertionError("unreachable")

    async def _begin(self) -> None:
        """BEGIN IMMEDIATE, waiting politely while another connection (another process) writes.
        SQLite can answer "database is locked" at once in WAL mode without calling its busy handler,
        so the wait is ours: short sleeps, growing, for up to about ten seconds."""
        delay = 0.002
        for _ in range(60):
            try:
                await _exec(self.conn, "BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 1.5, 0.25)
        await _exec(self.conn, "BEGIN IMMEDIATE")

    # -- migrations ---------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> list[int]:
        applied = []
        current = await self.schema_version()
        for number, statements in MIGRATIONS:
            if number <= current:
                continue
            async with self.transaction() as conn:
                for sql in statements:
                    await _run(conn, sql)
                await _run(conn, f"PRAGMA user_version={number}")
            applied.append(number)
        return applied

    # -- campaigns ------------------------------------------------------------------------------------

    async def active_campaign(self, guild_id: str, channel_id: str) -> CampaignRow | None:
        rows = await _exec(
            self.conn,
            "SELECT * FROM campaigns WHERE guild_id=? AND channel_id=? AND status='active'",
            (guild_id, channel_id),
        )
        return _campaign(rows[0]) if rows else None

    async def campaign(self, guild_id: str, campaign_id: int) -> CampaignRow | None:
        """A campaign of this guild only: another guild's id finds nothing."""
        async with self.conn.execute(
            "SELECT * FROM campaigns WHERE guild_id=? AND id=?", (guild_id, campaign_id)
        ) as cur:
            row = await cur.fetchone()
        return _campaign(row) if row else None

    async def last_campaign(self, guild_id: str, channel_id: str) -> CampaignRow | None:
        """The channel's newest campaign, active or ended (the one a /campaign import replaces)."""
        rows = await _exec(
            self.conn, "SELECT * FROM campaigns WHERE guild_id=? AND channel_id=? ORDER BY id DESC LIMIT 1",
            (guild_id, channel_id),
        )
        return _campaign(rows[0]) if rows else None

    async def create_campaign(
        self, guild_id: str, channel_id: str, name: str, created_by: str, state_json: str, now: str
    ) -> CampaignRow:
        async with self.transaction() as conn:
            async with conn.execute(
                "SELECT 1 FROM campaigns WHERE guild_id=? AND channel_id=? AND status='active'", (guild_id, channel_id)
            ) as cur:
                if await cur.fetchone():
                    raise StaleState("this channel already has an active campaign")
            await _run(conn, "INSERT OR IGNORE INTO guilds(id, created_at) VALUES (?, ?)", (guild_id, now))
            _, campaign_id = await _run(
                conn,
                "INSERT INTO campaigns(guild_id, channel_id, name, status, created_by, seq, state_json, created_at, "
                "updated_at) VALUES (?, ?, ?, 'active', ?, 0, ?, ?, ?)",
                (guild_id, channel_id, name, created_by, state_json, now, now),
            )
            await _run(
                conn,
                "INSERT INTO members(campaign_id, user_id, role, joined_at) VALUES (?, ?, 'gm', ?)",
                (campaign_id, created_by, now),
            )
            await _run(
                conn, "INSERT INTO snapshots(campaign_id, seq, state_json) VALUES (?, 0, ?)", (campaign_id, state_json)
            )
            await _exec(  # the trigger log_adds_member makes the actor a member (migration 3)
                conn,
                "INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, "
                "target_seq, created_at) VALUES (?, 0, 'campaign', ?, ?, NULL, '[]', '[]', NULL, ?)",
                (campaign_id, created_by, f'/campaign new name:"{name}"', now),
            )
        row = await self.campaign(guild_id, int(campaign_id or 0))
        assert row is not None
        return row

    async def member_role(self, campaign_id: int, user_id: str) -> str | None:
        async with self.conn.execute(
            "SELECT role FROM members WHERE campaign_id=? AND user_id=?", (campaign_id, user_id)
        ) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def members(self, campaign_id: int) -> list[tuple[str, str]]:
        async with self.conn.execute(
            "SELECT user_id, role FROM members WHERE campaign_id=? ORDER BY joined_at, user_id", (campaign_id,)
        ) as cur:
            return [(str(r[0]), str(r[1])) for r in await cur.fetchall()]

    # -- a guild's content packs ------------------------------------------------------------------------

    async def guild_packs(self, guild_id: str) -> list[GuildPack]:
        """This guild's packs, in the order they were uploaded (the order they are loaded in). A database of a
        schema from before migration 4 (a kfgm that knew no guild packs, still running on it) has none."""
        try:
            rows = await _exec(self.conn, "SELECT * FROM guild_packs WHERE guild_id=? ORDER BY rowid", (guild_id,))
        except sqlite3.OperationalError as exc:
            if "no such table: guild_packs" not in str(exc):
                raise
            return []
        return [GuildPack(str(r["name"]), str(r["yaml"]), str(r["uploaded_by"]), str(r["uploaded_at"])) for r in rows]

    async def guild_pack_revision(self, guild_id: str) -> str:
        """The revision of this guild's packs (``pack_revision``) read from the database alone, without their
        YAML: it changes with every upload and every removal, whichever process made it."""
        try:
            rows = await _exec(
                self.conn, "SELECT name, uploaded_by, uploaded_at, length(yaml) FROM guild_packs WHERE guild_id=? "
                "ORDER BY rowid", (guild_id,))
        except sqlite3.OperationalError as exc:
            if "no such table: guild_packs" not in str(exc):
                raise
            return ""
        return _revision((str(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows)

    async def save_guild_pack(self, guild_id: str, name: str, yaml: str, uploaded_by: str, now: str) -> bool:
        """Store a pack; False (and nothing written) when the guild already has a pack of that name."""
        async with self.transaction() as conn:
            await _run(conn, "INSERT OR IGNORE INTO guilds(id, created_at) VALUES (?, ?)", (guild_id, now))
            added, _ = await _run(
                conn,
                "INSERT OR IGNORE INTO guild_packs(guild_id, name, yaml, uploaded_by, uploaded_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (guild_id, name, yaml, uploaded_by, now),
            )
        return added == 1

    async def remove_guild_pack(self, guild_id: str, name: str, ids: set[str]) -> tuple[bool, dict[str, list[str]]]:
        """Delete a pack unless an active campaign of the guild refers to one of ``ids`` (the pack's content)
        in its head state, a snapshot or a logged action: replaying that log (undo, amend) needs the
        content. The check and the delete are one write transaction, so no command's log entry lands
        between them. Returns (found, {campaign name: ids it uses}); something is deleted only when
        found and nothing uses it."""
        async with self.transaction() as conn:
            found = await _exec(conn, "SELECT 1 FROM guild_packs WHERE guild_id=? AND name=?", (guild_id, name))
            if not found:
                return False, {}
            texts = await _exec(
                conn,
                "SELECT name, state_json FROM campaigns WHERE guild_id=? AND status='active' "
                "UNION ALL SELECT c.name, s.state_json FROM snapshots s JOIN campaigns c ON c.id=s.campaign_id "
                "WHERE c.guild_id=? AND c.status='active' "
                "UNION ALL SELECT c.name, l.action_json FROM log l JOIN campaigns c ON c.id=l.campaign_id "
                "WHERE c.guild_id=? AND c.status='active' AND l.action_json IS NOT NULL",
                (guild_id, guild_id, guild_id),
            )
            uses: dict[str, set[str]] = {}
            for campaign, text in texts:
                used = ids.intersection(_JSON_ID.findall(str(text)))
                if used:
                    uses.setdefault(str(campaign), set()).update(used)
            if not uses:
                await _run(conn, "DELETE FROM guild_packs WHERE guild_id=? AND name=?", (guild_id, name))
        return True, {campaign: sorted(used) for campaign, used in uses.items()}

    # -- the log --------------------------------------------------------------------------------------

    async def append(
        self,
        campaign_id: int,
        expected_seq: int,
        kind: str,
        actor: str,
        command: str,
        action: dict[str, Any] | str | None,
        rolls: list[dict[str, Any]] | str,
        events: list[dict[str, Any]] | str,
        state_json: str,
        now: str,
        target_seq: int | None = None,
        drop_snapshots_from: int | None = None,
        status: str | None = None,
        gm_role_id: str | None | Literal[False] = False,
        expected_state: str | None = None,
    ) -> int:
        """Write one command: log row, new head state, member, maybe a snapshot, and for campaign
        commands the campaign's status or GM role. All or nothing, in one trip to the database thread.
        ``StaleState`` (nothing written) unless the campaign is still at ``expected_seq`` and, when
        ``expected_state`` is given, its head state is still exactly that text (so a head cached in memory
        is checked against the stored one in the same transaction that replaces it). ``action``, ``rolls`` and
        ``events`` are written as JSON; a caller that has them as JSON text already may pass the text."""
        row = (
            campaign_id,
            expected_seq + 1,
            kind,
            actor,
            command,
            _json(action),
            _json(rolls),
            _json(events),
            target_seq,
            now,
        )
        return await self._write(
            _append, row, expected_seq, expected_state, state_json, drop_snapshots_from, status, gm_role_id
        )

    async def log(
        self, campaign_id: int, after_seq: int = -1, limit: int | None = None, before_seq: int | None = None
    ) -> list[LogEntry]:
        """Log entries in order, with ``after_seq < seq < before_seq``."""
        sql = "SELECT * FROM log WHERE campaign_id=? AND seq>? AND seq<? ORDER BY seq"
        params: tuple[Any, ...] = (campaign_id, after_seq, before_seq if before_seq is not None else 2**62)
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        return [_entry(r) for r in await self.conn.execute_fetchall(sql, params)]

    async def log_backwards(self, campaign_id: int, before_seq: int | None = None, limit: int = 64) -> list[LogEntry]:
        """Up to ``limit`` entries before ``before_seq`` (or the end), newest first."""
        rows = await self.conn.execute_fetchall(
            "SELECT * FROM log WHERE campaign_id=? AND seq<? ORDER BY seq DESC LIMIT ?",
            (campaign_id, before_seq if before_seq is not None else 2**62, limit),
        )
        return [_entry(r) for r in rows]

    async def snapshot_before(self, campaign_id: int, seq: int) -> tuple[int, str]:
        """The newest snapshot taken strictly before ``seq`` (the campaign's creation always is one)."""
        async with self.conn.execute(
            "SELECT seq, state_json FROM snapshots WHERE campaign_id=? AND seq<? ORDER BY seq DESC LIMIT 1",
            (campaign_id, seq),
        ) as cur:
            row = await cur.fetchone()
        assert row is not None, "every campaign has its creation snapshot"
        return int(row[0]), str(row[1])


def pack_revision(packs: Iterable[GuildPack]) -> str:
    """A guild's pack revision: every stored pack, in load order, by name, uploader, time and length (no new
    column: the rows themselves say when the packs changed)."""
    return _revision((p.name, p.uploaded_by, p.uploaded_at, len(p.yaml)) for p in packs)


def _revision(rows: Iterable[tuple[str, str, str, int]]) -> str:
    return "|".join(f"{name}:{by}:{at}:{size}" for name, by, at, size in rows)


def _json(value: Any) -> str | None:
    return value if value is None or isinstance(value, str) else json.dumps(value)


def _transaction(aconn: aiosqlite.Connection, fn: Callable[..., _T], args: tuple[Any, ...]) -> _T:
    """On the database thread: ``fn`` inside BEGIN IMMEDIATE ... COMMIT, rolled back if anything fails."""
    conn = aconn._conn  # noqa: SLF001  (the sqlite3 connection; we are on its thread)
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise _Busy(str(exc)) from None
        raise
    try:
        result = fn(conn, *args)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return result


def _append(
    conn: sqlite3.Connection,
    row: tuple[Any, ...],
    expected_seq: int,
    expected_state: str | None,
    state_json: str,
    drop_snapshots_from: int | None,
    status: str | None,
    gm_role_id: str | None | Literal[False],
) -> int:
    """``Database.append``'s statements (on the database thread, inside its transaction)."""
    campaign_id, seq, now = row[0], row[1], row[-1]
    sql = "UPDATE campaigns SET seq=?, state_json=?, updated_at=? WHERE id=? AND seq=?"
    params: tuple[Any, ...] = (seq, state_json, now, campaign_id, expected_seq)
    if expected_state is not None:
        sql += " AND state_json=?"
        params += (expected_state,)
    if conn.execute(sql, params).rowcount != 1:
        raise StaleState(f"campaign {campaign_id} is no longer at sequence {expected_seq}")
    conn.execute(  # the trigger log_adds_member makes the actor a member (migration 3)
        "INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, "
        "target_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        row,
    )
    if status is not None:
        conn.execute("UPDATE campaigns SET status=? WHERE id=?", (status, campaign_id))
    if gm_role_id is not False:
        conn.execute("UPDATE campaigns SET gm_role_id=? WHERE id=?", (gm_role_id, campaign_id))
    if drop_snapshots_from is not None:
        conn.execute(
            "DELETE FROM snapshots WHERE campaign_id=? AND seq>=? AND seq>0", (campaign_id, drop_snapshots_from)
        )
    if seq % SNAPSHOT_EVERY == 0:
        conn.execute(
            "INSERT OR REPLACE INTO snapshots(campaign_id, seq, state_json) VALUES (?, ?, ?)",
            (campaign_id, seq, state_json),
        )
    return int(seq)


def _entry(r: Any) -> LogEntry:
    return LogEntry(
        seq=int(r["seq"]),
        kind=str(r["kind"]),
        actor=str(r["actor"]),
        command=str(r["command"]),
        action=json.loads(r["action_json"]) if r["action_json"] else None,
        rolls=json.loads(r["rolls_json"]),
        events=json.loads(r["events_json"]),
        target_seq=r["target_seq"],
        created_at=str(r["created_at"]),
    )


def _campaign(row: aiosqlite.Row) -> CampaignRow:
    return CampaignRow(
        id=int(row["id"]),
        guild_id=str(row["guild_id"]),
        channel_id=str(row["channel_id"]),
        name=str(row["name"]),
        status=str(row["status"]),
        gm_role_id=row["gm_role_id"],
        created_by=str(row["created_by"]),
        seq=int(row["seq"]),
        state_json=str(row["state_json"]),
    )
