"""What every Delve action returns, and the look-ups it is built from: the Delve under way (``current``), its reply
data (``delve_data``), the Travel step as a decision with its legal destinations, the checks after every Delve,
Deep Fog, Rest and Encounter action (Monsters settled, every Knight dead), and the Party Leader of Monster Setup."""

from __future__ import annotations

import dataclasses
from typing import Any

from content.schema.kingdom import Kingdom, KingdomTile
from rules.coverage import implements
from rules.decision_ids import unique_ids
from rules.delve import exploration as ex
from rules.delve import fog as fog_rules
from rules.delve import kingdom_map as kmap
from rules.delve import monsters as mon
from rules.delve import track as tr
from rules.delve.state import DelveState
from rules.engine import Decision, Engine, Event, Result
from rules.errors import RuleError
from rules.knights.find import find_knight
from rules.state import CampaignState


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
        "pending": delve.fog.pending.shown() if delve.fog and delve.fog.pending else None,
        "monsters": mon.view(delve, kingdom),
        "encounter_due": delve.encounter_due,
        "resume": delve.resume.model_dump() if delve.resume else None,
        **ex.view(kingdom, delve),
    }


TRAVEL_ANSWER = "delve travel"  # a travel select runs /delve travel to:<tile> (fog:<tile>) (bot/discord/decisions.py)


TRAVEL_OPTIONS = 25  # Discord: options of one select menu; more Deep Fog destinations are typed


def delve_phase(state: CampaignState) -> bool:
    """The Expedition (if any) is in a Delve Phase: after the first Delve its map stays while the Clash, the Rest and
    the Spoils Phase are resolved, and no Travel step is due then."""
    return state.expedition is None or state.expedition.step in ("delve1", "delve2")


def travel_decision(engine: Engine, state: CampaignState) -> Decision | None:
    """The Travel step as a decision, when the party is at it (a Delve under way and not lost, no Deep Fog
    traversal, Encounter, Encounter due, round waiting for ``/delve continue`` or Clash, and the Expedition in a
    Delve Phase): one option per legal destination (``kmap.destinations``), the key the tile id (``fog:<tile>`` to
    enter the Deep Fog toward it).
    "the Party Leader must choose a valid path"; ``who`` stays empty because ``/delve travel`` is any player's
    command, and a button runs it exactly as typed. Its id: :func:`travel_id`."""
    delve = state.delve
    if (delve is None or state.track.lost or delve.resting or delve.fog is not None or delve.encounter is not None
            or delve.encounter_due is not None or delve.resume is not None or state.clash is not None
            or delve.token_choice is not None or not delve_phase(state)):
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
        cost = f"Time {d.time}, Threat {d.threat:+d}" + (f", {d.clues} Clue(s)" if d.clues else "")
        help_ = {"fog": f"enter the Deep Fog ({cost}); Trailmake, Wander, leader: type /delve travel fog:{d.tile}",
                 "backtrack": f"back onto an explored tile through {', '.join(d.through)}"}.get(
            d.kind, f"travel onto the Unexplored tile {d.tile} ({d.size}, {cost})")
        keys.append(key)
        labels.append(label[:100])
        helps.append(help_[:200])
    if not keys:
        return None
    return Decision(id=travel_id(state), kind="travel", prompt=f"Travel step of round {delve.round + 1}: "
                    f"where does the party go from {delve.tile}?", options=keys, labels=labels, helps=helps,
                    answer=TRAVEL_ANSWER)


def travel_id(state: CampaignState) -> str:
    """The Travel step's id: ``travel`` and the number it takes when the party travels (the campaign's next,
    rules/decision_ids.py; ``delve_travel`` counts it); an older campaign's names the round, ``travel<round>``."""
    assert state.delve is not None
    return f"travel{state.decisions + 1}" if unique_ids(state) else f"travel{state.delve.round + 1}"


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
    apply_track(state, change)
    return change.texts


def delve_result(engine: Engine, state: CampaignState, texts: list[str], **extra: Any) -> Result:
    texts = [*texts, *_settle_monsters(engine, state), *every_knight_dead(state)]
    events = [Event(kind="delve", text=t) for t in texts]
    return Result(state=state, events=events, data={**delve_data(engine, state), **extra},
                  pending=delve_decision(engine, state))


def apply_track(state: CampaignState, change: tr.TrackChange) -> None:
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
        delve, more = mon.resolve_due(delve, kingdom, tiles, ids=mon.route_ids(state))
        texts += more
    state.delve = delve
    return texts


def party_leader(state: CampaignState, name: str | None) -> tuple[str | None, str]:
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
