"""Every command of the bot, registered once for both transports."""

from __future__ import annotations

from bot.app.commands import campaign, clash, deck, delve, dice, gm, help, knight, odds, roll
from bot.app.registry import Registry


def build_registry() -> Registry:
    registry = Registry()
    for module in (campaign, roll, deck, clash, delve, dice, knight, odds, gm, help):
        module.register(registry)
    return registry
