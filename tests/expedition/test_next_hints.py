"""`/expedition status`'s next command names what the table waits for (issue #20, "What now?": "Every reply that
ends a step names the next command correctly in every phase"): found playing a whole Expedition in the console,
where it said `/delve travel` during an Encounter, `/knight move|attack` after the Knight had moved, and `/rest`
while the Rest waited for its Rest Techniques."""

from __future__ import annotations

from tests.conftest import Table
from tests.expedition.test_phases import to_delve


async def _next(t: Table) -> str:
    return str((await t.ok("/expedition status")).data["next"])


async def test_during_an_encounter_the_next_command_is_the_encounters(party: Table) -> None:
    """Rulebook (line 892): Once the Monster Round is over, it's your time to shine! Remember, you have only one
    Round to win. Each Knight may either perform an Attack Action or a Help Action."""
    t = party
    await to_delve(t, quest=False)
    reply = await t.ok("/encounter start")
    for _ in range(6):  # the Positioning Step: each Knight's space
        if reply.pending is None:
            break
        nxt = await _next(t)
        assert nxt.startswith(f"/encounter choose decision:{reply.pending['id']} option:<"), nxt
        who = reply.pending["who"]
        user = f"@{who[0]} " if len(who) == 1 else ""
        reply = await t.ok(f"{user}/encounter choose decision:{reply.pending['id']} option:{reply.pending['options'][0]}")
    nxt = await _next(t)
    assert nxt.startswith("/encounter attack weapon:<gear> or /encounter help (still to act:"), nxt
    assert "Ser Sonch" in nxt and "Maud" in nxt


async def test_the_turn_names_the_actions_left(party: Table) -> None:
    """Rulebook (line 1023): During the Knight Round, each Knight takes their turn, by performing a Movement Action
    and a Combat Action in any order."""
    t = party
    await to_delve(t, quest=False)
    await t.ok("/delve gain time:8")
    await t.ok("/clash start monster:stag level:1 type:exhibition providence:true")
    state = await t.state()
    space = next(k["space"] for k in state["board"]["knights"] if k["name"] == "Ser Sonch")
    row, col = space[0], int(space[1:])
    await t.ok(f"@kara /knight move to:{chr(ord(row) - 1)}{col}")
    nxt = await _next(t)
    assert nxt == "/knight attack ... or /knight end-turn (it is Ser Sonch's turn)", nxt


async def test_the_rest_waiting_for_its_techniques_says_so(party: Table) -> None:
    """Rulebook (line 584): - Rest Phase: Take a short break to regain strength and resources, resolve Campfire
    Tales (p. 66)."""
    t = party
    await to_delve(t, quest=False)
    await t.ok("/delve gain time:8")
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    await t.ok("/clash end")
    assert await _next(t) == "/rest"
    waiting = await t.ok("/rest tale:false")  # the Rest Abilities step waits (Rest Techniques in hand)
    assert waiting.data["rest"]["waiting"]
    assert (await _next(t)).startswith("/rest (again, once the Rest Techniques are played with /knight technique")
