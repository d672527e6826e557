"""The Rites of the Apocrypha, Custom Hunts and the Dungeons (rulebook "Postgame Rules" to "Dungeons";
docs/postgame.md).

A Hunt is its Dungeon (rules/postgame/hunts.py ``enter``) and then its Clash, a normal Clash started by
``/postgame clash`` with the Clues exchanged for Opening or Break tokens in the Knight Pool. The end of the Clash is
learnt by an engine observer, ``follow``, like the Rogue's Path's: while the Clash runs it notes the outcome; once the
Clash is gone (``/clash end``) it resolves the Hunt (marked, the level defeated, Legendary rewards owed).
"""

from __future__ import annotations

from typing import Any, Literal

from content.schema.postgame import Apocrypha, Dungeon, Hunt
from rules.coverage import implements
from rules.engine import Engine, Event
from rules.errors import RuleError
from rules.facts import Fact, Line, random_targets
from rules.postgame import facts as pf
from rules.postgame.state import HuntRun, Owed, PostgameState
from rules.state import CampaignState

T = "tests/postgame/test_postgame.py::"


def postgame(state: CampaignState) -> PostgameState:
    if state.postgame is None:
        raise RuleError("the Postgame has not begun: the GM starts it with /postgame start")
    return state.postgame


def tower(engine: Engine, p: PostgameState) -> Apocrypha:
    found = engine.catalogue.apocrypha.get(p.apocrypha)
    if found is None:
        raise RuleError(f"the Rites of the Apocrypha {p.apocrypha!r} of this campaign are not in the loaded packs")
    return found


def dungeon(engine: Engine, dungeon_id: str) -> Dungeon:
    found = engine.catalogue.dungeons.get(dungeon_id)
    if found is None:
        raise RuleError(f"there is no Dungeon {dungeon_id!r}; the Dungeons are: "
                        f"{', '.join(engine.catalogue.dungeons) or 'none'}")
    return found


@implements("Rites of the Apocrypha", tests=[T + "test_a_hunt_locked_by_two_hunts_opens_when_both_are_won",
                                             T + "test_a_won_hunt_is_marked_and_unlocks_the_next"])
def unlocked(sheet: Apocrypha, marked: list[str]) -> list[str]:
    """"You can access such a Hunt only if you have won all the preceding Hunts!"; "you can only choose Hunts that are
    not marked (you haven't won them yet), but that you have unlocked (all the preceding Hunts leading into them are
    marked)"."""
    return [h.id for h in sheet.hunts if h.id not in marked and all(b in marked for b in h.after)]


def status_of(sheet: Apocrypha, p: PostgameState, hunt: Hunt) -> str:
    """``beaten``, ``unlocked`` or ``locked`` (``current`` while it is being played)."""
    if p.run is not None and p.run.hunt == hunt.id:
        return "current"
    if hunt.id in p.marked:
        return "beaten"
    return "unlocked" if hunt.id in unlocked(sheet, p.marked) else "locked"


def summary(engine: Engine, state: CampaignState) -> dict[str, Any]:
    """``data.postgame``: marked, unlocked, locked, defeated levels, the Hunt under way, owed and claimed rewards."""
    p = postgame(state)
    sheet = tower(engine, p)
    run = p.run
    hunts = [{"id": h.id, "name": h.name, "monster": h.monster, "level": h.level, "after": list(h.after),
              "status": status_of(sheet, p, h), "legendary": list(h.legendary)} for h in sheet.hunts]
    out: dict[str, Any] = {
        "apocrypha": p.apocrypha, "marked": list(p.marked), "unlocked": unlocked(sheet, p.marked),
        "locked": [h["id"] for h in hunts if h["status"] == "locked"], "hunts": hunts,
        "defeated": {m: sorted(lv) for m, lv in p.defeated.items()},
        "owed": [o.model_dump() for o in p.owed], "claimed": dict(p.claimed),
        "run": None, "history": list(p.history),
    }
    if run is not None:
        d = dungeon(engine, run.dungeon)
        out["run"] = {**run.model_dump(exclude={"clash_seen"}), "custom": run.hunt is None,
                      "threat_max": d.threat_max,
                      "exits": [] if run.dungeon_won else d.neighbours(run.room)}
    return out


# --- the Dungeon --------------------------------------------------------------------------------------------


def begin(engine: Engine, p: PostgameState, hunt: str | None, monster: str, level: int,
          dungeon_id: str) -> list[Line]:
    """Postgame Setup: "Instead of playing on a Kingdom map, you will venture into a Dungeon"; the party stands in the
    start room."""
    d = dungeon(engine, dungeon_id)
    m = engine.catalogue.monsters[monster]
    p.run = HuntRun(hunt=hunt, monster=monster, monster_name=m.name, level=level, dungeon=d.id, room=d.start,
                    visited=[d.start])
    start = d.room(d.start)
    return [pf.DungeonEntered(dungeon=d.name, text=d.text or ""),
            pf.PartyStands(room=start.name, text=start.text or ""),
            *random_targets(start.text, source=start.text),
            pf.DungeonThreat(threat=0, threat_max=d.threat_max, encounters=list(d.encounters)),
            pf.DungeonExits(exits=d.neighbours(d.start), start=True)]


@implements("Dungeons", tests=[T + "test_the_dungeon_is_walked_room_by_room", T + "test_too_much_threat_loses_the_hunt",
                               T + "test_the_lair_wins_the_dungeon_and_the_clash_needs_it"],
            note="an original Dungeon format (content/schema/postgame.py): the rulebook leaves each Dungeon's rules "
            "to the Kingdom Codices")
def enter(engine: Engine, state: CampaignState, p: PostgameState, run: HuntRun, room_id: str) -> list[Line]:
    """Move the party along one passage into ``room_id``: gain its Threat; the first time, its Clues and Encounter;
    the lair wins the Dungeon; the Threat reaching the maximum loses it (and the Hunt)."""
    d = dungeon(engine, run.dungeon)
    if run.dungeon_won:
        raise RuleError("the Dungeon is won already: start the Clash with /postgame clash")
    try:
        room = d.room(room_id)
    except KeyError:
        raise RuleError(f"there is no room {room_id!r} in {d.name}; the rooms are: "
                        f"{', '.join(r.id for r in d.rooms)}") from None
    exits = d.neighbours(run.room)
    if room.id not in exits:
        raise RuleError(f"no passage leads from {d.room(run.room).name} to {room.name}; the party may move to: "
                        f"{', '.join(exits)}")
    first = room.id not in run.visited
    run.room = room.id
    run.visited.append(room.id)
    run.threat += room.threat
    lines: list[Line] = [pf.RoomEntered(room=room.name, text=room.text if first and room.text else None),
                         *(random_targets(room.text, source=room.text) if first else [])]
    if room.threat:
        lines.append(pf.ThreatGained(gain=room.threat, threat=run.threat, threat_max=d.threat_max))
    if first and room.clues:
        run.clues += room.clues
        lines.append(pf.HuntCluesGained(gain=room.clues, clues=run.clues))
    if first and room.encounter:
        run.encounters.append(room.encounter)
        lines.append(pf.EncounterMet(encounter=room.encounter))
    if run.threat >= d.threat_max:
        lines += lose_dungeon(p, run, "threat", d.threat_max)
        return lines
    if room.lair:
        run.dungeon_won = True
        lines.append(pf.DungeonWon(monster=run.monster_name, level=run.level, clues=run.clues))
    else:
        lines.append(pf.DungeonExits(exits=d.neighbours(room.id)))
    return lines


def lose_dungeon(p: PostgameState, run: HuntRun, why: Literal["threat", "left"], threat_max: int = 0) -> list[Line]:
    """A lost Dungeon is a lost Hunt ("you need to win both the Dungeon and the following Clash")."""
    p.run = None
    return [_ended(p, run, why, threat_max)]


def _ended(p: PostgameState, run: HuntRun, why: Literal["won", "threat", "left", "clash_lost", "clash_not_won"],
           threat_max: int = 0) -> pf.HuntEnded:
    """The Hunt's end, recorded in the history."""
    ended = pf.HuntEnded(hunt=run.hunt, monster=run.monster_name, level=run.level, why=why, threat_max=threat_max)
    p.history.append(pf.hunt_record(ended))
    return ended


# --- the Clash's end ----------------------------------------------------------------------------------------


def follow(engine: Engine, state: CampaignState) -> list[Event]:
    """Runs after every action. While the Hunt's Clash runs, note its outcome and the Knights; once the Clash is gone
    (``/clash end``), resolve the Hunt."""
    p = state.postgame
    run = p.run if p is not None else None
    if p is None or run is None or not run.dungeon_won:
        return []
    if state.clash is not None:
        if run.clash_seen and state.clash.over in ("victory", "defeat"):
            run.over = state.clash.over
        return []
    if not run.clash_seen:
        return []
    return [Event(kind="postgame", fact=line) for line in resolve(engine, state, p, run)]


def resolve(engine: Engine, state: CampaignState, p: PostgameState, run: HuntRun) -> list[Fact]:
    """"Whenever you beat a Hunt for the first time, mark it as completed and unlock one or more connected Hunts."
    A Clash that ended without a victory is a Hunt not won."""
    p.run = None
    if run.over != "victory":
        return [_ended(p, run, "clash_lost" if run.over else "clash_not_won")]
    lines: list[Fact] = [_ended(p, run, "won")]
    levels = p.defeated.setdefault(run.monster, [])
    if run.level not in levels:
        levels.append(run.level)
        levels.sort()
        lines.append(pf.MonsterLevelDefeated(monster=run.monster_name, level=run.level))
    if run.hunt is not None and run.hunt not in p.marked:
        sheet = tower(engine, p)
        before = set(unlocked(sheet, p.marked))
        p.marked.append(run.hunt)
        opened = [h for h in unlocked(sheet, p.marked) if h not in before]
        lines.append(pf.HuntMarked(hunt=run.hunt, opened=opened))
        hunt = sheet.hunt(run.hunt)
        if hunt is not None and hunt.legendary:
            p.owed.append(Owed(hunt=hunt.id, rewards=list(hunt.legendary)))
            names = {r.id: r.name for r in sheet.legendary}
            lines.append(pf.LegendaryOffered(names=[names[r] for r in hunt.legendary], rewards=list(hunt.legendary)))
    else:
        lines.append(pf.NoLegendary(hunt=run.hunt))
    return lines
