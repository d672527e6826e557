"""The Encounter's Attack Action is the Clash's Knight Attack (issue #19, "drift cases"): what a Knight holds counts
the same in both, and the Attack's keywords act the same. Played through commands; the Encounter set-up is
tests/delve/test_encounter.py's (its module docstring: Ser Sonch on A4 next to the Gallowmere Stag, the Pilgrim's
Mace, 3 Attack dice, Precision +1, against To Hit 4)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import build_registry
from bot.app.service import App
from content import editions
from content.loader import load_catalogue
from storage.db import Database
from tests.conftest import Table
from tests.delve.test_encounter import CROWN, MACE, SKULL, STAG_SOUTH, SWORD, TOWER, _adjacent_pair, _force
from tests.rulebook_cases.pack import pack_table, weapon

LIAR = 'weapon:"Liar\'s Mace"'
GRIME = 'card:"Blinding Grime"'


async def test_blinding_grime_counts_in_an_encounter_and_is_discarded(table: Table) -> None:
    """Rulebook (line 896): The Attack is resolved against the To Hit and AT statistics shown on the Encounter Monster
    card. The Attack Action works almost the same way as a Combat Action during a Clash (see p. 56):

    Rulebook (line 1515): Various effects (like Mortis cards or Monster Attacks) cause Knights to gain cards that
    apply additional negative or positive effects. When you gain a Condition card, place it next to your Knight Board.

    Blinding Grime (starter Condition): "You have -1 Precision. Discard this card after your next Attack." The Mace's
    Precision +1 and the Grime's -1 make 0: a 3 misses To Hit 4 (with +1 it would hit)."""
    await _adjacent_pair(table)
    await table.ok(f'@kara /knight condition action:gain {GRIME} name:"Ser Sonch"')
    await _force(table, [3, 10, 10, *[SWORD] * 7])
    reply = await table.ok(f"@kara /encounter attack {MACE}")
    if reply.pending is not None:  # the missed Crit die may be re-rolled: keep it
        reply = await table.ok("@kara /encounter choose option:keep")
    attack = reply.data["attack"]
    assert attack["precision"] == 0 and attack["hit"] == [False, True, True]
    knight = (await table.state())["knights"]["ser-sonch"]
    assert "condition_blinding_grime" not in knight["stats"]["conditions"]
    assert "discards the Condition Blinding Grime after the Attack" in reply.text


FALSITY_PACK = {
    "pack.yaml": "kind: pack\nid: attack_drift\nname: Attack drift test pack\nversion: '1.0'\n",
    "gear.yaml": weapon("gear_test_liars_mace", "Liar's Mace", "- {name: Break, value: 1}\n- {name: Falsity}"),
}


@pytest.fixture
async def liar(tmp_path: Path) -> AsyncIterator[Table]:
    """A table whose content is the starter pack and a pack with the Liar's Mace: the Pilgrim's Mace with Falsity."""
    pack = tmp_path / "attack_drift"
    for name, text in FALSITY_PACK.items():
        (pack / name).parent.mkdir(parents=True, exist_ok=True)
        (pack / name).write_text(text, encoding="utf-8")
    catalogue = load_catalogue([pack])
    app = App(await Database.open(tmp_path / "k.sqlite3"), catalogue, build_registry(), seed=1,
              image_dir=tmp_path / "images")
    try:
        table = Table(app)
        await table.ok('/campaign new name:"Liars"')
        yield table
    finally:
        await app.db.close()


async def encounter_with(table: Table, weapon: str) -> None:
    """Ser Sonch carries ``weapon`` instead of the Pilgrim's Mace; the Encounter of test_encounter.py (the Stag's,
    Ser Sonch on A4 next to it)."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:lanternbearer name:"Ser Brann"')
    await table.ok(f"@kara /knight armory add gear:{weapon}")
    await table.ok(f"@kara /knight loadout gear:{weapon},gear_padded_gambeson,gear_lantern_of_vigil")
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust token:stag to:aub_02")
    await table.ok("@kara /delve travel to:aub_02")
    await _force(table, [*STAG_SOUTH, SKULL, TOWER, CROWN])
    await table.ok("/encounter start")
    await table.ok("@kara /encounter choose option:A4")
    await table.ok("@ulfa /encounter choose option:B6")


async def test_falsity_rerolls_the_crit_die_free_in_an_encounter(liar: Table) -> None:
    """Rulebook (line 1972): - Falsity: During the Attack Roll step, you may re-roll your Crit die without gaining
    Heat. If you re-roll your Crit die while it's already a hit, immediately Zeal 1.

    Rulebook (line 896): The Attack is resolved against the To Hit and AT statistics shown on the Encounter Monster
    card. The Attack Action works almost the same way as a Combat Action during a Clash (see p. 56):

    A Full Hit (9, 9, 8 with +1 against To Hit 4): only Falsity offers a re-roll, of the Crit die, free; it was a
    hit, so Zeal 1."""
    await encounter_with(liar, "gear_test_liars_mace")
    await _force(liar, [9, 9, 8])
    asked = await liar.ok(f"@kara /encounter attack {LIAR}")
    assert asked.pending is not None and asked.pending["kind"] == "enc_reroll"
    assert asked.pending["options"] == ["die1", "keep"]
    await _force(liar, [10, *[SWORD] * 7])
    done = await liar.ok("@kara /encounter choose option:die1")
    assert done.data["attack"]["naturals"] == [10, 9, 8]
    assert "Falsity: Ser Sonch re-rolls the Crit die without gaining Heat." in done.text
    knight = (await liar.state())["knights"]["ser-sonch"]
    assert knight["board"]["resources"]["zeal"] == 1
    assert knight["stats"]["heat"] == 1  # the Scrape effect's Heat only: the re-roll was free


def _splinter_pack(folder: Path, keyword: str = "{name: Splinter, value: 1}") -> Path:
    """The Splinter Abbot: the starter Cinder Abbot of edition 1 (renamed) whose Censer Swing carries Splinter 1 and rolls 4
    Evasion dice at 11 (a Squire draws one Mettle card: it evades 2 at most, Critical Chance aside)."""
    # edition 1's Abbot: one Activation at level 1, the Round this test walks through (content/editions.py)
    text = (editions.folder(1) / "monsters" / "cinder_abbot.yaml").read_text(encoding="utf-8")
    text = text.replace("abbot", "sabbot").replace("The Cinder Abbot", "The Splinter Abbot")
    swing = "- id: sabbot_ai_censer_swing\n  name: Censer Swing\n  level: 1\n  evasion_dice: 2\n  evasion_difficulty: 6\n"
    assert swing in text
    text = text.replace(swing, swing.replace("evasion_dice: 2", "evasion_dice: 4").replace(
        "evasion_difficulty: 6", f"evasion_difficulty: 11\n  keywords:\n  - {keyword}"))
    pack = folder / "splinter"
    (pack / "monsters").mkdir(parents=True)
    (pack / "pack.yaml").write_text("kind: pack\nid: splinter\nname: Splinter test pack\nversion: '1.0'\n")
    (pack / "monsters" / "sabbot.yaml").write_text(text, encoding="utf-8")
    return pack


async def _splinter_round(tmp_path: Path, tam: str, kara: str, keyword: str = "{name: Splinter, value: 1}",
                          heat: int = 4) -> tuple[App, Table, Any]:
    """Kara and the Squire Tam on the given spaces against the Splinter Abbot (A5-C7, facing south), up to the REACT!
    window of Censer Swing in Monster Round 3 (Tam at the Heat Limit: no Mettle re-draw)."""
    catalogue = load_catalogue([_splinter_pack(tmp_path, keyword)])
    app = App(await Database.open(tmp_path / "k.sqlite3"), catalogue, build_registry(), seed=1,
              image_dir=tmp_path / "images")
    table = Table(app)
    await table.ok('/campaign new name:"Splinters"')
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok("/clash start monster:sabbot level:1 type:full knights:Kara providence:true")
    await table.ok(f"@kara /squire place space:{tam}")
    await table.ok(f"/clash place kind:knight name:Kara space:{kara}")
    for round_ in range(2):  # Knight Round 1, Monster Round 2 (the AI 0 card), Knight Round 2
        await table.ok("@kara /squire end-turn")
        await table.ok("@kara /knight end-turn")
        if round_ == 0:
            await table.ok("/monster round")
    await table.ok("/clash adjust deck:ai top:sabbot_ai_censer_swing")
    now = (await table.state())["squires"]["tam"]["heat"]
    if now != heat:
        await table.ok(f"@kara /squire stat stat:heat change:{heat - now}")  # at the Heat Limit (4): no re-draw
    react = await table.ok("/monster round")
    assert react.pending is not None and react.pending["kind"] == "react"
    return app, table, react


async def test_splinter_hurts_the_knights_adjacent_to_a_squire_target(tmp_path: Path) -> None:
    """Rulebook (line 2090): - Splinter X: Knights adjacent to the Target of the Attack lose -X Vigor.

    Rulebook (line 934): Squire. During a Clash, Squires are considered Knights unless stated otherwise. A Squire is
    represented by the Squire card and a Squire Standee.

    The Squire Tam on D6, in front of the Abbot and the closest: Censer Swing's Target. Kara on E6 is adjacent to
    Tam: she loses 1 Vigor (her Armor die is forced blank)."""
    app, table, react = await _splinter_round(tmp_path, tam="D6", kara="E6")
    try:
        assert "Closest Knight in front → Tam" in react.text
        await _force(table, [1])  # Kara's Armor die: no Armor
        reply = await table.ok(f"@kara /choose decision:{react.pending['id']} option:go_on")
        assert "Tam loses" in reply.text  # the Squire is hit
        assert "Splinter 1: adjacent to Tam: Kara loses 1 Vigor." in reply.text
        assert (await table.state())["knights"]["kara"]["stats"]["vigor"] == 12 - 1
    finally:
        await app.db.close()


async def test_splinter_hurts_a_squire_adjacent_to_the_target(tmp_path: Path) -> None:
    """Rulebook (line 2090): - Splinter X: Knights adjacent to the Target of the Attack lose -X Vigor.

    Rulebook (line 934): Squire. During a Clash, Squires are considered Knights unless stated otherwise. A Squire is
    represented by the Squire card and a Squire Standee.

    Kara on D6 is the Target; Tam on E6, adjacent to her, loses 1 Vigor (a Squire has no Armor Roll)."""
    app, table, react = await _splinter_round(tmp_path, tam="E6", kara="D6")
    try:
        assert "Closest Knight in front → Kara" in react.text
        await _force(table, [2, 2, 2, 2])  # Kara's four Evasion dice all miss 11+
        rolled = await table.ok(f"@kara /choose decision:{react.pending['id']} option:go_on")
        if rolled.pending is not None:  # Heat re-rolls offered: keep the dice
            rolled = await table.ok(f"@kara /choose decision:{rolled.pending['id']} option:keep")
        assert "Splinter 1: adjacent to Kara: Tam loses 1 Vigor." in rolled.text
        assert (await table.state())["squires"]["tam"]["vigor"] == 7 - 1
    finally:
        await app.db.close()


async def test_doomed_forbids_a_squire_the_heat_redraw_of_its_evasion(tmp_path: Path) -> None:
    """Rulebook (line 1960): - Doomed: During this Monster Attack, Knights cannot re-roll the Evasion Roll or
    Judgement test using Heat.

    Rulebook (line 934): Squire. During a Clash, Squires are considered Knights unless stated otherwise.

    Tam on D6 is the Target of a Doomed Censer Swing, with Heat to spare: the hits not evaded would have her policy
    draw again for +1 Heat (rules/squires/defence.py); Doomed forbids it."""
    app, table, react = await _splinter_round(tmp_path, tam="D6", kara="E6", keyword="{name: Doomed}", heat=0)
    try:
        assert "Closest Knight in front → Tam" in react.text
        reply = await table.ok(f"@kara /choose decision:{react.pending['id']} option:go_on")
        assert "Tam draws no second Mettle card for Heat" in reply.text
        assert "Policy: +1 Heat to discard the result and draw again" not in reply.text
        # Heat 0 + 1 (Censer Swing's consequence) + 1 (Burning Office, the end of the Round): none for a re-draw
        assert "Censer Swing: Tam — gain heat 1." in reply.text and "Burning Office: Tam — gain heat 1." in reply.text
        assert (await table.state())["squires"]["tam"]["heat"] == 2
    finally:
        await app.db.close()


async def test_a_squires_attack_clears_the_knight_pool_after_its_wounds_step(tmp_path: Path) -> None:
    """Rulebook (line 1786): Squires perform Attacks in a similar manner to Knights, but they substitute the Attack
    Roll and the Power Roll with Mettle card draws.

    Rulebook (line 1446): 9. Clear the Knight Pool After resolving Responses and performing Escalation, remove all
    Knight tokens from the Knight Pool, unless explicitly instructed otherwise.

    The Squire's Attack is the Knights' ten steps (rules/clash/attack_sequence.py): its Fail discards the BP card
    (step 8) before the Knight Pool is cleared (step 9); before version 3 the Pool was cleared right after the
    Power draw."""
    app, table, react = await _splinter_round(tmp_path, tam="D6", kara="E6")
    try:
        await table.ok(f"@kara /choose decision:{react.pending['id']} option:go_on")
        lines = (await table.ok("@kara /squire attack name:Tam")).text.splitlines()
        assert "Power 0 against AT 6: **Fail**." in lines
        fail = lines.index("Cowl Hem goes to the BP discard pile (Fail).")
        assert lines.index("The Knight Pool is empty.") == fail + 1 > lines.index("Power 0 against AT 6: **Fail**.")
    finally:
        await app.db.close()


REROLLING = weapon("gear_test_rerolling_mace", "Rerolling Mace", "- {name: Break, value: 1}\n"
                                                                   "- {name: Power Re-roll, value: 1}")


async def test_power_reroll_rerolls_an_idle_power_die_in_an_encounter(tmp_path: Path) -> None:
    """Rulebook (line 2040): - Power Re-roll X: During the Power Roll step of an Attack, you may re-roll up to X Power
    dice. Remember, you cannot re-roll Power dice using Heat.

    Rulebook (line 896): The Attack is resolved against the To Hit and AT statistics shown on the Encounter Monster
    card. The Attack Action works almost the same way as a Combat Action during a Clash (see p. 56):

    A Full Hit and seven Power dice, six on their sword face and one blank (a crown): Power 6, under the Stag's AT 7.
    Power Re-roll 1 re-rolls the blank die, as the Clash's Power Roll does; it comes up a sword: Power 7, a Scrape.
    Without the keyword the same dice make no Scrape."""
    async with pack_table(tmp_path, {"gear.yaml": REROLLING}) as table:
        await encounter_with(table, "gear_test_rerolling_mace")
        await _force(table, [10, 10, 10, *[SWORD] * 6, CROWN, SWORD])
        reply = await table.ok('@kara /encounter attack weapon:"Rerolling Mace"')
        attack = reply.data["attack"]
        assert attack["tokens_used"].get("power_reroll") == 1
        assert attack["power"] == 7 and attack["scrape"] is True
        assert "(re-rolled)" in reply.text
        assert not any(line.startswith("✋ Power Re-roll") for line in reply.text.splitlines())


async def test_the_same_power_dice_make_no_scrape_without_power_reroll(table: Table) -> None:
    """The Pilgrim's Mace has no Power Re-roll: the same Full Hit and Power dice (six swords and a blank) stay at
    Power 6, under the Stag's AT 7 (the comparison for the test above)."""
    await _adjacent_pair(table)
    await _force(table, [10, 10, 10, *[SWORD] * 6, CROWN])
    plain = await table.ok(f"@kara /encounter attack {MACE}")
    assert plain.data["attack"]["power"] == 6 and plain.data["attack"]["scrape"] is False
    assert "power_reroll" not in plain.data["attack"]["tokens_used"]
