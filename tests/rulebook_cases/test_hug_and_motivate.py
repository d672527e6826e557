"""Hug X and Motivate X move the pieces (rulebook lines 1990, 2012), played through command lines from a content
pack: Gear with the keywords, used with /knight react during the Knight's own turn."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Table
from tests.rulebook_cases.pack import monster, pack_table

GEAR = """\
kind: gear
id: gear_grappling_hook
name: Grappling Hook
type: support
tier: mob
keywords:
- {name: Hug, value: 2}
---
kind: gear
id: gear_war_banner
name: War Banner
type: support
tier: mob
keywords:
- {name: Motivate, value: 3}
"""
STILL = monster(
    "still", "Eggknight",
    ai="""\
- id: still_ai_wait
  name: Wait
  level: 1
  movement: {type: none}
  consequences: [{type: text, text: nothing}]""",
    setup="""\
  knights: [C6, H1, H5, H12]
  monster:
  - {at: C5, facing: south}""",
)
FILES = {"gear.yaml": GEAR, "still.yaml": STILL}


async def _attack(t: Table) -> None:
    reply = await t.ok("@kara /knight attack weapon:gear_pilgrims_mace")
    while reply.pending is not None:
        reply = await t.ok(f"/choose decision:{reply.pending['id']} option:{reply.pending['options'][0]}")


async def test_hug_moves_the_knight_around_the_monster(tmp_path: Path) -> None:
    """Rulebook (line 1990): - Hug X: If adjacent to a Monster, during any ability window, move up to X spaces
    cardinally or diagonally. Each space you move to must be unoccupied and adjacent to a Monster. You cannot perform
    movement through a corner between two occupied spaces."""
    async with pack_table(tmp_path, FILES) as t:
        await t.ok("@kara /knight create knight:lanternbearer name:Kara")
        await t.ok("@kara /knight armory add gear:gear_grappling_hook")
        await t.ok("@kara /knight loadout gear:gear_pilgrims_mace,gear_grappling_hook")
        await t.ok("/clash start monster:still level:1 type:full providence:true")
        await _attack(t)  # the second ability window of Kara's Attack
        far = await t('@kara /knight react source:gear_grappling_hook ability:"Hug 2" to:C2')
        assert not far.ok and "Hug 2 reaches" in (far.error or "") and "C4" in (far.error or "")
        reply = await t.ok('@kara /knight react source:gear_grappling_hook ability:"Hug 2" to:C4')
        assert "Kara moves to C4 (Hug 2)." in reply.text
        state = await t.state()
        assert next(k for k in state["board"]["knights"] if k["name"] == "Kara")["space"] == "C4"
        again = await t('@kara /knight react source:gear_grappling_hook ability:"Hug 2" to:C6')
        assert not again.ok and "this Round" in (again.error or "")  # once per Round on one game element


async def test_motivate_moves_other_knights_after_the_attack(tmp_path: Path) -> None:
    """Rulebook (line 2012): - Motivate X: During the second ability window, other Knights may move up to X spaces
    among them. Example: Motivate 3 allows one Knight to move 3 spaces, two Knights to move 2 and 1 spaces
    respectively or three Knights to move 1 space each."""
    async with pack_table(tmp_path, FILES) as t:
        for name in ("Kara", "Ubar", "Oriel"):
            await t.ok(f"@{name.lower()} /knight create knight:lanternbearer name:{name}")
        await t.ok("@kara /knight armory add gear:gear_war_banner")
        await t.ok("@kara /knight loadout gear:gear_pilgrims_mace,gear_war_banner")
        await t.ok("/clash start monster:still level:1 type:full providence:true")
        await t.ok("@kara /knight move to:D5")  # her turn is open; her Attack not made yet
        early = await t('@kara /knight react source:gear_war_banner ability:"Motivate 3" moves:"Ubar:H3"')
        assert not early.ok and "second ability window" in (early.error or "")
        await _attack(t)
        too_far = await t('@kara /knight react source:gear_war_banner ability:"Motivate 3" moves:"Ubar:H3,Oriel:H7"')
        assert not too_far.ok and "cannot reach H7" in (too_far.error or "")
        reply = await t.ok('@kara /knight react source:gear_war_banner ability:"Motivate 3" moves:"Ubar:H3,Oriel:H6"')
        assert "Motivate 3: Ubar to H3, Oriel to H6." in reply.text
        where = {k["name"]: k["space"] for k in (await t.state())["board"]["knights"]}
        assert where["Ubar"] == "H3" and where["Oriel"] == "H6" and where["Kara"] == "D5"
