"""/campaign export and /campaign import: the whole campaign as one JSON file (docs/campaign.md).

The file is the campaign's creation state, its append-only log entry by entry (each action with its recorded dice),
its head state, its GMs, and the content packs uploaded to the exporting server. An import reads it, checks its
shape, adds the packs the server lacks (validated like /content upload), replays the whole log with the recorded
dice, and only when the replay ends exactly on the exported state writes everything in one transaction.
"""

from __future__ import annotations

import asyncio
import codecs
import gzip
import json
import zlib
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from bot.app import bounded_json
from bot.app.context import Invocation
from bot.app.history import ReplayMismatch
from bot.app.import_check import EntryRefused, log_entry, verify
from bot.app.registry import MAX_UPLOAD_BYTES, Upload
from bot.app.reply import CommandError, Reply
from bot.app.service import App, GuildContent, build_guild_content
from content.collector import collector_paused
from content.text import clean_name
from rules.campaign.transfer import MAX_ENTRIES, CampaignExport, ExportedEntry
from rules.dice import ForcedDieError
from rules.errors import RuleError
from rules.state import CampaignState
from storage.db import GuildPack, StaleState
from storage.transfer import creation_snapshot, import_campaign

MAX_JSON_BYTES = 64_000_000  # a compressed export may unpack to at most this much
MAX_GUILD_PACKS = 20  # as /content upload (bot/app/commands/content.py)
GZIP_MAGIC = b"\x1f\x8b"


async def export(app: App, ctx: Invocation) -> Reply:
    loaded = await app.load(ctx)
    row = loaded.row
    entries = await app.db.log(row.id)
    content = await app.content_for(ctx.guild_id)
    members = await app.db.members(row.id)
    body = {
        "format": "kfgm-campaign", "version": 1, "exported_at": app.now(),
        "campaign": {"name": row.name, "seq": row.seq, "exported_from": str(row.id)},
        "gms": [u for u, r in members if r == "gm"] + ([ctx.user_id] if ctx.is_admin else []),
        "start_state": json.loads(await creation_snapshot(app.db, row.id)),
        "state": json.loads(row.state_json),
        "log": [{"seq": e.seq, "kind": e.kind, "actor": e.actor, "command": e.command, "action": e.action,
                 "rolls": e.rolls, "events": e.events, "target_seq": e.target_seq, "created_at": e.created_at}
                for e in entries],
        "packs": [{"name": p.name, "yaml": p.yaml} for p in content.packs if p.name not in content.broken],
    }
    raw = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    compressed = len(raw) > MAX_UPLOAD_BYTES
    data = gzip.compress(raw, 9, mtime=0) if compressed else raw
    path = app.image_path(row.id, row.seq, "export", ".json.gz" if compressed else ".json")
    path.write_bytes(data)
    note = ""
    if compressed:
        note = f" It is {len(raw):,} bytes of JSON, so it is gzip-compressed ({len(data):,} bytes)."
    if len(data) > MAX_UPLOAD_BYTES:
        note += (f" Careful: it is larger than the {MAX_UPLOAD_BYTES:,} bytes /campaign import reads; keep it as a "
                 "backup (kfgm backup copies the whole database).")
    text = (f"📦 **{row.name}** exported: {len(entries)} log entries up to #{row.seq}, the state, "
            f"{len(body['packs'])} uploaded pack(s).{note} To restore it in another channel or server: "
            "`/campaign import file:` with this file. It shows the decks' order: keep it from the players.")
    return Reply(text=text, files=[str(path)], ephemeral=True, data={"export": {
        "file": str(path), "bytes": len(data), "compressed": compressed, "entries": len(entries), "seq": row.seq,
        "packs": [p["name"] for p in body["packs"]]}})


def read_file(file: Upload) -> CampaignExport:
    """The export in the file, checked for its shape within bounds (size, unpacked size, nesting, entries); a
    polite refusal saying what is wrong otherwise. A plain function that works in short steps (each C call short:
    bounded_json.loads_in_pieces, ``_validated``), so the caller runs it in a thread and the event loop goes on."""
    if file.data is None or file.size > MAX_UPLOAD_BYTES:
        raise CommandError(f"`{file.filename[:60]}` is {file.size:,} bytes; an export may be at most "
                           f"{MAX_UPLOAD_BYTES:,} bytes (a longer campaign's export is gzip-compressed: attach the "
                           ".json.gz file as it is). Nothing was imported.")
    data = file.data
    if data[:2] == GZIP_MAGIC:
        try:
            unpack = zlib.decompressobj(16 + zlib.MAX_WBITS)
            data = unpack.decompress(data, MAX_JSON_BYTES + 1)
        except zlib.error as exc:
            raise CommandError(f"`{file.filename[:60]}` looks compressed but cannot be unpacked ({exc}). "
                               "Nothing was imported.") from None
        if len(data) > MAX_JSON_BYTES or unpack.unconsumed_tail:
            raise CommandError(f"`{file.filename[:60]}` unpacks to more than {MAX_JSON_BYTES:,} bytes. "
                               "Nothing was imported.")
    try:
        value = bounded_json.loads_in_pieces(_text(data).removeprefix("\ufeff"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise CommandError(f"`{file.filename[:60]}` is not a JSON file we can read ({str(exc)[:120]}); attach the "
                           "file /campaign export wrote. Nothing was imported.") from None
    if not isinstance(value, dict) or value.get("format") != "kfgm-campaign":
        raise CommandError(f"`{file.filename[:60]}` is not a campaign export (it has no \"format\": "
                           "\"kfgm-campaign\"); attach the file /campaign export wrote. Nothing was imported.")
    if value.get("version") != 1:
        raise CommandError(f"this export is version {value.get('version')!r}; this kfgm reads version 1. "
                           "Nothing was imported.")
    entries = value.get("log")
    if isinstance(entries, list) and len(entries) > MAX_ENTRIES:  # before any entry is checked
        raise CommandError(f"this export holds {len(entries):,} log entries; an import may hold at most "
                           f"{MAX_ENTRIES:,}. Nothing was imported.")
    value.pop("gms", None)  # what the exporting bot knew of its GMs: informative, never trusted
    export, problems = _validated(value)
    release(value.get("log"))
    if export is None:
        err = problems[0]
        where = ".".join(str(p) for p in err["loc"][:4])
        raise CommandError(f"the export is damaged: {where}: {err['msg'][:160]} "
                           f"({len(problems)} problem(s)). Nothing was imported.") from None
    try:
        export.campaign.name = clean_name(export.campaign.name)  # as /campaign new takes it
    except ValueError as exc:
        raise CommandError(f"the export's campaign name cannot be used: {exc}. Nothing was imported.") from None
    return export


def _text(data: bytes, piece: int = 1_000_000) -> str:
    """``data`` decoded as UTF-8 a megabyte at a time (one decode of 64 MB would hold the GIL for long)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(data)
    parts = [decoder.decode(view[at:at + piece]) for at in range(0, len(view), piece)]
    return "".join([*parts, decoder.decode(b"", final=True)])


def _validated(value: dict[str, Any]) -> tuple[CampaignExport | None, list[ErrorDetails]]:
    """The export checked as ``CampaignExport.model_validate(value)`` checks it, with the same problems in the
    same order, but its log entry by entry: one validation of 40,000 entries is one C call that holds the GIL
    for seconds, one entry's is short (so the event loop beside this worker thread keeps running)."""
    log = value.get("log")
    if not isinstance(log, list):
        try:
            return CampaignExport.model_validate(value), []
        except ValidationError as exc:
            return None, exc.errors()
    entries: list[ExportedEntry] = []
    in_log: list[ErrorDetails] = []
    for i, raw in enumerate(log):
        try:
            entries.append(ExportedEntry.model_validate(raw))
        except ValidationError as exc:
            in_log.extend({**e, "loc": ("log", i, *e["loc"])} for e in exc.errors())
    try:  # the entries are models already: pydantic takes them as they are (revalidate_instances="never")
        export = CampaignExport.model_validate({**value, "log": entries})
        rest: list[ErrorDetails] = []
    except ValidationError as exc:
        rest = exc.errors()
    if not in_log and not rest:
        return export, []
    release(entries)
    if not in_log:
        return None, rest
    # as one validation reports them: the fields before the log, the log's entries, the fields after it (the
    # document's own consistency check is not reached when a field is wrong)
    fields = list(CampaignExport.model_fields)
    before = set(fields[:fields.index("log")])
    rest = [e for e in rest if e["loc"] and e["loc"][0] != "log"]
    return None, ([e for e in rest if e["loc"][0] in before] + in_log
                  + [e for e in rest if e["loc"][0] not in before])


async def may_import(app: App, ctx: Invocation) -> None:
    """The importer's authority, from this server and this database only (never from the file): a manager of
    the server (Manage Server), or a GM of the campaign the import replaces in this channel (its last one)."""
    if ctx.is_admin:
        return
    last = await app.db.last_campaign(ctx.guild_id, ctx.channel_id)
    if last is not None and await app.is_gm(ctx, last):
        return
    replaced = f"of this channel's last campaign ({last.name!r}) " if last is not None else ""
    raise CommandError(f"only a GM {replaced}or a member with the Manage Server permission may import a campaign "
                       "into this channel (who the file names as its GMs does not count). Nothing was imported.")


def release(items: object) -> None:
    """Empty a long list one item at a time. Letting go of 40,000 entries at once frees millions of objects in one
    C call (100-200 ms holding the GIL); one by one, a worker thread doing it lets the event loop run between."""
    if isinstance(items, list):
        while items:
            items.pop()


def _release_all(held: list[list[Any]]) -> None:
    for items in held:
        release(items)


async def import_file(app: App, ctx: Invocation, file: Upload) -> Reply:
    with collector_paused():
        held: list[list[Any]] = []  # the import's long lists, emptied on a worker thread when it ends
        try:
            return await _import_file(app, ctx, file, held)
        finally:
            await asyncio.to_thread(_release_all, held)


async def _import_file(app: App, ctx: Invocation, file: Upload, held: list[list[Any]]) -> Reply:
    existing = await app.db.active_campaign(ctx.guild_id, ctx.channel_id)
    if existing is not None:
        raise CommandError(f"this channel already plays the campaign {existing.name!r}; import into a channel "
                           "without a campaign (or its GM closes it first with /campaign end). Nothing was imported.")
    await may_import(app, ctx)
    # unpacking, parsing and checking a long export is CPU work: on a worker thread, so no other command waits
    export = await asyncio.to_thread(read_file, file)
    held.append(export.log)
    async with app.content_lock(ctx.guild_id):
        content = await app.content_for(ctx.guild_id)
        have = {p.name: p for p in content.packs}
        add: list[GuildPack] = []
        for pack in export.packs:
            mine = have.get(pack.name)
            if mine is None:
                add.append(GuildPack(pack.name, pack.yaml, ctx.user_id, app.now()))
            elif mine.yaml != pack.yaml:
                raise CommandError(f"this server has another pack named `{pack.name}` than the campaign was played "
                                   f"with; remove it (/content remove pack:{pack.name}) or import in another "
                                   "server. Nothing was imported.")
        if len(content.packs) + len(add) > MAX_GUILD_PACKS:
            raise CommandError(f"the campaign needs {len(add)} more pack(s) and this server may hold at most "
                               f"{MAX_GUILD_PACKS}. Nothing was imported.")
        loop = asyncio.get_running_loop()
        use: GuildContent = content
        if add:
            use = await loop.run_in_executor(None, build_guild_content, app.base_catalogue, app.base_engine,
                                             [*content.packs, *add])
            broken = [p.name for p in add if p.name in use.broken]
            if broken:
                raise CommandError(f"the campaign's pack `{broken[0]}` cannot be loaded here: "
                                   f"{use.broken[broken[0]][:300]}. Nothing was imported.")
        try:
            verified = await loop.run_in_executor(None, verify, use.engine, app.registry, export, ctx.is_admin)
        except (EntryRefused, ReplayMismatch, RuleError, ForcedDieError, ValidationError, KeyError, AssertionError,
                IndexError, ValueError, TypeError) as exc:
            raise CommandError(f"the campaign's log does not replay here, so it was not imported: "
                               f"{str(exc)[:300]}") from None
        state = verified.state
        entries = await asyncio.to_thread(lambda: [log_entry(e) for e in export.log])  # with the events derived here
        held.append(entries)
        text = (f"📥 Campaign **{export.campaign.name}** imported from an export of {export.exported_at}: "
                f"{len(entries)} log entries replayed to the same state. <@{ctx.user_id}> is its GM.")
        if verified.unproven:
            text += (f" {verified.unproven} GM entries by members the log does not show as GMs (a GM role, or "
                     f"Manage Server) were accepted on <@{ctx.user_id}>'s word as a manager of this server.")
        start_json, head_json = await asyncio.to_thread(
            lambda: (CampaignState.model_validate(export.start_state).model_dump_json(), state.model_dump_json()))
        try:
            row = await import_campaign(
                app.db, ctx.guild_id, ctx.channel_id, export.campaign.name, ctx.user_id, start_json, head_json,
                entries, ctx.command_line or "/campaign import", [{"kind": "campaign", "text": text}],
                [(p.name, p.yaml) for p in add], app.now())
        except StaleState as exc:
            raise CommandError(f"{exc}; nothing was imported — try again.") from None
        if add:
            app.forget_content(ctx.guild_id)
    if add:
        text += f" The server now has the campaign's pack(s): {', '.join(p.name for p in add)}."
    data: dict[str, Any] = {
        "campaign": {"id": row.id, "name": row.name, "status": row.status, "seq": row.seq,
                     "created_by": row.created_by, "gm_role": None},
        "imported": {"entries": len(entries), "from_seq": export.campaign.seq, "packs_added": [p.name for p in add]},
    }
    return Reply(text=text, data=data)
