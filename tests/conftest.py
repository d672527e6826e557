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
        reply = await self.app.run_line(invocation(user, command), command)
        assert_fits_discord(reply, line)
        return reply

    async def ok(self, line: str) -> Reply:
        reply = await self(line)
        assert reply.ok, f"{line}: {reply.error}"
        return reply

    async def state(self) -> dict:
        return (await self.ok("/gm state")).data["state"]


def assert_fits_discord(reply: Reply, line: str = "") -> None:
    """Every reply the tests produce, as Discord would get it (issue #8: "A test walks every registered command
    and every reply the tests produce and checks Discord's limits"): content 2000, at most 10 embeds of 6000 in all
    (title 256, description 4096, 25 fields of 1024), at most 5 rows and 25 components, labels 80, custom ids 100,
    select options 25."""
    from bot.discord.replies import render

    for message in render(reply, campaign_id=1):
        for f in message.get("files", []):
            f.close()
        where = f"{line!r}: "
        assert len(message.get("content") or "") <= 2000, where + "content over 2000"
        embeds = message.get("embeds", [])
        assert len(embeds) <= 10 and sum(len(e) for e in embeds) <= 6000, where + "embeds over Discord's limits"
        for e in embeds:
            assert len(e.title or "") <= 256 and len(e.description or "") <= 4096, where + "embed text too long"
            assert len(e.fields) <= 25 and all(len(f.value) <= 1024 for f in e.fields), where + "embed fields"
        view = message.get("view")
        if view is not None:
            items = view.children
            assert len(items) <= 25 and len({getattr(i, "row", 0) for i in items}) <= 5, where + "components"
            for item in items:
                inner = getattr(item, "item", item)  # a DynamicItem wraps its button or select
                assert len(getattr(inner, "label", None) or "") <= 80, where + "label over 80"
                assert len(getattr(inner, "custom_id", None) or "") <= 100, where + "custom id over 100"
                assert len(getattr(inner, "options", []) or []) <= 25, where + "select options over 25"


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
