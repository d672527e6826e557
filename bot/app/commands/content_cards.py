"""/content card and /content export: see a card as the bot understood it; a server's uploaded pack as a zip to
upload in another server (docs/content.md, "Bring your own cards")."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from bot.authoring.packzip import zip_text
from bot.authoring.show import NotFound, as_text, find, sections
from bot.render.cards import render_card

TEXT_LIMIT = 1800


async def card(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    content = await app.content_for(ctx.guild_id)
    card_id = o["id"].strip().lower()
    try:
        found = find(content.catalogue, card_id)
    except NotFound as exc:
        raise CommandError(str(exc)) from None
    text = as_text(found)
    if len(text) > TEXT_LIMIT:
        text = text[: TEXT_LIMIT - 1] + "…"
    png = await asyncio.get_running_loop().run_in_executor(None, render_card, found.layout, sections(found))
    path = app.image_path(0, 0, f"card-{card_id.replace(':', '-')}")
    path.write_bytes(png)
    return Reply(text=f"```\n{text}\n```", images=[str(path)],
                 data={"card": {"id": card_id, "type": found.type, "layout": found.layout, "image": str(path),
                                "text": as_text(found)}})


async def export(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    content = await app.content_for(ctx.guild_id)
    name = o["pack"].strip().lower()
    stored = {p.name: p for p in content.packs}
    if name not in stored:
        known = ", ".join(f"`{n}`" for n in stored) or "none yet"
        raise CommandError(f"this server has no uploaded pack {name[:64]!r}; its packs are: {known} (the bot's own "
                           "packs are its files: `kfgm content pack <folder>` zips a folder)")
    data = zip_text(name, stored[name].yaml)
    path = app.image_path(0, 0, f"pack-{name}", ".zip")
    path.write_bytes(data)
    return Reply(text=f"📦 The pack `{name}` as a zip ({len(data):,} bytes): in another server, a GM uploads it with "
                 "`/content upload file:`.", files=[str(path)],
                 data={"export": {"pack": name, "file": str(path), "bytes": len(data)}})


def register(r: Registry) -> None:
    r.add(Command(
        ("content", "card"),
        "A card, Gear, Kingdom tile or Monster level as the bot understood it (text and picture)",
        card,
        (Option("id", "string", "the id (/content list shows them); <monster>:<level> for one level's sheet",
                required=True, max_length=80),),
        permission="anyone",
    ))
    r.add(Command(
        ("content", "export"),
        "One of this server's uploaded packs as a .zip, to upload in another server",
        export,
        (Option("pack", "string", "the pack's id, as /content list shows it", required=True, max_length=64,
                autocomplete="pack"),),
        permission="gm",
    ))
