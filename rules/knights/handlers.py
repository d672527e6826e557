"""Engine handlers for Knights: every reply carries ``data.knight`` (DESIGN.md's shared shape)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Result, event, handles
from rules.errors import RuleError
from rules.facts import Line, joined, said
from rules.knights import actions as a
from rules.knights import board as bd
from rules.knights import conditions
from rules.knights import expedition as ex
from rules.knights import loadout as lo
from rules.knights import record_facts as rf
from rules.knights import sheet as sh
from rules.knights import statistics as st
from rules.knights import techniques as tq
from rules.knights.state import KnightState
from rules.knights.view import new_knight, slug, summary
from rules.state import REFRESH_CONDITIONS_VERSION, TECHNIQUE_ACTION_VERSION, CampaignState

U = "tests/clash/test_unexhausting.py::"

MAX_KNIGHTS = 40


def _knight(state: CampaignState, kid: str) -> KnightState:
    k = state.knights.get(kid)
    if k is None:
        raise RuleError(f"there is no Knight {kid!r} in this campaign (/knight list shows them)")
    return k


def _done(engine: Engine, state: CampaignState, k: KnightState, lines: Sequence[Line], kind: str = "knight",
          **extra: Any) -> Result:
    return Result(state=state, events=[event(kind, joined(lines, lead=k.name))],
                  data={"knight": summary(engine.catalogue, k), **extra})


def _free_id(state: CampaignState, name: str) -> str:
    base = slug(name)
    kid, n = base, 2
    while kid in state.knights:
        kid, n = f"{base}-{n}", n + 1
    return kid


@handles(a.KnightCreate)
def create(engine: Engine, state: CampaignState, act: a.KnightCreate, dice: Dice) -> Result:
    knight = engine.catalogue.knights.get(act.content)
    if knight is None:
        known = ", ".join(sorted(engine.catalogue.knights))
        raise RuleError(f"there is no Knight {act.content!r} in the loaded packs; the Knights are: {known}")
    if len(state.knights) >= MAX_KNIGHTS:
        raise RuleError(f"a campaign holds at most {MAX_KNIGHTS} Knights")
    if any(k.name.lower() == act.name.lower() for k in state.knights.values()):
        raise RuleError(f"a Knight named {act.name!r} already exists in this campaign; choose another name:")
    k = new_knight(engine.catalogue, knight, act.name, act.owner, _free_id(state, act.name))
    state.knights[k.id] = k
    return _done(engine, state, k, [said(rf.KnightJoined(card=knight.name, owner=act.owner, vigor=k.stats.vigor,
                                                         heat_limit=st.heat_limit(engine.catalogue, k)))])


@handles(a.KnightImport)
def import_knight(engine: Engine, state: CampaignState, act: a.KnightImport, dice: Dice) -> Result:
    try:
        k = KnightState.model_validate({**act.knight_json, "owner": act.owner})
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise RuleError(f"that is not an exported Knight: {where}: {err['msg']}") from None
    if k.knight not in engine.catalogue.knights:
        raise RuleError(f"that Knight is a {k.knight!r}, which no loaded content pack defines")
    if k.id in state.knights or any(o.name.lower() == k.name.lower() for o in state.knights.values()):
        raise RuleError(f"this campaign already has a Knight {k.name!r}; rename or remove it first")
    summary(engine.catalogue, k)  # every part must resolve against the content
    state.knights[k.id] = k
    return _done(engine, state, k, [said(rf.KnightImported())])


@handles(a.KnightStat)
def stat(engine: Engine, state: CampaignState, act: a.KnightStat, dice: Dice) -> Result:
    k, cat, n = _knight(state, act.knight), engine.catalogue, act.change
    if n == 0:
        raise RuleError("change: must not be 0, e.g. change:2 or change:-1")
    if act.cost and act.stat not in ("heat", "vigor"):
        raise RuleError("cost:true is for Heat gained or Vigor lost to pay a cost")
    if act.stat == "passion":
        lines = st.change_passion(cat, k, n)
    elif act.stat == "heat":
        lines = st.change_heat(cat, k, n, voluntary=act.cost)
    elif act.stat == "vigor":
        if act.cost and n > 0:
            raise RuleError("a cost loses Vigor: use a negative change, e.g. change:-1 cost:true")
        lines = st.change_vigor(cat, k, n, voluntary=act.cost)
    elif act.stat == "bane":
        lines = st.change_bane(cat, k, n)
    elif act.stat == "max_vigor":
        lines = st.change_max_vigor(cat, k, n)
    elif act.stat == "heat_limit":
        lines = st.change_heat_limit(cat, k, n)
    elif act.stat == "bane_limit":
        lines = st.change_bane_limit(cat, k, n)
    elif act.stat == "leads":
        lines = sh.change_leads(k, n)
    else:
        lines = ex.modifier(k, act.stat, n, temporary=act.temporary)
    if act.temporary and act.stat not in ("precision", "evasion", "speed"):
        raise RuleError("temporary: is for Modifier tokens only (stat:precision, evasion or speed)")
    if act.reason:
        lines.append(said(rf.KnightReason(reason=act.reason)))
    return _done(engine, state, k, lines)


@handles(a.KnightTier)
def tier(engine: Engine, state: CampaignState, act: a.KnightTier, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    lines = sh.change_tier(k, act.tier) + st.clamp_vigor(engine.catalogue, k)
    return _done(engine, state, k, lines)


@handles(a.KnightMark)
def mark(engine: Engine, state: CampaignState, act: a.KnightMark, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    if act.what in ("quest", "investigation", "success"):
        if act.chapter is None:
            raise RuleError("chapter: is needed (1 to 5)")
        lines = sh.mark_tale(k, act.what, act.chapter, act.number, act.leads)
    elif act.what in ("choice", "cross"):
        if not act.node:
            raise RuleError("node: is needed, e.g. node:01")
        lines = sh.mark_choice(k, act.node, cross=act.what == "cross")
    elif act.what == "first_death":
        lines = sh.mark_first_death(k)
    else:
        lines = sh.set_sigh(k, act.what == "sigh")
    return _done(engine, state, k, lines)


@handles(a.KnightVirtue)
def virtue(engine: Engine, state: CampaignState, act: a.KnightVirtue, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    return _done(engine, state, k, sh.add_virtue(k, act.virtue, act.change, act.source))


@handles(a.KnightVice)
def vice(engine: Engine, state: CampaignState, act: a.KnightVice, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    if act.change == 0:
        raise RuleError("change: must not be 0")
    return _done(engine, state, k, sh.change_vice(k, act.vice, act.change))


@handles(a.KnightGold)
def gold(engine: Engine, state: CampaignState, act: a.KnightGold, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    if act.change == 0:
        raise RuleError("change: must not be 0")
    lines = sh.change_gold(k, act.change) + ([said(rf.KnightReason(reason=act.reason))] if act.reason else [])
    return _done(engine, state, k, lines)


@handles(a.KnightResource)
def resource(engine: Engine, state: CampaignState, act: a.KnightResource, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    if act.change == 0:
        raise RuleError("change: must not be 0")
    knight = engine.catalogue.knights[k.knight]
    lines = bd.change_resource(knight, k, act.token, act.change) + (
        [said(rf.KnightReason(reason=act.reason))] if act.reason else [])
    return _done(engine, state, k, lines)


@handles(a.KnightArmory)
def armory(engine: Engine, state: CampaignState, act: a.KnightArmory, dice: Dice) -> Result:
    k, cat = _knight(state, act.knight), engine.catalogue
    if act.op == "add":
        lines = lo.armory_add(cat, k, act.gear, act.buy)
    elif act.op == "remove":
        lines = lo.armory_remove(cat, k, act.gear)
    elif act.op == "reforge":
        lines = lo.reforge(cat, k, act.gear)
    else:
        lines = lo.attach_upgrade(cat, k, act.gear, act.upgrade)
    return _done(engine, state, k, lines)


@handles(a.KnightBoardChoice)
def board(engine: Engine, state: CampaignState, act: a.KnightBoardChoice, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    lines = bd.choose(engine.catalogue, k, act.portrait, act.heroic_arc, act.peril_arc, act.talent, act.techniques)
    return _done(engine, state, k, lines)


@handles(a.KnightUnlock)
def unlock(engine: Engine, state: CampaignState, act: a.KnightUnlock, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    return _done(engine, state, k, bd.unlock(engine.catalogue, k, act.item))


@handles(a.KnightLoadout)
def loadout(engine: Engine, state: CampaignState, act: a.KnightLoadout, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    return _done(engine, state, k, lo.equip(engine.catalogue, k, act.gear, act.knighves))


@handles(a.KnightNote)
def note(engine: Engine, state: CampaignState, act: a.KnightNote, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    if act.kind == "tally":
        lines = sh.tally(k, act.text, -abs(act.change) if act.remove else act.change)
    elif act.kind == "rapport":
        lines = sh.gain_rapport(k, act.text, act.boon)
    else:
        lines = sh.note(k, act.kind, act.text, act.remove)
    return _done(engine, state, k, lines)


@handles(a.KnightTechnique)
def technique(engine: Engine, state: CampaignState, act: a.KnightTechnique, dice: Dice) -> Result:
    k, cat = _knight(state, act.knight), engine.catalogue
    if act.op == "refresh":
        lines: Sequence[Line] = tq.refresh(cat, k, list(act.cards), state.version >= REFRESH_CONDITIONS_VERSION)
    elif act.op == "end_round":
        lines = tq.end_of_round(k)
    else:
        if act.technique is None:
            raise RuleError("technique: is needed (the Technique's id)")
        if act.op == "delve" or act.op == "clash" or act.op == "exert":
            spent = technique_action(engine, state, k, act.technique) if act.op == "clash" else []
            lines = [*spent, *tq.use(cat, k, act.technique, act.op)]
        else:
            lines = tq.move(k, act.technique, act.op)
    return _done(engine, state, k, lines, techniques=dict(k.board.techniques))


@implements("Other Uses of Movement Actions", tests=[U + "test_unexhausting_spends_an_action_of_the_turn"])
def unexhausting(engine: Engine, state: CampaignState, k: KnightState, spend: str | None) -> list[Line]:
    """"Each Knight may spend their Movement Action or Combat Action to unexhaust all exhausted equipped game
    elements": during a Clash it is an action of the Knight's own turn; outside a Clash, bookkeeping."""
    from rules.clash import rounds
    from rules.knights.find import board_id

    clash = state.clash
    if clash is None or clash.over is not None:
        return []
    if clash.flow.phase != "knight":
        raise RuleError("in a Clash, unexhausting spends an action of the Knight's own turn: wait for the Knight Round")
    if spend is None:
        raise RuleError("in a Clash, unexhausting all spends your Movement Action or Combat Action: say which with "
                        "spend:movement or spend:combat")
    lines = rounds.open_turn(engine, state, board_id(state, k.id))
    turn = clash.flow.turn
    assert turn is not None
    if (turn.moved if spend == "movement" else turn.attacked):
        raise RuleError(f"{k.name} has already used the {spend.title()} Action this turn")
    if spend == "movement":
        turn.moved = True
    else:
        turn.attacked = True
    return lines + [said(rf.KnightActionSpent(knight=k.name, action=spend))]


ACTIONS = {"movement": ("moved",), "combat": ("attacked",), "complicated": ("moved", "attacked")}


@implements("Technique Cards", tests=[
    "tests/clash/test_technique_actions.py::test_a_technique_costing_the_movement_action_spends_it",
    "tests/clash/test_technique_actions.py::test_a_spent_movement_action_refuses_the_technique"])
def technique_action(engine: Engine, state: CampaignState, k: KnightState, tid: str) -> list[Line]:
    """Rulebook, "Technique Cards": "When you use a Technique, you must first pay its cost." and "Knight Turns":
    "Some effects and abilities may require you to spend one or both of your actions. You can only spend an action if
    you haven't performed it yet, and after it is spent it cannot be performed again this turn." A Clash Technique
    whose cost names an action (Smokescreen: the Movement Action; a Complicated Action both, "only if the Knight ...
    still has at least one unused action of each type") is used in the Knight's own turn, with that action unspent,
    and spends it; its Exert effect ignores the cost. Outside a Clash, or in a campaign created before state version
    6 (``TECHNIQUE_ACTION_VERSION``), the cost is the players' to track."""
    from rules.clash import rounds
    from rules.knights.find import board_id

    clash = state.clash
    side = tq.technique(engine.catalogue, k, tid).clash
    action = side.cost.action
    if action is None or clash is None or clash.over is not None or state.version < TECHNIQUE_ACTION_VERSION:
        return []
    what = f"{side.name} costs the {action.title()} Action"
    if clash.flow.phase != "knight":
        raise RuleError(f"{what}: it is used in {k.name}'s own turn, in the Knight Round (the Exert effect ignores "
                        "the cost: `action:exert`); nothing was changed")
    lines = rounds.open_turn(engine, state, board_id(state, k.id))
    turn = clash.flow.turn
    assert turn is not None
    spent = [name for name in ACTIONS[action] if getattr(turn, name)]
    if spent:
        used = " and ".join("Movement" if s == "moved" else "Combat" for s in spent)
        raise RuleError(f"{what}, and {k.name} has already used the {used} Action this turn: an action is spent "
                        "once a turn (the Exert effect ignores the cost: `action:exert`); nothing was changed")
    for name in ACTIONS[action]:
        setattr(turn, name, True)
    return lines + [said(rf.KnightActionSpent(knight=k.name, action=action, technique=side.name))]


@handles(a.KnightGear)
def gear(engine: Engine, state: CampaignState, act: a.KnightGear, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    if act.op == "unexhaust_all":
        lines: Sequence[Line] = [*unexhausting(engine, state, k, act.spend), *lo.unexhaust_all(k)]
    else:
        if act.gear is None:
            raise RuleError("gear: is needed (the Gear card's id)")
        lines = lo.gear_action(engine.catalogue, k, act.gear, act.op)
    return _done(engine, state, k, lines)


@handles(a.KnightCondition)
def condition(engine: Engine, state: CampaignState, act: a.KnightCondition, dice: Dice) -> Result:
    k = _knight(state, act.knight)
    deck = engine.catalogue.decks.get("condition")
    card = act.card
    for c in deck.cards if deck else []:
        if card.lower() in (c.id, c.name.lower()):
            card = c.name
            why = conditions.immune_to(engine.catalogue, k, c) if act.op == "gain" else None
            if why is not None:  # Immune to X: "You cannot gain" it, by hand as in the Clash
                raise RuleError(why + " Nothing was changed.")
    return _done(engine, state, k, ex.condition(k, card, act.op))


@handles(a.KnightExpedition)
def expedition(engine: Engine, state: CampaignState, act: a.KnightExpedition, dice: Dice) -> Result:
    k, cat = _knight(state, act.knight), engine.catalogue
    step = {"start": ex.start, "spoils": ex.spoils, "aftermath": ex.aftermath}[act.step]
    return _done(engine, state, k, step(cat, k))
