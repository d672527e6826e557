"""Engine handlers of the Rogue's Path (rulebook "Rogue's Path: Alternative Campaign Structure" to "Rogue's Path
Monster Tables"): starting the campaign, tackling a node, the owned Monsters, claiming rewards, the Outpost.
The end of a node's Clash is resolved by the observer rules/rogue/campaign.py ``follow``; docs/rogue.md."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.rosegraal import REWARD_NAMES, ROMAN, monster_key
from rules.clash.handlers import ClashStart
from rules.clash.handlers import start as clash_start
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles, observes
from rules.errors import RuleError
from rules.facts import Fact
from rules.knights.find import find_knight
from rules.rogue import campaign as c
from rules.rogue import facts as rf
from rules.rogue.state import OutpostVisit, RogueState, Tackle
from rules.rogue.tables import content_monster, owns, roll_monster
from rules.state import CampaignState

Id = Annotated[str, Field(min_length=1, max_length=64)]
T = "tests/rogue/test_rogue.py::"
START_GOLD = 10
START_RESURRECTIONS = 5

observes(c.follow)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RogueStart(_Action):
    type: Literal["rogue_start"] = "rogue_start"
    rosegraal: Id | None = Field(None, description="the Rosegraal Sheet (content id); default: the only one")


class RogueNode(_Action):
    type: Literal["rogue_node"] = "rogue_node"
    node: Id


class RogueOwned(_Action):
    type: Literal["rogue_owned"] = "rogue_owned"
    add: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(default_factory=list, max_length=40)
    remove: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(default_factory=list, max_length=40)


class RogueClaim(_Action):
    type: Literal["rogue_claim"] = "rogue_claim"
    knight: Id
    reward: Id


class RogueOutpost(_Action):
    type: Literal["rogue_outpost"] = "rogue_outpost"


def _result(engine: Engine, state: CampaignState, lines: list[Fact], kind: str = "rogue") -> Result:
    return Result(state=state, events=[Event(kind=kind, fact=line) for line in lines],
                  data={"rogue": c.summary(engine, state)})


@implements("Rogue's Path: Alternative Campaign Structure", tests=[T + "test_start_gives_gold_and_resurrections",
                                                                   T + "test_start_twice_is_refused"])
@implements("Setup", chapter="Optional Game Rules", tests=[T + "test_start_gives_gold_and_resurrections",
                                                          T + "test_start_twice_is_refused"])
@handles(RogueStart)
def start(engine: Engine, state: CampaignState, act: RogueStart, dice: Dice) -> Result:
    """"each Knight gains 10 Gold. Then, the Knights, as a group, gain a total of 5 resurrections." and "cross out
    the S node on the Rosegraal to mark the start of the campaign"."""
    if state.rogue is not None and state.rogue.outcome is None:
        raise RuleError("a Rogue's Path campaign is already under way (/rogue status)")
    if state.clash is not None:
        raise RuleError("a Clash is running: end it first with /clash end")
    sheets = engine.catalogue.rosegraals
    if act.rosegraal is None:
        if not sheets:
            raise RuleError("no loaded pack defines a Rosegraal (kind: rosegraal)")
        sheet = next(iter(sheets.values()))
    elif act.rosegraal in sheets:
        sheet = sheets[act.rosegraal]
    else:
        raise RuleError(f"there is no Rosegraal {act.rosegraal!r}; the Rosegraals are: {', '.join(sheets) or 'none'}")
    knights = c.living(state)
    if not knights:
        raise RuleError("choose your Knights first: create them with /knight create")
    for k in knights:
        k.sheet.gold += START_GOLD
    state.rogue = RogueState(rosegraal=sheet.id, party_size=len(knights), resurrections=START_RESURRECTIONS,
                             crossed=[sheet.start], owned=sorted(engine.catalogue.monsters))
    lines: list[Fact] = [
        rf.RogueStarted(rosegraal=sheet.name, knights=[k.name for k in knights], gold=START_GOLD,
                        resurrections=START_RESURRECTIONS),
        rf.RogueOwnedAll(), rf.RogueNextRound(nodes=c.reachable(sheet, state.rogue.crossed), first=True)]
    if state.squires:
        lines.append(rf.RogueSquiresStay())
    return _result(engine, state, lines)


@implements("Rosegraal Round", tests=[T + "test_a_node_must_connect_to_a_crossed_node",
                                      T + "test_a_node_starts_the_clash_against_a_monster_of_its_table"])
@implements("Knight Tier (Rogue's Path)", status="assisted", tests=[T + "test_gated_effects_read_the_node_tier"],
            note="data.rogue.tier and rules.rogue.campaign.gate_tier: the tier of the node being tackled; the "
            "Clash's tier gates (rules/clash/peril.py) still read the Knight Sheet's tier")
@handles(RogueNode)
def node(engine: Engine, state: CampaignState, act: RogueNode, dice: Dice) -> Result:
    """"simply choose a node connecting to any of your previously crossed out nodes"; "you will have to battle a
    random Monster from the chosen Kingdom ... at the node's level. ... You proceed to that Clash as normal." """
    r = c.rogue(state)
    if r.outcome is not None:
        raise RuleError(f"this Rogue's Path is over ({r.outcome}); /rogue start begins a new one")
    if r.tackling is not None:
        raise RuleError(f"node {r.tackling.node} is being tackled: finish its Clash (/clash end) first")
    if state.clash is not None:
        raise RuleError("a Clash is running: end it first with /clash end")
    sheet = c.rosegraal(engine, r)
    chosen = sheet.node(act.node)
    if chosen is None:
        raise RuleError(f"there is no node {act.node!r} on {sheet.name}; the nodes are: "
                        f"{', '.join(n.id for n in sheet.nodes)}")
    if chosen.id in r.crossed:
        raise RuleError(f"node {chosen.id} is already crossed out")
    open_nodes = c.reachable(sheet, r.crossed)
    if chosen.id not in open_nodes:
        raise RuleError(f"node {chosen.id} does not connect to a crossed-out node; the nodes you can choose are: "
                        f"{', '.join(open_nodes)}")
    assert chosen.section is not None
    tables = engine.catalogue.rogue_tables.get(chosen.section)
    if tables is None:
        raise RuleError(f"node {chosen.id} lies in the section {chosen.section!r}, whose Monster tables no loaded pack "
                        "defines")
    rolled = roll_monster(tables, chosen.level, dice, lambda row: owns(engine.catalogue, r.owned, row))
    monster = content_monster(engine.catalogue, rolled.row)
    assert monster is not None
    knights = [k.id for k in c.living(state)]
    started = clash_start(engine, state, ClashStart(monster=monster.id, level=rolled.row.level, clash_type="full"),
                          dice)
    state = started.state
    r = c.rogue(state)
    r.round += 1
    r.tackling = Tackle(node=chosen.id, tier=chosen.level, monster=monster.id, monster_name=monster.name,
                        level=rolled.row.level, rolls=rolled.rolls, knights=knights, clash_seen=True)
    lines: list[Fact] = [rf.RogueRoundStarted(round=r.round, node=chosen.id, level=chosen.level, tables=tables.name)]
    lines += rolled.skipped
    lines.append(rf.RogueMonsterRolled(roll=rolled.rolls[-1], monster=monster.name, monster_level=rolled.row.level,
                                       level=chosen.level))
    events = [Event(kind="rogue", fact=line) for line in lines] + started.events
    data = {**started.data, "rogue": c.summary(engine, state), "naturals": rolled.rolls}
    return Result(state=state, events=events, data=data)


@handles(RogueOwned)
def owned(engine: Engine, state: CampaignState, act: RogueOwned, dice: Dice) -> Result:
    """The Monsters the group owns (for the asterisk): names or content ids; one the packs lack is noted."""
    r = c.rogue(state)
    if not act.add and not act.remove:
        raise RuleError("name Monsters to add:\"A,B\" or remove:\"A,B\"")
    lines: list[Fact] = []
    known = {monster_key(m.name): m.id for m in engine.catalogue.monsters.values()} | {
        m: m for m in engine.catalogue.monsters}
    for name in act.add:
        key = known.get(monster_key(name), monster_key(name))
        if key not in r.owned:
            r.owned.append(key)
        if key not in engine.catalogue.monsters:
            lines.append(rf.RogueOwnedUnknown(name=name))
    for name in act.remove:
        key = known.get(monster_key(name), monster_key(name))
        if key not in r.owned:
            raise RuleError(f"{name!r} is not in the owned list ({', '.join(r.owned) or 'empty'})")
        r.owned.remove(key)
    r.owned.sort()
    lines.insert(0, rf.RogueOwned(owned=list(r.owned)))
    return _result(engine, state, lines)


@implements("Rosegraal Sheet Legend", tests=[T + "test_a_reward_is_claimed_once"],
            note="/rogue claim: a reward of the node's kind and level or lower, once per campaign")
@handles(RogueClaim)
def claim(engine: Engine, state: CampaignState, act: RogueClaim, dice: Dice) -> Result:
    """"each participating Knight also gains one reward of a given kind ..., of the current Node level or lower";
    "Remember, each reward can be claimed only once!" A Wild card reward takes a reward of any kind."""
    r = c.rogue(state)
    sheet = c.rosegraal(engine, r)
    k = find_knight(state, act.knight)
    reward = next((w for w in sheet.rewards if w.id == act.reward), None)
    if reward is None:
        raise RuleError(f"there is no reward {act.reward!r}; the rewards are: "
                        f"{', '.join(w.id for w in sheet.rewards)}")
    if reward.id in r.claimed:
        holder = state.knights.get(r.claimed[reward.id])
        raise RuleError(f"{reward.name} was already claimed by {holder.name if holder else r.claimed[reward.id]}: "
                        "each reward can be claimed only once")
    mine = [o for o in r.owed if o.knight == k.id]
    fits = [o for o in mine if o.kind == reward.kind and o.level >= reward.level] + [
        o for o in mine if o.kind == "wild" and o.level >= reward.level]
    if not fits:
        owed = ", ".join(f"{REWARD_NAMES[o.kind]} (level {ROMAN[o.level]} or lower, node {o.node})" for o in mine)
        raise RuleError(f"{k.name} is owed no {REWARD_NAMES[reward.kind]} reward of level {ROMAN[reward.level]} or "
                        f"higher; {k.name} is owed: {owed or 'nothing'}")
    r.owed.remove(fits[0])
    r.claimed[reward.id] = k.id
    lines: list[Fact] = [rf.RogueClaimed(knight=k.name, reward=reward.name, kind=reward.kind, level=reward.level),
                         rf.RogueRewardByHand(text=reward.text)]
    return _result(engine, state, lines)


@implements("Outpost Phase (Rogue's Path)", status="assisted",
            tests=[T + "test_the_outpost_is_visited_between_clashes"],
            note="/rogue outpost records the visit; the Outpost Phase itself is played with the Outpost commands")
@handles(RogueOutpost)
def outpost(engine: Engine, state: CampaignState, act: RogueOutpost, dice: Dice) -> Result:
    """"At any time during a Rosegraal Round, before or after a Clash, you may visit your Kingdom's Outpost, and
    perform an Outpost Phase." """
    r = c.rogue(state)
    if r.outcome is not None:
        raise RuleError(f"this Rogue's Path is over ({r.outcome})")
    if state.clash is not None:
        raise RuleError("the Outpost is visited before or after a Clash, not during one: end it first with /clash end")
    r.outpost.append(OutpostVisit(round=r.round, after_clash=r.tackling is None and r.round > 0))
    lines: list[Fact] = [rf.RogueOutpost(round=r.round)]
    return _result(engine, state, lines)
