"""Every pending decision as Discord components, offline (bot/discord/decisions.py): the Deep Fog's (``fog<n>``,
answered by ``/fog choose``), an Encounter's (``enc<n>``, ``/encounter choose``), the Travel step's select menu
(``travel<n>``, ``/delve travel to:<tile>``), a Loot vote (``vote<n>``, ``/spoils choose``), and the Clash's
buttons posted before the custom ids named their command (``kfgm:choose:...``).

Interactions are built from payloads as Discord sends them and go through discord.py's own dispatch (the view store's
dynamic items), with the network edge recorded (tests/discord/test_invoke.py), on a real SQLite file; the campaign
is set up with slash commands.

The starter Kingdom (tests/delve/test_fog.py, tests/delve/test_encounter.py): from Lantern Crossroads (aub_01, a Deep
Fog path west) aub_02 has Deep Fog Intensity 2; False Dawn and Mirror Pool (2 + 2) make a Flawless Traversal whose
two cards tie for the lowest value. The Gallowmere Stag's token on aub_02 makes an Encounter due; positioning dice
crown, rose put the Stag on A5-A6, and a skull for Ser Sonch asks which of A4, B1, C3, C6, D5.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import discord

from bot.app.commands import build_registry
from bot.app.service import App
from bot.discord.decisions import (
    ANSWERS,
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
from bot.discord.tree import GameTree
from content.loader import load_catalogue
from storage.db import Database
from tests.discord import test_invoke as offline
from tests.discord.test_decisions import (
    KARA,
    SONCH,
    STRANGER,
    _campaign,
    _clash,
    _components,
    _dispatch,
    _is_stale_answer,
    _pending,
    _press,
)
from tests.discord.test_invoke import CHANNEL, GUILD, Bot, RecordingAdapter, Sent, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

F = "aub_fog_"


# -- helpers -----------------------------------------------------------------------------------------------


async def _state(app: App) -> dict[str, Any]:
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))
    assert row is not None
    return json.loads(row.state_json)  # type: ignore[no-any-return]


async def _row(app: App) -> Any:
    return await app.db.active_campaign(str(GUILD), str(CHANNEL))


def _fresh(db: Database) -> discord.Client:
    """A new client and App on the same database file: the bot after a restart, with no View anywhere."""
    fresh = discord.Client(intents=discord.Intents.default())
    me = {"id": str(offline.APP_ID), "username": "kfgm", "discriminator": "0", "global_name": "Kfgm",
          "avatar": None, "bot": True, "verified": True, "mfa_enabled": False}
    fresh._connection.user = discord.ClientUser(state=fresh._connection, data=me)  # type: ignore[arg-type]
    GameTree(fresh, build_registry(), App(db, load_catalogue(), build_registry(), seed=1))
    return fresh


async def _press_key(client: discord.Client, adapter: RecordingAdapter, sent: Sent, key: str, user: int) -> list[Sent]:
    """Press the button of option ``key`` on the message ``sent``, or choose it in its select menu."""
    components = _components(sent)
    button = next((c for c in components if c["type"] == 2 and c["custom_id"].endswith(":" + key)), None)
    if button is not None:
        from tests.discord.test_decisions import _body

        return await _dispatch(client, adapter, _body(sent, button["custom_id"], user=user))
    (select,) = [c for c in components if c["type"] == 3]
    assert key in [o["value"] for o in select["options"]], select
    from tests.discord.test_decisions import _body

    return await _dispatch(client, adapter, _body(sent, select["custom_id"], user=user, values=[key]))


async def _delve(bot: Bot) -> Sent:
    """The campaign, Ser Sonch (Kara's owner) and Ser Brann (Sonch's owner), a Delve from aub_01: the /delve start
    reply (the Travel step's select)."""
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Ser Sonch"))
    await one(bot, "knight create", user=SONCH, extra=opts(knight="lanternbearer", name="Ser Brann"))
    return await one(bot, "delve start", extra=opts(kingdom="aubrevane", start="aub_01"))


# -- the Travel step ---------------------------------------------------------------------------------------


async def test_the_travel_step_is_a_select_of_the_legal_destinations(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App) -> None:
    """Rulebook (line 743): Every Delve Round begins with the Travel step. To resolve it, the Party Leader must choose
    a valid path on your current Kingdom tile to travel through. Usually, you can either choose to travel onto an
    Unexplored Kingdom tile or to Backtrack—travel onto a previously explored tile.

    The select lists every legal destination (the Deep Fog's as ``fog:<tile>``); choosing one runs ``/choose
    decision:travel1 option:<tile>`` as the presser; the same select again is stale."""
    start = await _delve(bot)
    (select,) = _components(start)
    assert select["type"] == 3 and select["custom_id"].startswith("kfgm:anssel:c:")
    assert SELECT_TEMPLATE.fullmatch(select["custom_id"]) and (select["min_values"], select["max_values"]) == (1, 1)
    status = await one(bot, "delve status", user=KARA)
    legal = status.message["components"][0]["components"][0]["options"]
    values = [o["value"] for o in legal]
    assert values == [o["value"] for o in select["options"]], "/delve status shows the same select"
    assert {"fog:aub_02", "fog:aub_03", "fog:aub_04", "fog:aub_15"} <= set(values)
    explore = [v for v in values if not v.startswith("fog:")]
    assert explore and all(o["label"].split(":")[0] in ("north", "east", "south", "west") for o in legal[:len(explore)])
    campaign, before = await _campaign(app)

    (moved,) = await _press_key(client, adapter, start, explore[0], KARA)
    assert not moved.ephemeral and moved.body["type"] == 4
    assert (await _state(app))["delve"]["tile"] == explore[0]
    log = (await app.db.log(campaign))[-1]
    assert log.actor == str(KARA) and log.command == f"/choose decision:travel1 option:{explore[0]}"
    assert (await _campaign(app))[1] == before + 1
    # the new round's Travel step comes with its own components (buttons when at most 5 destinations)
    nxt = _components(moved)
    assert nxt and all(c["custom_id"].startswith("kfgm:ans") and ":c:" in c["custom_id"]
                       and ":travel2:" in c["custom_id"] for c in nxt)

    row = await _row(app)
    assert _is_stale_answer(await _press_key(client, adapter, start, explore[0], KARA))
    assert await _row(app) == row


# -- the Deep Fog ------------------------------------------------------------------------------------------


async def test_a_deep_fog_decision_is_answered_by_a_button(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App, tmp_path: Path) -> None:
    """Entering the Deep Fog from the travel select, then Stay the Course by a button (``/choose
    decision:fog2 option:stay``); the next decision (the lowest card among equals) comes with its own buttons.
    After a restart the old Stay the Course button is stale: the components leave, nothing changes."""
    start = await _delve(bot)
    await one(bot, "fog force", extra=opts(cards=f"{F}false_dawn,{F}mirror_pool"))
    (entered,) = await _press_key(client, adapter, start, "fog:aub_02", SONCH)
    assert not entered.ephemeral and "enters the Deep Fog" in entered.text
    pending = await _state(app)
    fog2 = pending["delve"]["fog"]["pending"]
    assert fog2["id"] == "fog2" and fog2["kind"] == "fog_round"
    keys = [o["key"] for o in fog2["options"]]
    buttons = _components(entered)
    assert [b["custom_id"] for b in buttons] == [
        button_id((await _campaign(app))[0], "fog2", mark("fog_round", fog2["prompt"], keys), k) for k in keys]
    assert buttons[0]["label"] == "Stay the Course"
    campaign, before = await _campaign(app)

    (stayed,) = await _press_key(client, adapter, entered, "stay", KARA)
    assert not stayed.ephemeral and "Stay the Course." in stayed.text and "Flawless Traversal" in stayed.text
    log = (await app.db.log(campaign))[-1]
    assert log.actor == str(KARA) and log.command == "/choose decision:fog2 option:stay"
    assert (await _campaign(app))[1] == before + 1
    fog3 = (await _state(app))["delve"]["fog"]["pending"]
    assert fog3["id"] == "fog3" and fog3["kind"] == "fog_lowest"
    assert [c["custom_id"].split(":")[2] for c in _components(stayed)] == ["c", "c"]
    assert sorted(c["label"] for c in _components(stayed)) == ["False Dawn (value 2)",
                                                                 "The Mirror Pool (value 2; Hazard: Half-cup.)"]

    db = await Database.open(tmp_path / "kfgm.sqlite3")
    try:
        row = await _row(app)
        assert _is_stale_answer(await _press_key(_fresh(db), adapter, entered, "stay", KARA))
        assert await _row(app) == row
        # the live decision works on the restarted bot, and a button posted by the older bot (code ``f``: it runs
        # /fog choose, the friendly name) still answers it
        keys2 = [o["key"] for o in fog3["options"]]
        older = button_id(row.id, "fog3", mark("fog_lowest", fog3["prompt"], keys2), keys2[0], "f")
        (lowest,) = await _press(_fresh(db), adapter, stayed, SONCH, custom=older)
        assert not lowest.ephemeral and (await _state(app))["delve"]["fog"]["pending"]["kind"] == "fog_clue"
        assert (await app.db.log(campaign))[-1].command == f"/fog choose option:{keys2[0]} decision:fog3"
    finally:
        await db.close()


# -- an Encounter ------------------------------------------------------------------------------------------


async def test_an_encounter_decision_is_for_its_knights_owner(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App, tmp_path: Path) -> None:
    """Knight Positioning asks Ser Sonch's owner which space: Ser Brann's owner and a stranger are refused privately
    (nothing changes, the buttons stay); Ser Sonch's owner's press runs ``/encounter choose decision:enc2
    option:A4``; the same button after a restart is stale."""
    await _delve(bot)
    await one(bot, "delve adjust", extra=opts(token="stag", to="aub_02"))
    await one(bot, "delve travel", user=KARA, extra=opts(to="aub_02"))
    await one(bot, "gm force-next", extra=opts(values="1,5,4,4"))
    started = await one(bot, "encounter start", user=KARA)
    enc2 = (await _state(app))["delve"]["encounter"]["pending"]
    assert enc2["id"] == "enc2" and enc2["kind"] == "enc_space"
    keys = [o["key"] for o in enc2["options"]]
    assert keys == ["A4", "B1", "C3", "C6", "D5"]
    assert [c["custom_id"].split(":")[2] for c in _components(started)] == ["c"] * 5
    row = await _row(app)

    for wrong in (SONCH, STRANGER):
        (refused,) = await _press_key(client, adapter, started, "A4", wrong)
        assert refused.ephemeral and refused.body["type"] == 4, "a private refusal; the buttons stay"
        assert "decision enc2 is for Ser Sonch to answer (or the GM)" in refused.text
        assert await _row(app) == row

    (placed,) = await _press_key(client, adapter, started, "A4", KARA)
    assert not placed.ephemeral and "Ser Sonch stands on A4." in placed.text
    campaign, _ = await _campaign(app)
    log = (await app.db.log(campaign))[-1]
    assert log.actor == str(KARA) and log.command == "/choose decision:enc2 option:A4"
    enc = (await _state(app))["delve"]["encounter"]
    assert enc["pending"]["id"] == "enc3" and "ser-brann" in enc["pending"]["knights"]

    db = await Database.open(tmp_path / "kfgm.sqlite3")
    try:
        row = await _row(app)
        assert _is_stale_answer(await _press_key(_fresh(db), adapter, started, "A4", KARA))
        assert await _row(app) == row
    finally:
        await db.close()


# -- the old Clash ids, the table of commands -----------------------------------------------------------------


async def test_a_clash_button_posted_before_the_upgrade_still_answers(
        bot: Bot, client: discord.Client, adapter: RecordingAdapter, app: App, tmp_path: Path) -> None:
    """A message sent by the older bot carries ``kfgm:choose:<campaign>:d1:<mark>:go_on``: pressing it, on a
    restarted bot, runs ``/choose`` as before; pressing it again is stale."""
    prompt = await _clash(bot)
    campaign, before = await _campaign(app)
    pending = await _pending(app)
    assert pending is not None
    old = f"kfgm:choose:{campaign}:d1:{mark('react', pending['prompt'], ['go_on'])}:go_on"
    assert BUTTON_TEMPLATE.fullmatch(old)
    db = await Database.open(tmp_path / "kfgm.sqlite3")
    try:
        fresh = _fresh(db)
        (answered,) = await _press(fresh, adapter, prompt, KARA, custom=old)
        assert not answered.ephemeral and "The Knights are done reacting." in answered.text
        log = (await app.db.log(campaign))[-1]
        assert log.command == "/choose decision:d1 option:go_on" and (await _campaign(app))[1] == before + 1
        assert _is_stale_answer(await _press(fresh, adapter, prompt, KARA, custom=old))
        # the old select's id too (d2 is waiting now: an older select for d1 is stale)
        old_select = f"kfgm:choosesel:{campaign}:d1:{mark('react', pending['prompt'], ['go_on'])}"
        assert SELECT_TEMPLATE.fullmatch(old_select)
        assert _is_stale_answer(await _press(fresh, adapter, prompt, KARA, custom=old_select, values=["go_on"]))
    finally:
        await db.close()


def test_custom_ids_name_a_command_of_the_table_and_fit_discord() -> None:
    """Each answering command has a one-letter code; the longest ids stay within 100 characters; an id naming a code
    outside the table, or an old-style id naming anything but a Clash decision, matches no template."""
    assert {c: " ".join(a.path) for c, a in ANSWERS.items()} == {
        "c": "choose", "f": "fog choose", "e": "encounter choose", "t": "delve travel", "s": "spoils choose",
        "r": "delve route", "m": "squire unlock"}
    longest = button_id(999_999_999_999, "travel" + "9" * 12, "0123abcd", "k" * 40, "t")
    assert len(longest) <= CUSTOM_ID_LIMIT and BUTTON_TEMPLATE.fullmatch(longest)
    assert len(select_id(999_999_999_999, "travel" + "9" * 12, "0123abcd", "t")) <= CUSTOM_ID_LIMIT
    for forged in ("kfgm:ans:x:1:d1:0123abcd:go_on", "kfgm:choose:1:fog1:0123abcd:stay",
                   "kfgm:ans:f:1:fog1:0123abcd:a b", "kfgm:anssel:z:1:fog1:0123abcd"):
        assert not BUTTON_TEMPLATE.fullmatch(forged) and not SELECT_TEMPLATE.fullmatch(forged), forged
    clues = ["martial", "errant", "historic", "mystic"]
    fog = {"id": "fog3", "kind": "fog_clue", "prompt": "Which Clue?", "who": [], "answer": "fog choose",
           "options": clues, "labels": [], "helps": [], "pick": 1, "min_pick": 1}
    view = decision_view(7, fog)
    assert view is not None and all(isinstance(i, DecisionButton) for i in view.children)
    assert view.children[0].custom_id == button_id(7, "fog3", mark("fog_clue", "Which Clue?", clues),
                                                   "martial")
    # a token's route the party chooses (rules/delve/monsters.py): buttons answered by /delve route
    tiles = ["aub_02", "aub_15"]
    route = fog | {"id": "route2", "kind": "route", "answer": "delve route", "options": tiles}
    view = decision_view(7, route)
    assert view is not None and view.children[0].custom_id == button_id(7, "route2", mark("route", "Which Clue?",
                                                                                          tiles), "aub_02")
    # an answer outside the table, or an id not of its command's shape: no components
    assert decision_view(7, fog | {"answer": "gm undo"}) is None
    assert decision_view(7, fog | {"id": "d3"}) is None
    assert decision_view(7, fog | {"answer": "choose"}) is None
    travel = fog | {"id": "travel2", "answer": "delve travel", "options": [f"t{i}" for i in range(7)]}
    select = decision_view(7, travel)
    assert select is not None and isinstance(select.children[0], DecisionSelect)


# -- a Loot vote -------------------------------------------------------------------------------------------


async def test_a_loot_vote_is_answered_by_buttons(bot: Bot, client: discord.Client, adapter: RecordingAdapter,
                                                  app: App) -> None:
    """Rulebook (line 1614): If players cannot agree who gets what, the majority wins, while ties are broken by the
    Party Leader.

    The vote (``vote1``, ``answer`` ``spoils choose``) has one button per Knight; each press is that player's ballot
    (``/choose decision:vote1 option:<knight>``), the buttons stay live between ballots (the same question),
    a member with no living Knight is refused, and once the vote is over the buttons are stale."""
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Ser Sonch"))
    await one(bot, "knight create", user=SONCH, extra=opts(knight="ashgrove", name="Maud"))
    await one(bot, "expedition start")
    await one(bot, "expedition vision", user=KARA, extra=opts(choice="quest", knight="Ser Sonch"))
    await one(bot, "expedition vision", user=SONCH, extra=opts(choice="free_roam", knight="Maud"))
    await one(bot, "expedition destination", user=KARA, extra=opts(kingdom="aubrevane"))
    await one(bot, "spoils scavenge", extra=opts(count=2, type="kingdom_gear"))
    await one(bot, "expedition next", extra=opts(phase="spoils", reason="test: straight to the Spoils"))
    vote = await one(bot, "spoils vote", extra=opts(card="L1"))
    buttons = _components(vote)
    assert [b["label"] for b in buttons] == ["Ser Sonch", "Maud"]
    assert all(b["custom_id"].startswith("kfgm:ans:c:") and ":vote1:" in b["custom_id"] for b in buttons)
    row = await _row(app)

    (refused,) = await _press_key(client, adapter, vote, "maud", STRANGER)
    assert refused.ephemeral and "only the players of the living Knights vote" in refused.text
    assert await _row(app) == row
    (ballot,) = await _press_key(client, adapter, vote, "maud", SONCH)
    assert not ballot.ephemeral and "A vote for Maud (1/2)" in ballot.text
    assert [c["custom_id"] for c in _components(ballot)] == [b["custom_id"] for b in buttons], "the same question"
    (last,) = await _press_key(client, adapter, vote, "ser-sonch", KARA)
    assert not last.ephemeral and "Party Leader" in last.text and not _components(last)
    campaign, _ = await _campaign(app)
    log = (await app.db.log(campaign))[-1]
    assert log.actor == str(KARA) and log.command == "/choose decision:vote1 option:ser-sonch"
    row = await _row(app)
    assert _is_stale_answer(await _press_key(client, adapter, ballot, "maud", SONCH))
    assert await _row(app) == row
