"""``kfgm migrate-db --from sqlite:///... --to postgresql://...``: every table copied into an empty database in one
transaction (ids kept: Discord buttons name campaign ids), then checked: every table reads back row for row, and
every campaign, active or ended, replays there (its guild's packs, snapshot 0 and the whole log) to the very state
it replays to in the source. docs/operations.md, "Moving from SQLite to PostgreSQL"."""

from __future__ import annotations

from bot.app.commands import build_registry
from bot.app.history import rebuild
from bot.app.service import App
from content.loader import load_catalogue
from storage.base import TABLES, Database, DatabaseUnusable, StaleState


class MigrationFailed(DatabaseUnusable):
    """The copy does not read back or replay as the source does; the message says where."""


async def _replays(app: App, guild_id: str, campaign_id: int) -> str:
    content = await app.content_for(guild_id)
    return (await rebuild(app.db, content.engine, campaign_id)).model_dump_json()


async def migrate_db(source: str, target: str) -> str:
    """Copy ``source`` into the empty ``target``, check it, and say what was moved."""
    if source == target:
        raise DatabaseUnusable(f"{source}: --from and --to are the same database")
    catalogue = load_catalogue()
    src = await Database.open(source)
    try:
        dst = await Database.open(target)
        try:
            tables = {table: await src.rows(table) for table in TABLES}
            try:
                await dst.load_rows(tables)
            except StaleState as exc:
                raise DatabaseUnusable(f"{exc}: drop it and create it again, or choose another") from None
            for table in TABLES:
                if await dst.rows(table) != tables[table]:
                    raise MigrationFailed(f"{dst.name}: the table {table} does not read back as it was written; "
                                          "drop the target database and report this as a bug")
            before, after = App(src, catalogue, build_registry()), App(dst, catalogue, build_registry())
            differ = 0
            for guild_id, campaign_id in await src.campaign_ids():
                expected = await _replays(before, guild_id, campaign_id)
                if await _replays(after, guild_id, campaign_id) != expected:
                    raise MigrationFailed(f"{dst.name}: campaign {campaign_id} replays differently there; drop the "
                                          "target database and report this as a bug")
                head = next(r for r in tables["campaigns"] if r[0] == campaign_id)[8]
                differ += expected != head
        finally:
            await dst.close()
    finally:
        await src.close()
    campaigns = len(tables["campaigns"])
    note = (f" ({differ} replay to another state than their stored head, in both databases alike: a campaign "
            "older than a rules change; its stored head is what is played on)") if differ else ""
    return (f"Moved {campaigns} campaign(s), {len(tables['log'])} log entries, {len(tables['snapshots'])} snapshots "
            f"and {len(tables['guild_packs'])} content pack(s) from {src.name} to {dst.name}; every table reads back "
            f"identical and every campaign replays there to the same state as in the source{note}.")
