"""The `kfgm` command line as a new user meets it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def kfgm(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("KFGM_")}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "bot.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        cwd=cwd or Path(__file__).resolve().parents[2],
    )


def test_run_without_a_token_explains_how_to_get_one(tmp_path: Path) -> None:
    done = kfgm("run", cwd=tmp_path, env={"PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert done.returncode == 2
    assert "KFGM_DISCORD_TOKEN" in done.stderr and "kfgm play" in done.stderr
    assert "discord.com/developers/applications" in done.stderr


def test_content_validate_a_broken_pack_prints_one_line_per_error(tmp_path: Path) -> None:
    pack = tmp_path / "mypack"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: mine\nname: Mine\nversion: '1.0'\n")
    (pack / "deck.yaml").write_text(
        "kind: deck\nid: my_deck\nname: Mine\nback: Mine\nafter_draw: bottom\ncards:\n"
        "  - id: card_one\n    name: One\n    text: Lose 2 Vigor.\n    effects:\n      - {type: lose_vigor, amount: two}\n"
        "  - id: card_two\n    text: Nameless.\n"
    )
    done = kfgm("content", "validate", str(pack))
    assert done.returncode == 1
    lines = [line for line in done.stdout.splitlines() if line.startswith("mypack/deck.yaml")]
    assert lines == [
        "mypack/deck.yaml:11: cards[0].effects[0].amount: Input should be a valid integer, unable to parse string as an integer",
        "mypack/deck.yaml:12: cards[1].name: Field required",
    ], done.stdout


def test_content_validate_the_starter_pack_is_valid() -> None:
    done = kfgm("content", "validate", "content/packs/starter")
    assert done.returncode == 0 and "valid" in done.stdout


def test_content_list_json_gives_every_id_with_type_name_and_tier() -> None:
    rows = json.loads(kfgm("content", "list", "--json").stdout)
    assert all(set(row) == {"id", "type", "name", "tier"} for row in rows)
    ids = {row["id"] for row in rows}
    assert {"starter", "minor_mortis", "judicium", "condition"} <= ids


def test_content_schema_is_json_schema_for_every_kind() -> None:
    schema = json.loads(kfgm("content", "schema").stdout)
    assert {"pack", "dice", "deck"} <= set(schema)
    assert schema["deck"]["type"] == "object" and "cards" in schema["deck"]["properties"]


def test_invite_url() -> None:
    out = kfgm("invite-url", "--client-id", "123456").stdout
    assert "client_id=123456" in out and "applications.commands" in out


def test_the_demo_runs_every_feature_it_shows(tmp_path: Path) -> None:
    done = kfgm("demo", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    for marker in ("Massive Peril", "GM undo", "GM amended", "only the campaign's GM", "lose 2 Vigor",
                   "only their owner or the GM", "Odds — Attack Roll", "Round 1", "Monster Round 1",
                   "Out of Reach Evade", "Knight Round 1", "Odds — Ser Sonch with the Pilgrim's Mace",
                   "BP card drawn", "Next: Monster Round 2"):
        assert marker in done.stdout, marker
    # part 1: the sheet, the map, and three board pictures: /clash board, the one /clash start attaches, /clash status
    assert sorted(p.suffix for p in (tmp_path / "tools").iterdir()) == [".png"] * 5
    # part 2, the whole Expedition (bot/console/demo.py): every phase, the restart, the end; its map, boards, sheets
    for marker in ("Expedition 1** begins with the Vision Phase", "the Outpost Phase", "The bot restarts",
                   "Rest Phase", "the end of the Expedition"):
        assert marker in done.stdout, marker
    names = [p.name for p in (tmp_path / "expedition").iterdir()]
    assert any("kingdom-map" in n for n in names) and any("board" in n for n in names)
    assert any("knight-" in n for n in names)
