"""An Expedition at the Outpost: Kara's Ser Sonch (Questing, Party Leader) and Ulfa's Maud, in Aubrevane."""

from __future__ import annotations

import pytest

from tests.conftest import Table


@pytest.fixture
async def outpost(table: Table) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok("/expedition start")
    await table.ok("@kara /expedition vision choice:quest")
    await table.ok("@ulfa /expedition vision choice:investigation investigation:1")
    await table.ok("@kara /expedition destination kingdom:aubrevane")
    await table.ok("/expedition next")
    for kid, name in (("ser-sonch", '"Ser Sonch"'), ("maud", "Maud")):  # 30 Gold each, whatever they start with
        change = 30 - await gold(table, kid)
        if change:
            await table.ok(f"/knight stat stat:gold change:{change} name:{name}")
    return table


async def gold(t: Table, kid: str) -> int:
    return int((await t.state())["knights"][kid]["sheet"]["gold"])
