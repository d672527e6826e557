"""/help"""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App

# What a new table types first (shown at the top of /help; docs/commands.md "/help").
NEW_TABLE = [
    "**New table? Start here:** 1. the GM: `/campaign new name:\"Ashen Vigil\"` (you are its GM; "
    "`/campaign gm-role role:@GM` shares it) · 2. each player: `/knight create knight:lanternbearer name:Kara` · "
    "3. `/expedition start`, then `/expedition vision choice:quest` · 4. any time: `/roll test difficulty:6 bonus:2`, "
    "`/odds attack dice:4 to_hit:5`, `/knight show`. Buttons answer the bot's questions; the GM can "
    "`/gm undo` or `/gm amend-last values:7` (announced to all). **All commands:**",
]


async def show_help(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    groups = app.registry.groups()
    topic = (o["command"] or "").strip().lstrip("/").lower()
    if topic:
        matches = [c for c in app.registry.commands.values() if " ".join(c.path).startswith(topic)]
        if not matches:
            raise CommandError(
                f"no command starts with /{topic}; the groups are: " + ", ".join("/" + g for g in groups)
            )
        lines = []
        for c in matches:
            lines.append(f"`{c.usage()}` — {c.description}" + (" (GM only)" if c.permission == "gm" else ""))
            lines += [f"  • {op.name}: {op.description}" for op in c.options]
        return Reply(text="\n".join(lines), ephemeral=True, data={"commands": [c.name for c in matches]})
    lines = ["**Kingdoms Forlorn Game Master** — commands (type `/help command:roll` for details):"]
    lines += NEW_TABLE
    for group, cmds in groups.items():
        lines.append(f"**/{group}**: " + ", ".join(" ".join(c.path[1:]) or c.path[0] for c in cmds))
    return Reply(
        text="\n".join(lines), ephemeral=True, data={"commands": [c.name for c in app.registry.commands.values()]}
    )


def register(r: Registry) -> None:
    r.add(
        Command(
            ("help",),
            "List the commands, or explain one",
            show_help,
            (Option("command", "string", "a command or group, e.g. roll or roll test"),),
            permission="anyone",
        )
    )
