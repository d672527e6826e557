"""The Rites of the Apocrypha and the Dungeons as content: validation with clear errors (content/schema/postgame.py),
and the tower's picture (bot/render/postgame.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.render.postgame import render_postgame
from content.loader import STARTER_PACK, ContentInvalid, build_catalogue
from rules.postgame.state import HuntRun, PostgameState
from tests.conftest import CATALOGUE

PACK = "kind: pack\nid: mine\nname: Mine\nversion: '1.0'\n"
TOWER = """kind: apocrypha
id: my_tower
name: Mine
hunts:
- {id: a, name: A, monster: MONSTER, level: LEVEL, dungeon: undercroft, after: AFTER}
- {id: b, name: B, monster: stag, level: 1, dungeon: undercroft, after: [a]}
"""
DUNGEON = """kind: dungeon
id: my_dungeon
name: Mine
start: in
threat_max: 3
encounters: [Rats]
rooms:
- {id: in, name: In, links: [out], encounter: ENCOUNTER}
- {id: out, name: Out, lair: LAIR}
"""


def _load(tmp_path: Path, text: str) -> None:
    (tmp_path / "pack.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "postgame.yaml").write_text(text, encoding="utf-8")
    build_catalogue([STARTER_PACK, tmp_path])


def _tower(monster: str = "drowned", level: int = 1, after: str = "[]") -> str:
    return TOWER.replace("MONSTER", monster).replace("LEVEL", str(level)).replace("AFTER", after)


def test_the_starter_tower_uses_the_starter_monsters_at_their_levels() -> None:
    """Rulebook (line 1713): It's a branching inverted "Tower" of Hunts."""
    tower = CATALOGUE.apocrypha["starter_apocrypha"]
    for hunt in tower.hunts:
        assert hunt.level in [lv.level for lv in CATALOGUE.monsters[hunt.monster].levels]
        assert hunt.dungeon in CATALOGUE.dungeons
    assert {h.monster for h in tower.hunts} == {"abbot", "stag", "drowned"}
    assert [h.id for h in tower.hunts if len(h.after) > 1] == ["h4", "h6", "h7", "h8"]  # locked by several Hunts
    assert max(tower.depths().values()) == 3


def test_the_starter_dungeon_is_connected_to_its_lair() -> None:
    """Rulebook (line 1734): As Dungeons are inexplicably tied to the Kingdoms they are located in, you can find
    their detailed descriptions and gameplay rules in Kingdom Codices, under the "Dungeon" section."""
    d = CATALOGUE.dungeons["undercroft"]
    seen, todo = {d.start}, [d.start]
    while todo:
        for n in d.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == {r.id for r in d.rooms} and d.kingdom == "aubrevane"


def test_a_valid_tower_of_a_pack_loads(tmp_path: Path) -> None:
    _load(tmp_path, _tower())


@pytest.mark.parametrize(("text", "message"), [
    (_tower(monster="nobody"), "no Monster has the id 'nobody'"),
    (_tower(monster="drowned", level=4), "has no level 4"),
    (_tower(after="[zz]"), "comes after 'zz', which is not a hunt"),
    (_tower(after="[b]"), "a cycle"),
])
def test_tower_errors_are_reported(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ContentInvalid) as err:
        _load(tmp_path, text)
    assert message in str(err.value) and "postgame.yaml" in str(err.value)


@pytest.mark.parametrize(("encounter", "lair", "message"), [
    ("Rats", "false", "one room must be the lair"),
    ("Wolves", "true", "not among the Dungeon's encounters"),
])
def test_dungeon_errors_are_reported(tmp_path: Path, encounter: str, lair: str, message: str) -> None:
    with pytest.raises(ContentInvalid) as err:
        _load(tmp_path, DUNGEON.replace("ENCOUNTER", encounter).replace("LAIR", lair))
    assert message in str(err.value)


def test_the_tower_picture_shows_each_status() -> None:
    """Rulebook (line 1713): Whenever you beat a Hunt for the first time, mark it as completed and unlock one or more
    connected Hunts."""
    tower = CATALOGUE.apocrypha["starter_apocrypha"]
    names = {m.id: m.name for m in CATALOGUE.monsters.values()}
    p = PostgameState(apocrypha=tower.id, marked=["h1"])
    plain = Image.open(io.BytesIO(render_postgame(tower, p, names)))
    assert plain.size == (1000, 820)
    p.run = HuntRun(hunt="h2", monster="stag", monster_name="The Gallowmere Stag", level=1, dungeon="undercroft",
                    room="gate", visited=["gate"])
    both = Image.open(io.BytesIO(render_postgame(tower, p, names, CATALOGUE.dungeons["undercroft"])))
    assert both.size == (1560, 820)
    colours = {c for _, c in both.convert("RGB").getcolors(1 << 20) or []}
    assert {(0x3f, 0x8f, 0x4f), (0xff, 0xd3, 0x4d), (0xff, 0x3b, 0x3b), (0x3a, 0x3c, 0x42)} <= colours
