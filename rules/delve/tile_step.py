"""The Kingdom Tile step of a Delve round (steps a-e), the Backtrack, and the steps after the tile (Exploration,
Story) — shared by the Travel step (rules/delve/handlers.py) and the Deep Fog's Emergence
(rules/delve/fog_handlers.py)."""

from __future__ import annotations

from content.schema.kingdom import ClueType, Kingdom, KingdomTile, Printed
from rules.coverage import implements
from rules.delve import clues as clue_rules
from rules.delve import delve_facts as df
from rules.delve import exploration as ex
from rules.delve import kingdom_map as kmap
from rules.delve import monsters as mon
from rules.delve import track as tr
from rules.delve.delve_facts import PartyBacktracks, PartyMoves, PointOfInterest, TileRevealed
from rules.delve.results import (
    apply_track,
    current,
    delve_result,
)
from rules.delve.state import DelveState, Resume
from rules.dice import Dice
from rules.engine import Engine, Result
from rules.facts import random_targets_said, said
from rules.state import CampaignState


@implements(
    "2. Kingdom Tile Step",
    tests=[
        "tests/delve/test_commands.py::test_travel_resolves_the_back_then_reveals_and_places_neighbours",
        "tests/delve/test_commands.py::test_hunt_space_reached_on_a_tile_back_is_announced",
        "tests/delve/test_monster_tokens.py::test_hunt_space_on_a_tile_back_moves_tokens_at_step_d",
    ],
    note="steps a-e are automated; d moves the Encounter Monster tokens and spawns (rules/delve/monsters.py)",
)
def kingdom_tile_step(
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
        texts.append(said(df.GenericTokenRemoved()))
    # a. the back
    back = tile.back
    more_time, more_threat, _ = ex.entering(kingdom, state.delve, tile)
    texts += ex.enter_texts(kingdom, state.delve, tile)
    change = tr.apply_all(state.track, state.delve, kingdom.track, time=back.time + more_time,
                          threat=back.threat + more_threat)
    apply_track(state, change)
    texts += change.texts
    reached = list(change.time_reached)
    minor = engine.deck("minor_mortis")
    count = back.clues
    if count or chosen_clue is not None:
        extra, used = ex.extra_clues(kingdom, state.delve)
        if extra:
            count = max(count, 1) + extra
            texts.append(said(df.MoreClues(cards=[kingdom.exploration_card(c).name for c in used], extra=extra)))
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
    state.delve, more = mon.resolve_due(state.delve, kingdom, tiles, ids=mon.route_ids(state))
    texts += more
    if state.delve.token_choice is not None:  # the party chooses a token's tile first; e. waits
        return after_tile(engine, state, kingdom, texts, [*earlier, *reached], dice=dice,
                           steps=("front", "exploration", "story"))
    more, hit = _step_e(engine, state, kingdom, tile, dice)
    texts += more
    reached += hit
    return after_tile(engine, state, kingdom, texts, [*earlier, *reached], dice=dice)


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
def backtrack(engine: Engine, state: CampaignState, kingdom: Kingdom, dest: kmap.Destination,
               dice: Dice | None = None) -> Result:
    assert state.delve is not None
    texts = [said(PartyBacktracks(round=state.delve.round, through=list(dest.through)))]
    _, _, tiles = current(engine, state)
    extra = ex.backtrack_extra(kingdom, state.delve, tiles, dest.through)
    if extra:
        texts.append(said(df.BacktrackExtra(extra=extra)))
    change = tr.apply_all(state.track, state.delve, kingdom.track, time=1, threat=len(dest.through) - 1 + extra)
    apply_track(state, change)
    texts += change.texts
    state.delve = state.delve.model_copy(update={"tile": dest.tile, "last_direction": None})
    _, _, tiles = current(engine, state)
    state.delve, more = ex.expire(kingdom, state.delve, tiles[dest.tile].district)
    texts += more
    met = next((card for tile_id in dest.through[:-1] for card, at in state.delve.map_tokens.items()
                if at == tile_id), None)
    if met is not None and state.delve.encounter_due is None:  # docs/rulings.md, "Backtracking through a token"
        state.delve, more = mon.due(state.delve, kingdom, met)
        texts.append(said(df.BacktrackThroughToken(tile=state.delve.map_tokens[met],
                                                   monster=mon.monster(state.delve, met).name)))
        texts += more
    return after_tile(engine, state, kingdom, texts, change.time_reached, dice=dice)


def after_tile(
    engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], time_reached: list[int],
    dice: Dice | None = None, steps: tuple[str, ...] = ("exploration", "story"),
) -> Result:
    """The Exploration step (the card shown for the table), then the Story step's Time prompts. An Encounter due
    (a token met) comes first: "finish resolving your current step, then immediately proceed to the Encounter";
    the steps left wait for `/delve continue`."""
    assert state.delve is not None
    if not state.track.lost:
        _, _, tiles = current(engine, state)
        state.delve, more = mon.resolve_due(state.delve, kingdom, tiles, ids=mon.route_ids(state))
        texts += more
        if state.delve.token_choice is not None:
            state.delve = state.delve.model_copy(update={"resume": Resume(steps=list(steps),
                                                                          time_reached=list(time_reached))})
            texts.append(said(df.RoundWaits(steps="rest", on="choice")))
            return delve_result(engine, state, texts, time_reached=time_reached)
        if "front" in steps:  # step e, after the party chose a token's tile at step d
            more, hit = _step_e(engine, state, kingdom, tiles[state.delve.tile], dice)
            return after_tile(engine, state, kingdom, [*texts, *more], [*time_reached, *hit], dice=dice,
                               steps=tuple(s for s in steps if s != "front"))
        if state.delve.encounter_due is not None:
            state.delve = state.delve.model_copy(update={"resume": Resume(time_reached=list(time_reached))})
            texts.append(said(df.RoundWaits(steps="exploration_story", on="encounter")))
            return delve_result(engine, state, texts, time_reached=time_reached)
    if not state.track.lost and "exploration" in steps:
        _, _, tiles = current(engine, state)
        more, reached = ex.exploration_step(engine.catalogue, kingdom, state, tiles[state.delve.tile].district, dice)
        texts += more
        time_reached = [*time_reached, *reached]
        state.delve, more = mon.resolve_due(state.delve, kingdom, tiles, ids=mon.route_ids(state))
        texts += more
        if state.delve.token_choice is not None and not state.track.lost:
            state.delve = state.delve.model_copy(update={"resume": Resume(steps=["story"],
                                                                          time_reached=list(time_reached))})
            texts.append(said(df.RoundWaits(steps="story", on="choice")))
            return delve_result(engine, state, texts, time_reached=time_reached)
        if state.delve.encounter_due is not None and not state.track.lost:  # an Exploration card's Encounter
            state.delve = state.delve.model_copy(update={"resume": Resume(steps=["story"],
                                                                          time_reached=list(time_reached))})
            texts.append(said(df.RoundWaits(steps="story", on="encounter")))
            return delve_result(engine, state, texts, time_reached=time_reached)
    if not state.track.lost:
        texts += tr.story_prompts(time_reached)
    return delve_result(engine, state, texts, time_reached=time_reached)
