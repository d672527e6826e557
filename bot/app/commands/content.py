"""/content upload|list|remove — a guild's own content packs.

A pack is one YAML file (several documents, one ``kind: pack`` manifest) of at most 1 MB, or a ``.zip`` of
a pack folder's YAML files (at most 1 MB, compressed and uncompressed; bot/app/zip_pack.py). It is read
with the same safe loader and checked exactly like a pack on disk, on top of the bot's own content and
the guild's other packs; nothing is stored unless all of it is valid, and nothing in it is ever
executed. A stored pack is part of that guild's content only (``App.content_for``). See docs/content.md,
"Uploading a pack to your server".
"""

from __future__ import annotations

import asyncio
import re
from pathlib import PurePath
from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry, Upload
from bot.app.reply import CommandError, Reply
from bot.app.service import App, GuildContent, build_guild_content
from bot.app.zip_pack import ZipPack, ZipRefused, is_zip, read_zip
from content.listing import entries
from content.loader import MAX_ERRORS_SHOWN, MAX_FILE_BYTES, Catalogue, ContentError, ContentInvalid, extend_catalogue

MAX_GUILD_PACKS = 20  # packs per guild (each at most MAX_FILE_BYTES)
ERRORS_IN_REPLY = 10
ERROR_LINE = 150  # characters of one error line in a reply
REPLY_LIMIT = 1900  # Discord shows 2000 characters in a message; leave room for "Sorry, "
ADDED_KINDS = {"monsters": "Monsters", "knights": "Knights", "gear": "Gear", "upgrades": "Upgrades",
               "decks": "Decks", "terrain": "Terrain tiles", "kingdoms": "Kingdoms"}
ADDED_SHOWN = 15


def _label(filename: str) -> str:
    """The uploaded file's name as errors show it (no folders, only plain characters)."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", PurePath(filename.replace("\\", "/")).name)[:60].strip("._")
    return name or "pack.yaml"


def _decode(data: bytes, label: str) -> str:
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise CommandError(f"`{label}` is not UTF-8 text (byte {exc.start} cannot be read); save it as UTF-8 YAML "
                           "and upload it again. Nothing was stored.") from None


def _cut(line: str, limit: int = ERROR_LINE) -> str:
    line = line.replace("```", "'''").replace("\n", " ")
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _line(e: ContentError) -> str:
    """One error as ``file:line: path: message`` in at most ERROR_LINE characters: a long YAML path is
    shortened in its middle so that the message stays readable."""
    where = f"{e.file}:{e.line}" if e.line else e.file
    path = e.path or "(document)"
    if len(path) > 50:
        path = path[:24] + "…" + path[-25:]
    head = _cut(f"{where}: {path}: ", 90)
    return head + _cut(e.message, ERROR_LINE - len(head))


def _refused(label: str, errors: list[ContentError], content: GuildContent) -> Reply:
    """Every problem counted, the first few shown as file:line: path: message, within Discord's limits."""
    count = len(errors)
    head = f"`{label}` was not stored: {count} problem{'s' if count != 1 else ''}"
    head += f"; the first {ERRORS_IN_REPLY}:" if count > ERRORS_IN_REPLY else ":"
    stored = {p.name for p in content.packs}
    for e in errors:
        found = re.search(r"id '([a-z0-9_]+)' is already defined", e.message)
        if e.path == "id" and found and found.group(1) in stored:
            name = found.group(1)
            head = (f"a pack `{name}` is already uploaded to this server; to replace it, remove it first with "
                    f"`/content remove pack:{name}`, or give the new pack another id.\n") + head
            break
    lines = [_line(e) for e in errors[:ERRORS_IN_REPLY]]
    tail = "Fix them and upload the file again; docs/content.md explains every field. Nothing was stored."
    if count > ERRORS_IN_REPLY:
        tail = f"… and {count - ERRORS_IN_REPLY} more. " + tail
    while lines and len(head) + sum(len(x) + 1 for x in lines) + len(tail) + 12 > REPLY_LIMIT:
        lines.pop()
    message = f"{head}\n```\n" + "\n".join(lines) + f"\n```\n{tail}"
    data = {"errors": [str(e) for e in errors[:MAX_ERRORS_SHOWN]], "error_count": count}
    return Reply(ok=False, text=message, error=message, ephemeral=True, data=data)


def _added(before: Catalogue, after: Catalogue, pack_id: str) -> dict[str, list[str]]:
    added = {kind: sorted(set(getattr(after, kind)) - set(getattr(before, kind))) for kind in ADDED_KINDS}
    listed = {i for ids in added.values() for i in ids} | {pack_id}
    others = [i for i in after.ids_of(pack_id) if i not in listed]
    return {k: v for k, v in added.items() if v} | ({"other": others} if others else {})


def _describe(added: dict[str, list[str]]) -> str:
    parts = []
    for kind, ids in added.items():
        if kind == "other":
            parts.append(f"{len(ids)} more ids (cards, tiles, parts)")
            continue
        shown = ", ".join(f"`{i}`" for i in ids[:ADDED_SHOWN])
        more = f" and {len(ids) - ADDED_SHOWN} more" if len(ids) > ADDED_SHOWN else ""
        parts.append(f"{ADDED_KINDS[kind]} {shown}{more}")
    return "; ".join(parts) or "no new content"


async def upload(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    file: Upload = o["file"]
    label = _label(file.filename)
    if file.size > MAX_FILE_BYTES or file.data is None:
        raise CommandError(
            f"`{label}` is {file.size:,} bytes ({file.size / 1_000_000:.1f} MB); a pack may be at most "
            f"{MAX_FILE_BYTES:,} bytes (1 MB). Nothing was read or stored: split it into smaller packs."
        )
    loop = asyncio.get_running_loop()
    zipped: ZipPack | None = None
    if is_zip(file.filename, file.data):
        try:  # unzipping and parsing: off the event loop
            zipped = await loop.run_in_executor(None, read_zip, label, file.data)
        except ZipRefused as exc:
            raise CommandError(f"{exc}. Nothing was stored.") from None
        text = zipped.text
    else:
        text = _decode(file.data, label)
    async with app.content_lock(ctx.guild_id):
        content = await app.content_for(ctx.guild_id)
        if len(content.packs) >= MAX_GUILD_PACKS:
            raise CommandError(f"this server already has {len(content.packs)} packs, the most it may hold; "
                               "remove one with /content remove first")
        syntax = list(zipped.syntax_errors) if zipped is not None else []
        try:  # YAML parsing and validation: off the event loop
            catalogue = await loop.run_in_executor(None, extend_catalogue, content.catalogue, [(label, text)])
        except ContentInvalid as exc:  # a zip's errors: each in its own file, as `kfgm content validate` shows them
            return _refused(label, syntax + ([zipped.locate(e) for e in exc.errors] if zipped else exc.errors), content)
        if syntax:  # the other files are valid, but a file that cannot be read leaves the pack incomplete
            return _refused(label, syntax, content)
        manifest = catalogue.packs[-1]
        now = app.now()
        if not await app.db.save_guild_pack(ctx.guild_id, manifest.id, text, ctx.user_id, now):
            why = content.broken.get(manifest.id, "")
            raise CommandError(f"a pack `{manifest.id}` is already stored in this server" + (
                f" (it cannot be loaded: {_cut(why)})" if why else "")
                + f"; remove it first with /content remove pack:{manifest.id}")
        app.forget_content(ctx.guild_id)
    added = _added(content.catalogue, catalogue, manifest.id)
    pack = {"id": manifest.id, "name": manifest.name, "version": manifest.version, "uploaded_by": ctx.user_id,
            "uploaded_at": now, "size": file.size, "ids": len(catalogue.ids_of(manifest.id)) - 1, "added": added}
    note = ""
    if zipped is not None:
        pack |= {"files": list(zipped.files), "skipped": list(zipped.skipped)}
        note = f" ({len(zipped.files)} YAML file{'s' if len(zipped.files) != 1 else ''} from the zip"
        if zipped.skipped:
            shown = ", ".join(f"`{_label(n)}`" for n in zipped.skipped[:5])
            note += f"; not YAML, skipped: {shown}" + (" …" if len(zipped.skipped) > 5 else "")
        note += ")"
    return Reply(
        text=f"📦 **{manifest.name}** (`{manifest.id}` v{manifest.version}) is stored{note} and can be used in this "
        f"server's campaigns: {_describe(added)}.",
        data={"pack": pack},
    )


def _pack_rows(content: GuildContent) -> list[dict[str, Any]]:
    manifests = {m.id: m for m in content.catalogue.packs}
    rows = []
    for pack in content.packs:
        manifest = manifests.get(pack.name)
        broken = content.broken.get(pack.name)
        rows.append({
            "id": pack.name, "name": manifest.name if manifest else None,
            "version": manifest.version if manifest else None, "uploaded_by": pack.uploaded_by,
            "uploaded_at": pack.uploaded_at, "ids": 0 if broken else len(content.catalogue.ids_of(pack.name)) - 1,
            "broken": broken,
        })
    return rows


async def list_packs(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    content = await app.content_for(ctx.guild_id)
    base = [{"id": m.id, "name": m.name, "version": m.version} for m in app.base_catalogue.packs]
    rows = _pack_rows(content)
    lines = ["**Content of this server**: the bot's own " + ", ".join(f"{m['name']} v{m['version']}" for m in base)
             + (f", and {len(rows)} uploaded pack{'s' if len(rows) != 1 else ''}:" if rows else ".")]
    for row in rows:
        if row["broken"]:
            lines.append(f"• `{row['id']}` — ⚠️ cannot be loaded any more: {_cut(row['broken'])}")
        else:
            ids = f"{row['ids']} id" + ("s" if row["ids"] != 1 else "")
            lines.append(f"• `{row['id']}` — {row['name']} v{row['version']}: {ids}, uploaded by "
                         f"<@{row['uploaded_by']}> on {row['uploaded_at'][:10]}")
    if not rows:
        lines.append("No pack has been uploaded yet; a GM can add one with `/content upload file:` (docs/content.md).")
    kinds = kind_counts(content.catalogue)
    lines.append("**Content kinds**: " + ", ".join(f"{kind} {n}" for kind, n in kinds.items())
                 + " (`/content card id:` shows one; `kfgm content list` lists every id)")
    return Reply(text="\n".join(lines), data={"packs": rows, "base": base, "kinds": kinds})


def kind_counts(catalogue: Catalogue) -> dict[str, int]:
    """How many ids of each content type (the part before ':') the catalogue holds (content/listing.py)."""
    counts: dict[str, int] = {}
    for row in entries(catalogue):
        kind = row["type"].split(":")[0]
        counts[kind] = counts.get(kind, 0) + 1
    return counts


async def remove(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    name = o["pack"].strip().lower()
    async with app.content_lock(ctx.guild_id):
        content = await app.content_for(ctx.guild_id)
        names = [p.name for p in content.packs]
        if name not in names:
            known = ", ".join(f"`{n}`" for n in names) or "none yet"
            raise CommandError(f"this server has no uploaded pack {name[:64]!r}; its packs are: {known} "
                               "(the bot's own packs cannot be removed)")
        rest = [p for p in content.packs if p.name != name]
        without = await asyncio.get_running_loop().run_in_executor(
            None, build_guild_content, app.base_catalogue, app.base_engine, rest)
        needs = {n: why for n, why in without.broken.items() if n not in content.broken}
        if needs:
            other, why = next(iter(needs.items()))
            raise CommandError(f"the pack `{other}` uses content of `{name}` ({_cut(why)}); remove `{other}` first. "
                               "Nothing was removed.")
        # the pack's content ids (a broken pack was never loaded, so nothing can use it)
        ids = set() if name in content.broken else set(content.catalogue.ids_of(name)) - {name}
        async with app.content_gate(ctx.guild_id).write():  # no command of this guild is half-way meanwhile
            found, uses = await app.db.remove_guild_pack(ctx.guild_id, name, ids)
            if found and not uses:
                app.forget_content(ctx.guild_id)
    if not found:
        raise CommandError(f"the pack {name!r} was just removed by someone else; see /content list")
    if uses:
        campaign, used = next(iter(uses.items()))
        shown = ", ".join(f"`{i}`" for i in used[:8]) + (f" and {len(used) - 8} more" if len(used) > 8 else "")
        others = f" (and {len(uses) - 1} other campaigns)" if len(uses) > 1 else ""
        raise CommandError(
            f"the pack `{name}` is in use: the campaign {campaign[:80]!r}{others} uses {shown}, and its log needs "
            "them to replay (undo, amend, a Sigh of the Graal). End that campaign with /campaign end first, or keep "
            "the pack. Nothing was removed."
        )
    return Reply(text=f"🗑️ The pack `{name}` is removed from this server; its content can no longer be used here.",
                 data={"pack": {"id": name, "removed": True}})


def register(r: Registry) -> None:
    r.describe_group("content", "Your server's own content packs: upload, list, remove")
    r.add(Command(
        ("content", "upload"),
        "Add a content pack (a YAML file, or a zip of a pack folder; at most 1 MB) to this server",
        upload,
        (Option("file", "attachment", "the pack: a YAML file with a kind: pack manifest, or a .zip of the pack folder "
                "(console: a file path)", required=True),),
        permission="gm",
    ))
    r.add(Command(("content", "list"), "The content packs this server plays with", list_packs, permission="anyone"))
    r.add(Command(
        ("content", "remove"),
        "Remove an uploaded content pack from this server (refused while a campaign uses it)",
        remove,
        (Option("pack", "string", "the pack's id, as /content list shows it", required=True, max_length=64,
                autocomplete="pack"),),
        permission="gm",
    ))
