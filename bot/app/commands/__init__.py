"""Every command of the bot, registered once for both transports."""

from __future__ import annotations

from bot.app.commands import campaign, clash, deck, gm, help, roll
from bot.app.registry import Registry


def build_registry() -> Registry:
    registry = Registry()
    for module in (campaign, roll, deck, clash, gm, help):
        module.register(registry)
    return registry
