"""Engine handlers of the Postgame (rulebook "Postgame Rules" to "Dungeons"): starting it, choosing a Hunt of the Rites
of the Apocrypha or a Custom Hunt, walking its Dungeon, starting its Clash with the Clues exchanged, claiming Legendary
rewards. The end of a Hunt's Clash is resolved by the observer rules/postgame/hunts.py ``follow``; docs/postgame.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.clash.handlers import ClashStart
from rules.clash.handlers import start as clash_start
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event, handles, observes
from rules.errors import RuleError
from rules.facts import Fact, Line
from rules.knights.find import find_knight
from rules.postgame import facts as pf
from rules.postgame import hunts as h
from rules.postgame.state import HuntRun, PostgameState
from rules.state import CampaignState

Id = Annotated[str, Field(min_length=1, max_length=64)]
T = "tests/postgame/test_postgame.py::"

observes(h.follow)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PostgameStart(_Action):
    type: Literal["postgame_start"] = "postgame_start"
    apocrypha: Id | None = Field(None, description="the Rites of the Apocrypha tower (content id); default: the first")


class PostgameHunt(_Action):
    type: Literal["postgame_hunt"] = "postgame_hunt"
    hunt: Id


class PostgameCustom(_Action):
    type: Literal["postgame_custom"] = "postgame_custom"
    monster: Id
    level: int = Field(ge=1, le=9)
    dungeon: Id | None = Field(None, description="the Dungeon; default: the Dungeon of a tower Hunt of that Monster")


class PostgameMove(_Action):
    type: Literal["postgame_move"] = "postgame_move"
    room: Id


class PostgameAdjust(_Action):
    """An effect played by hand changed the Dungeon's Threat or the party's Clues (a Technique gaining Threat, an
    Encounter's Clue)."""

    type: Literal["postgame_adjust"] = "postgame_adjust"
    threat: int = Field(0, ge=-30, le=30)
    clues: int = Field(0, ge=-20, le=20)


class PostgameClash(_Action):
    type: Literal["postgame_clash"] = "postgame_clash"
    opening: int = Field(0, ge=0, le=20, description="Clues exchanged for Opening tokens")
    breaks: int = Field(0, ge=0, le=20, description="Clues exchanged for Break tokens")


class PostgameAbandon(_Action):
    type: Literal["postgame_abandon"] = "postgame_abandon"


class PostgameClaim(_Action):
    type: Literal["postgame_claim"] = "postgame_claim"
    knight: Id
    reward: Id


def _result(engine: Engine, state: CampaignState, lines: Sequence[Line],
            data: dict[str, object] | None = None) -> Result:
    return Result(state=state, events=[event("postgame", line) for line in lines],
                  data={**(data or {}), "postgame": h.summary(engine, state)})


def _idle(state: CampaignState, p: PostgameState) -> None:
    if p.run is not None:
        what = f"Hunt {p.run.hunt}" if p.run.hunt else "a Custom Hunt"
        raise RuleError(f"{what} is under way (/postgame status): finish it or /postgame abandon it first")
    if state.clash is not None:
        raise RuleError("a Clash is running: end it first with /clash end")
    if state.expedition is not None:
        raise RuleError("an Expedition is under way: a Hunt is played instead of an Expedition, not during one")


@implements("What Is the Post Game?", tests=[T + "test_start_needs_knights_and_no_squires"])
@implements("Postgame Rules", tests=[T + "test_start_needs_knights_and_no_squires"])
@handles(PostgameStart)
def start(engine: Engine, state: CampaignState, act: PostgameStart, dice: Dice) -> Result:
    """"To play this game mode, everyone in your party must have finished their campaign! No Squires either!" The GM
    starts it (the bot does not know when a Knight's story is finished: starting is the GM's word that it is)."""
    if state.postgame is not None:
        raise RuleError("the Postgame is already under way (/postgame status)")
    if state.squires:
        raise RuleError("No Squires in the Postgame: \"everyone in your party must have finished their campaign! No "
                        f"Squires either!\" {', '.join(s.name for s in state.squires.values())} must leave the "
                        "campaign first")
    if not [k for k in state.knights.values() if not k.dead]:
        raise RuleError("the Postgame needs Knights who finished their campaign: none is in this campaign")
    towers = engine.catalogue.apocrypha
    if act.apocrypha is None:
        if not towers:
            raise RuleError("no loaded pack defines a Rites of the Apocrypha tower (kind: apocrypha)")
        sheet = next(iter(towers.values()))
    elif act.apocrypha in towers:
        sheet = towers[act.apocrypha]
    else:
        raise RuleError(f"there is no tower {act.apocrypha!r}; the towers are: {', '.join(towers) or 'none'}")
    state.postgame = PostgameState(apocrypha=sheet.id)
    first = h.unlocked(sheet, [])
    return _result(engine, state, [pf.PostgameBegun(tower=sheet.name), pf.PostgameOpenHunts(hunts=first)])


@implements("Postgame Setup", tests=[T + "test_a_locked_hunt_is_refused", T + "test_a_marked_hunt_is_refused",
                                     T + "test_the_dungeon_is_walked_room_by_room"])
@handles(PostgameHunt)
def hunt(engine: Engine, state: CampaignState, act: PostgameHunt, dice: Dice) -> Result:
    """"In the case of Rites of the Apocrypha, you can only choose Hunts that are not marked (you haven't won them
    yet), but that you have unlocked (all the preceding Hunts leading into them are marked)." and "Instead of playing
    on a Kingdom map, you will venture into a Dungeon"."""
    p = h.postgame(state)
    _idle(state, p)
    sheet = h.tower(engine, p)
    chosen = sheet.hunt(act.hunt)
    if chosen is None:
        raise RuleError(f"there is no Hunt {act.hunt!r} in {sheet.name}; the Hunts are: "
                        f"{', '.join(x.id for x in sheet.hunts)}")
    if chosen.id in p.marked:
        raise RuleError(f"Hunt {chosen.id} is marked already (you won it): replay it as a Custom Hunt "
                        f"(/postgame custom monster:{chosen.monster} level:{chosen.level}), without Legendary rewards")
    if chosen.id not in h.unlocked(sheet, p.marked):
        missing = [b for b in chosen.after if b not in p.marked]
        raise RuleError(f"Hunt {chosen.id} is locked: win {', '.join(missing)} first (all the preceding Hunts must be "
                        f"marked); the Hunts you can choose are: {', '.join(h.unlocked(sheet, p.marked))}")
    monster = engine.catalogue.monsters.get(chosen.monster)
    if monster is None:
        raise RuleError(f"the Monster {chosen.monster!r} of Hunt {chosen.id} is not in the loaded packs")
    lines: list[Line] = [pf.HuntBegun(hunt=chosen.id, name=chosen.name, monster=monster.name, level=chosen.level)]
    lines += h.begin(engine, p, chosen.id, chosen.monster, chosen.level, chosen.dungeon)
    return _result(engine, state, lines)


@implements("Custom Hunts", tests=[T + "test_a_custom_hunt_needs_a_level_defeated_in_the_postgame",
                                   T + "test_a_custom_hunt_grants_no_legendary_rewards"])
@handles(PostgameCustom)
def custom(engine: Engine, state: CampaignState, act: PostgameCustom, dice: Dice) -> Result:
    """"choose a Monster and decide which level you want to face. You can only choose a Monster Level if you have
    defeated it in the Postgame. Note that these Hunts do not grant you any Legendary rewards." """
    p = h.postgame(state)
    _idle(state, p)
    sheet = h.tower(engine, p)
    monster = engine.catalogue.monsters.get(act.monster)
    if monster is None:
        raise RuleError(f"there is no Monster {act.monster!r}; the Monsters are: "
                        f"{', '.join(engine.catalogue.monsters)}")
    beaten = p.defeated.get(monster.id, [])
    if act.level not in beaten:
        where = (f"the levels defeated are {', '.join(map(str, beaten))}" if beaten else
                 "no level of it is defeated yet")
        raise RuleError(f"{monster.name} level {act.level} has not been defeated in the Postgame ({where}): you can "
                        "only choose a Monster Level if you have defeated it in the Postgame")
    dungeon_id = act.dungeon or next((x.dungeon for x in sheet.hunts if x.monster == monster.id), None) or next(
        iter(engine.catalogue.dungeons), None)
    if dungeon_id is None:
        raise RuleError("no loaded pack defines a Dungeon (kind: dungeon)")
    lines: list[Line] = [pf.HuntBegun(hunt=None, monster=monster.name, level=act.level)]
    lines += h.begin(engine, p, None, monster.id, act.level, h.dungeon(engine, dungeon_id).id)
    return _result(engine, state, lines)


def _run(state: CampaignState) -> tuple[PostgameState, HuntRun]:
    p = h.postgame(state)
    if p.run is None:
        raise RuleError("no Hunt is under way: choose one with /postgame hunt hunt:<id> (or /postgame custom)")
    return p, p.run


@handles(PostgameMove)
def move(engine: Engine, state: CampaignState, act: PostgameMove, dice: Dice) -> Result:
    p, run = _run(state)
    return _result(engine, state, h.enter(engine, state, p, run, act.room))


@implements("General Postgame Rules", status="assisted", tests=[T + "test_clues_become_opening_or_break_tokens",
                                                                T + "test_adjust_threat_and_clues_by_hand"],
            note="Clues -> Opening/Break at the Clash start is automated; Postgame-only rewards and the Techniques "
            "that cannot be used in Dungeons are told, not enforced")
@handles(PostgameAdjust)
def adjust(engine: Engine, state: CampaignState, act: PostgameAdjust, dice: Dice) -> Result:
    """"Techniques that do refer to elements present in the Dungeons, e.g. Encounters or gaining Threat, work
    normally." and "If an effect would cause the party to gain a Clue token": entered by hand."""
    p, run = _run(state)
    if not act.threat and not act.clues:
        raise RuleError("say what changed: threat:<+n/-n> and/or clues:<+n/-n>")
    if run.clues + act.clues < 0:
        raise RuleError(f"the party has only {run.clues} Clue token(s)")
    if run.dungeon_won and act.threat:
        raise RuleError("the Dungeon is won already: its Threat no longer matters")
    d = h.dungeon(engine, run.dungeon)
    run.clues += act.clues
    run.threat = max(0, run.threat + act.threat)
    lines: list[Line] = [pf.DungeonThreat(threat=run.threat, threat_max=d.threat_max, clues=run.clues)]
    if run.threat >= d.threat_max:
        lines += h.lose_dungeon(p, run, "threat", d.threat_max)
    return _result(engine, state, lines)


@handles(PostgameClash)
def clash(engine: Engine, state: CampaignState, act: PostgameClash, dice: Dice) -> Result:
    """"If an effect would cause the party to gain a Clue token, at the start of Clash you may exchange it for 1
    Opening or Break token." The Hunt's Clash is a Full Clash against its Monster at its level."""
    p, run = _run(state)
    if not run.dungeon_won:
        raise RuleError("the Dungeon is not won yet: reach the lair first (\"you need to win both the Dungeon and the "
                        "following Clash\")")
    if run.clash_seen:
        raise RuleError("this Hunt's Clash has already begun")
    if act.opening + act.breaks > run.clues:
        raise RuleError(f"the party has {run.clues} Clue token(s): opening:{act.opening} break:{act.breaks} asks for "
                        f"{act.opening + act.breaks}")
    knights = [k.id for k in state.knights.values() if not k.dead]
    started = clash_start(engine, state, ClashStart(monster=run.monster, level=run.level, clash_type="full"), dice)
    state = started.state
    p, run = _run(state)
    assert state.clash is not None
    pool = state.clash.flow.pool
    for token, n in (("opening", act.opening), ("break", act.breaks)):
        if n:
            pool[token] = pool.get(token, 0) + n
            run.exchanged[token] = n
    kept = run.clues - act.opening - act.breaks
    run.clues = kept
    run.knights, run.clash_seen = knights, True
    lines: list[Fact] = [pf.HuntClash(monster=run.monster_name, level=run.level)]
    if act.opening or act.breaks:
        lines.append(pf.CluesExchanged(opening=act.opening, breaks=act.breaks))
    if kept:
        lines.append(pf.CluesKept(kept=kept))
    events = [Event(kind="postgame", fact=line) for line in lines] + started.events
    return Result(state=state, events=events, data={**started.data, "postgame": h.summary(engine, state)})


@handles(PostgameAbandon)
def abandon(engine: Engine, state: CampaignState, act: PostgameAbandon, dice: Dice) -> Result:
    """Leave the Hunt under way (before its Clash): it is not won."""
    p, run = _run(state)
    if state.clash is not None:
        raise RuleError("the Hunt's Clash is running: play it out, then /clash end")
    return _result(engine, state, h.lose_dungeon(p, run, "left"))


@implements("Legendary Rewards", status="assisted", tests=[T + "test_a_legendary_reward_is_claimed_once"],
            note="recorded and shown as Postgame-only; their effects are applied by hand")
@handles(PostgameClaim)
def claim(engine: Engine, state: CampaignState, act: PostgameClaim, dice: Dice) -> Result:
    """"When you succeed in a Hunt (both the Dungeon and the Clash) against a Monster rewarding Legendary Gear cards
    for the first time, you may exchange a Clash Loot card for one of them instead of the usual Gear cards." and "The
    use of Legendary rewards is limited to this mode, unless specifically stated otherwise." """
    p = h.postgame(state)
    sheet = h.tower(engine, p)
    k = find_knight(state, act.knight)
    reward = next((r for r in sheet.legendary if r.id == act.reward), None)
    if reward is None:
        raise RuleError(f"there is no Legendary reward {act.reward!r}; they are: "
                        f"{', '.join(r.id for r in sheet.legendary)}")
    if reward.id in p.claimed:
        holder = state.knights.get(p.claimed[reward.id])
        raise RuleError(f"{reward.name} was already claimed by {holder.name if holder else p.claimed[reward.id]}")
    owed = next((o for o in p.owed if reward.id in o.rewards), None)
    if owed is None:
        offered = [r for o in p.owed for r in o.rewards]
        raise RuleError(f"{reward.name} is not offered now: it comes with the first win of its Hunt; offered now: "
                        f"{', '.join(offered) or 'nothing'}")
    p.owed.remove(owed)
    p.claimed[reward.id] = k.id
    return _result(engine, state, [pf.LegendaryClaimed(knight=k.name, reward=reward.name, hunt=owed.hunt),
                                   pf.LegendaryByHand(text=reward.text), pf.LegendaryPostgameOnly()])
