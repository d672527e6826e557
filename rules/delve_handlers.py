"""Engine handlers of the Delve: start a Delve on a Kingdom, travel, and the GM's track commands.

A Delve round here is the Travel step and the Kingdom Tile step (back, reveal, neighbours, Hunt
Spaces, front), then the Exploration card drawn and shown, then the Story step's Time prompts
(docs/delve.md says what is still resolved by hand).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.kingdom import ClueType, Kingdom, KingdomTile, Printed
from rules import rolls
from rules.coverage import implements
from rules.delve import clues as clue_rules
from rules.delve import exploration as ex
from rules.delve import fog as fog_rules
from rules.delve import kingdom_map as kmap
from rules.delve import kingdom_mortis
from rules.delve import monsters as mon
from rules.delve import track as tr
from rules.delve.delve_facts import (
    DelveBegins,
    PartyBacktracks,
    PartyMoves,
    PartyPlaced,
    PointOfInterest,
    TileRevealed,
    TileShownUnexplored,
)
from rules.delve.state import DelveState, HinderingToken, Resume
from rules.dice import Dice
from rules.engine import Decision, Engine, Event, Result, handles
from rules.errors import RuleError
from rules.facts import random_targets_said, said
from rules.knights.find import find_knight
from rules.state import CampaignState

Id = str
Dir = Literal["north", "east", "south", "west"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DelveStart(_Action):
    type: Literal["delve_start"] = "delve_start"
    kingdom: str = Field(min_length=1, max_length=64)
    start: str | None = Field(None, max_length=64, description="a starting tile; empty: one at random")
    leader: str | None = Field(None, max_length=64, description="the Party Leader (Knight name or id); empty: the "
                               "Expedition's Party Leader, else the first Knight of the campaign")


class DelveTravel(_Action):
    type: Literal["delve_travel"] = "delve_travel"
    direction: Dir | None = None
    to: str | None = Field(None, max_length=64)
    fog: str | None = Field(None, max_length=64, description="enter the Deep Fog toward this Unexplored tile")
    trailmake: int | None = Field(None, ge=1, le=14, description="Deep Fog: Trailmake X at the start of traversal")
    wander: int = Field(0, ge=0, le=5, description="Deep Fog: Wander uses the party has for this traversal")
    leader: str | None = Field(None, max_length=64, description="Deep Fog: the Party Leader (Knight name or id)")
    decision: str | None = Field(None, max_length=24, description=(
        "the Travel step answered (``travel<n>``, ``travel_decision``): refused once the party has travelled since"))


class DelveAdjust(_Action):
    """GM: set track values (no rules run)."""

    type: Literal["delve_adjust"] = "delve_adjust"
    threat: int | None = Field(None, ge=0, le=30)
    curse: int | None = Field(None, ge=0, le=30)
    time: int | None = Field(None, ge=0, le=40)
    lost: bool | None = None
    shortcuts: bool | None = None
    token: str | None = Field(None, max_length=64, description="an Encounter Monster card id (or Monster id)")
    to: str | None = Field(None, max_length=64, description="with token: the tile for its map token, or 'off'")
    rotation: int | None = Field(None, ge=1, le=9, description="perform Rotation X on the District Wheel")
    clear_encounter: bool | None = Field(None, description="true: the Encounter due is cancelled (no Rotation)")
    hinder: Literal["single_panzergate", "triple_panzergate", "deep_fog", "flood", "rubble"] | None = Field(
        None, description="a Hindering token to place (or, with remove, to remove) on tile:")
    tile: str | None = Field(None, max_length=64, description="with hinder: the tile")
    side: Dir | None = Field(None, description="with hinder: the path (Panzergate, Deep Fog token) of the tile")
    remove: bool | None = Field(None, description="with hinder: true removes the token")
    exploration: list[Annotated[str, Field(min_length=1, max_length=64)]] | None = Field(
        None, min_length=1, max_length=30,
        description="Exploration cards (ids) put on top of the Exploration deck, in this order (the first on top)")


class DelveRoute(_Action):
    """The party's answer to an Encounter Monster token's move the rules leave to them (a tie between shortest
    paths, the tile next to the Party marker, the spawn's adjacent tile)."""

    type: Literal["delve_route"] = "delve_route"
    decision: str | None = Field(None, max_length=24, description="the decision answered (route<n>)")
    option: str = Field(min_length=1, max_length=64, description="the tile the token goes onto")


class DelveContinue(_Action):
    """The steps of the round that waited for an Encounter (Exploration, Story)."""

    type: Literal["delve_continue"] = "delve_continue"


class DelveGain(_Action):
    """GM: gain (or, negative, lose) track values through the rules."""

    type: Literal["delve_gain"] = "delve_gain"
    threat: int = Field(0, ge=-30, le=30)
    curse: int = Field(0, ge=-30, le=30)
    time: int = Field(0, ge=-40, le=40)


class DelveCipher(_Action):
    """An Exploration Cipher: the full four-digit code (the tile's half and the Knight's half)."""

    type: Literal["delve_cipher"] = "delve_cipher"
    code: str = Field(pattern=r"^[0-9]{4}$", description="the four-digit code")
    knight: str | None = Field(None, max_length=64, description="the Knight whose half it is (Target of its effects)")


class DelveDiscard(_Action):
    """A District or Active Exploration card leaves play (its condition met, its rounds over)."""

    type: Literal["delve_discard"] = "delve_discard"
    card: str = Field(min_length=1, max_length=64, description="the card id, or the district of a District card")


class DelveReveal(_Action):
    type: Literal["delve_reveal"] = "delve_reveal"
    tile: str = Field(min_length=1, max_length=64)


# -- lookups -----------------------------------------------------------------------------------


def kingdom_of(engine: Engine, kingdom_id: str) -> tuple[Kingdom, dict[str, KingdomTile]]:
    kingdom = engine.catalogue.kingdoms.get(kingdom_id)
    if kingdom is None:
        known = ", ".join(sorted(engine.catalogue.kingdoms)) or "none loaded"
        raise RuleError(f"there is no Kingdom {kingdom_id!r}; the Kingdoms are: {known}")
    return kingdom, engine.catalogue.kingdom_tiles.get(kingdom_id, {})


def current(engine: Engine, state: CampaignState) -> tuple[DelveState, Kingdom, dict[str, KingdomTile]]:
    if state.delve is None:
        raise RuleError("no Delve is under way; the GM starts one with `/delve start kingdom:<id>`")
    kingdom, tiles = kingdom_of(engine, state.delve.kingdom)
    return state.delve, kingdom, tiles


@implements(
    "Kingdom Sheet",
    tests=["tests/delve/test_starter_kingdom_counts.py::test_the_starter_kingdom_has_its_cards",
           "tests/delve/test_exploration.py::test_district_card_stays_in_play_one_per_district",
           "tests/delve/test_commands.py::test_map_picture_and_track"],
    note="the Kingdom content (`kind: kingdom`: districts with icons, the District Wheel, the Point of Interest "
    "table); the District and Active effect spaces and the Wheel shown by `/delve status` and the map",
)
def delve_data(engine: Engine, state: CampaignState) -> dict[str, Any]:
    """``data.track``, ``data.tile``, ``data.destinations`` and the map, for every Delve reply."""
    t = state.track
    track: dict[str, Any] = {"threat": t.threat, "curse": t.curse, "time": t.time, "lost": t.lost}
    if state.delve is None:
        return {"track": track, "tile": None, "destinations": []}
    delve, kingdom, tiles = current(engine, state)
    spec = kingdom.track
    track.update(
        threat_max=spec.threat_max, curse_max=spec.curse_max, time_max=spec.time, lost_reason=delve.lost_reason,
        hunt_spaces=[h.model_dump() for h in spec.hunt_spaces],
    )
    in_fog = delve.fog is not None
    dests = [] if state.track.lost or in_fog else [d.data() for d in destinations(delve, kingdom, tiles)]
    return {
        "track": track,
        "kingdom": kingdom.id,
        "tile": delve.tile,
        "district": tiles[delve.tile].district,
        "destinations": dests,
        "explored": list(delve.explored),
        "face_down": list(delve.face_down),
        "revealed": list(delve.revealed),
        "sections": len(kmap.sections(delve, tiles)),
        "clues": [c.model_dump() for c in delve.clues],
        "exploration_left": len(delve.exploration),
        "fog": fog_rules.view(delve, kingdom),
        "pending": delve.fog.pending.model_dump() if delve.fog and delve.fog.pending else None,
        "monsters": mon.view(delve, kingdom),
        "encounter_due": delve.encounter_due,
        "resume": delve.resume.model_dump() if delve.resume else None,
        **ex.view(kingdom, delve),
    }


TRAVEL_ANSWER = "delve travel"  # a travel select runs /delve travel to:<tile> (fog:<tile>) (bot/discord/decisions.py)
TRAVEL_OPTIONS = 25  # Discord: options of one select menu; more Deep Fog destinations are typed


def travel_decision(engine: Engine, state: CampaignState) -> Decision | None:
    """The Travel step as a decision, when the party is at it (a Delve under way and not lost, no Deep Fog
    traversal, Encounter, Encounter due, round waiting for ``/delve continue`` or Clash): one option per legal
    destination (``kmap.destinations``), the key the tile id (``fog:<tile>`` to enter the Deep Fog toward it).
    "the Party Leader must choose a valid path"; ``who`` stays empty because ``/delve travel`` is any player's
    command, and a button runs it exactly as typed. The id names the round: ``travel<n>``."""
    delve = state.delve
    if (delve is None or state.track.lost or delve.resting or delve.fog is not None or delve.encounter is not None
            or delve.encounter_due is not None or delve.resume is not None or state.clash is not None
            or delve.token_choice is not None):
        return None
    _, tiles = kingdom_of(engine, delve.kingdom)
    keys: list[str] = []
    labels: list[str] = []
    helps: list[str] = []
    for d in sorted(kmap.destinations(delve, tiles), key=lambda d: d.kind == "fog"):  # Deep Fog last
        key = f"fog:{d.tile}" if d.kind == "fog" else d.tile
        if key in keys or len(keys) == TRAVEL_OPTIONS:
            continue
        name = d.name or d.tile
        label = {"explore": f"{d.direction}: explore {name}", "shortcut": f"Shortcut to {name}",
                 "backtrack": f"Backtrack to {name}" + (f" ({d.direction})" if d.direction else ""),
                 "fog": f"Deep Fog toward {name} (Intensity {d.fog_intensity})"}[d.kind]
        cost = f"Time {d.time}, Threat +{d.threat}" + (f", {d.clues} Clue(s)" if d.clues else "")
        help_ = {"fog": f"enter the Deep Fog ({cost}); Trailmake, Wander, leader: type /delve travel fog:{d.tile}",
                 "backtrack": f"back onto an explored tile through {', '.join(d.through)}"}.get(
            d.kind, f"travel onto the Unexplored tile {d.tile} ({d.size}, {cost})")
        keys.append(key)
        labels.append(label[:100])
        helps.append(help_[:200])
    if not keys:
        return None
    return Decision(id=f"travel{delve.round + 1}", kind="travel", prompt=f"Travel step of round {delve.round + 1}: "
                    f"where does the party go from {delve.tile}?", options=keys, labels=labels, helps=helps,
                    answer=TRAVEL_ANSWER)


def delve_decision(engine: Engine, state: CampaignState) -> Decision | None:
    """What the Delve waits for: a token's tile the party chooses (``/delve route``), else the Travel step."""
    if state.delve is not None and state.delve.token_choice is not None and not state.track.lost:
        return mon.choice_decision(state.delve)
    return travel_decision(engine, state)


@implements(
    "Exploration Card Effect Types",
    tests=["tests/delve/test_exploration.py::test_salt_fog_makes_each_saltmere_tile_cost_one_more_threat",
           "tests/delve/test_exploration.py::test_iron_hedge_adds_threat_per_thornkeep_tile_backtracked_through"],
    note="the Travel costs shown with each destination include the cards in play",
)
def destinations(delve: DelveState, kingdom: Kingdom, tiles: dict[str, KingdomTile]) -> list[kmap.Destination]:
    """Every legal destination (rules/delve/kingdom_map.py) with what it will cost, the cards in play included."""
    nxt = delve.model_copy(update={"round": delve.round + 1})
    out = []
    for d in kmap.destinations(delve, tiles):
        time, threat = d.time, d.threat
        if d.kind == "backtrack":
            threat += ex.backtrack_extra(kingdom, nxt, tiles, d.through)
        else:
            more_time, more_threat, _ = ex.entering(kingdom, nxt, tiles[d.tile])
            time, threat = time + more_time, threat + more_threat
        if threat > 0:
            threat += tr.threat_extra(nxt)
        out.append(dataclasses.replace(d, time=time, threat=threat))
    return out


def every_knight_dead(state: CampaignState) -> list[str]:
    """Rulebook (Expedition Loss Conditions): "All Knights being dead at any point of the game, at the same time";
    checked after every Delve, Deep Fog, Rest and Encounter action (a campaign with no Knight is not lost)."""
    if state.delve is None or state.track.lost or not state.knights or state.delve.dead_party_lost:
        return []
    if any(not k.dead for k in state.knights.values()):
        return []
    change = tr.TrackChange(track=state.track, delve=state.delve.model_copy(update={"dead_party_lost": True}))
    tr.lose_expedition(change, "every Knight is dead")
    _apply_track(state, change)
    return change.texts


def _result(engine: Engine, state: CampaignState, texts: list[str], **extra: Any) -> Result:
    texts = [*texts, *_settle_monsters(engine, state), *every_knight_dead(state)]
    events = [Event(kind="delve", text=t) for t in texts]
    return Result(state=state, events=events, data={**delve_data(engine, state), **extra},
                  pending=delve_decision(engine, state))


def _apply_track(state: CampaignState, change: tr.TrackChange) -> None:
    state.track = change.track
    state.delve = change.delve


def _settle_monsters(engine: Engine, state: CampaignState) -> list[str]:
    """Whatever Threat did outside a Kingdom Tile step (a Backtrack, the Deep Fog, a card, the GM): the Hunt Spaces
    and the Threat 7 spawn resolved at once (rules/delve/monsters.py), and an Encounter that is over settled."""
    if state.delve is None or state.delve.kingdom not in engine.catalogue.kingdoms:
        return []
    delve, kingdom, tiles = current(engine, state)
    delve, texts = mon.settle_finished(delve, kingdom)
    if delve.hunts_due or delve.spawn_due:
        delve, more = mon.resolve_due(delve, kingdom, tiles)
        texts += more
    state.delve = delve
    return texts


def _party_leader(state: CampaignState, name: str | None) -> tuple[str | None, str]:
    """The Party Leader's Knight id and the tier Monster Setup reads (docs/rulings.md, "The Party Leader at Monster
    Setup"): the Knight named, else the Expedition's Party Leader, else the first living Knight of the campaign; with
    no Knight, the Mob tier."""
    knights = list(state.knights.values())
    if name is None and state.expedition is not None and state.expedition.party_leader in state.knights:
        name = state.expedition.party_leader
    if name is not None:
        found = find_knight(state, name, "to be the Party Leader")
        return found.id, found.sheet.tier
    living = [k for k in knights if not k.dead] or knights
    if not living:
        return None, "mob"
    return living[0].id, living[0].sheet.tier


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
        texts.append(f"The starting tile is chosen at random among {', '.join(kingdom.starting_tiles)}.")
    delve = DelveState(kingdom=kingdom.id, tile=start, explored=[start],
                       exploration=ex.normal_on_top(kingdom, dice.shuffle([c.id for c in kingdom.exploration]), dice))
    placement = kmap.place_neighbours(delve, tiles, start)
    state.delve = placement.delve
    state.track = state.track.model_copy(update={"threat": 0, "curse": 0, "time": 0, "lost": False})
    tile = tiles[start]
    texts.append(said(PartyPlaced(tile=tile.name, tile_id=start, district=kingdom.district(tile.district).name,
                                  placed=list(placement.placed))))
    leader, tier = _party_leader(state, act.leader)
    who = state.knights[leader].name if leader else "no Knight yet"
    texts.append(f"Party Leader: {who} ({tier.capitalize()} tier).")
    box = mon.lowest_marked_box(state.knights[leader].sheet) if leader else None
    delve, more = mon.monster_setup(kingdom, state.delve.model_copy(update={"leader": leader}), tier, dice,  # type: ignore[arg-type]
                                    box)
    state.delve = delve
    texts += more + kingdom_mortis.shuffle_in(engine, state, kingdom, dice)
    return _result(engine, state, texts)


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
    if act.decision is not None and act.decision != f"travel{delve.round + 1}":
        raise RuleError(f"decision {act.decision} is no longer waiting: the party is at the Travel step of round "
                        f"{delve.round + 1} now; nothing was changed")
    if delve.fog is not None:
        raise RuleError("the party is in the Deep Fog: answer with `/fog stay`, `/fog withdraw`, `/fog correct` or "
                        "`/fog choose` (`/fog status` shows what it waits for)")
    delve, settled = mon.settle_finished(delve, kingdom)
    _encounter_first(delve, kingdom)
    delve = delve.model_copy(update={"round": delve.round + 1})
    delve, expired = ex.expire(kingdom, delve, tiles[delve.tile].district)
    options = destinations(delve.model_copy(update={"round": delve.round - 1}), kingdom, tiles)
    if not options:
        change = tr.TrackChange(track=state.track, delve=delve)
        tr.lose_expedition(change, "the party cannot resolve the Travel step (no legal path)")
        _apply_track(state, change)
        return _result(engine, state, change.texts)
    dest = _choose(act, options)
    state.delve = delve
    settled = [*settled, *expired]
    if dest.kind == "fog":
        from rules import fog_handlers  # it builds on this module

        result = fog_handlers.enter_fog(engine, state, kingdom, tiles, dest, act, dice)
    elif dest.kind == "backtrack":
        result = _backtrack(engine, state, kingdom, dest, dice)
    else:
        result = _kingdom_tile_step(engine, state, kingdom, tiles, dest, dice=dice)
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
    "2. Kingdom Tile Step",
    tests=[
        "tests/delve/test_commands.py::test_travel_resolves_the_back_then_reveals_and_places_neighbours",
        "tests/delve/test_commands.py::test_hunt_space_reached_on_a_tile_back_is_announced",
        "tests/delve/test_monster_tokens.py::test_hunt_space_on_a_tile_back_moves_tokens_at_step_d",
    ],
    note="steps a-e are automated; d moves the Encounter Monster tokens and spawns (rules/delve/monsters.py)",
)
def _kingdom_tile_step(
    engine: Engine, state: CampaignState, kingdom: Kingdom, tiles: dict[str, KingdomTile], dest: kmap.Destination,
    chosen_clue: ClueType | None = None, earlier: tuple[int, ...] = (), dice: Dice | None = None,
) -> Result:
    """``chosen_clue``: Emergence from the Deep Fog ("gain a Clue of your choice"); ``earlier``: Time spaces
    reached before this step in the same round; ``dice``: for the Saves of the cards in play (without: by hand)."""
    assert state.delve is not None
    tile = tiles[dest.tile]
    grid = kmap.cells(kingdom, tiles)
    way = dest.direction or kmap.direction_between(grid[state.delve.tile], grid[tile.id])
    texts = [said(PartyMoves(round=state.delve.round, how=dest.kind, direction=way or "", size=tile.size,
                             tile_id=tile.id))]
    if tile.id in state.delve.revealed:
        texts.append("Its Generic token is removed (it was revealed, not explored).")
    # a. the back
    back = tile.back
    more_time, more_threat, _ = ex.entering(kingdom, state.delve, tile)
    texts += ex.enter_texts(kingdom, state.delve, tile)
    change = tr.apply_all(state.track, state.delve, kingdom.track, time=back.time + more_time,
                          threat=back.threat + more_threat)
    _apply_track(state, change)
    texts += change.texts
    reached = list(change.time_reached)
    minor = engine.deck("minor_mortis")
    count = back.clues
    if count or chosen_clue is not None:
        extra, used = ex.extra_clues(kingdom, state.delve)
        if extra:
            count = max(count, 1) + extra
            texts.append(f"🃏 {', '.join(kingdom.exploration_card(c).name for c in used)}: {extra} more Clue(s).")
            for cid in used:
                state.delve, text = ex.discard(kingdom, state.delve, cid)
                texts.append(text)
    found = clue_rules.collect(kingdom, state.delve, tile.id, way, count, minor, engine.pile(state, minor.id),
                               chosen=chosen_clue)
    if found.minor_mortis is not None:
        state.decks[minor.id] = found.minor_mortis
    state.delve = state.delve.model_copy(update={"clues": [*state.delve.clues, *found.gained]})
    texts += found.texts
    # b. reveal and move (the cards in play that act on entering); c. neighbours face down
    state.delve = kmap.enter(state.delve, tile.id, way)
    state.delve = state.delve.model_copy(update={"explored_in": {**state.delve.explored_in,
                                                                 tile.id: state.delve.round}})
    state.delve, more = ex.expire(kingdom, state.delve, tile.district)  # a card that leaves with its district
    texts += more
    if not state.track.lost:
        more, hit = ex.enter_saves(engine.catalogue, kingdom, state, tile, dice)
        texts += more
        reached += hit
    texts += kmap.hindering_on_tile(state.delve, tile)
    placement = kmap.place_neighbours(state.delve, tiles, tile.id)
    state.delve = placement.delve
    district = kingdom.district(tile.district)
    texts.append(said(TileRevealed(tile=tile.name, district=district.name, placed=list(placement.placed))))
    # d. Encounter Monster spawns and movement (the Hunt Spaces reached at a.); e. the front
    state.delve, more = mon.resolve_due(state.delve, kingdom, tiles)
    texts += more
    if state.delve.token_choice is not None:  # the party chooses a token's tile first; e. waits
        return _after_tile(engine, state, kingdom, texts, [*earlier, *reached], dice=dice,
                           steps=("front", "exploration", "story"))
    more, hit = _step_e(engine, state, kingdom, tile, dice)
    texts += more
    reached += hit
    return _after_tile(engine, state, kingdom, texts, [*earlier, *reached], dice=dice)


def _step_e(engine: Engine, state: CampaignState, kingdom: Kingdom, tile: KingdomTile,
            dice: Dice | None) -> tuple[list[str], list[int]]:
    """e. the Panzergates printed on the tile, then "resolve all symbols on the front of the face up tile"."""
    assert state.delve is not None
    state.delve, texts = kmap.place_panzergates(state.delve, tile)
    if state.track.lost:
        return texts, []
    more, hit = _front(engine, kingdom, state, tile, dice)
    return texts + more, hit


@implements(
    "Kingdom Tile Anatomy",
    tests=["tests/delve/test_adventures.py::test_a_point_of_interest_that_starts_an_adventure_rolls_it"],
    note="a Point of Interest row's typed effects are applied (an Adventure rolled at once); other rows are shown",
)
def _front(engine: Engine, kingdom: Kingdom, state: CampaignState, tile: KingdomTile,
           dice: Dice | None) -> tuple[list[str], list[int]]:
    """Step e: the Point of Interest shown, and its typed effects applied (rows without: by hand)."""
    assert state.delve is not None
    texts = _poi(kingdom, state.delve, tile)
    key = _poi_key(kingdom, state.delve, tile)
    row = kingdom.poi(key) if key is not None else None
    if row is None or not row.effects:
        return texts, []
    leader = state.delve.leader
    knights = [leader] if leader is not None and leader in state.knights else []
    printed = Printed(text=row.text[:500], effects=list(row.effects))
    more, hit = ex.apply_effects(engine.catalogue, kingdom, state, printed, knights=knights, who="the Party Leader",
                                 dice=dice, source=f"the Point of Interest {row.name}")
    return texts + more, hit


def _poi_key(kingdom: Kingdom, delve: DelveState, tile: KingdomTile) -> str | int | None:
    if tile.poi is None or not isinstance(tile.poi, int):
        return tile.poi
    top = next((c for c in kingdom.exploration if delve.exploration and c.id == delve.exploration[0]), None)
    return tile.poi + (top.poi_modifier if top else 0)


def _poi(kingdom: Kingdom, delve: DelveState, tile: KingdomTile) -> list[str]:
    if tile.poi is None:
        return []
    if isinstance(tile.poi, int):
        top = next((c for c in kingdom.exploration if delve.exploration and c.id == delve.exploration[0]), None)
        modifier = top.poi_modifier if top else 0
        key: str | int = tile.poi + modifier
        shown: int | None = modifier
    else:
        key, shown = tile.poi, None
    row = kingdom.poi(key)
    poi = PointOfInterest(poi=tile.poi, modifier=shown, key=key, row=row.name if row else None,
                          text=row.text if row else "")
    return [said(poi), *(random_targets_said(row.text) if row else [])]


@implements(
    "Kingdom Tile Anatomy",
    tests=[
        "tests/delve/test_map.py::test_backtrack_through_three_tiles_costs_time_1_and_threat_2",
        "tests/delve/test_commands.py::test_travel_resolves_the_back_then_reveals_and_places_neighbours",
    ],
    note="tile backs, paths and Backtracking; the Exploration Cipher half (`/delve cipher`); Panzergates "
    "(rules/delve/kingdom_map.py)",
)
def _backtrack(engine: Engine, state: CampaignState, kingdom: Kingdom, dest: kmap.Destination,
               dice: Dice | None = None) -> Result:
    assert state.delve is not None
    texts = [said(PartyBacktracks(round=state.delve.round, through=list(dest.through)))]
    _, _, tiles = current(engine, state)
    extra = ex.backtrack_extra(kingdom, state.delve, tiles, dest.through)
    if extra:
        texts.append(f"🃏 A District card in play: Threat +{extra} more for the tiles it covers.")
    change = tr.apply_all(state.track, state.delve, kingdom.track, time=1, threat=len(dest.through) - 1 + extra)
    _apply_track(state, change)
    texts += change.texts
    state.delve = state.delve.model_copy(update={"tile": dest.tile, "last_direction": None})
    _, _, tiles = current(engine, state)
    state.delve, more = ex.expire(kingdom, state.delve, tiles[dest.tile].district)
    texts += more
    met = next((card for tile_id in dest.through[:-1] for card, at in state.delve.map_tokens.items()
                if at == tile_id), None)
    if met is not None and state.delve.encounter_due is None:  # docs/rulings.md, "Backtracking through a token"
        state.delve, more = mon.due(state.delve, kingdom, met)
        texts.append(f"The party Backtracks through {state.delve.map_tokens[met]}, where "
                     f"{mon.monster(state.delve, met).name}'s token stands.")
        texts += more
    return _after_tile(engine, state, kingdom, texts, change.time_reached, dice=dice)


def _after_tile(
    engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], time_reached: list[int],
    dice: Dice | None = None, steps: tuple[str, ...] = ("exploration", "story"),
) -> Result:
    """The Exploration step (the card shown for the table), then the Story step's Time prompts. An Encounter due
    (a token met) comes first: "finish resolving your current step, then immediately proceed to the Encounter";
    the steps left wait for `/delve continue`."""
    assert state.delve is not None
    if not state.track.lost:
        _, _, tiles = current(engine, state)
        state.delve, more = mon.resolve_due(state.delve, kingdom, tiles)
        texts += more
        if state.delve.token_choice is not None:
            state.delve = state.delve.model_copy(update={"resume": Resume(steps=list(steps),
                                                                          time_reached=list(time_reached))})
            texts.append("The rest of this round waits for the party's choice: `/delve route`, then "
                         "`/delve continue`.")
            return _result(engine, state, texts, time_reached=time_reached)
        if "front" in steps:  # step e, after the party chose a token's tile at step d
            more, hit = _step_e(engine, state, kingdom, tiles[state.delve.tile], dice)
            return _after_tile(engine, state, kingdom, [*texts, *more], [*time_reached, *hit], dice=dice,
                               steps=tuple(s for s in steps if s != "front"))
        if state.delve.encounter_due is not None:
            state.delve = state.delve.model_copy(update={"resume": Resume(time_reached=list(time_reached))})
            texts.append("The Exploration and Story steps of this round wait for the Encounter: resolve it, then "
                         "`/delve continue`.")
            return _result(engine, state, texts, time_reached=time_reached)
    if not state.track.lost and "exploration" in steps:
        _, _, tiles = current(engine, state)
        more, reached = ex.exploration_step(engine.catalogue, kingdom, state, tiles[state.delve.tile].district, dice)
        texts += more
        time_reached = [*time_reached, *reached]
        state.delve, more = mon.resolve_due(state.delve, kingdom, tiles)
        texts += more
        if state.delve.token_choice is not None and not state.track.lost:
            state.delve = state.delve.model_copy(update={"resume": Resume(steps=["story"],
                                                                          time_reached=list(time_reached))})
            texts.append("The Story step of this round waits for the party's choice: `/delve route`, then "
                         "`/delve continue`.")
            return _result(engine, state, texts, time_reached=time_reached)
        if state.delve.encounter_due is not None and not state.track.lost:  # an Exploration card's Encounter
            state.delve = state.delve.model_copy(update={"resume": Resume(steps=["story"],
                                                                          time_reached=list(time_reached))})
            texts.append("The Story step of this round waits for the Encounter: resolve it, then `/delve continue`.")
            return _result(engine, state, texts, time_reached=time_reached)
    if not state.track.lost:
        texts += tr.story_prompts(time_reached)
    return _result(engine, state, texts, time_reached=time_reached)


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
    delve, texts = mon.choose(delve, kingdom, tiles, act.decision, act.option)
    state.delve = delve
    if delve.token_choice is None and delve.resume is not None:
        texts.append("The round goes on with `/delve continue`.")
    return _result(engine, state, texts)


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
    texts.append("The round goes on where the Encounter interrupted it.")
    return _after_tile(engine, state, kingdom, texts, list(resume.time_reached), dice=dice,
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
    _apply_track(state, change)
    texts = change.texts or ["Nothing changes."]
    return _result(engine, state, texts + tr.story_prompts(change.time_reached),
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
            return _result(engine, state, monster_texts)
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
    shown = ", ".join(f"{k} {v}" for k, v in {**values, **update}.items())
    return _result(engine, state, [*monster_texts, f"🛠 GM adjustment of the Delve: {shown} (no rules applied)."])


def _order_exploration(delve: DelveState, cards: list[str]) -> tuple[DelveState, str]:
    """GM: the named Exploration cards go on top of the deck in that order (the deck order of issue #6's
    `/delve adjust`); each must be in the deck (not discarded, not in play)."""
    missing = [c for c in cards if c not in delve.exploration]
    if missing or len(set(cards)) != len(cards):
        raise RuleError(f"exploration: every card once, each still in the Exploration deck; not in it: "
                        f"{', '.join(missing) or 'a card named twice'} (the deck holds {len(delve.exploration)} cards)")
    rest = [c for c in delve.exploration if c not in cards]
    return (delve.model_copy(update={"exploration": [*cards, *rest]}),
            f"🛠 GM: the top {len(cards)} card(s) of the Exploration deck are set by the GM (announced to the table).")


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
        return [f"🛠 GM: the {name} on {where} is removed."]
    if token in delve.hindering:
        raise RuleError(f"a {name} already lies on {where}")
    state.delve = delve.model_copy(update={"hindering": [*delve.hindering, token]})
    return [f"🛠 GM: a {name} is placed on {where}."]


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
        texts.append(f"🛠 GM: {found.name}'s token is {'on ' + to if to else 'off the map'}.")
        delve, more = mon.meet(delve, kingdom)
        texts += more
    if act.rotation is not None:
        delve = mon.rotate(delve, kingdom, act.rotation)
        texts.append(f"🛠 GM: Rotation {act.rotation} — District Wheel: {mon.wheel_text(delve, kingdom)}.")
    if act.clear_encounter:
        if delve.encounter_due is None:
            raise RuleError("no Encounter is due")
        token = delve.encounter_token == delve.encounter_due
        texts.append(f"🛠 GM: the Encounter with {mon.name_of(delve, kingdom, delve.encounter_due)} is cancelled"
                     + ("; its token leaves the map (no Rotation)." if token else " (no Rotation)."))
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
    return _result(engine, state, [said(TileShownUnexplored(tile_id=act.tile, tile=tile.name, time=back.time,
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
        knight, _ = _party_leader(state, act.knight)
    texts, reached, right = ex.cipher(engine.catalogue, kingdom, tiles[delve.tile], state, act.code, knight)
    return _result(engine, state, texts + tr.story_prompts(reached), cipher={"code": act.code, "right": right})


@handles(DelveDiscard)
def delve_discard(engine: Engine, state: CampaignState, act: DelveDiscard, dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    state.delve, text = ex.discard(kingdom, delve, act.card)
    return _result(engine, state, [text])
