"""Each kind of question the game waits for, played through the Table (a real App on a real SQLite file): while it
waits, the engine refuses another action with a reply naming the question and how to answer it, and the one answer
``/choose decision:<id> option:<key>`` resolves it (rules/waiting.py); the free rolls (``/roll``) and the decks
(``/deck``) go on meanwhile, and the question still waits after them. The Mettle cards and the Travel step are
offers that never stop the game; a roll waiting for the table's dice stops only the actions that need dice.

Rulebook (line 1090): If two or more Knights are equally viable Targets and none of them is the Priority Target, the
players may choose which of them becomes the Target.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.app.reply import Reply
from rules import waiting
from rules.state import CampaignState
from tests.conftest import Table, open_app
from tests.delve.test_encounter import ROSE, SKULL, STAG_SOUTH, _met
from tests.spoils.conftest import squire_earns_mettle, to_spoils

F = "aub_fog_"


async def _refused_naming(t: Table, line: str, where: str, decision: str) -> str:
    """``line`` is refused, naming the question and /choose, and nothing changed (nothing logged)."""
    before = json.dumps(await t.state(), sort_keys=True)
    reply = await t(line)
    assert not reply.ok, reply.text
    error = reply.error or ""
    assert error.startswith(f"{where} waits for a decision first ({decision}):"), error
    assert f"/choose decision:{decision} option:<" in error and "nothing was changed" in error
    assert json.dumps(await t.state(), sort_keys=True) == before
    return error


async def _rolls_and_draws_go_on(t: Table, who: str, decision: str) -> None:
    """The free rolls and the decks go on while ``decision`` waits, and it still waits after them, the same
    question (rules/actions.py: a table that applies a rule by hand meanwhile needs its dice and its cards)."""
    asked = _asked(t, await t.state())
    assert decision in asked, asked
    for line in ("/roll test difficulty:6", "/roll d100", "/roll dice count:2", "/deck draw deck:condition",
                 "/deck shuffle deck:minor_mortis"):
        reply = await t(f"@{who} {line}")
        assert reply.ok, f"{line}: {reply.error}"
        assert reply.pending is None or reply.pending["id"] == decision, reply.pending
    assert _asked(t, await t.state()) == asked


def _asked(t: Table, state: dict[str, Any]) -> dict[str, Any]:
    """The questions waiting, by id, as the players see them."""
    found = waiting.questions(t.app.engine, CampaignState.model_validate(state), offers=False)
    return {q.id: q.decision.model_dump(mode="json") for q in found}


def _waits(reply: Reply) -> dict[str, Any]:
    assert reply.pending is not None, reply.text
    return reply.pending


async def test_a_clash_decision(tmp_path: Path) -> None:
    """Rulebook (line 1090): If two or more Knights are equally viable Targets and none of them is the Priority
    Target, the players may choose which of them becomes the Target.

    Nothing else happens meanwhile. (The first lines of tests/scripts/clash/stag_exhibition_victory.txt, with its
    seed.)"""
    app = await open_app(tmp_path / "clash.sqlite3", seed=5)
    table = Table(app)
    try:
        await _clash_decision(table)
    finally:
        await app.db.close()


async def _clash_decision(table: Table) -> None:
    await table.ok('/campaign new name:"Autoplay stag exhibition victory"')
    for who, knight, name in (("sonch", "lanternbearer", "Ser Sonch"), ("kara", "ashgrove", "Kara"),
                              ("isolde", "marrow", "Isolde"), ("oriel", "oriel", "Oriel")):
        await table.ok(f'@{who} /knight create knight:{knight} name:"{name}"')
    await table.ok("/clash start monster:stag level:1 type:exhibition")
    asked = _waits(await table.ok("/monster round"))
    d = asked["id"]
    assert d.startswith("d") and asked["answer"] == "choose"
    error = await _refused_naming(table, "/monster round", "the Clash", d)
    assert asked["prompt"] in error
    await _rolls_and_draws_go_on(table, "sonch", d)
    await _refused_naming(table, "@sonch /knight move to:F5", "the Clash", d)
    who = asked["who"][0] if asked["who"] else "sonch"
    answered = await table.ok(f"@{who} /choose decision:{d} option:{asked['options'][0]}")
    assert answered.pending is None or answered.pending["id"] != d
    stale = await table(f"@{who} /choose decision:{d} option:{asked['options'][0]}")
    assert not stale.ok and "no longer waiting" in (stale.error or "")


async def test_a_deep_fog_decision(table: Table) -> None:
    """Rulebook (line 835): Each Round you have to make a choice: Stay the Course, Withdraw, or Course Correct."""
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/fog force cards:" + ",".join(F + c for c in ["false_dawn", "mirror_pool"]))
    asked = _waits(await table.ok("@kara /delve travel fog:aub_02"))
    assert asked["id"] == "fog2"
    await _rolls_and_draws_go_on(table, "kara", "fog2")
    await _refused_naming(table, "@kara /delve travel to:aub_03", "the Deep Fog", "fog2")
    stayed = await table.ok("@ulfa /choose decision:fog2 option:stay")
    assert "Stay the Course." in stayed.text and _waits(stayed)["id"] == "fog3"


async def test_an_encounter_decision(table: Table) -> None:
    """Rulebook (line 884): Knight Positioning. To position your Knight miniatures, first roll a d6 die for each
    Knight, then place your Knights on matching unoccupied spaces on the Encounter Board (ignore all Hope symbols on
    the rolled dice).

    Which space, where several match, is the Knight's owner's choice."""
    await _met(table)
    await table.ok("/gm force-next values:" + ",".join(map(str, [*STAG_SOUTH, SKULL, ROSE, ROSE])))
    asked = _waits(await table.ok("/encounter start"))
    assert asked["id"] == "enc2" and asked["answer"] == "encounter choose"
    await _rolls_and_draws_go_on(table, "kara", "enc2")
    await _refused_naming(table, "@kara /encounter attack weapon:gear_pilgrims_mace", "the Encounter", "enc2")
    owner = asked["who"][0]
    others = {"kara", "ulfa"} - {owner}
    wrong = await table(f"@{others.pop()} /choose decision:enc2 option:{asked['options'][0]}")
    assert not wrong.ok and "is for" in (wrong.error or "")
    placed = await table.ok(f"@{owner} /choose decision:enc2 option:{asked['options'][0]}")
    assert placed.pending is None or placed.pending["id"] != "enc2"


async def test_an_encounter_monster_tokens_tile(table: Table) -> None:
    """Rulebook (line 785): Additionally, when you raise your Threat to 7 or above for the first time during the
    current Expedition, spawn an Encounter Monster token onto an adjacent Kingdom tile (after moving all other
    Encounter Monsters).

    Which tile, where several are, is the party's choice (docs/rulings.md)."""
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust threat:6")
    asked = _waits(await table.ok("/delve gain threat:1"))
    route = asked["id"]
    assert route.startswith("route") and asked["answer"] == "delve route"
    where = "the Delve (an Encounter Monster token's tile)"
    await _refused_naming(table, f"@kara /delve travel to:{asked['options'][0]}", where, route)
    await _rolls_and_draws_go_on(table, "kara", route)
    chosen = await table.ok(f"@ulfa /choose decision:{route} option:{asked['options'][0]}")
    state = await table.state()
    assert state["delve"]["token_choice"] is None and asked["options"][0] in state["delve"]["map_tokens"].values()
    assert chosen.ok


async def test_a_loot_vote(table: Table) -> None:
    """Rulebook (line 1614): If players cannot agree who gets what, the majority wins, while ties are broken by
    the Party Leader."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok("/expedition start")
    await table.ok('@kara /expedition vision choice:quest knight:"Ser Sonch"')
    await table.ok("@ulfa /expedition vision choice:free_roam knight:Maud")
    await table.ok("@kara /expedition destination kingdom:aubrevane")
    await table.ok("/spoils scavenge count:2 type:kingdom_gear")
    await to_spoils(table)
    asked = _waits(await table.ok("/spoils vote card:L1"))
    assert asked["id"] == "vote1"
    await _refused_naming(table, "@kara /spoils take card:L2", "the Loot vote", "vote1")
    await _rolls_and_draws_go_on(table, "kara", "vote1")
    await table.ok("@kara /choose decision:vote1 option:ser-sonch")
    won = await table.ok("@ulfa /choose decision:vote1 option:ser-sonch")
    assert won.pending is None and "Ser Sonch" in won.text
    assert (await table.state())["expedition"]["spoils"]["vote"] is None


async def test_the_travel_step_is_answered_by_choose_and_stops_nothing(table: Table) -> None:
    """Rulebook (line 743): Every Delve Round begins with the Travel step. To resolve it, the Party Leader must
    choose a valid path on your current Kingdom tile to travel through.

    It is the Delve's next step, not a stop: another action goes on while it is offered."""
    asked = _waits(await table.ok("/delve start kingdom:aubrevane start:aub_01"))
    assert asked["id"] == "travel1" and asked["answer"] == "delve travel"
    assert (await table.ok("@kara /roll d100")).ok
    key = next(k for k in asked["options"] if not k.startswith("fog:"))
    travelled = await table.ok(f"@kara /choose decision:travel1 option:{key}")
    assert (await table.state())["delve"]["tile"] == key and travelled.ok


async def test_a_roll_waiting_for_the_table_dice(table: Table) -> None:
    """A roll in table-dice mode waits for the roller's dice (docs/table-dice.md): another action that needs dice
    waits, an action without dice goes on, /choose says how this one is answered, and /dice enter resolves it."""
    await table.ok("/campaign dice mode:table")
    waiting = await table.ok("@kara /roll test difficulty:6")
    assert waiting.pending is not None and waiting.pending["id"] == "dice"
    other = await table("@ulfa /roll d100")
    assert not other.ok and "waiting for kara's dice for `/roll test difficulty:6`" in (other.error or "")
    assert (await table.ok("/campaign pings setting:off")).ok  # no dice: it goes on
    wrong = await table("@kara /choose decision:dice option:7")
    assert not wrong.ok and (wrong.error or "").startswith("a roll waiting for the table's dice is answered with "
                                                           "`/dice enter values:<results>`")
    rolled = await table.ok("@kara /dice enter values:7")
    assert (await table.state())["pending_dice"] is None and rolled.ok


async def test_mettle_cards_earned_are_answered_by_choose_and_stop_nothing(table: Table) -> None:
    """Rulebook (line 1764): Even Squires get better with practice! If any Squire has successfully completed their
    Investigation by the end of a Quest Expedition, you may unlock one chosen Mettle card from the Party Leader's
    tier or below.

    "May": an offer the party answers when it likes, so another action goes on meanwhile."""
    asked = _waits(await squire_earns_mettle(table))
    assert asked["id"] == "mettle1" and asked["answer"] == "squire unlock"
    assert (await table.ok("@ulfa /roll d100")).ok
    card = sorted(asked["options"])[0]
    unlocked = await table.ok(f"@kara /choose decision:mettle1 option:{card}")
    assert (await table.state())["mettle"]["earned"] == [] and unlocked.data["replaced"]
