"""Encounters end to end (a real App on a real SQLite file), with the GM's forced dice.

The starter Encounter Board of the Gallowmere Stag, The Mire Crossing (content/packs/starter/monsters/
encounter_boards.yaml; ``o``/``b``: an Opening/Break symbol):

        1      2      3      4      5      6
    A   crown  tower  sword  skull  rose   crown(b)      A1: Opening
    B   skull  rose   crown  tower  sword  tower         B5: Opening
    C   sword  crown  skull  rose   tower  skull         C2: Break
    D   rose   sword  tower  crown  skull  rose          D3: Opening, D5: Break

A positioning d6 shows, by face number: 1 crown, 2 tower, 3 sword, 4 skull, 5 rose, 6 Hope (content/packs/starter/
dice.yaml). The Stag at level 1 (enc_stag_i): To Hit 4, AT 7, two spaces side by side, its Attack two spaces in front
(lose 2 Vigor, Knockback 2); Success at 2 Scrapes, Partial Success at 1, else Failure (gain 1 Threat). With the dice
crown and rose it stands on A5-A6 facing south and targets B5 and B6.

Ser Sonch and Ser Brann are Lanternbearers: the Pilgrim's Mace (3 Attack dice, Precision +1, Weapon Power 1 white +
1 black, Break 1), a black Power die, the Padded Gambeson (1 white Armor die). Three hits with every Power die on its
sword face (3) give 4 black + 3 white Power = 7: a Scrape.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import build_registry
from bot.app.history import rebuild
from bot.app.service import App
from bot.narration import texts
from content.schema.encounter_boards import EncounterBoard, board_problems
from content.schema.encounters import EncounterCard
from rules.delve import encounter as geo
from rules.delve import encounter_flow as flow
from rules.delve import monsters as mon
from rules.engine import Engine
from rules.state import CampaignState
from storage.db import Database
from tests.conftest import CATALOGUE, Table, invocation
from tests.delve._support import KINGDOM

CROWN, TOWER, SWORD, SKULL, ROSE, HOPE = 1, 2, 3, 4, 5, 6
STAG_SOUTH = [CROWN, ROSE]  # the Stag on A5-A6 facing south, targeting B5 and B6
SCRAPE = [10, 10, 10, *[SWORD] * 7]  # three hits (a Crit Chance), seven Power dice on their sword face: Power 7
MACE = 'weapon:"Pilgrim\'s Mace"'


async def _party(table: Table) -> None:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:lanternbearer name:"Ser Brann"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")


async def _met(table: Table) -> Any:
    """The Stag's token on aub_02, the party travels onto it: an Encounter is due."""
    await _party(table)
    await table.ok("/delve adjust token:stag to:aub_02")
    return await table.ok("@kara /delve travel to:aub_02")


async def _force(table: Table, values: list[int]) -> None:
    await table.ok("/gm force-next values:" + ",".join(map(str, values)))


async def _adjacent_pair(table: Table) -> Any:
    """The Stag south of A5-A6, Ser Sonch on A4 (next to it), Ser Brann on B6 (next to it, targeted: his Armor die
    shows crown, no Power). Returns the reply that opens the Knight Round."""
    await _met(table)
    await _force(table, [*STAG_SOUTH, SKULL, TOWER, CROWN])
    await table.ok("/encounter start")
    await table.ok("@kara /encounter choose option:A4")
    return await table.ok("@ulfa /encounter choose option:B6")


async def _enc(table: Table) -> dict[str, Any]:
    state = await table.state()
    return state["delve"]["encounter"]  # type: ignore[no-any-return]


def _texts(reply: Any) -> str:
    return str(reply.text)


# -- Encounter Setup -----------------------------------------------------------------------------------------


async def test_start_reads_the_encounter_due_and_the_card(table: Table) -> None:
    """Rulebook (line 864): First, check the type of Monster you're facing. If the Encounter trigger does not specify
    the Monster, you face the Monster in your current district, as indicated by the District Wheel.

    Rulebook (line 870): Moreover, during an Encounter, you will use the Encounter Monster card to represent the
    Monster in lieu of a full Monster Sheet.
    """
    met = await _met(table)
    assert met.data["monsters"]["encounter_due"] == "enc_stag_i"
    refused = await table('@kara /encounter start monster:enc_abbot_i')
    assert not refused.ok and "only the GM" in (refused.error or "")
    refused = await table("/encounter start monster:enc_abbot_i")
    assert not refused.ok and "is due" in (refused.error or "")
    reply = await table.ok("@kara /encounter start")
    enc = reply.data["encounter"]
    assert (enc["card"], enc["level"], enc["board"], enc["token"]) == ("enc_stag_i", 1, "mire_crossing", True)
    assert (enc["to_hit"], enc["at"], enc["thresholds"]) == (4, 7, {"success": 2, "partial": 1})
    again = (await table("@kara /encounter start")).error or ""  # the engine: the Encounter's first question waits
    assert again.startswith("the Encounter waits for a decision first (enc2)") and "/choose decision:enc2" in again


async def test_without_a_trigger_the_district_monster_is_faced(table: Table) -> None:
    """Rulebook (line 864): If the Encounter trigger does not specify the Monster, you face the Monster in your
    current district, as indicated by the District Wheel."""
    await _party(table)
    state = CampaignState.model_validate(await table.state())
    assert state.delve is not None
    district = CATALOGUE.kingdom_tiles["aubrevane"][state.delve.tile].district
    expected = mon.district_monster(state.delve, KINGDOM, district)
    reply = await table.ok("@kara /encounter start")
    assert reply.data["encounter"]["card"] == expected and reply.data["encounter"]["token"] is False


async def test_travel_waits_while_an_encounter_runs(table: Table) -> None:
    """Rulebook (line 861): When you are instructed to resolve an Encounter (for example because an Encounter Monster
    token moved onto your tile), finish resolving your current step, then immediately proceed to the Encounter."""
    await _met(table)
    await _force(table, [*STAG_SOUTH, SKULL, SKULL])
    await table.ok("/encounter start")
    assert not (await table("@kara /delve travel direction:north")).ok
    assert not (await table("@kara /delve continue")).ok


# -- the whole sequence --------------------------------------------------------------------------------------


async def test_a_whole_encounter_runs_its_steps_in_order(table: Table) -> None:
    """Rulebook (line 873): An Encounter consists of the following steps, resolved in order:

    Rulebook (line 879): During a normal Encounter, you position the Monsters first, then proceed to position the
    Knights
    """
    await _met(table)
    threat = (await table.state())["track"]["threat"]
    await _force(table, [*STAG_SOUTH, SKULL, SKULL])
    start = await table.ok("/encounter start")
    text = _texts(start)
    assert text.index("Monster Positioning") < text.index("Knight Positioning")
    assert start.data["encounter"]["monsters"] == [
        {"number": 1, "cells": ["A5", "A6"], "facing": "south", "targets": ["B5", "B6"]}]
    await table.ok("@kara /encounter choose option:A4")
    second = await table.ok("@ulfa /encounter choose option:C6")
    text = _texts(second)
    assert text.index("Monster Round") < text.index("Knight Round")
    assert second.data["encounter"]["step"] == "knight_round"
    await table.ok("@kara /encounter help")
    last = await table.ok("@ulfa /encounter help")
    assert "Resolution: 0 Scrape(s) — **Failure**" in _texts(last)
    assert last.data["encounter"]["outcome"] == "failure" and last.data["monsters"]["encounter_due"] is None
    state = await table.state()
    assert state["delve"]["encounter"] is None and state["track"]["threat"] == threat + 1  # Failure: gain 1 Threat


async def test_replaying_the_log_rebuilds_the_same_state(table: Table) -> None:
    """Rulebook (line 908): Count the number of Scrapes dealt and resolve the corresponding effect from the Encounter
    Monster card (Success, Partial Success, or Failure)."""
    await _adjacent_pair(table)
    await _force(table, SCRAPE)
    before = await table.state()
    first = await table.ok(f"@kara /encounter attack {MACE}")
    await table.ok("/gm undo")  # the undo takes the forced dice back too: the same command rolls the same dice
    assert await table.state() == before
    again = await table.ok(f"@kara /encounter attack {MACE}")
    assert again.data == {**first.data, "seq": again.data["seq"]}
    await table.ok("@ulfa /encounter help")
    loaded = await table.app.load(invocation("gm", "/gm state"))
    rebuilt = await rebuild(table.app.db, table.app.engine, loaded.row.id)
    assert rebuilt == loaded.state and rebuilt.delve is not None and rebuilt.delve.encounter is None


# -- Positioning ---------------------------------------------------------------------------------------------


async def test_two_dice_place_the_monster_on_both_symbols(table: Table) -> None:
    """Rulebook (line 882): When fighting against Vassal, King, or Devil Tier Monsters, roll two d6 dice and place
    the Monster miniature so that it stands on both spaces matching the symbols on the dice (ignore all Hope symbols
    on the rolled dice). ... If you cannot place the Monster on spaces matching both dice, place it on at least one
    matching space instead.

    Rulebook (line 880): When placing the Monsters on the Encounter Board, always place and turn each Monster in such a
    way that they target the most spaces possible.
    """
    await _met(table)
    await _force(table, [CROWN, ROSE, SKULL, SKULL])
    placed = (await table.ok("/encounter start")).data["encounter"]["monsters"][0]
    assert placed["cells"] == ["A5", "A6"] and len(placed["targets"]) == 2  # crown A6, rose A5
    await table.ok("/encounter end")
    await _force(table, [CROWN, CROWN, SKULL, SKULL])  # no two crown spaces side by side on the board
    reply = await table.ok("/encounter start")
    board = CATALOGUE.encounter_boards["mire_crossing"]
    cells = [geo.parse(board, c) for c in reply.data["encounter"]["monsters"][0]["cells"]]
    assert [board.mark(*c) for c in cells].count("crown") == 1 and "not both" in _texts(reply)
    assert len(reply.data["encounter"]["monsters"][0]["targets"]) == 2


async def test_mob_positioning_rolls_one_die_per_miniature_and_ignores_hope(table: Table) -> None:
    """Rulebook (line 881): When fighting against a Mob Monster, for each Monster miniature roll a d6, then place the
    miniature on a space matching the rolled symbol (ignore all Hope symbols on the rolled dice). When placing Mob
    Monsters, place them so that their targeting overlaps as little as possible.

    Rulebook (line 879): When positioning Mobs, check the Monster Count value to see how many to field.
    """
    await _party(table)
    await _force(table, [HOPE, SWORD, SKULL, SKULL])
    reply = await table.ok("/encounter start monster:enc_drowned_i")
    enc = reply.data["encounter"]
    assert enc["placing"] == "mob" and len(enc["monsters"]) == 2  # Monster Count 2
    assert "Hope (ignored), sword" in _texts(reply)
    board = CATALOGUE.encounter_boards["weir_steps"]
    first, second = enc["monsters"]
    assert board.mark(*geo.parse(board, second["cells"][0])) == "sword"
    assert len(first["targets"]) == len(second["targets"]) == 3  # turned to target the most spaces
    assert not set(first["targets"]) & set(second["targets"])  # overlapping as little as possible


async def test_knight_positioning_asks_between_matching_spaces(table: Table) -> None:
    """Rulebook (line 884): Knight Positioning. To position your Knight miniatures, first roll a d6 die for each Knight,
    then place your Knights on matching unoccupied spaces on the Encounter Board (ignore all Hope symbols on the
    rolled dice)."""
    await _met(table)
    await _force(table, [*STAG_SOUTH, SKULL, SKULL])
    reply = await table.ok("/encounter start")
    assert reply.pending is not None and reply.pending["options"] == ["A4", "B1", "C3", "C6", "D5"]
    refused = await table("@ulfa /encounter choose option:A4")
    assert not refused.ok and "Ser Sonch" in (refused.error or "")
    again = await table.ok("@kara /encounter choose option:A4")
    assert again.pending is not None and "A4" not in again.pending["options"]  # occupied now


async def test_no_matching_space_remove_or_targeted_space(table: Table) -> None:
    """Rulebook (line 884): If there is no available space with a matching symbol, you must either remove that Knight
    from the Encounter, or place your Knight miniature on any space targeted by the Monsters."""
    await _met(table)
    await _force(table, [*STAG_SOUTH, HOPE, HOPE, CROWN])
    reply = await table.ok("/encounter start")
    assert reply.pending is not None and reply.pending["options"] == ["out", "B5", "B6"]
    await table.ok("@kara /encounter choose option:out")
    done = await table.ok("@ulfa /encounter choose option:B6")
    knights = {k["name"]: k for k in done.data["encounter"]["knights"]}
    assert knights["Ser Sonch"]["status"] == "out" and knights["Ser Brann"]["space"] == "B6"
    assert "attacks Ser Brann" in _texts(done)
    assert (await table.state())["knights"]["ser-brann"]["stats"]["vigor"] == 10  # 2 Vigor, no Armor Power


async def test_ambush_positions_the_knights_first_and_sits_out_a_knight(table: Table) -> None:
    """Rulebook (line 885): During an Ambush, you switch the order of the Knight and Monster Positioning, meaning you
    resolve Knight Positioning first, then proceed to Monster Positioning.

    Rulebook (line 886): - Knight Positioning: After a roll, if there is no available space with a matching symbol,
    you must remove that Knight from the Encounter—they have to sit it out.

    Rulebook (line 887): - Monster Positioning: When placing the Monster, always place them in such a way that their
    attack zone will target the maximum number of Knights.
    """
    await _met(table)
    await _force(table, [CROWN, HOPE, CROWN, ROSE, CROWN])
    reply = await table.ok("@kara /encounter start ambush:true")
    assert _texts(reply).index("Knight Positioning") < _texts(reply).find("Monster Positioning") or \
        "Monster Positioning" not in _texts(reply)
    assert reply.pending is not None and reply.pending["options"] == ["A1", "A6", "B3", "C2", "D4"]
    done = await table.ok("@kara /encounter choose option:B3")
    enc = done.data["encounter"]
    knights = {k["name"]: k for k in enc["knights"]}
    assert knights["Ser Brann"]["status"] == "out"  # a Hope face: no matching space, he sits it out
    assert enc["monsters"][0]["cells"] == ["B2", "C2"] and "B3" in enc["monsters"][0]["targets"]
    assert (await table.state())["knights"]["ser-sonch"]["stats"]["vigor"] == 10


# -- the Monster Round ---------------------------------------------------------------------------------------


async def test_monster_round_hits_the_targeted_knights_judicium_only(table: Table) -> None:
    """Rulebook (line 889): Just like in a Clash, the Monsters act first. Each Monster targets every Knight in the
    indicated area. Each Knight on a space targeted by a Monster suffers the Attack effects shown on the Encounter
    Monster card. In case of Vigor loss, do not draw Mortis cards other than Judicium."""
    await _party(table)
    await table.ok('@ulfa /knight stat stat:vigor change:-10 name:"Ser Brann"')  # Vigor 2
    before = await table.state()
    # The Stag at level 2: lose 3 Vigor and a Peril Check; it stands on A5-A6 facing south and targets B5, B6, C5, C6.
    await _force(table, [*STAG_SOUTH, SWORD, SKULL, CROWN, CROWN])
    await table.ok("/encounter start monster:enc_stag_i level:2")
    await table.ok("@kara /encounter choose option:B5")
    reply = await table.ok("@ulfa /encounter choose option:C6")
    state = await table.state()
    assert state["knights"]["ser-sonch"]["stats"]["vigor"] == 9
    for deck in ("minor_mortis", "major_mortis", "grave_mortis"):
        assert state["decks"][deck] == before["decks"][deck]  # no Mortis card
    assert "no Mortis card is drawn" in _texts(reply) and "Judicium" in _texts(reply)  # Ser Brann fell to 0


async def test_dragons_roar_repeats_positioning_and_the_monster_round(tmp_path: Path) -> None:
    """Rulebook (line 890): Dragon's Roar (Dragon Encounter/Ambush Only!) After the first Monster Round, repeat the
    Knight Positioning step, then repeat the Monster Round step. Do this only once. During this second Knight
    Positioning step, before you roll any dice, Knights already on the Board may decide not to move.

    Rulebook (line 883): When fighting against a Dragon, roll one d6 die, and place it in such a way that at least one
    occupied space matches the symbols on the die (ignore all Hope symbols on the rolled dice).
    """
    stag = KINGDOM.encounter_cards[0]
    side = stag.sides[0].model_copy(update={"level": 5, "tier": "dragon"})
    dragon = EncounterCard(id="enc_test_dragon", monster="stag", name="The Test Dragon", sides=[side])
    catalogue = copy.copy(CATALOGUE)
    catalogue.kingdoms = {**CATALOGUE.kingdoms,
                          "aubrevane": KINGDOM.model_copy(update={"encounter_cards": [*KINGDOM.encounter_cards,
                                                                                        dragon]})}
    app = App(await Database.open(tmp_path / "k.sqlite3"), catalogue, build_registry(), seed=1,
              image_dir=tmp_path / "images")
    try:
        table = Table(app)
        await table.ok('/campaign new name:"Dragons"')
        await _party(table)
        # one die: rose — it stands on A2-B2 facing east, targeting A3 and B3; Sonch skull, Brann tower
        await _force(table, [ROSE, SKULL, TOWER])
        start = await table.ok("/encounter start monster:enc_test_dragon level:5")
        assert start.data["encounter"]["placing"] == "dragon" and "one d6 (a Dragon)" in _texts(start)
        placed = start.data["encounter"]["monsters"][0]
        board = CATALOGUE.encounter_boards["mire_crossing"]
        assert "rose" in [board.mark(*geo.parse(board, c)) for c in placed["cells"]]
        assert placed["targets"] == ["A3", "B3"]
        await table.ok("@kara /encounter choose option:B1")
        roar = await table.ok("@ulfa /encounter choose option:D3")
        assert "no Knight there" in _texts(roar) and "Dragon's Roar" in _texts(roar) and roar.pending is not None
        assert roar.pending["kind"] == "enc_roar" and set(roar.pending["options"]) == {"none", "ser-sonch", "ser-brann"}
        await _force(table, [SWORD, CROWN])  # Ser Brann rolls again: sword (A3, B5, C1, D2); his Armor die a crown
        moved = await table.ok("@ulfa /encounter choose option:ser-brann")
        assert moved.pending is not None and moved.pending["kind"] == "enc_space"
        done = await table.ok("@ulfa /encounter choose option:A3")
        enc = done.data["encounter"]
        assert enc["monster_rounds"] == 2 and enc["roared"] and enc["step"] == "knight_round"
        assert "Monster Round (again: Dragon's Roar)" in _texts(done) and "attacks Ser Brann" in _texts(done)
        assert {k["name"]: k["space"] for k in enc["knights"]} == {"Ser Sonch": "B1", "Ser Brann": "A3"}
        assert (await table.state())["knights"]["ser-brann"]["stats"]["vigor"] == 10
    finally:
        await app.db.close()


# -- the Knight Round ----------------------------------------------------------------------------------------


async def test_help_places_the_space_symbols_in_the_encounter_pool(table: Table) -> None:
    """Rulebook (line 894): Help Action. To use the Help Action, check the symbol on your Knight's space, and place 1
    Opening token for each Opening symbol and 1 Break token for each Break symbol in the Encounter Pool."""
    await _met(table)
    await _force(table, [*STAG_SOUTH, SWORD, SKULL, CROWN])
    await table.ok("/encounter start")
    await table.ok("@kara /encounter choose option:B5")  # an Opening symbol (and targeted: his Armor die a crown)
    await table.ok("@ulfa /encounter choose option:A4")
    helped = await table.ok("@kara /encounter help")
    assert helped.data["encounter"]["pool"] == {"opening": 1}
    nothing = await table.ok("@ulfa /encounter help")
    assert "nothing is placed" in _texts(nothing)


async def test_the_encounter_pool_is_not_the_knight_pool(table: Table) -> None:
    """Rulebook (line 893): Encounter Pool. The area in which you place Knight tokens during the Encounter is called the
    Encounter Pool. The Encounter Pool and the Knight Pool are separate! During Encounters, you may only use Knight
    tokens from the Encounter Pool."""
    await _met(table)
    await _force(table, [*STAG_SOUTH, SWORD, SKULL, CROWN])
    await table.ok("/encounter start")
    await table.ok("@kara /encounter choose option:B5")
    await table.ok("@ulfa /encounter choose option:A4")
    await table.ok("@kara /encounter help")  # 1 Opening into the Encounter Pool
    assert (await table("/pool show")).ok is False  # no Clash: there is no Knight Pool to use
    await _force(table, SCRAPE)
    attack = await table.ok(f"@ulfa /encounter attack {MACE}")
    assert attack.data["attack"]["precision"] == 2  # the Mace's +1 and the Encounter Pool's Opening


async def test_attack_out_of_range_is_refused(table: Table) -> None:
    """Rulebook (line 895): Attack Action. To perform the Attack Action, first check if there is a valid Target in
    your weapon's effective range. If not, you cannot perform the Attack Action."""
    await _met(table)
    await _force(table, [*STAG_SOUTH, SKULL, SKULL])
    await table.ok("/encounter start")
    await table.ok("@kara /encounter choose option:A4")
    await table.ok("@ulfa /encounter choose option:C6")
    refused = await table(f"@ulfa /encounter attack {MACE}")
    assert not refused.ok and "no valid Target" in (refused.error or "")
    assert (await _enc(table))["knights"][1]["action"] is None  # nothing changed: he may still Help


async def test_a_scrape_and_the_critical_once_per_encounter(table: Table) -> None:
    """Rulebook (line 905): If you manage to reach or exceed the AT value, you Scrape the Monster. Place a Scrape token
    on the Encounter Monster card. Then, resolve the Scrape effect (if any) and clear the Encounter Pool. If you gained
    a Crit Chance during the Attack Roll and dealt a Scrape, resolve the Critical effect (only once per Encounter for
    the whole party)."""
    await _adjacent_pair(table)
    await _force(table, SCRAPE)
    first = await table.ok(f"@kara /encounter attack {MACE}")
    assert first.data["attack"]["scrape"] and first.data["attack"]["critical"]
    assert first.data["encounter"]["scrapes"] == 1 and first.data["encounter"]["critical_used"]
    sonch = (await table.state())["knights"]["ser-sonch"]["stats"]
    assert (sonch["passion"], sonch["heat"]) == (2, 1)  # +1 Raise Passion, +1 Critical; Scrape: +1 Heat
    # Ser Sonch's second ability window left 1 Break and 1 Opening in the Encounter Pool: Ser Brann's Precision +2
    await _force(table, SCRAPE)
    second = await table.ok(f"@ulfa /encounter attack {MACE}")
    assert second.data["attack"]["scrape"] and not second.data["attack"]["critical"]
    assert "only once per Encounter" in _texts(second)
    assert second.data["encounter"]["outcome"] == "success"  # 2 Scrapes: each Knight gains 1 Passion
    assert (await table.state())["knights"]["ser-brann"]["stats"]["passion"] == 1 + 1  # Raise Passion, Success


async def test_heat_reroll_in_an_encounter_attack(table: Table) -> None:
    """Rulebook (line 896): The Attack is resolved against the To Hit and AT statistics shown on the Encounter Monster
    card. The Attack Action works almost the same way as a Combat Action during a Clash (see p. 56):"""
    await _adjacent_pair(table)
    await _force(table, [2, 10, 10])  # the Crit die misses (2 + 1 < 4)
    asked = await table.ok(f"@kara /encounter attack {MACE}")
    assert asked.pending is not None and asked.pending["kind"] == "enc_reroll"
    assert asked.pending["options"] == ["die1", "keep"]
    await _force(table, [10, *[SWORD] * 7])
    done = await table.ok("@kara /encounter choose option:die1")
    assert done.data["attack"]["naturals"] == [10, 10, 10] and done.data["attack"]["scrape"]
    assert (await table.state())["knights"]["ser-sonch"]["stats"]["heat"] == 2  # +1 re-roll, +1 Scrape effect


# -- Resolution ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("scrapes", "outcome"), [(0, "failure"), (1, "partial"), (2, "success")])
async def test_scrapes_give_failure_partial_success_as_the_card_defines(table: Table, scrapes: int,
                                                                         outcome: str) -> None:
    """Rulebook (line 908): Count the number of Scrapes dealt and resolve the corresponding effect from the Encounter
    Monster card (Success, Partial Success, or Failure).

    The Stag's card (level 1): Success at 2 Scrapes (each Knight gains 1 Passion), Partial Success at 1 (nothing
    more), Failure below (gain 1 Threat).
    """
    await _adjacent_pair(table)
    threat = (await table.state())["track"]["threat"]
    for who in ("kara", "ulfa")[:scrapes]:
        await _force(table, SCRAPE)
        await table.ok(f"@{who} /encounter attack {MACE}")
    for who in ("kara", "ulfa")[scrapes:]:
        last = await table.ok(f"@{who} /encounter help")
    if scrapes == 2:
        last = await table("/encounter status")
    state = await table.state()
    assert state["delve"]["encounter"] is None
    if scrapes < 2:
        assert last.data["encounter"]["outcome"] == outcome and last.data["encounter"]["scrapes"] == scrapes
    assert state["track"]["threat"] == threat + (1 if outcome == "failure" else 0)
    brann = state["knights"]["ser-brann"]["stats"]["passion"]
    assert brann == {"failure": 0, "partial": 0, "success": 1 + 1}[outcome]  # Success: +1; his attack: +1


def test_every_card_side_maps_its_scrapes_to_its_outcomes() -> None:
    """Rulebook (line 908): Count the number of Scrapes dealt and resolve the corresponding effect from the Encounter
    Monster card (Success, Partial Success, or Failure)."""
    from rules.delve.encounter_state import EncounterKnight, EncounterState
    from tests.delve._support import ENGINE, started

    for card in KINGDOM.encounter_cards:
        for side in card.sides:
            r = side.resolution
            for n in range(0, r.success.scrapes + 2):
                state = started()
                assert state.delve is not None
                enc = EncounterState(card=card.id, level=side.level, monster=card.monster, name=card.name,
                                     tier=side.tier, board=side.board, placing="two_dice", steps=["resolution"],
                                     knights=[EncounterKnight(knight="nobody")], scrapes=["x"] * n)
                state.delve = state.delve.model_copy(update={"encounter": enc, "encounter_due": card.id})
                result = flow.run(ENGINE, state, ENGINE.dice_for(state), [])
                expected = ("success" if n >= r.success.scrapes else
                            "partial" if r.partial is not None and n >= r.partial.scrapes else "failure")
                assert result.data["encounter"]["outcome"] == expected, (card.id, side.level, n)
                assert result.data["encounter"]["quest_success"] == (expected != "failure")


async def test_partial_counts_as_success_for_a_quest(table: Table) -> None:
    """Rulebook (line 909): When a Quest paragraph instructs you to resolve an Encounter, treat Partial Success as a
    Success for the purpose of Success/Fail story effects."""
    await _party(table)
    await _force(table, [*STAG_SOUTH, SKULL, TOWER, CROWN])
    await table.ok("/encounter start monster:enc_stag_i quest:true")
    await table.ok("@kara /encounter choose option:A4")
    await table.ok("@ulfa /encounter choose option:B6")
    await _force(table, SCRAPE)
    await table.ok(f"@kara /encounter attack {MACE}")
    last = await table.ok("@ulfa /encounter help")
    enc = last.data["encounter"]
    assert enc["outcome"] == "partial" and enc["quest"] and enc["quest_success"] is True
    assert "counts as a **Success**" in _texts(last) and "paragraph's **Success**" in _texts(last)


async def test_a_token_encounter_removes_the_token_and_rotates_the_wheel(table: Table) -> None:
    """Rulebook (line 908): If the Encounter was triggered by an Encounter Monster token on your Kingdom tile, remove
    that miniature, then perform Rotation 1.

    Rulebook (line 862): When you're done resolving the Encounter, return to the Phase and step you were previously in
    (most commonly, the Delve Phase).
    """
    await _adjacent_pair(table)
    before = CampaignState.model_validate(await table.state())
    assert before.delve is not None and before.delve.map_tokens.get("enc_stag_i") == "aub_02"
    await table.ok("@kara /encounter help")
    last = await table.ok("@ulfa /encounter help")
    after = CampaignState.model_validate(await table.state())
    assert after.delve is not None
    assert "enc_stag_i" not in after.delve.map_tokens and after.delve.encounter_due is None
    assert after.delve.wheel_tokens == mon.rotate(before.delve, KINGDOM, 1).wheel_tokens
    assert "/delve continue" in _texts(last)
    await table.ok("@kara /delve continue")  # the Exploration and Story steps of the round


async def test_a_called_encounter_leaves_the_tokens_and_the_wheel(table: Table) -> None:
    """Rulebook (line 908): If the Encounter was triggered by an Encounter Monster token on your Kingdom tile, remove
    that miniature, then perform Rotation 1."""
    await _party(table)
    before = CampaignState.model_validate(await table.state())
    await _force(table, [*STAG_SOUTH, SKULL, SKULL])
    await table.ok("/encounter start monster:stag")
    await table.ok("@kara /encounter choose option:A4")
    await table.ok("@ulfa /encounter choose option:C6")
    await table.ok("@kara /encounter help")
    await table.ok("@ulfa /encounter help")
    after = CampaignState.model_validate(await table.state())
    assert after.delve is not None and before.delve is not None
    assert after.delve.wheel_tokens == before.delve.wheel_tokens and after.delve.encounter_due is None


# -- the GM, the board, the content --------------------------------------------------------------------------


async def test_the_gm_moves_a_miniature_and_stops_an_encounter(table: Table) -> None:
    """Rulebook (line 866): Take the corresponding Monster miniatures and the Encounter Monster card, and place them to
    the side of the board. Finally, proceed to the Encounter Sequence."""
    await _adjacent_pair(table)
    refused = await table("@kara /encounter place kind:knight name:\"Ser Brann\" space:D1")
    assert not refused.ok
    moved = await table.ok('/encounter place kind:knight name:"Ser Brann" space:D1')
    assert {k["name"]: k["space"] for k in moved.data["encounter"]["knights"]}["Ser Brann"] == "D1"
    turned = await table.ok("/encounter place kind:monster name:1 space:C3 facing:north")
    assert turned.data["encounter"]["monsters"][0]["targets"] == ["B3", "B4"]
    stopped = await table.ok("/encounter end")
    assert stopped.data["encounter"] is None and stopped.data["monsters"]["encounter_due"] == "enc_stag_i"
    await table.ok("/delve adjust clear_encounter:true")
    await _force(table, [*STAG_SOUTH, SKULL, SKULL])
    await table.ok("/encounter start monster:enc_abbot_i")  # called by the GM: due only while it runs
    assert (await table.ok("/encounter end")).data["monsters"]["encounter_due"] is None


def test_a_diagram_turns_with_its_facing() -> None:
    """Rulebook (line 880): When placing the Monsters on the Encounter Board, always place and turn each Monster in such
    a way that they target the most spaces possible."""
    diagram = KINGDOM.encounter_cards[0].sides[0].attack.diagram  # two spaces side by side, two spaces in front
    assert geo.shape(diagram, "north") == ([(0, 0), (0, 1)], [(-1, 0), (-1, 1)])
    assert geo.shape(diagram, "south") == ([(0, 0), (0, 1)], [(1, 0), (1, 1)])
    assert geo.shape(diagram, "east") == ([(0, 0), (1, 0)], [(0, 1), (1, 1)])
    assert geo.shape(diagram, "west") == ([(0, 0), (1, 0)], [(0, -1), (1, -1)])


def test_encounter_boards_are_checked() -> None:
    """Rulebook (line 865): Find the Encounter Monster card of that Monster and place the corresponding Encounter Board
    on the table, so that it is within reach of all players."""
    board = CATALOGUE.encounter_boards["mire_crossing"]
    assert board.size == (4, 6) and board.help_at(3, 2) == (1, 0)
    marks = {f.mark for f in CATALOGUE.dice.power_dice[0].faces if f.mark}  # type: ignore[union-attr]
    bad = EncounterBoard(id="bad", name="Bad", rows=["crown moon", "rose rose"])
    problems = board_problems({"bad": bad}, marks, [("enc_x", "nowhere")])
    assert [p[0] for p in problems] == ["bad", "enc_x"] and "moon" in problems[0][2]
    with pytest.raises(ValueError, match="same number of spaces"):
        EncounterBoard(id="bad", name="Bad", rows=["crown rose", "rose"])
    assert not board_problems(CATALOGUE.encounter_boards, marks, [])


def test_an_engine_without_the_board_refuses() -> None:
    """Rulebook (line 865): Find the Encounter Monster card of that Monster and place the corresponding Encounter Board
    on the table, so that it is within reach of all players."""
    from rules.delve.encounter_handlers import EncounterStart
    from rules.errors import RuleError
    from tests.delve._support import started

    catalogue = copy.copy(CATALOGUE)
    catalogue.encounter_boards = {}
    engine = Engine(catalogue)
    state = started()
    state.knights = {}
    with pytest.raises(RuleError, match="Encounter Board 'mire_crossing'"):
        engine.apply(state, EncounterStart(card="enc_stag_i", level=1), engine.dice_for(state))


async def test_overpower_needs_a_scrape_exceeding_the_at_by_x(table: Table) -> None:
    """Rulebook (line 1378): Overpower X+: If you dealt a Wound and your Total Power exceeded the AT value by X or
    more, resolve the Overpower effect.

    The Stag at level 2: AT 8, Overpower 3+ (the attacking Knight loses 1 Heat). Seven Power dice on their sword face
    give 7 Power; Power tokens in the Encounter Pool add 1 each.
    """
    from rules.delve.encounter_handlers import EncounterAttack
    from rules.dice import Dice

    await _party(table)
    await _force(table, [*STAG_SOUTH, SKULL, SKULL])
    await table.ok("/encounter start monster:enc_stag_i level:2")
    await table.ok("@kara /encounter choose option:A4")
    await table.ok("@ulfa /encounter choose option:D5")
    loaded = await table.app.load(invocation("gm", "/gm state"))
    engine = table.app.engine
    for tokens, met in ((3, False), (4, True)):
        state = loaded.state.model_copy(deep=True)
        assert state.delve is not None and state.delve.encounter is not None
        state.knights["ser-sonch"].stats.heat = 2
        state.delve.encounter.pool = {"power": tokens}
        dice = Dice(seed=state.seed, position=state.dice_position, forced=list(SCRAPE))
        result = engine.apply(state, EncounterAttack(knight="ser-sonch", weapon="gear_pilgrims_mace"), dice)
        attack = result.data["attack"]
        assert (attack["power"], attack["scrape"], attack["overpower"]) == (7 + tokens, True, met)
        assert result.state.knights["ser-sonch"].stats.heat == (1 if met else 2)
        assert ("Overpower 3+" in " ".join(texts(result.events))) is met


def test_knights_in_the_way_of_every_placement_the_fewest_are_removed() -> None:
    """Rulebook (line 887): Also, when placing Monsters other than Mobs, if it is not possible to place the Monster on
    the Board due to Knights getting in the way of every possible placement, remove the fewest Knights possible from
    the Encounter in such a way that placement becomes legal."""
    board = CATALOGUE.encounter_boards["mire_crossing"]
    diagram = KINGDOM.encounter_cards[0].sides[0].attack.diagram
    on = [s for s in geo.spaces(board) if board.mark(*s) in ("crown", "rose")]  # every crown and rose space
    knights = {f"k{i}": s for i, s in enumerate(on)}
    p, in_way, why = geo.place_large(board, diagram, ["crown", "rose"], knights, ambush=True, dragon=False)
    assert len(in_way) == 1 and "in the way" in why
    assert knights[in_way[0]] in p.cells
    free, none, _ = geo.place_large(board, diagram, ["crown", "rose"], {}, ambush=True, dragon=False)
    assert none == [] and free.cells == ((0, 4), (0, 5))
