"""/campaign mode and /solo investigation|gear|random: the optional modes (rules/modes/, docs/modes.md)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import find, may_change
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules.modes.settings import SetCampaignMode
from rules.modes.true_solo import SoloGear, SoloInvestigation, SoloRandom


async def mode(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SetCampaignMode(mode=o["mode"]))


async def solo_investigation(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SoloInvestigation(investigation=o["investigation"], knight=o.get("knight")))


async def solo_gear(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """Equipping changes the Knight's Loadout: its owner or the GM only, as /knight loadout."""
    loaded = await app.load(ctx)
    living = [k for k in loaded.state.knights.values() if not k.dead]
    knight = find(loaded, ctx, o["knight"]) if o.get("knight") else (living[0] if len(living) == 1 else None)
    if knight is not None:  # (without one, the rules refuse: True Solo Mode is played with a single Knight)
        await may_change(app, ctx, loaded, knight)
    return await app.act_reply(ctx, SoloGear(gear=o["gear"] or [], unequip=o.get("unequip") or [],
                                             knight=o.get("knight")))


async def solo_random(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SoloRandom(count=o["count"]))


def register(r: Registry) -> None:
    r.add(Command(
        ("campaign", "mode"),
        "GM: play by the standard rules, True Solo Mode (one Knight) or Five-Player Mode",
        mode,
        (Option("mode", "string", "standard, true_solo or five_player", required=True,
                choices=("standard", "true_solo", "five_player")),),
        permission="gm",
    ))
    r.describe_group("solo", "True Solo Mode: the next Investigation, Gear at Clash Setup, random Knights")
    r.add(Command(
        ("solo", "investigation"),
        "True Solo Mode: after succeeding at an Investigation, choose the next one of your Chapter",
        solo_investigation,
        (Option("investigation", "integer", "the Investigation's number in the Chapter", required=True,
                min_value=1, max_value=5),
         Option("knight", "string", "your Knight (default: the one on a True Solo Investigation)",
                autocomplete="knight", lookup="knight")),
        permission="player",
    ))
    r.add(Command(
        ("solo", "gear"),
        "True Solo Mode: during the Clash Setup, equip up to three Gear cards from your Armory",
        solo_gear,
        (Option("gear", "string_list", "Armory Gear ids to equip, comma-separated (three per Clash Setup)",
                required=True, lookup="gear"),
         Option("unequip", "string_list", "equipped Gear ids to exchange for them, comma-separated", lookup="gear"),
         Option("knight", "string", "your Knight (default: the only one)", autocomplete="knight", lookup="knight")),
        permission="player",
    ))
    r.add(Command(
        ("solo", "random"),
        "True Solo Mode: an effect targets random Knights: your Knight first, then random Squires",
        solo_random,
        (Option("count", "integer", "how many random Knights the effect targets", default=1, min_value=1,
                max_value=5),),
        permission="player",
    ))
