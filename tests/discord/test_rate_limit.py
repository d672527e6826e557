"""The per-user rate limit of the Discord transport (bot/discord/rate_limit.py)."""

from __future__ import annotations

from bot.discord.rate_limit import LIMIT, RateLimiter
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import PLAYER, Bot, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree


def test_a_sliding_window_per_member() -> None:
    now = [0.0]
    limiter = RateLimiter(limit=3, window=10.0, clock=lambda: now[0])
    assert [limiter.wait(1, 7) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.wait(1, 7) == 10.0  # the fourth within the window waits for the first to leave it
    assert limiter.wait(1, 8) == 0.0 and limiter.wait(2, 7) == 0.0  # another member, another guild
    now[0] = 4.0
    assert limiter.wait(1, 7) == 6.0
    now[0] = 10.0
    assert limiter.wait(1, 7) == 0.0


async def test_a_member_sending_too_fast_is_told_to_wait_and_nothing_runs(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    for _ in range(LIMIT):
        await one(bot, "roll d100", user=PLAYER)
    refused = await one(bot, "roll d100", user=PLAYER)
    assert refused.ephemeral and "faster than the table can play" in refused.text
    other = await one(bot, "roll d100", user=PLAYER + 1)
    assert not other.ephemeral
