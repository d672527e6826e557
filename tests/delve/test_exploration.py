"""The Exploration step resolved (rules/delve/exploration.py) and Exploration Ciphers (/delve cipher)."""

from __future__ import annotations

from typing import Any

from bot.narration import texts
from content.schema.kingdom import ExplorationCard, Kingdom, Printed
from rules.delve import exploration as ex
from rules.delve import track as tr
from rules.delve.actions import DelveTravel
from rules.delve.results import delve_data
from rules.dice import Dice
from rules.state import CampaignState
from tests.delve._support import CATALOGUE, ENGINE, KINGDOM, TILES, delve_with, started, told


async def _fail(table, line: str) -> str:  # type: ignore[no-untyped-def]
    reply = await table(line)
    assert not reply.ok, line
    return str(reply.error or reply.text)


def _top(state: CampaignState, *cards: str) -> CampaignState:
    assert state.delve is not None
    rest = [c for c in state.delve.exploration if c not in cards]
    state.delve = state.delve.model_copy(update={"exploration": [*cards, *rest]})
    return state


def _with(*extra: ExplorationCard) -> Kingdom:
    return KINGDOM.model_copy(update={"exploration": [*KINGDOM.exploration, *extra]})


def _special(cid: str, text: str = "Gain 1 Curse.") -> ExplorationCard:
    return KINGDOM.exploration_card("aub_ex_ferry_coin").model_copy(
        update={"id": cid, "name": cid, "special": True, "text": text, "effects": [], "gated": []})


async def test_instant_card_applies_its_effects_and_is_discarded(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 797): To resolve the Exploration step, simply draw the top card from the Exploration deck and
    resolve its effect. Note that some Exploration cards have an additional effect that triggers based on your
    Threat or Curse level.
    Rulebook (line 801): - Instant: cards with an instant effect are discarded right after you resolve them.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    reply = await table.ok("@kara /delve travel direction:west")  # the back: Threat +1; The Tide Turns: Threat -1
    assert "The Tide Turns" in reply.text and "loses 1 Threat" in reply.text
    assert reply.data["track"]["threat"] == 0
    state = await table.state()
    assert state["delve"]["exploration_discard"] == ["aub_ex_tide"]
    reply = await table.ok("@kara /delve travel direction:east")  # A Broken Wax Seal: no Knight to apply it to
    assert "✋ the Party Leader: gain passion 1" in reply.text and "`/knight stat`" in reply.text


def test_gated_effect_triggers_by_the_current_threat() -> None:
    """Rulebook (line 797): To resolve the Exploration step, simply draw the top card from the Exploration deck and
    resolve its effect. Note that some Exploration cards have an additional effect that triggers based on your
    Threat or Curse level.
    """
    for threat, after in ((5, 6), (4, 3)):  # The Tide Turns: lose 1 Threat; Threat 5+: gain 2 Threat
        state = _top(started(), "aub_ex_tide")
        state.track = state.track.model_copy(update={"threat": threat})
        texts, _ = ex.exploration_step(CATALOGUE, KINGDOM, state, "saltmere")
        assert state.track.threat == after, texts
        assert any(t.startswith("⚠️ Threat 5") for t in told(texts)) == (threat >= 5)


def test_district_card_stays_in_play_one_per_district() -> None:
    """Rulebook (line 802): - District: cards with a District effect are placed on the District effect space of the
    Kingdom Sheet. Their effects linger in a particular area of the Kingdom map, and usually cannot be discarded by
    regular means. There can be multiple District effects in play at the same time, but only one per District.
    """
    second = KINGDOM.exploration_card("aub_ex_salt_fog").model_copy(update={"id": "aub_ex_salt_two", "name": "Two"})
    kingdom = _with(second)
    state = _top(started(), "aub_ex_salt_fog", "aub_ex_bell_rope", "aub_ex_salt_two", "aub_ex_tide")
    for _ in range(3):
        ex.exploration_step(CATALOGUE, kingdom, state, "bellwold")
    assert state.delve is not None
    assert state.delve.district_effects == {"saltmere": "aub_ex_salt_fog", "bellwold": "aub_ex_bell_rope"}
    assert state.delve.exploration_discard == ["aub_ex_salt_two"]  # only one per District
    texts, _ = ex.exploration_step(CATALOGUE, kingdom, state, "saltmere")  # the party in Saltmere: the reminder
    assert told(texts)[0].startswith("🏷️ District effect in") and "Salt Fog" in told(texts)[0]
    view = ex.view(kingdom, state.delve)
    assert set(view["district_effects"]) == {"saltmere", "bellwold"}
    state.delve, _ = ex.discard(kingdom, state.delve, "saltmere")
    assert "saltmere" not in state.delve.district_effects


async def test_active_card_takes_the_one_active_space(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 803): - Active: cards with an active effect are placed in the Active Effect space of the
    Kingdom Sheet. There is always one Active Effect space on the sheet. If that space is already occupied by
    another Exploration card, discard the newly drawn card instead. Active effects linger either until the players
    fulfill a condition specified on the card, or until a specific number of turns passes.
    """
    state = _top(started(), "aub_ex_kind_stranger", "aub_ex_hound_spoor")
    ex.exploration_step(CATALOGUE, KINGDOM, state, None)
    texts, _ = ex.exploration_step(CATALOGUE, KINGDOM, state, None)
    assert state.delve is not None
    assert state.delve.active_effects == ["aub_ex_kind_stranger"]
    assert state.delve.exploration_discard == ["aub_ex_hound_spoor"] and "discarded instead" in " ".join(told(texts))
    # end to end: /delve status shows the card in play; /delve discard ends it
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    for way in ("west", "east", "north", "south"):
        await table.ok(f"@kara /delve travel direction:{way}")
    status = await table.ok("/delve status")
    in_play = [c["card"] for c in status.data["active_effects"]] + [
        c["card"] for c in status.data["district_effects"].values()]
    assert in_play
    reply = await table.ok(f"@kara /delve discard card:{in_play[0]}")
    assert "discarded" in reply.text
    assert (await _fail(table, f"@kara /delve discard card:{in_play[0]}"))


def test_special_cards_on_top_are_resolved_in_a_chain() -> None:
    """Rulebook (line 805): Some cards in the Exploration deck are special. When on top of the deck, they are easily
    identifiable by their distinguishable back. If a Special Exploration card has ended up on top of the deck as a
    result of resolving the Exploration step, immediately resolve that card too. Repeat this process until a
    regular Exploration card ends on top of the deck.
    """
    kingdom = _with(_special("aub_ex_s1"), _special("aub_ex_s2"))
    state = _top(started(), "aub_ex_gulls", "aub_ex_s1", "aub_ex_s2", "aub_ex_tide")
    texts, _ = ex.exploration_step(CATALOGUE, kingdom, state, None)
    assert state.delve is not None
    assert state.delve.exploration_discard == ["aub_ex_gulls", "aub_ex_s1", "aub_ex_s2"]
    assert state.delve.exploration[0] == "aub_ex_tide"
    assert sum("✨ A Special Exploration card" in t for t in told(texts)) == 2
    # the last card of the deck may be Special: the chain stops without a loss
    state = _top(started(), "aub_ex_gulls", "aub_ex_s1")
    state.delve = state.delve.model_copy(update={"exploration": ["aub_ex_gulls", "aub_ex_s1"]})  # type: ignore[union-attr]
    ex.exploration_step(CATALOGUE, kingdom, state, None)
    assert not state.track.lost and state.delve.exploration == []  # type: ignore[union-attr]


def test_start_shuffles_until_a_normal_card() -> None:
    """Rulebook (line 806): If any effect, besides normal draw during the Exploration step, would result in a
    Special Exploration card being on top of the Exploration deck, shuffle the deck, until there is a normal
    Exploration card on top.
    """
    kingdom = _with(_special("aub_ex_s1"), _special("aub_ex_s2"))
    state = started()
    dice = ENGINE.dice_for(state)
    deck = ex.normal_on_top(kingdom, ["aub_ex_s1", "aub_ex_s2", "aub_ex_tide"], dice)
    assert sorted(deck) == ["aub_ex_s1", "aub_ex_s2", "aub_ex_tide"] and deck[0] == "aub_ex_tide"
    assert ex.normal_on_top(kingdom, ["aub_ex_s1"], dice) == ["aub_ex_s1"]  # only Specials: nothing to shuffle for


async def test_cipher_right_code_reads_the_paragraph_once(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 756): - Exploration Cipher half: Represents one half of an Exploration Cipher—a code leading to
    a special story passage. Knights can gain the other half from various sources, like game components, but the
    most common source will be their current Quest, found in their Knightbook. With both halves, the player can
    create a full four-digit code that leads to a relevant paragraph in the current Kingdom Codex. If you input a
    wrong Cipher, immediately gain +1 Threat.
    Rulebook (line 914): When you explore a new Kingdom tile with a Cipher on it, you may read all relevant
    paragraphs during the Story step of your current Delve Round. Note: You may read those paragraphs only once per
    Expedition.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert "no Exploration Cipher half" in (await _fail(table, "@kara /delve cipher code:3712"))
    await table.ok("@kara /delve travel direction:west")  # Widow's Causeway: Cipher half 37; Threat 0 after
    assert "37xx or xx37" in (await _fail(table, "@kara /delve cipher code:1234"))
    reply = await table.ok("@kara /delve cipher code:3712")
    assert reply.data["cipher"] == {"code": "3712", "right": True} and "widow's lantern" in reply.text
    assert reply.data["ciphers_read"] == ["3712"]
    assert "already read" in (await _fail(table, "@kara /delve cipher code:3712"))


async def test_cipher_wrong_code_gains_one_threat(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 756): With both halves, the player can create a full four-digit code that leads to a relevant
    paragraph in the current Kingdom Codex. If you input a wrong Cipher, immediately gain +1 Threat.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:west")
    before = (await table.ok("/delve status")).data["track"]["threat"]
    reply = await table.ok("@kara /delve cipher code:9937")
    assert reply.data["cipher"]["right"] is False and "wrong Cipher" in reply.text
    assert reply.data["track"]["threat"] == before + 1


# -- District and Active cards while in play ---------------------------------------------------------------------


def _travel(state: CampaignState, forced: list[int] | None = None, **way: str) -> tuple[CampaignState, str,
                                                                                      dict[str, Any]]:
    result = ENGINE.apply(state, DelveTravel(**way), Dice(seed=3, forced=list(forced or [])))  # type: ignore[arg-type]
    return result.state, "\n".join(texts(result.events)), result.data


def _dest(data: dict[str, Any], tile: str) -> dict[str, Any]:
    return next(d for d in data["destinations"] if d["tile"] == tile and d["kind"] != "fog")


def _in_play(state: CampaignState, district: dict[str, str] | None = None, active: list[str] | None = None,
             top: str = "aub_ex_pilgrim_grave") -> CampaignState:
    """The cards in play, and a card with no effect the bot applies (Scavenge 1, by hand) on top of the deck."""
    state = _top(state, top)
    assert state.delve is not None
    state.delve = state.delve.model_copy(update={"district_effects": district or {}, "active_effects": active or []})
    return state


def _placed_at(explored: list[str], tile: str) -> CampaignState:
    state = started()
    assert state.delve is not None
    delve = delve_with(explored, tile)
    state.delve = delve.model_copy(update={"exploration": state.delve.exploration, "leader": state.delve.leader,
                                           "wheel_tokens": state.delve.wheel_tokens,
                                           "encounter_monsters": state.delve.encounter_monsters})
    return state


def test_salt_fog_makes_each_saltmere_tile_cost_one_more_threat() -> None:
    """Rulebook (line 802): - District: cards with a District effect are placed on the District effect space of the
    Kingdom Sheet. Their effects linger in a particular area of the Kingdom map, and usually cannot be discarded by
    regular means. There can be multiple District effects in play at the same time, but only one per District.
    Rulebook (line 738): - Travel step: As a party, decide which face down tile you want to travel onto, or whether
    you want to Backtrack or Enter the Deep Fog (see The Deep Fog, p. 37).
    """
    state = _in_play(started(), {"saltmere": "aub_ex_salt_fog"})
    status = delve_data(ENGINE, state)
    assert _dest(status, "aub_04")["threat"] == TILES["aub_04"].back.threat + 1  # Widow's Causeway: Saltmere
    assert _dest(status, "aub_02")["threat"] == TILES["aub_02"].back.threat  # Bellwold: no change
    after, text, _ = _travel(state, direction="west")
    assert after.track.threat == TILES["aub_04"].back.threat + 1
    assert "🃏 Salt Fog: entering Widow's Causeway costs Time +0, Threat +1 more." in text
    assert "(applied by the bot)" in text  # the reminder of the District effect where the party is


def test_ash_wind_costs_one_more_time_for_smelters_hollow_only() -> None:
    """Rulebook (line 802): Their effects linger in a particular area of the Kingdom map, and usually cannot be
    discarded by regular means.
    """
    state = _in_play(_placed_at(["aub_01", "aub_02", "aub_08"], "aub_08"), {"cindergate": "aub_ex_ash_wind"})
    status = delve_data(ENGINE, state)
    assert _dest(status, "aub_09")["time"] == TILES["aub_09"].back.time + 1  # Smelter's Hollow
    assert _dest(status, "aub_10")["time"] == TILES["aub_10"].back.time  # another Cindergate tile
    after, _, _ = _travel(state, direction="east")
    assert after.track.time == TILES["aub_09"].back.time + 1


def test_bell_rope_curse_save_when_entering_a_bellwold_tile() -> None:
    """Rulebook (line 722): When required to perform a Curse or a Threat Save, consult your current Curse or Threat
    level (designated by a marker on the Kingdom track) and add the specified value. This is your Curse/Threat Save
    difficulty. Then, simply roll a d10: if the result is lower than the difficulty, you Fail and must resolve the
    negative effect. If it is equal to or higher, you Succeed and do not suffer the consequences.
    """
    for natural, curse in ((2, 0), (1, 1)):  # Curse 0 + 1: difficulty 1 (a natural 1 always fails)
        state = _in_play(started(), {"bellwold": "aub_ex_bell_rope"})
        after, text, _ = _travel(state, forced=[natural], direction="east")  # Tollhouse Ruin: Bellwold
        assert after.track.curse == curse, text
        assert f"Curse Save (Curse 0 +1 = 1): d10 {natural}" in text
    state = _in_play(started(), {"bellwold": "aub_ex_bell_rope"})
    after, text, _ = _travel(state, forced=[1], direction="south")  # Mothgrove Verge: not Bellwold
    assert after.track.curse == 0 and "Curse Save" not in text


def test_iron_hedge_adds_threat_per_thornkeep_tile_backtracked_through() -> None:
    """Rulebook (line 764): Backtracking. If you decide to Backtrack, advance Time by 1, skip the Kingdom Tile step
    and proceed straight to the Exploration step. During a Backtrack, you may move through any number of explored
    Kingdom tiles, but you gain +1 Threat for every Kingdom tile you move through except the first one. Remember,
    regardless of the number of Kingdom tiles you have moved through, always advance Time by 1.
    """
    state = _in_play(_placed_at(["aub_01", "aub_02", "aub_12", "aub_13"], "aub_13"),
                     {"thornkeep": "aub_ex_iron_hedge"})
    back = _dest(delve_data(ENGINE, state), "aub_01")
    assert back["through"] == ["aub_12", "aub_02", "aub_01"] and back["threat"] == 2 + 1  # Thornkeep Gate
    after, text, _ = _travel(state, to="aub_01")
    assert (after.track.time, after.track.threat) == (1, 3), text


def test_hound_spoor_adds_threat_for_three_rounds_then_leaves() -> None:
    """Rulebook (line 803): - Active: cards with an active effect are placed in the Active Effect space of the
    Kingdom Sheet. There is always one Active Effect space on the sheet. If that space is already occupied by another
    Exploration card, discard the newly drawn card instead. Active effects linger either until the players fulfill a
    condition specified on the card, or until a specific number of turns passes.
    """
    state = _top(started(), "aub_ex_hound_spoor")
    assert state.delve is not None
    state.delve = state.delve.model_copy(update={"round": 1})
    ex.exploration_step(CATALOGUE, KINGDOM, state, "bellwold")
    delve = state.delve
    assert delve.active_effects == ["aub_ex_hound_spoor"] and delve.card_rounds == {"aub_ex_hound_spoor": [2, 4]}
    gained = {}
    for rnd in (1, 2, 4, 5):
        at = delve.model_copy(update={"round": rnd})
        gained[rnd] = tr.apply_all(state.track, at, KINGDOM.track, threat=1).track.threat
    assert gained == {1: 1, 2: 2, 4: 2, 5: 1}  # "for the next 3 rounds": rounds 2 to 4
    assert tr.apply_all(state.track, delve.model_copy(update={"round": 3}), KINGDOM.track, threat=-1).track.threat == 0
    kept, texts = ex.expire(KINGDOM, delve.model_copy(update={"round": 4}), "bellwold")
    assert kept.active_effects == ["aub_ex_hound_spoor"] and not texts
    gone, texts = ex.expire(KINGDOM, delve.model_copy(update={"round": 5}), "bellwold")
    assert gone.active_effects == [] and gone.threat_extra == {} and "its rounds are over" in told(texts)[0]
    assert "aub_ex_hound_spoor" in gone.exploration_discard


def test_a_district_card_until_leave_district_leaves_with_the_party() -> None:
    """Rulebook (line 802): Their effects linger in a particular area of the Kingdom map, and usually cannot be
    discarded by regular means.
    """
    leaving = KINGDOM.exploration_card("aub_ex_salt_fog").model_copy(update={"until": "leave_district"})
    kingdom = KINGDOM.model_copy(update={"exploration": [leaving if c.id == leaving.id else c
                                                         for c in KINGDOM.exploration]})
    delve = delve_with(["aub_01"], "aub_01").model_copy(update={"district_effects": {"saltmere": leaving.id}})
    stays, texts = ex.expire(kingdom, delve, "saltmere")
    assert stays.district_effects == {"saltmere": leaving.id} and not texts
    gone, texts = ex.expire(kingdom, delve, "bellwold")
    assert gone.district_effects == {} and "the party left its district" in told(texts)[0]
    # a card that does not say so lingers (rulebook: "usually cannot be discarded by regular means")
    assert ex.expire(KINGDOM, delve, "bellwold")[0].district_effects == {"saltmere": leaving.id}


def test_pilgrims_map_adds_one_clue_the_next_time_then_leaves() -> None:
    """Rulebook (line 803): Active effects linger either until the players fulfill a condition specified on the
    card, or until a specific number of turns passes.
    Rulebook (line 781): Gaining Multiple Clues. If you were to gain more than one Clue token from traveling onto a
    Kingdom tile, determine the type of the first Clue as normal. For every additional Clue, draw the top Minor Mortis
    card, refer to its direction symbol, and gain that Clue as if you were moving in the direction indicated by that
    Mortis card. Then, place that Mortis card on the bottom of the corresponding Mortis deck.
    """
    state = _in_play(started(), active=["aub_ex_pilgrim"])
    after, text, _ = _travel(state, direction="north")  # Chapel of the Quiet Bell: 1 Clue on its back
    assert after.delve is not None
    assert len(after.delve.clues) == TILES["aub_02"].back.clues + 1, text
    assert after.delve.active_effects == [] and "aub_ex_pilgrim" in after.delve.exploration_discard


async def test_kind_stranger_lessens_the_next_vigor_loss(table: Any) -> None:
    """Rulebook (line 803): Active effects linger either until the players fulfill a condition specified on the
    card, or until a specific number of turns passes.
    """
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    state = CampaignState.model_validate(await table.state())
    kid = next(iter(state.knights))
    state = _in_play(state, active=["aub_ex_kind_stranger"])
    vigor = state.knights[kid].stats.vigor
    printed = Printed(text="Lose 2 Vigor.", effects=[{"type": "lose_vigor", "amount": 2}])  # type: ignore[list-item]
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, printed, knights=[kid], who="the Knight", dice=None)
    assert state.knights[kid].stats.vigor == vigor - 1, texts
    assert state.delve is not None and state.delve.active_effects == []
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, printed, knights=[kid], who="the Knight", dice=None)
    assert state.knights[kid].stats.vigor == vigor - 3  # used once: the next loss is whole


def test_fresh_tracks_makes_an_encounter_due_and_the_story_step_waits() -> None:
    """Rulebook (line 861): Encounters trigger from multiple sources, which means they can happen at any time,
    whether you're ready or not! When you are instructed to resolve an Encounter (for example because an Encounter
    Monster token moved onto your tile), finish resolving your current step, then immediately proceed to the
    Encounter.
    Rulebook (line 864): First, check the type of Monster you're facing. If the Encounter trigger does not specify
    the Monster, you face the Monster in your current district, as indicated by the District Wheel.
    """
    state = _top(started(), "aub_ex_tracks")
    assert state.delve is not None
    wheel = dict(state.delve.wheel_tokens)
    after, text, _ = _travel(state, direction="south")  # Mothgrove Verge
    assert after.delve is not None
    district = TILES["aub_15"].district
    if wheel.get(district) is None:
        assert "✋ By hand: resolve an Encounter" in text
        return
    assert after.delve.encounter_due == wheel[district] and after.delve.encounter_token is None
    assert after.delve.resume is not None and after.delve.resume.steps == ["story"]
    assert "the Monster of your district: /encounter start" in text


def test_a_distant_toll_performs_its_curse_save() -> None:
    """Rulebook (line 724): Note: Curse and Threat Saves are not tests and cannot be re-rolled using Heat!"""
    for natural, curse in ((1, 1), (5, 0)):
        state = _top(started(), "aub_ex_bell_toll")
        texts, _ = ex.exploration_step(CATALOGUE, KINGDOM, state, "bellwold", Dice(seed=1, forced=[natural]))
        assert state.track.curse == curse, texts
        assert any("not a test: no Heat re-roll" in t for t in told(texts))
    state = _top(started(), "aub_ex_bell_toll")  # without dice (a step the Deep Fog resumes): shown by hand
    texts, _ = ex.exploration_step(CATALOGUE, KINGDOM, state, "bellwold")
    assert any("`/roll save kind:curse modifier:1`" in t for t in told(texts)) and state.track.curse == 0
