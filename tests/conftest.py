"""Shared fixtures: a real App on a real SQLite file, or (the ``backend`` fixture) on each backend in turn: SQLite and
a real PostgreSQL server (KFGM_TEST_POSTGRESQL_URL, as .ci/run exports it; else a throwaway cluster started here
with .ci/postgres; skipped with the reason only when PostgreSQL cannot be started on this machine)."""

from __future__ import annotations

import os
import subprocess
import tempfile
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
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

    async def of_version(self, version: int) -> None:
        """Make the campaign (id 1) one created at state ``version``, in its head and in the snapshot a rebuild
        starts from, as an older release wrote it; the App forgets its cached heads."""
        for table, where in (("campaigns", "id"), ("snapshots", "campaign_id")):
            await self.app.db.execute(f"UPDATE {table} SET state_json = json_set(state_json, '$.version', ?) "
                                      f"WHERE {where} = 1", version)
        self.app.forget_heads()


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


async def open_app(path: Path | str, seed: int = 1, images: Path | None = None) -> App:
    if images is None:
        images = Path(path).parent / "images" if "://" not in str(path) and str(path) != ":memory:" else \
            Path(tempfile.mkdtemp(prefix="kfgm-images-"))
    return App(await Database.open(path), CATALOGUE, build_registry(), seed=seed, image_dir=images)


# -- both backends -----------------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server's database that the tests may fill with schemas of their own."""
    url = os.environ.get("KFGM_TEST_POSTGRESQL_URL")
    if url:
        yield url
        return
    folder = Path(tempfile.mkdtemp(prefix="kfgm-pg-"))
    started = subprocess.run(["bash", str(ROOT / ".ci" / "postgres"), "start", str(folder)], capture_output=True,
                             text=True, timeout=180)
    if started.returncode != 0:
        subprocess.run(["bash", str(ROOT / ".ci" / "postgres"), "stop", str(folder)], capture_output=True)
        pytest.skip("PostgreSQL cannot be started on this machine, so the PostgreSQL variants are skipped: "
                    + (started.stderr.strip().splitlines() or ["(no message)"])[-1])
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run(["bash", str(ROOT / ".ci" / "postgres"), "stop", str(folder)], capture_output=True)


def postgres_schema(server: str) -> str:
    """A new, empty schema on ``server``: the URL that uses it (its search_path). Tests never share one (the cluster
    is thrown away after the run, schemas and all)."""
    import asyncpg

    schema = f"t_{uuid.uuid4().hex[:16]}"

    async def create() -> None:
        conn = await asyncpg.connect(server)
        try:
            await conn.execute(f"CREATE SCHEMA {schema}")
        finally:
            await conn.close()

    _in_thread(create)  # a test's event loop may be running: the schema is made on a loop of its own
    joiner = "&" if "?" in server else "?"
    return f"{server}{joiner}search_path={schema}"


def _in_thread(make: Callable[[], object]) -> None:
    import asyncio
    import threading

    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(make())  # type: ignore[arg-type]
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


class Backend:
    """Where a test's databases live on one backend: ``backend.target("name")`` is a SQLite file in the test's
    folder, or a PostgreSQL schema of its own; the same name is the same database (two Apps on one database)."""

    def __init__(self, kind: str, tmp_path: Path, server: str | None) -> None:
        self.kind = kind
        self.tmp_path = tmp_path
        self.server = server
        self._targets: dict[str, str] = {}

    def target(self, name: str = "kfgm") -> str:
        if name not in self._targets:
            self._targets[name] = str(self.tmp_path / f"{name}.sqlite3") if self.server is None else \
                postgres_schema(self.server)
        return self._targets[name]

    async def open_app(self, name: str = "kfgm", seed: int = 1) -> App:
        return await open_app(self.target(name), seed=seed, images=self.tmp_path / "images")


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Each test that asks for it runs on SQLite and on PostgreSQL."""
    server = request.getfixturevalue("postgres_server") if request.param == "postgresql" else None
    return Backend(request.param, tmp_path, server)


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
