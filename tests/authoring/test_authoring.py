"""Issue #23: scaffolds valid as generated with every field, JSON Schemas, every kind listed, card pictures within
limits, the playability check, zips made offline and exported/uploaded between servers, KFGM_CONTENT_PACKS."""

from __future__ import annotations

import io
import json
import typing
from pathlib import Path

import pytest
import yaml
from PIL import Image
from pydantic import BaseModel

from bot.authoring.check import check_pack
from bot.authoring.show import find, sections
from bot.cli import main
from bot.render.cards import MAX_SIZE, render_card
from bot.settings import Settings
from content.listing import KIND_OF, content_fields
from content.loader import load_catalogue, validate_pack
from content.scaffold import SCHEMA_DIR, ScaffoldError, _variant, scaffold, scaffold_kinds
from content.schema import DOCUMENT_KINDS
from tests.conftest import CATALOGUE, Table

MANIFEST = 'kind: pack\nid: test_pack\nname: Test\nversion: "1.0"\n'


def _missing(model: type[BaseModel], value: dict, where: str) -> list[str]:
    """Fields of ``model`` (and of the nested models present) that the document leaves out."""
    out = []
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key not in value:
            out.append(f"{where}.{key}")
            continue
        items = value[key] if isinstance(value[key], list) else [value[key]]
        for item in items:
            if isinstance(item, dict) and typing.get_origin(info.annotation) is not dict:
                sub = _variant(info.annotation, item)
                if sub is not None:
                    out += _missing(sub, item, f"{where}.{key}")
    return out


@pytest.mark.parametrize("kind", scaffold_kinds())
def test_every_scaffold_validates_as_generated_with_every_field(tmp_path: Path, kind: str) -> None:
    pack = tmp_path / "p"
    files = scaffold(kind, f"my_{kind}")
    if kind != "pack":
        (pack).mkdir()
        (pack / "pack.yaml").write_text(MANIFEST)
    for f in files:
        (pack / f.path).parent.mkdir(parents=True, exist_ok=True)
        (pack / f.path).write_text(f.text)
        first = f.text.splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=") and first.endswith(f"{f.kind}.schema.json")
        assert (pack / f.path).parent.joinpath(first.split("=", 1)[1]).resolve() == \
            (pack / SCHEMA_DIR / f"{f.kind}.schema.json").resolve()
        document = yaml.safe_load(f.text)
        assert _missing(DOCUMENT_KINDS[f.kind], document, f.kind) == []
        assert sum(1 for line in f.text.splitlines() if line.lstrip().startswith("# ")) >= len(document)
    assert [str(e) for e in validate_pack(pack)] == []


def test_a_scaffold_says_what_is_wrong() -> None:
    with pytest.raises(ScaffoldError, match="unknown kind 'dragon'"):
        scaffold("dragon", "x")
    with pytest.raises(ScaffoldError, match="not an id"):
        scaffold("monster", "Big Wolf")
    with pytest.raises(ScaffoldError, match="starter pack"):
        scaffold("dice", "my_dice")
    assert set(scaffold_kinds()) | {"dice", "kingdom_tiles"} == set(DOCUMENT_KINDS)


def test_schema_out_writes_one_json_schema_per_kind(tmp_path: Path) -> None:
    assert main(["content", "schema", "--out", str(tmp_path)]) == 0
    for kind in DOCUMENT_KINDS:
        schema = json.loads((tmp_path / f"{kind}.schema.json").read_text())
        assert schema["properties"]["kind"]


def test_content_list_json_lists_every_kind_the_catalogue_holds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "list", "--json"]) == 0
    types = {row["type"].split(":")[0] for row in json.loads(capsys.readouterr().out)}
    expected = set()
    for name in content_fields(CATALOGUE):
        value = getattr(CATALOGUE, name)
        if name == "kingdom_tiles":
            expected.add("kingdom_tile")
        elif isinstance(value, dict):
            expected |= {KIND_OF[type(m)] for m in value.values()}
        elif isinstance(value, list):
            expected |= {KIND_OF[type(m)] for m in value}
        elif value is not None:
            expected.add(KIND_OF[type(value)])
    assert expected and expected <= types
    assert {"squire", "mettle", "loot", "clue_cards", "encounter_board", "rosegraal", "apocrypha", "dungeon"} <= types


async def test_content_list_in_discord_counts_every_kind(table: Table) -> None:
    reply = await table.ok("/content list")
    assert {"monster", "ai", "bp", "squire", "loot", "rosegraal", "kingdom_tile"} <= set(reply.data["kinds"])
    assert "Content kinds" in reply.text


@pytest.mark.parametrize("card_id, layout", [
    ("abbot_ai_censer_swing", "ai"), ("abbot_signature_thurible_arc", "signature"), ("abbot_routine_ash_fall",
     "routine"), ("abbot_bp_rope_belt", "bp"), ("gear_bonesaw", "gear"), ("abbot:2", "monster"), ("aub_01", "tile"),
    ("squire_tamsin", "other")])
def test_each_card_picture_renders_within_limits(card_id: str, layout: str) -> None:
    found = find(CATALOGUE, card_id)
    assert found.layout == layout
    image = Image.open(io.BytesIO(render_card(found.layout, sections(found))))
    assert image.width <= MAX_SIZE[0] and image.height <= MAX_SIZE[1]
    assert len(image.getcolors(1_000_000) or []) > 20  # text and bands drawn, not a blank card


async def test_content_card_shows_a_card_with_its_picture(table: Table) -> None:
    reply = await table.ok("/content card id:abbot_ai_censer_swing")
    assert "TARGETING" in reply.text and "1. Closest Knight in front" in reply.text
    assert Path(reply.images[0]).is_file()
    refused = await table("/content card id:nothing_here")
    assert not refused.ok and "no content has the id 'nothing_here'" in (refused.error or "")


def _pack_with(tmp_path: Path, edit: dict[str, str]) -> Path:
    pack = tmp_path / "p"
    for kind, new_id in (("pack", "p"), ("monster", "wolf"), ("gear", "wolf_blade")):
        assert main(["content", "new", kind, new_id, "--pack", str(pack)]) == 0
    monster = pack / "monsters" / "wolf.yaml"
    text = monster.read_text()
    for old, new in edit.items():
        assert old in text
        text = text.replace(old, new)
    monster.write_text(text)
    return pack


def test_check_warns_of_unreachable_targeting_and_unwoundable_levels(tmp_path: Path) -> None:
    """Rulebook (line 1057): read the lines in the "Targeting" area of the card, one by one from top to bottom until you
    find the first one that you can resolve. Do not check further Targeting lines.
    Rulebook (line 1080): - Most X: Most amount of a specified resource. For example, Most Bane. If there is no Knight
    that has the specified resource, skip this targeting line.

    Closest always finds a Knight: the line under it is never read (a warning). The third AI card's first line, the
    Knight with the most Heat, may find no one, so its Closest line below is read: no warning for it."""
    pack = _pack_with(tmp_path, {"    at: 2\n": "    at: 30\n", "    at: 3\n": "    at: 30\n"})
    path = pack / "monsters" / "wolf.yaml"
    wolf = yaml.safe_load(path.read_text())
    second, third = wolf["ai_cards"][1], wolf["ai_cards"][2]
    second["targeting"] = [{"text": "Closest Knight", "criteria": [{"is": "closest"}]},
                           {"text": "Lone Knight", "criteria": [{"is": "lone"}]}]
    third["targeting"].append({"text": "Closest Knight", "criteria": [{"is": "closest"}]})
    path.write_text(yaml.safe_dump(wolf, sort_keys=False))
    report = check_pack(pack)
    assert report.errors == []
    warnings = [str(w) for w in report.warnings]
    assert any("p/monsters/wolf.yaml:" in w and "Targeting line 1 ('Closest Knight') always finds a Knight" in w
               and "2. Lone Knight" in w for w in warnings), warnings
    assert any("level 1: no weapon a Mob Tier Knight may carry can wound it" in w for w in warnings), warnings
    assert any("level 2: no weapon a Vassal Tier Knight" in w for w in warnings), warnings
    assert not any("Third AI Card" in w for w in warnings) and len(warnings) == 3, warnings
    assert {r["wound"] for r in report.odds} == {"0"} and {r["weapon"] for r in report.odds} == {"wolf_blade"}


def test_check_of_the_scaffolds_is_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = _pack_with(tmp_path, {})
    assert main(["content", "check", str(pack)]) == 0
    out = capsys.readouterr().out
    assert "0 error(s), 0 warning(s)" in out and "odds: wolf level 1, mob Tier, best weapon wolf_blade" in out


async def test_pack_export_and_upload_in_another_server(tmp_path: Path, table: Table) -> None:
    pack = _pack_with(tmp_path, {})
    zipped = tmp_path / "p.zip"
    assert main(["content", "pack", str(pack), "--out", str(zipped)]) == 0
    await table.ok(f"/content upload file:{zipped}")
    exported = await table.ok("/content export pack:p")
    path = Path(exported.files[0])
    assert path.suffix == ".zip" and exported.data["export"]["pack"] == "p"
    await table.ok("/content remove pack:p")  # "another server": this one without the pack
    again = await table.ok(f"/content upload file:{path}")
    assert again.data["pack"]["id"] == "p" and "wolf" in again.data["pack"]["added"]["monsters"]
    assert (await table("/content export pack:nope")).ok is False


def test_a_folder_that_is_not_valid_is_not_zipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = _pack_with(tmp_path, {"to_hit: 5": "to_hit: zero"})
    assert main(["content", "pack", str(pack), "--out", str(tmp_path / "x.zip")]) == 1
    assert "not a valid pack" in capsys.readouterr().err and not (tmp_path / "x.zip").exists()


def test_content_packs_setting_reads_folders_separated_like_path_and_a_json_list(tmp_path: Path) -> None:
    """The docs once said a JSON list, the loader split on ':' (issue #23): both are read."""
    assert Settings(content_packs="packs/a:packs/b").content_packs == [Path("packs/a"), Path("packs/b")]
    assert Settings(content_packs='["packs/a", "packs/b"]').content_packs == [Path("packs/a"), Path("packs/b")]
    with pytest.raises(ValueError, match="not a JSON list"):
        Settings(content_packs='["packs/a"')
    pack = _pack_with(tmp_path, {})
    assert "wolf" in load_catalogue(Settings(content_packs=json.dumps([str(pack)])).content_packs).monsters
