"""Encounter Monsters on the Kingdom: Monster Setup, Rotation X, the tokens on the Kingdom map (Hunt Spaces, the
Threat 7 spawn) and the meeting that makes an Encounter due (rules/delve/monsters.py)."""

from __future__ import annotations

from typing import Any

import pytest

from content.schema.encounters import BestiaryEntry, EncounterCard, Resolution, bestiary_problems
from content.schema.kingdom import BestiaryLine, bestiary_line_problems
from rules.delve import monsters as mon
from rules.delve import track as tr
from rules.delve.state import DelveState, EncounterMonster, FogState
from rules.dice import Dice
from rules.errors import RuleError
from rules.knights.state import Sheet
from rules.state import CampaignState, KingdomTrack
from tests.delve._support import KINGDOM, SPEC, TILES, delve_with, told

STAG = EncounterMonster(card="enc_stag_i", monster="stag", name="The Gallowmere Stag", level=1)
ABBOT = EncounterMonster(card="enc_abbot_i", monster="abbot", name="The Cinder Abbot", level=1)
DROWNED = EncounterMonster(card="enc_drowned_i", monster="drowned", name="The Lantern Drowned", level=1)


def ids() -> mon.Ids:
    """A fresh campaign's token-choice ids (rules/decision_ids.py): route1 first."""
    return mon.route_ids(CampaignState(name="tokens", seed=1))


def with_tokens(delve: DelveState, tokens: dict[str, str], wheel: dict[str, str] | None = None) -> DelveState:
    return delve.model_copy(update={
        "encounter_monsters": [STAG, ABBOT, DROWNED], "map_tokens": tokens,
        "wheel_tokens": wheel if wheel is not None else {"bellwold": "enc_stag_i", "cindergate": "enc_abbot_i",
                                                         "saltmere": "enc_drowned_i"},
    })


# -- Monster Setup ---------------------------------------------------------------------------------------------


async def test_monster_setup_reads_the_bestiary_at_the_leaders_tier(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 649): - Take the designated Kingdom Codex and find the Bestiary. Then, take the Party Leader's
    Knight Sheet and align its right side with the Bestiary ... For each Monster block whose Encounter Monster card
    is above the line you traced with the Bookmark (fully or partially), take their Encounter Monster card of a
    matching level. If a Monster has no matching level, it is unavailable during this Expedition.

    Rulebook (line 282): When you need to check the current tier, for example to determine the types and levels of
    the Monsters you will be facing, always refer to the current Party Leader's campaign tier.
    """
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:oriel name:"Maud"')
    await table.ok('/knight tier tier:devil name:"Maud"')
    first = await table.ok("/delve start kingdom:aubrevane start:aub_01")  # no leader: the first Knight
    m = first.data["monsters"]
    assert m["tier"] == "mob" and m["leader"] == "ser-sonch"
    assert {(c["monster"], c["level"]) for c in m["cards"]} == {("stag", 1), ("abbot", 1), ("drowned", 1)}
    assert "Party Leader: Ser Sonch (Mob tier)" in first.text
    devil = await table.ok('/delve start kingdom:aubrevane start:aub_01 leader:"Maud"')
    m = devil.data["monsters"]
    assert m["tier"] == "devil" and m["leader"] == "maud"
    # the Lantern Drowned has no level 4: unavailable at the Devil tier; level 4 is the back of enc_stag_ii
    assert {(c["card"], c["level"]) for c in m["cards"]} == {("enc_stag_ii", 4), ("enc_abbot_ii", 4)}
    refused = await table("/delve start kingdom:aubrevane leader:Nobody")
    assert not refused.ok and "no Knight 'Nobody'" in (refused.error or "")


async def test_a_delve_with_no_knight_reads_the_mob_row(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 595): - Party Leader: The Questing player becomes the Party Leader. If nobody is going on a
    Quest, players decide who will become the Party Leader for this Expedition.
    """
    reply = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert reply.data["monsters"]["tier"] == "mob" and reply.data["monsters"]["leader"] is None
    assert "Party Leader: no Knight yet (Mob tier)" in reply.text


async def test_monster_setup_reads_the_bestiary_at_the_lowest_marked_box(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 649): - Take the designated Kingdom Codex and find the Bestiary. Then, take the Party Leader's
    Knight Sheet and align its right side with the Bestiary, so that they overlap, as shown on the diagram below. Find
    the lowest marked box on the Sheet. Now, use the Knight Bookmark to trace a row to the right from it, through the
    Bestiary.

    Rulebook (line 356): Once you resolve a Quest or Investigation, you will mark its right box on the Knight Sheet.
    Investigations have an additional box on the Knight Sheet. Mark it only if you succeeded during an
    Investigation.
    """
    lines = [BestiaryLine(chapter=1, monsters=[BestiaryEntry(monster="stag", level=1)]),
             BestiaryLine(chapter=1, box="investigation_2",
                          monsters=[BestiaryEntry(monster="stag", level=2), BestiaryEntry(monster="abbot", level=1)]),
             BestiaryLine(chapter=2, monsters=[BestiaryEntry(monster="drowned", level=3)])]
    kingdom = KINGDOM.model_copy(update={"bestiary_lines": lines})
    assert bestiary_line_problems(lines, KINGDOM.encounter_cards) == []
    wrong = [BestiaryLine(chapter=3, monsters=[BestiaryEntry(monster="drowned", level=4)])]
    assert "no Encounter Monster card of 'drowned' has a level 4 side" in bestiary_line_problems(
        wrong, KINGDOM.encounter_cards)[0][1]
    delve = DelveState(kingdom="aubrevane", tile="aub_01", explored=["aub_01"])
    sheet = Sheet()
    assert mon.lowest_marked_box(sheet) is None  # nothing marked: the first box of the tier's Chapter
    after, texts = mon.monster_setup(kingdom, delve, "mob", Dice(seed=1), mon.lowest_marked_box(sheet))
    texts = told(texts)
    assert [(m.monster, m.level) for m in after.encounter_monsters] == [("stag", 1)]
    assert "no marked box: the first box of the Mob tier's Chapter (Chapter 1, Quest)" in texts[0]
    sheet.tale[0].quest = True
    sheet.tale[0].investigations[0].resolved = True
    assert mon.lowest_marked_box(sheet) == 1  # Investigation 1 lies below the Quest: still above line 2
    after, _ = mon.monster_setup(kingdom, delve, "mob", Dice(seed=1), 1)
    assert [(m.monster, m.level) for m in after.encounter_monsters] == [("stag", 1)]
    sheet.tale[0].investigations[2].success = True  # the success box sits on its Investigation's row
    box = mon.lowest_marked_box(sheet)
    assert box == 3
    after, texts = mon.monster_setup(kingdom, delve, "mob", Dice(seed=1), box)
    texts = told(texts)
    assert {(m.monster, m.level) for m in after.encounter_monsters} == {("stag", 2), ("abbot", 1)}
    assert after.bestiary_box == "Chapter 1, Investigation 3"
    assert "the lowest marked box (Chapter 1, Investigation 3)" in texts[0]
    # the older per-tier rows: a tier's row holds for every box of its Chapter; the marked box wins over the tier
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('/knight tier tier:devil name:"Ser Sonch"')
    await table.ok('@kara /knight mark what:quest chapter:1 number:1')
    reply = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert reply.data["monsters"]["box"] == "Chapter 1, Quest"
    assert {(c["monster"], c["level"]) for c in reply.data["monsters"]["cards"]} == {
        ("stag", 1), ("abbot", 1), ("drowned", 1)}


def test_monster_setup_draws_from_the_bottom_one_token_per_district() -> None:
    """Rulebook (line 650): - Finally, shuffle all the Encounter Monster cards you've set aside into an Encounter
    Monster deck and draw a number of cards equal to the number of districts in the current Kingdom. As Encounter
    Monster cards are double-sided, be sure to draw from the bottom. ... For each District, assign a random Monster
    to it by placing their Encounter Monster token on the District Wheel.
    """
    two = KINGDOM.model_copy(update={"districts": KINGDOM.districts[:2], "wheel": ["bellwold", "saltmere"]})
    delve = DelveState(kingdom="aubrevane", tile="aub_01", explored=["aub_01"])
    for seed in range(1, 30):
        same = Dice(seed=seed)
        deck = same.shuffle([c.card for c in mon.set_aside(two, "mob")])
        districts = same.shuffle(list(two.wheel))
        after, texts = mon.monster_setup(two, delve, "mob", Dice(seed=seed))
        texts = told(texts)
        assert [m.card for m in after.encounter_monsters] == [deck[2], deck[1]]  # the bottom card first
        assert after.encounter_deck == [deck[0]]  # the top card stays in the deck
        assert after.wheel_tokens == {districts[0]: deck[2], districts[1]: deck[1]}
        assert after.map_tokens == {} and "drawn from the bottom" in texts[0]
    seen = {tuple(mon.monster_setup(two, delve, "mob", Dice(seed=s))[0].wheel_tokens.items()) for s in range(30)}
    assert len(seen) > 3  # random: different Monsters in different districts


def test_fewer_monsters_than_districts_leave_districts_empty() -> None:
    """Rulebook (line 730): Simply put, whenever you meet a Monster, it will be the Monster whose token is in your
    district on the District Wheel.
    """
    delve = DelveState(kingdom="aubrevane", tile="aub_01", explored=["aub_01"])
    after, texts = mon.monster_setup(KINGDOM, delve, "vassal", Dice(seed=3))
    texts = told(texts)
    assert len(after.wheel_tokens) == 3 and set(after.wheel_tokens) <= set(KINGDOM.wheel)
    assert {m.level for m in after.encounter_monsters} == {2}
    assert "next token clockwise" in texts[1]
    # a district with no token: the next token clockwise on the wheel (docs/rulings.md)
    fixed = after.model_copy(update={"wheel_tokens": {"thornkeep": "enc_stag_i", "mothgrove": "enc_abbot_i"}})
    assert mon.district_monster(fixed, KINGDOM, "thornkeep") == "enc_stag_i"
    assert mon.district_monster(fixed, KINGDOM, "saltmere") == "enc_abbot_i"  # saltmere -> mothgrove
    assert mon.district_monster(fixed, KINGDOM, "bellwold") == "enc_stag_i"  # bellwold -> cindergate -> thornkeep
    empty = after.model_copy(update={"wheel_tokens": {}})
    assert mon.district_monster(empty, KINGDOM, "bellwold") is None


# -- Rotation X --------------------------------------------------------------------------------------------------


def test_rotation_moves_every_wheel_token_clockwise() -> None:
    """Rulebook (line 731): Whenever the game instructs you to resolve a Rotation X, move all tokens on the wheel
    by indicated number of spaces clockwise.
    """
    # the wheel clockwise: bellwold, cindergate, thornkeep, saltmere, mothgrove
    delve = with_tokens(delve_with(["aub_01"], "aub_01"), {})
    one = mon.rotate(delve, KINGDOM, 1)
    assert one.wheel_tokens == {"cindergate": "enc_stag_i", "thornkeep": "enc_abbot_i", "mothgrove": "enc_drowned_i"}
    two = mon.rotate(delve, KINGDOM, 2)
    assert two.wheel_tokens == {"thornkeep": "enc_stag_i", "saltmere": "enc_abbot_i", "bellwold": "enc_drowned_i"}
    assert mon.rotate(delve, KINGDOM, 5).wheel_tokens == delve.wheel_tokens


async def test_rest_performs_rotation_2_on_the_tokens(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 1597): - Monster Rotation: Perform Rotation 2."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    before = (await table.state())["delve"]["wheel_tokens"]
    await table.ok("@kara /rest tale:false")  # the Rest Abilities step waits (Rest Techniques in hand)
    reply = await table.ok("@kara /rest tale:false")
    wheel = list(KINGDOM.wheel)
    expected = {wheel[(wheel.index(d) + 2) % 5]: card for d, card in before.items()}
    assert (await table.state())["delve"]["wheel_tokens"] == expected
    assert reply.data["rest"]["rotation"]["wheel"] == expected and "Rotation 2" in reply.text


# -- Hunt Spaces -------------------------------------------------------------------------------------------------


def test_a_hunt_space_moves_each_token_along_the_shortest_path() -> None:
    """Rulebook (line 784): Every time the Threat marker is moved onto a Hunt Space on the Threat track (either by
    gaining or losing Threat), each Encounter Monster token on the Kingdom map (if there are any) moves toward the
    Party marker by the indicated number of tiles (1 tile, 2 tiles), via the shortest possible path.
    """
    # aub_03 (east of aub_01) -> aub_01 -> aub_04 -> aub_05 (the party)
    delve = with_tokens(delve_with(["aub_01", "aub_04", "aub_05"], "aub_05"),
                        {"enc_stag_i": "aub_03", "enc_abbot_i": "aub_07"})
    one, texts = mon.hunt(delve, KINGDOM, TILES, 1, ids=ids())
    texts = told(texts)
    assert one.map_tokens == {"enc_stag_i": "aub_01", "enc_abbot_i": "aub_04"}
    assert texts[0] == "🐾 The Gallowmere Stag moves aub_03 → aub_01."
    two, _ = mon.hunt(delve, KINGDOM, TILES, 2, ids=ids())
    assert two.map_tokens == {"enc_stag_i": "aub_04", "enc_abbot_i": "aub_05"}
    # losing Threat onto a Hunt Space moves them too; the track records the moves for rules/delve/monsters.py
    down = tr.change_threat(KingdomTrack(threat=4), delve, SPEC, -1)
    assert down.delve.hunts_due == [1]
    moved, _ = mon.resolve_due(down.delve, KINGDOM, TILES, ids=ids())
    assert moved.map_tokens == one.map_tokens and moved.hunts_due == []
    nobody, nothing = mon.hunt(delve.model_copy(update={"map_tokens": {}}), KINGDOM, TILES, 2, ids=ids())
    assert nobody.map_tokens == {} and nothing == []


def test_two_moves_stop_on_the_party_tile_and_make_an_encounter_due() -> None:
    """Rulebook (line 788): If an Encounter Monster token moves onto the party's tile, or if the party moves onto an
    Encounter Monster token's tile, you have to resolve an Encounter (see p. 40).
    """
    delve = with_tokens(delve_with(["aub_01", "aub_04"], "aub_04"), {"enc_stag_i": "aub_01"})
    delve = delve.model_copy(update={"hunts_due": [2]})
    after, texts = mon.resolve_due(delve, KINGDOM, TILES, ids=ids())
    texts = told(texts)
    assert after.map_tokens == {"enc_stag_i": "aub_04"}  # one tile away: it stops on the party's tile
    assert after.encounter_due == "enc_stag_i" and after.encounter_token == "enc_stag_i"
    assert any(t.startswith("⚔️ Encounter with The Gallowmere Stag: /encounter start") for t in texts)
    # a second token on the tile waits for the first Encounter to be over
    both = with_tokens(delve_with(["aub_01", "aub_04"], "aub_04"), {"enc_stag_i": "aub_04", "enc_abbot_i": "aub_04"})
    first, _ = mon.meet(both, KINGDOM)
    assert first.encounter_due == "enc_stag_i"
    over, texts = mon.encounter_over(first, KINGDOM)
    texts = told(texts)
    assert over.map_tokens == {"enc_abbot_i": "aub_04"} and over.encounter_due == "enc_abbot_i"
    assert "Rotation 1" in texts[0]


def test_ties_between_shortest_paths_are_the_partys_choice() -> None:
    """Rulebook (line 784): Every time the Threat marker is moved onto a Hunt Space on the Threat track ... each
    Encounter Monster token on the Kingdom map (if there are any) moves toward the Party marker by the indicated
    number of tiles (1 tile, 2 tiles), via the shortest possible path.
    """
    # aub_16 is two tiles from aub_01 through aub_03 (north of it) or aub_15 (west of it): the rulebook gives no
    # tiebreak on the Kingdom map, so the party chooses; the Hunt's other tokens wait for the choice
    delve = with_tokens(delve_with(["aub_01", "aub_03", "aub_16"], "aub_01"),
                        {"enc_stag_i": "aub_16", "enc_abbot_i": "aub_02"})
    assert "aub_15" in delve.face_down
    assert mon.route(delve, TILES, "aub_16", 2) == []  # stops at the tie
    delve = delve.model_copy(update={"hunts_due": [2], "spawn_due": False})
    asked, texts = mon.resolve_due(delve, KINGDOM, TILES, ids=ids())
    texts = told(texts)
    choice = asked.token_choice
    assert choice is not None and choice.kind == "step" and choice.card == "enc_stag_i" and choice.at == "aub_16"
    assert set(choice.options) == {"aub_03", "aub_15"} and choice.steps == 1 and choice.after == ["enc_abbot_i"]
    assert asked.map_tokens == {"enc_stag_i": "aub_16", "enc_abbot_i": "aub_02"}  # nothing picked silently
    assert "two shortest paths toward the party tie" in texts[0]
    decision = mon.choice_decision(asked)
    assert decision is not None and decision.answer == "delve route" and decision.id == "route1"
    assert set(decision.options) == {"aub_03", "aub_15"}
    with pytest.raises(RuleError, match="not one of the tiles"):
        mon.choose(asked, KINGDOM, TILES, "route1", "aub_02", ids=ids())
    with pytest.raises(RuleError, match="no longer waiting"):
        mon.choose(asked, KINGDOM, TILES, "route9", "aub_15", ids=ids())
    after, texts = mon.choose(asked, KINGDOM, TILES, "route1", "aub_15", ids=ids())
    texts = told(texts)
    # the Stag goes through aub_15 onto the party's tile, then the Abbot moves its 2 tiles (1: it reaches the party)
    assert after.map_tokens == {"enc_stag_i": "aub_01", "enc_abbot_i": "aub_01"}
    assert after.token_choice is None and after.encounter_due == "enc_stag_i"
    assert "The party chooses: The Gallowmere Stag moves aub_16 → aub_15" in texts[0]


def test_face_down_tiles_do_not_join_each_other() -> None:
    """Rulebook (line 744): An Unexplored tile is a tile your party did not yet travel onto. All face down tiles are
    considered Unexplored.
    """
    # the party on aub_15; aub_03 and aub_16 are both face down: the path between them is not seen
    delve = with_tokens(delve_with(["aub_01", "aub_15"], "aub_15"), {"enc_stag_i": "aub_03"})
    assert {"aub_03", "aub_16"} <= set(delve.face_down)
    assert "aub_16" not in mon.neighbours(delve, TILES, "aub_03")
    assert mon.route(delve, TILES, "aub_03", 1) == ["aub_01"]  # not south onto aub_16
    revealed = delve.model_copy(update={"face_down": [t for t in delve.face_down if t != "aub_16"],
                                        "revealed": ["aub_16"]})
    # a revealed tile shows its paths: aub_03 -> aub_16 -> aub_15 ties with aub_03 -> aub_01 -> aub_15
    assert mon.next_steps(revealed, TILES, mon.distances(revealed, TILES, "aub_15"), "aub_03") == ["aub_16",
                                                                                                   "aub_01"]


def test_a_token_on_another_section_lands_next_to_the_party() -> None:
    """Rulebook (line 791): If the game element that is about to be moved is on a separate piece of the map from the
    Party marker, simply place it on the tile adjacent to the Party marker instead (even if that tile is
    unrevealed).
    """
    delve = delve_with(["aub_01", "aub_02"], "aub_01")
    from rules.delve import kingdom_map as kmap

    far = kmap.place_neighbours(kmap.enter(delve, "aub_18", None), TILES, "aub_18").delve
    far = with_tokens(far.model_copy(update={"tile": "aub_01"}), {"enc_stag_i": "aub_24"})
    asked, texts = mon.hunt(far, KINGDOM, TILES, 1, ids=ids())
    texts = told(texts)
    assert asked.map_tokens == {"enc_stag_i": "aub_24"} and "another section" in texts[0]
    assert asked.token_choice is not None and asked.token_choice.kind == "land"  # several adjacent tiles: asked
    assert asked.token_choice.options == mon.neighbours(far, TILES, "aub_01")
    after, _ = mon.choose(asked, KINGDOM, TILES, None, "aub_15", ids=ids())
    assert after.map_tokens == {"enc_stag_i": "aub_15"} and after.token_choice is None


# -- the Threat 7 spawn ------------------------------------------------------------------------------------------


def test_threat_7_spawns_the_district_monster_next_to_the_party_after_the_others_move() -> None:
    """Rulebook (line 785): Additionally, when you raise your Threat to 7 or above for the first time during the
    current Expedition, spawn an Encounter Monster token onto an adjacent Kingdom tile (after moving all other
    Encounter Monsters). The Encounter Monster token should correspond to the Encounter Monster of your district, as
    per the District Wheel.
    """
    # the party on aub_04 (Saltmere Docks: the Lantern Drowned on the wheel); the Abbot hunts from aub_03
    delve = with_tokens(delve_with(["aub_01", "aub_04"], "aub_04"), {"enc_abbot_i": "aub_03"})
    change = tr.change_threat(KingdomTrack(threat=6), delve, SPEC, 1)  # Threat 7: Hunt Space 7 (2 tiles), spawn
    assert change.delve.hunts_due == [2] and change.delve.spawn_due
    asked, texts = mon.resolve_due(change.delve, KINGDOM, TILES, ids=ids())
    texts = told(texts)
    assert asked.map_tokens == {"enc_abbot_i": "aub_04"} and asked.encounter_due is None  # the spawn is asked
    assert texts[0].startswith("🐾 The Cinder Abbot moves") and "the party chooses which" in texts[1]
    assert asked.token_choice is not None and asked.token_choice.kind == "spawn"
    assert asked.token_choice.options == ["aub_07", "aub_01", "aub_05"]  # "onto an adjacent Kingdom tile"
    after, texts = mon.choose(asked, KINGDOM, TILES, "route1", "aub_05", ids=ids())
    texts = told(texts)
    assert after.map_tokens == {"enc_abbot_i": "aub_04", "enc_drowned_i": "aub_05"} and "spawns on aub_05" in texts[0]
    assert after.encounter_due == "enc_abbot_i"  # the Abbot reached the party; the meeting check after the spawn
    assert not after.spawn_due and after.threat_seven_spawned
    again = tr.change_threat(KingdomTrack(threat=6), after, SPEC, 1)
    assert not again.delve.spawn_due  # once per Expedition


def test_spawning_a_monster_already_on_the_map_moves_its_token() -> None:
    """Rulebook (line 787): If, for whatever reason, you have to spawn an Encounter Monster on the map when that
    Monster is already on the map, remove its token from the current tile and spawn it on the new tile.
    """
    delve = with_tokens(delve_with(["aub_01"], "aub_01"), {"enc_stag_i": "aub_15"})  # Bellwold: the Stag
    asked, _ = mon.spawn(delve, KINGDOM, TILES, ids=ids())
    after, texts = mon.choose(asked, KINGDOM, TILES, "route1", "aub_02", ids=ids())
    texts = told(texts)
    assert after.map_tokens == {"enc_stag_i": "aub_02"}
    assert "leaves aub_15" in texts[0]


async def test_hunt_space_on_a_tile_back_moves_tokens_at_step_d(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 739): d. Resolve Encounter Monster spawns and movement. e. Finally, resolve all symbols on the
    front of the face up tile you have moved to.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust threat:2 token:enc_stag_i to:aub_15")
    reply = await table.ok("@kara /delve travel direction:west")  # aub_04: Threat +1 -> Hunt Space 3 (1 tile)
    # moved after the Party marker reached aub_04: aub_15 -> aub_01 (at step a it would have met the party)
    assert reply.data["monsters"]["tokens"] == {"enc_stag_i": "aub_01"}
    assert reply.data["encounter_due"] is None
    assert reply.text.index("Hunt Space 3") < reply.text.index("🐾 The Gallowmere Stag moves aub_15 → aub_01")


async def test_gaining_threat_outside_a_round_moves_and_spawns_at_once(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 785): Additionally, when you raise your Threat to 7 or above for the first time during the
    current Expedition, spawn an Encounter Monster token onto an adjacent Kingdom tile (after moving all other
    Encounter Monsters).
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust threat:6")
    reply = await table.ok("/delve gain threat:1")
    assert reply.data["spawn"] is True and reply.data["monsters"]["tokens"] == {}
    assert reply.pending is not None and reply.pending["answer"] == "delve route"
    assert reply.pending["options"] == ["aub_02", "aub_03", "aub_15", "aub_04"]
    refused = await table("@kara /delve travel direction:north")  # the party chooses first
    assert not refused.ok and "/delve route" in (refused.error or "")
    reply = await table.ok(f"@kara /delve route decision:{reply.pending['id']} option:aub_03")
    state = await table.state()
    bellwold = state["delve"]["wheel_tokens"].get("bellwold") or mon.district_monster(
        DelveState.model_validate(state["delve"]), KINGDOM, "bellwold")
    assert reply.data["monsters"]["tokens"] == {bellwold: "aub_03"}
    assert "spawns on aub_03" in reply.text and reply.pending is not None and reply.pending["kind"] == "travel"


# -- the meeting -------------------------------------------------------------------------------------------------


async def test_the_party_entering_a_token_tile_makes_an_encounter_due(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 861): When you are instructed to resolve an Encounter (for example because an Encounter Monster
    token moved onto your tile), finish resolving your current step, then immediately proceed to the Encounter.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust token:stag to:aub_02")
    reply = await table.ok("@kara /delve travel direction:north")
    assert reply.data["encounter_due"] == "enc_stag_i" and reply.data["tile"] == "aub_02"
    assert "⚔️ Encounter with The Gallowmere Stag: /encounter start" in reply.text
    assert reply.data["exploration_left"] == 24  # the Exploration step waits for the Encounter
    assert reply.data["resume"] == {"steps": ["exploration", "story"], "time_reached": []}
    refused = await table("@kara /delve travel direction:north")
    assert not refused.ok and "/encounter start" in (refused.error or "")
    waiting = await table("@kara /delve continue")
    assert not waiting.ok and "not resolved yet" in (waiting.error or "")
    # the Encounter code clears encounter_due when it is over: here, as it would
    state = await table.state()
    assert state["delve"]["encounter_due"] == "enc_stag_i"


async def test_after_the_encounter_the_round_continues(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 908): Count the number of Scrapes dealt and resolve the corresponding effect from the Encounter
    Monster card (Success, Partial Success, or Failure). Then, clear the Encounter components and return to the
    Phase that was interrupted. If the Encounter was triggered by an Encounter Monster token on your Kingdom tile,
    remove that miniature, then perform Rotation 1.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust token:stag to:aub_02")
    await table.ok("@kara /delve travel direction:north")
    delve = DelveState.model_validate((await table.state())["delve"])
    # what the Encounter code does when it is over (rules/delve/monsters.py encounter_over)
    over, texts = mon.encounter_over(delve, KINGDOM)
    texts = told(texts)
    assert over.map_tokens == {} and over.encounter_due is None
    assert over.wheel_tokens == mon.rotate(delve, KINGDOM, 1).wheel_tokens and "Rotation 1" in texts[0]
    # an Encounter code that only clears encounter_due: the next Delve command removes the token and rotates once
    cleared = delve.model_copy(update={"encounter_due": None})
    settled, texts = mon.settle_finished(cleared, KINGDOM)
    texts = told(texts)
    assert settled.map_tokens == {} and settled.wheel_tokens == over.wheel_tokens and settled.encounter_token is None
    assert mon.settle_finished(settled, KINGDOM) == (settled, [])  # once
    # the GM cancels the Encounter: its token leaves, no Rotation; then the round's steps go on
    wheel = delve.wheel_tokens
    await table.ok("/delve adjust clear_encounter:true")
    reply = await table.ok("@kara /delve continue")
    assert reply.data["exploration_left"] == 23 and reply.data["resume"] is None
    assert reply.data["monsters"]["tokens"] == {} and (await table.state())["delve"]["wheel_tokens"] == wheel
    again = await table("@kara /delve continue")
    assert not again.ok and "no step of the round is waiting" in (again.error or "")


async def test_backtracking_through_a_token_tile_meets_it(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 764): During a Backtrack, you may move through any number of explored Kingdom tiles, but you
    gain +1 Threat for every Kingdom tile you move through except the first one.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:west")  # aub_04
    await table.ok("@kara /delve travel direction:west")  # aub_05
    await table.ok("/delve adjust token:abbot to:aub_04")
    reply = await table.ok("@kara /delve travel to:aub_01")  # Backtrack through aub_04 and aub_01
    assert reply.data["tile"] == "aub_01" and reply.data["encounter_due"] == "enc_abbot_i"
    assert "Backtracks through aub_04, where The Cinder Abbot's token stands" in reply.text


def test_no_meeting_while_the_party_is_in_the_deep_fog() -> None:
    """Rulebook (line 833): Place a Generic token on your current Kingdom tile as a reminder, and move the Party
    marker to the Starting Deep Fog card.
    """
    delve = with_tokens(delve_with(["aub_01", "aub_04"], "aub_04"), {"enc_stag_i": "aub_01"})
    fog = FogState(target="aub_06", intensity=2, origin="aub_04", heading="south")
    in_fog = delve.model_copy(update={"fog": fog, "hunts_due": [1]})
    after, texts = mon.resolve_due(in_fog, KINGDOM, TILES, ids=ids())
    texts = told(texts)
    assert after.map_tokens == {"enc_stag_i": "aub_04"}  # toward the reminder token's tile
    assert after.encounter_due is None
    out, more = mon.meet(after.model_copy(update={"fog": None}), KINGDOM)  # Withdraw: back onto aub_04
    assert out.encounter_due == "enc_stag_i"


# -- the GM --------------------------------------------------------------------------------------------------------


async def test_gm_moves_a_token_and_rotates_the_wheel(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 2074): - Rotation X: Move all Monster tokens on the District Wheel X spaces clockwise."""
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    before = (await table.state())["delve"]["wheel_tokens"]
    reply = await table.ok('/delve adjust token:"The Cinder Abbot" to:aub_03 rotation:1')
    assert reply.data["monsters"]["tokens"] == {"enc_abbot_i": "aub_03"}
    wheel = list(KINGDOM.wheel)
    assert (await table.state())["delve"]["wheel_tokens"] == {wheel[(wheel.index(d) + 1) % 5]: c
                                                              for d, c in before.items()}
    on_party = await table.ok("/delve adjust token:abbot to:aub_01")
    assert on_party.data["encounter_due"] == "enc_abbot_i"
    off = await table.ok("/delve adjust clear_encounter:true")
    assert off.data["monsters"]["tokens"] == {}
    for bad, why in (("/delve adjust token:abbot to:aub_30", "not a tile on the table"),
                     ("/delve adjust token:dragon to:aub_02", "no Encounter Monster"),
                     ("/delve adjust token:abbot", "together")):
        refused = await table(bad)
        assert not refused.ok and why in (refused.error or ""), bad
    player = await table("@kara /delve adjust token:abbot to:aub_02")
    assert not player.ok


# -- the map picture ---------------------------------------------------------------------------------------------


async def test_the_map_draws_the_tokens_and_the_wheel(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 787): Due to space limitations, Encounter Monsters on the Kingdom map are always represented by
    Encounter Monster tokens.
    """
    import io
    from pathlib import Path

    from PIL import Image

    from bot.render.kingdom_map import TOKEN_COLOURS, render_kingdom_map

    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve adjust token:stag to:aub_02")
    reply = await table.ok("/delve map")
    assert Image.open(reply.images[0]).size[0] >= 1120 and Path(reply.images[0]).read_bytes()[:4] == b"\x89PNG"
    delve = DelveState.model_validate((await table.state())["delve"])
    colour = TOKEN_COLOURS[[m.card for m in delve.encounter_monsters].index("enc_stag_i")]
    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))

    def pixels(d: DelveState) -> int:
        img = Image.open(io.BytesIO(render_kingdom_map(KINGDOM, TILES, d, KingdomTrack()))).convert("RGB")
        return sum(1 for p in img.get_flattened_data() if p == rgb)

    on_map, wheel_only = pixels(delve), pixels(delve.model_copy(update={"map_tokens": {}}))
    assert wheel_only > 0  # the Stag's token on the District Wheel
    assert on_map > wheel_only + 500  # and its token on aub_02


# -- the content ---------------------------------------------------------------------------------------------------


def test_the_starter_bestiary_and_cards() -> None:
    """Rulebook (line 871): Each Encounter Monster card is double-sided, with each side showing a different level of
    the same Monster.
    """
    assert {r.tier for r in KINGDOM.bestiary} == {"mob", "vassal", "king", "devil", "dragon"}
    assert {c.monster for c in KINGDOM.encounter_cards} == {"stag", "abbot", "drowned"}
    assert all(len(c.sides) == 2 for c in KINGDOM.encounter_cards if c.monster != "drowned")
    from tests.delve._support import CATALOGUE

    assert all(c.monster in CATALOGUE.monsters for c in KINGDOM.encounter_cards)
    assert bestiary_problems(KINGDOM.bestiary, KINGDOM.encounter_cards) == []


def test_resolution_counts_scrapes() -> None:
    """Rulebook (line 908): Count the number of Scrapes dealt and resolve the corresponding effect from the Encounter
    Monster card (Success, Partial Success, or Failure).
    """
    side = KINGDOM.encounter_card("enc_stag_i").side(1)
    assert [side.resolution.outcome(n) for n in (0, 1, 2, 3)] == ["failure", "partial", "success", "success"]
    assert side.resolution.effect("failure").effects[0].type == "gain_threat"
    no_partial = Resolution.model_validate({"success": {"scrapes": 1, "text": "Won."}, "failure": {"text": "Lost."}})
    assert [no_partial.outcome(n) for n in (0, 1)] == ["failure", "success"]


@pytest.mark.parametrize(("change", "message"), [
    ({"sides": [{"level": 9}]}, "no Encounter Monster card of 'stag' has a level 1 side"),
    ({"id": "enc_abbot_i"}, "two Encounter Monster cards have the id"),
])
def test_bestiary_mistakes_are_reported(change: dict[str, Any], message: str) -> None:
    """Rulebook (line 649): If a Monster has no matching level, it is unavailable during this Expedition."""
    card = KINGDOM.encounter_card("enc_stag_i")
    data = card.model_dump()
    if "sides" in change:
        data["sides"] = [{**data["sides"][0], "level": 9}, data["sides"][1]]
    else:
        data.update(change)
    cards = [EncounterCard.model_validate(data) if c.id == "enc_stag_i" else c for c in KINGDOM.encounter_cards]
    problems = bestiary_problems(KINGDOM.bestiary, cards)
    assert any(message in text for _, text in problems), problems


async def test_a_tie_asked_at_step_d_waits_and_the_round_continues(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 739): d. Resolve Encounter Monster spawns and movement. e. Finally, resolve all symbols on the
    front of the face up tile you have moved to.

    Rulebook (line 784): Every time the Threat marker is moved onto a Hunt Space on the Threat track ... each
    Encounter Monster token on the Kingdom map (if there are any) moves toward the Party marker by the indicated
    number of tiles (1 tile, 2 tiles), via the shortest possible path.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:east")  # aub_03
    await table.ok("/delve adjust threat:2 token:enc_stag_i to:aub_01")
    before = (await table.ok("/delve status")).data["exploration_left"]
    reply = await table.ok("@kara /delve travel direction:south")  # aub_16: Threat +1 -> Hunt Space 3 (1 tile)
    # from aub_01 toward aub_16: through aub_03 or through aub_15, both two tiles: the party chooses
    assert reply.pending is not None and reply.pending["kind"] == "route" and reply.pending["answer"] == "delve route"
    assert set(reply.pending["options"]) == {"aub_03", "aub_15"}
    assert reply.data["monsters"]["tokens"] == {"enc_stag_i": "aub_01"}
    assert reply.data["resume"]["steps"] == ["front", "exploration", "story"]
    assert reply.data["exploration_left"] == before  # steps e and the Exploration step wait
    assert "📍" not in reply.text
    refused = await table("@kara /delve continue")
    assert not refused.ok and "/delve route" in (refused.error or "")
    chosen = await table.ok(f"@kara /delve route decision:{reply.pending['id']} option:aub_15")
    assert chosen.data["monsters"]["tokens"] == {"enc_stag_i": "aub_15"}
    assert "`/delve continue`" in chosen.text and chosen.pending is None
    stale = await table(f"@kara /delve route decision:{reply.pending['id']} option:aub_03")
    assert not stale.ok
    done = await table.ok("@kara /delve continue")
    assert done.data["exploration_left"] == before - 1 and done.data["resume"] is None
    assert "📍 Point of Interest: Pale Hive" in done.text  # step e, after the choice
    assert done.pending is not None and done.pending["kind"] == "travel"
