"""Shared fixtures: a real App on a real SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.commands import build_registry
from bot.app.reply import Reply
from bot.app.service import App
from bot.console.runner import invocation, split_user
from content.loader import load_catalogue
from storage.db import Database

CATALOGUE = load_catalogue()


class Table:
    """Players at a table: ``await table("@kara /roll test difficulty:6")``."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, line: str) -> Reply:
        user, command = split_user(line)
        return await self.app.run_line(invocation(user, command), command)

    async def ok(self, line: str) -> Reply:
        reply = await self(line)
        assert reply.ok, f"{line}: {reply.error}"
        return reply

    async def state(self) -> dict:
        return (await self.ok("/gm state")).data["state"]


async def open_app(path: Path | str, seed: int = 1) -> App:
    images = Path(path).parent / "images" if str(path) != ":memory:" else Path("data/images")
    return App(await Database.open(path), CATALOGUE, build_registry(), seed=seed, image_dir=images)


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    application = await open_app(tmp_path / "kfgm.sqlite3")
    yield application
    await application.db.close()


@pytest.fixture
async def table(app: App) -> Table:
    t = Table(app)
    await t.ok('/campaign new name:"Test Vigil"')
    return t
