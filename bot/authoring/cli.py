"""``kfgm content ...``: validate, list, schema, new, show, check and pack (docs/content.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.settings import Settings
from content.listing import entries


def add_parser(sub: Any) -> None:
    content = sub.add_parser("content", help="make, check, show, list and zip content packs")
    csub = content.add_subparsers(dest="content_cmd", required=True)
    validate = csub.add_parser("validate", help="validate a pack folder; one line per error")
    validate.add_argument("path")
    listing = csub.add_parser("list", help="every content id with its type, name and tier")
    listing.add_argument("--json", action="store_true")
    listing.add_argument("--pack", action="append", default=[], help="a pack folder to load too (repeatable)")
    schema = csub.add_parser("schema", help="JSON Schemas of every document kind, for editors")
    schema.add_argument("--out", help="write one <kind>.schema.json per kind into this folder")
    new = csub.add_parser("new", help="a new file of one kind, every field present and commented")
    new.add_argument("kind", help="monster, knight, gear, kingdom, deck, squire... (`kfgm content new list`)")
    new.add_argument("id", nargs="?", help="the new content's id, e.g. hollow_wolf")
    new.add_argument("--pack", default=".", help="the pack folder to write into (default: here)")
    new.add_argument("--force", action="store_true", help="overwrite files that exist")
    show = csub.add_parser("show", help="a card as the bot understood it (text, and a picture with --image)")
    show.add_argument("id", help="a card, Gear, tile or Monster id; <monster>:<level> for one level's sheet")
    show.add_argument("--image", help="write the card's picture (PNG) to this file")
    show.add_argument("--pack", action="append", default=[], help="a pack folder to load too (repeatable)")
    check = csub.add_parser("check", help="is a pack playable: odds to wound, Targeting, decks, Kingdoms")
    check.add_argument("path")
    check.add_argument("--json", action="store_true")
    pack = csub.add_parser("pack", help="zip a pack folder for /content upload (validated first)")
    pack.add_argument("path")
    pack.add_argument("--out", help="the zip file (default: <pack id>.zip here)")


def _catalogue(settings: Settings, packs: list[str]):  # type: ignore[no-untyped-def]
    from content.loader import load_catalogue

    return load_catalogue([*settings.content_packs, *(Path(p) for p in packs)])


def run(args: argparse.Namespace, settings: Settings) -> int:
    from content.loader import ContentInvalid

    try:
        return _COMMANDS[args.content_cmd](args, settings)
    except ContentInvalid as exc:
        print(exc, file=sys.stderr)
        return 1


def _validate(args: argparse.Namespace, settings: Settings) -> int:
    from content.loader import validate_pack

    errors = validate_pack(Path(args.path))
    for error in errors:
        print(error)
    print(f"{len(errors)} error(s)" if errors else f"{args.path}: valid")
    return 1 if errors else 0


def _list(args: argparse.Namespace, settings: Settings) -> int:
    rows = entries(_catalogue(settings, args.pack))
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        for row in rows:
            tier = "" if row["tier"] is None else f" (tier {row['tier']})"
            print(f"{row['id']:<40} {row['type']:<22} {row['name']}{tier}")
    return 0


def _schema(args: argparse.Namespace, settings: Settings) -> int:
    from content.scaffold import write_schemas
    from content.schema import DOCUMENT_KINDS

    if args.out:
        written = write_schemas(Path(args.out))
        print(f"{len(written)} JSON Schemas written to {args.out} (one per kind: <kind>.schema.json)")
        return 0
    print(json.dumps({kind: model.model_json_schema() for kind, model in DOCUMENT_KINDS.items()}, indent=1))
    return 0


def _new(args: argparse.Namespace, settings: Settings) -> int:
    from content.scaffold import SCHEMA_DIR, ScaffoldError, scaffold, scaffold_kinds, write_schemas

    if args.kind == "list" or args.id is None:
        print("kinds: " + ", ".join(scaffold_kinds()) + "\nusage: kfgm content new <kind> <id> [--pack DIR]")
        return 0 if args.kind == "list" else 2
    try:
        files = scaffold(args.kind, args.id)
    except ScaffoldError as exc:
        print(exc, file=sys.stderr)
        return 2
    folder = Path(args.pack)
    existing = [f.path for f in files if (folder / f.path).exists()]
    if existing and not args.force:
        print(f"not written: {', '.join(existing)} exists in {folder} (use --force to overwrite)", file=sys.stderr)
        return 1
    for f in files:
        target = folder / f.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f.text, encoding="utf-8")
        print(f"wrote {target}")
    if not (folder / SCHEMA_DIR).is_dir():
        write_schemas(folder / SCHEMA_DIR)
        print(f"wrote the JSON Schemas to {folder / SCHEMA_DIR} (the files' yaml-language-server line points there)")
    return 0


def _show(args: argparse.Namespace, settings: Settings) -> int:
    from bot.authoring.show import NotFound, as_text, find, sections
    from bot.render.cards import render_card

    try:
        found = find(_catalogue(settings, args.pack), args.id)
    except NotFound as exc:
        print(exc, file=sys.stderr)
        return 1
    print(as_text(found))
    if args.image:
        Path(args.image).write_bytes(render_card(found.layout, sections(found)))
        print(f"picture: {args.image}")
    return 0


def _check(args: argparse.Namespace, settings: Settings) -> int:
    from bot.authoring.check import check_pack

    report = check_pack(Path(args.path))
    if args.json:
        print(json.dumps({"errors": report.errors, "warnings": [str(w) for w in report.warnings],
                          "odds": report.odds}, indent=1))
    else:
        for error in report.errors:
            print(f"error: {error}")
        for row in report.odds:
            print(f"odds: {row['monster']} level {row['level']}, {row['tier']} Tier, best weapon {row['weapon']}: "
                  f"{row['percent']}% to wound ({row['wound']})")
        for warning in report.warnings:
            print(f"warning: {warning}")
        print(f"{len(report.errors)} error(s), {len(report.warnings)} warning(s)")
    return 1 if report.errors else 0


def _pack(args: argparse.Namespace, settings: Settings) -> int:
    from bot.authoring.packzip import PackProblem, zip_folder

    try:
        data, pack_id = zip_folder(Path(args.path))
    except PackProblem as exc:
        print(exc, file=sys.stderr)
        return 1
    out = Path(args.out or f"{pack_id}.zip")
    out.write_bytes(data)
    print(f"wrote {out} ({len(data):,} bytes): upload it with /content upload file:")
    return 0


_COMMANDS = {"validate": _validate, "list": _list, "schema": _schema, "new": _new, "show": _show, "check": _check,
             "pack": _pack}
