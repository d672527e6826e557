"""The console plays like Discord (issue #20): every question prints its options, a line editor with a history per
database and Tab completion, inline ``# comments``, a polite error for a missing script, and pictures of two
databases kept apart."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from bot.app.commands import build_registry
from bot.app.service import App
from bot.console.editor import CommandCompleter, edit_loop, history_path, session
from bot.console.runner import run_lines, strip_comment
from storage.db import Database
from tests.conftest import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
CLASH = ROOT / "tests" / "scripts" / "clash" / "stag_full_victory.txt"


def kfgm(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("KFGM_")}
    environment.update(env or {})
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True, timeout=120,
                          env=environment, cwd=ROOT)


async def _app(tmp_path: Path, name: str = "play") -> App:
    return App(await Database.open(tmp_path / f"{name}.sqlite3"), CATALOGUE, build_registry(), seed=5,
               image_dir=tmp_path / "images")


async def test_a_clash_question_prints_every_option_with_its_key_label_and_help(tmp_path: Path) -> None:
    """The issue: "Sidelong Kick: the Monster has 3 equally short ways to move; the players choose." — which 3?
    Now the console prints each option as the buttons show it, and the command that answers."""
    lines = [x for x in CLASH.read_text(encoding="utf-8").splitlines() if x and not x.startswith("#")]
    first = next(i for i, x in enumerate(lines) if x.startswith("/choose"))
    app = await _app(tmp_path)
    out = io.StringIO()
    try:
        await run_lines(app, lines[:first], out, as_json=False)
    finally:
        await app.db.close()
    text = out.getvalue()
    asked = text[text.rindex("❓"):]
    assert asked.startswith("❓ Answer with /choose decision:d1 option:<key>")
    options = [x.strip() for x in asked.splitlines()[1:] if x.strip().startswith("[")]
    assert len(options) >= 2 and all(" — " in o for o in options), options  # key, label and what it does


def test_inline_comments_are_dropped_outside_quotes() -> None:
    assert strip_comment("/roll test difficulty:6 bonus:2          # a d10 test") == "/roll test difficulty:6 bonus:2"
    assert strip_comment('/campaign new name:"The #1 Vigil" # note') == '/campaign new name:"The #1 Vigil"'
    assert strip_comment("/knight note text:ward#3") == "/knight note text:ward#3"
    assert strip_comment("# only a comment") == ""


def test_a_readme_line_with_its_trailing_comment_runs(tmp_path: Path) -> None:
    script = tmp_path / "readme.txt"
    script.write_text('/campaign new name:"The Ashen Vigil"\n/roll test difficulty:6 bonus:2          # a d10 test\n',
                      encoding="utf-8")
    done = kfgm("play", "--script", str(script), "--json", "--seed", "3", env={"KFGM_IMAGE_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.count('"ok": true') == 2, done.stdout


def test_a_missing_script_is_a_polite_error_not_a_traceback(tmp_path: Path) -> None:
    done = kfgm("play", "--script", str(tmp_path / "missing.txt"))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "cannot read the script" in done.stderr and "one command a line" in done.stderr


def test_pictures_of_two_console_databases_do_not_overwrite_each_other(tmp_path: Path) -> None:
    script = tmp_path / "board.txt"
    script.write_text('/campaign new name:"A"\n/clash place kind:monster name:Egg space:C5 size:4\n/clash board\n',
                      encoding="utf-8")
    pictures = []
    for db in ("one", "two"):
        done = kfgm("play", "--script", str(script), "--db", str(tmp_path / f"{db}.sqlite3"),
                    env={"KFGM_IMAGE_DIR": str(tmp_path / "images")})
        assert done.returncode == 0, done.stderr
        pictures.append(sorted(p.relative_to(tmp_path / "images") for p in (tmp_path / "images").rglob("*.png")))
    assert pictures[0] and all(p.parts[0] == "one" for p in pictures[0])
    assert len(pictures[1]) == 2 * len(pictures[0]) and {p.parts[0] for p in pictures[1]} == {"one", "two"}


async def test_tab_completes_commands_options_and_values_from_the_campaign(tmp_path: Path) -> None:
    lines = [x for x in CLASH.read_text(encoding="utf-8").splitlines() if x and not x.startswith("#")]
    first = next(i for i, x in enumerate(lines) if x.startswith("/choose"))
    app = await _app(tmp_path)
    try:
        await run_lines(app, lines[:first], io.StringIO(), as_json=False)
        completer = CommandCompleter(app)
        await completer.refresh()

        def complete(text: str) -> list[str]:
            return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]

        assert "/knight attack " in complete("/kni")
        assert "attack " in complete("/knight at")
        assert "weapon:" in complete("@kara /knight attack ")
        assert 'weapon:"Hunting Bow" ' in complete("@kara /knight attack weapon:")  # Kara's Loadout, by name
        assert complete("/choose decision:") == ["decision:d1 "]
        keys = complete("/choose decision:d1 option:")
        assert keys and all(k.startswith("option:") for k in keys)
        assert 'knight:"Ser Sonch" ' in complete("/knight sheet knight:Ser")
        # name:, the option's older name, completes too, to the option every command calls knight:
        assert 'knight:"Ser Sonch" ' in complete("/knight sheet name:Ser")
        assert complete("/clash start type:") == ["type:exhibition ", "type:full "]
    finally:
        await app.db.close()


async def test_the_line_editor_keeps_a_history_per_database_and_recalls_it_with_the_up_arrow(tmp_path: Path) -> None:
    """Arrow keys through prompt_toolkit's pipe input: Up recalls the last line, and the history is the database's
    own file (a second database starts with none)."""
    app = await _app(tmp_path)
    out = io.StringIO()
    try:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            loop = asyncio.create_task(edit_loop(app, session(app, str(tmp_path / "play.sqlite3"), input=pipe,
                                                              output=DummyOutput()), out))
            for keys in ('/campaign new name:"Vigil"\r', "/roll d100\r", "\x1b[A", "\r", "\x04"):  # Up, Enter, ^D
                await asyncio.sleep(0.3)
                pipe.send_text(keys)
            await asyncio.wait_for(loop, 30)
    finally:
        await app.db.close()
    rolled = [x for x in out.getvalue().splitlines() if x.startswith("[gm] /roll d100")]
    assert len(rolled) == 2, out.getvalue()  # typed once, recalled once with Up
    path = history_path(str(tmp_path / "play.sqlite3"))
    assert path is not None and "/roll d100" in path.read_text(encoding="utf-8")
    assert history_path(str(tmp_path / "other.sqlite3")) != path and history_path(":memory:") is None
