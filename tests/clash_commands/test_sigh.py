"""/clash sigh — the Sigh of the Graal through the real App (rules/clash/sigh.py, bot/app/commands/sigh.py)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app.history import rebuild
from bot.console.runner import CHANNEL, GUILD
from rules.clash.handlers import ClashStart
from rules.clash.sigh import SighOfTheGraal
from rules.engine import Engine
from rules.errors import RuleError
from rules.knights.actions import KnightCreate, KnightMark
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table


async def _party(table: Table) -> None:
    await table.ok('/knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("@kara /knight create knight:ashgrove name:Kara")
    await table.ok("@kara /knight mark what:sigh")
    await table.ok('/knight mark what:sigh name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane")
    await table.ok("/delve gain threat:2")


async def _lose(table: Table) -> None:
    """A Clash in which the Kingdom track, the decks and every Knight's statistics change, then all Knights die."""
    await table.ok("/clash start monster:stag level:1 type:full")
    await table.ok("/delve gain threat:1 curse:1")
    await table.ok("/deck draw deck:judicium vigor:-12")
    await table.ok('/clash adjust knight:"Ser Sonch" stat:vigor value:3')
    await table.ok("@kara /knight stat stat:passion change:4")
    await table.ok('/clash adjust knight:"Ser Sonch" stat:bane value:30')
    await table.ok("/clash adjust knight:Kara stat:bane value:30")


def _without_sigh(state: dict[str, Any], knight: str, position: int) -> dict[str, Any]:
    """``state`` as the Sigh restores it: ``knight``'s Sigh erased, the dice where they stood."""
    out = dict(state)
    out["knights"] = {k: dict(v) for k, v in state["knights"].items()}
    out["knights"][knight] = {**out["knights"][knight], "sheet": {**state["knights"][knight]["sheet"],
                                                                   "sigh_of_the_graal": False}}
    out["dice_position"] = position
    return out


async def test_sigh_restores_the_state_from_before_the_clash(table: Table) -> None:
    """Rulebook (line 325): Sighs of the Graal are strange trinkets that allow one to change their written fate.
    When a Clash ends, but before you proceed to the story resolution, you may decide to spend one Sigh of the Graal
    to replay the Clash without suffering any of its consequences. Simply restore the game to the state from before
    the Clash. If you use a Sigh of the Graal, one Knights should erase a Sigh of the Graal from their Knight
    Sheets.
    """
    await _party(table)
    before = await table.state()
    await _lose(table)  # every Knight is dead: the Clash is over (a defeat), not ended yet
    lost = await table.state()
    assert lost["clash"] is not None and lost["track"]["threat"] == 3
    reply = await table.ok("@kara /clash sigh")
    assert "Kara** spends a Sigh of the Graal" in reply.text and "/clash start" in reply.data["restored_before"][
        "command"]
    after = await table.state()
    assert after == _without_sigh(before, "kara", lost["dice_position"])
    assert after["knights"]["ser-sonch"]["sheet"]["sigh_of_the_graal"]  # exactly one Sigh is erased
    assert (after["track"]["threat"], after["track"]["curse"]) == (2, 0)
    assert reply.data["track"]["threat"] == 2 and reply.data["knight"]["name"] == "Kara"
    assert after["clash"] is None and after["board"] == before["board"]
    # the Clash is undone: no second Sigh for it
    again = await table('/clash sigh knight:"Ser Sonch"')
    assert not again.ok and "no finished Clash to replay" in (again.error or "")


async def test_sigh_right_after_clash_end(table: Table) -> None:
    """Rulebook (line 353): Sigh of the Graal (Knight Sheet)

    Rulebook (line 354): Here you will mark if you have a Sighs of the Graal. This extremely rare resource allows you
    to repeat a just-finished Clash (see p. 14 for details).
    """
    await _party(table)
    before = await table.state()
    await _lose(table)
    end = await table.ok("/clash end")
    assert end.data["over"] == "defeat" and any('/clash sigh knight:"Kara"' in s for s in end.data["aftermath"])
    await table.ok('/knight mark what:first_death name:"Ser Sonch"')  # other commands may come between
    position = (await table.state())["dice_position"]
    await table.ok('/clash sigh knight:"Ser Sonch"')
    assert await table.state() == _without_sigh(before, "ser-sonch", position)
    # a new Clash: the Sigh waits until it ends
    await table.ok("/clash start monster:stag level:1 type:full")
    running = await table("@kara /clash sigh")
    assert not running.ok and "still under way" in (running.error or "")


async def test_sigh_refused_without_a_sigh_or_a_finished_clash(table: Table) -> None:
    await table.ok('/knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("@kara /knight create knight:ashgrove name:Kara")
    await table.ok("@kara /knight mark what:sigh")
    start = await table.state()
    refusals = [
        ("@kara /clash sigh", "no finished Clash to replay"),
        ('/clash sigh knight:"Ser Sonch"', "Ser Sonch has no Sigh of the Graal"),
        ("@ulfa /clash sigh knight:Kara", "belongs to"),
        ("@kara /clash sigh knight:Nobody", "no Knight 'Nobody'"),
    ]
    for line, message in refusals:
        reply = await table(line)
        assert not reply.ok and message in (reply.error or ""), (line, reply.error)
    assert await table.state() == start
    await table.ok("/clash start monster:stag level:1 type:full")
    await table.ok("/clash adjust knight:Kara stat:bane value:30")  # one Knight of two dead: not over
    during = await table.state()
    for line, message in [("@kara /clash sigh", "still under way"),
                          ('/clash sigh knight:"Ser Sonch"', "Ser Sonch has no Sigh of the Graal")]:
        reply = await table(line)
        assert not reply.ok and message in (reply.error or ""), (line, reply.error)
    assert await table.state() == during


def test_the_engine_refuses_a_sigh_without_the_state_to_restore() -> None:
    engine = Engine(CATALOGUE)
    state, dice = engine.new_state("Pure", 3)
    other, _ = engine.new_state("Pure", 4)
    state = engine.apply(state, KnightCreate(content="ashgrove", name="Kara", owner="kara"), dice).state
    state = engine.apply(state, KnightMark(knight="kara", what="sigh"), engine.dice_for(state)).state
    for restore, message in [({"name": "x"}, "not a campaign state"),
                             (other.model_dump(mode="json"), "another campaign")]:
        with pytest.raises(RuleError, match=message):
            engine.apply(state, SighOfTheGraal(knight="kara", restore=restore), engine.dice_for(state))


async def test_the_replayed_clash_rolls_new_dice(table: Table) -> None:
    """Rulebook (line 325): Simply restore the game to the state from before the Clash.

    Ruling (docs/rulings.md, "The Sigh of the Graal replays the Clash with new dice"): everything is restored but
    the dice position, which stays where it stood — otherwise the same fate would repeat.
    """
    await _party(table)
    pre_clash = (await table.state())["dice_position"]
    first = await table.ok("/clash start monster:stag level:1 type:full")
    await table.ok('/clash adjust knight:"Ser Sonch" stat:bane value:30')
    await table.ok("/clash adjust knight:Kara stat:bane value:30")
    await table.ok("/clash end")
    spent_at = (await table.state())["dice_position"]
    assert spent_at > pre_clash  # the Clash's shuffles moved the dice on
    await table.ok("@kara /clash sigh")
    assert (await table.state())["dice_position"] == spent_at
    again = await table.ok("/clash start monster:stag level:1 type:full")
    assert again.data["clash"]["ai_deck"] != first.data["clash"]["ai_deck"]
    # the position of the state before the Clash would have dealt the very same decks
    await table.ok("/gm undo")
    await table.ok("/gm undo")
    row = await table.app.db.active_campaign(GUILD, CHANNEL)
    assert row is not None
    state = CampaignState.model_validate_json(row.state_json)
    assert state.clash is None and state.dice_position == spent_at
    old = state.model_copy(update={"dice_position": pre_clash})
    engine = table.app.engine
    same = engine.apply(old, ClashStart(monster="stag", level=1, clash_type="full"), engine.dice_for(old))
    assert same.data["clash"]["ai_deck"] == first.data["clash"]["ai_deck"]


async def test_undo_of_a_sigh(table: Table) -> None:
    await _party(table)
    await _lose(table)
    await table.ok("/clash end")
    ended = await table.state()
    await table.ok("@kara /clash sigh")
    assert await table.state() != ended
    undo = await table.ok("/gm undo")
    assert undo.data["undone"]["command"] == "/clash sigh"
    assert await table.state() == ended
    await table.ok("@kara /clash sigh")  # and the Sigh can be spent again
    assert not (await table.state())["knights"]["kara"]["sheet"]["sigh_of_the_graal"]


async def test_replaying_the_log_rebuilds_the_sigh(table: Table) -> None:
    await _party(table)
    await _lose(table)
    await table.ok("/clash end")
    await table.ok("@kara /clash sigh")
    await table.ok("/clash start monster:stag level:1 type:full")
    row = await table.app.db.active_campaign(GUILD, CHANNEL)
    assert row is not None
    assert (await rebuild(table.app.db, table.app.engine, row.id)).model_dump_json() == row.state_json
