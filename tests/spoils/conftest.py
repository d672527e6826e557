"""A Spoils table: Kara's Ser Sonch (the Questing Party Leader) and Ulfa's Maud (Free Roaming), an Expedition to
Aubrevane in its Vision Phase. ``refused`` checks that a refused command changes nothing."""

from __future__ import annotations

import json

import pytest

from bot.app.reply import Reply
from tests.conftest import Table


@pytest.fixture
async def spoils(table: Table) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok("/expedition start")
    await table.ok('@kara /expedition vision choice:quest knight:"Ser Sonch"')
    await table.ok("@ulfa /expedition vision choice:free_roam knight:Maud")
    await table.ok("@kara /expedition destination kingdom:aubrevane")
    return table


async def to_spoils(t: Table) -> Reply:
    return await t.ok('/expedition next phase:spoils reason:"test: straight to the Spoils"')


async def squire_earns_mettle(table: Table) -> Reply:
    """Ser Sonch on a Quest with his Squire Tam, Maud investigating; Tam completes her Investigation in the Delve, and
    the Spoils Phase offers the Mettle card she earned: the reply that opens the Spoils."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok("/expedition start")
    await table.ok("@kara /expedition vision choice:quest")
    await table.ok("@ulfa /expedition vision choice:investigation investigation:1")
    await table.ok('/expedition next phase:delve reason:"test"')
    inv = (await table.state())["squires"]["tam"]["investigation"]
    await table.ok(f"@kara /squire stat stat:{inv['primary']} change:{inv['needed']}")
    await table.ok(f"@kara /squire stat stat:{inv['secondary']} change:{inv['secondary_needed']}")
    return await table.ok('/expedition next phase:spoils reason:"the Full Clash is over"')


async def refused(t: Table, line: str, *words: str) -> Reply:
    """The command fails with a message naming ``words`` and the campaign state is exactly as it was."""
    before = json.dumps(await t.state(), sort_keys=True)
    reply = await t(line)
    assert not reply.ok, reply.text
    for w in words:
        assert w in (reply.error or ""), reply.error
    assert json.dumps(await t.state(), sort_keys=True) == before
    return reply


async def spoils_data(t: Table) -> dict:  # type: ignore[type-arg]
    return dict((await t.ok("/spoils status")).data["spoils"])
