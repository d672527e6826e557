"""The PostgreSQL backend through asyncpg (``KFGM_DATABASE_URL=postgresql://...``): the same tables, the same
one-transaction-per-command with its expected-seq (and expected head text) check, the same snapshots as SQLite.

Several bot processes may share one database. A command's write is one transaction on one pooled connection: the
head's ``UPDATE ... WHERE id=$ AND seq=$ AND state_json=$`` waits for any other process's write of the same
campaign (PostgreSQL's row lock) and then finds the row moved on, so the second writer gets ``StaleState`` and
retries on the new head: nothing is lost or doubled, and the log's primary key (campaign, seq) keeps it gap-free.
A command that lost that race once does not race again: ``hold`` locks the campaign's row (``SELECT ... FOR
UPDATE``) before reading the head, and the other writers' ``UPDATE`` waits for it (docs/architecture.md).
Migrations run under a transaction-scoped advisory lock that is taken before the version is read.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from contextvars import ContextVar
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from storage.base import (
    COLUMNS,
    PACK_USES_SQL,
    SNAPSHOT_EVERY,
    TABLES,
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
    pack_uses,
    register_backend,
    revision,
)
from storage.migrations import POSTGRESQL

PG_DUMP_HELP = ("a PostgreSQL database is backed up and restored with PostgreSQL's own tools, safe while the bot runs: "
                "pg_dump --format=custom --file=kfgm-$(date +%F).dump \"$KFGM_DATABASE_URL\", and pg_restore --clean "
                "--dbname=\"$KFGM_DATABASE_URL\" kfgm-....dump with the bots stopped (docs/operations.md)")
MIGRATION_LOCK = 0x6B66676D  # "kfgm": the advisory lock every process's migrations take first
# errors that mean the server cannot take writes now (nothing of the transaction was written)
_UNAVAILABLE = (asyncpg.DiskFullError, asyncpg.ReadOnlySQLTransactionError, asyncpg.CannotConnectNowError,
                asyncpg.ConnectionDoesNotExistError, asyncpg.InterfaceError, OSError)
# the database, task and connection of the ``hold`` the running task is inside (its writes join that transaction;
# a task it starts inherits the variable but is another task, so it waits for the hold like any other writer)
_HOLDING: ContextVar[tuple[PostgresDatabase, asyncio.Task[Any] | None, asyncpg.Connection] | None] = ContextVar(
    "kfgm_pg_holding", default=None)


# Database.append as one statement: the head moves only if it is still at the expected seq (and text); the log row,
# the campaign's status or GM role and the snapshot are written only if it moved; the new seq, or NULL (stale).
# $1-$10 the log row, $11 the new head, $12 the expected seq, $13 the expected head text (NULL: not checked),
# $14 the new status (NULL: unchanged), $15 whether the GM role changes, $16 the GM role, $17 take a snapshot.
_APPEND = """
WITH head AS (
    UPDATE campaigns SET seq=$2, state_json=$11, updated_at=$10, status=COALESCE($14::text, status),
        gm_role_id=CASE WHEN $15::boolean THEN $16::text ELSE gm_role_id END
    WHERE id=$1 AND seq=$12 AND ($13::text IS NULL OR state_json=$13::text)
    RETURNING id
), entry AS (
    INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, target_seq,
                    created_at)
    SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM head
    RETURNING seq
), snapshot AS (
    INSERT INTO snapshots(campaign_id, seq, state_json) SELECT id, $2, $11 FROM head WHERE $17::boolean
    ON CONFLICT (campaign_id, seq) DO UPDATE SET state_json=EXCLUDED.state_json
)
SELECT seq FROM entry
"""


def display_name(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


def _placeholders(sql: str) -> str:
    """``?`` placeholders (outside quotes) as ``$1, $2, ...``."""
    out, n, quoted = [], 0, False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(char)
    return "".join(out)


def _count(status: str) -> int:
    """The row count of a command status such as ``UPDATE 1`` or ``INSERT 0 1``."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresDatabase(Database):
    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.name = display_name(url)

    @classmethod
    async def connect(cls, url: str, migrate: bool = True) -> PostgresDatabase:
        name = display_name(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=8, command_timeout=60)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            raise DatabaseUnusable(f"{name} cannot be reached ({type(exc).__name__}: {exc}); check that the "
                                   "PostgreSQL server runs, that the database exists and that this user may use "
                                   "it") from None
        db = cls(pool, url)
        try:
            if migrate:
                await db.migrate()
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, asyncpg.PostgresError | OSError):
                raise DatabaseUnusable(f"{name} cannot be used ({type(exc).__name__}: {exc}); check the user's "
                                       "rights on the database") from None
            raise
        return db

    async def close(self) -> None:
        await self.pool.close()

    async def _write(self, sql_steps: Any, transaction: bool = True) -> Any:
        """Run ``sql_steps(conn)`` in one transaction (``transaction=False``: ``sql_steps`` is one statement, which
        is a transaction of its own); a server that cannot take writes is ``StorageUnavailable``. Inside this task's
        ``hold``, on its connection, in its transaction (``sql_steps`` as a savepoint)."""
        held = _HOLDING.get()
        try:
            if held is not None and held[:2] == (self, asyncio.current_task()):
                if not transaction:
                    return await sql_steps(held[2])
                async with held[2].transaction():
                    return await sql_steps(held[2])
            async with self.pool.acquire() as conn:
                if not transaction:
                    return await sql_steps(conn)
                async with conn.transaction():
                    return await sql_steps(conn)
        except _UNAVAILABLE as exc:
            raise self._unavailable(exc) from None
        except asyncpg.UniqueViolationError as exc:  # another process created the same campaign or pack first
            raise StaleState(str(exc)) from None

    def _unavailable(self, exc: BaseException) -> StorageUnavailable:
        return StorageUnavailable(f"the database {self.name} cannot be written just now ({type(exc).__name__}: "
                                  f"{exc}), so nothing was written; the operator must check the PostgreSQL "
                                  "server, then send the command again (nothing was lost)")

    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        async with self.pool.acquire() as conn:
            return list(await conn.fetch(sql, *params))

    # -- migrations ---------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self.pool.acquire() as conn:
            if await conn.fetchval("SELECT to_regclass('kfgm_schema')") is None:
                return 0
            return int(await conn.fetchval("SELECT version FROM kfgm_schema"))

    async def migrate(self) -> list[int]:
        """The migrations this database lacks, in one transaction under the advisory lock (taken before the version
        is read, so of several processes starting together one migrates). Another program's tables in the schema,
        or a newer kfgm's schema, are refused."""
        newest = POSTGRESQL[-1][0]
        applied = []
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))", MIGRATION_LOCK)
            if await conn.fetchval("SELECT to_regclass('kfgm_schema')") is None:
                tables = [r[0] for r in await conn.fetch(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]
                if tables:
                    raise DatabaseUnusable(
                        f"{self.name} holds another program's tables ({', '.join(sorted(tables)[:5])}), not kfgm's; "
                        "kfgm never adds its tables to them: create a database (or schema) of its own for kfgm")
                await conn.execute("CREATE TABLE kfgm_schema (version INTEGER NOT NULL)")
                await conn.execute("INSERT INTO kfgm_schema VALUES (0)")
            current = int(await conn.fetchval("SELECT version FROM kfgm_schema"))
            if current > newest:
                raise DatabaseUnusable(f"{self.name} was written by a newer kfgm (schema {current}; this one knows up "
                                       f"to {newest}); upgrade kfgm to the version that wrote it")
            for number, statements in POSTGRESQL:
                if number > current:
                    for sql in statements:
                        await conn.execute(sql)
                    applied.append(number)
            if applied:
                await conn.execute("UPDATE kfgm_schema SET version=$1", applied[-1])
        return applied

    # -- campaigns ------------------------------------------------------------------------------------

    async def active_campaign(self, guild_id: str, channel_id: str) -> CampaignRow | None:
        rows = await self._fetch("SELECT * FROM campaigns WHERE guild_id=$1 AND channel_id=$2 AND status='active'",
                                 guild_id, channel_id)
        return campaign_from_row(rows[0]) if rows else None

    async def campaign(self, guild_id: str, campaign_id: int) -> CampaignRow | None:
        rows = await self._fetch("SELECT * FROM campaigns WHERE guild_id=$1 AND id=$2", guild_id, campaign_id)
        return campaign_from_row(rows[0]) if rows else None

    async def last_campaign(self, guild_id: str, channel_id: str) -> CampaignRow | None:
        rows = await self._fetch("SELECT * FROM campaigns WHERE guild_id=$1 AND channel_id=$2 ORDER BY id DESC LIMIT 1",
                                 guild_id, channel_id)
        return campaign_from_row(rows[0]) if rows else None

    async def campaign_ids(self) -> list[tuple[str, int]]:
        return [(str(r[0]), int(r[1])) for r in await self._fetch("SELECT guild_id, id FROM campaigns ORDER BY id")]

    async def create_campaign(
        self, guild_id: str, channel_id: str, name: str, created_by: str, state_json: str, now: str
    ) -> CampaignRow:
        async def steps(conn: asyncpg.Connection) -> int:
            if await conn.fetchval("SELECT 1 FROM campaigns WHERE guild_id=$1 AND channel_id=$2 AND status='active'",
                                   guild_id, channel_id):
                raise StaleState("this channel already has an active campaign")
            await conn.execute("INSERT INTO guilds(id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                               guild_id, now)
            campaign_id = int(await conn.fetchval(
                "INSERT INTO campaigns(guild_id, channel_id, name, status, created_by, seq, state_json, created_at, "
                "updated_at) VALUES ($1, $2, $3, 'active', $4, 0, $5, $6, $6) RETURNING id",
                guild_id, channel_id, name, created_by, state_json, now))
            await conn.execute("INSERT INTO members(campaign_id, user_id, role, joined_at) VALUES ($1, $2, 'gm', $3)",
                               campaign_id, created_by, now)
            await conn.execute("INSERT INTO snapshots(campaign_id, seq, state_json) VALUES ($1, 0, $2)",
                               campaign_id, state_json)
            await conn.execute(
                "INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, "
                "target_seq, created_at) VALUES ($1, 0, 'campaign', $2, $3, NULL, '[]', '[]', NULL, $4)",
                campaign_id, created_by, f'/campaign new name:"{name}"', now)
            return campaign_id

        row = await self.campaign(guild_id, await self._write(steps))
        assert row is not None
        return row

    async def member_role(self, campaign_id: int, user_id: str) -> str | None:
        rows = await self._fetch("SELECT role FROM members WHERE campaign_id=$1 AND user_id=$2", campaign_id, user_id)
        return str(rows[0][0]) if rows else None

    async def members(self, campaign_id: int) -> list[tuple[str, str]]:
        rows = await self._fetch(
            "SELECT user_id, role FROM members WHERE campaign_id=$1 ORDER BY joined_at, user_id", campaign_id)
        return [(str(r[0]), str(r[1])) for r in rows]

    # -- a guild's content packs ------------------------------------------------------------------------

    async def guild_packs(self, guild_id: str) -> list[GuildPack]:
        try:
            rows = await self._fetch("SELECT * FROM guild_packs WHERE guild_id=$1 ORDER BY upload_order", guild_id)
        except asyncpg.UndefinedTableError:  # a schema from before migration 4
            return []
        return [GuildPack(str(r["name"]), str(r["yaml"]), str(r["uploaded_by"]), str(r["uploaded_at"])) for r in rows]

    async def guild_pack_revision(self, guild_id: str) -> str:
        try:
            rows = await self._fetch("SELECT name, uploaded_by, uploaded_at, length(yaml) FROM guild_packs "
                                     "WHERE guild_id=$1 ORDER BY upload_order", guild_id)
        except asyncpg.UndefinedTableError:
            return ""
        return revision((str(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows)

    async def save_guild_pack(self, guild_id: str, name: str, yaml: str, uploaded_by: str, now: str) -> bool:
        async def steps(conn: asyncpg.Connection) -> bool:
            await conn.execute("INSERT INTO guilds(id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                               guild_id, now)
            status = await conn.execute(
                "INSERT INTO guild_packs(guild_id, name, yaml, uploaded_by, uploaded_at) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT DO NOTHING", guild_id, name, yaml, uploaded_by, now)
            return _count(status) == 1

        return bool(await self._write(steps))

    async def remove_guild_pack(self, guild_id: str, name: str, ids: set[str]) -> tuple[bool, dict[str, list[str]]]:
        async def steps(conn: asyncpg.Connection) -> tuple[bool, dict[str, list[str]]]:
            # the pack's row is locked first: a command that logs an action meanwhile is checked by the next remove
            if not await conn.fetchval("SELECT 1 FROM guild_packs WHERE guild_id=$1 AND name=$2 FOR UPDATE",
                                       guild_id, name):
                return False, {}
            await conn.execute("LOCK TABLE log IN SHARE MODE")  # no log entry lands between the check and the delete
            uses = pack_uses(await conn.fetch(_placeholders(PACK_USES_SQL), guild_id, guild_id, guild_id), ids)
            if not uses:
                await conn.execute("DELETE FROM guild_packs WHERE guild_id=$1 AND name=$2", guild_id, name)
            return True, uses

        found, uses = await self._write(steps)
        return bool(found), dict(uses)

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
        seq = expected_seq + 1
        log_row = (campaign_id, seq, kind, actor, command, json_text(action), json_text(rolls), json_text(events),
                   target_seq, now)
        if drop_snapshots_from is None:  # the common case: the whole write is ONE statement, one round trip
            async def one(conn: asyncpg.Connection) -> int:
                written = await conn.fetchval(
                    _APPEND, *log_row, state_json, expected_seq, expected_state, status, gm_role_id is not False,
                    gm_role_id or None, seq % SNAPSHOT_EVERY == 0)
                if written is None:
                    raise StaleState(f"campaign {campaign_id} is no longer at sequence {expected_seq}")
                return int(written)

            return int(await self._write(one, transaction=False))

        async def steps(conn: asyncpg.Connection) -> int:  # an undo or an amend: later snapshots go first
            sql = "UPDATE campaigns SET seq=$1, state_json=$2, updated_at=$3 WHERE id=$4 AND seq=$5"
            params: tuple[Any, ...] = (seq, state_json, now, campaign_id, expected_seq)
            if expected_state is not None:
                sql += " AND state_json=$6"
                params += (expected_state,)
            if _count(await conn.execute(sql, *params)) != 1:
                raise StaleState(f"campaign {campaign_id} is no longer at sequence {expected_seq}")
            await conn.execute(  # the trigger log_adds_member makes the actor a member (migration 3)
                "INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, "
                "target_seq, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)", *log_row)
            if status is not None:
                await conn.execute("UPDATE campaigns SET status=$1 WHERE id=$2", status, campaign_id)
            if gm_role_id is not False:
                await conn.execute("UPDATE campaigns SET gm_role_id=$1 WHERE id=$2", gm_role_id, campaign_id)
            await conn.execute("DELETE FROM snapshots WHERE campaign_id=$1 AND seq>=$2 AND seq>0",
                               campaign_id, drop_snapshots_from)
            if seq % SNAPSHOT_EVERY == 0:
                await conn.execute(
                    "INSERT INTO snapshots(campaign_id, seq, state_json) VALUES ($1, $2, $3) "
                    "ON CONFLICT (campaign_id, seq) DO UPDATE SET state_json=EXCLUDED.state_json",
                    campaign_id, seq, state_json)
            return seq

        return int(await self._write(steps))

    @asynccontextmanager
    async def hold(self, guild_id: str, channel_id: str) -> AsyncIterator[CampaignRow | None]:
        """``Database.hold``: one pooled connection, a transaction, the active campaign's row read ``FOR UPDATE``
        (waiting for another writer of it, then the row as that writer left it); every other write of the campaign
        (its guarded ``UPDATE``) waits until COMMIT. This task's writes run on that connection meanwhile."""
        try:
            conn = await self.pool.acquire()
        except _UNAVAILABLE as exc:
            raise self._unavailable(exc) from None
        try:
            transaction = conn.transaction()
            try:
                await transaction.start()
                row = await conn.fetchrow("SELECT * FROM campaigns WHERE guild_id=$1 AND channel_id=$2 AND "
                                          "status='active' FOR UPDATE", guild_id, channel_id)
            except _UNAVAILABLE as exc:
                raise self._unavailable(exc) from None
            token = _HOLDING.set((self, asyncio.current_task(), conn))
            try:
                yield campaign_from_row(row) if row else None
            except BaseException:
                with suppress(*_UNAVAILABLE):  # a connection that went away rolls back by itself
                    await transaction.rollback()
                raise
            finally:
                _HOLDING.reset(token)
            try:
                await transaction.commit()
            except _UNAVAILABLE as exc:
                raise self._unavailable(exc) from None
        finally:
            await self.pool.release(conn)

    async def log(
        self, campaign_id: int, after_seq: int = -1, limit: int | None = None, before_seq: int | None = None,
        *, events: bool = True,
    ) -> list[LogEntry]:
        rows = await self._fetch(
            f"SELECT {log_columns(events)} FROM log WHERE campaign_id=$1 AND seq>$2 AND seq<$3 ORDER BY seq "
            "LIMIT $4", campaign_id, after_seq, before_seq if before_seq is not None else 2**62, limit)
        return [entry_from_row(r) for r in rows]

    async def heads(
        self, campaign_id: int, after_seq: int = -1, before_seq: int | None = None,
    ) -> list[tuple[int, str]]:
        rows = await self._fetch("SELECT seq, kind FROM log WHERE campaign_id=$1 AND seq>$2 AND seq<$3 ORDER BY seq",
                                 campaign_id, after_seq, before_seq if before_seq is not None else 2**62)
        return [(int(r[0]), str(r[1])) for r in rows]

    async def log_at(self, campaign_id: int, seqs: list[int]) -> list[LogEntry]:
        rows = await self._fetch(f"SELECT {log_columns(False)} FROM log WHERE campaign_id=$1 "
                                 "AND seq = ANY($2::bigint[]) ORDER BY seq", campaign_id, seqs)
        return [entry_from_row(r) for r in rows]

    async def log_backwards(self, campaign_id: int, before_seq: int | None = None, limit: int = 64) -> list[LogEntry]:
        rows = await self._fetch("SELECT * FROM log WHERE campaign_id=$1 AND seq<$2 ORDER BY seq DESC LIMIT $3",
                                 campaign_id, before_seq if before_seq is not None else 2**62, limit)
        return [entry_from_row(r) for r in rows]

    async def snapshot_before(self, campaign_id: int, seq: int) -> tuple[int, str]:
        rows = await self._fetch(
            "SELECT seq, state_json FROM snapshots WHERE campaign_id=$1 AND seq<$2 ORDER BY seq DESC LIMIT 1",
            campaign_id, seq)
        assert rows, "every campaign has its creation snapshot"
        return int(rows[0][0]), str(rows[0][1])

    async def import_campaign(
        self, guild_id: str, channel_id: str, name: str, created_by: str, start_state_json: str,
        head_state_json: str, rows: list[tuple[Any, ...]], packs: list[tuple[str, str]], now: str,
    ) -> int:
        async def steps(conn: asyncpg.Connection) -> int:
            if await conn.fetchval("SELECT 1 FROM campaigns WHERE guild_id=$1 AND channel_id=$2 AND status='active'",
                                   guild_id, channel_id):
                raise StaleState("this channel already has an active campaign")
            await conn.execute("INSERT INTO guilds(id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                               guild_id, now)
            for pack, yaml in packs:
                status = await conn.execute(
                    "INSERT INTO guild_packs(guild_id, name, yaml, uploaded_by, uploaded_at) VALUES ($1, $2, $3, $4, "
                    "$5) ON CONFLICT DO NOTHING", guild_id, pack, yaml, created_by, now)
                if _count(status) != 1:
                    raise StaleState(f"a pack {pack!r} was stored on this server meanwhile")
            campaign_id = int(await conn.fetchval(
                "INSERT INTO campaigns(guild_id, channel_id, name, status, created_by, seq, state_json, created_at, "
                "updated_at) VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $7) RETURNING id",
                guild_id, channel_id, name, created_by, rows[-1][0], head_state_json, now))
            await conn.execute("INSERT INTO members(campaign_id, user_id, role, joined_at) VALUES ($1, $2, 'gm', $3)",
                               campaign_id, created_by, now)
            await conn.execute("INSERT INTO snapshots(campaign_id, seq, state_json) VALUES ($1, 0, $2)",
                               campaign_id, start_state_json)
            await conn.executemany(  # the trigger log_adds_member makes every actor a player (migration 3)
                "INSERT INTO log(campaign_id, seq, kind, actor, command, action_json, rolls_json, events_json, "
                "target_seq, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                [(campaign_id, *r) for r in rows])
            return campaign_id

        return int(await self._write(steps))

    # -- whole tables and plain statements -------------------------------------------------------------------

    async def rows(self, table: str) -> list[tuple[Any, ...]]:
        names = COLUMNS[table]
        order = {"members": "campaign_id, user_id", "snapshots": "campaign_id, seq", "log": "campaign_id, seq",
                 "guild_packs": "upload_order"}.get(table, "id")
        return [tuple(r) for r in await self._fetch(f"SELECT {', '.join(names)} FROM {table} ORDER BY {order}")]

    async def load_rows(self, tables: dict[str, Sequence[tuple[Any, ...]]]) -> None:
        async def steps(conn: asyncpg.Connection) -> None:
            if await conn.fetchval("SELECT 1 FROM campaigns LIMIT 1"):
                raise StaleState(f"{self.name} already holds campaigns; kfgm moves a database only into an empty one")
            await conn.execute("ALTER TABLE log DISABLE TRIGGER log_adds_member")  # members are copied as they are
            for table in TABLES:
                names = COLUMNS[table]
                await conn.copy_records_to_table(table, records=list(tables.get(table, [])), columns=list(names))
            await conn.execute("ALTER TABLE log ENABLE TRIGGER log_adds_member")
            await conn.execute(  # new campaigns are numbered after the copied ones
                "SELECT setval(pg_get_serial_sequence('campaigns', 'id'), GREATEST((SELECT max(id) FROM campaigns), "
                "1), (SELECT count(*) > 0 FROM campaigns))")

        await self._write(steps)

    async def execute(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        async def steps(conn: asyncpg.Connection) -> list[tuple[Any, ...]]:
            return [tuple(r) for r in await conn.fetch(_placeholders(sql), *params)]

        return list(await self._write(steps))


register_backend("postgresql", PostgresDatabase.connect)
