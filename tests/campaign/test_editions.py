"""Editions of the starter pack (content/editions.py, docs/campaign.md "Editions of the starter pack").

The starter pack was re-balanced for natural dice (edition 2: docs/balance.md). A campaign saved before that plays
edition 1 until its GM moves it on, so its log replays exactly (tests/storage/test_old_database.py replays two such
campaigns); these tests play a campaign of each edition from its commands.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.history import rebuild
from bot.app.service import App
from content import editions
from tests.conftest import Table, open_app

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "knights_0e0afe0.sqlite3"
OLD_DELVE = Path(__file__).resolve().parents[1] / "fixtures" / "campaigns_0e0afe0.sqlite3"


async def _copy(fixture: Path, tmp_path: Path) -> App:
    path = tmp_path / fixture.name
    shutil.copyfile(fixture, path)
    return await open_app(path)


@pytest.fixture
async def old(tmp_path: Path) -> AsyncIterator[Table]:
    app = await _copy(FIXTURE, tmp_path)
    yield Table(app)
    await app.db.close()


async def _boss_activations(table: Table) -> int:
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    return len((await table.state())["clash"]["boss_activations"])


async def test_a_new_campaign_plays_the_current_edition(table: Table) -> None:
    shown = await table.ok("/campaign edition")
    assert shown.data == {"content_edition": editions.CURRENT_EDITION, "current_edition": editions.CURRENT_EDITION}
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    assert await _boss_activations(table) == 2, "edition 2: the Cinder Abbot acts twice a Round at level 1"


async def test_an_old_campaign_plays_edition_one_until_its_gm_moves_it_on(old: Table) -> None:
    shown = await old.ok("/campaign edition")
    assert shown.data["content_edition"] == 1 and "upgrade:yes" in shown.text
    info = await old.ok("/campaign info")
    assert "edition 1" in info.text and info.data["content_edition"] == 1
    assert await _boss_activations(old) == 1, "edition 1: one activation at level 1, as the campaign was created"
    await old.ok("/gm undo")

    refused = await old("@sonch /campaign edition upgrade:yes")
    assert not refused.ok and "only a GM" in (refused.error or "")
    moved = await old.ok("/campaign edition upgrade:yes")
    assert moved.data["content_edition"] == editions.CURRENT_EDITION and moved.data["previous_edition"] == 1
    assert await _boss_activations(old) == 2, "from the upgrade on, the current edition plays"
    state = await old.state()
    assert state["content_edition"] == editions.CURRENT_EDITION
    rebuilt = await rebuild(old.app.db, old.app.engine, 1)
    assert rebuilt.model_dump(mode="json") == state, "each entry replays with the edition it was played with"

    await old.ok("/gm undo")  # the Clash
    await old.ok("/gm undo")  # the upgrade itself
    assert (await old.ok("/campaign edition")).data["content_edition"] == 1


async def test_no_upgrade_while_a_delve_is_under_way(tmp_path: Path) -> None:
    app = await _copy(OLD_DELVE, tmp_path)
    try:
        refused = await Table(app)("/campaign edition upgrade:yes")
        assert not refused.ok and "a Delve is under way" in (refused.error or "")
    finally:
        await app.db.close()


async def test_every_edition_this_release_knows_loads() -> None:
    assert editions.known() == list(range(1, editions.CURRENT_EDITION + 1))
