"""The gaps of issue #6 closed (docs/delve-evidence.md): dice passed through the Deep Fog to the Exploration step,
no effect type silently skipped on a Deep Fog card or a Campfire Tale, A Kind Stranger in Encounters and the Deep
Fog, and an Encounter announced with the reason it is due.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.narration import texts
from content.schema.kingdom import Kingdom, Printed
from rules.delve import exploration as ex
from rules.delve import fog as fr
from rules.delve import rest as rr
from rules.delve.actions import DelveTravel, FogAnswer, FogForce
from rules.delve.encounter_handlers import EncounterChoose, EncounterStart
from rules.dice import Dice
from rules.engine import Engine
from rules.state import CampaignState
from tests.conftest import CATALOGUE
from tests.delve._support import KINGDOM, TILES, started, told

CROWN, TOWER, SWORD, SKULL, ROSE = 1, 2, 3, 4, 5
SAVE_FAIL_2_CURSE = {"type": "save", "track": "curse", "plus": 3, "fail": [{"type": "gain_curse", "amount": 2}]}


def _texts(result: Any) -> str:
    return "\n".join(texts(result.events))


def _engine(kingdom: Kingdom) -> Engine:
    catalogue = copy.copy(CATALOGUE)
    catalogue.kingdoms = {**CATALOGUE.kingdoms, kingdom.id: kingdom}
    return Engine(catalogue)


def _grey_mile(*effects: dict[str, Any]) -> Kingdom:
    """The starter Kingdom with The Grey Mile's Grave Penalty replaced by ``effects``."""
    cards = [c.model_copy(update={"grave_penalty": Printed.model_validate(
        {"text": "A test Grave Penalty.", "effects": list(effects)})}) if c.id == "aub_fog_grey_mile" else c
        for c in KINGDOM.deep_fog]
    return KINGDOM.model_copy(update={"deep_fog": cards})


def _top(state: CampaignState, card: str) -> CampaignState:
    assert state.delve is not None
    rest = [c for c in state.delve.exploration if c != card]
    state.delve = state.delve.model_copy(update={"exploration": [card, *rest]})
    return state


def _through_fog(engine: Engine, state: CampaignState, card: str, forced: list[int]) -> tuple[CampaignState, str]:
    """Into the Deep Fog toward Tollhouse Ruin (aub_03, Intensity 1) with ``card`` forced, to the Emergence
    (an Errant Clue); the dice ``forced`` (d10 and d6 values, in order) for whatever the traversal rolls."""
    dice = Dice(seed=4, forced=forced)
    texts: list[str] = []
    for action in (FogForce(cards=[card]), DelveTravel(fog="aub_03")):
        result = engine.apply(state, action, dice)
        state, texts = result.state, [*texts, _texts(result)]
    while state.delve is not None and state.delve.fog is not None and state.delve.fog.pending is not None:
        pending = state.delve.fog.pending
        key = "errant" if pending.kind == "fog_clue" else pending.options[0].key
        result = engine.apply(state, FogAnswer(choice="choose", option=key), dice)
        state, texts = result.state, [*texts, _texts(result)]
    return state, "\n".join(texts)


def test_a_save_drawn_in_the_exploration_step_after_an_emergence_is_rolled() -> None:
    """Rulebook (line 722): When required to perform a Curse or a Threat Save, consult your current Curse or Threat
    level (designated by a marker on the Kingdom track) and add the specified value. This is your Curse/Threat Save
    difficulty. Then, simply roll a d10: if the result is lower than the difficulty, you Fail and must resolve the
    negative effect. If it is equal to or higher, you Succeed and do not suffer the consequences.

    Still Water (value 4) makes a Flawless Traversal; the Emergence's Kingdom Tile step is followed by the Exploration
    step, whose top card, A Distant Toll (Curse Save, Curse Level +1), is rolled with the dice: a natural 1 fails.
    """
    from tests.delve._support import ENGINE

    state = _top(started(), "aub_ex_bell_toll")
    state, text = _through_fog(ENGINE, state, "aub_fog_still_water", [1])
    assert state.delve is not None and state.delve.tile == "aub_03" and state.delve.fog is None
    assert "🎲 Curse Save (Curse 0 +1 = 1): d10 1 — Fail" in text, text
    assert state.track.curse == 1 and "/roll save" not in text


def test_a_deep_fog_grave_penalty_save_is_rolled_and_its_encounter_made_due() -> None:
    """Rulebook (line 852): If your Deep Fog Value is less than 4, you suffer a Minor Penalty. Resolve a chosen Grave
    Penalty effect of a single revealed Deep Fog card from your path. Discard a card with the lowest value from your
    revealed path. Then, shuffle the Deep Fog deck along with the cards you used, take the top card and discard it
    (without revealing it). Proceed to Emergence.

    Rulebook (line 861): Encounters trigger from multiple sources, which means they can happen at any time, whether
    you're ready or not! When you are instructed to resolve an Encounter (for example because an Encounter Monster
    token moved onto your tile), finish resolving your current step, then immediately proceed to the Encounter.

    A Grave Penalty with a Curse Save (typed `save`) and "Resolve an Encounter" (typed `encounter`): neither is
    skipped; the Save is rolled, the Encounter is due once the party is out of the Deep Fog.
    """
    engine = _engine(_grey_mile(SAVE_FAIL_2_CURSE, {"type": "encounter"}))
    state = _top(started(), "aub_ex_wax_seal")
    assert state.delve is not None
    district = TILES["aub_01"].district
    state.delve = state.delve.model_copy(update={"wheel_tokens": {district: "enc_stag_i"}})
    state, text = _through_fog(engine, state, "aub_fog_grey_mile", [1])
    assert "☠ Grave Penalty of The Grey Mile" in text and "🎲 Curse Save (Curse 0 +3 = 3): d10 1 — Fail" in text, text
    assert state.track.curse == 2, text  # a natural 1 fails
    assert state.delve is not None and state.delve.encounter_due == "enc_stag_i"
    assert state.delve.encounter_cause == "the Grave Penalty of The Grey Mile"
    assert state.delve.resume is not None  # the Exploration and Story steps wait for the Encounter


def test_apply_printed_never_skips_an_effect_silently() -> None:
    """Rulebook (line 854): Note: All effects are considered to be resolved with the Party Leader as the Target.

    The Deep Fog's own resolver (``fog.apply_printed``) resolves the track, the Half-cup and the Knights; any other
    effect type it is given is shown to apply by hand, never dropped.
    """
    state = started()
    printed = Printed.model_validate({"text": "Perform a Curse Save; then an Adventure.",
                                      "effects": [SAVE_FAIL_2_CURSE, {"type": "adventure"}, {"type": "half_cup"}]})
    texts, _ = fr.apply_printed(CATALOGUE, KINGDOM, state, printed, knights=[], who="the Party Leader")
    assert len(texts) == 3 and all(t.startswith("✋ By hand") for t in told(texts)), texts
    assert state.track.curse == 0


def test_a_campfire_tale_with_a_save_is_rolled() -> None:
    """Rulebook (line 1601): To resolve Campfire Tales, roll on the Campfire Tales table in the Kingdom Codex, adding
    the highest Rapport between any two Knights in your party to the result, then read the tale you rolled, if any.

    A tale whose bonus asks for a Curse Save: the Save is rolled with the Rest's dice (not skipped).
    """
    assert KINGDOM.campfire is not None
    tales = [t.model_copy(update={"low": 1, "high": 40, "bonus": Printed.model_validate(
        {"text": "Perform a Curse Save; on a Fail gain 2 Curse.", "effects": [SAVE_FAIL_2_CURSE]})})
        for t in KINGDOM.campfire.tales[:1]]
    kingdom = KINGDOM.model_copy(update={"campfire": KINGDOM.campfire.model_copy(update={"tales": tales})})
    state = started()
    data, texts = rr.campfire_tale(CATALOGUE, kingdom, state, [], Dice(seed=1, forced=[5, 1]))
    assert data is not None and data["tale"] is not None
    assert state.track.curse == 2 and any("🎲 Curse Save" in t for t in told(texts)), texts


async def _party_state(table: Any) -> CampaignState:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:lanternbearer name:"Ser Brann"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    return CampaignState.model_validate(await table.state())


async def test_a_kind_stranger_lessens_a_vigor_loss_in_an_encounter(table: Any) -> None:
    """Rulebook (line 803): - Active: cards with an active effect are placed in the Active Effect space of the Kingdom
    Sheet. There is always one Active Effect space on the sheet. If that space is already occupied by another
    Exploration card, discard the newly drawn card instead. Active effects linger either until the players fulfill a
    condition specified on the card, or until a specific number of turns passes.

    A Kind Stranger: "the next time a Knight would lose Vigor during the Delve, they lose 1 less". The Stag at level 2
    (lose 3 Vigor) targets Ser Sonch on B5 (his Armor die shows crown: no block): he loses 2, the card is discarded,
    and Ser Brann on C6, hit next, loses the whole 3.
    """
    from tests.delve._support import ENGINE

    state = await _party_state(table)
    assert state.delve is not None
    state.delve = state.delve.model_copy(update={"active_effects": ["aub_ex_kind_stranger"]})
    dice = Dice(seed=2, forced=[CROWN, ROSE, SWORD, SKULL, CROWN, CROWN])
    result = ENGINE.apply(state, EncounterStart(card="enc_stag_i", level=2), dice)
    for space in ("B5", "C6"):
        result = ENGINE.apply(result.state, EncounterChoose(options=[space]), dice)
    after = result.state
    assert after.delve is not None
    text = _texts(result)
    assert "A Kind Stranger: the Vigor loss is 1 less (3 → 2)" in text, text
    assert after.knights["ser-sonch"].stats.vigor == state.knights["ser-sonch"].stats.vigor - 2
    assert after.knights["ser-brann"].stats.vigor == state.knights["ser-brann"].stats.vigor - 3
    assert after.delve.active_effects == [] and "aub_ex_kind_stranger" in after.delve.exploration_discard


def test_a_kind_stranger_lessens_a_deep_fog_vigor_loss() -> None:
    """Rulebook (line 854): Note: All effects are considered to be resolved with the Party Leader as the Target.

    A Grave Penalty "the Party Leader loses 2 Vigor" with A Kind Stranger in play: the Party Leader loses 1.
    """
    engine = _engine(_grey_mile({"type": "lose_vigor", "amount": 2}))
    state = _top(started(), "aub_ex_wax_seal")
    assert state.delve is not None
    state.delve = state.delve.model_copy(update={"active_effects": ["aub_ex_kind_stranger"]})
    state = _with_knight(state)
    kid = next(iter(state.knights))
    vigor = state.knights[kid].stats.vigor
    dice = Dice(seed=4)
    text = ""
    for action in (FogForce(cards=["aub_fog_grey_mile"]), DelveTravel(fog="aub_03", leader=kid)):
        result = engine.apply(state, action, dice)
        state, text = result.state, text + _texts(result)
    while state.delve is not None and state.delve.fog is not None and state.delve.fog.pending is not None:
        pending = state.delve.fog.pending
        key = "errant" if pending.kind == "fog_clue" else pending.options[0].key
        result = engine.apply(state, FogAnswer(choice="choose", option=key), dice)
        state, text = result.state, text + _texts(result)
    assert "A Kind Stranger: the Vigor loss is 1 less (2 → 1)" in text, text
    assert state.knights[kid].stats.vigor == vigor - 1


def _with_knight(state: CampaignState) -> CampaignState:
    from rules.knights.actions import KnightCreate
    from tests.delve._support import ENGINE

    return ENGINE.apply(state, KnightCreate(content="lanternbearer", name="Ser Sonch", owner="kara"),
                        Dice(seed=9)).state


async def test_fresh_tracks_encounter_is_announced_as_the_cards(table: Any) -> None:
    """Rulebook (line 861): Encounters trigger from multiple sources, which means they can happen at any time, whether
    you're ready or not! When you are instructed to resolve an Encounter (for example because an Encounter Monster
    token moved onto your tile), finish resolving your current step, then immediately proceed to the Encounter.

    Fresh Tracks ("Resolve an Encounter") drawn in the Exploration step: the Encounter says the card called for it,
    not that a token met the party.
    """
    from tests.delve._support import ENGINE

    state = _top(await _party_state(table), "aub_ex_tracks")
    assert state.delve is not None
    district = TILES["aub_01"].district
    state.delve = state.delve.model_copy(update={"wheel_tokens": {district: "enc_stag_i"}})
    texts, _ = ex.exploration_step(CATALOGUE, KINGDOM, state, district, Dice(seed=1))
    assert state.delve.encounter_due == "enc_stag_i", texts
    assert state.delve.encounter_cause == "the Exploration card Fresh Tracks"
    result = ENGINE.apply(state, EncounterStart(level=1), Dice(seed=1, forced=[CROWN, ROSE, SKULL, SKULL]))
    text = _texts(result)
    assert "the Exploration card Fresh Tracks called for it" in text and "its token met the party" not in text


def test_every_knight_dead_loses_the_expedition() -> None:
    """Rulebook (line 816): - All Knights being dead at any point of the game, at the same time (in a rare case, story
    may override that rule); note that this includes Clashes! (see Clash Phase on p. 42).
    """
    from rules.delve.actions import DelveAdjust, DelveGain
    from rules.delve.results import every_knight_dead
    from tests.delve._support import ENGINE

    state = _with_knight(started())
    kid = next(iter(state.knights))
    alive = ENGINE.apply(state, DelveGain(threat=1), Dice(seed=1)).state
    assert not alive.track.lost
    state.knights[kid] = state.knights[kid].model_copy(update={"dead": True})
    result = ENGINE.apply(state, DelveGain(threat=1), Dice(seed=1))
    assert result.state.track.lost and result.state.delve is not None
    assert result.state.delve.lost_reason == "every Knight is dead"
    assert "The Expedition is lost" in _texts(result)
    cleared = ENGINE.apply(result.state, DelveAdjust(lost=False), Dice(seed=1)).state  # a story overrides it
    assert not cleared.track.lost
    assert not ENGINE.apply(cleared, DelveGain(threat=1), Dice(seed=1)).state.track.lost
    nobody = started()  # a Delve without Knights (the GM's tests) is not lost
    assert every_knight_dead(nobody) == [] and not nobody.track.lost


async def test_the_gm_sets_the_exploration_deck_order(table: Any) -> None:
    """Rulebook (line 797): To resolve the Exploration step, simply draw the top card from the Exploration deck and
    resolve its effect. Note that some Exploration cards have an additional effect that triggers based on your Threat
    or Curse level.

    The GM's `/delve adjust exploration:` (issue #6: "GM-only `/delve adjust` (track values, tokens, deck order,
    wheel)") puts the named cards on top; the next Exploration step draws the first.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    reply = await table.ok("/delve adjust exploration:aub_ex_wax_seal,aub_ex_bell_toll")
    assert "top 2 card(s) of the Exploration deck are set by the GM" in reply.text
    assert "Wax Seal" not in reply.text  # the order is announced, not the cards
    state = await table.state()
    assert state["delve"]["exploration"][:2] == ["aub_ex_wax_seal", "aub_ex_bell_toll"]
    reply = await table.ok("@kara /delve travel direction:north")
    assert "A Broken Wax Seal" in reply.text
    refused = await table("/delve adjust exploration:aub_ex_wax_seal")  # drawn: not in the deck any more
    assert not refused.ok and "not in it: aub_ex_wax_seal" in (refused.error or "")
    not_gm = await table("@kara /delve adjust exploration:aub_ex_bell_toll")
    assert not not_gm.ok


async def test_the_curse_save_example_cannot_be_rerolled_with_heat(table: Any) -> None:
    """Rulebook (line 723): Example: To resolve a Curse Save (Curse Level +2), while at Curse Level 3, you must roll 5
    or higher to succeed.

    Rulebook (line 724): Note: Curse and Threat Saves are not tests and cannot be re-rolled using Heat!
    """
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/delve gain curse:3")
    await table.ok("/gm force-next values:4")
    fail = await table.ok("@kara /roll save kind:curse modifier:2")
    assert fail.data["difficulty"] == 5 and fail.data["success"] is False
    refused = await table("@kara /roll reroll dice:1")
    assert not refused.ok, refused.text
    await table.ok("/gm force-next values:5")
    assert (await table.ok("@kara /roll save kind:curse modifier:2")).data["success"] is True


async def test_the_deep_fog_targets_the_delves_party_leader_by_default(table: Any) -> None:
    """Rulebook (line 854): Note: All effects are considered to be resolved with the Party Leader as the Target.

    With no `leader:` on entering, the Party Leader of the Delve (`/delve start leader:`, default the first living
    Knight) is the Target: The Grey Mile's Grave Penalty is applied to Ser Sonch, not shown for the table.
    """
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/fog force cards:aub_fog_still_water,aub_fog_grey_mile")
    entered = await table.ok("@kara /delve travel fog:aub_02")
    assert entered.data["fog"]["leader"] == "ser-sonch"
    reply = await table.ok("@kara /fog stay")  # 4 + 1 = 5: a Grave Penalty
    assert "✋ the Party Leader" not in reply.text and "Ser Sonch" in reply.text


async def test_a_cipher_is_read_only_in_the_round_its_tile_was_explored(table: Any) -> None:
    """Rulebook (line 914): When you explore a new Kingdom tile with a Cipher on it, you may read all relevant
    paragraphs during the Story step of your current Delve Round. Note: You may read those paragraphs only once per
    Expedition.

    Widow's Causeway (aub_04, Cipher half 37) explored in round 1; the party Backtracks away and back onto it: in
    round 3 its Cipher is no longer read, and a code typed then costs no Threat.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:west")  # round 1: explored
    state = await table.state()
    assert state["delve"]["explored_in"]["aub_04"] == 1
    await table.ok("@kara /delve travel direction:east")  # round 2: a Backtrack
    back = await table.ok("@kara /delve travel direction:west")  # round 3: a Backtrack onto it
    threat = back.data["track"]["threat"]
    refused = await table("@kara /delve cipher code:3712")
    assert not refused.ok and "round the tile was explored (round 1)" in (refused.error or "")
    assert (await table.ok("/delve status")).data["track"]["threat"] == threat
