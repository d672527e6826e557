"""Tumble twice (rulebook line 533), played through command lines from a content pack: the Eggknight moves through
Paracelsa's space twice in one Monster Round, and her Pocket Sand offers the Tumble roll before each Crash."""

from __future__ import annotations

from pathlib import Path

from tests.rulebook_cases.pack import monster, pack_table
from tests.rulebook_cases.test_board_pieces import POCKET_SAND

WALL = """\
kind: terrain
id: cloister_wall
name: Cloister Wall
width: 6
keywords: [Obstacle, Indestructible]
"""
# A corridor: row A is open, row B a wall. The Eggknight stands between Ubar (A1) and Kara (A12), Paracelsa next to
# it on A3. Its AI card goes for the Knight with the most Heat (Ubar), its Signature for the furthest (Kara): each
# movement passes through Paracelsa's space.
EGGKNIGHT = monster(
    "corridor_egg", "Eggknight",
    activations="[ai, signature]",
    ai="""\
- id: corridor_egg_ai_charge
  name: Charge
  level: 1
  targeting:
  - text: Knight with the highest Heat
    criteria: [{is: highest, stat: heat}]
  movement: {type: move}
  consequences: [{type: text, text: The Eggknight charges.}]""",
    signature="""\
  id: corridor_egg_sig
  name: Roll Back
  targeting:
  - text: Furthest Knight
    criteria: [{is: furthest}]
  movement: {type: move}
  consequences: [{type: text, text: The Eggknight rolls back.}]""",
    setup="""\
  board: {rows: 2, columns: 12}
  terrain:
  - {tile: cloister_wall, at: B1}
  - {tile: cloister_wall, at: B7}
  knights: [A1, A3, A12, A8]
  monster:
  - {at: A4, facing: west}""",
)


async def test_tumble_is_rolled_before_each_crash(tmp_path: Path) -> None:
    """Rulebook (line 533): Example: The Eggknight moves through a space occupied by Paracelsa, triggering the Tumble
    ability on her Pocket Sand Gear card. She passes the Tumble roll and does not suffer Crash! Later in the same
    Monster Round, the monster moves through her space one more time! Since Tumble has no cost and is a constant
    ability, she will then attempt to avoid Crash again.

    Rulebook (line 1131): Knights do not impede Boss Monster's movement in any way, but a Knight on a space the Boss
    Monster moved through or onto suffers Crash."""
    files = {"gear.yaml": POCKET_SAND, "wall.yaml": WALL, "egg.yaml": EGGKNIGHT}
    async with pack_table(tmp_path, files) as t:
        for name in ("Ubar", "Paracelsa", "Kara"):
            await t.ok(f"@{name.lower()} /knight create knight:lanternbearer name:{name}")
        await t.ok("@paracelsa /knight armory add gear:gear_pocket_sand")
        await t.ok("@paracelsa /knight loadout gear:gear_pocket_sand")
        await t.ok("/clash start monster:corridor_egg level:1 type:full")
        await t.ok("/clash adjust knight:Ubar stat:heat value:3")
        before = next(k for k in (await t.state())["knights"].values() if k["name"] == "Paracelsa")["stats"]["vigor"]
        await t.ok("/gm force-next values:7,3")
        reply = await t.ok("/monster round")
        text = reply.text
        assert text.count("Tumble: Paracelsa rolls") == 2
        assert "Tumble: Paracelsa rolls 7 — the Crash is ignored" in text
        assert "Tumble: Paracelsa rolls 3 — the Crash stands" in text
        state = await t.state()
        para = next(k for k in state["knights"].values() if k["name"] == "Paracelsa")
        assert para["stats"]["vigor"] == before - 1
        assert next(k for k in state["board"]["knights"] if k["name"] == "Paracelsa")["knocked_down"] is True
