"""Autocomplete from the campaign's state (bot/discord/complete.py): the Gear in a Knight's Armory and Loadout,
a Monster's levels, the board spaces a Knight may move or rush to, the free spaces and the pieces of the Clash
Board, and the legal paths of the Delve's Travel step. Each is an AUTOCOMPLETE interaction (type 4) through the
real CommandTree on a real App, answered with choices (type 8); each list is checked against what the command
then accepts."""

from __future__ import annotations

from typing import Any

import discord

from bot.app.service import App
from bot.discord.complete import OPTION_SOURCES
from bot.discord.tree import AUTOCOMPLETE, GameTree
from rules.board.geometry import parse_space
from rules.board.knight_movement import knight_reachable
from rules.state import CampaignState
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import CHANNEL, GUILD, PLAYER, Bot, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

KARA, OTHER = PLAYER, PLAYER + 1
LANCE = "gear_lastlight_lance"  # a weapon with Rush (starter pack)


async def _choices(bot: Bot, line: str, focused: str, *, user: int | None = None, **values: Any) -> list[dict[str, Any]]:
    kwargs: dict[str, Any] = {"user": user} if user is not None else {}
    (response,) = await bot(line, focused=focused, extra=opts(**values), **kwargs)
    assert response.body["type"] == 8, response.body
    choices: list[dict[str, Any]] = response.body["data"]["choices"]
    assert len(choices) <= 25 and all(len(c["name"]) <= 100 for c in choices)
    return choices


async def _state(app: App) -> CampaignState:
    row = await app.db.active_campaign(str(GUILD), str(CHANNEL))
    assert row is not None
    return CampaignState.model_validate_json(row.state_json)


async def _clash(bot: Bot, app: App, at: str = "H6", providence: bool = False) -> None:
    """Kara (with the Lastlight Lance in her Armory and Loadout) and Oswin; the Cinder Abbot (A5, facing south),
    Kara placed on ``at``, the first Monster Round run: the Knight Round."""
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Kara"))
    await one(bot, "knight create", user=OTHER, extra=opts(knight="lanternbearer", name="Oswin"))
    await one(bot, "knight armory add", user=KARA, extra=opts(gear=LANCE))
    await one(bot, "knight loadout", user=KARA, extra=opts(gear=LANCE))
    await one(bot, "clash start", extra=opts(monster="abbot", level=1, type="full", providence=providence))
    await one(bot, "clash place", extra=opts(kind="knight", name="Kara", space=at))
    if providence:  # Wise Providence: the Knight Round first, the Abbot still on A5
        return
    await one(bot, "monster round", user=KARA)
    for _ in range(20):  # a level-1 Abbot acts twice (edition 2): answer what its Activations ask
        pending = (await _state(app)).clash.flow.pending  # type: ignore[union-attr]
        if pending is None:
            break
        keys = [o.key for o in pending.options]
        key = next((k for k in ("go_on", "keep") if k in keys), keys[0])
        await one(bot, "choose", extra=opts(decision=pending.id, option=key))


def test_every_state_source_names_a_real_option(tree: GameTree) -> None:
    registry = tree.registry
    for (path, option), source in OPTION_SOURCES.items():
        command = registry.commands[path]
        assert option in {o.name for o in command.options}, (path, option)
        assert source in AUTOCOMPLETE
    published = {c.qualified_name: c for c in tree.walk_commands() if isinstance(c, discord.app_commands.Command)}
    for (path, option), _ in OPTION_SOURCES.items():
        (param,) = [p for p in published[" ".join(path)].parameters if p.display_name == option]
        assert param.autocomplete, f"/{' '.join(path)} {option}: has no autocomplete in Discord"


async def test_the_gear_in_a_knights_armory_and_loadout(bot: Bot, app: App) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Kara"))
    await one(bot, "knight create", user=OTHER, extra=opts(knight="lanternbearer", name="Oswin"))
    await one(bot, "knight armory add", user=KARA, extra=opts(gear=LANCE))
    await one(bot, "knight armory add", user=KARA, extra=opts(gear="gear_hunting_bow"))
    state = await _state(app)
    kara = next(k for k in state.knights.values() if k.name == "Kara")
    oswin = next(k for k in state.knights.values() if k.name == "Oswin")
    armory = {a.gear for a in kara.sheet.armory}
    assert {LANCE, "gear_hunting_bow"} <= armory

    mine = await _choices(bot, "knight armory remove", "gear", user=KARA, gear="")
    assert {c["value"] for c in mine} == armory, "the presser's own Knight's Armory"
    assert [c["value"] for c in await _choices(bot, "knight armory reforge", "gear", user=KARA, gear="lance")] == [LANCE]
    named = await _choices(bot, "knight armory upgrade", "gear", user=KARA, gear="", knight=oswin.id)
    assert {c["value"] for c in named} == {a.gear for a in oswin.sheet.armory}, "the Knight named in the command"

    first = await _choices(bot, "knight loadout", "gear", user=KARA, gear="")
    assert {c["value"] for c in first} == armory
    both = await _choices(bot, "knight loadout", "gear", user=KARA, gear=f"{LANCE},")
    assert [c["value"] for c in both if "bow" in c["value"]] == [f"{LANCE},gear_hunting_bow"]
    assert all(c["value"].startswith(f"{LANCE},") and c["value"] != f"{LANCE},{LANCE}" for c in both)
    assert [c["name"] for c in both if "bow" in c["value"]][0].startswith("Lastlight Lance, ")
    await one(bot, "knight loadout", user=KARA, extra=opts(gear=LANCE))
    weapons = await _choices(bot, "knight attack", "weapon", user=KARA, weapon="")
    assert [c["value"] for c in weapons] == [LANCE] and "Lastlight Lance" in weapons[0]["name"]
    assert [c["value"] for c in await _choices(bot, "knight gear", "gear", user=KARA, gear="")] == [LANCE]
    # the GM, who has no Knight: every Gear of the content
    assert len(await _choices(bot, "odds weapon", "weapon", weapon="")) == 25


async def test_the_levels_of_the_monster_chosen(bot: Bot, app: App) -> None:
    await one(bot, "campaign new", extra=opts(name="Test"))
    levels = await _choices(bot, "clash start", "level", monster="abbot", level="")
    assert [c["value"] for c in levels] == [lv.level for lv in app.catalogue.monsters["abbot"].levels]
    assert levels[0]["name"].startswith(f"Level {levels[0]['value']} — To-Hit")
    assert await _choices(bot, "clash start", "level", monster="no_such_monster", level="") == []


async def test_the_spaces_a_knight_may_move_to(bot: Bot, app: App) -> None:
    await _clash(bot, app)
    state = await _state(app)
    reach = knight_reachable(state.board, "kara", 4)
    choices = await _choices(bot, "knight move", "to", user=KARA, to="")
    values = [c["value"] for c in choices]
    assert values and set(values) <= {s.label for s in reach} and "H6" not in values
    assert choices[0]["name"].endswith("(1 space, Speed 4)"), "nearest first"
    assert all(len(reach[parse_space(v)]) - 1 <= 4 for v in values)
    assert "A1" not in {s.label for s in reach}
    refused = await one(bot, "knight move", user=KARA, extra=opts(to="A1"))
    assert refused.ephemeral and "cannot move to A1" in refused.text
    last = values[-1]
    moved = await one(bot, "knight move", user=KARA, extra=opts(to=last))
    assert not moved.ephemeral and f"Kara moves to {last}" in moved.text, "an offered space is accepted"
    # Oswin's owner is offered Oswin's spaces, not Kara's
    oswin = (await _state(app)).board.knight("oswin")
    theirs = [c["value"] for c in await _choices(bot, "knight move", "to", user=OTHER, to="")]
    assert oswin.space is not None and theirs and oswin.space.label not in theirs
    assert set(theirs) <= {s.label for s in knight_reachable((await _state(app)).board, "oswin", 4)}


async def test_the_spaces_a_rush_may_end_on(bot: Bot, app: App) -> None:
    await _clash(bot, app, at="H9", providence=True)
    choices = await _choices(bot, "knight attack", "rush", user=KARA, weapon=LANCE, rush="")
    assert {c["value"] for c in choices} == {"D9", "E8", "F7"}, "the nearest endings with the Abbot in reach"
    assert all("Rush: 4 spaces" in c["name"] for c in choices)
    wrong = await one(bot, "knight attack", user=KARA, extra=opts(weapon=LANCE, rush="G9"))
    assert wrong.ephemeral and "rush to " + choices[0]["value"] in wrong.text, wrong.text
    rushed = await bot("knight attack", user=KARA, extra=opts(weapon=LANCE, rush=choices[0]["value"]))
    assert not rushed[0].ephemeral and f"to {choices[0]['value']}" in rushed[0].text, rushed[0].text
    # a weapon without Rush: nothing to offer
    assert await _choices(bot, "knight attack", "rush", user=KARA, weapon="gear_hunting_bow", rush="") == []


async def test_free_spaces_pieces_and_targets_of_the_board(bot: Bot, app: App) -> None:
    await _clash(bot, app)
    state = await _state(app)
    taken = {c.label for m in state.board.monsters for c in m.cells} | {"H6"}
    row_h = await _choices(bot, "clash place", "space", kind="knight", name="Oswin", space="H")
    assert row_h and all(c["value"].startswith("H") for c in row_h) and "H6" not in [c["value"] for c in row_h]
    row_a = [c["value"] for c in await _choices(bot, "clash place", "space", kind="knight", name="Oswin", space="A")]
    assert not set(row_a) & taken and "A1" in row_a
    pieces = {c["value"] for c in await _choices(bot, "clash remove", "name", name="")}
    assert {"Kara", "The Cinder Abbot"} <= pieces
    targets = await _choices(bot, "knight attack", "target", user=KARA, weapon=LANCE, target="")
    assert [c["value"] for c in targets] == [m.id for m in state.board.monsters]


async def test_the_legal_paths_of_the_travel_step(bot: Bot, app: App) -> None:
    from rules.delve.results import travel_decision

    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Kara"))
    assert await _choices(bot, "delve travel", "to", user=KARA, to="") == [], "no Delve: nothing"
    await one(bot, "delve start", extra=opts(kingdom="aubrevane", start="aub_01"))
    decision = travel_decision(app.engine, await _state(app))
    assert decision is not None
    paths = await _choices(bot, "delve travel", "to", user=KARA, to="")
    assert [c["value"] for c in paths] == [o for o in decision.options if not o.startswith("fog:")]
    fog = await _choices(bot, "delve travel", "fog", user=KARA, fog="")
    assert [c["value"] for c in fog] == [o[4:] for o in decision.options if o.startswith("fog:")]
    went = await one(bot, "delve travel", user=KARA, extra=opts(to=paths[0]["value"]))
    assert not went.ephemeral, went.text


async def test_every_autocompleted_option_answers_within_discords_limits(
        bot: Bot, app: App, caplog: Any) -> None:
    """Every option with a source, in a campaign with a Clash under way: an answer (type 8) of at most 25 choices,
    names of at most 100 characters, and no error logged."""
    import logging

    from bot.discord.tree import source_of

    await _clash(bot, app)
    asked = 0
    with caplog.at_level(logging.ERROR):
        for command in app.registry.commands.values():
            for option in command.options:
                if option.choices or not source_of(command, option):
                    continue
                typed: Any = 1 if option.kind == "integer" else ""
                values = {option.name: typed} | ({"monster": "abbot"} if option.name == "level" else {})
                await _choices(bot, " ".join(command.path), option.name, user=KARA, **values)
                asked += 1
    assert asked >= 60
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


async def test_the_decision_the_clash_waits_for_and_its_answers(bot: Bot, app: App) -> None:
    """``/choose`` typed by hand: the waiting decision's id and its options, as the buttons show them."""
    await one(bot, "campaign new", extra=opts(name="Test"))
    await one(bot, "knight create", user=KARA, extra=opts(knight="lanternbearer", name="Kara"))
    assert await _choices(bot, "choose", "decision", user=KARA, decision="") == []
    await one(bot, "clash start", extra=opts(monster="abbot", level=3, type="full"))
    await one(bot, "clash adjust", extra=opts(deck="ai", top="abbot_ai_censer_swing"))
    await one(bot, "monster round", user=KARA)
    state = await _state(app)
    assert state.clash is not None and state.clash.flow.pending is not None
    pending = state.clash.flow.pending
    (decision,) = await _choices(bot, "choose", "decision", user=KARA, decision="")
    assert decision["value"] == pending.id and pending.prompt[:40] in decision["name"]
    answers = await _choices(bot, "choose", "option", user=KARA, decision=pending.id, option="")
    assert [c["value"] for c in answers] == [o.key for o in pending.options]
    chosen = await one(bot, "choose", user=KARA, extra=opts(decision=decision["value"], option=answers[0]["value"]))
    assert not chosen.ephemeral, chosen.text


async def test_discord_offers_what_the_console_completes(bot: Bot, app: App) -> None:
    """Issue #20: Tab completion "from the same sources as Discord's autocomplete": in the Knight Round, Discord's
    choices for the spaces, the Loadout, the Rush endings and the Knights are the console's, value for value (the id
    where the console types the name on the card)."""
    from bot.app import complete

    await _clash(bot, app, at="H9", providence=True)
    state = await _state(app)
    cases = [("knight move", "to", {"to": ""}), ("knight attack", "weapon", {"weapon": ""}),
             ("knight attack", "rush", {"weapon": LANCE, "rush": ""}), ("knight sheet", "knight", {"knight": ""})]
    for line, option, values in cases:
        path = tuple(line.split())
        command = app.registry.commands[path]
        spec = next(o for o in command.options if o.name == option)
        source = complete.source_of(path, option, spec.autocomplete)
        assert source is not None, (line, option)
        given = {k: v for k, v in values.items() if k != option}
        console = source(state, app.engine, complete.Typed(str(KARA), path, given, values[option]))
        shown = await _choices(bot, line, option, user=KARA, **values)
        assert console and [c["value"] for c in shown] == [c.sent for c in console][:25], (line, option)
