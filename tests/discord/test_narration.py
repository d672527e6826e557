"""The narration of automatic steps reads like a game master speaking (bot/discord/replies.py ``tell``): the
steps that changed nothing are left out of the channel and no line says the same thing twice, while the log keeps
every event as the rules wrote it. Through the real CommandTree on a real App (tests/discord/test_invoke.py)."""

from __future__ import annotations

from bot.app.service import App
from bot.discord.replies import tell
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import CHANNEL, GUILD, PLAYER, Bot, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree


async def test_a_knights_first_move_is_told_without_the_steps_that_changed_nothing(bot: Bot, app: App) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=PLAYER, extra=opts(knight="lanternbearer", name="Kara"))
    await one(bot, "clash start", extra=opts(monster="abbot", level=1, type="full"))
    await one(bot, "monster round", user=PLAYER)
    moved = await one(bot, "knight move", user=PLAYER, extra=opts(to="G4"))
    assert moved.text.strip().splitlines() == ["▶️ Kara's turn.", "🚶 Kara moves to G4 (Speed 4)."], moved.text

    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))
    assert row is not None
    (entry,) = await app.db.log(row.id, after_seq=row.seq - 1)
    logged = [e["text"] for e in entry.events]
    assert "Heat 0 → **0**." in logged and any("Refresh: to the hand nothing" in t for t in logged), \
        "the log keeps every event"
    assert any(t.endswith("(Speed 4). Kara moves to G4.") for t in logged)


def test_only_what_says_nothing_is_left_out() -> None:
    kept = ["Heat 0 → **2**.", "Refresh: to the hand tech_a; Delay → Cooldown: nothing.",
            "🃏 Gulls. Gain 1 Threat. Gain 1 Threat.", "Gain 1 Threat (Salt Fog). Gain 1 Threat.",
            "Vigor 12 → **10** (Peril: Minor)."]
    assert tell("\n".join(kept)) == "\n".join(kept)
    assert tell("Kara's Vigor 3 → **3**.\nBane 1 → **1**.\nDone.") == "Done."
    assert tell("🚶 Ser Sonch moves to C10 (Speed 4). Ser Sonch moves to C10.") == "🚶 Ser Sonch moves to C10 (Speed 4)."
