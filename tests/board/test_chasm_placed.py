"""A Chasm tile placed under a Knight by ``/clash place`` during a Clash, played through the Table (a real App on a
real SQLite file; rules/clash/chasm.py)."""

from __future__ import annotations

from typing import Any

from rules.state import CHASM_PLACED_VERSION
from tests.conftest import Table


async def _clash(t: Table) -> dict[str, Any]:
    """Ser Sonch on H5 and Maud on H6 face the Gallowmere Stag on B6 (its starting spaces)."""
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    state = await t.state()
    assert [(k["id"], k["space"]) for k in state["board"]["knights"]] == [("ser_sonch", "H5"), ("maud", "H6")]
    return state


def _dead(state: dict[str, Any]) -> dict[str, bool]:
    return {k["name"]: k["dead"] for k in state["knights"].values()}


async def test_a_chasm_placed_under_a_knight_kills_them(table: Table) -> None:
    """Rulebook (line 1933): If a Chasm tile is placed under a Knight, they die.

    The Clash's one death path: the Knight's miniature leaves the board, and the Clash goes on while a Knight lives."""
    await _clash(table)
    placed = await table.ok("/clash place kind:terrain name:Pit space:H5 keywords:Chasm")
    assert "Ser Sonch dies" in placed.text, placed.text
    state = await table.state()
    assert _dead(state) == {"Ser Sonch": True, "Maud": False}
    sonch = next(k for k in state["board"]["knights"] if k["id"] == "ser_sonch")
    assert sonch["dead"] and sonch["space"] is None
    assert [t["id"] for t in state["board"]["terrain"] if t["id"] == "pit"] == ["pit"]
    assert state["clash"]["over"] is None
    assert [k["space"] for k in placed.data["board"]["knights"]] == [None, "H6"]


async def test_the_last_knight_under_a_chasm_is_the_knights_defeat(table: Table) -> None:
    """Rulebook (line 1933): If a Chasm tile is placed under a Knight, they die.

    A Chasm two spaces wide under both Knights: every Knight is dead, the Clash ends with the Knights' Defeat."""
    await _clash(table)
    placed = await table.ok("/clash place kind:terrain name:Rift space:H5 width:2 keywords:Chasm")
    assert "Ser Sonch dies" in placed.text and "Maud dies" in placed.text and "Defeat" in placed.text
    state = await table.state()
    assert _dead(state) == {"Ser Sonch": True, "Maud": True}
    assert state["clash"]["over"] == "defeat"


async def test_a_chasm_placed_under_a_monster_is_told(table: Table) -> None:
    """Rulebook (line 1933): - Chasm: Terrain keyword. Knights cannot voluntarily move through Chasm spaces.

    A Chasm kills Knights; a Monster under one is told that nothing happens to it (docs/rulings.md), never silently,
    and stays where it is."""
    before = await _clash(table)
    placed = await table.ok("/clash place kind:terrain name:Pit space:B6 keywords:Chasm")
    assert "Pit lies under The Gallowmere Stag" in placed.text and "nothing happens to a Monster" in placed.text
    state = await table.state()
    assert state["board"]["monsters"] == before["board"]["monsters"] and not any(_dead(state).values())


async def test_a_chasm_placed_elsewhere_or_outside_a_clash_harms_nobody(table: Table) -> None:
    """Rulebook (line 1933): If a Chasm tile is placed under a Knight, they die.

    Only the Knights under the tile, and only during a Clash."""
    await _clash(table)
    aside = await table.ok("/clash place kind:terrain name:Pit space:G5 keywords:Chasm")
    assert "dies" not in aside.text and not any(_dead(await table.state()).values())
    await table.ok("/clash end")
    await table.ok("/clash place kind:terrain name:Gap space:H6 keywords:Chasm")
    assert not any(_dead(await table.state()).values())


async def test_an_older_campaign_only_puts_the_tile_down(table: Table) -> None:
    """Rulebook (line 1933): If a Chasm tile is placed under a Knight, they die.

    A campaign created before state version 6 replays its log as it was written: the tile was only put on the board."""
    await _clash(table)
    old = CHASM_PLACED_VERSION - 1
    await table.of_version(old)
    assert (await table.state())["version"] == old
    placed = await table.ok("/clash place kind:terrain name:Pit space:H5 keywords:Chasm")
    assert "dies" not in placed.text and not any(_dead(await table.state()).values())
