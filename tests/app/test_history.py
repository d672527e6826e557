"""GM override, undo and amend through the application, on a real database file."""

from __future__ import annotations

from bot.app.history import rebuild
from bot.console.runner import invocation
from tests.conftest import Table


async def test_forced_roll_is_used_exactly_once_and_shows_in_the_log(table: Table) -> None:
    await table.ok("/gm force-next values:10")
    first = await table.ok("/roll test difficulty:9")
    assert first.data["naturals"] == [10] and first.data["success"] is True
    state = await table.state()
    assert state["forced_dice"] == []
    log = (await table.ok("/gm log")).data["entries"]
    forced = [r for e in log for r in e["rolls"] if r["forced"]]
    assert forced == [{"kind": "d10", "value": 10, "purpose": "test", "forced": True}]
    assert "10*" in (await table.ok("/gm log")).text


async def test_force_next_covers_a_d100_white_die_first(table: Table) -> None:
    await table.ok("/gm force-next values:10,3")
    reply = await table.ok("/roll d100")
    assert reply.data["white"] == 10 and reply.data["black"] == 3 and reply.data["result"] == 3


async def test_a_forced_value_that_does_not_fit_the_die_is_refused_and_kept(table: Table) -> None:
    await table.ok("/gm force-next values:9")
    reply = await table("/roll power red:1")
    assert not reply.ok and "1 to 6" in (reply.error or "")
    assert (await table.state())["forced_dice"] == [9]


async def test_undo_restores_the_state_json_exactly(table: Table) -> None:
    await table.ok("/roll test difficulty:6")
    before = await table.state()
    await table.ok("/deck draw deck:judicium vigor:-9")
    await table.ok("/roll power red:3")
    assert await table.state() != before
    await table.ok("/gm undo")
    await table.ok("/gm undo")
    assert await table.state() == before


async def test_undo_then_the_same_command_rolls_the_same_dice(table: Table) -> None:
    first = await table.ok("/roll dice count:5")
    await table.ok("/gm undo")
    again = await table.ok("/roll dice count:5")
    assert again.data["naturals"] == first.data["naturals"]


async def test_undo_with_nothing_to_undo_is_refused(table: Table) -> None:
    reply = await table("/gm undo")
    assert not reply.ok and "nothing to undo" in (reply.error or "")


async def test_amend_last_changes_only_what_the_new_dice_change(table: Table) -> None:
    await table.ok("/roll test difficulty:6")
    original = await table.ok("/roll dice count:3")
    before = await table.state()
    amended = await table.ok("/gm amend-last values:2")
    assert amended.data["naturals"] == [2, *original.data["naturals"][1:]]
    after = await table.state()
    assert after["last_roll"]["naturals"] == amended.data["naturals"]
    # everything else, the dice position included, is as it was
    before["last_roll"]["naturals"] = amended.data["naturals"]
    assert after == before
    # and the next roll is the one that would have come anyway
    later = await table.ok("/roll dice count:2")
    await table.ok("/gm undo")
    await table.ok("/gm undo")
    await table.ok("/roll dice count:3")
    assert (await table.ok("/roll dice count:2")).data["naturals"] == later.data["naturals"]


async def test_amend_with_too_many_values_is_refused(table: Table) -> None:
    await table.ok("/roll test difficulty:6")
    reply = await table("/gm amend-last values:3,4")
    assert not reply.ok and "at most 1" in (reply.error or "")


async def test_amend_of_a_deck_draw_is_refused_because_it_rolled_no_dice(table: Table) -> None:
    await table.ok("/deck draw deck:minor_mortis")
    reply = await table("/gm amend-last values:3")
    assert not reply.ok and "rolled no dice" in (reply.error or "")


async def test_players_cannot_use_gm_powers(table: Table) -> None:
    for line in (
        "@kara /gm undo",
        "@kara /gm force-next values:10",
        "@kara /gm state",
        "@kara /deck peek deck:judicium",
    ):
        reply = await table(line)
        assert not reply.ok and "only the campaign's GM" in (reply.error or ""), line


async def test_replaying_the_log_rebuilds_the_head_state(table: Table) -> None:
    lines = [
        "/roll test difficulty:6 bonus:1",
        "/roll reroll dice:1",
        "/deck draw deck:major_mortis count:3",
        "/gm force-next values:4,4",
        "/roll dice count:3",
        "/gm undo",
        "/roll d100",
        "/gm amend-last values:7,7",
        "/deck search deck:condition card:condition_opened_vein",
        "/deck shuffle deck:minor_mortis",
        "/gm undo",
        "/roll power red:9 black:5 white:4",
        "/roll save kind:threat modifier:1",
    ]
    for line in lines:
        reply = await table(line)
        assert reply.ok, (line, reply.error)
    loaded = await table.app.load(invocation("gm", "/gm state"))
    rebuilt = await rebuild(table.app.db, table.app.engine, loaded.row.id)
    assert rebuilt.model_dump() == loaded.state.model_dump()


async def test_undo_walks_back_past_the_first_entries_it_reads(table: Table) -> None:
    """The newest effective action is found by reading the log backwards, the last few entries first: a run of ten
    undos (twenty entries back) still finds the right action to take back next."""
    states = [await table.state()]
    for n in range(12):
        await table.ok(f"/roll test difficulty:{n % 9 + 1}")
        states.append(await table.state())
    for n in range(10):
        await table.ok("/gm undo")
        assert await table.state() == states[11 - n]
    await table.ok("/gm undo")
    assert await table.state() == states[1]
