"""Herd X and Gangup X as Monster effects, and reductions of involuntary movement as a Gear field, played through
command lines from a content pack (rulebook lines 1976, 1986, 1293)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import Table
from tests.rulebook_cases.pack import answer_all, monster, pack_table


def _shepherd(effect: str) -> str:
    return monster(
        "shepherd", "Shepherd",
        ai=f"""\
- id: shepherd_ai_crook
  name: Crook
  level: 1
  evasion_dice: 1
  evasion_difficulty: 6
  targeting:
  - text: Closest Knight
    criteria: [{{is: closest}}]
  movement: {{type: none}}
  attack: {{types: [melee]}}
  consequences: [{effect}]""",
        setup="""\
  knights: [D6, D11, H1, H12]
  monster:
  - {at: D5, facing: east}""",
    )


BOOTS = """\
kind: gear
id: gear_hobnail_boots
name: Hobnail Boots
type: support
tier: mob
reduces:
- {movement: pushback, amount: 1, text: "Reduce Pushbacks you suffer by 1."}
---
kind: gear
id: gear_anchor_chain
name: Anchor Chain
type: support
tier: mob
reduces:
- {movement: involuntary, amount: 1, text: "Reduce any involuntary movement you suffer by 1."}
"""


async def _round(t: Table, evasion: int = 3) -> str:
    await t.ok(f"/gm force-next values:{evasion}")  # the Evasion die: not evaded
    reply = await t.ok("/monster round")
    return "\n".join(r.text for r in await answer_all(t, reply))


def _where(state: dict[str, Any]) -> dict[str, str]:
    out = {k["name"]: k["space"] for k in state["board"]["knights"]}
    return out | {m["name"]: m["anchor"] for m in state["board"]["monsters"]}


async def _start(t: Table, knights: tuple[str, ...] = ("Kara", "Ubar")) -> None:
    for name in knights:
        await t.ok(f"@{name.lower()} /knight create knight:lanternbearer name:{name}")
    await t.ok("/clash start monster:shepherd level:1 type:full")


async def test_herd_moves_the_target_toward_another_knight(tmp_path: Path) -> None:
    """Rulebook (line 1986): - Herd X: Move up to X spaces toward the Target. Then, move the Targeted Knight the
    remaining number of spaces, ignoring the source, toward another closest Knight along the shortest path, or until
    adjacent. Treat this as involuntary movement. If the Target is already adjacent to another Knight, they suffer
    Knockdown instead of being moved. Afterward, the source always moves adjacent to the Target."""
    async with pack_table(tmp_path, {"shepherd.yaml": _shepherd("{type: herd, amount: 3}")}) as t:
        await _start(t)
        text = await _round(t)
        where = _where(await t.state())
        assert "Kara ends on D9" in text
        assert where["Kara"] == "D9" and where["Ubar"] == "D11"
        assert where["Shepherd"] == "D8"


async def test_gangup_moves_the_target_toward_another_monster(tmp_path: Path) -> None:
    """Rulebook (line 1976): - Gangup X: Move up to X spaces toward the Target. Then, move the Targeted Knight the
    remaining number of spaces, ignoring the source, toward another closest Monster along the shortest path, or
    until adjacent. Treat this as involuntary movement."""
    async with pack_table(tmp_path, {"shepherd.yaml": _shepherd("{type: gangup, amount: 3}")}) as t:
        await _start(t)
        await t.ok("/clash place kind:knight name:Ubar space:H12")
        await t.ok("/clash place kind:monster name:Ram space:D11")  # another Monster, where Ubar was
        text = await _round(t)
        where = _where(await t.state())
        assert "Kara ends on D9" in text  # toward the Ram, until adjacent or the 3 spaces are spent
        assert where["Kara"] == "D9" and where["Shepherd"] == "D8"


async def test_reductions_of_involuntary_movement_add_up(tmp_path: Path) -> None:
    """Rulebook (line 1293): Knight abilities, Traits and other effects may reduce involuntary movement. Multiple
    effects reducing involuntary movement may be applied at the same time, e.g. if a Knight has two Gear cards that
    allow them to reduce suffered Pushbacks by 1 each, then deals a Critical Wound that reduces Monster Pushbacks by
    2, all of these effects can be combined to reduce Pushback suffered by that Knight by a total of 4."""
    files = {"shepherd.yaml": _shepherd("{type: pushback, amount: 3}"), "boots.yaml": BOOTS}
    async with pack_table(tmp_path, files) as t:
        await t.ok("@kara /knight create knight:lanternbearer name:Kara")
        await t.ok("@kara /knight armory add gear:gear_hobnail_boots")
        await t.ok("@kara /knight armory add gear:gear_anchor_chain")
        await t.ok("@kara /knight loadout gear:gear_hobnail_boots,gear_anchor_chain")
        await t.ok("/clash start monster:shepherd level:1 type:full")
        text = await _round(t)
        assert "Kara's Pushback is reduced by 2 (Hobnail Boots −1, Anchor Chain −1)." in text
        assert _where(await t.state())["Kara"] == "D7"  # Pushback 3 − 2: one space


def test_a_wrong_movement_field_is_named_by_file_and_line(tmp_path: Path) -> None:
    """docs/content.md: `kfgm content validate` names the file and line of a wrong Herd or reduction."""
    from content.loader import validate_pack
    from tests.rulebook_cases.pack import write_pack

    bad_boots = BOOTS.replace("movement: pushback", "movement: sideways")
    bad_herd = _shepherd("{type: herd}")
    folder = write_pack(tmp_path / "bad", {"boots.yaml": bad_boots, "shepherd.yaml": bad_herd})
    errors = [str(e) for e in validate_pack(folder)]
    assert any("boots.yaml:7:" in e and "reduces" in e and "movement" in e for e in errors), errors
    assert any("shepherd.yaml:" in e and "amount" in e for e in errors), errors


async def test_braced_gear_stops_a_knockback(tmp_path: Path) -> None:
    """Issue #19: Braced Gear never reached the Knight's miniature.

    Rulebook (line 1927): - Braced: You cannot be involuntarily moved or suffer Knockdown (you can still be
    Displaced)."""
    from tests.rulebook_cases.test_board_pieces import IRON_BOOTS

    files = {"shepherd.yaml": _shepherd("{type: knockback, amount: 3}"), "boots.yaml": IRON_BOOTS}
    async with pack_table(tmp_path, files) as t:
        await t.ok("@kara /knight create knight:lanternbearer name:Kara")
        await t.ok("@kara /knight armory add gear:gear_iron_boots")
        await t.ok("@kara /knight loadout gear:gear_iron_boots")
        await t.ok("/clash start monster:shepherd level:1 type:full")
        text = await _round(t)
        assert "Kara is Braced and ignores Knockback." in text
        assert _where(await t.state())["Kara"] == "D6"
