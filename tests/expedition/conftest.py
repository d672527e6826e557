"""An Expedition table: Kara's Ser Sonch and Ulfa's Maud, an Expedition started."""

from __future__ import annotations

import pytest

from tests.conftest import Table


@pytest.fixture
async def party(table: Table) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok("/expedition start")
    return table


async def phase(t: Table) -> str:
    reply = await t.ok("/expedition status")
    return str(reply.data["expedition"]["phase"])
