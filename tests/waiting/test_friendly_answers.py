"""The friendly names of the one answer (rules/friendly.py): ``/fog stay|correct|choose``, ``/encounter choose``,
``/delve route``, ``/spoils choose`` and ``/squire unlock decision:`` log the one ``answer`` action in a campaign of
the current state version, so a wrong option is refused by the one check (rules/waiting.py ``check``) in the words
``/choose`` uses; a campaign of an older state version goes on logging the actions its release wrote.

Rulebook (line 835): Traversing the Deep Fog happens in rounds. Each Round you have to make a choice: Stay the
Course, Withdraw, or Course Correct.
"""

from __future__ import annotations

import json
from typing import Any

from bot.app.history import rebuild
from bot.app.reply import Reply
from bot.console.runner import GUILD
from rules.decision_ids import UNIQUE_IDS_VERSION
from tests.conftest import Table
from tests.delve.test_encounter import ROSE, SKULL, STAG_SOUTH, _met
from tests.spoils.conftest import squire_earns_mettle, to_spoils

F = "aub_fog_"


async def _logged(t: Table) -> dict[str, Any]:
    """The action the campaign's last log entry holds."""
    row = await t.app.db.campaign(GUILD, 1)
    assert row is not None
    entry = (await t.app.db.log(row.id))[-1]
    assert entry.kind == "action" and entry.action is not None
    action: dict[str, Any] = entry.action["action"]
    return action


async def _same_refusal(t: Table, friendly: str, decision: str, option: str) -> str:
    """``friendly`` (a wrong option) is refused in the very words of ``/choose decision:<id> option:<it>``, and
    nothing changed."""
    before = json.dumps(await t.state(), sort_keys=True)
    chosen = await t(f"@kara /choose decision:{decision} option:{option}")
    named = await t(friendly)
    assert not chosen.ok and not named.ok
    assert named.error == chosen.error, (named.error, chosen.error)
    assert f"{option} is not an answer to {decision}; choose from: " in (named.error or "")
    assert json.dumps(await t.state(), sort_keys=True) == before
    return named.error or ""


def _waits(reply: Reply) -> dict[str, Any]:
    assert reply.pending is not None, reply.text
    return reply.pending


async def _fog(t: Table) -> dict[str, Any]:
    await t.ok("/delve start kingdom:aubrevane start:aub_01")
    await t.ok("/fog force cards:" + ",".join(F + c for c in ["false_dawn", "mirror_pool", "grey_mile"]))
    return _waits(await t.ok("@kara /delve travel fog:aub_02"))


async def test_fog_stay_correct_and_choose_log_the_one_answer(table: Table) -> None:
    """Rulebook (line 835): Each Round you have to make a choice: Stay the Course, Withdraw, or Course Correct."""
    asked = await _fog(table)
    assert asked["id"] == "fog2" and "stay" in asked["options"]
    await _same_refusal(table, "@kara /fog choose option:mystic", "fog2", "mystic")
    await _same_refusal(table, "@kara /fog correct card:1 direction:west", "fog2", "correct:1:west")
    stayed = await table.ok("@ulfa /fog stay")
    assert "Stay the Course." in stayed.text
    assert await _logged(table) == {"type": "answer", "decision": "fog2", "options": ["stay"], "by": "", "gm": False}
    lowest = _waits(stayed)
    assert lowest["kind"] == "fog_lowest"
    await table.ok(f"@kara /fog choose option:{lowest['options'][0]}")
    assert await _logged(table) == {"type": "answer", "decision": lowest["id"], "options": [lowest["options"][0]],
                                    "by": "", "gm": False}
    # the logged answers replay to the state the table reached, and /gm undo takes one back
    now = await table.state()
    assert (await rebuild(table.app.db, table.app.engine, 1)).model_dump(mode="json") == now
    await table.ok("/gm undo")
    assert _waits(await table.ok("@kara /fog status"))["id"] == lowest["id"]


async def test_fog_correct_maps_the_card_to_the_question_key(table: Table) -> None:
    """Rulebook (line 840): choose one revealed Deep Fog card on your current path and place the Party marker on it
    ... You can build a new path perpendicular to the previous path."""
    asked = await _fog(table)
    key = next(k for k in asked["options"] if k.startswith("correct:1:"))
    direction = key.rsplit(":", 1)[1]
    await table.ok(f"@kara /fog correct card:1 direction:{direction}")
    assert (await _logged(table))["options"] == [key] and (await _logged(table))["type"] == "answer"
    # a name the friendly command cannot map is its own words: which cards the path has
    wrong = await table("@kara /fog correct card:9 direction:north")
    assert not wrong.ok and "give a position from 1 to" in (wrong.error or "")


async def test_a_friendly_name_answers_only_its_own_kind(table: Table) -> None:
    """Rulebook (line 785): Additionally, when you raise your Threat to 7 or above for the first time during the
    current Expedition, spawn an Encounter Monster token onto an adjacent Kingdom tile (after moving all other
    Encounter Monsters).

    Which tile is the party's to choose; ``/fog choose`` naming that decision is refused and says how it is
    answered."""
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust threat:6")
    route = _waits(await table.ok("/delve gain threat:1"))["id"]
    other = await table(f"@kara /fog choose decision:{route} option:aub_02")
    assert not other.ok and f"decision {route} waits in the Delve (an Encounter Monster token's tile), not in the " \
        "Deep Fog" in (other.error or "")
    assert f"/choose decision:{route} option:<" in (other.error or "")


async def test_encounter_choose_logs_the_one_answer(table: Table) -> None:
    """Rulebook (line 884): Knight Positioning. To position your Knight miniatures, first roll a d6 die for each
    Knight, then place your Knights on matching unoccupied spaces on the Encounter Board (ignore all Hope symbols on
    the rolled dice)."""
    await _met(table)
    await table.ok("/gm force-next values:" + ",".join(map(str, [*STAG_SOUTH, SKULL, ROSE, ROSE])))
    asked = _waits(await table.ok("/encounter start"))
    assert asked["id"] == "enc2" and asked["who"] == ["kara"]
    await _same_refusal(table, "@kara /encounter choose option:Z9", "enc2", "Z9")
    await table.ok(f"@kara /encounter choose option:{asked['options'][0]}")
    assert await _logged(table) == {"type": "answer", "decision": "enc2", "options": [asked["options"][0]],
                                    "by": "", "gm": False}


async def test_delve_route_logs_the_one_answer(table: Table) -> None:
    """Rulebook (line 785): Additionally, when you raise your Threat to 7 or above for the first time during the
    current Expedition, spawn an Encounter Monster token onto an adjacent Kingdom tile (after moving all other
    Encounter Monsters)."""
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust threat:6")
    asked = _waits(await table.ok("/delve gain threat:1"))
    route, tile = asked["id"], asked["options"][0]
    await _same_refusal(table, "@kara /delve route option:aub_99", route, "aub_99")
    await table.ok(f"@ulfa /delve route option:{tile}")
    assert await _logged(table) == {"type": "answer", "decision": route, "options": [tile], "by": "", "gm": False}
    assert tile in (await table.state())["delve"]["map_tokens"].values()


async def _vote(t: Table) -> dict[str, Any]:
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await t.ok("/expedition start")
    await t.ok('@kara /expedition vision choice:quest knight:"Ser Sonch"')
    await t.ok("@ulfa /expedition vision choice:free_roam knight:Maud")
    await t.ok("@kara /expedition destination kingdom:aubrevane")
    await t.ok("/spoils scavenge count:2 type:kingdom_gear")
    await to_spoils(t)
    return _waits(await t.ok("/spoils vote card:L1"))


async def test_spoils_choose_logs_the_one_answer(table: Table) -> None:
    """Rulebook (line 1614): If players cannot agree who gets what, the majority wins, while ties are broken by
    the Party Leader."""
    asked = await _vote(table)
    assert asked["id"] == "vote1"
    await _same_refusal(table, "@kara /spoils choose decision:vote1 option:nobody", "vote1", "nobody")
    await table.ok("@kara /spoils choose decision:vote1 option:Ser-Sonch")  # the voter's Knight in any case
    assert await _logged(table) == {"type": "answer", "decision": "vote1", "options": ["ser-sonch"], "by": "kara",
                                    "gm": False}
    won = await table.ok("@ulfa /spoils choose decision:vote1 option:ser-sonch")
    assert won.pending is None and "Ser Sonch" in won.text


async def test_squire_unlock_logs_the_one_answer(table: Table) -> None:
    """Rulebook (line 1764): If any Squire has successfully completed their Investigation by the end of a Quest
    Expedition, you may unlock one chosen Mettle card from the Party Leader's tier or below."""
    asked = _waits(await squire_earns_mettle(table))
    assert asked["id"] == "mettle1"
    await _same_refusal(table, "@kara /squire unlock decision:mettle1 option:mettle_vassal_x", "mettle1",
                        "mettle_vassal_x")
    card = sorted(asked["options"])[0]
    unlocked = await table.ok(f"@kara /squire unlock decision:mettle1 option:{card}")
    assert await _logged(table) == {"type": "answer", "decision": "mettle1", "options": [card], "by": "", "gm": False}
    assert (await table.state())["mettle"]["earned"] == [] and unlocked.data["replaced"]


async def _older(t: Table) -> None:
    """Make the campaign one created by the release before unique decision ids (state version 4)."""
    patch = "json_set(state_json, '$.version', ?, '$.decisions', 0)"
    await t.app.db.execute(f"UPDATE campaigns SET state_json = {patch} WHERE id = 1", UNIQUE_IDS_VERSION - 1)
    await t.app.db.execute(f"UPDATE snapshots SET state_json = {patch} WHERE campaign_id = 1", UNIQUE_IDS_VERSION - 1)
    t.app.forget_heads()
    assert (await t.state())["version"] == UNIQUE_IDS_VERSION - 1


async def test_an_older_campaign_logs_what_its_release_wrote(table: Table) -> None:
    """An older campaign's friendly commands still work, and its new log entries stay what its release wrote
    (``fog_answer``), judged by their own handlers."""
    await _older(table)
    asked = await _fog(table)
    wrong = await table("@kara /fog choose option:mystic")
    assert not wrong.ok and "'mystic' is not an answer to:" in (wrong.error or "")  # its own handler's words
    stayed = await table.ok("@ulfa /fog stay")
    assert "Stay the Course." in stayed.text
    logged = await _logged(table)
    assert logged["type"] == "fog_answer" and logged["choice"] == "stay" and logged["decision"] is None
    lowest = _waits(stayed)
    assert lowest["id"] != asked["id"]
    await table.ok(f"@kara /fog choose option:{lowest['options'][0]}")
    assert await _logged(table) == {"type": "fog_answer", "choice": "choose", "card": None, "direction": None,
                                    "option": lowest["options"][0], "decision": None}


async def test_an_older_campaigns_token_route_logs_delve_route(table: Table) -> None:
    """Rulebook (line 785): Additionally, when you raise your Threat to 7 or above for the first time during the
    current Expedition, spawn an Encounter Monster token onto an adjacent Kingdom tile (after moving all other
    Encounter Monsters).

    In an older campaign."""
    await _older(table)
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust threat:6")
    tile = _waits(await table.ok("/delve gain threat:1"))["options"][0]
    await table.ok(f"@kara /delve route option:{tile}")
    assert (await _logged(table))["type"] == "delve_route"
    assert tile in (await table.state())["delve"]["map_tokens"].values()
