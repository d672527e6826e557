"""The Clash Board knows the pieces (issue #19, item 3): a Knight's miniature carries what its Loadout gives it from
/clash start and again when the Loadout changes; /clash place moves a piece and keeps what it is. Played through
command lines from a content pack of the test's own (tests/rulebook_cases/pack.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.rulebook_cases.pack import monster, pack_table

POCKET_SAND = """\
kind: gear
id: gear_pocket_sand
name: Pocket Sand
type: support
tier: mob
keywords:
- name: Tumble
"""
IRON_BOOTS = """\
kind: gear
id: gear_iron_boots
name: Iron Boots
type: support
tier: mob
keywords:
- name: Braced
"""
# An Eggknight-like Boss: 4 spaces, Unavoidable Knockback 2, a Rear drawn on its diagram (two spaces behind it and
# one to its right side), so it differs from a miniature placed by hand.
EGGKNIGHT = monster(
    "eggknight", "Eggknight",
    diagram="diagram: {footprint: 4, rear: [[2, 0], [2, 1], [1, 2]], vantage_points: [[0, 0]]}",
    extra="unavoidable_knockback: 2",
    ai="""\
- id: eggknight_ai_roll
  name: Roll
  level: 1
  movement: {type: none}
  consequences: [{type: text, text: nothing}]""",
    setup="""\
  knights: [H1, H3, H5, H7]
  monster:
  - {at: C5, facing: south}""",
)
REAR_EAST = ["C7", "D7", "E8"]  # facing east: behind is west, its right side is south
FILES = {"gear.yaml": POCKET_SAND + "---\n" + IRON_BOOTS, "eggknight.yaml": EGGKNIGHT}


def _piece(reply: Any, name: str, kind: str = "knights") -> dict[str, Any]:
    return next(p for p in reply.data["board"][kind] if p["name"] == name)


async def test_a_knights_miniature_carries_its_loadouts_keywords(tmp_path: Path) -> None:
    """Rulebook (line 2100): - Tumble: When you are about to suffer Crash, roll a d10. On a 6+ ignore it.

    Rulebook (line 1927): - Braced: You cannot be involuntarily moved or suffer Knockdown (you can still be
    Displaced)."""
    async with pack_table(tmp_path, FILES) as t:
        await t.ok('@paracelsa /knight create knight:lanternbearer name:"Paracelsa"')
        await t.ok("@paracelsa /knight armory add gear:gear_pocket_sand")
        await t.ok("@paracelsa /knight armory add gear:gear_iron_boots")
        await t.ok("@paracelsa /knight loadout gear:gear_pocket_sand")
        start = await t.ok("/clash start monster:eggknight level:1 type:full")
        assert _piece(start, "Paracelsa")["keywords"] == ["Tumble"]
        assert "Paracelsa on H1 (Tumble)" in start.text
        # the Loadout changes during the Clash: the miniature follows
        changed = await t.ok("@paracelsa /knight loadout gear:gear_pocket_sand,gear_iron_boots")
        state = await t.state()
        assert next(k for k in state["board"]["knights"] if k["name"] == "Paracelsa")["keywords"] == [
            "Braced", "Tumble"]
        assert "Paracelsa's miniature: Braced, Tumble" in changed.text
        # a discarded Gear card gives nothing any more
        await t.ok("@paracelsa /knight gear action:discard gear:gear_iron_boots")
        state = await t.state()
        assert next(k for k in state["board"]["knights"] if k["name"] == "Paracelsa")["keywords"] == ["Tumble"]
        # moved by hand, the miniature is still what its Loadout makes it
        moved = await t.ok("/clash place kind:knight name:Paracelsa space:G2")
        assert _piece(moved, "Paracelsa")["keywords"] == ["Tumble"]


async def test_clash_place_moves_a_monster_and_keeps_what_it_is(tmp_path: Path) -> None:
    """Rulebook (line 1133): If a Boss Monster ends its movement on a space occupied by a Knight, that Knight suffers
    Crash and Unavoidable Knockback equal to the Monster's Unavoidable Knockback value.

    Moving the Eggknight by hand keeps its Unavoidable Knockback, its drawn Rear spaces, its size and (unless given)
    its facing."""
    async with pack_table(tmp_path, FILES) as t:
        await t.ok('@kara /knight create knight:lanternbearer name:"Kara"')
        start = await t.ok("/clash start monster:eggknight level:1 type:full")
        egg = _piece(start, "Eggknight", "monsters")
        assert egg["rear"] == ["B5", "B6", "C4"] and egg["unavoidable_knockback"] == 2
        moved = await t.ok("/clash place kind:monster name:Eggknight space:C8")
        egg = _piece(moved, "Eggknight", "monsters")
        assert (egg["size"], egg["facing"], egg["unavoidable_knockback"]) == (4, "S", 2)
        assert egg["rear"] == ["B8", "B9", "C7"]
        assert "facing south" in moved.text
        turned = await t.ok("/clash place kind:monster name:Eggknight space:C8 facing:east")
        egg = _piece(turned, "Eggknight", "monsters")
        assert egg["facing"] == "E" and egg["unavoidable_knockback"] == 2 and egg["rear"] == REAR_EAST
        # a new Monster placed by hand is still a Boss of 1 space facing south
        new = await t.ok("/clash place kind:monster name:Troll space:A1")
        troll = _piece(new, "Troll", "monsters")
        assert (troll["size"], troll["facing"], troll["unavoidable_knockback"]) == (1, "S", 0)


async def test_a_campaign_created_before_keeps_its_old_board(tmp_path: Path) -> None:
    """An old campaign's log replays exactly (rules.state.BOARD_PIECES_VERSION): a campaign created at state
    version 1 (tests/campaign/small_export.json, imported) keeps miniatures without keywords."""
    from bot.app.registry import Upload
    from bot.console.runner import DEFAULT_USER, invocation

    data = (Path(__file__).parents[1] / "campaign" / "small_export.json").read_bytes()
    async with pack_table(tmp_path, FILES, new=False) as t:
        command = t.app.registry.commands[("campaign", "import")]
        reply = await t.app.run(invocation(DEFAULT_USER, "/campaign import"), command,
                                {"file": Upload("export.json", len(data), data)})
        assert reply.ok, reply.error
        await t.ok('@paracelsa /knight create knight:lanternbearer name:"Paracelsa"')
        await t.ok("@paracelsa /knight armory add gear:gear_pocket_sand")
        await t.ok("@paracelsa /knight loadout gear:gear_pocket_sand")
        start = await t.ok("/clash start monster:eggknight level:1 type:full")
        assert _piece(start, "Paracelsa")["keywords"] == []
        moved = await t.ok("/clash place kind:monster name:Eggknight space:C8 size:4")
        assert _piece(moved, "Eggknight", "monsters")["unavoidable_knockback"] == 0  # reset, as it was then
