"""A database written by an older release opens, answers its waiting question, undoes, and replays exactly.

tests/fixtures/campaigns_0e0afe0.sqlite3 was written by main at 0e0afe0 (tests/fixtures/README.md): a whole
Expedition with both Clashes and an Encounter (campaign 1, ended) and a Delve that crossed the Deep Fog and waits on
an Encounter question (campaign 2). Players' logs are years long: every change must keep them replaying to the very
states they were saved with.
"""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.history import rebuild
from bot.app.service import App
from bot.console.runner import GUILD
from rules.state import CampaignState
from tests.conftest import Table, open_app

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "campaigns_0e0afe0.sqlite3"


@pytest.fixture
async def old(tmp_path: Path) -> AsyncIterator[App]:
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, path)
    application = await open_app(path)
    yield application
    await application.db.close()


async def _stored(app: App, campaign_id: int) -> CampaignState:
    row = await app.db.campaign(GUILD, campaign_id)
    assert row is not None
    return CampaignState.model_validate_json(row.state_json)


@pytest.mark.parametrize("campaign_id", [1, 2])
async def test_every_old_campaign_replays_to_the_state_it_was_saved_with(old: App, campaign_id: int) -> None:
    stored = await _stored(old, campaign_id)
    rebuilt = await rebuild(old.db, old.engine, campaign_id)
    assert rebuilt.model_dump() == stored.model_dump()


async def test_the_old_campaign_answers_its_waiting_question_then_undoes_it(old: App) -> None:
    table = Table(old)
    before = await _stored(old, 2)
    assert before.delve is not None and before.delve.encounter is not None
    answered = await table.ok("@sonch /encounter choose option:keep")
    assert "Power" in answered.text, answered.text
    after = await _stored(old, 2)
    assert after.model_dump() != before.model_dump()
    await table.ok("/gm undo")
    undone = await _stored(old, 2)
    assert undone.model_dump() == before.model_dump()
    assert (await rebuild(old.db, old.engine, 2)).model_dump() == before.model_dump()
