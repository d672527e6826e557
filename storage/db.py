"""SQLite storage through aiosqlite: campaigns per guild, the append-only action log, snapshots.

Every command is written in one transaction that checks the campaign's sequence number: if another
command landed first, the write is refused with ``StaleState`` and the application retries on the new
state. Nothing is ever half-written.

A command's write (``Database.append``) is one trip to aiosqlite's database thread: ``BEGIN IMMEDIATE``,
the statements and ``COMMIT`` run there as one function (``_write``), so the transaction is never open
while the event loop does something else, and the command pays one thread hand-over instead of four.

``hold`` is the exception, for a command that lost that race to another process: ``BEGIN IMMEDIATE`` first (the
file's write lock, waited for), then the campaign's head is read, the command computed and appended inside it,
and ``COMMIT``; meanwhile every other writer waits (docs/architecture.md, "Two processes on one campaign").
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal, TypeVar, cast

import aiosqlite

from storage import sqlite_checks
from storage.base import (
    COLUMNS,
    PACK_USES_SQL,
    SNAPSHOT_EVERY,
    TABLES,
    BackupError,
    CampaignRow,
    Database,
    DatabaseUnusable,
    GuildPack,
    LogEntry,
    StaleState,
    StorageUnavailable,
    campaign_from_row,
    entry_from_row,
    json_text,
    log_columns,
    pack_revision,
    pack_uses,
    register_backend,
    revision,
)
from storage.migrations import MIGRATIONS

__all__ = ["BackupError", "CampaignRow", "Database", "DatabaseUnusable", "GuildPack", "LogEntry", "SqliteDatabase",
           "StaleState", "StorageUnavailable", "SNAPSHOT_EVERY", "pack_revision"]
_T = TypeVar("_T")
# the database whose ``hold`` the running task is inside, and that task (its writes join that open transaction; a
# task it starts inherits the variable but is another task, so it waits for the hold like any other writer)
_HOLDING: ContextVar[tuple[SqliteDatabase, asyncio.Task[Any] | None] | None] = ContextVar("kfgm_sqlite_holding",
                                                                                          default=None)


class _Busy(sqlite3.OperationalError):
    """``BEGIN IMMEDIATE`` found the database locked by another connection: nothing was done, try again."""



async def _exec(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Execute one statement and fetch everything in one trip to the database thread (the cursor is
    exhausted there, so no read snapshot stays open)."""
    return list(await conn.execute_fetchall(sql, params))


async def _run(conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()) -> tuple[int, int | None]:
    """Execute one statement and close its cursor at once (an open cursor would keep a read
    snapshot alive and make this connection's next write transaction fail as busy)."""
    async with conn.execute(sql, params) as cur:
        return cur.rowcount, cur.lastrowid


class SqliteDatabase(Database):
    """The SQLite backend (one file, WAL mode): any number of processes may share the file."""

    writes: int  # counted: every write transaction begins in ``transaction`` or ``_write``

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self.name = path
        self._write_lock = asyncio.Lock()
        self.writes = 0

    @classmethod
    async def connect(cls, path: str) -> SqliteDatabase:
        """Open the file, check that it is (or can become) a sound kfgm database, migrate it. Anything wrong is one
        ``DatabaseUnusable`` naming the file and what to do, and nothing is left open (an open aiosqlite connection
        is a thread that keeps the process alive)."""
        if path != ":memory:":
            file = Path(path)
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise sqlite_checks.unusable(path, f"cannot be created ({exc.strerror})",
                                             "create its folder or point KFGM_DATABASE elsewhere") from None
            await asyncio.to_thread(sqlite_checks.inspect, file, True)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise sqlite_checks.from_sqlite_error(path, exc) from None
        try:
            conn.row_factory = aiosqlite.Row
            await _run(conn, "PRAGMA busy_timeout=5000")  # first: the next pragmas may wait for another process
            await _retry_busy(lambda: _run(conn, "PRAGMA journal_mode=WAL"))
            await _run(conn, "PRAGMA synchronous=NORMAL")
            await _run(conn, "PRAGMA foreign_keys=ON")
            db = cls(conn, path)
            await db.migrate()
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise sqlite_checks.from_sqlite_error(path, exc) from None
            if isinstance(exc, StorageUnavailable):
                raise DatabaseUnusable(str(exc)) from None
            raise
        return db

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self, exclusive: bool = False) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction (``BEGIN IMMEDIATE``, or ``EXCLUSIVE``), rolled back if anything fails, COMMIT
        included; a full or read-only disk is ``StorageUnavailable``."""
        self.writes += 1
        async with self._write_lock:
            await self._begin("EXCLUSIVE" if exclusive else "IMMEDIATE")
            try:
                yield self.conn
                await _exec(self.conn, "COMMIT")
            except BaseException as exc:
                if self.conn._conn.in_transaction:  # noqa: SLF001  (a failed COMMIT leaves it open)
                    await _exec(self.conn, "ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError) and (refusal := _unavailable(self.path, exc)):
                    raise refusal from None
                raise

    async def _write(self, fn: Callable[..., _T], *args: Any) -> _T:
        """Run ``fn(sqlite3_connection, *args)`` as one write transaction in ONE trip to the database thread:
        BEGIN IMMEDIATE, ``fn``, COMMIT there, or ROLLBACK if anything raised (then the exception comes
        back here). While another connection writes, wait as ``_begin`` does (short, growing sleeps). Inside this
        task's ``hold`` the transaction is open already: ``fn`` runs in it, as a savepoint (all of ``fn`` or none)."""
        self.writes += 1
        if _HOLDING.get() == (self, asyncio.current_task()):
            try:
                return cast(_T, await self.conn._execute(_savepoint, self.conn, fn, args))  # type: ignore[no-untyped-call]
            except sqlite3.OperationalError as exc:
                if refusal := _unavailable(self.path, exc):
                    raise refusal from None
                raise
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
                except sqlite3.OperationalError as exc:
                    if refusal := _unavailable(self.path, exc):
                        raise refusal from None
                    raise
        raise AssertionError("unreachable")

    async def _begin(self, mode: str = "IMMEDIATE") -> None:
        """BEGIN IMMEDIATE (or EXCLUSIVE), waiting politely while another connection (another process) writes.
        SQLite can answer "database is locked" at once in WAL mode without calling its busy handler,
        so the wait is ours: short sleeps, growing, for up to about ten seconds."""
        await _retry_busy(lambda: _exec(self.conn, f"BEGIN {mode}"))

    # -- migrations ---------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> list[int]:
        """Apply the migrations this file lacks, all in ONE exclusive transaction that reads the version (and the
        tables) again inside it: of several processes starting together on a new file, one migrates and the others
        find it done. Another program's tables or a newer schema are refused (``DatabaseUnusable``)."""
        if await self.schema_version() == MIGRATIONS[-1][0]:
            return []  # versions only go up: nothing to do, no lock to take
        applied = []
        async with self.transaction(exclusive=True) as conn:
            current = int((await _exec(conn, "PRAGMA user_version"))[0][0])
            tables = {str(r[0]) for r in await _exec(conn, "SELECT name FROM sqlite_master WHERE type='table'")}
            sqlite_checks.classify(self.path, current, tables - {"sqlite_sequence"}, MIGRATIONS[-1][0])
            for number, statements in MIGRATIONS:
                if number > current:
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
        return campaign_from_row(rows[0]) if rows else None

    async def campaign(self, guild_id: str, campaign_id: int) -> CampaignRow | None:
        """A campaign of this guild only: another guild's id finds nothing."""
        async with self.conn.execute(
            "SELECT * FROM campaigns WHERE guild_id=? AND id=?", (guild_id, campaign_id)
        ) as cur:
            row = await cur.fetchone()
        return campaign_from_row(row) if row else None

    async def last_campaign(self, guild_id: str, channel_id: str) -> CampaignRow | None:
        rows = await _exec(
            self.conn, "SELECT * FROM campaigns WHERE guild_id=? AND channel_id=? ORDER BY id DESC LIMIT 1",
            (guild_id, channel_id),
        )
        return campaign_from_row(rows[0]) if rows else None

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
        try:
            rows = await _exec(
                self.conn, "SELECT name, uploaded_by, uploaded_at, length(yaml) FROM guild_packs WHERE guild_id=? "
                "ORDER BY rowid", (guild_id,))
        except sqlite3.OperationalError as exc:
            if "no such table: guild_packs" not in str(exc):
                raise
            return ""
        return revision((str(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows)

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
            uses = pack_uses(await _exec(conn, PACK_USES_SQL, (guild_id, guild_id, guild_id)), ids)
            if not uses:
                await _run(conn, "DELETE FROM guild_packs WHERE guild_id=? AND name=?", (guild_id, name))
        return True, uses

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
            json_text(action),
            json_text(rolls),
            json_text(events),
            target_seq,
            now,
        )
        return await self._write(
            _append, row, expected_seq, expected_state, state_json, drop_snapshots_from, status, gm_role_id
        )

    @asynccontextmanager
    async def hold(self, guild_id: str, channel_id: str) -> AsyncIterator[CampaignRow | None]:
        """``Database.hold``: ``BEGIN IMMEDIATE`` (the file's write lock: another process's writes wait, with their
        back-off, until COMMIT), the active campaign read inside it; this task's ``append`` calls join the
        transaction; COMMIT at the end, ROLLBACK if the block raises."""
        async with self.transaction() as conn:
            token = _HOLDING.set((self, asyncio.current_task()))
            try:
                rows = await _exec(conn, "SELECT * FROM campaigns WHERE guild_id=? AND channel_id=? AND "
                                   "status='active'", (guild_id, channel_id))
                yield campaign_from_row(rows[0]) if rows else None
            finally:
                _HOLDING.reset(token)

    async def log(
        self, campaign_id: int, after_seq: int = -1, limit: int | None = None, before_seq: int | None = None,
        *, events: bool = True,
    ) -> list[LogEntry]:
        sql = f"SELECT {log_columns(events)} FROM log WHERE campaign_id=? AND seq>? AND seq<? ORDER BY seq"
        params: tuple[Any, ...] = (campaign_id, after_seq, before_seq if before_seq is not None else 2**62)
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        return [entry_from_row(r) for r in await self.conn.execute_fetchall(sql, params)]

    async def heads(
        self, campaign_id: int, after_seq: int = -1, before_seq: int | None = None,
    ) -> list[tuple[int, str]]:
        rows = await self.conn.execute_fetchall(
            "SELECT seq, kind FROM log WHERE campaign_id=? AND seq>? AND seq<? ORDER BY seq",
            (campaign_id, after_seq, before_seq if before_seq is not None else 2**62))
        return [(int(r[0]), str(r[1])) for r in rows]

    async def log_at(self, campaign_id: int, seqs: list[int]) -> list[LogEntry]:
        if not seqs:
            return []
        low, high, wanted = min(seqs), max(seqs), set(seqs)
        # most pages are a run of the log with few entries undone: read as one range (else by their seqs)
        where, params = (("seq>=? AND seq<=?", (low, high)) if high - low < 2 * len(seqs)
                         else (f"seq IN ({','.join('?' * len(seqs))})", tuple(seqs)))
        sql = f"SELECT {log_columns(False)} FROM log WHERE campaign_id=? AND {where} ORDER BY seq"
        rows = await self.conn.execute_fetchall(sql, (campaign_id, *params))
        return [entry_from_row(r) for r in rows if r["seq"] in wanted]

    async def log_backwards(self, campaign_id: int, before_seq: int | None = None, limit: int = 64) -> list[LogEntry]:
        """Up to ``limit`` entries before ``before_seq`` (or the end), newest first."""
        rows = await self.conn.execute_fetchall(
            "SELECT * FROM log WHERE campaign_id=? AND seq<? ORDER BY seq DESC LIMIT ?",
            (campaign_id, before_seq if before_seq is not None else 2**62, limit),
        )
        return [entry_from_row(r) for r in rows]

    async def snapshot_before(self, campaign_id: int, seq: int) -> tuple[int, str]:
        """The newest snapshot taken strictly before ``seq`` (the campaign's creation always is one)."""
        async with self.conn.execute(
            "SELECT seq, state_json FROM snapshots WHERE campaign_id=? AND seq<? ORDER BY seq DESC LIMIT 1",
            (campaign_id, seq),
        ) as cur:
            row = await cur.fetchone()
        assert row is not None, "every campaign has its creation snapshot"
        return int(row[0]), str(row[1])


    async def campaign_ids(self) -> list[tuple[str, int]]:
        rows = await _exec(self.conn, "SELECT guild_id, id FROM campaigns ORDER BY id")
        return [(str(r[0]), int(r[1])) for r in rows]

    async def import_campaign(
        self, guild_id: str, channel_id: str, name: str, created_by: str, start_state_json: str,
        head_state_json: str, rows: list[tuple[Any, ...]], packs: list[tuple[str, str]], now: str,
    ) -> int:
        async with self.transaction() as conn:
            busy = await _exec(conn, "SELECT 1 FROM campaigns WHERE guild_id=? AND channel_id=? AND status='active'",
                               (guild_id, channel_id))
            if busy:
                raise StaleState("this channel already has an active campaign")
            await _run(conn, "INSERT OR IGNORE INTO guilds(id, created_at) VALUES (?, ?)", (guild_id, now))
            for pack, yaml in packs:
                added, _ = await _run(
                    conn, "INSERT OR IGNORE INTO guild_packs(guild_id, name, yaml, uploaded_by, uploaded_at) "
                    "VALUES (?, ?, ?, ?, ?)", (guild_id, pack, yaml, created_by, now))
                if added != 1:
                    raise StaleState(f"a pack {pack!r} was stored on this server meanwhile")
            _, campaign_id = await _run(
                conn,
                "INSERT INTO campaigns(guild_id, channel_id, name, status, created_by, seq, state_json, created_at, "
                "updated_at) VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?)",
                (guild_id, channel_id, name, created_by, rows[-1][0], head_state_json, now, now),
            )
            await _run(conn, "INSERT INTO members(campaign_id, user_id, role, joined_at) VALUES (?, ?, 'gm', ?)",
                       (campaign_id, created_by, now))
            await _run(conn, "INSERT INTO snapshots(campaign_id, seq, state_json) VALUES (?, 0, ?)",
                       (campaign_id, start_state_json))
            async with conn.executemany(  # the trigger log_adds_member makes every actor a player (migration 3)
                "INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, "
                "target_seq, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [(campaign_id, *r) for r in rows]):
                pass
        return int(campaign_id or 0)

    async def rows(self, table: str) -> list[tuple[Any, ...]]:
        columns = ", ".join(COLUMNS[table])
        order = "rowid" if table == "guild_packs" else ", ".join(COLUMNS[table][:2 if table in (
            "members", "snapshots", "log") else 1])
        return [tuple(r) for r in await _exec(self.conn, f"SELECT {columns} FROM {table} ORDER BY {order}")]

    async def load_rows(self, tables: dict[str, Sequence[tuple[Any, ...]]]) -> None:
        async with self.transaction() as conn:
            if await _exec(conn, "SELECT 1 FROM campaigns LIMIT 1"):
                raise StaleState(f"{self.name} already holds campaigns; kfgm moves a database only into an empty one")
            await _exec(conn, "DROP TRIGGER log_adds_member")  # members are copied as they are
            for table in TABLES:
                names = COLUMNS[table]
                sql = f"INSERT INTO {table}({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
                async with conn.executemany(sql, tables.get(table, [])):
                    pass
            for sql in next(s for n, s in MIGRATIONS if n == 3):  # and the trigger is back, in the same transaction
                await _run(conn, sql)

    async def execute(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        async with self.transaction() as conn:
            return [tuple(r) for r in await _exec(conn, sql, params)]


async def _retry_busy(step: Callable[[], Any]) -> None:
    """Run ``step`` again while another connection holds the lock. SQLite can answer "database is locked" at once in
    WAL mode without calling its busy handler, so the wait is ours: short sleeps, growing, for about ten seconds."""
    delay = 0.002
    for _ in range(60):
        try:
            await step()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            await asyncio.sleep(delay)
            delay = min(delay * 1.5, 0.25)
    await step()


def _unavailable(path: str, exc: sqlite3.OperationalError) -> StorageUnavailable | None:
    """A write the disk refused: full, read-only or failing. Nothing was written; the next write is tried afresh."""
    text = str(exc)
    if "full" in text:
        return StorageUnavailable(f"the disk holding the database {path} is full, so nothing was written; the "
                                  "operator must free some space, then send the command again (nothing was lost)")
    if "readonly" in text or "disk I/O error" in text:
        return StorageUnavailable(f"the database {path} cannot be written just now ({text}), so nothing was written; "
                                  "the operator must check its disk, then send the command again (nothing was lost)")
    return None


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


def _savepoint(aconn: aiosqlite.Connection, fn: Callable[..., _T], args: tuple[Any, ...]) -> _T:
    """On the database thread, inside a transaction already open (``hold``): ``fn`` as a savepoint."""
    conn = aconn._conn  # noqa: SLF001  (the sqlite3 connection; we are on its thread)
    conn.execute("SAVEPOINT kfgm_write")
    try:
        result = fn(conn, *args)
    except BaseException:
        conn.execute("ROLLBACK TO kfgm_write")
        conn.execute("RELEASE kfgm_write")
        raise
    conn.execute("RELEASE kfgm_write")
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


register_backend("sqlite", SqliteDatabase.connect)
