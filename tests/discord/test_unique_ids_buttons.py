"""A button of a question asked again after an undo (bot/discord/decisions.py ``mark``), offline through
discord.py's own dispatch on a real App and SQLite file (tests/discord/test_decisions.py's fixtures).

Decision ids are unique within a campaign (rules/decision_ids.py), but ``/gm undo`` gives the number back with the
rest of the state: the question asked next takes the same id, and it may be another question. The button's mark
(its kind, prompt and option keys) tells them apart: a button of the question undone is stale, and changes nothing;
a button of the very same question asked again stays live.
"""

from __future__ import annotations

import discord

from bot.app.service import App
from tests.discord import test_invoke as offline
from tests.discord.test_decisions import KARA, SONCH, _campaign, _clash, _components, _is_stale_answer, _pending, _press
from tests.discord.test_invoke import CHANNEL, GM_USER, GUILD, Bot, RecordingAdapter, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree


async def test_a_button_of_an_undone_question_is_stale_when_its_id_is_asked_again(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    prompt = await _clash(bot)
    (answered,) = await _press(client, adapter, prompt, KARA)
    first = await _pending(app)
    assert first is not None and first["id"] == "d2" and _components(answered)
    await one(bot, "gm undo", user=GM_USER)
    again = await _pending(app)
    assert again is not None and again["id"] == "d1"
    # other dice this time: three missed, so d2 is asked again as another question (keys 1, 2, 3, keep)
    await one(bot, "gm force-next", user=GM_USER, extra=opts(values="2,2,2,2,2,2"))
    (other,) = await _press(client, adapter, prompt, KARA)
    second = await _pending(app)
    assert second is not None and second["id"] == "d2"
    assert [o["key"] for o in second["options"]] != [o["key"] for o in first["options"]]
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))

    # the first d2's button (Die 1 only): stale, said privately, nothing changes
    old_button = _components(answered)[0]["custom_id"]
    assert old_button.startswith(f"kfgm:ans:c:{(await _campaign(app))[0]}:d2:")
    stale = await _press(client, adapter, answered, SONCH, custom=old_button)
    assert _is_stale_answer(stale), stale
    assert await app.db.active_campaign(str(GUILD), str(CHANNEL)) == row
    # the new d2's select answers it
    (chosen,) = await _press(client, adapter, other, SONCH, values=["1", "2"])
    assert not chosen.ephemeral, chosen.text
    after = await _pending(app)
    assert after is None or after["id"] != "d2" or after["options"] != second["options"]
