"""The Knight attack sequence (rulebook "Combat Action", steps 1-10; docs/clash.md, "The Knight attack").

``KnightAttack`` runs the ten steps in order: Declare Attack and Active Weapon, Raise Passion and check Priority
Target, Attack Roll (Heat re-rolls stop for the attacking Knight's decision ``attack_reroll``), First Ability
Window (narrated), Determine BP Card, Power Roll (rules/clash/power_roll.py), Monster Responses
(rules/clash/harm.py), Wounds and Escalation (rules/clash/wound_stack.py), Clear the Knight Pool, Second Ability
Window. The Attack's progress while a decision is open is kept in ``pending.then`` (``KnightAttackThen``).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.loader import Catalogue
from content.schema.gear import GearFace, Keyword
from rules.board import measures
from rules.board.naming import slug
from rules.board.state import Knight as Mini
from rules.board.state import Monster as Mini_M
from rules.clash import active_weapon as aw
from rules.clash import attack_roll as ar
from rules.clash import attack_sequence as seq
from rules.clash import attention, harm, rounds, rush
from rules.clash import knight_attack_facts as kf
from rules.clash import power_roll as pw
from rules.clash import weapon_keywords as wk
from rules.clash.armor_piercing import pierce
from rules.clash.attack_facts import AttackDeclared, CritRolled, FollowUpOwed, PowerOutcome
from rules.clash.attack_progress import Progress
from rules.clash.attack_wounds import (
    area_rolls,
    area_wounds,
    determine_bp,
    interval_spawns,
    respond,
    thresholds,
    wound_monster,
)
from rules.clash.decks import fail_bp
from rules.clash.flow import Option, Pending, ask, decision, resumes
from rules.clash.lookups import monster_content
from rules.clash.monster_round import continue_round, run, run_attack_responses
from rules.clash.peril_facts import PerilStats
from rules.clash.view import clash_data
from rules.clash.weapon_range import effective_range
from rules.coverage import implements
from rules.decision_records import KnightAttackThen
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event, handles
from rules.errors import RuleError
from rules.facts import Line
from rules.flat import flat_copy
from rules.keywords.model import KNIGHT_ATTACK
from rules.knights import statistics as st
from rules.knights.find import find_knight
from rules.knights.state import KnightState
from rules.knights.view import summary as knight_summary
from rules.modes import five_player
from rules.state import CampaignState

T = "tests/clash/test_knight_attack.py::"
G = "tests/clash/test_clash_gaps.py::"
Id = Annotated[str, Field(min_length=1, max_length=64)]


class KnightAttack(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["knight_attack"] = "knight_attack"
    while_waiting: ClassVar[frozenset[str]] = frozenset({"bonus_attack"})  # the Bonus Attack the decision offers
    knight: Id
    weapon: Id = Field(description="the active weapon: a Gear id or name from the Knight's Loadout")
    target: Id | None = Field(None, description="the Monster miniature; None: the only Monster or the adjacent one")
    cantrip: Literal["opening", "break"] | None = Field(None, description="what the Cantrip tokens become")
    bonus: bool = Field(False, description="spend the Bonus Attack the Knight is owed (a Follow-up Knight Attack or a "
                        "card's Bonus Attack) instead of the Combat Action")
    keep: list[Literal["opening", "break", "cantrip", "fire", "black", "closing", "hope", "rouse", "spell"]] = Field(
        default_factory=list, max_length=10, description="Pass X / Greater Pass X: the Knight tokens to leave in the "
        "Knight Pool at the Clear the Knight Pool step, one entry per token")
    rush: Annotated[str, Field(min_length=2, max_length=4)] | None = Field(
        None, description="Rush (a Complicated Action): the space the Knight rushes to before this Attack")


# --- lookups --------------------------------------------------------------------------------------------------


def _knight(state: CampaignState, name: str) -> tuple[KnightState, Mini]:
    k = find_knight(state, name)
    mini = next((m for m in state.board.knights if m.id in (k.id, slug(k.name))), None)
    if mini is None:
        raise RuleError(f"{k.name} is not on the Clash Board, so they cannot attack")
    if k.dead or mini.dead:
        raise RuleError(f"{k.name} is dead: a dead Knight \"cannot be used in any way\"")
    return k, mini


def attack_target(state: CampaignState, mini: Mini, wanted: str | None) -> Mini_M:
    monsters = list(state.board.monsters)
    if not monsters:
        raise RuleError("there is no Monster on the Clash Board to attack")
    names = ", ".join(f"{m.name} ({m.id})" for m in monsters)
    if wanted is not None:
        w = wanted.strip().lower()
        for m in monsters:
            if w in (m.id, m.name.lower(), slug(m.name)) or (m.mob_number is not None and w in (
                    str(m.mob_number), f"mob {m.mob_number}", f"mob{m.mob_number}")):
                return m
        raise RuleError(f"there is no Monster {wanted!r} on the Clash Board; the Monsters are: {names}")
    if len(monsters) == 1:
        return monsters[0]
    near = [m for m in monsters if measures.is_adjacent(state.board, m, mini, for_monster=False)]
    if len(near) == 1:
        return near[0]
    raise RuleError(f"name the Monster to attack with target: (the Monsters are: {names})")


@implements("Line of Sight", tests=[T + "test_no_line_of_sight_no_attack"], note="a Knight's Attack needs LoS")
def in_range(state: CampaignState, mini: Mini, m: Mini_M, face: GearFace, keywords: list[Keyword]) -> str:
    what, problem = effective_range(state.board, mini, m, face, keywords)
    if problem is not None:
        raise RuleError(problem)
    return what


# --- steps 1-3 ---------------------------------------------------------------------------------------------


@implements("Combat Action", tests=[T + "test_a_wound_runs_the_ten_steps", T + "test_one_attack_per_turn"])
@implements("1. Declare Attack and Active Weapon",
            tests=[T + "test_exhausted_or_missing_weapon_is_refused",
                   T + "test_reach_and_ranged_measure_the_effective_range", T + "test_no_line_of_sight_no_attack",
                   T + "test_another_knights_turn_is_refused"])
@implements("2. Raise Passion and Check Priority Target",
            tests=[T + "test_passion_rises_and_the_priority_target_moves"])
@implements("Priority Target", tests=[T + "test_passion_rises_and_the_priority_target_moves"],
            note="the token moves when an attacking Knight's Passion passes the holder's")
@handles(KnightAttack)
def knight_attack(engine: Engine, state: CampaignState, act: KnightAttack, dice: Dice) -> Result:
    cat = engine.catalogue
    if cat.dice is None:
        raise RuleError("no dice are defined by the loaded content packs: there is no Power Roll to make")
    clash = rounds.running(state)
    k, mini = _knight(state, act.knight)
    paused = clash.flow.pending
    if act.bonus and paused is not None and paused.kind == "bonus_attack" and mini.id in paused.knights:
        # the Round waited for this Bonus Attack: it goes on once the Attack ends (_resume_round)
        clash.flow.pending = None
        clash.flow.queue.insert(0, paused.resumed())
    rounds.not_waiting(clash)
    if act.bonus:
        _owed_bonus(clash.flow.bonus_attacks, k)
    elif clash.flow.phase != "knight":
        raise RuleError("it is the Monster Round: Knights attack in the Knight Round (run the Monster Round with "
                        "/monster round)")
    opened = [] if act.bonus else rounds.open_if_standing(engine, state, mini.id)
    mini = state.board.knight(mini.id)
    if mini.knocked_down:  # Knockdown: "you cannot move voluntarily, perform any actions, reactions, or free actions"
        raise RuleError(f"{k.name} is knocked down and cannot perform any actions (Knockdown); a Knight stands up at "
                        f"the start of their turn once the Knockdown card shows its standing-up side — the GM stands "
                        f"them up with /clash place kind:knight name:\"{k.name}\" space:<their space>")
    m = attack_target(state, mini, act.target)
    five_player.must_attack(engine, state, m)  # Five-Player Mode: the Accursed Persistence Mob first (docs/modes.md)
    gid = aw.declare(cat, k, act.weapon, act.bonus)
    face, keywords, precision = aw.weapon_face(cat, k, gid)
    if act.rush is not None and act.bonus:
        raise RuleError("Rush is a Complicated Action of the Knight's own turn, not a Bonus Attack")
    reach = "" if act.rush is not None else in_range(state, mini, m, face, keywords)
    if clash.monster_type == "mob":
        space = m.mob_number or 0
        if not 1 <= space <= len(clash.mob_track) or clash.mob_track[space - 1] is None:
            raise RuleError(f"{m.name} has no BP card on space {space} of the Mob track")
    if clash.flow.pool.get("cantrip", 0) and act.cantrip is None:
        raise RuleError("the Knight Pool holds Cantrip tokens: say what they become when declaring the Attack "
                        "(cantrip:opening or cantrip:break)")
    flow = clash.flow
    if act.bonus:
        lines = _spend_bonus(cat, flow.bonus_attacks, k, gid, face.name)
    else:
        lines = opened + rounds.open_turn(engine, state, mini.id)
        assert flow.turn is not None
        if flow.turn.attacked:
            hint = " (the Bonus Attack owed is spent with bonus:true)" if k.id in flow.bonus_attacks else ""
            raise RuleError(f"{k.name} has already attacked this turn: a Knight gets one Combat Action per turn{hint}")
        if act.rush is not None:
            lines += rush.rush(cat, state, k, mini.id, m, face, keywords, act.rush)
            mini = state.board.knight(mini.id)
            reach = in_range(state, mini, m, face, keywords)
        flow.turn.attacked = True
    lines.append(AttackDeclared(knight=k.name, monster=m.name, weapon=face.name, reach=reach, bonus=act.bonus))
    lines += wk.commit(cat, k, face, keywords)
    # 2. Raise Passion and check Priority Target
    lines.append(PerilStats(knight=k.name, lines=st.change_passion(cat, k, 1)))
    h = harm.Harm(engine, state, dice)
    harm.priority_after_passion(h, k)
    lines += h.lines
    # 3. Attack Roll
    t = pw.pool_tokens(flow.pool, act.cantrip)
    blind = blindspot_bonus(state, mini, m)
    if blind:
        lines.append(kf.AttackBlindspot(knight=k.name, monster=m.name, bonus=blind))
    precision = ar.precision(cat, k, precision, t) + place_precision(state, mini, m) \
        + (rush.precision(keywords) if act.rush is not None else 0)
    keep = wk.passed_tokens(cat, k, keywords, act.keep)
    rolled = ar.roll(dice, face.attack_dice or 1, keywords, t, precision, clash.effective_to_hit(m.mob_number or 0))
    p = Progress(knight=k.id, mini=mini.id, weapon=gid, monster=m.id, cantrip=act.cantrip, keep=keep, bonus=act.bonus,
                 **rolled)
    lines.append(ar.rolled(p, k.name, m.name, face.name))
    a = _attack(engine, state, dice, p, lines)
    asked = seq.offer_rerolls(a)
    return asked if asked is not None else _resume_round(engine, seq.run(a), dice)


@implements("Basic Abilities", tests=[T + "test_a_knight_in_a_blindspot_gains_one_precision",
                                      "tests/board/test_knight_abilities.py::test_always_there_is_adjacent_for_the_monster_only",
                                      "tests/board/test_rules.py::test_stalwart_braced_lumbering_and_reduction"],
            note="Blindspot +1 Precision here; Unavoidable Knockback, Lumbering, Always There, Bypass and Vantage "
                 "Points in rules/board; Weakspots as the Monster's own text")
def place_precision(state: CampaignState, mini: Mini, m: Mini_M) -> int:
    """The Precision the Clash Board gives a Knight attacking ``m`` (``/odds`` counts it too): a Blindspot, Hidden."""
    assert state.clash is not None
    return blindspot_bonus(state, mini, m) + attention.bonus(state.clash, mini.id)


def blindspot_bonus(state: CampaignState, mini: Mini, m: Mini_M) -> int:
    """Basic Abilities: "Blindspots are spaces the Monster cannot see. Knights in Blindspots are not considered to be
    In Sight of the Monster. A Knight in a Blindspot space gains a +1 Precision bonus"."""
    return int(measures.in_blindspot(state.board, m, mini))


def _owed_bonus(owed: list[str], k: KnightState) -> None:
    if k.id not in owed:
        raise RuleError(f"{k.name} is owed no Bonus Attack: a Bonus Attack comes from a Follow-up Response or a card "
                        "that grants one (a Mortis card...). Attack with the Combat Action of your turn instead: "
                        "/knight attack without bonus:true")


@implements("Bonus Attacks", tests=[G + "test_follow_up_is_owed_and_spent_outside_the_turn",
                                    G + "test_bonus_attack_unexhausts_an_exhausted_weapon",
                                    G + "test_bonus_attack_ignores_attack_responses",
                                    G + "test_bonus_attack_refused_when_none_is_owed",
                                    G + "test_mortis_bonus_attack_is_owed_during_the_monster_round"])
def _spend_bonus(cat: Catalogue, owed: list[str], k: KnightState, gid: str, name: str) -> list[Line]:
    """"For a Bonus Attack you may declare an exhausted weapon as your active weapon. If you do, unexhaust it, then
    continue the Attack." It is not the Combat Action: the turn (if any) is left as it is; "All other restrictions
    and rules of a Combat Action apply" (range, LoS, Knockdown)."""
    owed.remove(k.id)
    entry = next(e for e in k.loadout if e.gear == gid)
    if entry.exhausted:
        entry.exhausted = False
        return [kf.AttackBonusUnexhausted(knight=k.name, weapon=name)]
    return []








@implements("Heat Re-rolls", tests=[T + "test_heat_reroll_decision_and_resume"],
            note="the Knight Attack stops for the attacking Knight's choice of missed dice, +1 Heat each")
@implements("Dice Re-rolls", tests=[T + "test_heat_reroll_decision_and_resume", T + "test_a_die_is_rerolled_only_once"])
def _reroll_prompt(k: KnightState, offer: ar.RerollOffer) -> str:
    """The Heat re-rolls of rules/clash/attack_roll.py, asked of the attacking Knight (``attack_reroll``)."""
    return (f"{k.name}: re-roll missed Attack dice? Pick up to {offer.pick} ({offer.free_text()}+1 Heat each; Heat "
            f"{offer.heat}/{offer.limit}). Each die can be re-rolled only once and you must declare all dice you "
            "wish to re-roll before re-rolling any of them.")


def _ask(a: seq.Attack, kind: str, prompt: str, options: list[Option], pick: int) -> Result:
    assert a.state.clash is not None
    pending = ask(a.state, kind, prompt, options, knights=[a.k.id],
                  then=KnightAttackThen(attack=flat_copy(a.p)), pick=pick)
    return _result(a.engine, a.state, a.k, a.lines, a.data, pending)


@implements("3. Attack Roll",
            tests=[T + "test_hits_count_precision_and_tokens", T + "test_natural_10_hits_and_1_misses"])
@implements("Crit Die During Attack Rolls",
            tests=[T + "test_crit_chance_on_the_crit_die_only", T + "test_a_rerolled_crit_miss_counts_again"])
@resumes("attack_reroll")
def resume_reroll(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    a = _attack(engine, state, dice, _progress(pending), [])
    seq.reroll(a, chosen)
    return _resume_round(engine, seq.run(a), dice)


def _then(pending: Pending) -> KnightAttackThen:
    assert isinstance(pending.then, KnightAttackThen), f"{pending.kind} holds no Knight Attack"
    return pending.then


def _progress(pending: Pending) -> Progress:
    """The Attack a decision holds, to go on with (a copy: the decision keeps its own)."""
    return flat_copy(_then(pending).attack)


def _attack(engine: Engine, state: CampaignState, dice: Dice, p: Progress, lines: list[Line]) -> seq.Attack:
    a = seq.Attack(engine, state, dice, CLASH, p, lines)
    if p.passion is not None:  # from step 4 on
        a.passion = p.passion
    return a


def _resume_round(engine: Engine, result: Result, dice: Dice) -> Result:
    """"When the Attack ends, continue resolving the Round that was interrupted by the Bonus Attack": the Monster
    Round is under way with nothing waiting only when it waited for a Bonus Attack (``activation._bonus_window``)."""
    state, clash = result.state, result.state.clash
    if result.pending is not None or clash is None or clash.over is not None or clash.flow.pending is not None \
            or clash.flow.phase != "monster" or not clash.flow.started:
        return result
    lines: list[Line] = [kf.AttackBonusOver()]
    more = run(engine, state, dice, lines, None)
    if more.pending is None and state.clash is not None and state.clash.over is None:
        more = continue_round(engine, state, dice, lines)
    return Result(state=more.state, events=result.events + more.events, data={**result.data, **more.data},
                  pending=more.pending)


# --- steps 3 (end) to 10: the Clash's own steps in rules/clash/attack_sequence.py's order ----------------------


def _crit_chance(p: Progress) -> Line:
    return CritRolled(deadly=p.naturals[0] == 9)


def _first_window(a: seq.Attack) -> None:
    """4. First Ability Window, and what the Attack changes on the Clash Board (Hidden's Attention keywords)."""
    seq.first_window(a)
    _, keywords = a.weapon
    a.lines += wk.attention_keywords(a.state, a.k, a.p.mini, a.p.monster, keywords)
    a.p.passion = a.passion


def _bp_card(a: seq.Attack) -> Result | seq.AttackEnd | None:
    """5. Determine BP Card (Heartseeker, Soulseeker, Precise stop for the Knight's choice), and the Monster's
    Ultrainstinct Response before the Power Roll (not with a Crit Chance); a Knight dying there ends the Attack."""
    engine, state, dice, p, k = a.engine, a.state, a.dice, a.p, a.k
    assert state.clash is not None
    face, keywords = a.weapon
    pending = _bp_choice(engine, state, k, p, face, keywords)
    if pending is not None:
        return _result(engine, state, k, a.lines, a.data, pending)
    a.before = dict(state.clash.flow.pool)
    m = state.board.monster(p.monster)
    bp, space = determine_bp(engine, state, dice, p, m, a.lines)
    a.tokens = pw.pool_tokens(state.clash.flow.pool, p.cantrip)
    a.at = bp.at + state.clash.effective_at_bonus(m.mob_number or 0)
    a.data["bp"] = {"id": bp.id, "name": bp.name, "level": bp.level, "at": a.at}
    responses: list[dict[str, Any]] = []
    attacks: list[Any] = []
    if not a.data["crit_chance"]:
        responses, attacks = respond(engine, state, dice, p, bp, {"ultrainstinct"}, a.tokens, a.lines)
    a.extra.update(bp=bp, space=space, m=m, responses=responses, attacks=attacks)
    if k.dead or state.clash.over is not None:  # "When a Knight dies ... cannot be used in any way"
        a.data["responses"] = responses
        if state.clash.bp_revealed == bp.id:
            state.clash = fail_bp(state.clash, dice)
        state.clash.flow.pool, cleared = pw.clear_pool(state.clash.flow.pool, 0, a.before)
        a.lines += cleared + [kf.AttackEndsEarly(knight=k.name)]
        a.extra["ended"] = "early"
        return seq.END
    return None


def _power_roll(a: seq.Attack) -> None:
    """6. Power Roll against the BP card's AT: a Wound, a Critical Wound (with the Crit Chance) or a Fail; a Wound that
    wins the Clash, or the Area hits of the Attack."""
    engine, state, dice, p, k = a.engine, a.state, a.dice, a.p, a.k
    cat, clash, bp = a.cat, state.clash, a.extra["bp"]
    assert clash is not None and cat.dice is not None
    face, keywords = a.weapon
    plan = pw.create_pool(cat, k, face, a.data["hits"], a.passion)
    a.res = res = pw.roll(dice, cat.dice, plan, a.tokens, pw.power_rerolls(keywords))
    wound = res.total >= a.at
    outcome: PowerOutcome = "critical" if wound and a.data["crit_chance"] else "wound" if wound else "fail"
    a.data.update(power=res.total, outcome=outcome, power_dice=[f.model_dump() for f in res.faces],
                  potential=res.potential, tokens_used=res.used)
    a.lines += pw.power_lines(plan, res, a.at, outcome)
    wounds = (2 if bp.level == 3 and outcome == "wound" else bp.wounds()) if clash.monster_type == "boss" \
        else bp.wounds()
    victory = wound and clash.wounds() + wounds >= clash.wounds_needed
    area = [] if victory else area_rolls(engine, state, dice, p, a.extra["m"], keywords, res.total, a.data, a.lines)
    a.extra.update(wound=wound, outcome=outcome, victory=victory, area=area, wounds_before=clash.wounds())


def _responses(a: seq.Attack) -> None:
    """7. Monster Responses (after a Wound that wins the Clash, only its Critical's tangible rewards, at step 8)."""
    if a.extra["victory"]:
        return
    x = a.extra
    wanted = {"critical"} if x["outcome"] == "critical" else {"wound" if x["wound"] else "fail", "instinct"}
    more, extra = respond(a.engine, a.state, a.dice, a.p, x["bp"], wanted, a.tokens, a.lines)
    x["responses"] += more + thresholds(a.engine, a.state, a.dice, a.p, x["bp"], x["wound"], a.res.total, a.at,
                                        a.lines)
    x["attacks"] += extra


def _wounds(a: seq.Attack) -> None:
    """8. Wounds and Escalation: "The Clash immediately ends ... you still gain every tangible reward from that
    Critical"; a Fail discards a Boss's BP card, a Mob's stays revealed; the Area hits."""
    engine, state, dice, p, x = a.engine, a.state, a.dice, a.p, a.extra
    assert state.clash is not None
    bp, space, critical = x["bp"], x["space"], x["outcome"] == "critical"
    if x["victory"]:
        wound_monster(engine, state, dice, p, bp, space, critical, a.lines)
        if critical:
            more, _ = respond(engine, state, dice, p, bp, {"critical"}, a.tokens, a.lines, tangible=True)
            x["responses"] += more
    else:
        if x["wound"]:
            wound_monster(engine, state, dice, p, bp, space, critical, a.lines)
        elif state.clash.monster_type == "boss":
            state.clash = fail_bp(state.clash, dice)
            a.lines.append(kf.AttackBPFailed(card=bp.name))
        else:
            a.lines.append(kf.AttackBPFailed(card=bp.name, space=space))
        area_wounds(engine, state, dice, p, x["area"], critical, a.lines)
    a.data["responses"] = x["responses"]


def _after_second_window(a: seq.Attack) -> list[Line]:
    """Armor Piercing, the end of Hidden, Cumbersome (step 10 in a Clash)."""
    assert a.state.clash is not None
    face, keywords = a.weapon
    space, m = a.extra["space"], a.extra["m"]
    return pierce(a.state.clash, None if space and a.extra["wound"] else space, keywords, m.name) \
        + attention.stop(a.state.clash, a.p.mini, a.k.name, "second_window") \
        + wk.cumbersome(a.cat, a.k, a.p.weapon, face, keywords, a.extra["wound"])


def _finish(a: seq.Attack) -> Result:
    """The end of the Attack: a Full Miss ends it at once; otherwise the Mobs an interval spawns, then ``_end``."""
    assert a.state.clash is not None
    if a.extra.get("ended") == "miss":
        a.data["outcome"] = "miss"
        return _result(a.engine, a.state, a.k, [*a.lines, *st.after(a.cat, a.k, "attack")], a.data, None)
    if a.extra.get("ended") is None and a.state.clash.over is None:
        interval_spawns(a.engine, a.state, a.p, a.extra["wounds_before"], a.lines)
    return _end(a.engine, a.state, a.dice, a.k, a.p, a.lines, a.data, a.extra["attacks"])


def _set_pool(state: CampaignState, pool: dict[str, int]) -> None:
    assert state.clash is not None
    state.clash.flow.pool = pool


def _pool(state: CampaignState) -> dict[str, int]:
    assert state.clash is not None
    return state.clash.flow.pool


CLASH = seq.Venue(
    name="Clash", pool_name="Knight Pool", context=KNIGHT_ATTACK,
    reroll_kind="attack_reroll", pool=_pool, set_pool=_set_pool,
    data=lambda p: seq.attack_data(p, p.weapon, p.monster, bp=None, power=None, outcome=None, responses=[]),
    steps={seq.FIRST_WINDOW: _first_window, seq.BP_CARD: _bp_card, seq.POWER_ROLL: _power_roll,
           seq.RESPONSES: _responses, seq.WOUNDS: _wounds},
    crit_chance=_crit_chance, reroll_prompt=_reroll_prompt, ask=_ask, finish=_finish,
    goes_on=lambda a: not a.k.dead and a.state.clash is not None and a.state.clash.over is None,
    after_second_window=_after_second_window, keep=lambda a: a.p.keep)


SEEKERS = {"Heartseeker": 2, "Soulseeker": 3}


def _bp_choice(engine: Engine, state: CampaignState, k: KnightState, p: Progress, face: GearFace,
               keywords: list[Keyword]) -> Pending | None:
    """"Heartseeker: During the Draw BP card step of the Attack, you may look at the top two BP cards and choose which
    one to attack. Shuffle the other card back into the deck." (Soulseeker: three.) "Precise: ... after you draw the
    card, you may target the top card of the discard pile instead. If you do, shuffle the card you've drawn into the
    BP deck." A Boss Clash only (a Mob's BP card is the Mob's own)."""
    clash = state.clash
    assert clash is not None
    if clash.monster_type != "boss" or not clash.bp_deck or p.bp_chosen is not None:
        return None
    names = {kw.name for kw in keywords}
    look = max((n for name, n in SEEKERS.items() if name in names), default=1)
    cards = clash.bp_deck[:look]
    discard = clash.bp_discard[-1:] if "Precise" in names else []
    if len(cards) + len(discard) < 2:
        return None
    content = monster_content(engine, clash)
    by_id = {c.id: c for c in content.bp_cards}
    if five_player.is_accursed(by_id[cards[0]]):  # "Heartseeker, Precise, and similar abilities do not affect" it
        return None
    at = clash.effective_at_bonus()
    options = [Option(key=c, label=f"{by_id[c].name} (BP {by_id[c].level}, AT {by_id[c].at + at})"[:80],
                      help="attack this card of the BP deck") for c in cards]
    options += [Option(key=c, label=f"{by_id[c].name} (discard pile, AT {by_id[c].at + at})"[:80],
                       help="Precise: attack the top card of the discard pile") for c in discard]
    how = " and ".join(x for x in (*[n for n in SEEKERS if n in names], "Precise" if discard else "") if x)
    return ask(state, "bp_choice", f"🃏 {how} ({face.name}): {k.name} looks at the BP cards — which one does "
               f"the Attack target?", options, knights=[p.mini],
               then=KnightAttackThen(attack=flat_copy(p), shuffle=look > 1))


@resumes("bp_choice")
def _resume_bp_choice(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    p = _progress(pending)
    clash = state.clash
    assert clash is not None
    from_discard = chosen[0] not in clash.bp_deck
    p.bp_chosen, p.bp_shuffle = chosen[0], bool(_then(pending).shuffle) or from_discard
    k = state.knights[p.knight]
    lines: list[Line] = [kf.AttackBPChosen(knight=k.name, discard=from_discard)]
    return _resume_round(engine, seq.run(_attack(engine, state, dice, p, lines), seq.BP_CARD), dice)


@implements("End of a Knight Attack and Attack Responses", tests=[T + "test_attack_response_is_handed_on"])
@implements("Bonus Attacks During Knight Attacks (Follow-up Attacks)",
            tests=[T + "test_attack_response_is_handed_on", G + "test_follow_up_is_owed_and_spent_outside_the_turn"],
            note="owed in clash.flow.bonus_attacks; /knight attack bonus:true spends it")
@implements("Mercy Rule", tests=[G + "test_mercy_rule_a_knight_dying_in_their_attack_ignores_the_responses"],
            note="Attack against a Monster: Responses and Attack Responses after the death are ignored")
def _end(engine: Engine, state: CampaignState, dice: Dice, k: KnightState, p: Progress, lines: list[Line],
         attack: dict[str, Any], attacks: list[Any]) -> Result:
    """"If the attack triggered an Attack Response, like a Monster Attack, a Follow-up Knight Attack, or a Spawn
    Attack, it will happen next, starting a new attack sequence." A won Clash has no more Attacks."""
    assert state.clash is not None
    lines += st.after(engine.catalogue, k, "attack")
    over = state.clash.over is not None
    responses = [] if over or k.dead else [{"attack": a.attack, "target": p.mini, "monster": p.monster}
                                           for a in attacks if a.type == "perform"] + _spawn_attacks(engine, state, p)
    if k.dead and not over and any(a.type == "perform" for a in attacks):
        lines.append(kf.AttackResponsesIgnored(why="died", knight=k.name))
    follow_up = not over and not k.dead and any(a.type == "follow_up" for a in attacks)
    if p.bonus and (responses or follow_up):
        lines.append(kf.AttackResponsesIgnored(why="bonus"))
        responses, follow_up = [], False
    if follow_up and k.id not in state.clash.flow.bonus_attacks:
        state.clash.flow.bonus_attacks.append(k.id)
    if follow_up:
        lines.append(FollowUpOwed(knight=k.name, knight_id=k.id, weapon=p.weapon))
    extra: dict[str, Any] = {"attack_responses": responses, "follow_up": follow_up}
    if not responses:
        lines += rounds.end_dead_turn(engine, state, dice)
    result = _result(engine, state, k, lines, attack, None, extra)
    if not responses:
        return result
    after = run_attack_responses(engine, result.state, dice, responses)
    events = result.events + after.events
    if after.pending is None:
        events += [event("knight", x) for x in rounds.end_dead_turn(engine, after.state, dice)]
    data = {**result.data, **after.data, "knight": knight_summary(engine.catalogue, k)}
    return Result(state=after.state, events=events, data=data, pending=after.pending)


@implements("Spawn Attacks", tests=[T + "test_a_spawn_attack_is_an_attack_response_of_the_new_mob"])
def _spawn_attacks(engine: Engine, state: CampaignState, p: Progress) -> list[dict[str, Any]]:
    """"If the Monster's spawning Trait indicates it is going to perform any sort of Attack, it is treated as an
    Attack Response, i.e. it happens after the current Attack ends (if any)": each Mob this Attack spawned (and the
    bot placed) performs it against the attacking Knight."""
    assert state.clash is not None
    spawn = monster_content(engine, state.clash).spawn
    if spawn is None or spawn.attack is None:
        return []
    on_board = {m.id for m in state.board.monsters}
    return [{"attack": spawn.attack, "target": p.mini, "monster": mid} for mid in p.spawned if mid in on_board]


def _result(engine: Engine, state: CampaignState, k: KnightState, lines: list[Line], attack: dict[str, Any],
            pending: Pending | None, extra: dict[str, Any] | None = None) -> Result:
    assert state.clash is not None
    events = [event("attack", line) for line in lines]
    data: dict[str, Any] = {"attack": attack, "knight": knight_summary(engine.catalogue, k),
                            "clash": clash_data(state.clash, gm=False), "pool": dict(state.clash.flow.pool)}
    data.update(extra or {})
    if pending is not None:
        events.append(Event(kind="decision", text=pending.prompt))
        data["pending"] = pending.shown(data=False)
    return Result(state=state, events=events, data=data,
                  pending=decision(state, pending) if pending is not None else None)
