"""Every command of the bot, registered once for both transports."""

from __future__ import annotations

from bot.app.commands import (
    campaign,
    clash,
    clash_play,
    content,
    content_cards,
    deck,
    delve,
    dice,
    encounter,
    expedition,
    fog,
    gm,
    help,
    keyword,
    knight,
    modes,
    now,
    odds,
    outpost,
    postgame,
    progress,
    rest,
    rogue,
    roll,
    saint,
    sigh,
    spoils,
    squire,
)
from bot.app.registry import Registry


def build_registry() -> Registry:
    registry = Registry()
    for module in (campaign, roll, deck, clash, clash_play, sigh, delve, fog, encounter, expedition, outpost, spoils,
                   rest, dice, knight, keyword, saint, progress, odds, gm, squire, rogue, postgame, modes,
                   content, content_cards, now, help):
        module.register(registry)
    return registry
