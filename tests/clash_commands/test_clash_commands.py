"""/clash start|status|adjust|end through the real App (rulebook "Resolving Clashes", "3. Performing Setup")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from content.schema.monsters import Monster
from rules.clash.handlers import ClashAdjustDeck, ClashStart
from rules.engine import Engine
from tests.conftest import CATALOGUE, Table

MONSTERS = sorted(CATALOGUE.monsters)
LEVELS = [(m, lv) for m in MONSTERS for lv in (1, len(CATALOGUE.monsters[m].levels))]
KNIGHTS = ["Ser Sonch", "Kara", "Oriel", "Marrow"]


async def _party(table: Table, names: list[str] = KNIGHTS) -> None:
    for name in names:
        await table.ok(f'/knight create knight:lanternbearer name:"{name}"')


@pytest.mark.parametrize("clash_type", ["exhibition", "full"])
@pytest.mark.parametrize(("monster_id", "level"), LEVELS)
async def test_start_every_starter_monster_at_its_lowest_and_highest_level(
    table: Table, monster_id: str, level: int, clash_type: str
) -> None:
    """Rulebook (line 921): - Establish Type: Establish if it's an Exhibition or Full Clash.

    Rulebook (line 954): Monster: Place the Monster Sheet of the Monster you are about to fight on the designated
    space near the Clash Board. Place its Signature and Routine card on the corresponding space. Take all of that
    Monster's AI cards and divide them into three decks numbered 1, 2, and 3

    Rulebook (line 958): AI 0: Some Monsters start with an AI 0 card. During Clash Setup, prepare the AI and BP
    decks as normal. Resolve starting Escalations, if any, then place the AI 0 card on top of the AI deck.

    Rulebook (line 966): Exhibition Wounds (Exhibition Clash only): Place Generic Single Wound cards onto the Wound
    Stack equal to the Exhibition Wounds value on the Monster Sheet for the current Level. These Single Wounds do
    not trigger any Escalations.
    """
    await _party(table)
    monster: Monster = CATALOGUE.monsters[monster_id]
    sheet, setup = monster.level(level), monster.setup(level)
    reply = await table.ok(f"/clash start monster:{monster_id} level:{level} type:{clash_type}")
    clash = reply.data["clash"]
    assert reply.images and Path(reply.images[0]).exists()
    assert clash["wounds_needed"] == sheet.wounds
    wounds = sheet.exhibition_wounds if clash_type == "exhibition" else 0
    assert clash["wounds"] == wounds and len(clash["wound_stack"]) == wounds
    assert all(w["generic"] and w["wounds"] == 1 for w in clash["wound_stack"])
    ai = clash["ai_deck"]
    ai1 = [c for c in monster.ai_cards if c.level == 1]
    if sheet.ai_zero:
        assert ai[0] == {"id": sheet.ai_zero, "level": 0}
        ai = ai[1:]
    assert 0 not in {c["level"] for c in ai}
    assert len(ai) == len(ai1)  # an Escalation swaps one card for another
    raised = sum(c["level"] > 1 for c in ai)
    assert raised == (0 if sheet.escalations == 0 else min(sheet.escalations, len(ai1)))
    if monster.type == "boss":
        bp1 = [c for c in monster.bp_cards if c.level == 1]
        assert len(clash["bp_deck"]) == len(bp1)
        assert {c["level"] for c in clash["bp_deck"]} == ({1} if sheet.escalations == 0 else {1, 2} - (
            set() if any(c["level"] == 1 for c in clash["bp_deck"]) else {1}))
        assert clash["mob_track"] == []
    else:
        assert clash["bp_deck"] == [] and len(clash["mob_track"]) == len(setup.monster)
    state = await table.state()
    assert state["clash"]["monster"] == monster_id and state["clash"]["type"] == clash_type
    board = reply.data["board"]
    assert len(board["monsters"]) == len(setup.monster) and len(board["terrain"]) == len(setup.terrain)
    assert [(m["space"], m["facing"]) for m in board["monsters"]] == [
        (mp.at, {"north": "N", "east": "E", "south": "S", "west": "W"}[mp.facing]) for mp in setup.monster
    ]
    assert [k["space"] for k in board["knights"]] == setup.knights[: len(KNIGHTS)]


async def test_start_places_terrain_monster_and_knights(table: Table) -> None:
    """Rulebook (line 962): Terrain, Knight, and Monster Placement: Find all the Terrain cards and Terrain tiles
    used in the Clash. Place the Terrain cards near the Clash Board and the Terrain tiles on the Clash Board,
    according to the Clash Diagram. Place Knights on Knight Starting Positions as indicated by the diagram. Then
    proceed to Monster positioning.
    """
    await _party(table, ["Ser Sonch", "Kara"])
    reply = await table.ok("/clash start monster:stag level:1 type:full")
    board = (await table.state())["board"]
    assert [(k["name"], k["space"]) for k in board["knights"]] == [("Ser Sonch", "H5"), ("Kara", "H6")]
    (stag,) = board["monsters"]
    assert stag["name"] == "The Gallowmere Stag" and stag["anchor"] == "B6" and stag["facing"] == "S"
    assert stag["diagram"]["footprint"] == 4 and stag["unavoidable_knockback"] == 2
    tiles = {t["name"]: t["cells"] for t in board["terrain"]}
    assert tiles == {"Standing Stone": ["C3"], "Reed Marsh": ["F9", "F10", "G9", "G10"]}
    assert "The Gallowmere Stag stands on B6, facing south." in reply.text
    assert "Knights: Ser Sonch on H5, Kara on H6." in reply.text
    # the GM's /clash place moves the same miniatures
    await table.ok('/clash place kind:knight name:"Ser Sonch" space:G1')
    assert [k["space"] for k in (await table.state())["board"]["knights"]] == ["H6", "G1"]


async def test_mob_start_places_each_mob_with_its_number(table: Table) -> None:
    """Rulebook (line 956): Mob Clash: Place the AI 1 deck on the appropriate space on the Clash Board. As for the
    BP cards, since each Mob Clash is unique, you will find the detailed instructions under the Monster Positioning
    section of that Mob's Clash Setup. Note that numbers on the Mob track correspond to the numbers on base rings.
    """
    await _party(table)
    reply = await table.ok("/clash start monster:drowned level:2 type:exhibition")
    mobs = reply.data["board"]["monsters"]
    assert [(m["name"], m["space"], m["kind"]) for m in mobs] == [
        (f"The Lantern Drowned {n}", at, "mob") for n, at in enumerate(["A2", "A5", "A8", "A11", "B6"], 1)
    ]
    track = reply.data["clash"]["mob_track"]
    # the setup's Mobs are levels 1, 1, 1, 1, 2; level 2's one starting Escalation raises the lowest (leftmost)
    assert [(s["space"], s["level"]) for s in track] == [(1, 2), (2, 1), (3, 1), (4, 1), (5, 2)]
    assert all(s["id"] for s in track) and reply.data["clash"]["bp_deck"] == []
    assert [m["mob_number"] for m in (await table.state())["board"]["monsters"]] == [1, 2, 3, 4, 5]


async def test_status_shows_the_deck_order_to_the_gm_only(table: Table) -> None:
    """Rulebook (line 955): Boss Clash: Place the AI 1 and BP 1 decks on the corresponding spaces on the Clash
    Board."""
    await _party(table, ["Kara"])
    await table.ok("/clash start monster:stag level:1 type:exhibition")
    gm = (await table.ok("/clash status")).data["clash"]
    player_reply = await table.ok("@kara /clash status")
    player = player_reply.data["clash"]
    state = (await table.state())["clash"]
    assert [c["id"] for c in gm["ai_deck"]] == state["ai_deck"]
    assert [c["id"] for c in gm["bp_deck"]] == state["bp_deck"]
    assert "ai_deck" not in player and "bp_deck" not in player and player["ai_zero"] is None
    assert (player["ai_deck_count"], player["ai_deck_top_level"]) == (7, 0)
    assert (player["bp_deck_count"], player["bp_deck_top_level"]) == (7, 1)
    for key in ("wounds", "wounds_needed", "ai_discard", "bp_discard", "wound_stack", "over"):
        assert player[key] == gm[key]
    assert (player["wounds"], player["wounds_needed"], player["over"]) == (3, 8, None)
    assert "Wounds 3/8" in player_reply.text and player_reply.images
    assert not any(c in player_reply.text for c in state["ai_deck"])


async def test_adjust_puts_a_card_on_top_of_the_deck(table: Table) -> None:
    """Rulebook (line 958): The AI 0 is always resolved in the first Monster Round. It cannot be discarded or
    otherwise removed from the deck until it is resolved."""
    await _party(table, ["Kara"])
    await table.ok("/clash start monster:abbot level:4 type:full")
    bottom = (await table.state())["clash"]["bp_deck"][-1]
    reply = await table.ok(f"/clash adjust deck:bp top:{bottom}")
    assert reply.data["clash"]["bp_deck"][0]["id"] == bottom
    deck = (await table.state())["clash"]["ai_deck"]
    await table.ok(f"/clash adjust deck:ai top:{deck[-1]}")
    assert (await table.state())["clash"]["ai_deck"] == [deck[-1], *deck[:-1]]
    # with an unresolved AI 0 on top, the card goes just under it
    await table.ok("/clash end")
    await table.ok("/clash start monster:stag level:1 type:full")
    deck = (await table.state())["clash"]["ai_deck"]
    reply = await table.ok(f"/clash adjust deck:ai top:{deck[-1]}")
    assert (await table.state())["clash"]["ai_deck"] == [deck[0], deck[-1], *deck[1:-1]]
    assert "stays on top" in reply.text


def test_adjust_takes_the_card_from_the_discard_pile() -> None:
    """A card in the discard pile comes back on top of the deck (pure engine, the discard made by hand)."""
    engine = Engine(CATALOGUE)
    state, dice = engine.new_state("T", 5)
    state = engine.apply(state, ClashStart(monster="abbot", level=3, clash_type="full"), dice).state
    assert state.clash is not None
    card = state.clash.ai_deck.pop()
    state.clash.ai_discard.append(card)
    after = engine.apply(state, ClashAdjustDeck(deck="ai", top=card), engine.dice_for(state)).state
    assert after.clash is not None and after.clash.ai_deck[0] == card and after.clash.ai_discard == []
    assert sorted(after.clash.held()) == sorted(state.clash.held())


async def test_adjust_vigor_respects_the_limits(table: Table) -> None:
    """Rulebook (line 950): Knights: Knight statistics do not reset at the beginning of Clash; you start with the
    stats you've accumulated over the course of the Expedition."""
    await _party(table, ["Ser Sonch"])
    await table.ok('/knight stat name:"Ser Sonch" stat:vigor change:-2')
    await table.ok("/clash start monster:stag level:2 type:full")
    knight = (await table.state())["knights"]["ser-sonch"]
    assert knight["stats"]["vigor"] == 10  # carried in from the Delve
    reply = await table.ok('/clash adjust knight:"Ser Sonch" stat:vigor value:4')
    assert reply.data["knight"]["vigor"] == 4 and reply.data["knight"]["peril"] != "uninjured"
    reply = await table.ok('/clash adjust knight:"ser sonch" stat:vigor value:30')
    assert reply.data["knight"]["vigor"] == reply.data["knight"]["max_vigor"] == 12  # never past the maximum
    reply = await table.ok('/clash adjust knight:"Ser Sonch" stat:vigor value:-3')
    assert reply.data["knight"]["vigor"] == 0 and "Judicium" in reply.text
    await table.ok('/clash adjust knight:"Ser Sonch" stat:vigor value:12')
    limit = (await table.state())["knights"]["ser-sonch"]
    reply = await table.ok('/clash adjust knight:"Ser Sonch" stat:heat value:5')  # Heat Limit 3: lose 2 Vigor
    assert reply.data["knight"]["heat"] == reply.data["knight"]["heat_limit"] == 3
    assert reply.data["knight"]["vigor"] == 10 and limit["stats"]["vigor"] == 12
    reply = await table.ok('/clash adjust knight:"Ser Sonch" stat:passion value:12')
    assert reply.data["knight"]["passion"] == 9


async def test_end_removes_massive_peril_and_clears_the_board(table: Table) -> None:
    """Rulebook (line 1216): The effects of Massive Peril Checks can stack. Remember to discard any additional cards
    from the Judicium deck after each Clash."""
    await _party(table, ["Kara"])
    await table.ok("/clash start monster:drowned level:1 type:full")
    drawn = await table.ok("/deck draw deck:judicium vigor:-12")
    added = drawn.data["massive_peril_added"]
    assert len(added) == 3
    judicium = (await table.state())["decks"]["judicium"]
    assert set(added) <= set(judicium["draw"] + judicium["discard"])
    reply = await table.ok("/clash end")
    assert sorted(reply.data["massive_peril_removed"]) == sorted(added)
    assert reply.data["over"] is None and "ended by the GM" in reply.text
    state = await table.state()
    assert state["clash"] is None
    assert state["board"]["knights"] == [] and state["board"]["monsters"] == [] and state["board"]["terrain"] == []
    assert not set(added) & set(state["decks"]["judicium"]["draw"] + state["decks"]["judicium"]["discard"])
    assert len(state["decks"]["judicium"]["draw"]) == 2
    assert not (await table("/clash status")).ok
    await table.ok("/clash start monster:stag level:1 type:full")  # a new Clash may start


async def test_undo_of_a_start_restores_the_state_exactly(table: Table) -> None:
    await _party(table, ["Kara"])
    await table.ok("/clash place kind:terrain name:Wall space:A1")
    before = await table.state()
    first = await table.ok("/clash start monster:abbot level:2 type:exhibition")
    await table.ok("/gm undo")
    assert await table.state() == before
    again = await table.ok("/clash start monster:abbot level:2 type:exhibition")
    assert again.data["clash"] == first.data["clash"]  # the same dice: the same decks


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/clash start monster:hydra level:1 type:full", "no Monster 'hydra'"),
        ("/clash start monster:stag level:5 type:full", "no level 5"),
        ("/clash start monster:drowned level:4 type:full", "no level 4"),
        ("/clash start monster:stag level:1 type:friendly", "type"),
        ("/clash start monster:stag level:1", "type"),
        ("@kara /clash start monster:stag level:1 type:full", "GM"),
        ('/clash start monster:stag level:1 type:full knights:"Nobody"', "no Knight 'Nobody'"),
        ("/clash status", "no Clash is running"),
        ("/clash adjust deck:ai top:stag_ai_gore", "no Clash is running"),
        ("/clash end", "no Clash is running"),
    ],
)
async def test_bad_inputs_without_a_clash_are_refused_and_change_nothing(table: Table, line: str, message: str) -> None:
    await _party(table, ["Kara"])
    before = await table.state()
    reply = await table(line)
    assert not reply.ok and message in (reply.error or ""), reply.error
    assert await table.state() == before


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/clash start monster:abbot level:1 type:full", "already running"),
        ("/clash adjust deck:ai top:abbot_ai_vespers_nope", "not in the AI deck"),
        ("/clash adjust deck:bp top:stag_bp_lantern_heart", "not in the BP deck"),  # a BP 3: Escalation deck
        ("/clash adjust deck:ai", "say what to adjust"),
        ('/clash adjust knight:"Kara" stat:vigor', "say what to adjust"),
        ('/clash adjust knight:"Nobody" stat:vigor value:3', "no Knight 'Nobody'"),
        ('/clash adjust knight:"Kara" stat:vigor value:12', "already 12"),
        ('/clash adjust knight:"Kara" stat:max_vigor value:3', "stat"),
        ("@kara /clash adjust deck:ai top:stag_ai_antler_rake", "GM"),
        ("@kara /clash end", "GM"),
    ],
)
async def test_bad_inputs_during_a_clash_are_refused_and_change_nothing(table: Table, line: str, message: str) -> None:
    await _party(table, ["Kara"])
    await table.ok("/clash start monster:stag level:1 type:full")
    before = await table.state()
    reply = await table(line)
    assert not reply.ok and message in (reply.error or ""), reply.error
    assert await table.state() == before


async def test_too_many_knights_for_the_starting_spaces(table: Table) -> None:
    await _party(table, [*KNIGHTS, "Ashgrove"])
    before = await table.state()
    reply = await table("/clash start monster:stag level:1 type:full")
    assert not reply.ok and "4 Knight starting spaces" in (reply.error or "") and "knights:" in (reply.error or "")
    assert await table.state() == before
    reply = await table.ok('/clash start monster:stag level:1 type:full knights:"Kara,Ashgrove"')
    assert [k["name"] for k in reply.data["board"]["knights"]] == ["Kara", "Ashgrove"]


async def test_mob_clash_has_no_bp_deck_to_adjust(table: Table) -> None:
    await table.ok("/clash start monster:drowned level:1 type:full")
    reply = await table("/clash adjust deck:bp top:anything")
    assert not reply.ok and "Mob Clash has no BP deck" in (reply.error or "")
    assert "Mob track: 4 Mob(s)." in (await table.ok("/clash status")).text


SCRIPT = """\
/campaign new name:"Script Clash"
/knight create knight:lanternbearer name:"Ser Sonch"
@kara /knight create knight:lanternbearer name:Kara
/clash start monster:stag level:4 type:full
@kara /clash status
/clash status
/clash adjust deck:bp top:{bp}
/clash adjust knight:"Ser Sonch" stat:vigor value:5
/clash end
@kara /clash status
"""


def test_a_script_starts_inspects_adjusts_and_ends_a_clash(tmp_path: Path) -> None:
    def play(text: str) -> list[dict]:
        script = tmp_path / "clash.txt"
        script.write_text(text, encoding="utf-8")
        done = subprocess.run([sys.executable, "-m", "bot.cli", "play", "--script", str(script), "--json",
                               "--seed", "11"], capture_output=True, text=True, timeout=120, check=True)
        return [json.loads(line) for line in done.stdout.splitlines()]

    first = play(SCRIPT.format(bp="x"))
    bottom = first[5]["data"]["clash"]["bp_deck"][-1]["id"]
    rows = play(SCRIPT.format(bp=bottom))
    assert [r["ok"] for r in rows] == [True] * 9 + [False]
    start, player, gm, top, vigor, end, after = rows[3:]
    assert start["data"]["clash"]["wounds"] == 0 and start["data"]["clash"]["wounds_needed"] == 14
    assert "ai_deck" not in player["data"]["clash"] and player["data"]["clash"]["ai_deck_count"] == 6
    assert len(gm["data"]["clash"]["ai_deck"]) == 6
    assert top["data"]["clash"]["bp_deck"][0]["id"] == bottom
    assert vigor["data"]["knight"]["vigor"] == 5
    assert end["data"]["clash"]["bp_deck"][0]["id"] == bottom and "Clash Board is cleared" in end["text"]
    assert "no Clash is running" in after["error"]


async def test_gm_sets_the_wound_stack_and_the_monster_numbers(table: Table) -> None:
    """Rulebook (line 1392): Wound Stack"""
    await _party(table)
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    reply = await table.ok("/clash adjust monster:wounds value:5")
    assert reply.data["clash"]["wounds"] == 5 and "from 3 to 5" in reply.text
    reply = await table.ok("/clash adjust monster:wounds value:1")
    assert reply.data["clash"]["wounds"] == 1
    reply = await table.ok("/clash adjust monster:to_hit value:7")
    assert "To Hit from 5 to 7" in reply.text
    state = await table.state()
    assert state["clash"]["to_hit"] == 7
    refused = await table("@sonch /clash adjust monster:wounds value:2")
    assert not refused.ok
    won = await table.ok("/clash adjust monster:wounds value:9")
    assert won.data["clash"]["over"] == "victory"
