"""``kfgm``: play offline, run the Discord bot, run the demo, check content."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.authoring.cli import add_parser as add_content_parser
from bot.authoring.cli import run as run_content
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
    from storage.base import Database

    catalogue = load_catalogue(settings.content_packs)
    db = await Database.open(db_path)  # DatabaseUnusable: main() says so in one line, exit code 2
    return App(db, catalogue, build_registry(), seed=seed, image_dir=settings.image_dir,
               images=settings.image_policy())


def image_folder(settings: Settings, db_path: str) -> Path:
    """The pictures of a console database go to a folder of their own under the image folder (named after the
    database file), so two databases' ``campaign1-...`` pictures never overwrite each other."""
    stem = "memory" if db_path == ":memory:" else (Path(db_path).stem or "kfgm")
    return settings.image_dir / stem


async def _play(args: argparse.Namespace, settings: Settings) -> int:
    from bot.console.runner import ScriptUnreadable, interactive, read_script, run_lines

    try:  # read (and refuse) the script before anything is opened
        text = read_script(args.script) if args.script else ""
    except ScriptUnreadable as exc:
        print(exc, file=sys.stderr)
        return 2
    db_path = args.db or (":memory:" if args.script else settings.database_target)
    settings = settings.model_copy(update={"image_dir": image_folder(settings, db_path)})
    app = await open_app(db_path, args.seed, settings)
    try:
        if args.script:
            await run_lines(app, text.splitlines(), sys.stdout, as_json=args.json)
        elif sys.stdin.isatty() and sys.stdout.isatty():
            from bot.console.editor import edit_loop, session

            await edit_loop(app, session(app, db_path), sys.stdout)
        else:
            await interactive(app)
    finally:
        await app.db.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kfgm", description="Kingdoms Forlorn Game Master")
    sub = parser.add_subparsers(dest="cmd", required=True)
    play = sub.add_parser("play", help="play offline in the terminal (interactive, or a script)")
    play.add_argument("--script", help="a file with one command per line ('-' reads standard input)")
    play.add_argument("--json", action="store_true", help="print one JSON object per command")
    play.add_argument("--seed", type=int, help="dice seed for campaigns created in this run")
    play.add_argument("--db", help="database file or URL (sqlite:///path, postgresql://...; default: the settings' "
                      "database; a script uses a fresh in-memory one)")
    sub.add_parser("run", help="run the Discord bot")
    back = sub.add_parser("backup", help="copy the database safely, even while the bot runs")
    back.add_argument("destination", help="a new file, e.g. backups/kfgm-2026-11-29.sqlite3")
    rest = sub.add_parser("restore", help="put a backup in place of the database (stop the bot first)")
    rest.add_argument("source", help="a file made by `kfgm backup`")
    sub.add_parser("status", help="the database: schema version, campaigns, last activity")
    move = sub.add_parser("migrate-db", help="copy every campaign to another database (SQLite to PostgreSQL), "
                          "checked by replaying each one there")
    move.add_argument("--from", dest="source", required=True, help="the database to copy: sqlite:///path or a path")
    move.add_argument("--to", dest="target", required=True, help="an empty database: postgresql://... or sqlite:///")
    demo = sub.add_parser("demo", help="an offline scripted session that shows what the bot does")
    demo.add_argument("--out", help="the folder for the pictures (default: a new temporary folder)")
    invite = sub.add_parser("invite-url", help="print the link that invites the bot to a server")
    invite.add_argument("--client-id", required=True, type=int, help="your application's id")
    add_content_parser(sub)
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
    from storage.base import DatabaseUnusable

    try:
        return _dispatch(args, settings)
    except DatabaseUnusable as exc:  # every subcommand: one line naming the database and what to do, no traceback
        print(f"kfgm {args.cmd}: {exc}", file=sys.stderr)
        return 2


async def _check_database(target: str) -> None:
    """Open (and migrate) the database once and close it: ``kfgm run`` refuses an unusable database before it
    connects to Discord."""
    from storage.base import Database

    await (await Database.open(target)).close()


def _dispatch(args: argparse.Namespace, settings: Settings) -> int:
    if args.cmd in ("backup", "restore", "status", "migrate-db"):
        from bot.operations import run_operation

        return run_operation(args, settings)
    if args.cmd == "play":
        return asyncio.run(_play(args, settings))
    if args.cmd == "content":
        return run_content(args, settings)
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
        asyncio.run(_check_database(settings.database_target))
        from bot.discord.client import run_bot

        return run_bot(settings)
    return 2


if __name__ == "__main__":
    sys.exit(main())
