"""The Knight Round of an Encounter: the Attack Action and the Help Action, with the Encounter Pool (rulebook "3. Knight
Round Step").

The Attack Action "works almost the same way as a Combat Action during a Clash": Declare Attack and Active Weapon
(a Monster miniature in the weapon's effective range on the Encounter Board), Raise Passion (no Priority check),
Attack Roll against the card's To Hit (Heat re-rolls stop for the Knight's ``enc_reroll`` decision), First Ability
Window, Power Roll against the card's AT, Clear the Encounter Pool, Second Ability Window. These are the one Knight
Attack of rules/clash/attack_sequence.py with the Encounter's venue ``ENCOUNTER`` (below): the Encounter Pool, never
the Knight Pool; no BP card and no Monster Responses; reaching the AT is a Scrape (step 8): the Scrape effect, the
Critical with a Crit Chance (once per Encounter), the Overpower.
"""

from __future__ import annotations

from typing import Any, Literal

from rules.clash import active_weapon as aw
from rules.clash import attack_roll as ar
from rules.clash import attack_sequence as seq
from rules.clash import power_roll as pw
from rules.clash.attack_facts import CritRolled
from rules.clash.attack_state import EncounterAttack
from rules.clash.falsity import has_falsity
from rules.clash.flow import Option, Pending, resumes
from rules.coverage import implements
from rules.decision_records import EncounterAttackThen
from rules.delve import encounter as geo
from rules.delve import encounter_effects as eff
from rules.delve import encounter_facts as ef
from rules.delve import encounter_flow as flow
from rules.delve.encounter_state import EncounterKnight, EncounterState
from rules.dice import Dice
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.facts import Line, said
from rules.keywords.model import ENCOUNTER as ENCOUNTER_CONTEXT
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.state import ENCOUNTER_POWER_REROLL_VERSION, CampaignState, one_attack

T = "tests/delve/test_encounter.py::"


Progress = EncounterAttack  # the record a waiting decision keeps (rules/decision_records.EncounterAttackThen)


POOL = "Encounter Pool"  # "The Encounter Pool and the Knight Pool are separate!"


def acting(state: CampaignState, enc: EncounterState, name: str | None) -> tuple[KnightState, EncounterKnight]:
    """The Knight who acts now: on the board, alive, in the Knight Round, not acted yet."""
    if enc.pending is not None:
        raise RuleError(f"the Encounter waits for a decision: {enc.pending.prompt} (`/encounter choose option:<key>`)")
    if not enc.steps or enc.steps[0] != "knight_round":
        step = enc.steps[0].replace("_", " ") if enc.steps else "over"
        raise RuleError(f"it is not the Knight Round of the Encounter yet (now: {step})")
    wanted = (name or "").strip().lower()
    found = [k for k in enc.knights if wanted in (k.knight, state.knights[k.knight].name.lower())] if wanted else []
    if not wanted:
        waiting = flow.to_act(state, enc)
        if len(waiting) != 1:
            raise RuleError("name the Knight who acts with knight: (still to act: "
                            + ", ".join(state.knights[k.knight].name for k in waiting) + ")")
        found = waiting
    if not found:
        raise RuleError(f"{name!r} is not a Knight of this Encounter; they are: "
                        + ", ".join(state.knights[k.knight].name for k in enc.knights))
    ek = found[0]
    k = state.knights[ek.knight]
    if k.dead:
        raise RuleError(f"{k.name} is dead: a dead Knight \"cannot be used in any way\"")
    if ek.status != "placed":
        raise RuleError(f"{k.name} is not on the Encounter Board ({ek.why_out or 'removed'}): they do not act")
    if ek.action is not None:
        raise RuleError(f"{k.name} has already acted in this Knight Round ({ek.action}): each Knight performs one "
                        "Attack Action or one Help Action")
    return k, ek


@implements("3. Knight Round Step", tests=[T + "test_help_places_the_space_symbols_in_the_encounter_pool",
                                            T + "test_the_encounter_pool_is_not_the_knight_pool",
                                            T + "test_attack_out_of_range_is_refused"])
def help_action(engine: Engine, state: CampaignState, knight: str | None, dice: Dice) -> Result:
    """"To use the Help Action, check the symbol on your Knight's space, and place 1 Opening token for each Opening
    symbol and 1 Break token for each Break symbol in the Encounter Pool.\""""
    _, _, enc, _, board = flow.context(engine, state)
    k, ek = acting(state, enc, knight)
    assert ek.space is not None
    ek.action = "help"
    opening, breaks = board.help_at(*ek.space)
    if opening:
        enc.pool["opening"] = enc.pool.get("opening", 0) + opening
    if breaks:
        enc.pool["break"] = enc.pool.get("break", 0) + breaks
    text = said(ef.HelpGiven(knight=k.name, space=geo.label(ek.space), mark=board.mark(*ek.space), opening=opening,
                             breaks=breaks, pool=list(enc.pool.items())))
    return flow.run(engine, state, dice, [text])


@implements("3. Knight Round Step", tests=[T + "test_a_scrape_and_the_critical_once_per_encounter",
                                            T + "test_heat_reroll_in_an_encounter_attack"])
def attack_action(engine: Engine, state: CampaignState, knight: str | None, weapon: str, target: int | None,
                  cantrip: Literal["opening", "break"] | None, dice: Dice) -> Result:
    """"To perform the Attack Action, first check if there is a valid Target in your weapon's effective range. If not,
    you cannot perform the Attack Action." Then the steps of a Combat Action, against the card's To Hit and AT."""
    cat = engine.catalogue
    _, _, enc, side, _ = flow.context(engine, state)
    k, ek = acting(state, enc, knight)
    assert ek.space is not None
    gid = aw.declare(cat, k, weapon)
    face, keywords, precision = aw.weapon_face(cat, k, gid)
    minis, what = geo.in_range(face, enc, ek.space)
    if target is not None:
        minis = [m for m in minis if m.number == target]
    if not minis:
        where = f"{k.name} on {geo.label(ek.space)}"
        which = f"Monster {target}" if target is not None else "no Monster"
        raise RuleError(f"{where} has {which} within the {face.name}'s effective range ({what}): no valid Target, so "
                        "no Attack Action — choose another weapon, or `/encounter help`")
    if enc.pool.get("cantrip", 0) and cantrip is None:
        raise RuleError("the Encounter Pool holds Cantrip tokens: say what they become (cantrip:opening or "
                        "cantrip:break)")
    ek.action = "attack"
    m = minis[0]
    declared = ef.EncounterAttackDeclared(knight=k.name, monster=enc.name,
                                          number=m.number if len(enc.monsters) > 1 else None, weapon=face.name,
                                          reach=what)
    passion = f"{k.name}: " + " ".join(st.change_passion(cat, k, 1)) + " (no Priority check in an Encounter)"
    lines: list[Line] = [declared, passion]
    t = pw.pool_tokens(enc.pool, cantrip)
    same = one_attack(state)  # a campaign created before version 3 counted the permanent Modifier tokens only
    precision = ar.precision(cat, k, precision, t) if same else precision + t.precision + k.stats.modifiers.get(
        "precision", 0)
    rolled = ar.roll(dice, face.attack_dice or 1, keywords, t, precision, side.to_hit, falsity=same)
    p = Progress(knight=k.id, weapon=gid, target=m.number, cantrip=cantrip, **rolled)
    lines.append(said(ar.rolled(p)))
    if not same and has_falsity(keywords):  # not applied here before version 3: the table is told
        lines.append(said(ef.FalsityByHand(weapon=face.name)))
    a = _attack(engine, state, dice, p, lines)
    asked = seq.offer_rerolls(a)
    return asked if asked is not None else seq.run(a)


def _reroll_prompt(k: KnightState, offer: ar.RerollOffer) -> str:
    """The Heat re-rolls of rules/clash/attack_roll.py, asked of the attacking Knight (``enc_reroll``)."""
    free = ("the Crit die free (Falsity); " if offer.crit_free else "") + (f"{offer.free} free, then " if offer.free
                                                                             else "")
    return (f"{k.name}: re-roll missed Attack dice? Up to {offer.pick} ({free}+1 Heat each; Heat "
            f"{offer.heat}/{offer.limit}), declared all at once.")


def _ask(a: seq.Attack, kind: str, prompt: str, options: list[Option], pick: int) -> Result:
    return flow.ask(a.engine, a.state, a.lines, kind, prompt, options, knights=[a.k.id],
                    then=EncounterAttackThen(attack=a.p.model_copy(deep=True)), pick=pick)


@resumes("enc_reroll")
def _reroll(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    assert isinstance(pending.then, EncounterAttackThen), f"{pending.kind} holds no Attack Action"
    a = _attack(engine, state, dice, pending.then.attack.model_copy(deep=True), [])
    seq.reroll(a, keys)
    return seq.run(a)


def _attack(engine: Engine, state: CampaignState, dice: Dice, p: Progress, lines: list[Line]) -> seq.Attack:
    return seq.Attack(engine, state, dice, ENCOUNTER, p, lines)


def _power_roll(a: seq.Attack) -> None:
    """The Power Roll against the Encounter Monster card's AT (the Knight tokens of the Encounter Pool)."""
    cat, k = a.cat, a.k
    assert cat.dice is not None
    _, _, _, side, _ = flow.context(a.engine, a.state)
    face, keywords = a.weapon
    plan = pw.create_pool(cat, k, face, a.data["hits"], a.passion)
    rerolls = pw.power_rerolls(keywords) if a.state.version >= ENCOUNTER_POWER_REROLL_VERSION else 0
    a.res = res = pw.roll(a.dice, cat.dice, plan, a.tokens, rerolls)
    a.at = at = side.at
    scrape = res.total >= at
    a.data.update(power=res.total, at=at, scrape=scrape, tokens_used=res.used,
                  power_dice=[f.model_dump() for f in res.faces])
    a.lines.append(said(ef.EncounterPowerPool(parts=list(plan.parts), red=res.pool.red, black=res.pool.black,
                                              white=res.pool.white, raw=res.raw)))
    used = {u: n for u, n in res.used.items() if u not in ("black_conversion", "power_reroll")}
    a.lines.append(said(pw.power_rolled(res, at, "scrape" if scrape else "no_scrape", used, pool="encounter")))


def _wounds(a: seq.Attack) -> None:
    """An Encounter's step 8: the Scrape (rulebook "3. Knight Round Step")."""
    _, kingdom, enc, side, _ = flow.context(a.engine, a.state)
    crit = a.data["crit_chance"]
    if a.data["scrape"]:
        _scrape(a.engine, a.state, a.dice, kingdom, enc, side, a.p, crit, a.res.total - a.at, a.data, a.lines)
    elif crit:
        a.lines.append(said(ef.ScrapeDealt()))


def _finish(a: seq.Attack) -> Result:
    """The end of the Attack: what is discarded after it (a temporary Precision token, Blinding Grime...), as after
    a Clash's Knight Attack (rules/knights/statistics.after); not in a campaign created before version 3."""
    if one_attack(a.state):
        a.lines += st.after(a.cat, a.k, "attack")
    return flow.run(a.engine, a.state, a.dice, a.lines, attack=a.data)


def _set_pool(state: CampaignState, pool: dict[str, int]) -> None:
    assert state.delve is not None and state.delve.encounter is not None
    state.delve.encounter.pool = pool


def _pool(state: CampaignState) -> dict[str, int]:
    assert state.delve is not None and state.delve.encounter is not None
    return state.delve.encounter.pool


# The Encounter's Attack Action: no BP card and no Monster Responses; its step 8 is the Scrape.
ENCOUNTER = seq.Venue(
    name="Encounter", pool_name=POOL, context=ENCOUNTER_CONTEXT,
    reroll_kind="enc_reroll", pool=_pool, set_pool=_set_pool,
    data=lambda p: seq.attack_data(p, p.weapon, p.target, power=None, at=None, scrape=None, critical=False,
                                   overpower=False, tokens_used={}),
    skips=frozenset({seq.BP_CARD, seq.RESPONSES}), steps={seq.POWER_ROLL: _power_roll, seq.WOUNDS: _wounds},
    crit_chance=lambda p: said(CritRolled(venue="encounter")),
    reroll_prompt=_reroll_prompt, ask=_ask, finish=_finish)


def _scrape(engine: Engine, state: CampaignState, dice: Dice, kingdom: Any, enc: EncounterState, side: Any,
            p: Progress, crit: bool, margin: int, attack: dict[str, Any], lines: list[Line]) -> None:
    """"If you manage to reach or exceed the AT value, you Scrape the Monster. Place a Scrape token on the Encounter
    Monster card. Then, resolve the Scrape effect (if any) ... If you gained a Crit Chance during the Attack Roll and
    dealt a Scrape, resolve the Critical effect (only once per Encounter for the whole party)." Overpower X+: a Scrape
    whose Total Power exceeds the AT by X or more."""
    enc.scrapes.append(p.knight)
    lines.append(said(ef.ScrapeDealt(scrapes=len(enc.scrapes))))
    if side.scrape is not None:
        more, reached = eff.apply(engine, state, dice, kingdom, side.scrape, [p.knight], source="Scrape")
        lines += more
        enc.time_reached += reached
    if crit and not enc.critical_used:
        enc.critical_used = True
        attack["critical"] = True
        more, reached = eff.apply(engine, state, dice, kingdom, side.critical, [p.knight], source="✨ Critical")
        lines += more
        enc.time_reached += reached
    elif crit:
        lines.append(said(ef.ScrapeDealt(critical_used=True)))
    if side.overpower is not None and margin >= side.overpower.by:
        attack["overpower"] = True
        more, reached = eff.apply(engine, state, dice, kingdom, side.overpower, [p.knight],
                                  source=f"💥 Overpower {side.overpower.by}+")
        lines += more
        enc.time_reached += reached
