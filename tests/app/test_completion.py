"""The completion sources (bot/app/complete.py) that the console's Tab and Discord's autocomplete share, set up by
command lines: the decision keys of every answering command, and the spaces a Movement Action reaches."""

from __future__ import annotations

from bot.app import complete
from rules.state import CampaignState
from tests.clash.test_monster_round import _answer_until_done
from tests.conftest import Table


async def _state(table: Table) -> CampaignState:
    return CampaignState.model_validate(await table.state())


def _values(table: Table, state: CampaignState, path: tuple[str, ...], option: str, user: str = "kara",
            **given: str) -> list[str]:
    command = table.app.registry.commands[path]
    spec = next(o for o in command.options if o.name == option)
    source = complete.source_of(path, option, spec.autocomplete)
    assert source is not None, (path, option)
    return [c.value for c in source(state, table.app.engine, complete.Typed(user, path, given, ""))]


async def test_the_decision_keys_of_the_travel_step(table: Table) -> None:
    """Rulebook (line 738): - Travel step: As a party, decide which face down tile you want to travel onto, or whether you want to Backtrack or Enter the Deep Fog (see The Deep Fog, p. 37).

    ``/delve travel decision:`` completes the step's id, and ``/choose`` (the Clash's command) offers nothing then."""  # noqa: E501
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    started = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert started.pending is not None
    state = await _state(table)
    assert _values(table, state, ("delve", "travel"), "decision") == [started.pending["id"]]
    assert _values(table, state, ("choose",), "decision") == []
    paths = _values(table, state, ("delve", "travel"), "to")
    assert paths == [k for k in started.pending["options"] if not k.startswith("fog:")]


async def test_the_spaces_offered_are_those_a_move_accepts_and_never_the_knight_s_own(table: Table) -> None:
    """Rulebook, "Movement Action": the Knight moves up to their Speed. The spaces offered are those ``/knight
    move`` accepts, nearest first, without the space the Knight stands on."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    await _answer_until_done(table, await table.ok("/monster round"))
    state = await _state(table)
    here = state.board.knight("kara").space
    assert here is not None
    spaces = _values(table, state, ("knight", "move"), "to")
    assert spaces and here.label not in spaces
    moved = await table.ok(f"@kara /knight move to:{spaces[-1]}")
    assert f"Kara moves to {spaces[-1]}" in moved.text


async def test_the_weapons_offered_are_those_the_attack_may_declare(table: Table) -> None:
    """Rulebook, "1. Declare Attack and Active Weapon": "choose one of your unexhausted weapon Gear cards as an
    active weapon for this Attack": an exhausted weapon is not offered, and the Attack refuses it too."""
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    await _answer_until_done(table, await table.ok("/monster round"))
    before = _values(table, await _state(table), ("knight", "attack"), "weapon")
    assert "Hunting Bow" in before and "Tinderbox" not in before, before  # weapons only, not the whole Loadout
    await table.ok("@kara /knight gear action:exhaust gear:gear_hunting_bow")
    after = _values(table, await _state(table), ("knight", "attack"), "weapon")
    assert after == [w for w in before if w != "Hunting Bow"]
    refused = await table('@kara /knight attack weapon:"Hunting Bow"')
    assert not refused.ok and "exhausted" in (refused.error or "")
