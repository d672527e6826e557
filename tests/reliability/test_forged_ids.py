"""Forged component custom ids: the table dice button (``kfgm:dice:<seq>``, bot/discord/dice_modal.py) and
the Clash decisions' buttons and select menus (``kfgm:choose:<campaign>:<decision>:<mark>:<option>``,
``kfgm:choosesel:<campaign>:<decision>:<mark>``, bot/discord/decisions.py; forged decision ids and options
of a running Clash are in tests/discord/test_decisions.py).

A custom id comes from the client, so it proves nothing. Each interaction here is built from a payload
as Discord would send it and goes through discord.py's own dispatch (``parse_interaction_create``) to
the real ``DiceButton`` and the real App on a fresh SQLite file (the offline approach of
tests/discord/test_invoke.py and tests/table_dice/discord/test_modal.py). Every forged press must be
answered with a polite private refusal and change nothing: every campaign's row and log are the same
before and after.

The tables: guild A's campaign channel waits for the player's Attack dice; guild A has a second
campaign channel with nothing waiting and a third channel with no campaign; guild B has a campaign of
its own whose roll waits for Mallory's dice.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.app.context import Invocation
from bot.app.service import App
from bot.discord.dice_modal import custom_id
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import (
    CHANNEL,
    GM_USER,
    GUILD,
    MANAGE_GUILD,
    PLAYER,
    Bot,
    RecordingAdapter,
    Sent,
    _message,
    one,
    opts,
    payload,
)

# the offline Discord fixtures (a real CommandTree on a real App, a recording network edge)
adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

SIDE_CHANNEL = CHANNEL + 10  # guild A: a campaign with no roll waiting
EMPTY_CHANNEL = CHANNEL + 11  # guild A: no campaign
GUILD_B, CHANNEL_B = GUILD + 100, CHANNEL + 100  # guild B: a roll waits for Mallory's dice
MALLORY = PLAYER + 100
STRANGER = PLAYER + 7  # a member of guild A who did not roll


def _ctx(guild: int, channel: int, user: int, line: str, admin: bool = False) -> Invocation:
    return Invocation(guild_id=str(guild), channel_id=str(channel), user_id=str(user), user_name=f"user{user}",
                      is_admin=admin, command_line=line)


async def _run(app: App, guild: int, channel: int, user: int, line: str, admin: bool = False) -> dict[str, Any]:
    reply = await app.run_line(_ctx(guild, channel, user, line, admin), line)
    assert reply.ok, (line, reply.error)
    return reply.data


async def _everything(app: App) -> dict[str, Any]:
    """Every campaign's row and whole log, in every guild."""
    out: dict[str, Any] = {}
    for guild, channel in ((GUILD, CHANNEL), (GUILD, SIDE_CHANNEL), (GUILD_B, CHANNEL_B)):
        row = await app.db.active_campaign(str(guild), str(channel))
        assert row is not None
        entries = await app.db.log(row.id)
        out[f"{guild}/{channel}"] = (row, [(e.seq, e.kind, e.actor, e.command, e.target_seq) for e in entries])
    return out


def _press_payload(custom: str, *, user: int, guild: int = GUILD, channel: int = CHANNEL,
                   permissions: int = 0) -> dict[str, Any]:
    """A button press (interaction type 3) on a message in ``channel`` of ``guild`` carrying ``custom``."""
    body = payload("roll d100", user=user, permissions=permissions)
    body |= {"type": 3, "data": {"custom_id": custom, "component_type": 2},
             "guild_id": str(guild), "channel_id": str(channel),
             "authorizing_integration_owners": {"0": str(guild)}}
    body["channel"] = body["channel"] | {"id": str(channel), "guild_id": str(guild)}
    button = {"type": 2, "style": 1, "label": "Enter dice", "custom_id": custom}
    body["message"] = _message({"content": "🎲 roll your dice"}) | {
        "channel_id": str(channel), "components": [{"type": 1, "components": [button]}]}
    return body


async def _dispatch(client: discord.Client, adapter: RecordingAdapter, body: dict[str, Any],
                    wait: float = 2.0) -> list[Sent]:
    before = len(adapter.sent)
    client._connection.parse_interaction_create(body)  # type: ignore[arg-type]
    for _ in range(int(wait / 0.01)):  # a dynamic item answers in a task of its own
        await asyncio.sleep(0.01)
        if len(adapter.sent) > before:
            await asyncio.sleep(0.05)
            break
    return adapter.sent[before:]


async def _refused(client: discord.Client, adapter: RecordingAdapter, app: App, custom: str, **where: Any) -> str:
    """Press, and check the answer is one private message, polite, and that nothing changed anywhere."""
    before = await _everything(app)
    sent = await _dispatch(client, adapter, _press_payload(custom, **where))
    assert await _everything(app) == before, f"{custom} {where}: something changed"
    assert len(sent) == 1, f"{custom} {where}: answered {sent}"
    (answer,) = sent
    assert answer.body["type"] == 4, f"{custom} {where}: answered with {answer.body['type']} (9 is a modal)"
    assert answer.ephemeral, f"{custom} {where}: the refusal is public"
    assert answer.text.startswith("Sorry, ") and len(answer.text) > 30, answer.text
    assert "Traceback" not in answer.text and "something went wrong" not in answer.text.lower(), answer.text
    return answer.text


@pytest.fixture
async def tables(bot: Bot, app: App) -> dict[str, int]:
    """The three campaigns; returns the seq of each waiting roll's prompt (the id its button carries)."""
    await one(bot, "campaign new", extra=opts(name="Ours"))
    await one(bot, "campaign dice", extra=opts(mode="table"))
    prompt = await one(bot, "roll attack", user=PLAYER, extra=opts(dice=3, to_hit=6))
    (row,) = prompt.message["components"]
    ours = int(row["components"][0]["custom_id"].rsplit(":", 1)[1])
    await _run(app, GUILD, SIDE_CHANNEL, GM_USER, '/campaign new name:"Side Table"', admin=True)
    await _run(app, GUILD, SIDE_CHANNEL, PLAYER, "/roll test difficulty:6")
    await _run(app, GUILD_B, CHANNEL_B, MALLORY, '/campaign new name:"Theirs"')
    for _ in range(5):  # guild B's log is longer, so its waiting roll has a seq that guild A's log lacks
        await _run(app, GUILD_B, CHANNEL_B, MALLORY, "/roll d100")
    await _run(app, GUILD_B, CHANNEL_B, MALLORY, "/campaign dice mode:table")
    theirs = (await _run(app, GUILD_B, CHANNEL_B, MALLORY, "/roll test difficulty:6"))["seq"]
    assert theirs > ours + 1
    return {"ours": ours, "theirs": theirs}


# -- forged presses ------------------------------------------------------------------------------------


async def test_the_real_button_still_opens_the_modal_for_its_roller(
        client: discord.Client, adapter: RecordingAdapter, app: App, tables: dict[str, int]) -> None:
    """The control: the same payload builder, unforged, reaches the modal (so the refusals below are real)."""
    (modal,) = await _dispatch(client, adapter, _press_payload(custom_id(tables["ours"]), user=PLAYER))
    assert modal.body["type"] == 9


async def test_another_guilds_campaign(client: discord.Client, adapter: RecordingAdapter, app: App,
                                       tables: dict[str, int]) -> None:
    theirs = custom_id(tables["theirs"])
    # Mallory presses her guild's button in guild A's campaign channel: the roll there is not hers
    text = await _refused(client, adapter, app, theirs, user=MALLORY)
    assert "to enter" in text and "Theirs" not in text
    # guild B's id with guild A's channel id (a forged pair): guild B has no campaign in that channel
    text = await _refused(client, adapter, app, custom_id(tables["ours"]), user=MALLORY, guild=GUILD_B,
                          permissions=MANAGE_GUILD)
    assert "there is no campaign in this channel" in text and "Ours" not in text
    # our roller presses our button in guild B's channel: guild B's roll is not theirs, ours is untouched
    text = await _refused(client, adapter, app, custom_id(tables["ours"]), user=PLAYER, guild=GUILD_B,
                          channel=CHANNEL_B)
    assert "to enter" in text and "Ours" not in text


async def test_another_channel(client: discord.Client, adapter: RecordingAdapter, app: App,
                               tables: dict[str, int]) -> None:
    ours = custom_id(tables["ours"])
    text = await _refused(client, adapter, app, ours, user=PLAYER, channel=SIDE_CHANNEL)
    assert "no roll is waiting for dice" in text
    text = await _refused(client, adapter, app, ours, user=PLAYER, channel=EMPTY_CHANNEL)
    assert "there is no campaign in this channel" in text


async def test_a_roll_that_does_not_exist_where_nothing_waits(client: discord.Client, adapter: RecordingAdapter,
                                                              app: App, tables: dict[str, int]) -> None:
    for seq in (0, 999_999_999_999, tables["theirs"] + 50):
        text = await _refused(client, adapter, app, custom_id(seq), user=GM_USER, channel=SIDE_CHANNEL,
                              permissions=MANAGE_GUILD)
        assert "no roll is waiting for dice" in text


async def test_a_roll_that_does_not_exist_where_another_waits(
        client: discord.Client, adapter: RecordingAdapter, app: App, tables: dict[str, int]) -> None:
    for seq in (999_999_999_999, tables["ours"] - 1, tables["ours"] + 1):
        text = await _refused(client, adapter, app, custom_id(seq), user=PLAYER)
        assert "that button belongs to a roll that is over; use the newest prompt" in text


async def test_a_user_who_may_not_answer(client: discord.Client, adapter: RecordingAdapter, app: App,
                                         tables: dict[str, int]) -> None:
    ours = custom_id(tables["ours"])
    text = await _refused(client, adapter, app, ours, user=STRANGER)
    assert "this roll is Player's to enter" in text and "a GM may answer" in text
    # guild B's GM is nobody in guild A
    text = await _refused(client, adapter, app, ours, user=MALLORY)
    assert "to enter" in text


MALFORMED = ["kfgm:dice:", "kfgm:dice:abc", "kfgm:dice:-1", "kfgm:dice:1 ", "kfgm:dice:12;DROP TABLE log",
             "kfgm:dice:" + "9" * 13, "kfgm:dice:1:2", "KFGM:DICE:1", "kfgm:dice:１２", "kfgm:clash:1", "x" * 100]


async def test_malformed_ids_change_nothing(client: discord.Client, adapter: RecordingAdapter, app: App,
                                            tables: dict[str, int]) -> None:
    """An id the dice template does not match reaches no game code: nothing runs, nothing changes. A ``kfgm:``
    id gets the catch-all's polite private refusal (bot/discord/tree.py ``UnknownComponent``); any other id
    is not ours and discord.py leaves it unanswered."""
    for custom in MALFORMED:
        before = await _everything(app)
        sent = await _dispatch(client, adapter, _press_payload(custom, user=PLAYER), wait=0.2)
        assert await _everything(app) == before, custom
        if custom.startswith("kfgm:"):
            assert len(sent) == 1 and sent[0].body["type"] == 4 and sent[0].ephemeral, (custom, sent)
            assert sent[0].text.startswith("Sorry, that button is not one I know"), sent[0].text
        else:
            assert sent == [], f"{custom!r} reached a handler: {sent}"


async def test_malformed_ids_are_refused_politely(client: discord.Client, adapter: RecordingAdapter, app: App,
                                                  tables: dict[str, int]) -> None:
    before = await _everything(app)
    sent = await _dispatch(client, adapter, _press_payload("kfgm:dice:abc", user=PLAYER), wait=0.3)
    assert await _everything(app) == before
    assert len(sent) == 1 and sent[0].ephemeral


# -- forged Clash decision ids (bot/discord/decisions.py) ----------------------------------------------------

MARK = "0123abcd"


def _select_payload(custom: str, values: list[str], **where: Any) -> dict[str, Any]:
    """A select menu's choice (component type 3) carrying ``custom`` and the chosen ``values``."""
    body = _press_payload(custom, **where)
    body["data"] = {"custom_id": custom, "component_type": 3, "values": values}
    select = {"type": 3, "custom_id": custom, "options": [{"label": v, "value": v} for v in values],
              "min_values": 1, "max_values": len(values)}
    body["message"]["components"] = [{"type": 1, "components": [select]}]
    return body


async def _ids(app: App) -> dict[str, int]:
    found = {}
    for name, (guild, channel) in {"ours": (GUILD, CHANNEL), "side": (GUILD, SIDE_CHANNEL),
                                   "theirs": (GUILD_B, CHANNEL_B)}.items():
        row = await app.db.active_campaign(str(guild), str(channel))
        assert row is not None
        found[name] = row.id
    return found


async def test_a_decision_button_of_another_campaign(client: discord.Client, adapter: RecordingAdapter, app: App,
                                                     tables: dict[str, int]) -> None:
    """The campaign in the id must be the one of the guild and channel the press comes from."""
    from bot.discord.decisions import button_id

    ids = await _ids(app)
    other = "belongs to another campaign than this channel's"
    for campaign in (ids["theirs"], ids["side"], 999_999_999_999, 0):
        for user in (PLAYER, MALLORY):
            text = await _refused(client, adapter, app, button_id(campaign, "d1", MARK, "go_on"), user=user)
            assert other in text and "Theirs" not in text and "Side Table" not in text
    ours = button_id(ids["ours"], "d1", MARK, "go_on")
    assert other in await _refused(client, adapter, app, ours, user=MALLORY, guild=GUILD_B, channel=CHANNEL_B)
    assert other in await _refused(client, adapter, app, ours, user=PLAYER, channel=SIDE_CHANNEL)
    text = await _refused(client, adapter, app, ours, user=PLAYER, channel=EMPTY_CHANNEL)
    assert "there is no campaign in this channel" in text
    # guild B's id with guild A's channel id (a forged pair): guild B has no campaign in that channel
    text = await _refused(client, adapter, app, ours, user=MALLORY, guild=GUILD_B, permissions=MANAGE_GUILD)
    assert "there is no campaign in this channel" in text and "Ours" not in text


async def test_a_decision_select_of_another_campaign(client: discord.Client, adapter: RecordingAdapter, app: App,
                                                     tables: dict[str, int]) -> None:
    from bot.discord.decisions import select_id

    ids = await _ids(app)
    for campaign, where in ((ids["theirs"], {}), (ids["ours"], {"guild": GUILD_B, "channel": CHANNEL_B}),
                            (ids["ours"], {"channel": SIDE_CHANNEL})):
        before = await _everything(app)
        sent = await _dispatch(client, adapter, _select_payload(select_id(campaign, "d1", MARK), ["1", "2"],
                                                                user=PLAYER, **where))
        assert await _everything(app) == before
        assert len(sent) == 1 and sent[0].body["type"] == 4 and sent[0].ephemeral, sent
        assert sent[0].text.startswith("Sorry, that button belongs to another campaign"), sent[0].text


async def test_a_decision_of_a_campaign_with_no_clash_is_over(client: discord.Client, adapter: RecordingAdapter,
                                                              app: App, tables: dict[str, int]) -> None:
    """The right campaign, but no Clash runs (ours waits for table dice) and it never asked a decision: the
    button's d1 is made up (decision ids are the campaign's, rules/decision_ids.py). The presser is told privately,
    and nothing changes."""
    from bot.discord.decisions import button_id

    ids = await _ids(app)
    before = await _everything(app)
    sent = await _dispatch(client, adapter, _press_payload(button_id(ids["ours"], "d1", MARK, "go_on"), user=PLAYER))
    assert await _everything(app) == before
    assert len(sent) == 1 and sent[0].body["type"] == 4 and sent[0].ephemeral, sent
    assert "there is no decision d1" in sent[0].text and "never asked" in sent[0].text, sent[0].text


DECISION_MALFORMED = [
    "kfgm:choose:", "kfgm:choose:1:d1:go_on", "kfgm:choose:1:d1:0123abcd:", "kfgm:choose:1:d1:0123abcd:" + "k" * 41,
    "kfgm:choose:1:x1:0123abcd:go_on", "kfgm:choose:1:d1:0123ABCD:go_on", "kfgm:choose:-1:d1:0123abcd:go_on",
    "kfgm:choose:1:d1:0123abcd:go on", "kfgm:choose:1:d1:0123abcd:a,b", "kfgm:choose:" + "9" * 13 + ":d1:0123abcd:x",
    "kfgm:choosesel:1:d1", "kfgm:choosesel:1:d1:0123abcd:go_on", "kfgm:choose:1:d1:0123abcd:go_on\n",
]


async def test_malformed_decision_ids_change_nothing(client: discord.Client, adapter: RecordingAdapter, app: App,
                                                     tables: dict[str, int]) -> None:
    """An id the decision templates do not match reaches no game code: the catch-all's polite refusal."""
    for custom in DECISION_MALFORMED:
        text = await _refused(client, adapter, app, custom, user=PLAYER)
        assert text.startswith("Sorry, that button is not one I know"), (custom, text)
