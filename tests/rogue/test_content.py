"""The Rosegraal and Rogue's Path tables as content: validation with clear errors (content/schema/rosegraal.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from content.loader import STARTER_PACK, ContentInvalid, build_catalogue
from tests.conftest import CATALOGUE

PACK = "kind: pack\nid: mine\nname: Mine\nversion: '1.0'\n"
SHEET = """kind: rosegraal
id: my_rosegraal
name: Mine
nodes:
- {id: s, level: 0, links: [n1], at: [0.1, 0.5]}
- {id: n1, level: 1, section: SECTION, last: true, at: [0.9, 0.5]}
"""


def _load(tmp_path: Path, text: str) -> None:
    (tmp_path / "pack.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "rogue.yaml").write_text(text, encoding="utf-8")
    build_catalogue([STARTER_PACK, tmp_path])


def test_the_starter_rosegraal_is_playable() -> None:
    """Rulebook (line 1832): Once you're set, cross out the S node on the Rosegraal to mark the start of the campaign."""
    sheet = CATALOGUE.rosegraals["starter_rosegraal"]
    assert sheet.start == "s" and [n.id for n in sheet.nodes if n.last] == ["e1"]
    assert {n.level for n in sheet.nodes} == {0, 1, 2, 3, 4, 5}
    assert all(n.section in CATALOGUE.rogue_tables for n in sheet.nodes if n.id != "s")


def test_a_node_in_an_unknown_section_is_reported(tmp_path: Path) -> None:
    """Rulebook (line 1837): Each node is located in either the Principality of Stone or the Sunken Kingdom section."""
    _load(tmp_path, SHEET.replace("SECTION", "rogue_sunken_kingdom"))
    with pytest.raises(ContentInvalid, match=r"rogue.yaml:\d+: nodes\[1\].section: no rogue_tables document has "
                                             "the id 'nowhere'"):
        _load(tmp_path, SHEET.replace("SECTION", "nowhere"))


def test_a_table_must_cover_the_die(tmp_path: Path) -> None:
    """Rulebook (line 1852): When tackling a node, roll a d10 (or on the indicated range)"""
    rows = "  - {low: 1, high: 9, monster: The Cinder Abbot, monster_id: abbot, level: 1}\n"
    tiers = "".join(f"  {t}:\n{rows}" for t in range(1, 6))
    with pytest.raises(ContentInvalid, match="the rows of tier 1 must cover the rolls 1-10 exactly once each"):
        _load(tmp_path, f"kind: rogue_tables\nid: my_tables\nname: Mine\ntiers:\n{tiers}")
