"""Turn pings at the table's other edges (bot/discord/pings.py; the Discord side is tests/discord/test_simcord_table.py):
the console never mentions anybody, ``/campaign pings`` is the campaign's logged setting, and a mention line that
would not fit in the asking message comes right after it in a message of its own."""

from __future__ import annotations

from bot.app.reply import Reply
from bot.discord.pings import mention_line, waiting_on, with_mentions
from bot.discord.replies import render
from tests.conftest import Table


async def test_the_console_shows_the_react_window_without_mentions(table: Table) -> None:
    await table.ok("@kara /knight create knight:lanternbearer name:Kara")
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/clash start monster:abbot level:3 type:full")
    await table.ok("/clash adjust deck:ai top:abbot_ai_censer_swing")
    prompt = await table.ok("@kara /monster round")
    assert prompt.pending and prompt.pending["who"] == ["kara", "sonch"]
    assert "🔔" not in prompt.text and "<@" not in prompt.text


async def test_pings_is_a_logged_campaign_setting_on_by_default(table: Table) -> None:
    assert (await table.ok("/campaign info")).data["pings"] is True
    off = await table.ok("/campaign pings setting:off")
    assert off.data["pings"] is False and "Turn pings off" in off.text
    assert (await table.ok("/campaign info")).data["pings"] is False
    refused = await table("@kara /campaign pings setting:on")
    assert not refused.ok and "only the campaign's GM" in (refused.error or "")
    await table.ok("/gm undo")
    assert (await table.ok("/campaign info")).data["pings"] is True


def test_only_named_players_of_a_public_question_are_pinged() -> None:
    asks = {"id": "d1", "prompt": "REACT!", "who": ["101", "102", "101"], "options": ["go_on"]}
    assert waiting_on(Reply(text="x", pending=asks)) == ["101", "102"]
    assert waiting_on(Reply(text="x", pending={**asks, "who": []})) == [], "anyone may answer: nobody is pinged"
    assert waiting_on(Reply(text="x", pending=asks, ephemeral=True)) == []
    assert waiting_on(Reply.fail("no")) == []


def test_a_mention_line_that_does_not_fit_comes_in_a_message_of_its_own() -> None:
    messages = render(Reply(text="y" * 1990))
    pinged = with_mentions(messages, ["101"])
    assert len(pinged) == 2 and pinged[0]["content"] == "y" * 1990
    assert pinged[1]["content"] == mention_line(["101"])
    assert pinged[1]["allowed_mentions"].to_dict() == {"parse": [], "users": [101]}
    assert pinged[0]["allowed_mentions"].to_dict() == {"parse": []}, "the long message itself pings nobody"
