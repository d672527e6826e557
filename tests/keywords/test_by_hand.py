"""A keyword met where the bot does not resolve it is shown to the table with its rulebook text and the command to
apply it by hand — never silently dropped (issue #19, "Keywords registered once, with where they apply"). Played
through commands from a content pack: the Encounter of tests/delve/test_encounter.py (its module docstring: Ser Sonch
on A4 next to the Gallowmere Stag, To Hit 4, AT 7) with a Pilgrim's Mace that also has Commit, Power Re-roll 1 and
Cumbersome."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from content.schema.gear import KEYWORD_NAMES
from rules.keywords.model import ENCOUNTER, KNIGHT_ATTACK
from rules.keywords.registry import find, resolved_in
from tests.conftest import Table
from tests.delve.test_attack_drift import encounter_with
from tests.delve.test_encounter import SWORD, _force
from tests.rulebook_cases.pack import pack_table, weapon

SLEDGE = 'weapon:"Penitent\'s Sledge"'
GEAR = weapon("gear_test_penitents_sledge", "Penitent's Sledge", "- {name: Break, value: 1}\n- {name: Commit}\n"
                             "- {name: Power Re-roll, value: 1}\n- {name: Cumbersome}")


@pytest.fixture
async def sledge(tmp_path: Path) -> AsyncIterator[Table]:
    async with pack_table(tmp_path, {"gear.yaml": GEAR}) as table:
        yield table


async def test_an_encounter_attack_shows_the_keywords_it_does_not_apply(sledge: Table) -> None:
    """Rulebook (line 1936): - Commit: To attack with this weapon, gain +1 Heat.

    Rulebook (line 904): Note: Resolve abilities from your Weapon and Heroic Arc as usual, but remember that keywords
    like Cumbersome will never trigger since you're not dealing a Wound.

    Commit is not applied by the Encounter's Attack Action: it is shown with its text and the command that applies
    it. Break 1 and Power Re-roll 1 are applied (the Encounter Pool gets the token; the idle Power die is re-rolled),
    so they are not in the list; Cumbersome never triggers in an Encounter, so it is not either."""
    await encounter_with(sledge, "gear_test_penitents_sledge")
    await _force(sledge, [10, 10, 10, *[SWORD] * 7])  # a Full Hit, Total Power 7: a Scrape
    reply = await sledge.ok(f"@kara /encounter attack {SLEDGE}")
    by_hand = [line for line in reply.text.splitlines() if line.startswith("✋")]
    assert ("✋ Commit (Penitent's Sledge), not applied by the bot in the Encounter: Attack Action — “To attack with "
            "this weapon, gain +1 Heat.” Apply it by hand: `/knight stat name:<knight> stat:heat change:1 cost:true`."
            in by_hand)
    assert not any(line.startswith("✋ Power Re-roll") for line in by_hand)  # resolved (tests/delve/test_attack_drift)
    assert not any("Break" in line or "Cumbersome" in line for line in by_hand)
    assert (await sledge.state())["delve"]["encounter"]["pool"].get("break") == 1


def test_every_keyword_of_the_attack_is_resolved_or_shown_in_both_attacks() -> None:
    """The old hidden list (power_roll.HANDLED) is gone: what an Attack leaves out of its by-hand list is what the
    registry says it resolves there, and Falsity — hidden in an Encounter by that list before — is resolved there."""
    assert find("Falsity") is not None and "Falsity" in resolved_in(ENCOUNTER)
    assert "Commit" in resolved_in(KNIGHT_ATTACK) and "Commit" not in resolved_in(ENCOUNTER)
    assert find("Auto-break") is find("Auto-opening") is not None
    assert find("Opening") is not None and find("Opening").entry == "Opening X"  # type: ignore[union-attr]


FLAIL = weapon("gear_test_lantern_flail", "Lantern Flail",
               "- {name: Commit}\n- {name: Daze}\n- {name: Reposition, value: 1}")


async def test_a_knight_attack_shows_what_it_does_not_apply_and_reminds_the_players_choices(tmp_path: Path) -> None:
    """Rulebook (line 1936): - Commit: To attack with this weapon, gain +1 Heat.

    Rulebook (line 1941): - Daze: During either the first or second ability window, if adjacent, you may turn the
    Monster (without moving it) in a way that would make it face directly away from you.

    Rulebook (line 2070): - Reposition X: During the second ability window, you may move up to X spaces.

    In a Clash's Knight Attack, Commit is applied (+1 Heat, not in the list); Daze is the player's choice, resolved by
    /knight react (the command is shown); Reposition is not applied by the bot there: its text and the command."""
    from tests.rulebook_cases.test_hug_and_motivate import STILL

    async with pack_table(tmp_path, {"gear.yaml": FLAIL, "still.yaml": STILL}) as t:
        await t.ok("@kara /knight create knight:lanternbearer name:Kara")
        await t.ok("@kara /knight armory add gear:gear_test_lantern_flail")
        await t.ok("@kara /knight loadout gear:gear_test_lantern_flail")
        await t.ok("/clash start monster:still level:1 type:full providence:true")
        heat = next(k for k in (await t.state())["knights"].values() if k["name"] == "Kara")["stats"]["heat"]
        await t.ok("/gm force-next values:10,10,10")
        reply = await t.ok("@kara /knight attack weapon:gear_test_lantern_flail")
        by_hand = [line for line in reply.text.splitlines() if line.startswith("✋")]
        assert "✋ Daze (Lantern Flail): the player may use it now — `/knight react source:<gear> ability:Daze`." in by_hand
        assert any(line.startswith("✋ Reposition 1 (Lantern Flail), not applied by the bot in the Clash: Knight Attack "
                                   "— “During the second ability window, you may move up to X spaces.” Apply it by hand: ")
                   and "`/clash place`" in line for line in by_hand)
        assert not any("Commit" in line for line in by_hand)
        kara = next(k for k in (await t.state())["knights"].values() if k["name"] == "Kara")
        assert kara["stats"]["heat"] == heat + 1  # Commit


def test_every_gear_keyword_the_content_may_write_is_declared_with_its_contexts() -> None:
    """Every keyword a Gear card may carry (content/schema/gear.py ``KEYWORD_NAMES``) is declared once in the
    registry, so a Gear keyword the bot does not resolve yet is already shown to the table where it is met, and
    automating it in the Attack Roll is one rules module, its declaration's status and its test
    (docs/architecture.md): the schema already accepts it.

    "Additional Power Die" is a Heroic Arc's effect, read from the Arc's text (rules/clash/power_roll.py), not an
    entry of the Keyword List."""
    undeclared = sorted(n for n in KEYWORD_NAMES if find(n) is None and n != "Additional Power Die")
    assert undeclared == []
