"""The script contract of DESIGN.md, through the real `kfgm play` process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = """\
# a comment, then a campaign
/campaign new name:"Script Vigil"
/roll test difficulty:6 bonus:2
@kara /roll dice count:3
@kara /roll d100
/roll power red:8 white:4
/roll armor black:2
/roll save kind:curse level:3 modifier:2
@kara /deck draw deck:minor_mortis
/deck draw deck:judicium vigor:-5
/gm force-next values:10
@sonch /roll test difficulty:9
/roll bogus
/gm log
"""
FIELDS = ["line", "user", "command", "ok", "error", "text", "data", "images", "pending"]


def play(tmp_path: Path, *args: str) -> str:
    script = tmp_path / "session.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", "--script", str(script), "--json", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_same_seed_prints_byte_identical_json(tmp_path: Path) -> None:
    first = play(tmp_path, "--seed", "42")
    second = play(tmp_path, "--seed", "42")
    assert first == second
    assert first != play(tmp_path, "--seed", "43")


def test_one_json_object_per_command_with_the_contract_fields(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in play(tmp_path, "--seed", "1").splitlines()]
    assert len(rows) == 13  # comments and blank lines print nothing
    for row in rows:
        assert list(row) == FIELDS
    assert rows[0]["line"] == 2 and rows[0]["user"] == "gm"
    assert rows[2]["user"] == "kara" and rows[2]["command"] == "/roll dice count:3"
    bogus = next(r for r in rows if r["command"] == "/roll bogus")
    assert bogus["ok"] is False and "not a command" in bogus["error"]
    assert rows[-1]["ok"] is True  # the script goes on after a failure
    test = rows[1]["data"]
    assert set(test) >= {"naturals", "result", "success"}


def test_a_database_given_with_db_keeps_the_campaign(tmp_path: Path) -> None:
    db = tmp_path / "campaign.sqlite3"
    play(tmp_path, "--seed", "5", "--db", str(db))
    again = [json.loads(line) for line in play(tmp_path, "--seed", "5", "--db", str(db)).splitlines()]
    assert again[0]["ok"] is False and "already plays the campaign" in again[0]["error"]
    assert again[1]["ok"] is True
