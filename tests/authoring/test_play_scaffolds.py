"""Issue #23, done when: "a test fills one of each kind and plays it (a Clash against the scaffolded Monster; a Delve
in the scaffolded Kingdom)". The pack is made with `kfgm content new` command lines, one file of every kind, filled
as a transcriber would (the Knight's starting Gear is the new weapon), checked with `kfgm content validate`, then
played through the table's command lines: the new Knight with the new Squire and weapon in a Clash against the new
Monster, a draw from the new deck, a Delve in the new Kingdom."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.commands import build_registry
from bot.app.service import App
from bot.cli import main
from content.listing import entries
from content.loader import load_catalogue
from content.scaffold import scaffold_kinds
from storage.db import Database
from tests.conftest import Table

KINDS = [("pack", "hollow_pack"), ("monster", "hollow_wolf"), ("gear", "hollow_blade"), ("knight", "hollow_knight"),
         ("kingdom", "hollow_reach"), ("squire", "hollow_squire"), ("deck", "hollow_deck"),
         *((kind, f"hollow_{kind}") for kind in scaffold_kinds()
           if kind not in ("pack", "monster", "gear", "knight", "kingdom", "squire", "deck"))]


def make_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "hollow_pack"
    for kind, new_id in KINDS:
        assert main(["content", "new", kind, new_id, "--pack", str(pack)]) == 0
    knight = pack / "knights" / "hollow_knight.yaml"
    knight.write_text(knight.read_text(encoding="utf-8").replace("gear: [gear_bonesaw, gear_wooden_buckler]",
                                                                 "gear: [hollow_blade, gear_wooden_buckler]"))
    assert main(["content", "validate", str(pack)]) == 0
    return pack


@pytest.fixture
async def hollow(tmp_path: Path) -> AsyncIterator[Table]:
    catalogue = load_catalogue([make_pack(tmp_path)])
    app = App(await Database.open(tmp_path / "kfgm.sqlite3"), catalogue, build_registry(), seed=3,
              image_dir=tmp_path / "images")
    table = Table(app)
    await table.ok('/campaign new name:"The Hollow Reach"')
    await table.ok("@kara /knight create knight:hollow_knight name:Kara")
    yield table
    await app.db.close()


async def test_a_clash_against_the_scaffolded_monster(hollow: Table) -> None:
    await hollow.ok('@kara /squire add squire:hollow_squire name:"Wen"')
    started = await hollow.ok("/clash start monster:hollow_wolf level:1 type:full knights:Kara providence:true")
    assert "The Placeholder Beast" in started.text
    await hollow.ok('/clash place kind:knight name:"Kara" space:C5')
    attack = await hollow.ok("@kara /knight attack weapon:hollow_blade")
    assert "with the Placeholder Blade" in attack.text and "vs To Hit 5" in attack.text  # the new sheet's To Hit
    assert attack.pending is not None and attack.pending["kind"] == "attack_reroll"
    power = await hollow.ok(f"@kara /choose decision:{attack.pending['id']} option:keep")
    assert "Power" in power.text and "AT" in power.text  # the Power Roll against one of the new BP cards' AT
    state = await hollow.state()
    assert state["clash"]["monster"] == "hollow_wolf" and "wen" in state["squires"]
    drawn = await hollow.ok("/deck draw deck:hollow_deck")
    assert "First Card" in drawn.text or "Second Card" in drawn.text


async def test_a_delve_in_the_scaffolded_kingdom(hollow: Table) -> None:
    started = await hollow.ok("/delve start kingdom:hollow_reach start:hollow_reach_t1")
    assert "The Placeholder Reach" in started.text or "Placeholder Crossroads" in started.text
    await hollow.ok("/delve travel to:hollow_reach_t3")
    state = await hollow.state()
    assert state["delve"]["tile"] == "hollow_reach_t3"
    assert "hollow_reach_t3" in state["delve"]["explored"]


def test_every_id_of_the_filled_pack_shows_as_text_and_picture(tmp_path: Path) -> None:
    """`kfgm content show` finds every id the new pack defines (cards, tiles, parts of every kind) and draws it
    within the picture limits."""
    import io

    from PIL import Image

    from bot.authoring.show import as_text, find, sections
    from bot.render.cards import MAX_SIZE, render_card

    catalogue = load_catalogue([make_pack(tmp_path)])
    merged = {r["id"] for r in entries(catalogue) if r["type"] == "merged_set"}
    assert {"hollow_reach_tiles", "hollow_kingdom_cards", "aubrevane_tiles"} <= merged  # listed; their parts are shown
    ids = [i for i in catalogue.ids_of("hollow_pack") if i != "hollow_pack" and i not in merged]
    assert len(ids) > 60
    layouts = set()
    for content_id in ids:
        found = find(catalogue, content_id)
        assert as_text(found)
        image = Image.open(io.BytesIO(render_card(found.layout, sections(found))))
        assert image.width <= MAX_SIZE[0] and image.height <= MAX_SIZE[1]
        layouts.add(found.layout)
    assert layouts == {"ai", "bp", "signature", "routine", "gear", "monster", "tile", "other"}
