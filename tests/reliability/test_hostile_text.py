"""Text is text (issue #25): numbers are ASCII digits, packs hold no control characters, a script is UTF-8, and a
name a player gives is normalised (NFC) and holds nothing invisible or direction-changing."""

from __future__ import annotations

import base64
import json
import unicodedata
import zlib
from pathlib import Path

import pytest

from bot.app.commands.knight import CODE_PREFIX
from bot.cli import main
from content.loader import validate_pack
from tests.conftest import Table
from tests.content.test_upload import MANIFEST

UNICODE_DIGITS = ["²", "١٢", "𝟓", "٣", "５"]  # superscript two, Arabic-Indic 12, mathematical bold 5, ..., fullwidth 5


@pytest.mark.parametrize("value", UNICODE_DIGITS)
async def test_numeric_options_take_ascii_digits_only(table: Table, value: str) -> None:
    for line in (f"/roll test difficulty:{value}", f"/roll reroll dice:{value}", f"/gm force-next values:{value},3",
                 f"/roll dice count:{value}"):
        reply = await table(line)
        assert not reply.ok and "must be a whole number" in (reply.error or ""), (line, reply.error)
    assert (await table("/gm log")).data["entries"][-1]["seq"] == 0  # nothing was logged


async def test_ascii_digits_and_signs_still_work(table: Table) -> None:
    assert (await table.ok("/roll test difficulty:6 bonus:+2")).ok
    assert (await table.ok("/gm force-next values:10,1")).ok
    reply = await table("/roll test difficulty:+-6")  # (int() of it raised ValueError on main)
    assert not reply.ok and "must be a whole number" in (reply.error or "")


async def test_table_dice_results_take_ascii_digits_only(table: Table) -> None:
    await table.ok("/campaign dice mode:table")
    await table.ok("/roll test difficulty:6")
    for value in ("²", "١", "𝟓"):
        reply = await table(f"/dice enter values:{value}")
        assert not reply.ok and "is not a d10 result" in (reply.error or ""), reply.error
    assert (await table.ok("/dice enter values:7")).ok


def _pack(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "bell"
    folder.mkdir(exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST.format(id="bell", name="Bell") + text, encoding="utf-8")
    return folder


def test_a_pack_with_a_control_character_is_refused_with_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: E501
    folder = _pack(tmp_path, '---\nkind: gear\nid: bell_gear\nname: "Bell \x07 here"\n')
    errors = validate_pack(folder)
    assert len(errors) == 1 and str(errors[0]).startswith("bell/pack.yaml:8:"), errors
    assert "control character U+0007" in str(errors[0])
    assert main(["content", "validate", str(folder)]) == 1  # the CLI says the same, no traceback
    out = capsys.readouterr().out
    assert "pack.yaml:8:" in out and "U+0007" in out and "Traceback" not in out


def test_a_pack_file_that_is_not_utf8_is_refused_with_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "latin"
    folder.mkdir()
    (folder / "pack.yaml").write_bytes(MANIFEST.format(id="latin", name="Caf\xe9").encode("latin-1"))
    errors = validate_pack(folder)
    assert len(errors) == 1 and "pack.yaml:3:" in str(errors[0]) and "not UTF-8" in str(errors[0]), errors


@pytest.mark.parametrize("char", ["\x07", "\x1b", "\x7f", "\x9b"])
async def test_content_upload_refuses_control_characters_with_the_line(table: Table, tmp_path: Path,
                                                                       char: str) -> None:
    path = tmp_path / "bell.yaml"
    path.write_text(MANIFEST.format(id="bell", name=f"Bell {char} here"), encoding="utf-8")
    reply = await table(f"/content upload file:{path}")
    assert not reply.ok and "bell.yaml:3:" in (reply.error or "") and f"U+{ord(char):04X}" in (reply.error or "")


def test_a_script_that_is_not_utf8_is_refused_politely(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "session.txt"
    script.write_bytes(b"/roll d100\n/roll test difficulty:6 # caf\xe9\n")
    assert main(["play", "--script", str(script), "--json"]) == 2
    captured = capsys.readouterr()
    assert "is not UTF-8 text (line 2" in captured.err and "Nothing was run" in captured.err
    assert captured.out == "" and "Traceback" not in captured.err


INVISIBLE = {"zero-width space": "\u200b", "zero-width joiner": "\u200d", "right-to-left override": "\u202e",
             "left-to-right isolate": "\u2066", "byte order mark": "\ufeff", "soft hyphen": "\u00ad"}


@pytest.mark.parametrize("what", sorted(INVISIBLE))
async def test_names_with_invisible_or_direction_characters_are_refused(table: Table, what: str) -> None:
    char = INVISIBLE[what]
    for line in (f'@kara /knight create knight:ashgrove name:"Ser{char}Sonch"',
                 f'@kara /squire add squire:squire_tamsin name:"Ta{char}m"'):
        reply = await table(line)
        assert not reply.ok and "invisible or text-direction character" in (reply.error or ""), (line, reply.error)
    assert (await table.state())["knights"] == {}
    reply = await table(f'/campaign new name:"Vigil{char}"')  # (refused before it looks for the channel's campaign)
    assert not reply.ok and "invisible" in (reply.error or "")


async def test_names_are_normalised_so_look_alikes_are_one_name(table: Table) -> None:
    decomposed = unicodedata.normalize("NFD", "José")
    assert decomposed != "José"
    created = await table.ok(f'@kara /knight create knight:ashgrove name:"{decomposed}"')
    assert (await table.state())["knights"][created.data["knight"]["id"]]["name"] == "José"
    assert (await table.ok('/knight show name:"José"')).data["knight"]["name"] == "José"


async def test_an_imported_knights_name_is_checked_too(table: Table) -> None:
    await table.ok('@kara /knight create knight:ashgrove name:"Wendel"')
    state = (await table.ok("@kara /knight export")).data["json"]
    state["name"] = "Wen\u202edel"
    code = CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(json.dumps(state).encode(), 9)).decode()
    reply = await table(f"@ulfa /knight import json:{code}")
    assert not reply.ok and "invisible or text-direction character" in (reply.error or ""), reply.error
