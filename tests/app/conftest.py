"""The application's tests run on both backends: the ``app`` fixture (and so ``table``) opens its App on SQLite and,
in a second run of each test, on PostgreSQL (tests/conftest.py ``backend``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.app.service import App
from tests.conftest import Backend


@pytest.fixture
async def app(backend: Backend) -> AsyncIterator[App]:
    application = await backend.open_app()
    yield application
    await application.db.close()
