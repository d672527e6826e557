"""Clash decisions as Discord components, offline (bot/discord/decisions.py).

A reply with a pending Clash decision carries buttons (one pick, at most 5 options) or a select menu; pressing
one runs ``/choose`` as the presser through the real App. Interactions are built from payloads as Discord sends
them and go through discord.py's own dispatch (``ConnectionState.parse_interaction_create`` -> the view store's
dynamic items), with the network edge recorded (tests/discord/test_invoke.py), on a real SQLite file.

The Clash: the Cinder Abbot, level 3, full Clash, with Censer Swing on top of the AI deck; ``/monster round``
stops at the REACT! window before Censer Swing's attack (decision ``d1``, kind ``react``, one option
``go_on``) for the owners of Kara and Ser Sonch; going on rolls the Target's (Ser Sonch's) Evasion dice and may
ask ``d2``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app.commands import build_registry
from bot.app.context import Invocation
from bot.app.reply import Reply
from bot.app.service import App
from bot.discord.decisions import (
    BUTTON_TEMPLATE,
    CUSTOM_ID_LIMIT,
    SELECT_TEMPLATE,
    DecisionButton,
    DecisionSelect,
    button_id,
    decision_view,
    mark,
    select_id,
)
from bot.discord.replies import render
from bot.discord.tree import GameTree
from content.loader import load_catalogue
from storage.db import Database
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import (
    CHANNEL,
    GM_USER,
    GUILD,
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

KARA, SONCH, STRANGER = PLAYER, PLAYER + 1, PLAYER + 7  # Kara's owner, Ser Sonch's owner, a member with no Knight
STALE = "this decision was already answered"
REACT_PROMPT_START = "⚡ REACT! before Censer Swing's attack"


# -- helpers -----------------------------------------------------------------------------------------------


async def _clash(bot: Bot) -> Sent:
    """The campaign, two Knights, the Clash; returns the /monster round reply that asks d1 (react)."""
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Kara"))
    await one(bot, "knight create", user=SONCH, extra=opts(knight="lanternbearer", name="Ser Sonch"))
    await one(bot, "clash start", extra=opts(monster="abbot", level=3, type="full"))
    await one(bot, "clash adjust", extra=opts(deck="ai", top="abbot_ai_censer_swing"))
    prompt = await one(bot, "monster round", user=KARA)
    assert REACT_PROMPT_START in prompt.text and not prompt.ephemeral
    return prompt


async def _campaign(app: App, guild: int = GUILD, channel: int = CHANNEL) -> tuple[int, int]:
    """The channel's campaign id and log head (seq)."""
    row = await app.db.active_campaign(str(guild), str(channel))
    assert row is not None
    return row.id, row.seq


async def _pending(app: App) -> dict[str, Any] | None:
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))
    assert row is not None
    clash = json.loads(row.state_json)["clash"]
    return clash["flow"]["pending"] if clash else None


def _components(sent: Sent) -> list[dict[str, Any]]:
    """The components of a message (the rows flattened)."""
    return [c for row in sent.message.get("components") or [] for c in row["components"]]


def _body(sent: Sent, custom: str, *, user: int, values: list[str] | None = None, token: str = "press-token",
          permissions: int = 0) -> dict[str, Any]:
    """A component interaction (type 3) on the message ``sent`` by ``user``: a button press, or with ``values``
    a select menu's choice."""
    body = payload("roll d100", user=user, permissions=permissions)
    data: dict[str, Any] = {"custom_id": custom, "component_type": 2 if values is None else 3}
    if values is not None:
        data["values"] = values
    body |= {"type": 3, "data": data, "token": token}
    body["message"] = _message(sent.message) | {"components": sent.message["components"]}
    return body


async def _dispatch(client: discord.Client, adapter: RecordingAdapter, body: dict[str, Any]) -> list[Sent]:
    """Hand a payload to discord.py and wait until every dynamic item it started has finished."""
    before = len(adapter.sent)
    client._connection.parse_interaction_create(body)  # type: ignore[arg-type]
    await _settle(client)
    return adapter.sent[before:]


async def _settle(client: discord.Client) -> None:
    store = client._connection._view_store
    for _ in range(500):
        await asyncio.sleep(0)
        tasks = list(store._ViewStore__tasks)  # type: ignore[attr-defined]
        if not tasks:
            return
        await asyncio.wait(tasks, timeout=5)
    raise AssertionError("a component callback never finished")


async def _press(client: discord.Client, adapter: RecordingAdapter, sent: Sent, user: int, *,
                 values: list[str] | None = None, custom: str | None = None, **kwargs: Any) -> list[Sent]:
    """Press the message's one component; with ``custom``, a forged component of that id on the same message."""
    if custom is not None:
        forged = ({"type": 2, "style": 1, "label": "Go on", "custom_id": custom} if values is None else
                  {"type": 3, "custom_id": custom, "options": [{"label": v, "value": v} for v in values],
                   "min_values": 1, "max_values": len(values)})
        message = dict(sent.message) | {"components": [{"type": 1, "components": [forged]}]}
        sent = Sent(sent.method, sent.path, {"type": 4, "data": message}, [])
    (item,) = _components(sent)
    return await _dispatch(client, adapter, _body(sent, item["custom_id"], user=user, values=values, **kwargs))


def _is_stale_answer(sent: list[Sent]) -> bool:
    """The components leave the pressed message (an UPDATE_MESSAGE response with no components), then a
    private note says the decision was answered."""
    if len(sent) != 2:
        return False
    update, note = sent
    return (update.path.endswith("/callback") and update.body["type"] == 7
            and update.body["data"].get("components") == [] and note.ephemeral and STALE in note.text)


# -- rendering ---------------------------------------------------------------------------------------------


def _pending_dict(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "d4", "kind": "evasion_reroll", "prompt": "Re-roll which dice?", "who": ["1"],
                            "options": ["1", "2", "3", "keep"], "labels": ["Die 1 (4)", "Die 2 (2)", "Die 3 (5)", "Keep"],
                            "helps": ["re-roll this die " * 10, "", "re-roll", "keep the dice as they are"],
                            "pick": 3, "min_pick": 1}
    return base | changes


def test_a_one_option_decision_renders_one_button() -> None:
    pending = {"id": "d1", "kind": "react", "prompt": "⚡ REACT!", "who": [], "options": ["go_on"],
               "labels": ["Go on"], "helps": ["no more Reactions"], "pick": 1, "min_pick": 1}
    (message,) = render(Reply(text="⚡ REACT!", pending=pending), campaign_id=42)
    (item,) = message["view"].children
    assert isinstance(item, DecisionButton) and item.item.label == "Go on"
    # code c: /choose (bot/discord/decisions.py ANSWERS); old kfgm:choose: ids still work
    # (tests/discord/test_any_decision_buttons.py)
    assert item.custom_id == f"kfgm:ans:c:42:d1:{mark('react', '⚡ REACT!', ['go_on'])}:go_on"
    assert BUTTON_TEMPLATE.fullmatch(item.custom_id)
    # without the campaign (the console, a failed reply) or for other kinds of pending: no components
    assert "view" not in render(Reply(text="x", pending=pending))[0]
    assert "view" not in render(Reply(ok=False, text="no", error="no", pending=pending), campaign_id=42)[0]
    assert "view" not in render(Reply(text="x", pending=pending | {"id": "fog1"}), campaign_id=42)[0]


def test_a_multi_pick_decision_renders_a_select_with_its_limits() -> None:
    (message,) = render(Reply(text="Evasion.", pending=_pending_dict()), campaign_id=42)
    (item,) = message["view"].children
    assert isinstance(item, DecisionSelect)
    select = item.item
    assert (select.min_values, select.max_values) == (1, 3)
    assert [o.value for o in select.options] == ["1", "2", "3", "keep"]
    assert [o.label for o in select.options] == ["Die 1 (4)", "Die 2 (2)", "Die 3 (5)", "Keep"]
    descriptions = [o.description for o in select.options]
    assert descriptions[0] is not None and len(descriptions[0]) == 100 and descriptions[0].endswith("…")
    assert descriptions[1:] == [None, "re-roll", "keep the dice as they are"]
    assert select.custom_id == select_id(42, "d4", mark("evasion_reroll", "Re-roll which dice?",
                                                       ["1", "2", "3", "keep"]))
    assert SELECT_TEMPLATE.fullmatch(select.custom_id)

    exact = decision_view(42, _pending_dict(pick=2, min_pick=2))
    assert exact is not None and (exact.children[0].item.min_values, exact.children[0].item.max_values) == (2, 2)
    # more picks than options: at most every option
    many = decision_view(42, _pending_dict(pick=9))
    assert many is not None and many.children[0].item.max_values == 4
    # one pick but more than 5 options, or a label too long for a button: a select of one
    keys = [str(i) for i in range(1, 8)]
    seven = decision_view(42, _pending_dict(pick=1, options=keys, labels=keys, helps=[]))
    assert seven is not None and (seven.children[0].item.min_values, seven.children[0].item.max_values) == (1, 1)
    long_label = decision_view(42, _pending_dict(pick=1, options=["a", "b"], labels=["x" * 81, "b"], helps=[]))
    assert long_label is not None and isinstance(long_label.children[0], DecisionSelect)
    # 25 options fit a select; 26 do not (the text still lists them)
    assert decision_view(42, _pending_dict(options=[f"k{i}" for i in range(25)], labels=[], helps=[])) is not None
    assert decision_view(42, _pending_dict(options=[f"k{i}" for i in range(26)], labels=[], helps=[])) is None
    # a key /choose could not name (it splits on commas and spaces) gets no components
    assert decision_view(42, _pending_dict(options=["a,b", "c"])) is None
    # two options with one key could not be told apart (Discord refuses repeated custom ids and values)
    assert decision_view(42, _pending_dict(options=["a", "a"])) is None


def test_custom_ids_fit_discord_for_the_longest_ids() -> None:
    """Campaign ids up to 12 digits, decision ids up to 13 characters, option keys up to 40 (rules/clash/flow.py
    ``Key``): every custom id stays within Discord's 100 characters and matches its template."""
    campaign, decision, key = 999_999_999_999, "d" + "9" * 12, "k" * 40
    longest = button_id(campaign, decision, "0123abcd", key)
    assert len(longest) <= CUSTOM_ID_LIMIT and BUTTON_TEMPLATE.fullmatch(longest)
    assert len(select_id(campaign, decision, "0123abcd")) <= CUSTOM_ID_LIMIT
    view = decision_view(campaign, _pending_dict(id=decision, options=[key, "b" * 40], labels=[], pick=1))
    assert view is not None
    assert all(len(i.custom_id) <= CUSTOM_ID_LIMIT for i in view.children)
    assert all(isinstance(i, DecisionButton) for i in view.children)
    assert not BUTTON_TEMPLATE.fullmatch(button_id(campaign, decision, "0123abcd", "k" * 41))


# -- pressing ----------------------------------------------------------------------------------------------


async def test_the_monster_rounds_decision_has_its_button(bot: Bot, app: App) -> None:
    prompt = await _clash(bot)
    campaign, _ = await _campaign(app)
    pending = await _pending(app)
    assert pending is not None and pending["id"] == "d1" and pending["kind"] == "react"
    (button,) = _components(prompt)
    expected = button_id(campaign, "d1", mark("react", pending["prompt"], ["go_on"]), "go_on")
    assert button["type"] == 2 and button["label"] == "Go on" and button["custom_id"] == expected


async def test_pressing_runs_choose_and_a_second_press_is_stale(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    prompt = await _clash(bot)
    _, before = await _campaign(app)

    (answered,) = await _press(client, adapter, prompt, KARA)
    assert answered.path.endswith("/callback") and answered.body["type"] == 4 and not answered.ephemeral
    assert "The Knights are done reacting." in answered.text
    _, after = await _campaign(app)
    assert after == before + 1, "exactly one log entry: the /choose"
    log = (await app.db.log((await _campaign(app))[0]))[-1]
    assert log.actor == str(KARA) and log.command == "/choose decision:d1 option:go_on"
    # the next decision (Ser Sonch's Evasion re-roll, one die missed) comes with its own buttons
    nxt = await _pending(app)
    assert nxt is not None and nxt["id"] == "d2" and nxt["kind"] == "evasion_reroll" and nxt["pick"] == 1
    keys = [o["key"] for o in nxt["options"]]
    campaign, _ = await _campaign(app)
    assert [c["custom_id"] for c in _components(answered)] == [
        button_id(campaign, "d2", mark("evasion_reroll", nxt["prompt"], keys), k) for k in keys]

    # the same button again: stale, said privately, the components leave the message, nothing changes
    state = (await app.db.active_campaign(str(GUILD), str(CHANNEL)))
    again = await _press(client, adapter, prompt, KARA)
    assert _is_stale_answer(again), again
    assert await app.db.active_campaign(str(GUILD), str(CHANNEL)) == state


async def test_a_member_who_owns_none_of_the_knights_is_refused(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    prompt = await _clash(bot)
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))
    (refused,) = await _press(client, adapter, prompt, STRANGER)
    assert refused.body["type"] == 4 and refused.ephemeral, "a private refusal; the buttons stay"
    assert "decision d1 is for" in refused.text and "Kara" in refused.text and "(or the GM)" in refused.text
    assert await app.db.active_campaign(str(GUILD), str(CHANNEL)) == row
    # Ser Sonch's owner is named too; and a GM who owns no Knight may always answer
    (accepted,) = await _press(client, adapter, prompt, GM_USER)
    assert not accepted.ephemeral and "The Knights are done reacting." in accepted.text


async def test_forged_presses_change_nothing(bot: Bot, client: discord.Client, adapter: RecordingAdapter,
                                            app: App) -> None:
    prompt = await _clash(bot)
    campaign, _ = await _campaign(app)
    pending = await _pending(app)
    assert pending is not None
    mark_ = mark("react", pending["prompt"], ["go_on"])
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))

    async def refused(custom: str, **kwargs: Any) -> str:
        sent = await _press(client, adapter, prompt, KARA, custom=custom, **kwargs)
        assert len(sent) == 1 and sent[0].body["type"] == 4 and sent[0].ephemeral, (custom, sent)
        assert sent[0].text.startswith("Sorry, ") and "went wrong" not in sent[0].text, sent[0].text
        assert await app.db.active_campaign(str(GUILD), str(CHANNEL)) == row, custom
        return sent[0].text

    # another campaign's id (a button from another channel or guild, or made up)
    for other in (campaign + 1, 0, 999_999_999_999):
        text = await refused(button_id(other, "d1", mark_, "go_on"))
        assert "belongs to another campaign" in text
    text = await refused(select_id(campaign + 1, "d1", mark_), values=["go_on"])
    assert "belongs to another campaign" in text
    # a decision this campaign never asked (its ids are the campaign's, rules/decision_ids.py)
    for decision in ("d2", "d99", "d999999999999"):
        text = await refused(button_id(campaign, decision, mark_, "go_on"))
        assert f"there is no decision {decision} in this campaign (it was never asked)" in text
    # an option the decision does not have (the app refuses it)
    text = await refused(button_id(campaign, "d1", mark_, "keep"))
    assert "keep is not an answer to d1; choose from: go_on" in text
    # a mangled id reaches no game code
    text = await refused("kfgm:choose:1:d1:XYZ:go_on")
    assert "that button is not one I know" in text

    # a made-up mark: not this question (an older Clash's d1): stale, and nothing changes
    stale = await _press(client, adapter, prompt, KARA, custom=button_id(campaign, "d1", "00000000", "go_on"))
    assert _is_stale_answer(stale)
    assert await app.db.active_campaign(str(GUILD), str(CHANNEL)) == row


async def test_a_select_answers_a_multi_pick_decision(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    """Both Evasion dice miss (the GM forces 1s): d2 asks which of the two dice to re-roll, up to both."""
    prompt = await _clash(bot)
    await one(bot, "gm force-next", extra=opts(values="1,1"))
    (reroll,) = await _press(client, adapter, prompt, KARA)
    pending = await _pending(app)
    assert pending is not None and pending["id"] == "d2" and pending["kind"] == "evasion_reroll"
    assert pending["pick"] == 2
    (select,) = _components(reroll)
    assert select["type"] == 3 and (select["min_values"], select["max_values"]) == (1, 2)
    assert [o["value"] for o in select["options"]] == ["1", "2", "keep"]
    assert len(select["custom_id"]) <= CUSTOM_ID_LIMIT and SELECT_TEMPLATE.fullmatch(select["custom_id"])

    # the Censer Swing's Target is Ser Sonch: Kara's owner is not named by his re-roll
    assert "Ser Sonch: re-roll which dice" in reroll.text
    (refused,) = await _press(client, adapter, reroll, KARA, values=["1", "2"])
    assert refused.ephemeral and "decision d2 is for Ser Sonch to answer" in refused.text

    campaign, before = await _campaign(app)
    (done,) = await _press(client, adapter, reroll, SONCH, values=["1", "2"])
    assert done.body["type"] == 4 and not done.ephemeral
    assert (await _campaign(app))[1] == before + 1
    assert (await app.db.log(campaign))[-1].command == "/choose decision:d2 option:1,2"
    assert _is_stale_answer(await _press(client, adapter, reroll, SONCH, values=["keep"]))


@pytest.mark.parametrize("winner", ["button", "typed"])
async def test_a_press_racing_a_typed_choose(bot: Bot, client: discord.Client, adapter: RecordingAdapter,
                                             app: App, monkeypatch: pytest.MonkeyPatch, winner: str) -> None:
    """Issue #10: the button (Kara's owner) and a typed /choose (Ser Sonch's owner) answer d1 at once, with
    asyncio.gather. Both pass every check and reach ``App.act`` while the channel's lock is held, so they
    really contend; the lock is then let go and whichever entered first lands. Exactly one answer is applied;
    the other is told the decision was answered (the button also loses its components)."""
    prompt = await _clash(bot)
    campaign, before = await _campaign(app)
    first = str(KARA if winner == "button" else SONCH)
    arrived: list[str] = []
    both = asyncio.Event()
    act = app.act

    async def in_order(ctx: Invocation, action: Any) -> Any:
        """The real ``App.act``, entered by the chosen winner first."""
        while ctx.user_id != first and first not in arrived:
            await asyncio.sleep(0.001)
        arrived.append(ctx.user_id)
        if len(arrived) == 2:
            both.set()
        return await act(ctx, action)

    monkeypatch.setattr(app, "act", in_order)
    lock = app.serial(Invocation(guild_id=str(GUILD), channel_id=str(CHANNEL), user_id="test", user_name="test"))
    await lock.acquire()

    async def let_go() -> None:
        await both.wait()
        lock.release()

    (button,) = _components(prompt)
    press = _body(prompt, button["custom_id"], user=KARA, token="press-token")

    async def pressed() -> None:
        client._connection.parse_interaction_create(press)  # type: ignore[arg-type]
        await _settle(client)

    urls: list[str] = []  # each recorded request's URL, which names the interaction's token
    record = adapter.request

    async def request(route: Any, session: Any, **kwargs: Any) -> Any:
        urls.append(route.url)
        return await record(route, session, **kwargs)

    monkeypatch.setattr(adapter, "request", request)
    start = len(adapter.sent)
    await asyncio.wait_for(asyncio.gather(
        bot("choose", user=SONCH, extra=opts(decision="d1", option="go_on")), pressed(), let_go()), timeout=30)
    assert sorted(arrived) == sorted([str(KARA), str(SONCH)]), "both answers reached the App"

    assert (await _campaign(app))[1] == before + 1, "exactly one answer applied"
    chooses = [e for e in await app.db.log(campaign) if e.command.startswith("/choose")]
    assert [e.actor for e in chooses] == [first]
    sent = list(zip(adapter.sent[start:], urls, strict=True))
    by_press = [s for s, url in sent if "/press-token" in url]
    (typed_answer,) = [s for s, url in sent if "/interaction-token" in url]
    if winner == "button":  # the typed command is refused by the engine: d1 is no longer waiting
        assert typed_answer.ephemeral and "Sorry, decision d1 is no longer waiting" in typed_answer.text
        (won,) = by_press
        assert not won.ephemeral and "The Knights are done reacting." in won.text
    else:  # the button is told so and loses its components
        assert not typed_answer.ephemeral and "The Knights are done reacting." in typed_answer.text
        assert _is_stale_answer(by_press), by_press


async def test_a_slow_answer_is_acknowledged_quietly(bot: Bot, client: discord.Client, adapter: RecordingAdapter,
                                                    app: App, tree: GameTree, monkeypatch: pytest.MonkeyPatch) -> None:
    """A /choose slower than the defer delay is acknowledged with a silent deferred update; the reply follows as
    a new message. If the decision was answered meanwhile, the pressed message loses its components and the
    presser is told privately."""
    prompt = await _clash(bot)
    run = app.run
    answer_first = False

    async def slow_run(ctx: Invocation, command: Any, raw: dict[str, Any]) -> Reply:
        await asyncio.sleep(0.05)
        if answer_first:  # someone else answers while this one is slow
            gm = Invocation(guild_id=str(GUILD), channel_id=str(CHANNEL), user_id=str(GM_USER), user_name="gm",
                            is_admin=True, command_line="/choose decision:d1 option:go_on")
            assert (await run(gm, command, {"decision": "d1", "option": "go_on"})).ok
        return await run(ctx, command, raw)

    monkeypatch.setattr(app, "run", slow_run)
    tree.defer_after = 0.01
    answer_first = True
    _, before = await _campaign(app)
    deferred, edit, note = await _press(client, adapter, prompt, KARA)
    assert deferred.body["type"] == 6, "a deferred update: no public 'thinking' message"
    assert edit.method == "PATCH" and edit.path.endswith("/messages/@original") and edit.body["components"] == []
    assert note.ephemeral and STALE in note.text
    assert (await _campaign(app))[1] == before + 1, "only the other answer"


async def test_a_slow_answer_follows_up_in_the_channel(bot: Bot, client: discord.Client, adapter: RecordingAdapter,
                                                     app: App, tree: GameTree,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = await _clash(bot)
    run = app.run

    async def slow_run(*args: Any) -> Reply:
        await asyncio.sleep(0.05)
        return await run(*args)

    monkeypatch.setattr(app, "run", slow_run)
    tree.defer_after = 0.01
    deferred, reply = await _press(client, adapter, prompt, KARA)
    assert deferred.body["type"] == 6
    assert reply.method == "POST" and "/webhooks/" in reply.path and not reply.ephemeral
    assert "The Knights are done reacting." in reply.text


async def test_a_button_works_after_a_restart(bot: Bot, adapter: RecordingAdapter, app: App,
                                              tmp_path: Path) -> None:
    """A new client and App on the same database, with no View kept anywhere, answer the old message's button."""
    prompt = await _clash(bot)
    campaign, before = await _campaign(app)
    db = await Database.open(tmp_path / "kfgm.sqlite3")
    try:
        fresh = discord.Client(intents=discord.Intents.default())
        me = {"id": str(offline.APP_ID), "username": "kfgm", "discriminator": "0", "global_name": "Kfgm",
              "avatar": None, "bot": True, "verified": True, "mfa_enabled": False}
        fresh._connection.user = discord.ClientUser(state=fresh._connection, data=me)  # type: ignore[arg-type]
        GameTree(fresh, build_registry(), App(db, load_catalogue(), build_registry(), seed=1))
        (answered,) = await _press(fresh, adapter, prompt, KARA)
        assert not answered.ephemeral and "The Knights are done reacting." in answered.text
        assert (await _campaign(app))[1] == before + 1
        assert _is_stale_answer(await _press(fresh, adapter, prompt, KARA))
    finally:
        await db.close()


@pytest.mark.parametrize("template", [BUTTON_TEMPLATE, SELECT_TEMPLATE])
def test_the_bot_registers_the_decision_components(template: Any, tmp_path: Path) -> None:
    from bot.discord.client import GameClient
    from bot.settings import Settings

    game = GameClient(Settings(discord_token="unused", database=tmp_path / "x.sqlite3"), load_catalogue(),
                      build_registry())
    assert template in game._connection._view_store._dynamic_items


async def test_a_short_clash_turn_purely_through_discord(bot: Bot, client: discord.Client,
                                                         adapter: RecordingAdapter, app: App,
                                                         tmp_path: Path) -> None:
    """Issue #8, Done when: a slash command, a decision button pressed by the wrong player (refused), the right
    player (accepted), a picture attached, and the same button pressed again after re-creating the bot on the
    same database (stale, handled)."""
    prompt = await _clash(bot)  # slash commands: the campaign, two Knights, /clash start, /monster round
    assert [c["custom_id"] for c in _components(prompt)] and _components(prompt)[0]["label"] == "Go on"
    campaign, before = await _campaign(app)
    (refused,) = await _press(client, adapter, prompt, STRANGER)
    assert refused.ephemeral and (await _campaign(app))[1] == before
    (accepted,) = await _press(client, adapter, prompt, SONCH)
    assert not accepted.ephemeral and "The Knights are done reacting." in accepted.text
    assert (await _campaign(app))[1] == before + 1
    pictures = await bot("clash status", user=KARA)
    assert any(s.files for s in pictures), "the Clash Board picture is attached"
    # a new bot on the same database: the old button is stale
    db = await Database.open(tmp_path / "kfgm.sqlite3")
    try:
        fresh = discord.Client(intents=discord.Intents.default())
        me = {"id": str(offline.APP_ID), "username": "kfgm", "discriminator": "0", "global_name": "Kfgm",
              "avatar": None, "bot": True, "verified": True, "mfa_enabled": False}
        fresh._connection.user = discord.ClientUser(state=fresh._connection, data=me)  # type: ignore[arg-type]
        GameTree(fresh, build_registry(), App(db, load_catalogue(), build_registry(), seed=1))
        assert _is_stale_answer(await _press(fresh, adapter, prompt, KARA))
        assert (await _campaign(app))[1] == before + 1
    finally:
        await db.close()
