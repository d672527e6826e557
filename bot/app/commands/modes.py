"""/campaign mode and /solo investigation: the optional modes (rules/modes/, docs/modes.md)."""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules.modes.settings import SetCampaignMode
from rules.modes.true_solo import SoloInvestigation


async def mode(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SetCampaignMode(mode=o["mode"]))


async def solo_investigation(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SoloInvestigation(investigation=o["investigation"], knight=o.get("knight")))


def register(r: Registry) -> None:
    r.add(Command(
        ("campaign", "mode"),
        "GM: play by the standard rules, True Solo Mode (one Knight) or Five-Player Mode",
        mode,
        (Option("mode", "string", "standard, true_solo or five_player", required=True,
                choices=("standard", "true_solo", "five_player")),),
        permission="gm",
    ))
    r.describe_group("solo", "True Solo Mode: the next Investigation")
    r.add(Command(
        ("solo", "investigation"),
        "True Solo Mode: after succeeding at an Investigation, choose the next one of your Chapter",
        solo_investigation,
        (Option("investigation", "integer", "the Investigation's number in the Chapter", required=True,
                min_value=1, max_value=5),
         Option("knight", "string", "your Knight (default: the one on a True Solo Investigation)",
                autocomplete="knight")),
        permission="player",
    ))
