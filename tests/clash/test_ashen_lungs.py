"""Ashen Lungs in the Refresh step and on the Knight Sheet (issue #20), through command lines: the Refresh step
used the portrait's raw Heat Refresh and the sheet showed it, not the rate with the Conditions held."""

from __future__ import annotations

from tests.clash.test_monster_round import _answer_until_done
from tests.conftest import Table


async def test_ashen_lungs_lowers_the_heat_refresh_of_the_refresh_step_and_the_sheet(table: Table) -> None:
    """Rulebook (line 1259): First, lower your current Heat by the amount equal to your Knight's Heat
    Refresh rate.

    Ashen Lungs (starter Conditions): "Your Heat Refresh is 1 lower (never below 0)." Brannoch's portrait has Heat
    Refresh 2: with Ashen Lungs the Refresh step lowers Heat by 1."""
    for name in ("Kara", "Ser Sonch"):
        await table.ok(f'@{name.split()[-1].lower()} /knight create knight:lanternbearer name:"{name}"')
    before = (await table.ok('@kara /knight show name:"Kara"')).data["sheet"]["board"]["portrait"]["heat_refresh"]
    assert before == 2
    await table.ok('@kara /knight condition action:gain card:condition_ashen_lungs name:"Kara"')
    shown = (await table.ok('@kara /knight show name:"Kara"')).data["sheet"]["board"]["portrait"]["heat_refresh"]
    assert shown == 1
    await table.ok("/clash start monster:abbot level:1 type:full")
    await table.ok("/clash adjust deck:ai top:abbot_ai_censer_swing")
    await _answer_until_done(table, await table.ok("/monster round"))
    await table.ok('/clash adjust knight:"Kara" stat:heat value:3')
    opened = await table.ok("@kara /knight end-turn")
    assert "Heat 3 → **2**" in opened.text, opened.text
    kara = next(k for k in (await table.state())["knights"].values() if k["name"] == "Kara")
    assert kara["stats"]["heat"] == 2
    await table.ok('/clash adjust knight:"Ser Sonch" stat:heat value:3')
    plain = await table.ok("@sonch /knight end-turn")
    assert "Heat 3 → **1**" in plain.text, plain.text  # without the Condition: the portrait's 2
