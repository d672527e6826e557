"""The first command of a Knight's turn (issue #20): a Knight whose Knockdown card shows its standing-up side stands
up before that command is checked, and a Movement Action may end on the Knight's own space. Played through command
lines with the starter Cinder Abbot."""

from __future__ import annotations

from typing import Any

from tests.clash.test_monster_round import _answer_until_done
from tests.conftest import Table


async def _start(table: Table) -> None:
    for name in ("Kara", "Ser Sonch"):
        await table.ok(f'@{name.split()[-1].lower()} /knight create knight:lanternbearer name:"{name}"')
    await table.ok("/clash start monster:abbot level:1 type:full")
    await table.ok("/clash adjust deck:ai top:abbot_ai_censer_swing")
    await _answer_until_done(table, await table.ok("/monster round"))


def _next_to_the_abbot(state: dict[str, Any]) -> str:
    """A free space next to the Cinder Abbot's 3×3 base (its anchor is the top-left space)."""
    anchor = state["board"]["monsters"][0]["anchor"]
    row, col = ord(anchor[0]) - ord("A"), int(anchor[1:]) - 1
    taken = {k["space"] for k in state["board"]["knights"]}
    for r, c in ((row + 3, col + 1), (row - 1, col + 1), (row + 1, col - 1), (row + 1, col + 3)):
        label = f"{chr(ord('A') + r)}{c + 1}"
        if 0 <= r < 8 and 0 <= c < 12 and label not in taken:
            return label
    raise AssertionError("no free space next to the Abbot")


async def _end_others(table: Table) -> None:
    state = await table.state()
    for k in state["board"]["knights"]:
        if k["name"] != "Kara" and not k["dead"] and k["id"] not in state["clash"]["flow"]["acted"]:
            await table.ok(f'/knight end-turn knight:"{k["name"]}"')


async def test_a_knight_standing_up_may_attack_as_the_first_command_of_the_turn(table: Table) -> None:
    """Rulebook (line 2002): At the end of your next turn, you flip the card to the Knockdown (standing up) side. All
    Knights with a Knockdown (standing up) card stand up at the start of their next turn.

    Rulebook (line 1255): Each Knight turn starts with the Refresh step. Then, a Knight gets one Combat Action, one
    Movement Action, and an unlimited number of free actions

    ``/knight attack`` as the turn's first command was refused ("is knocked down"): the check ran before the turn
    opened, and the turn's start is when the Knight stands up."""
    await _start(table)
    state = await table.state()
    await table.ok(f"/clash place kind:knight name:Kara space:{_next_to_the_abbot(state)} knocked_down:true")
    refused = await table('@kara /knight attack weapon:"Pilgrim\'s Mace"')
    assert not refused.ok and "knocked down" in refused.error  # the falling-down side: no actions
    ended = await table.ok("@kara /knight end-turn")
    assert "flips the Knockdown card to its standing up side" in ended.text
    await _end_others(table)
    await _answer_until_done(table, await table.ok("/monster round"))
    state = await table.state()
    kara = next(k for k in state["board"]["knights"] if k["name"] == "Kara")
    assert not kara["dead"] and state["clash"]["over"] is None and kara["knocked_down"]
    # the GM puts her back next to the Abbot, still lying down (the Monster Round may have moved it)
    await table.ok(f"/clash place kind:knight name:Kara space:{_next_to_the_abbot(state)} knocked_down:true")
    attacked = await table.ok('@kara /knight attack weapon:"Pilgrim\'s Mace"')
    assert "Kara stands up (Knockdown, standing up side)." in attacked.text
    assert attacked.text.index("stands up") < attacked.text.index("declares an Attack")
    state = await table.state()
    assert not next(k for k in state["board"]["knights"] if k["name"] == "Kara")["knocked_down"]


async def test_a_movement_action_may_end_on_the_knights_own_space(table: Table) -> None:
    """Rulebook (line 1264): When you perform your Movement Action, you can move a number of spaces up to your
    Knight's Speed value.

    "Up to" includes 0: ``/knight move`` onto the Knight's own space was refused ("cannot reach"). It spends the
    Movement Action; a knocked down Knight still cannot do it."""
    await _start(table)
    state = await table.state()
    here = next(k for k in state["board"]["knights"] if k["name"] == "Kara")["space"]
    stayed = await table.ok(f"@kara /knight move to:{here}")
    assert f"Kara stays on {here} (0 spaces)." in stayed.text
    assert next(k for k in (await table.state())["board"]["knights"] if k["name"] == "Kara")["space"] == here
    again = await table(f"@kara /knight move to:{here}")
    assert not again.ok and "already used their Movement Action" in again.error
    await table.ok("@kara /knight end-turn")
    await table.ok(f"/clash place kind:knight name:\"Ser Sonch\" space:{_sonch(state)} knocked_down:true")
    down = await table(f"@sonch /knight move to:{_sonch(state)}")
    assert not down.ok and "knocked down" in down.error


def _sonch(state: dict[str, Any]) -> str:
    space: str = next(k for k in state["board"]["knights"] if k["name"] == "Ser Sonch")["space"]
    return space
