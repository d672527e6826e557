"""``kfgm``: play offline, run the Discord bot, run the demo, check content."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from bot.settings import Settings

TOKEN_HELP = """No Discord token is set, so the bot cannot connect to Discord.

To run it on your server:
  1. Open https://discord.com/developers/applications, create an application, add a Bot, and copy its token.
  2. Put it in a file named .env next to this project:   KFGM_DISCORD_TOKEN=your-token
     (or export KFGM_DISCORD_TOKEN in your shell; see .env.example for every setting).
  3. Invite the bot with the link from `kfgm invite-url --client-id <your application id>`, then run `kfgm run`.

Without Discord, everything works offline: `kfgm play` (interactive) or `kfgm demo`."""


async def open_app(db_path: str, seed: int | None, settings: Settings):  # type: ignore[no-untyped-def]
    from bot.app.commands import build_registry
    from bot.app.service import App
    from content.loader import load_catalogue
    from storage.db import Database

    catalogue = load_catalogue(settings.content_packs)
    db = await Database.open(db_path)
    return App(db, catalogue, build_registry(), seed=seed, image_dir=settings.image_dir,
               images=settings.image_policy())


def image_folder(settings: Settings, db_path: str) -> Path:
    """The pictures of a console database go to a folder of their own under the image folder (named after the
    database file), so two databases' ``campaign1-...`` pictures never overwrite each other."""
    stem = "memory" if db_path == ":memory:" else (Path(db_path).stem or "kfgm")
    return settings.image_dir / stem


async def _play(args: argparse.Namespace, settings: Settings) -> int:
    from bot.console.runner import interactive, run_lines

    text = ""
    if args.script and args.script != "-":
        try:
            text = Path(args.script).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            print(f"kfgm play: cannot read the script {args.script!r} ({reason}). Give the path of a text file with "
                  "one command a line, or - to read the commands from standard input.", file=sys.stderr)
            return 2
    db_path = args.db or (":memory:" if args.script else str(settings.database))
    settings = settings.model_copy(update={"image_dir": image_folder(settings, db_path)})
    app = await open_app(db_path, args.seed, settings)
    try:
        if args.script:
            text = sys.stdin.read() if args.script == "-" else text
            await run_lines(app, text.splitlines(), sys.stdout, as_json=args.json)
        elif sys.stdin.isatty() and sys.stdout.isatty():
            from bot.console.editor import edit_loop, session

            await edit_loop(app, session(app, db_path), sys.stdout)
        else:
            await interactive(app)
    finally:
        await app.db.close()
    return 0


def _content(args: argparse.Namespace, settings: Settings) -> int:
    from content.loader import ContentInvalid, load_catalogue, validate_pack

    if args.content_cmd == "validate":
        errors = validate_pack(Path(args.path))
        for error in errors:
            print(error)
        print(f"{len(errors)} error(s)" if errors else f"{args.path}: valid")
        return 1 if errors else 0
    if args.content_cmd == "list":
        try:
            rows = load_catalogue(settings.content_packs).entries()
        except ContentInvalid as exc:
            print(exc, file=sys.stderr)
            return 1
        if args.json:
            print(json.dumps(rows, ensure_ascii=False, indent=1))
        else:
            for row in rows:
                tier = "" if row["tier"] is None else f" (tier {row['tier']})"
                print(f"{row['id']:<40} {row['type']:<22} {row['name']}{tier}")
        return 0
    from content.schema import DOCUMENT_KINDS

    schema = {kind: model.model_json_schema() for kind, model in DOCUMENT_KINDS.items()}
    print(json.dumps(schema, indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kfgm", description="Kingdoms Forlorn Game Master")
    sub = parser.add_subparsers(dest="cmd", required=True)
    play = sub.add_parser("play", help="play offline in the terminal (interactive, or a script)")
    play.add_argument("--script", help="a file with one command per line ('-' reads standard input)")
    play.add_argument("--json", action="store_true", help="print one JSON object per command")
    play.add_argument("--seed", type=int, help="dice seed for campaigns created in this run")
    play.add_argument("--db", help="database file (default: the settings' database; a script uses a fresh one)")
    sub.add_parser("run", help="run the Discord bot")
    back = sub.add_parser("backup", help="copy the database safely, even while the bot runs")
    back.add_argument("destination", help="a new file, e.g. backups/kfgm-2026-11-29.sqlite3")
    rest = sub.add_parser("restore", help="put a backup in place of the database (stop the bot first)")
    rest.add_argument("source", help="a file made by `kfgm backup`")
    sub.add_parser("status", help="the database: schema version, campaigns, last activity")
    demo = sub.add_parser("demo", help="an offline scripted session that shows what the bot does")
    demo.add_argument("--out", help="the folder for the pictures (default: a new temporary folder)")
    invite = sub.add_parser("invite-url", help="print the link that invites the bot to a server")
    invite.add_argument("--client-id", required=True, type=int, help="your application's id")
    content = sub.add_parser("content", help="check and list content packs")
    csub = content.add_subparsers(dest="content_cmd", required=True)
    validate = csub.add_parser("validate", help="validate a pack folder; one line per error")
    validate.add_argument("path")
    listing = csub.add_parser("list", help="every content id with its type, name and tier")
    listing.add_argument("--json", action="store_true")
    csub.add_parser("schema", help="JSON Schema of every document kind, for editors")
    rules_cmd = sub.add_parser("rules", help="what the bot knows of the rulebook")
    rsub = rules_cmd.add_subparsers(dest="rules_cmd", required=True)
    coverage = rsub.add_parser("coverage", help="every rulebook entry: automated, assisted, irrelevant or missing")
    coverage.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.cmd == "rules":
        from bot.tools.coverage import main as coverage_main

        return coverage_main(["--json"] if args.json else [])

    try:
        settings = Settings()
    except Exception as exc:  # a broken .env must not hide behind a traceback
        print(f"The settings could not be read: {exc}", file=sys.stderr)
        return 2
    if args.cmd in ("backup", "restore", "status"):
        from bot.operations import run_operation

        return run_operation(args, settings)
    if args.cmd == "play":
        return asyncio.run(_play(args, settings))
    if args.cmd == "content":
        return _content(args, settings)
    if args.cmd == "demo":
        from bot.console.demo import run_demo

        return asyncio.run(run_demo(settings, args.out))
    if args.cmd == "invite-url":
        from bot.discord.client import invite_url

        print(invite_url(args.client_id))
        return 0
    if args.cmd == "run":
        if not settings.discord_token:
            print(TOKEN_HELP, file=sys.stderr)
            return 2
        from bot.discord.client import run_bot

        return run_bot(settings)
    return 2


if __name__ == "__main__":
    sys.exit(main())
