"""/rest — the Rest Phase (docs/delve.md, "The Rest Phase")."""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules.delve.actions import RestPhase


async def rest(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, RestPhase(tale=o["tale"], pause=True))


def register(r: Registry) -> None:
    r.add(Command(
        ("rest",), "The Rest Phase: Rest Techniques, Resource tokens, Rotation 2, a Campfire Tale", rest,
        (Option("tale", "boolean", "resolve a Campfire Tale (default true)", default=True),),
        permission="player",
    ))
