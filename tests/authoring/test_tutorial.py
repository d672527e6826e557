"""docs/content.md, "Tutorial: the Ember Hound": every file and command of the tutorial, run as written, so the doc
cannot rot (issue #23, item 6)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.app.commands import build_registry
from bot.app.service import App
from bot.cli import main
from content.loader import load_catalogue
from storage.db import Database
from tests.conftest import Table

DOC = Path(__file__).parents[2] / "docs" / "content.md"
BLOCK = re.compile(r"<!-- tutorial: (\S+) -->\n```\w*\n(.*?)```", re.S)
COMMANDS = re.compile(r"^kfgm (content .*?)(?:\s+#.*)?$", re.M)


def tutorial() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("### Tutorial: the Ember Hound"):]


async def test_the_tutorial_runs_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = tutorial()
    files = dict(BLOCK.findall(text))
    commands = [c.split() for c in COMMANDS.findall(text)]
    assert len(commands) == 6 and set(files) == {"ember_pack/monsters/ember_hound.yaml",
                                                 "ember_pack/gear/ember_cleaver.yaml", "clash.txt"}
    for command in commands[:3]:  # the scaffolds
        assert main(command) == 0
    for name, body in files.items():  # the transcribed cards replace them
        Path(name).write_text(body, encoding="utf-8")
    for command in commands[3:]:  # validate, show --image, check
        assert main(command) == 0
    out = capsys.readouterr().out
    assert "ember_pack: valid" in out and "1. Closest Knight in front" in out and Path("snap.png").is_file()
    assert "odds: ember_hound level 1, mob Tier, best weapon ember_cleaver:" in out
    assert "0 error(s), 0 warning(s)" in out

    app = App(await Database.open(tmp_path / "kfgm.sqlite3"), load_catalogue([Path("ember_pack")]),
              build_registry(), seed=1, image_dir=tmp_path / "images")
    table = Table(app)
    try:
        replies = [await table.ok(line) for line in files["clash.txt"].splitlines() if line.strip()]
    finally:
        await app.db.close()
    assert "vs To Hit 5" in replies[-1].text and "The Ember Hound" in replies[-1].text
