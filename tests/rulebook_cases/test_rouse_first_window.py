"""Rouse tokens placed in the First Ability Window count for the Attack's Passion (issue #19: the Encounter counted
the Encounter Pool after the window, the Clash the Knight Pool before it; the one Attack of
rules/clash/attack_sequence.py counts after it, for campaigns created at state version 3). Played through command
lines from a content pack of the test's own (tests/rulebook_cases/pack.py)."""

from __future__ import annotations

from pathlib import Path

from tests.rulebook_cases.pack import monster, pack_table, weapon

ROUSING_MACE = weapon("gear_rousing_mace", "Rousing Mace", "- {name: Auto-rouse, value: 1}", traits="")
POST = monster(
    "post", "Training Post",
    ai="""\
- id: post_ai_stand
  name: Stand
  level: 1
  movement: {type: none}
  consequences: [{type: text, text: nothing}]""",
    setup="""\
  knights: [D5, H1, H5, H9]
  monster:
  - {at: C5, facing: south}""",
)


async def test_rouse_placed_in_the_first_ability_window_counts(tmp_path: Path) -> None:
    """Rulebook (line 1918): - Auto-X Y: Place a number of tokens in the Knight Pool during the first ability window,
    where X is the type of token you can place, and Y is the number of tokens, for example Auto-break 2.

    Rulebook (line 2075): In the first ability window, the attacking Knight may use Rouse tokens from the Knight Pool
    to treat their Passion as 1 higher until the end of this Attack for each Rouse token used.

    Kara (Passion 0, +1 for the Attack) attacks with the Rousing Mace: its Auto-rouse 1 Rouse token makes her
    Passion count as 2 for the Power Pool."""
    async with pack_table(tmp_path, {"gear.yaml": ROUSING_MACE, "post.yaml": POST}) as t:
        await t.ok('@kara /knight create knight:lanternbearer name:"Kara"')
        await t.ok("@kara /knight armory add gear:gear_rousing_mace")
        await t.ok("@kara /knight loadout gear:gear_rousing_mace")
        await t.ok("/clash start monster:post level:1 type:full")
        await t.ok("/monster round")  # Stand: nothing happens; the Knight Round begins
        await t.ok("/gm force-next values:9,9,9")
        reply = await t.ok('@kara /knight attack weapon:"Rousing Mace"')
        lines = reply.text.splitlines()
        placed = next(i for i, x in enumerate(lines) if x.startswith("First ability window: the Rousing Mace places"))
        rouse = lines.index("Rouse: Kara's Passion counts as 2 until the end of this Attack.")
        assert placed < rouse
