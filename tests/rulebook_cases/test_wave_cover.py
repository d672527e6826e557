"""Wave Attacks and cover (rulebook line 1163), played through command lines from a content pack: the Panzerdragon's
Rustbreath hits Fleischritter in the open; Ubar and Paracelsa, behind Columns, are not attacked; Kara is outside
the Zone."""

from __future__ import annotations

from pathlib import Path

from tests.rulebook_cases.pack import answer_all, monster, pack_table

COLUMN = """\
kind: terrain
id: column
name: Column
keywords: [Obstacle, Indestructible]
"""
PANZERDRAGON = monster(
    "panzerdragon", "Panzerdragon",
    diagram="diagram: {footprint: 4}",
    ai="""\
- id: panzerdragon_ai_rustbreath
  name: Rustbreath
  level: 1
  evasion_dice: 1
  evasion_difficulty: 6
  targeting:
  - text: Wave 2
    criteria: [{is: zone, value: 2}]
  movement: {type: none}
  attack: {types: [zone, wave], zone: 2}
  consequences: [{type: lose_vigor, amount: 2}]""",
    setup="""\
  terrain:
  - {tile: column, at: E5}
  - {tile: column, at: E7}
  knights: [F6, F5, F7, H1]
  monster:
  - {at: C5, facing: south}""",
)
KNIGHTS = ("Fleischritter", "Ubar", "Paracelsa", "Kara")


async def test_a_wave_attack_is_blocked_by_columns(tmp_path: Path) -> None:
    """Rulebook (line 1163): - Wave Attack: A Wave Attack is a type of a Zone Attack that disperses from the Monster
    in certain directions—just like a wave! A Wave Attack is blocked by Obstacles, like Columns. To check if your
    Knight occupies a space blocked from a Wave Attack, draw an imaginary line from the closest corner of the closest
    space occupied by the source to the furthest corner of the space occupied by the Knight. If the line passes
    through an Obstacle the Knight is adjacent to, the space is excluded from the Wave Attack.

    Rulebook (line 1164): Example: The Panzerdragon performs the Rustbreath AI. Since Fleischritter isn't behind any
    cover, he'll be hit. Ubar and Paracelsa are hidden behind Columns, which means they avoid the Attack. Kara is
    outside the Attack Zone entirely, so she avoids it as well."""
    async with pack_table(tmp_path, {"column.yaml": COLUMN, "panzerdragon.yaml": PANZERDRAGON}) as t:
        for name in KNIGHTS:
            await t.ok(f"@{name.lower()} /knight create knight:lanternbearer name:{name}")
        await t.ok("/clash start monster:panzerdragon level:1 type:full")
        await t.ok("/gm force-next values:1")  # Fleischritter fails his Evasion Roll
        text = "\n".join(r.text for r in await answer_all(t, await t.ok("/monster round")))
        assert "(Fleischritter in it)" in text
        assert "The Wave is blocked for Ubar, Paracelsa: behind an Obstacle, not attacked." in text
        assert "Fleischritter rolls 1 Evasion di" in text
        for name in ("Ubar", "Paracelsa", "Kara"):
            assert f"{name} rolls" not in text
        vigor = {k["name"]: k["stats"]["vigor"] for k in (await t.state())["knights"].values()}
        assert vigor["Fleischritter"] < vigor["Ubar"] == vigor["Paracelsa"] == vigor["Kara"]
