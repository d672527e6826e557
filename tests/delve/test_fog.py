"""The Deep Fog traversal end to end (a real App on a real SQLite file), with the GM's forced Deep Fog cards.

The starter Deep Fog deck (content/packs/starter/kingdom/aubrevane_fog.yaml), by value: Lost Lantern 0, Salt Wind 0,
Grey Mile 1, Whispering Reeds 1 (Half-cup), A Bell Below 1 (Hazard: gain 1 Threat), Silent Choir 1 (Half-cup),
Old Road 1, Drowned Steps 2, Mirror Pool 2 (Half-cup), False Dawn 2, Hanging Lights 2, Bone Orchard 3, Antlered
Shape 3 (Half-cup), Still Water 4. From Lantern Crossroads (aub_01, a Deep Fog path west) the face-down tiles are
aub_02 (Intensity 2), aub_03 (1), aub_04 (3) and aub_15 (2).
"""

from __future__ import annotations

from typing import Any

from rules.delve import fog as fr
from rules.delve.actions import DelveTravel, FogAnswer
from rules.delve.state import FogCardPlaced, FogState
from tests.delve._support import ENGINE, KINGDOM, started

F = "aub_fog_"


async def _enter(table: Any, target: str, cards: list[str], extra: str = "") -> Any:
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    if cards:
        await table.ok("/fog force cards:" + ",".join(F + c for c in cards))
    return await table.ok(f"@kara /delve travel fog:{target}{extra}")


async def _state(table: Any) -> dict[str, Any]:
    return await table.state()  # type: ignore[no-any-return]


def _keys(reply: Any) -> list[str]:
    return list(reply.pending["options"]) if reply.pending else []


async def test_entering_gains_threat_and_any_unexplored_tile_bordering_the_map_is_a_destination(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 827): To travel via the Deep Fog, during the Travel step, gain +1 Threat and choose any
    Unexplored Kingdom tile that's connected to an explored Kingdom tile, anywhere on the map. That explored tile
    does not need to be connected to your tile.

    Rulebook (line 833): Shuffle the Deep Fog deck and place it face down on the table, then draw the top card—this
    card becomes your Starting Deep Fog card. Place a Generic token on your current Kingdom tile as a reminder, and
    move the Party marker to the Starting Deep Fog card.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    status = await table.ok("/delve status")
    fog = {d["tile"]: d for d in status.data["destinations"] if d["kind"] == "fog"}
    assert set(fog) == {"aub_02", "aub_03", "aub_04", "aub_15"}
    assert fog["aub_04"]["threat"] == 1 + 1 and fog["aub_04"]["fog_intensity"] == 3  # its back's +1 and the Fog's +1
    reply = await table.ok("@kara /delve travel fog:aub_04")
    d = reply.data
    assert d["track"]["threat"] == 1 and d["track"]["time"] == 0  # only the Fog's Threat: the tile comes later
    assert d["fog"]["origin"] == "aub_01" and d["fog"]["target"] == "aub_04" and d["fog"]["intensity"] == 3
    assert d["fog"]["path_length"] == 1 and d["fog"]["deck_left"] == 13 and d["destinations"] == []
    assert d["pending"]["kind"] == "fog_round" and reply.pending["kind"] == "fog_round"
    assert {"stay", "withdraw"} <= set(_keys(reply))
    assert d["tile"] == "aub_01"  # the reminder token: the Party marker is on the Starting Deep Fog card
    refused = await table("@kara /delve travel direction:north")
    assert not refused.ok and "Deep Fog" in (refused.error or "")


async def test_no_fog_without_a_deep_fog_path(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 825): As mentioned in the rules for the Travel step, sometimes you may be pressed for time or
    without any other viable path forward. In such a case, you may decide to try to find a shortcut, and enter the
    Deep Fog (if there is an unblocked Deep Fog path on your current tile).
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:north")  # Chapel of the Quiet Bell: no Deep Fog path
    refused = await table("@kara /delve travel fog:aub_12")
    assert not refused.ok and "no Deep Fog path" in (refused.error or "")


async def test_a_forced_order_totalling_exactly_4_is_flawless(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 851): If your Deep Fog Value is exactly 4, you achieve a Flawless Traversal. Discard a Deep Fog
    card with the lowest value from your revealed path, shuffle the Deep Fog deck along with the cards you used, and
    proceed to Emergence.
    """
    reply = await _enter(table, "aub_02", ["false_dawn", "mirror_pool"])  # 2 + 2, Intensity 2
    reply = await table.ok("@kara /fog stay")
    assert "Flawless Traversal" in reply.text and reply.data["fog"]["value"] == 4
    assert reply.data["fog"]["outcome"] == "flawless"
    assert reply.pending["kind"] == "fog_lowest"  # two cards share the lowest value: the party chooses
    reply = await table.ok(f"@kara /fog choose option:{F}false_dawn")
    state = await _state(table)
    assert state["delve"]["fog_discard"] == [F + "false_dawn"]  # no card discarded unseen
    assert len(state["delve"]["fog_deck"]) == 13 and F + "mirror_pool" in state["delve"]["fog_deck"]
    assert (state["track"]["threat"], state["track"]["curse"], state["track"]["time"]) == (1, 0, 0)  # no penalty
    assert reply.pending["kind"] == "fog_clue"


async def test_below_4_resolves_one_chosen_grave_penalty(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 852): If your Deep Fog Value is less than 4, you suffer a Minor Penalty. Resolve a chosen Grave
    Penalty effect of a single revealed Deep Fog card from your path. Discard a card with the lowest value from
    your revealed path. Then, shuffle the Deep Fog deck along with the cards you used, take the top card and discard
    it (without revealing it). Proceed to Emergence.
    """
    await _enter(table, "aub_02", ["grey_mile", "whispering_reeds"])  # 1 + 1
    reply = await table.ok("@kara /fog stay")
    assert "Minor Penalty" in reply.text and reply.pending["kind"] == "fog_penalty"
    assert set(_keys(reply)) == {F + "grey_mile", F + "whispering_reeds"}
    reply = await table.ok(f"@kara /fog choose option:{F}whispering_reeds")  # Gain 1 Curse (not Grey Mile's Time)
    assert reply.data["track"]["curse"] == 1 and reply.data["track"]["time"] == 0
    assert reply.pending["kind"] == "fog_lowest"
    reply = await table.ok(f"@kara /fog choose option:{F}grey_mile")
    state = await _state(table)
    discard = state["delve"]["fog_discard"]
    assert discard[0] == F + "grey_mile" and len(discard) == 2  # and the top card, unseen
    assert len(state["delve"]["fog_deck"]) == 12
    assert "without looking" in reply.text and reply.pending["kind"] == "fog_clue"


async def test_above_4_resolves_every_grave_penalty(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 853): If your Deep Fog Value is more than 4, you suffer a Grave Penalty. Resolve all Grave
    Penalty effects of all revealed Deep Fog cards. Discard a card with the lowest value from your revealed path.
    Then, shuffle the Deep Fog deck along with the cards you used, take the top card and discard it (without
    revealing it). Proceed to Emergence.
    """
    await _enter(table, "aub_02", ["bone_orchard", "antlered_shape"])  # 3 + 3
    reply = await table.ok("@kara /fog stay")
    assert "Grave Penalty" in reply.text and reply.data["fog"]["value"] == 6
    # Bone Orchard: +1 Threat +1 Curse; Antlered Shape: +2 Threat; and the Fog's own +1 Threat
    assert reply.data["track"]["threat"] == 4 and reply.data["track"]["curse"] == 1
    assert reply.pending["kind"] == "fog_lowest"
    reply = await table.ok(f"@kara /fog choose option:{F}antlered_shape")
    assert len((await _state(table))["delve"]["fog_discard"]) == 2 and reply.pending["kind"] == "fog_clue"


async def test_grave_penalties_target_the_party_leader(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 854): Note: All effects are considered to be resolved with the Party Leader as the Target."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await _enter(table, "aub_02", ["still_water", "grey_mile"], ' leader:"Ser Sonch"')  # 4 + 1 = 5
    reply = await table.ok("@kara /fog stay")
    sonch = (await _state(table))["knights"]["ser-sonch"]["stats"]
    assert sonch["vigor"] == 11 and sonch["heat"] == 1  # Still Water: lose 1 Vigor, gain 1 Heat
    assert reply.data["track"]["time"] == 1  # Grey Mile: Advance Time by 1
    assert reply.pending["kind"] == "fog_clue"  # Grey Mile is the only lowest card: discarded at once


async def test_without_a_leader_knight_penalties_are_shown_for_the_table(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 854): Note: All effects are considered to be resolved with the Party Leader as the Target."""
    await _enter(table, "aub_02", ["still_water", "grey_mile"])
    reply = await table.ok("@kara /fog stay")
    assert "✋ the Party Leader: lose vigor 1" in reply.text and "✋ the Party Leader: gain heat 1" in reply.text


async def test_hazards_are_ignored_before_the_first_course_correct_and_resolved_after(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 841): There is no limit to the number of times you can Course Correct during a single
    traversal; however, after the first course correction, resolve all Hazard Effects on the cards you are drawing
    from this point during this Deep Fog traversal.

    Rulebook (line 844): Hazard Effects are effects located in the upper right corner of a Deep Fog card. Resolve
    them only after you Course Correct.
    """
    await _enter(table, "aub_04", ["grey_mile", "mirror_pool", "bell_below"])  # Intensity 3
    reply = await table.ok("@kara /fog stay")  # Mirror Pool's Half-cup: not yet
    assert "is ignored" in reply.text and reply.data["fog"]["half_cups"] == 0
    reply = await table.ok("@kara /fog correct card:2 direction:north")  # A Bell Below: gain 1 Threat
    assert "Hazard of A Bell Below" in reply.text and reply.data["track"]["threat"] == 2
    fog = reply.data["fog"]
    assert fog["corrections"] == 1 and fog["path"] == [F + "mirror_pool", F + "bell_below"]
    assert [c["face_up"] for c in fog["spread"]] == [False, True, True]  # Grey Mile flipped face down


async def test_two_half_cups_make_a_full_cup_that_adds_one_to_the_value(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 845): Half-cup: Whenever you resolve this effect, if you don't have any, gain one Half-cup
    token. If you do, flip the token so it becomes a Full Cup token. For every Full Cup token, add +1 to your Deep
    Fog Value. Discard all Half-cup and Full Cup tokens when the party leaves the Deep Fog.
    """
    await _enter(table, "aub_04", ["grey_mile", "old_road", "whispering_reeds", "silent_choir"])
    await table.ok("@kara /fog stay")  # Old Road
    reply = await table.ok("@kara /fog correct card:1 direction:north")  # Whispering Reeds: a Half-cup
    assert reply.data["fog"]["half_cups"] == 1 and reply.data["fog"]["full_cups"] == 0
    reply = await table.ok("@kara /fog stay")  # Silent Choir: the Half-cup becomes a Full Cup; the path is 3 long
    assert "1 + 1 + 1 + 1 (Full Cups) = **4**" in reply.text and "Flawless" in reply.text
    assert reply.data["fog"]["full_cups"] == 1


def test_stay_the_course_builds_a_straight_path_and_a_blocked_path_must_turn() -> None:
    """Rulebook (line 836): 1. Stay the Course. Continue on your path. Draw the top card from the Deep Fog deck and
    place it adjacent to the Deep Fog card with the Party marker. The card must be placed in a straight line along
    the current path, in the same orientation.

    Rulebook (line 837): If you can't place a Deep Fog card because another Deep Fog card blocks your path, you must
    Course Correct or Withdraw.
    """
    fog = FogState(target="aub_04", intensity=4, origin="aub_01", heading="west")
    fog = fr.place(fog, F + "grey_mile", (0, 0))
    fog = fr.place(fog, F + "old_road", fr.ahead(fog))
    assert (fog.spread[1].x, fog.spread[1].y) == (-1, 0) and fr.can_stay(fog)
    # a path heading south onto a card already on the table is blocked
    blocked = fog.model_copy(update={
        "spread": [*fog.spread, FogCardPlaced(card=F + "false_dawn", x=0, y=-1)], "path": [2], "heading": "south",
    })
    assert not fr.can_stay(blocked)
    assert fr.corrections(blocked) == [(2, "east"), (2, "west")]


async def test_a_blocked_path_refuses_stay(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 837): If you can't place a Deep Fog card because another Deep Fog card blocks your path, you
    must Course Correct or Withdraw.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:north")
    await table.ok("@kara /delve travel direction:east")  # Cindergate Arch: The Ashen Forum (Intensity 4) face down
    await table.ok("@kara /delve travel to:aub_01")  # Backtrack to the Deep Fog path
    cards = ["grey_mile", "lost_lantern", "old_road", "false_dawn", "bone_orchard", "still_water"]  # no Hazard
    await table.ok("/fog force cards:" + ",".join(F + c for c in cards))
    await table.ok("@kara /delve travel fog:aub_10")  # Starting card at (0, 0), heading west
    await table.ok("@kara /fog correct card:1 direction:north")  # (0, -1)
    await table.ok("@kara /fog correct card:2 direction:west")  # (-1, -1)
    await table.ok("@kara /fog stay")  # (-2, -1): a path of 3
    await table.ok("@kara /fog correct card:3 direction:south")  # (-2, 0)
    reply = await table.ok("@kara /fog correct card:2 direction:east")  # (-1, 0): the Starting card lies ahead
    assert "blocks the path east" in reply.text and "stay" not in _keys(reply)
    refused = await table("@kara /fog stay")  # the one answer check: Stay the Course is not an option now
    assert not refused.ok and "stay is not an answer to" in (refused.error or "")
    assert "choose from: withdraw, correct:" in (refused.error or "")
    assert reply.data["fog"]["path_length"] == 2 and reply.data["fog"]["deck_left"] == 8


async def test_course_correct_turns_perpendicular_and_flips_the_other_cards_face_down(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 840): 3. Course Correct. You may change a path in the Deep Fog as many times as you want. The
    only thing restricting you is running out of cards in the deck. When you decide to change your path, for any
    reason, choose one revealed Deep Fog card on your current path and place the Party marker on it. Flip all other
    revealed Deep Fog cards face down. You can build a new path perpendicular to the previous path.
    """
    await _enter(table, "aub_04", ["grey_mile", "old_road", "lost_lantern"])  # heading west
    reply = await table.ok("@kara /fog stay")
    assert not any(k.endswith(":east") or k.endswith(":west") for k in _keys(reply) if k.startswith("correct:"))
    refused = await table("@kara /fog correct card:1 direction:west")  # not perpendicular
    assert not refused.ok and "not an answer" in (refused.error or "")
    reply = await table.ok(f"@kara /fog correct card:{F}grey_mile direction:south")
    fog = reply.data["fog"]
    assert fog["heading"] == "south" and fog["path"] == [F + "grey_mile", F + "lost_lantern"]
    assert [(c["x"], c["y"], c["face_up"]) for c in fog["spread"]] == [(0, 0, True), (-1, 0, False), (0, 1, True)]
    assert "name" not in fog["spread"][1]  # a face-down card is not shown


async def test_a_path_as_long_as_the_intensity_leaves_the_fog(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 838): After placing a Deep Fog card, move the Party marker onto it. Then, count the number of
    revealed Deep Fog cards on your current path. If it is equal to the Deep Fog Intensity value of your destination
    tile, proceed to Leaving the Deep Fog. Otherwise, continue traversing the fog.
    """
    reply = await _enter(table, "aub_03", ["still_water"])  # Intensity 1: the Starting card is the whole path
    assert "Flawless Traversal" in reply.text and reply.pending["kind"] == "fog_clue"


async def test_emergence_gives_a_clue_of_choice_then_the_kingdom_tile_step(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 856): Once you resolve all Deep Fog effects, place the Party marker on the Target Kingdom tile
    and remove the reminder token. Discard all Half-cup and Full Cup tokens, and return to the Kingdom Tile step.

    Rulebook (line 857): During that step, get a Clue regardless of the type of tile you entered and instead of
    gaining a Clue that depends on the symbol on the Exploration card, gain a Clue of your choice. Gain the rest of
    the Clues normally (if any).
    """
    await _enter(table, "aub_03", ["still_water"])  # Tollhouse Ruin: Time +1, Threat -1, no Clue on its back
    reply = await table.ok("@kara /fog choose option:historic")
    d = reply.data
    assert d["fog"] is None and d["pending"] is None and d["tile"] == "aub_03" and "aub_03" in d["explored"]
    assert [(c["type"], c["tile"]) for c in d["clues"]] == [("historic", "aub_03")]
    assert (d["track"]["threat"], d["track"]["time"]) == (0, 1)  # +1 for the Fog, -1 and Time +1 from the back
    assert d["exploration_left"] == 23  # then the Exploration step
    assert any(x["kind"] == "explore" for x in d["destinations"])


async def test_emergence_onto_a_tile_with_clues_gains_the_rest_normally(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 857): During that step, get a Clue regardless of the type of tile you entered and instead of
    gaining a Clue that depends on the symbol on the Exploration card, gain a Clue of your choice. Gain the rest of
    the Clues normally (if any).
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:north")
    await table.ok("@kara /delve travel direction:south")  # a Backtrack; Cindergate Arch (2 Clues) is face down
    await table.ok("/fog force cards:" + ",".join(F + c for c in ["still_water", "lost_lantern", "salt_wind"]))
    await table.ok("@kara /delve travel fog:aub_08")
    await table.ok("@kara /fog stay")
    reply = await table.ok("@kara /fog stay")  # 4 + 0 + 0: Flawless; two cards share the lowest value
    assert reply.pending["kind"] == "fog_lowest"
    await table.ok(f"@kara /fog choose option:{F}lost_lantern")
    reply = await table.ok("@kara /fog choose option:mystic")
    gained = [c for c in reply.data["clues"] if c["tile"] == "aub_08"]
    assert [c["type"] for c in gained][:1] == ["mystic"] and len(gained) == 2
    assert gained[0]["why"].startswith("Emergence") and gained[1]["why"].startswith("Minor Mortis")


async def test_withdraw_discards_the_lowest_card_gains_threat_and_goes_to_the_exploration_step(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 839): 2. Withdraw. You exit the Deep Fog the same way you entered. Place the Party marker on
    the Kingdom tile with the reminder token, and discard that token. You left the Deep Fog, but the dangers lurking
    inside took notice of you. As a consequence, choose a revealed Deep Fog card with the lowest value and discard
    it, then gain +1 Threat and return to the Delve Phase. (Go straight to the Exploration step.)
    """
    await _enter(table, "aub_04", ["mirror_pool", "grey_mile"])
    await table.ok("@kara /fog stay")
    reply = await table.ok("@kara /fog withdraw")
    d = reply.data
    # Threat 2 (entering +1, Withdraw +1), then the Exploration step's card, The Tide Turns: Threat -1
    assert d["fog"] is None and d["tile"] == "aub_01" and d["track"]["threat"] == 1 and d["track"]["time"] == 0
    assert "The Tide Turns" in reply.text
    assert d["exploration_left"] == 23 and d["destinations"]
    state = await _state(table)
    assert state["delve"]["fog_discard"] == [F + "grey_mile"] and len(state["delve"]["fog_deck"]) == 13


async def test_running_out_of_deep_fog_cards_loses_the_expedition() -> None:
    """Rulebook (line 848): Once you enter the Deep Fog, its deck won't be shuffled until you leave it. Consequently,
    if you're not careful, you may run out of cards before you reach the required path length. If that happens...
    you're out of luck. Your Expedition ends in failure (see Expedition Loss Conditions on p. 37).
    """
    state = started()
    assert state.delve is not None
    state.delve = state.delve.model_copy(update={"fog_deck": [F + "grey_mile"]})  # only one card left in the deck
    state = ENGINE.apply(state, DelveTravel(fog="aub_04"), ENGINE.dice_for(state)).state
    result = ENGINE.apply(state, FogAnswer(choice="stay"), ENGINE.dice_for(state))
    assert result.state.track.lost and result.state.delve is not None
    assert "ran out of Deep Fog cards" in (result.state.delve.lost_reason or "")
    assert result.state.delve.fog is None


async def test_trailmake_puts_the_chosen_card_at_the_bottom(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 2099): - Trailmake X: At the start of Deep Fog traversal, you may look at the top X cards of
    the Deep Fog deck, select one card and put it aside. Shuffle the rest of the cards into the Deep Fog deck, and
    put the selected card at the bottom of the deck.
    """
    reply = await _enter(table, "aub_04", [], " trailmake:3")
    assert reply.pending["kind"] == "fog_trailmake" and len(_keys(reply)) == 3
    chosen = _keys(reply)[1]
    reply = await table.ok(f"@kara /fog choose option:{chosen}")
    deck = (await _state(table))["delve"]["fog_deck"]
    assert deck[-1] == chosen and len(deck) == 13  # the Starting card was drawn from the top
    assert reply.pending["kind"] == "fog_round"


async def test_wander_discards_the_drawn_card_and_draws_another_in_its_place(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 2104): - Wander: After you draw a Deep Fog card, discard it and draw another in its place."""
    reply = await _enter(table, "aub_04", ["bone_orchard", "grey_mile"], " wander:1")
    assert reply.pending["kind"] == "fog_wander"
    reply = await table.ok("@kara /fog choose option:wander")
    fog = reply.data["fog"]
    assert fog["path"] == [F + "grey_mile"] and fog["wander"] == 0 and reply.pending["kind"] == "fog_round"
    assert (await _state(table))["delve"]["fog_discard"] == [F + "bone_orchard"]


async def test_answers_are_checked(table) -> None:  # type: ignore[no-untyped-def]
    no_fog = await table("@kara /fog stay")
    assert not no_fog.ok and "no Delve" in (no_fog.error or "")
    await _enter(table, "aub_02", ["grey_mile", "whispering_reeds"])
    wrong = await table("@kara /fog choose option:mystic")
    assert not wrong.ok and "not an answer" in (wrong.error or "")
    await table.ok("@kara /fog stay")
    other = await table("@kara /fog stay")  # the Minor Penalty waits for its card: its options are cards
    assert not other.ok and "stay is not an answer to" in (other.error or "")
    assert "choose from: aub_fog_" in (other.error or "")
    status = await table.ok("@ulfa /fog status")
    assert status.data["pending"]["kind"] == "fog_penalty" and "Minor Penalty" in status.text
    forced = await table("/fog force cards:minor_mortis_stagger")
    assert not forced.ok and "not Deep Fog cards" in (forced.error or "")
    assert (await table("@kara /fog force cards:aub_fog_grey_mile")).ok is False  # GM only


def test_value_counts_the_path_and_the_full_cups() -> None:
    """Rulebook (line 850): When your path consists of as many Deep Fog cards as is the value of the destination
    tile's Deep Fog Intensity, you begin to emerge. What effect will the fog have on you? Add the Deep Fog Value of
    each card on your path. Add an additional +1 for every Full Cup token you have. That total is your final Deep
    Fog Value.
    """
    fog = FogState(target="aub_04", intensity=2, origin="aub_01", heading="west", full_cups=2)
    fog = fr.place(fr.place(fog, F + "bone_orchard", (0, 0)), F + "grey_mile", (-1, 0))
    assert fr.value(fog, KINGDOM) == 3 + 1 + 2 and fr.outcome(6) == "grave"
    assert (fr.outcome(4), fr.outcome(3)) == ("flawless", "minor")


async def test_the_map_shows_the_fog_spread(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 833): Place a Generic token on your current Kingdom tile as a reminder, and move the Party
    marker to the Starting Deep Fog card.
    """
    await _enter(table, "aub_04", ["mirror_pool", "grey_mile"])
    await table.ok("@kara /fog stay")
    reply = await table.ok("@ulfa /delve map")
    assert reply.images and reply.data["fog"]["path_length"] == 2
    from pathlib import Path

    from PIL import Image

    with Image.open(Path(reply.images[0])) as img:
        in_fog = img.height
    await table.ok("@kara /fog withdraw")  # the same tiles on the table, no spread
    after = await table.ok("@ulfa /delve map")
    with Image.open(Path(after.images[0])) as img:
        assert in_fog > img.height  # the spread is drawn under the track


async def test_replaying_the_log_rebuilds_a_traversal_and_undo_gives_the_same_cards(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 848): Once you enter the Deep Fog, its deck won't be shuffled until you leave it."""
    from bot.app.history import rebuild
    from tests.conftest import invocation

    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane")  # the starting tile at random
    status = await table.ok("/delve status")
    target = next(d["tile"] for d in status.data["destinations"] if d["kind"] == "fog")
    await table.ok(f'@kara /delve travel fog:{target} leader:"Ser Sonch" trailmake:2 wander:1')
    while (await table.ok("/fog status")).pending:
        pending = (await table.ok("/fog status")).pending
        options = pending["options"]
        answer = "stay" if "stay" in options else ("wander" if "wander" in options else options[-1])
        before = await table.state()
        first = await table.ok(f"@kara /fog choose option:{answer}")
        await table.ok("/gm undo")
        assert await table.state() == before
        again = await table.ok(f"@kara /fog choose option:{answer}")
        assert again.data == {**first.data, "seq": again.data["seq"]}
        if (await table.state())["track"]["lost"]:
            break
    loaded = await table.app.load(invocation("gm", "/gm state"))
    rebuilt = await rebuild(table.app.db, table.app.engine, loaded.row.id)
    assert rebuilt == loaded.state and rebuilt.delve is not None and rebuilt.delve.fog is None
