"""GM powers are visible to the table (bot/discord/tree.py ``gm_power``, bot/discord/replies.py ``gm_banner``): an
override, an amendment or an undo is answered in the channel, headed by who used it and the command, with the
before → after of the change; an undo also repeats what the action taken back had said. What only the GM may
read (``/deck peek``, ``/gm state``) stays private and carries no banner. Through the real CommandTree on a real
App (tests/discord/test_invoke.py)."""

from __future__ import annotations

import re

from bot.app.reply import Reply
from bot.discord.replies import CONTENT_LIMIT, announce, gm_banner, render
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import GM_ROLE, GM_USER, PLAYER, Bot, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree


def _banner(user: int, line: str) -> str:
    return f"🛡️ GM <@{user}> used `{line}`."


async def test_force_amend_and_undo_are_announced_with_who_what_before_and_after(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Open Table"))
    forced = await one(bot, "gm force-next", extra=[{"type": 3, "name": "values", "value": "10"}])
    assert not forced.ephemeral and forced.text.startswith(_banner(GM_USER, "/gm force-next values:10"))
    assert "the next die rolled will show 10" in forced.text

    rolled = await one(bot, "roll test", user=PLAYER, extra=opts(difficulty=6))
    assert "rolled 10" in rolled.text and "🛡️" not in rolled.text, "a player's roll carries no banner"

    amended = await one(bot, "gm amend-last", extra=[{"type": 3, "name": "values", "value": "1"}])
    assert not amended.ephemeral and amended.text.startswith(_banner(GM_USER, "/gm amend-last values:1"))
    assert re.search(r"the dice were 10, now 1", amended.text), "before → after"
    assert "rolled 1" in amended.text

    undone = await one(bot, "gm undo")
    assert not undone.ephemeral and undone.text.startswith(_banner(GM_USER, "/gm undo"))
    assert "`/roll test difficulty:6`" in undone.text and "is taken back" in undone.text, "what"
    assert "Taken back — it had said: “🎲 GM amended" in undone.text, "before: what the undone action had said"
    assert "rolled 1" in undone.text
    assert undone.message["allowed_mentions"] == {"parse": []}, "naming the GM never pings"


async def test_a_gm_role_member_is_named_and_the_change_shows_before_and_after(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Open Table"))
    role = {"id": str(GM_ROLE), "name": "GM", "color": 0, "hoist": False, "position": 1, "permissions": "0",
            "managed": False, "mentionable": True, "flags": 0}
    await one(bot, "campaign gm-role", extra=[{"type": 8, "name": "role", "value": str(GM_ROLE)}],
              resolved={"roles": {str(GM_ROLE): role}})
    await one(bot, "knight create", user=PLAYER, extra=opts(knight="lanternbearer", name="Kara"))
    await one(bot, "clash start", user=PLAYER, roles=(GM_ROLE,), extra=opts(monster="abbot", level=1, type="full"))
    adjusted = await one(bot, "clash adjust", user=PLAYER, roles=(GM_ROLE,),
                         extra=opts(knight="Kara", stat="heat", value=2))
    assert not adjusted.ephemeral
    assert adjusted.text.startswith(_banner(PLAYER, "/clash adjust knight:Kara stat:heat value:2"))
    assert "GM sets **Kara**'s Heat to 2" in adjusted.text and "0 → **2**" in adjusted.text, adjusted.text


async def test_what_only_the_gm_may_read_stays_private_and_unannounced(bot: Bot) -> None:
    await one(bot, "campaign new", extra=opts(name="Open Table"))
    peek = await one(bot, "deck peek", extra=opts(deck="minor_mortis"))
    assert peek.ephemeral and "🛡️" not in peek.text
    state = await one(bot, "gm state")
    assert state.ephemeral and "🛡️" not in state.text
    refused = await one(bot, "gm undo", user=PLAYER)
    assert refused.ephemeral and "🛡️" not in refused.text, "a refusal announces nothing"


def test_a_banner_that_does_not_fit_goes_in_a_message_of_its_own() -> None:
    banner = gm_banner("1", "/gm undo", undone="x" * 5000)
    assert len(banner) < 500, "the undone narration is cut"
    (short,) = announce(render(Reply(text="done")), banner)
    assert short["content"] == f"{banner}\ndone"
    long = announce(render(Reply(text="y" * (CONTENT_LIMIT - 10))), banner)
    assert [m["content"] for m in long] == [banner, "y" * (CONTENT_LIMIT - 10)]
    assert all(len(m["content"]) <= CONTENT_LIMIT for m in long)
