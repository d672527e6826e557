"""The storage interface: what the application asks of a database, whichever backend keeps it.

Two backends implement it: SQLite through aiosqlite (``storage.db.SqliteDatabase``, the default) and PostgreSQL
through asyncpg (``storage.postgres.PostgresDatabase``). ``Database.open`` picks one from a URL
(``sqlite:///path``, a plain path, or ``postgresql://...``; ``KFGM_DATABASE_URL``). Both keep the same tables
(the numbered migrations of ``storage.migrations``, expressed for each), write every command in ONE transaction
that checks the campaign's sequence number and head text, and take the same snapshots.

Errors a user or operator can act on are exceptions here, each with a one-line message that names the database
and says what to do: ``DatabaseUnusable`` at start-up (nothing was changed), ``StorageUnavailable`` for one write
(nothing of the command was written; the database stays open and later writes are tried afresh).
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

SNAPSHOT_EVERY = 25
# the tables of a kfgm database, in an order that respects their foreign keys (storage/migrate_db.py copies them so)
TABLES = ("guilds", "campaigns", "members", "snapshots", "log", "guild_packs")


class StaleState(Exception):
    """The campaign moved on since the state was read."""


class BackupError(Exception):
    """A backup, restore or status could not be done; the message says why."""


class DatabaseUnusable(BackupError):
    """The database cannot be used at all (damaged, another program's, newer, read-only, full...). The message is one
    line naming the database and what to do; nothing was changed."""


class StorageUnavailable(Exception):
    """One write could not be done (the disk is full, the file became read-only, the server went away): nothing of
    it was written, the database stays open, and the next write is tried afresh."""


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


def parse_target(target: str | Path) -> tuple[Literal["sqlite", "postgresql"], str]:
    """``("sqlite", path)`` for a path, ``:memory:`` or ``sqlite:///path``; ``("postgresql", url)`` for
    ``postgresql://...`` (or ``postgres://``). Anything else with ``://`` is refused with what would be right."""
    text = str(target)
    if text.startswith("sqlite://"):
        path = text.removeprefix("sqlite://")
        if not path.startswith("/"):
            raise DatabaseUnusable(f"{text}: a SQLite URL is sqlite:///relative/path or sqlite:////absolute/path "
                                   "(three slashes, then the path)")
        return "sqlite", path[1:] or ":memory:"
    if text.startswith(("postgresql://", "postgres://")):
        return "postgresql", text
    if "://" in text:
        raise DatabaseUnusable(f"{text}: kfgm knows sqlite:///path and postgresql://... database URLs")
    return "sqlite", text


class Database(ABC):
    """A kfgm database. Every write is one transaction; ``append`` refuses with ``StaleState`` (nothing written)
    unless the campaign is still where the caller read it."""

    #: what messages call this database: a file path, or a URL without its password
    name: str
    #: how many write transactions this process has begun on it (every one, done or refused), or None where the
    #: backend does not count them: a caller that remembers what it wrote knows nothing else was written here since
    #: while the count stays the same
    writes: int | None = None

    @classmethod
    async def open(cls, target: str | Path) -> Database:
        """Open (and migrate) the database at ``target``; ``DatabaseUnusable`` (and nothing left open) if it
        cannot be used. The backends register themselves (``register_backend``; storage/__init__.py imports both),
        so this interface depends on neither."""
        kind, where = parse_target(target)
        return await BACKENDS[kind](where)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    # -- campaigns --------------------------------------------------------------------------------------

    @abstractmethod
    async def active_campaign(self, guild_id: str, channel_id: str) -> CampaignRow | None: ...

    @abstractmethod
    async def campaign(self, guild_id: str, campaign_id: int) -> CampaignRow | None:
        """A campaign of this guild only: another guild's id finds nothing."""

    @abstractmethod
    async def campaign_ids(self) -> list[tuple[str, int]]:
        """Every campaign (active or ended) as (guild id, campaign id), oldest first."""

    @abstractmethod
    async def last_campaign(self, guild_id: str, channel_id: str) -> CampaignRow | None:
        """The channel's newest campaign, active or ended (the one a /campaign import replaces)."""

    @abstractmethod
    async def create_campaign(
        self, guild_id: str, channel_id: str, name: str, created_by: str, state_json: str, now: str
    ) -> CampaignRow:
        """A new active campaign with its GM, snapshot 0 and log entry 0; ``StaleState`` if the channel has one."""

    @abstractmethod
    async def member_role(self, campaign_id: int, user_id: str) -> str | None: ...

    @abstractmethod
    async def members(self, campaign_id: int) -> list[tuple[str, str]]: ...

    # -- a guild's content packs ------------------------------------------------------------------------

    @abstractmethod
    async def guild_packs(self, guild_id: str) -> list[GuildPack]:
        """This guild's packs, in the order they were uploaded (the order they are loaded in)."""

    @abstractmethod
    async def guild_pack_revision(self, guild_id: str) -> str:
        """The revision of this guild's packs (``pack_revision``) read from the database alone, without their
        YAML: it changes with every upload and every removal, whichever process made it."""

    @abstractmethod
    async def save_guild_pack(self, guild_id: str, name: str, yaml: str, uploaded_by: str, now: str) -> bool:
        """Store a pack; False (and nothing written) when the guild already has a pack of that name."""

    @abstractmethod
    async def remove_guild_pack(self, guild_id: str, name: str, ids: set[str]) -> tuple[bool, dict[str, list[str]]]:
        """Delete a pack unless an active campaign of the guild refers to one of ``ids`` (in its head, a snapshot or
        a logged action), checked and deleted in one transaction. (found, {campaign name: ids it uses})."""

    # -- the log ------------------------------------------------------------------------------------------

    @abstractmethod
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
        """Write one command: log row, new head state, member, maybe a snapshot, and for campaign commands the
        campaign's status or GM role. All or nothing, in one transaction. ``StaleState`` (nothing written) unless
        the campaign is still at ``expected_seq`` and, when ``expected_state`` is given, its head is still exactly
        that text (a head cached in memory is checked against the stored one in the transaction that replaces it).
        ``action``, ``rolls`` and ``events`` are written as JSON; text is taken as JSON already."""

    @abstractmethod
    def hold(self, guild_id: str, channel_id: str) -> AbstractAsyncContextManager[CampaignRow | None]:
        """The channel's active campaign (None: there is none) read under its write lock, which is held until the
        block ends: every other writer of the campaign, in this process or another, waits meanwhile, so an
        ``append`` made in the block (by the same task) at the row's seq cannot be ``StaleState``. The block's
        appends are committed together when it ends, and nothing of them if it raises. The fair hand-over between
        processes (``App.act``): a command that lost the optimistic race once takes the lock instead of spinning.
        Hold it only while computing one command (no waiting on people inside)."""

    @abstractmethod
    async def log(
        self, campaign_id: int, after_seq: int = -1, limit: int | None = None, before_seq: int | None = None,
        *, events: bool = True,
    ) -> list[LogEntry]:
        """Log entries in order, with ``after_seq < seq < before_seq``. ``events=False``: each entry's ``events``
        left empty, for a replay, which never reads them (a long log's parsed events are most of its memory)."""

    @abstractmethod
    async def heads(
        self, campaign_id: int, after_seq: int = -1, before_seq: int | None = None,
    ) -> list[tuple[int, str]]:
        """The ``(seq, kind)`` of the log entries with ``after_seq < seq < before_seq``, in order: what tells the
        effective history (bot/app/history.py ``effective_seqs``), without reading the entries themselves."""

    @abstractmethod
    async def log_at(self, campaign_id: int, seqs: list[int]) -> list[LogEntry]:
        """The entries with these ``seq``s, in seq order, without their events (a replay's page)."""

    @abstractmethod
    async def log_backwards(self, campaign_id: int, before_seq: int | None = None, limit: int = 64) -> list[LogEntry]:
        """Up to ``limit`` entries before ``before_seq`` (or the end), newest first."""

    @abstractmethod
    async def snapshot_before(self, campaign_id: int, seq: int) -> tuple[int, str]:
        """The newest snapshot taken strictly before ``seq`` (the campaign's creation always is one)."""

    @abstractmethod
    async def import_campaign(
        self, guild_id: str, channel_id: str, name: str, created_by: str, start_state_json: str,
        head_state_json: str, rows: list[tuple[Any, ...]], packs: list[tuple[str, str]], now: str,
    ) -> int:
        """Write an imported campaign in ONE transaction and return its id: the campaign at the last row's seq, its
        GM, snapshot 0, the log ``rows`` (seq, kind, actor, command, action_json, rolls_json, events_json,
        target_seq, created_at) and the guild's new ``packs`` (name, yaml). ``StaleState`` (nothing written) if the
        channel has an active campaign now or a pack of the same name was stored meanwhile."""

    # -- whole tables (kfgm status, kfgm migrate-db) and plain statements (tools and tests) ---------------------

    @abstractmethod
    async def rows(self, table: str) -> list[tuple[Any, ...]]:
        """Every row of one of ``TABLES``, its columns in ``columns(table)`` order, in primary-key order."""

    @abstractmethod
    async def load_rows(self, tables: dict[str, Sequence[tuple[Any, ...]]]) -> None:
        """Write whole tables (``rows``' shape) into this database, which must hold no campaign yet, in ONE
        transaction; ids are kept (Discord buttons name campaign ids)."""

    @abstractmethod
    async def execute(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """One statement in its own transaction, ``?`` placeholders, its rows returned (for operators' tools and
        tests that change the database the way another program would)."""


# the backends by URL kind: storage/db.py and storage/postgres.py each register their ``connect``
BACKENDS: dict[str, Callable[[str], Awaitable[Database]]] = {}


def register_backend(kind: str, connect: Callable[[str], Awaitable[Database]]) -> None:
    BACKENDS[kind] = connect


def pack_revision(packs: Iterable[GuildPack]) -> str:
    """A guild's pack revision: every stored pack, in load order, by name, uploader, time and length (no new
    column: the rows themselves say when the packs changed)."""
    return revision((p.name, p.uploaded_by, p.uploaded_at, len(p.yaml)) for p in packs)


def revision(rows: Iterable[tuple[str, str, str, int]]) -> str:
    return "|".join(f"{name}:{by}:{at}:{size}" for name, by, at, size in rows)


# every table's columns as both backends keep them (``rows`` and ``load_rows``)
COLUMNS: dict[str, tuple[str, ...]] = {
    "guilds": ("id", "created_at"),
    "campaigns": ("id", "guild_id", "channel_id", "name", "status", "gm_role_id", "created_by", "seq", "state_json",
                  "created_at", "updated_at"),
    "members": ("campaign_id", "user_id", "role", "joined_at"),
    "snapshots": ("campaign_id", "seq", "state_json"),
    "log": ("campaign_id", "seq", "kind", "actor", "command", "action_json", "rolls_json", "events_json",
            "target_seq", "created_at"),
    "guild_packs": ("guild_id", "name", "yaml", "uploaded_by", "uploaded_at"),
}


def json_text(value: Any) -> str | None:
    """A value as JSON text for a ``*_json`` column (text is taken as JSON already; None stays NULL)."""
    return value if value is None or isinstance(value, str) else json.dumps(value)


def log_columns(events: bool) -> str:
    """The columns of ``SELECT ... FROM log`` that ``entry_from_row`` reads; without the events' text when
    ``events`` is False."""
    return "*" if events else ("campaign_id, seq, kind, actor, command, action_json, rolls_json, "
                               "'[]' AS events_json, target_seq, created_at")


def entry_from_row(r: Any) -> LogEntry:
    return LogEntry(
        seq=int(r["seq"]),
        kind=str(r["kind"]),
        actor=str(r["actor"]),
        command=str(r["command"]),
        action=json.loads(r["action_json"]) if r["action_json"] else None,
        rolls=_json_list(r["rolls_json"]),
        events=_json_list(r["events_json"]),
        target_seq=r["target_seq"],
        created_at=str(r["created_at"]),
    )


def _json_list(text: str) -> list[Any]:
    """A log column's JSON list; the empty one (the events left out of a replay's page, an entry that rolled nothing)
    without the decoder (a replay of a 10,000-entry log ran it some 20,000 times more, ``make bench``)."""
    return [] if text == "[]" else cast("list[Any]", json.loads(text))


def campaign_from_row(row: Any) -> CampaignRow:
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


# a JSON string that could be a content id (content/schema: ^[a-z0-9][a-z0-9_]*$)
_JSON_ID = re.compile(r'"([a-z0-9][a-z0-9_]{0,63})"')
# every text of a guild's active campaigns that may name content: heads, snapshots, logged actions (name, text)
PACK_USES_SQL = (
    "SELECT name, state_json FROM campaigns WHERE guild_id=? AND status='active' "
    "UNION ALL SELECT c.name, s.state_json FROM snapshots s JOIN campaigns c ON c.id=s.campaign_id "
    "WHERE c.guild_id=? AND c.status='active' "
    "UNION ALL SELECT c.name, l.action_json FROM log l JOIN campaigns c ON c.id=l.campaign_id "
    "WHERE c.guild_id=? AND c.status='active' AND l.action_json IS NOT NULL")


def pack_uses(texts: Any, ids: set[str]) -> dict[str, list[str]]:
    """{campaign name: the ``ids`` its texts (``PACK_USES_SQL``'s rows) mention}."""
    uses: dict[str, set[str]] = {}
    for campaign, text in texts:
        used = ids.intersection(_JSON_ID.findall(str(text)))
        if used:
            uses.setdefault(str(campaign), set()).update(used)
    return {campaign: sorted(used) for campaign, used in uses.items()}
