"""The starter pack's Knights and Gear, the schema's refusals, and the rulebook quotes of tests/knights."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from bot.cli import main
from content.schema import TIERS, Gear
from content.schema.knights import PerilArc
from tests.knights._support import CAT


def test_four_original_knights_with_their_parts() -> None:
    assert len(CAT.knights) >= 4
    for k in CAT.knights.values():
        assert len(k.portraits) >= 2 and len(k.heroic_arcs) >= 2 and len(k.peril_arcs) >= 2, k.id
        assert len(k.techniques) >= 8 and len(k.talents) >= 2 and k.start.gear, k.id
        assert all(len(t.effects) == 2 for t in k.talents)


def test_twenty_gear_cards_across_tiers_and_types() -> None:
    assert len(CAT.gear) >= 20
    assert len({g.tier for g in CAT.gear.values()}) == len(TIERS)
    assert {g.type for g in CAT.gear.values()} == {"weapon", "armor", "support", "consumable"}
    assert any(g.reforged for g in CAT.gear.values()) and CAT.upgrades


def test_content_list_json_has_type_name_and_tier(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "list", "--json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["gear_kingsfall_halberd"] == {"id": "gear_kingsfall_halberd", "type": "gear:weapon",
                                             "name": "Kingsfall Halberd", "tier": "king"}
    assert rows["lanternbearer"]["type"] == "knight"
    assert Counter(r["type"] for r in rows.values())["technique"] >= 32


def test_the_schema_refuses_broken_cards() -> None:
    with pytest.raises(ValidationError, match="unknown keyword"):
        Gear.model_validate({"id": "x", "name": "X", "type": "support", "tier": "mob",
                             "keywords": [{"name": "Openning", "value": 1}]})
    with pytest.raises(ValidationError, match="a weapon needs hands"):
        Gear.model_validate({"id": "x", "name": "X", "type": "weapon", "tier": "mob", "attack_dice": 2})
    with pytest.raises(ValidationError, match="only Merchant Gear"):
        Gear.model_validate({"id": "x", "name": "X", "type": "armor", "tier": "mob",
                             "reforged": {"name": "Y", "reforge_cost": 1}})
    with pytest.raises(ValidationError, match="must fall strictly"):
        PerilArc.model_validate({"id": "p", "name": "P", "max_vigor": 10, "thresholds": [
            {"peril": p, "min_vigor": m, "heat_limit": 3}
            for p, m in zip(("uninjured", "minor", "major", "grave", "judicium"), (8, 8, 3, 1, 0), strict=True)]})


