"""A Clash Technique whose cost is an action of the Knight's turn, played through the Table (a real App on a real
SQLite file; rules/knights/handlers.py ``technique_action``): Ser Sonch's Smokescreen costs the Movement Action."""

from __future__ import annotations

import json

from rules.state import TECHNIQUE_ACTION_VERSION
from tests.clash.test_monster_round import _answer_until_done
from tests.conftest import Table

SMOKE = "@sonch /knight technique action:clash technique:lanternbearer_t_smoke"


async def _knight_round(table: Table) -> None:
    """Ser Sonch and Kara against the Cinder Abbot, in the first Knight Round."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    await _answer_until_done(table, await table.ok("/monster round"))


def _zone(state: dict, technique: str) -> str:
    return state["knights"]["ser-sonch"]["board"]["techniques"][technique]


async def test_a_technique_costing_the_movement_action_spends_it(table: Table) -> None:
    """Rulebook (line 420): When you use a Technique, you must first pay its cost.

    Rulebook (line 1255): Each Knight turn starts with the Refresh step. Then, a Knight gets one Combat Action, one
    Movement Action, and an unlimited number of free actions (see Free Actions, p. 62). ... Some effects and abilities
    may require you to spend one or both of your actions. You can only spend an action if you haven't performed it
    yet, and after it is spent it cannot be performed again this turn.

    Smokescreen spends Ser Sonch's Movement Action: he cannot move after it, and may still attack."""
    await _knight_round(table)
    used = await table.ok(SMOKE)
    assert "Ser Sonch spends the Movement Action on Smokescreen." in used.text, used.text
    state = await table.state()
    turn = state["clash"]["flow"]["turn"]
    assert (turn["knight"], turn["moved"], turn["attacked"]) == ("ser_sonch", True, False)
    assert _zone(state, "lanternbearer_t_smoke") == "delay"
    moved = await table("@sonch /knight move to:G4")
    assert not moved.ok and "Movement Action" in (moved.error or ""), moved.error


async def test_a_spent_movement_action_refuses_the_technique(table: Table) -> None:
    """Rulebook (line 1255): Each Knight turn starts with the Refresh step. Then, a Knight gets one Combat Action, one
    Movement Action, and an unlimited number of free actions (see Free Actions, p. 62). ... You can only spend an
    action if you haven't performed it yet, and after it is spent it cannot be performed again this turn.

    Refused politely, nothing changed; the Exert effect ignores the cost and is still used."""
    await _knight_round(table)
    await table.ok("@sonch /knight move to:G4")
    before = json.dumps(await table.state(), sort_keys=True)
    refused = await table(SMOKE)
    assert not refused.ok
    assert refused.error == ("Smokescreen costs the Movement Action, and Ser Sonch has already used the Movement "
                             "Action this turn: an action is spent once a turn (the Exert effect ignores the cost: "
                             "`action:exert`); nothing was changed"), refused.error
    assert json.dumps(await table.state(), sort_keys=True) == before
    await table.ok("@sonch /knight technique action:exert technique:lanternbearer_t_smoke")
    assert _zone(await table.state(), "lanternbearer_t_smoke") == "delay"


async def test_a_technique_costing_an_action_waits_for_the_knight_round(table: Table) -> None:
    """Rulebook (line 1255): Each Knight turn starts with the Refresh step. Then, a Knight gets one Combat Action, one
    Movement Action, and an unlimited number of free actions (see Free Actions, p. 62).

    The Monster Round has no Knight turn, so no action to spend."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    refused = await table(SMOKE)
    assert not refused.ok and "it is used in Ser Sonch's own turn, in the Knight Round" in (refused.error or "")
    assert _zone(await table.state(), "lanternbearer_t_smoke") == "hand"


async def test_an_older_campaign_pays_only_heat_and_vigor(table: Table) -> None:
    """Rulebook (line 420): When you use a Technique, you must first pay its cost.

    A campaign created before state version 6 replays its log as it was written: the action was the players' to
    track."""
    await _knight_round(table)
    old = TECHNIQUE_ACTION_VERSION - 1
    await table.of_version(old)
    await table.ok("@sonch /knight move to:G4")
    used = await table.ok(SMOKE)
    assert "spends the Movement Action" not in used.text
    assert _zone(await table.state(), "lanternbearer_t_smoke") == "delay"
