"""The image folder (KFGM_IMAGE_DIR) stays bounded: old pictures and exports are removed as new ones are written."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from bot.app.commands import build_registry
from bot.app.service import App, ImagePolicy, sweep_images
from bot.settings import Settings
from storage.db import Database
from tests.conftest import CATALOGUE, Table

HOUR = 3600.0


def _file(folder: Path, name: str, age_s: float, now: float) -> Path:
    path = folder / name
    path.write_bytes(b"png")
    os.utime(path, (now - age_s, now - age_s))
    return path


def test_a_sweep_keeps_the_newest_and_removes_the_rest(tmp_path: Path) -> None:
    now = time.time()
    old = [_file(tmp_path, f"campaign1-{seq}-board.png", 1000.0 * (10 - seq), now) for seq in range(6)]
    fresh = _file(tmp_path, "campaign2-0-knight-kara.png", 10.0, now)  # younger than the grace: never removed
    foreign = _file(tmp_path, "notes.txt", 100 * HOUR, now)  # not a name the bot writes: never removed
    removed = sweep_images(tmp_path, ImagePolicy(keep=3, max_age_s=24 * HOUR, grace_s=300.0), now)
    assert sorted(removed) == sorted(old[:4])
    assert {p.name for p in tmp_path.iterdir()} == {old[4].name, old[5].name, fresh.name, foreign.name}


def test_a_sweep_removes_what_is_older_than_the_age_limit_and_spares_what_is_being_sent(tmp_path: Path) -> None:
    now = time.time()
    stale = _file(tmp_path, "campaign1-3-export.json.gz", 25 * HOUR, now)
    second = _file(tmp_path, "campaign1-4-export.json", 23 * HOUR, now)  # young enough, but beyond the newest one
    beyond = [_file(tmp_path, f"campaign1-{seq}-board.png", float(seq), now) for seq in range(5, 8)]  # seconds old
    assert sweep_images(tmp_path, ImagePolicy(keep=1, max_age_s=24 * HOUR, grace_s=300.0), now) == [second, stale]
    assert all(p.exists() for p in beyond)  # beyond the newest one, but written in the last five minutes
    assert sweep_images(tmp_path / "missing", ImagePolicy(), now) == []


async def test_commands_writing_files_keep_the_folder_bounded(tmp_path: Path) -> None:
    images = tmp_path / "images"
    app = App(await Database.open(tmp_path / "kfgm.sqlite3"), CATALOGUE, build_registry(), seed=1,
              image_dir=images, images=ImagePolicy(keep=2, grace_s=0.0, sweep_every=1))
    table = Table(app)
    await table.ok('/campaign new name:"Pictures"')
    written = []
    for _ in range(5):
        await table.ok("/roll d100")
        reply = await table.ok("/campaign export")
        written.append(Path(reply.data["export"]["file"]))
        os.utime(written[-1], (time.time() - 100 + len(written), time.time() - 100 + len(written)))
        assert len(list(images.iterdir())) <= 3  # the newest two before it, and it
    assert written[-1].exists() and written[-2].exists() and not written[0].exists()
    await app.db.close()


def test_the_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KFGM_IMAGE_KEEP", "25")
    monkeypatch.setenv("KFGM_IMAGE_MAX_AGE_HOURS", "1.5")
    policy = Settings(_env_file=None).image_policy()  # type: ignore[call-arg]
    assert (policy.keep, policy.max_age_s) == (25, 1.5 * HOUR)
    monkeypatch.setenv("KFGM_IMAGE_KEEP", "0")
    with pytest.raises(ValueError):
        Settings(_env_file=None)  # type: ignore[call-arg]


async def test_kfgm_play_uses_the_settings(tmp_path: Path) -> None:
    from bot.cli import open_app

    settings = Settings(_env_file=None, image_dir=tmp_path / "pics", image_keep=7)  # type: ignore[call-arg]
    app = await open_app(":memory:", 1, settings)
    assert (app.image_dir, app.images.keep) == (tmp_path / "pics", 7)
    await app.db.close()
