"""Engine handlers of the Delve: start a Delve on a Kingdom, travel, and the GM's track commands.

A Delve round here is the Travel step and the Kingdom Tile step (back, reveal, neighbours, Hunt
Spaces, front), then the Exploration card drawn and shown, then the Story step's Time prompts
(docs/delve.md says what is still resolved by hand).
"""

from __future__ import annotations

from typing import Any

from content.schema.kingdom import Kingdom
from rules import rolls
from rules.coverage import implements
from rules.decision_ids import next_number
from rules.delve import delve_facts as df
from rules.delve import exploration as ex
from rules.delve import fog_handlers, kingdom_mortis
from rules.delve import kingdom_map as kmap
from rules.delve import monsters as mon
from rules.delve import track as tr
from rules.delve.actions import (
    DelveAdjust,
    DelveCipher,
    DelveContinue,
    DelveDiscard,
    DelveGain,
    DelveReveal,
    DelveRoute,
    DelveStart,
    DelveTravel,
)
from rules.delve.delve_facts import DelveBegins, PartyPlaced, TileShownUnexplored
from rules.delve.results import (
    apply_track,
    current,
    delve_result,
    destinations,
    kingdom_of,
    party_leader,
    travel_id,
)
from rules.delve.state import DelveState, HinderingToken
from rules.delve.tile_step import after_tile, backtrack, kingdom_tile_step
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.facts import said
from rules.state import CampaignState

# -- lookups -----------------------------------------------------------------------------------


# -- handlers ----------------------------------------------------------------------------------


@implements(
    "Kingdom Setup",
    status="assisted",
    tests=["tests/delve/test_map.py::test_start_places_the_starting_tile_and_its_neighbours_face_down"],
    note="the bot lays the starting tile and its face-down neighbours, zeroes the track, shuffles the "
    "Exploration deck (the Kingdom's Deep Fog deck is formed at the first traversal), shuffles the Kingdom's Mortis "
    "cards in (rules/delve/kingdom_mortis.py) and runs Monster Setup",
)
@handles(DelveStart)
def delve_start(engine: Engine, state: CampaignState, act: DelveStart, dice: Dice) -> Result:
    kingdom, tiles = kingdom_of(engine, act.kingdom)
    texts = [said(DelveBegins(kingdom=kingdom.name))]
    if act.start is not None:
        if act.start not in kingdom.starting_tiles:
            raise RuleError(f"{act.start!r} is not a starting tile of {kingdom.name}; use one of: "
                            f"{', '.join(kingdom.starting_tiles)}")
        start = act.start
    elif len(kingdom.starting_tiles) == 1:
        start = kingdom.starting_tiles[0]
    else:
        start, _ = rolls.random_element(dice, list(kingdom.starting_tiles), "starting tile")
        texts.append(said(df.StartingTileRandom(tiles=list(kingdom.starting_tiles))))
    delve = DelveState(kingdom=kingdom.id, tile=start, explored=[start],
                       exploration=ex.normal_on_top(kingdom, dice.shuffle([c.id for c in kingdom.exploration]), dice))
    placement = kmap.place_neighbours(delve, tiles, start)
    state.delve = placement.delve
    state.track = state.track.model_copy(update={"threat": 0, "curse": 0, "time": 0, "lost": False})
    tile = tiles[start]
    texts.append(said(PartyPlaced(tile=tile.name, tile_id=start, district=kingdom.district(tile.district).name,
                                  placed=list(placement.placed))))
    leader, tier = party_leader(state, act.leader)
    texts.append(said(df.DelveLeader(knight=state.knights[leader].name if leader else "", tier=tier)))
    box = mon.lowest_marked_box(state.knights[leader].sheet) if leader else None
    delve, more = mon.monster_setup(kingdom, state.delve.model_copy(update={"leader": leader}), tier, dice,  # type: ignore[arg-type]
                                    box)
    state.delve = delve
    texts += more + kingdom_mortis.shuffle_in(engine, state, kingdom, dice)
    return delve_result(engine, state, texts)


@implements(
    "Delve Rounds",
    tests=["tests/delve/test_track.py::test_time_stops_at_16_and_records_8_and_16",
           "tests/delve/test_whole_delve.py::test_a_whole_delve_script"],
    note="each `/delve travel` starts a round; Time on the track counts the hours, 16 at most",
)
@implements(
    "Delve Round Steps",
    tests=["tests/delve/test_commands.py::test_travel_resolves_the_back_then_reveals_and_places_neighbours",
           "tests/delve/test_monster_tokens.py::test_after_the_encounter_the_round_continues"],
    note="Travel, the Kingdom Tile step a-e (skipped by a Backtrack), the Exploration step, the Story step, in order",
)
@implements(
    "Delve Phase",
    tests=["tests/delve/test_whole_delve.py::test_a_whole_delve_script",
           "tests/delve/test_whole_delve.py::test_a_whole_delve_through_the_deep_fog_and_an_encounter"],
    note="the two Delve Phases are one Delve on the Kingdom map; Time does not reset between them",
)
@handles(DelveTravel)
def delve_travel(engine: Engine, state: CampaignState, act: DelveTravel, dice: Dice) -> Result:
    delve, kingdom, tiles = current(engine, state)
    if state.track.lost:
        raise RuleError(f"the Expedition is lost ({delve.lost_reason or 'GM'}); no more travel this Delve")
    if delve.resting:
        raise RuleError("the Rest Phase waits after its Rest Abilities step: play the Rest Techniques, then `/rest` "
                        "again to finish it before travelling on")
    if act.decision is not None and act.decision != travel_id(state):
        raise RuleError(f"decision {act.decision} is no longer waiting: the party is at the Travel step of round "
                        f"{delve.round + 1} now ({travel_id(state)}); nothing was changed")
    if delve.fog is not None:
        raise RuleError("the party is in the Deep Fog: answer with `/fog stay`, `/fog withdraw`, `/fog correct` or "
                        "`/fog choose` (`/fog status` shows what it waits for)")
    delve, settled = mon.settle_finished(delve, kingdom)
    _encounter_first(delve, kingdom)
    next_number(state, delve.round)  # the Travel step's id is spent (rules/decision_ids.py)
    delve = delve.model_copy(update={"round": delve.round + 1})
    delve, expired = ex.expire(kingdom, delve, tiles[delve.tile].district)
    options = destinations(delve.model_copy(update={"round": delve.round - 1}), kingdom, tiles)
    if not options:
        change = tr.TrackChange(track=state.track, delve=delve)
        tr.lose_expedition(change, "the party cannot resolve the Travel step (no legal path)")
        apply_track(state, change)
        return delve_result(engine, state, change.texts)
    dest = _choose(act, options)
    state.delve = delve
    settled = [*settled, *expired]
    if dest.kind == "fog":
        result = fog_handlers.enter_fog(engine, state, kingdom, tiles, dest, act, dice)
    elif dest.kind == "backtrack":
        result = backtrack(engine, state, kingdom, dest, dice)
    else:
        result = kingdom_tile_step(engine, state, kingdom, tiles, dest, dice=dice)
    if settled:
        result = result.model_copy(update={"events": [*(Event(kind="delve", text=t) for t in settled),
                                                      *result.events]})
    return result


def _encounter_first(delve: DelveState, kingdom: Kingdom) -> None:
    if delve.token_choice is not None:
        raise RuleError(f"an Encounter Monster token waits for the party to choose its tile: `/delve route "
                        f"decision:{delve.token_choice.id} option:<tile>` ({', '.join(delve.token_choice.options)})")
    if delve.encounter_due is not None:
        name = mon.name_of(delve, kingdom, delve.encounter_due)
        raise RuleError(f"an Encounter with {name} must be resolved first: `/encounter start` (the GM can cancel it "
                        "with `/delve adjust clear_encounter:true`)")
    if delve.resume is not None:
        raise RuleError("the round is not over: `/delve continue` resolves its remaining steps "
                        f"({', '.join(delve.resume.steps)}) now that the Encounter is done")


def _choose(act: DelveTravel, options: list[kmap.Destination]) -> kmap.Destination:
    def listing() -> str:
        return "; ".join(f"{d.kind} {d.tile}" + (f" ({d.direction})" if d.direction else "") for d in options)

    if [act.direction, act.to, act.fog].count(None) != 2:
        raise RuleError(f"give one of `direction:`, `to:` or `fog:`; the legal destinations are: {listing()}")
    if act.fog is None and (act.trailmake is not None or act.wander or act.leader is not None):
        raise RuleError("`trailmake:`, `wander:` and `leader:` are for entering the Deep Fog with `fog:<tile>`")
    if act.fog is not None:
        fog = [d for d in options if d.tile == act.fog and d.kind == "fog"]
        if not fog:
            why = "" if any(d.kind == "fog" for d in options) else " (the party's tile has no Deep Fog path)"
            raise RuleError(f"you cannot enter the Deep Fog toward {act.fog!r}{why}; "
                            f"the legal destinations are: {listing()}")
        return fog[0]
    if act.to is not None:
        found = [d for d in options if d.tile == act.to and d.kind != "fog"]
        if not found:
            raise RuleError(f"you cannot travel to {act.to!r} from here; the legal destinations are: {listing()}")
        return found[0]
    found = [d for d in options if d.direction == act.direction and d.kind == "explore"]
    found = found or [d for d in options if d.direction == act.direction and len(d.through) == 1]
    if not found:
        raise RuleError(f"there is no path {act.direction} to travel along; the legal destinations are: {listing()}")
    return found[0]


@implements(
    "Encounter Monsters Spawn and Movement",
    tests=["tests/delve/test_monster_tokens.py::test_a_tie_asked_at_step_d_waits_and_the_round_continues"],
    note="a tie between shortest paths, the tile next to the Party marker and the spawn's adjacent tile are the "
    "party's choice (`/delve route`)",
)
@handles(DelveRoute)
def delve_route(engine: Engine, state: CampaignState, act: DelveRoute, dice: Dice) -> Result:
    """The party's choice of a token's tile; the spawns and movement go on, then the meeting check. A round that
    waited for it goes on with `/delve continue`."""
    delve, kingdom, tiles = current(engine, state)
    delve, texts = mon.choose(delve, kingdom, tiles, act.decision, act.option, ids=mon.route_ids(state))
    state.delve = delve
    if delve.token_choice is None and delve.resume is not None:
        texts.append(said(df.RoundGoesOn(how="continue")))
    return delve_result(engine, state, texts)


@handles(DelveContinue)
def delve_continue(engine: Engine, state: CampaignState, act: DelveContinue, dice: Dice) -> Result:
    """Back to the round the Encounter interrupted: "When you're done resolving the Encounter, return to the Phase
    and step you were previously in"."""
    delve, kingdom, _ = current(engine, state)
    resume = delve.resume
    if resume is None:
        raise RuleError("no step of the round is waiting for an Encounter; the next step is `/delve travel`")
    if delve.token_choice is not None:
        raise RuleError(f"an Encounter Monster token waits for the party to choose its tile first: `/delve route "
                        f"decision:{delve.token_choice.id} option:<tile>` ({', '.join(delve.token_choice.options)})")
    delve, texts = mon.settle_finished(delve, kingdom)
    if delve.encounter_due is not None:
        name = mon.name_of(delve, kingdom, delve.encounter_due)
        raise RuleError(f"the Encounter with {name} is not resolved yet: `/encounter start` (the GM can cancel it "
                        "with `/delve adjust clear_encounter:true`)")
    state.delve = delve.model_copy(update={"resume": None})
    texts.append(said(df.RoundGoesOn(how="resumed")))
    return after_tile(engine, state, kingdom, texts, list(resume.time_reached), dice=dice,
                       steps=tuple(resume.steps))


@implements(
    "Expedition Loss Conditions",
    status="assisted",
    tests=[
        "tests/delve/test_track.py::test_threat_past_the_maximum_loses_the_expedition",
        "tests/delve/test_commands.py::test_drawing_from_an_empty_exploration_deck_loses",
        "tests/delve/test_commands.py::test_no_legal_travel_loses",
        "tests/delve/test_fog.py::test_running_out_of_deep_fog_cards_loses_the_expedition",
        "tests/delve/test_delve_gaps.py::test_every_knight_dead_loses_the_expedition",
    ],
    note="Threat/Curse over the maximum, an empty Exploration deck, no legal Travel, running out of Deep Fog "
    "cards and every Knight dead after a Delve, Deep Fog, Rest or Encounter action are automated; a Clash's dead "
    "party and story losses are by hand (`/delve adjust lost:true`)",
)
@handles(DelveGain)
def delve_gain(engine: Engine, state: CampaignState, act: DelveGain, dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    change = tr.apply_all(state.track, delve, kingdom.track, time=act.time, threat=act.threat, curse=act.curse)
    apply_track(state, change)
    texts = change.texts or [said(df.NothingChanges())]
    return delve_result(engine, state, texts + tr.story_prompts(change.time_reached),
                   hunts=[h.model_dump() for h in change.hunts], spawn=change.spawn,
                   curse_paragraph=change.curse_paragraph)


@handles(DelveAdjust)
def delve_adjust(engine: Engine, state: CampaignState, act: DelveAdjust, dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    values = {k: v for k, v in (("threat", act.threat), ("curse", act.curse), ("time", act.time), ("lost", act.lost))
              if v is not None}
    monster_texts = _adjust_monsters(engine, state, act)
    delve = state.delve or delve
    if act.hinder is not None or act.tile is not None or act.side is not None or act.remove is not None:
        monster_texts += _adjust_hindering(state, act)
        delve = state.delve or delve
    if act.exploration is not None:
        delve, text = _order_exploration(delve, act.exploration)
        state.delve = delve
        monster_texts.append(text)
    if not values and act.shortcuts is None:
        if monster_texts:
            return delve_result(engine, state, monster_texts)
        raise RuleError("give at least one of threat:, curse:, time:, lost:, shortcuts:, token: (with to:), "
                        "rotation:, clear_encounter:, hinder: (with tile:), exploration:")
    state.track = state.track.model_copy(update=values)
    update: dict[str, Any] = {}
    if act.shortcuts is not None:
        update["shortcuts"] = act.shortcuts
    if act.lost is False:
        update["lost_reason"] = None
    elif act.lost:
        update["lost_reason"] = delve.lost_reason or "the GM ended the Expedition"
    state.delve = delve.model_copy(update=update)
    shown = [(k, f"{v}") for k, v in {**values, **update}.items()]
    return delve_result(engine, state, [*monster_texts, said(df.GmAdjusted(values=shown))])


def _order_exploration(delve: DelveState, cards: list[str]) -> tuple[DelveState, str]:
    """GM: the named Exploration cards go on top of the deck in that order (the deck order of issue #6's
    `/delve adjust`); each must be in the deck (not discarded, not in play)."""
    missing = [c for c in cards if c not in delve.exploration]
    if missing or len(set(cards)) != len(cards):
        raise RuleError(f"exploration: every card once, each still in the Exploration deck; not in it: "
                        f"{', '.join(missing) or 'a card named twice'} (the deck holds {len(delve.exploration)} cards)")
    rest = [c for c in delve.exploration if c not in cards]
    return (delve.model_copy(update={"exploration": [*cards, *rest]}),
            said(df.GmExplorationSet(count=len(cards))))


def _adjust_hindering(state: CampaignState, act: DelveAdjust) -> list[str]:
    """GM: place or remove a Hindering token ("Some can be removed by specific means, while others are permanent")."""
    assert state.delve is not None
    delve = state.delve
    if act.hinder is None or act.tile is None:
        raise RuleError("give `hinder:` (single_panzergate, triple_panzergate, deep_fog, flood, rubble) and `tile:` "
                        "together, with `side:` for a Panzergate's path")
    if act.tile not in delve.placed():
        raise RuleError(f"{act.tile!r} is not a tile on the table; use one of {', '.join(delve.placed())}")
    if act.hinder.endswith("panzergate") and act.side is None:
        raise RuleError("a Panzergate lies on a path: give `side:` (north, east, south, west)")
    token = HinderingToken(kind=act.hinder, tile=act.tile, direction=act.side)
    name = kmap.GATES[act.hinder]
    where = f"{act.tile}" + (f" ({act.side} path)" if act.side else "")
    if act.remove:
        if token not in delve.hindering:
            shown = ", ".join(f"{t.kind} {t.tile} {t.direction or ''}".strip() for t in delve.hindering) or "none"
            raise RuleError(f"there is no {name} on {where}; on the map: {shown}")
        state.delve = delve.model_copy(update={"hindering": [t for t in delve.hindering if t != token]})
        return [said(df.GmHindering(kind=act.hinder, tile=act.tile, side=act.side, removed=True))]
    if token in delve.hindering:
        raise RuleError(f"a {name} already lies on {where}")
    state.delve = delve.model_copy(update={"hindering": [*delve.hindering, token]})
    return [said(df.GmHindering(kind=act.hinder, tile=act.tile, side=act.side))]


def _adjust_monsters(engine: Engine, state: CampaignState, act: DelveAdjust) -> list[str]:
    """GM: move a Monster's map token, perform a Rotation, cancel the Encounter due (announced, no other rule)."""
    delve, kingdom, tiles = current(engine, state)
    texts: list[str] = []
    if (act.token is None) != (act.to is None):
        raise RuleError("give `token:` (an Encounter Monster card id) and `to:` (a tile id on the table, or off) "
                        "together")
    if act.token is not None and act.to is not None:
        wanted = act.token.strip().lower()
        found = next((m for m in delve.encounter_monsters if wanted in (m.card, m.monster, m.name.lower())), None)
        if found is None:
            shown = ", ".join(f"{m.card} ({m.name})" for m in delve.encounter_monsters) or "none this Expedition"
            raise RuleError(f"no Encounter Monster of this Expedition is {act.token!r}; they are: {shown}")
        to = None if act.to.strip().lower() == "off" else act.to.strip()
        if to is not None and to not in delve.placed():
            raise RuleError(f"{to!r} is not a tile on the table; use one of {', '.join(delve.placed())}, or off")
        delve = mon.place_token(delve, found.card, to)
        texts.append(said(df.GmToken(monster=found.name, tile=to)))
        delve, more = mon.meet(delve, kingdom)
        texts += more
    if act.rotation is not None:
        delve = mon.rotate(delve, kingdom, act.rotation)
        texts.append(said(df.GmRotation(amount=act.rotation, wheel=mon.wheel_spaces(delve, kingdom))))
    if act.clear_encounter:
        if delve.encounter_due is None:
            raise RuleError("no Encounter is due")
        token = delve.encounter_token == delve.encounter_due
        texts.append(said(df.GmEncounterCancelled(monster=mon.name_of(delve, kingdom, delve.encounter_due),
                                                  token=token)))
        if token:
            delve = mon.place_token(delve, delve.encounter_due, None)
        delve = delve.model_copy(update={"encounter_due": None, "encounter_token": None, "encounter_cause": None})
    state.delve = delve
    return texts


@handles(DelveReveal)
def delve_reveal(engine: Engine, state: CampaignState, act: DelveReveal, dice: Dice) -> Result:
    delve, _, tiles = current(engine, state)
    state.delve = kmap.reveal(delve, act.tile)
    tile = tiles[act.tile]
    back = tile.back
    return delve_result(engine, state, [said(TileShownUnexplored(tile_id=act.tile, tile=tile.name, time=back.time,
                                                                threat=back.threat, clues=back.clues))])


@implements(
    "Exploration Ciphers", status="assisted",
    tests=["tests/delve/test_delve_gaps.py::test_a_cipher_is_read_only_in_the_round_its_tile_was_explored"],
    note="the Cipher of a tile is read in the round the tile was explored (a later round or a Backtrack onto it: "
    "refused)",
)
@handles(DelveCipher)
def delve_cipher(engine: Engine, state: CampaignState, act: DelveCipher, dice: Dice) -> Result:
    """An Exploration Cipher read on the party's tile (rules/delve/exploration.py)."""
    delve, kingdom, tiles = current(engine, state)
    if state.track.lost:
        raise RuleError("the Expedition is lost; no Cipher can be read")
    if delve.fog is not None:
        raise RuleError("the party is in the Deep Fog; read the Cipher once on the tile (after Emergence)")
    explored = delve.explored_in.get(delve.tile)  # None: a state saved before the round was recorded
    if explored is not None and explored != delve.round and tiles[delve.tile].cipher is not None:
        raise RuleError(f"the Cipher of {tiles[delve.tile].name} is read in the Story step of the round the tile was "
                        f"explored (round {explored}); it is round {delve.round} now")
    knight = None
    if act.knight is not None:
        knight, _ = party_leader(state, act.knight)
    texts, reached, right = ex.cipher(engine.catalogue, kingdom, tiles[delve.tile], state, act.code, knight)
    return delve_result(engine, state, texts + tr.story_prompts(reached), cipher={"code": act.code, "right": right})


@handles(DelveDiscard)
def delve_discard(engine: Engine, state: CampaignState, act: DelveDiscard, dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    state.delve, text = ex.discard(kingdom, delve, act.card)
    return delve_result(engine, state, [text])
