"""The Rogue's Path campaign: the Rosegraal, resurrections, the end of a node's Clash, rewards (docs/rogue.md).

The Clash of a node is a normal Clash (/clash ...). Its end is learnt by an engine observer, ``follow``, like the
Expedition's: while the Clash runs it notes which Knights died and whether it was won; once the Clash is gone it
resolves the Rosegraal Round (resurrections, rewards, the node crossed out, the campaign won or lost).
"""

from __future__ import annotations

from typing import Any

from content.schema.rosegraal import TIER_KEYS, Rosegraal, RosegraalNode
from rules.clash import aftermath as after
from rules.coverage import implements
from rules.engine import Engine, Event
from rules.errors import RuleError
from rules.facts import Fact
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.rogue import facts as rf
from rules.rogue.state import Owed, RogueState, Tackle
from rules.state import CampaignState

T = "tests/rogue/test_rogue.py::"


def rogue(state: CampaignState) -> RogueState:
    if state.rogue is None:
        raise RuleError("no Rogue's Path campaign is under way: the GM starts one with /rogue start")
    return state.rogue


def rosegraal(engine: Engine, r: RogueState) -> Rosegraal:
    found = engine.catalogue.rosegraals.get(r.rosegraal)
    if found is None:
        raise RuleError(f"the Rosegraal {r.rosegraal!r} of this campaign is not in the loaded packs")
    return found


def reachable(sheet: Rosegraal, crossed: list[str]) -> list[str]:
    """Rulebook, "Rosegraal Round": "choose a node connecting to any of your previously crossed out nodes"."""
    out = {n for c in crossed for n in sheet.neighbours(c)} - set(crossed)
    return [n.id for n in sheet.nodes if n.id in out]


def living(state: CampaignState) -> list[KnightState]:
    return [k for k in state.knights.values() if not k.dead]


def gate_tier(state: CampaignState, k: KnightState) -> str:
    """The tier that gated effects (Techniques, Loot cards, gated abilities) read for a Knight: on the Rogue's Path
    "refer to the tier of the Node you are tackling" (1848), else the Knight's own tier. Between two nodes the
    Knight's own tier applies. For the modules that gate by tier (rules/clash/peril.py reads ``sheet.tier``)."""
    r = state.rogue
    if r is not None and r.tackling is not None:
        return TIER_KEYS[r.tackling.tier]
    return k.sheet.tier


def summary(engine: Engine, state: CampaignState) -> dict[str, Any]:
    """``data.rogue``: resurrections, crossed, reachable, round, tier, tackling, owed and claimed rewards."""
    r = rogue(state)
    sheet = rosegraal(engine, r)
    t = r.tackling
    return {
        "rosegraal": r.rosegraal, "resurrections": r.resurrections, "party_size": r.party_size,
        "crossed": list(r.crossed), "reachable": [] if r.outcome else reachable(sheet, r.crossed),
        "round": r.round, "outcome": r.outcome,
        "tier": TIER_KEYS[t.tier] if t else None,
        "tackling": t.model_dump(include={"node", "tier", "monster", "monster_name", "level", "rolls"}) if t else None,
        "owned": list(r.owned),
        "owed": [o.model_dump() for o in r.owed],
        "claimed": dict(r.claimed),
        "outpost_visits": len(r.outpost),
        "living_knights": [k.name for k in living(state)],
    }


# --- the end of a node's Clash ------------------------------------------------------------------------------


@implements("Rosegraal Clashes", tests=[T + "test_a_won_node_is_crossed_out_with_its_rewards",
                                        T + "test_a_lost_node_costs_a_resurrection_per_death_and_stays"])
def follow(engine: Engine, state: CampaignState) -> list[Event]:
    """Runs after every action. While the node's Clash runs, note the Knights seen dead and the outcome; once the
    Clash is gone (``/clash end``), resolve the Rosegraal Round."""
    r = state.rogue
    t = r.tackling if r is not None else None
    if r is None or t is None:
        return []
    if state.clash is not None:
        t.clash_seen = True
        if state.clash.over in ("victory", "defeat"):
            t.over = state.clash.over
        for k in state.knights.values():
            if k.id in t.knights and k.id not in t.died and after.is_dead(state, k):
                t.died.append(k.id)
        return []
    if not t.clash_seen:
        return []
    return [Event(kind="rogue", fact=line) for line in resolve(engine, state, r, t)]


def resolve(engine: Engine, state: CampaignState, r: RogueState, t: Tackle) -> list[Fact]:
    sheet = rosegraal(engine, r)
    node = sheet.node(t.node)
    assert node is not None
    won = t.over == "victory"
    if t.over is None and t.died and set(t.knights) <= set(t.died):
        t.over = "defeat"
    r.tackling = None
    died = [state.knights[i] for i in t.died if i in state.knights]
    record = rf.RogueRoundResolved(round=r.round, node=node.id, level=node.level, monster=t.monster_name,
                                   monster_level=t.level, result="won" if won else "lost" if t.over else "not_won")
    lines: list[Fact] = [record]
    if died:
        lines.append(rf.RogueKnightsDied(knights=[k.name for k in died]))
    lines += (win(engine, state, r, t, node) if won else lose(engine, state, r, died))
    r.history.append(record)
    lines += campaign_end(engine, state, r, node if won else None)
    return lines


def _fallen(state: CampaignState, died: list[KnightState]) -> list[KnightState]:
    """The party's Knights waiting for a resurrection: those who died in this Clash (the Clash Aftermath already
    stood them up) and those still dead, in party order."""
    ids = {k.id for k in died}
    return [k for k in state.knights.values() if k.id in ids or k.dead]


def _replace(engine: Engine, r: RogueState, fallen: list[KnightState]) -> tuple[list[Fact], list[KnightState]]:
    """Spend one resurrection per fallen Knight while the pool lasts; the others stay dead."""
    back, left = fallen[: r.resurrections], fallen[r.resurrections:]
    r.resurrections -= len(back)
    for k in back:
        if k.dead:
            k.dead = False
            top = st.max_vigor(engine.catalogue, k)
            if k.stats.vigor != top:
                st.change_vigor(engine.catalogue, k, top - k.stats.vigor)
    for k in left:
        k.dead = True
    out: list[Fact] = []
    if back:
        out.append(rf.RogueResurrected(knights=[k.name for k in back], left=r.resurrections))
    if left:
        out.append(rf.RogueStayDead(knights=[k.name for k in left]))
    return out, left


@implements("Rogue's Path Campaign Flow", tests=[T + "test_a_lost_node_costs_a_resurrection_per_death_and_stays"])
def lose(engine: Engine, state: CampaignState, r: RogueState, died: list[KnightState]) -> list[Fact]:
    """"You lose a number of resurrections equal to the number of Knights that died during the Clash. ... You do not
    gain the Rosegraal Rewards. You do not cross out the node you've tackled.\""""
    out, _ = _replace(engine, r, _fallen(state, died))
    out.append(rf.RogueNodeLost())
    return out


@implements("Rosegraal Sheet Legend", tests=[T + "test_a_won_node_is_crossed_out_with_its_rewards",
                                             T + "test_no_resurrections_and_one_survivor_refills_the_party"])
def win(engine: Engine, state: CampaignState, r: RogueState, t: Tackle, node: RosegraalNode) -> list[Fact]:
    """"You note casualties (you'll have to replace them from your resurrection pool)"; "First, you gain additional
    resurrections, as noted by the node. ... However, if you don't have any resurrections left and you end the Clash
    with less than four alive party members, you always gain as many resurrections, as to bring back the party to
    full strength."; "each participating Knight also gains one reward of a given kind"; "Finally, ... you cross out
    the node you've tackled"."""
    out, left = _replace(engine, r, _fallen(state, [state.knights[i] for i in t.died if i in state.knights]))
    gain = node.gained
    if r.resurrections == 0 and left:
        gain = max(gain, len(left))
        out.append(rf.RoguePartyRefilled(short=len(left)))
    r.resurrections += gain
    out.append(rf.RogueResurrectionsGained(gain=gain, now=r.resurrections))
    if left:
        more, _ = _replace(engine, r, left)
        out += more
    knights = [state.knights[i] for i in t.knights if i in state.knights]
    for kind in node.rewards:
        for k in knights:
            r.owed.append(Owed(knight=k.id, kind=kind, level=node.level, node=node.id))
    if node.rewards:
        out.append(rf.RogueRewardsOwed(kinds=list(node.rewards), level=node.level))
    if node.sigh:
        holder = next((k for k in knights if not k.sheet.sigh_of_the_graal), None)
        if holder is not None:
            holder.sheet.sigh_of_the_graal = True
            out.append(rf.RogueSigh(knight=holder.name))
        else:
            out.append(rf.RogueSigh(knight=None))
    r.crossed.append(node.id)
    out.append(rf.RogueNodeCrossed(node=node.id))
    return out


@implements("Winning and Losing the Rogue's Path Campaign", tests=[
    T + "test_crossing_the_last_node_wins", T + "test_losing_all_knights_and_resurrections_loses"])
def campaign_end(engine: Engine, state: CampaignState, r: RogueState, crossed: RosegraalNode | None) -> list[Fact]:
    """"If you cross out the last node of the Rosegraal, you win. If you lose all your Knights and resurrections, you
    lose.\""""
    if crossed is not None and crossed.last:
        r.outcome = "won"
        return [rf.RogueOver(outcome="won")]
    if not living(state) and r.resurrections == 0:
        r.outcome = "lost"
        return [rf.RogueOver(outcome="lost")]
    sheet = rosegraal(engine, r)
    return [rf.RogueNextRound(nodes=reachable(sheet, r.crossed))]
