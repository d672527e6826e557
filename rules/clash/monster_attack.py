"""The Monster Attack of an Activation (rulebook "4. Monster Attack", "Attack Types", "Target Out of Reach",
"4.1. Evasion Roll", "Judgement", "Command"): reach, the Evasion Roll with its Heat re-rolls, the Judgement test,
Obey or Disobey. The Activation around it is rules/clash/activation.py."""

from __future__ import annotations

from content.schema.monsters import MonsterAttack
from rules.attack_rolls import roll_crit_pool
from rules.board import measures
from rules.clash import attack_keywords, attention, evasion, harm
from rules.clash.activation import react_window
from rules.clash.activation_facts import (
    ActivationCommanded,
    ActivationCritEvade,
    ActivationEvaded,
    ActivationEvasionRolled,
    ActivationGuarded,
    ActivationJudged,
    ActivationOutOfReach,
    ActivationRerolled,
    ActivationRerollHeat,
    ActivationTested,
)
from rules.clash.activation_state import Activation
from rules.clash.attack_target import Target
from rules.clash.facing import face_target
from rules.clash.flow import Option, Pending, ask, resumes
from rules.clash.lookups import alive, card_of, current, gates_met, harm_by, knight_state, name_of
from rules.clash.monster_round import activation_step, run_from
from rules.clash.squire_hooks import squires
from rules.coverage import implements
from rules.decision_records import JudgementGroupThen
from rules.dice import Dice
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import statistics as st
from rules.rolls import d10_success
from rules.state import JUDGEMENT_REROLLS_VERSION, CampaignState, one_attack

T = "tests/clash/test_monster_round.py::"


# --- 4. Monster Attack --------------------------------------------------------------------------------------------




def _in_reach(state: CampaignState, card: MonsterAttack, act: Activation, knight: str) -> bool:
    """"For an Attack to be resolved, the Target must be within Attack Range, as indicated by the Attack type."
    Zone, Wave, Judgement and Command Attacks reach their Targets where they stand."""
    spec = card.attack
    if spec is None:
        return True
    types = set(spec.types)
    if types & {"zone", "wave", "judgement", "command"}:
        return True
    m, k = state.board.monster(act.monster), state.board.knight(knight)
    if "range" in types and spec.range is not None:
        return measures.in_range(state.board, m, k, spec.range)
    return measures.is_adjacent(state.board, m, k)


@implements("4. Monster Attack", tests=[T + "test_boss_moves_to_its_target_then_attacks"])
@implements("Target Out of Reach", tests=[T + "test_out_of_reach_skips_to_after_attack"])
@activation_step("attack")
def attack(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Pending | None:
    """The Monster Attack on its current Target, a Knight or a Squire ("During a Clash, Squires are considered
    Knights unless stated otherwise"): a gone Target is passed over, the Knights may react, the Monster faces the
    Target, an unreachable one evades (Out of Reach Evade), a Command is obeyed or not, then the Target defends."""
    assert state.clash is not None
    card = card_of(engine, state.clash, act)
    knight = current(act)
    if card.attack is None:
        # not an Attack (an AI 0 card, a Routine): its effects reach each Target, or the players apply them
        act.hits, act.step = 1, "consequences"
        return None
    if knight is None:
        act.step = "final"
        return None
    target = _target(state, knight)
    late = target is not KNIGHT and not one_attack(state)  # before version 3 a dead Squire was seen after REACT!
    if not late and target.gone(state, knight):
        target.passes(state, act, lines, False)
        return None
    react = react_window(state, card, act, "attack")
    if react is not None:
        return react
    face_target(state, card, act.monster, act.targets, knight, lines)  # "before it performs an Attack"
    if late and target.gone(state, knight):
        target.passes(state, act, lines, False)
        return None
    if not _in_reach(state, card, act, knight):
        target.passes(state, act, lines, True)
        return None
    asked: Pending | None = target.command(state, card, act, knight) or target.defend(engine, state, dice, lines,
                                                                                       act, card, knight)
    return asked


def _target(state: CampaignState, knight: str) -> Target:
    if knight in state.squires:  # a Squire draws Mettle cards instead of rolling (docs/squires.md)
        return squires().target
    return KNIGHT


def _knight_passes(state: CampaignState, act: Activation, lines: list[Line], out_of_reach: bool) -> None:
    """A dead Knight is not attacked; one out of reach evades: "The Monster goes straight to After Attack"."""
    if out_of_reach:
        lines.append(ActivationOutOfReach(knight=name_of(state, current(act) or "")))
        act.hits = 0
    act.step = "after_attack"


def _command(state: CampaignState, card: MonsterAttack, act: Activation, knight: str) -> Pending | None:
    """"Command": the Knight chooses to Obey or Disobey (and suffer the penalty)."""
    assert state.clash is not None and card.attack is not None
    if "command" not in card.attack.types or act.obeyed is not None:
        return None
    name = name_of(state, knight)
    return ask(state, "command",
               f"📜 {card.name} commands {name}: {card.attack.obey} Obey, or Disobey and suffer the penalty?",
               [Option(key="obey", label="Obey", help=card.attack.obey[:200]),
                Option(key="disobey", label="Disobey", help="suffer the Monster's penalty")],
               knights=[knight])


def _defend(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
            card: MonsterAttack, knight: str) -> Pending | None:
    assert card.attack is not None
    if "judgement" in card.attack.types:
        return _judgement(engine, state, dice, lines, act, card, knight)
    return _evasion(engine, state, dice, lines, act, card, knight)


@implements("4.1. Evasion Roll", tests=[T + "test_evasion_roll_counts_hits_and_asks_for_heat_rerolls"])
@implements("Attack Gated Effects", tests=[T + "test_heat_gate_adds_an_evasion_die"])
def _evasion(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
             card: MonsterAttack, knight: str) -> Pending | None:
    assert state.clash is not None and card.evasion_dice is not None and card.evasion_difficulty is not None
    k = knight_state(state, knight)
    d = evasion.defence(engine.catalogue, k)
    bonus = d.bonus + act.evasion_bonus + attention.bonus(state.clash, knight)  # Dodge, used before the roll; Hidden
    difficulty = card.evasion_difficulty + state.clash.modifier("precision", act.space)
    if not act.naturals:
        met = [g for g in gates_met(state, card, act, knight) if g.before in ("targeting", "movement", "attack")]
        gates = [g.text for g in met if g.evasion_dice]
        count = card.evasion_dice + state.clash.effective_evasion_dice_bonus() + sum(g.evasion_dice for g in met)
        act.naturals = roll_crit_pool(dice, count, f"{k.name}'s Evasion Roll against {card.name}")
        lines.append(ActivationEvasionRolled(knight=k.name, count=count, naturals=list(act.naturals), bonus=bonus,
                                             difficulty=difficulty, gates=gates,
                                             hits=evasion.hits(act.naturals, bonus, difficulty)))
        if act.naturals[0] in (1, 10):
            lines.append(ActivationCritEvade(fail=act.naturals[0] == 1))
    missed = [i for i in evasion.failed(act.naturals, bonus, difficulty, act.guarded) if i not in act.rerolled]
    if missed and not act.rerolled:
        free = min(d.rerolls, len(missed))
        doomed = attack_keywords.doomed(card)
        cost = f"{free} free Evasion Re-roll(s), then +1 Heat per die" if free else "+1 Heat per die"
        if doomed:
            cost = f"{attack_keywords.DOOMED}: {free} free Evasion Re-roll(s) only"
        options = [Option(key=str(i), label=f"Die {i} ({act.naturals[i - 1]})", help="re-roll this die")
                   for i in (missed if free or not doomed else [])]
        lifted = evasion.guard(act.naturals, bonus, difficulty, d.guard)
        if lifted:
            options.append(Option(key="guard", label=f"Guard {d.guard}", help=(
                "add +" + ", +".join(f"{n} to die {i}" for i, n in sorted(lifted.items())) + " so they evade; those "
                "dice cannot be re-rolled")[:200]))
        options.append(Option(key="keep", label="Keep", help="keep the dice as they are"))
        most = free if doomed else len(missed)
        return ask(state, "evasion_reroll",
                   f"🎲 {k.name}: re-roll which dice that did not evade ({cost})? Declare them all at once.",
                   options, knights=[knight], pick=max(1, most + (1 if lifted else 0)))
    rolled = evasion.hits(act.naturals, bonus, difficulty, act.guarded)
    act.hits = max(0, rolled - act.evaded)
    lines += st.after(engine.catalogue, k, "evasion_roll")
    if act.evaded and rolled:
        lines.append(ActivationEvaded(blocked=min(act.evaded, rolled)))
    if act.hits == 0:
        lines.append(ActivationEvaded(knight=k.name))
        act.step = "after_attack"
    else:
        act.step = "consequences"
        lines += attack_keywords.on_hit(engine, state, dice, act, card, knight, judgement=False)
    return None


@resumes("evasion_reroll")
def _resume_evasion(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    """Heat re-rolls: "each die can be re-rolled only once and you must declare all dice you wish to re-roll
    before re-rolling any of them"; Evasion Re-rolls from Gear cost nothing."""
    act = pending.resumed()
    if isinstance(pending.then, JudgementGroupThen):  # a Judgement's re-rolls, declared by every Target at once
        return resume_rerolls(engine, state, act, chosen, dice)
    knight = current(act)
    assert knight is not None and state.clash is not None
    k = knight_state(state, knight)
    lines: list[Line] = []
    if chosen == ["keep"] or not chosen:
        act.rerolled = [0]
        return run_from(engine, state, dice, lines, act)
    if "keep" in chosen:
        raise RuleError("choose dice to re-roll, or Keep alone")
    card = card_of(engine, state.clash, act)
    if "guard" in chosen:
        d = evasion.defence(engine.catalogue, k)
        bonus = d.bonus + act.evasion_bonus + attention.bonus(state.clash, knight)
        difficulty = (card.evasion_difficulty or 0) + state.clash.modifier("precision", act.space)
        act.guarded = evasion.guard(act.naturals, bonus, difficulty, d.guard)
        if any(str(i) in chosen for i in act.guarded):
            raise RuleError("Guard: \"You cannot re-roll those dice\" — choose Guard or a re-roll for each die")
        lines.append(ActivationGuarded(guard=d.guard, lifted=sorted(act.guarded.items())))
        chosen = [c for c in chosen if c != "guard"]
        if not chosen:
            act.rerolled = [0]
            return run_from(engine, state, dice, lines, act)
    # a Judgement's test: "cannot ... be re-rolled using Evasion Re-rolls", and its die is no Crit die
    judgement = card.attack is not None and "judgement" in card.attack.types
    free = 0 if judgement else evasion.defence(engine.catalogue, k).rerolls
    positions = sorted(int(c) for c in chosen)
    paid = max(0, len(positions) - free)
    if paid and attack_keywords.doomed(card):
        raise RuleError(f"{attack_keywords.DOOMED}: {k.name} may re-roll at most {free} die(dice), with free "
                        "Evasion Re-rolls")
    for p in positions:
        old = act.naturals[p - 1]
        what = "the Judgement test" if judgement else f"Evasion die {p}"
        act.naturals[p - 1] = dice.d10(f"{k.name} re-rolls {what}", crit=p == 1 and not judgement, reroll=True)
        lines.append(ActivationRerolled(knight=k.name, old=old, new=act.naturals[p - 1],
                                        die=None if judgement else p))
        if p == 1 and act.naturals[0] == 1 and not judgement:
            lines.append(ActivationCritEvade(fail=True, again=True))
    act.rerolled = positions
    if paid:
        lines += st.change_heat(engine.catalogue, k, paid, voluntary=True)
        lines.append(ActivationRerollHeat(knight=k.name, heat=paid))
    return run_from(engine, state, dice, lines, act)


@implements("Attack Types", tests=[T + "test_judgement_is_a_virtue_test_without_armor",
                                   T + "test_command_disobey_suffers_the_penalty"],
            note="Melee, Range X, Zone, Wave, Simultaneous, Sequential, Judgement, Command")
def _judgement(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
               card: MonsterAttack, knight: str) -> Pending | None:
    assert state.clash is not None and card.attack is not None
    spec = card.attack
    k = knight_state(state, knight)
    if not act.group and (together := group_of(state, card, act)):
        act.group = together  # the Targets test at the same time: their re-rolls are declared together
    if knight in act.group:
        waiting = group_tests(state, dice, lines, act, card)
        if waiting is not None:
            return waiting
        take_result(act, knight)
    if act.virtue is None:
        if len(spec.virtues) > 1:
            return ask(state, "judgement_virtue",
                       f"🧠 {card.name} is a Judgement: {k.name} chooses the Virtue to test.",
                       [Option(key=v, label=v.capitalize(), help=f"{v.capitalize()} {k.sheet.virtue(v)}")
                        for v in spec.virtues], knights=[knight])
        act.virtue = spec.virtues[0]
    difficulty = difficulty_of(card)
    bonus = k.sheet.virtue(act.virtue)  # type: ignore[arg-type]
    if not act.naturals:
        act.naturals = [dice.d10(f"{k.name}'s {act.virtue.capitalize()} test against {card.name}")]
        lines.append(ActivationTested(knight=k.name, virtue=act.virtue, difficulty=difficulty,
                                      natural=act.naturals[0], bonus=bonus))
    success = d10_success(act.naturals[0], bonus, difficulty)
    if not success and not act.rerolled:
        if attack_keywords.doomed(card):  # the window stays open for Defy
            return ask(state, "evasion_reroll",
                       f"🎲 {k.name} failed the test. {attack_keywords.DOOMED}.",
                       [Option(key="keep", label="Keep", help="the Judgement hits")], knights=[knight])
        return ask(state, "evasion_reroll",
                   f"🎲 {k.name} failed the test: re-roll it for +1 Heat?",
                   [Option(key="1", label=f"Re-roll ({act.naturals[0]})", help="+1 Heat"),
                    Option(key="keep", label="Keep", help="the Judgement hits")], knights=[knight])
    act.hits = 0 if success or act.evaded else 1
    if act.evaded and not success:
        lines.append(ActivationJudged(defied=True))
    hit = act.hits > 0
    lines.append(ActivationJudged(knight=k.name, hit=hit))
    act.step = "consequences" if hit else "after_attack"
    if hit:
        lines += attack_keywords.on_hit(engine, state, dice, act, card, knight, judgement=True)
    return None


@resumes("judgement_virtue")
def _resume_virtue(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    act = pending.resumed()
    if isinstance(pending.then, JudgementGroupThen) and pending.then.knight is not None:
        return resume_virtue(engine, state, act, pending.then.knight, chosen[0], dice)
    act.virtue = chosen[0]
    return run_from(engine, state, dice, [], act)


@resumes("command")
def _resume_command(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    act = pending.resumed()
    assert state.clash is not None
    card = card_of(engine, state.clash, act)
    knight = current(act)
    assert knight is not None and card.attack is not None
    lines: list[Line] = []
    act.obeyed = chosen[0] == "obey"
    name = name_of(state, knight)
    if act.obeyed:
        lines.append(ActivationCommanded(knight=name, obeyed=True, obey=card.attack.obey))
    else:
        lines.append(ActivationCommanded(knight=name, obeyed=False))
        h = harm_by(engine, state, dice, act)
        harm.resolve_effects(h, knight, card.attack.disobey, source=card.name)
        harm.settle(h)
        lines.extend(h.lines)
    if card.evasion_dice is None:
        act.step = "after_attack"
    return run_from(engine, state, dice, lines, act)


KNIGHT = Target(gone=lambda state, knight: not alive(state, knight), passes=_knight_passes, command=_command,
                defend=_defend)
# --- a Judgement its Targets test at the same time ----------------------------------------------------------------
# A Simultaneous, Zone or Wave Judgement against several Knights: every Target chooses its Virtue, every test is
# rolled, then ONE decision collects the Heat re-rolls of all the Knights who failed, and they are rolled together;
# each Target's Attack is then resolved in turn with its die (``_judgement``). Campaigns of state version
# ``JUDGEMENT_REROLLS_VERSION`` and later; older ones declare and roll the re-rolls Knight by Knight, as played.

JR = "tests/clash/test_judgement_rerolls.py::"
def group_of(state: CampaignState, card: MonsterAttack, act: Activation) -> list[str]:
    """The Targets still to be attacked who test at the same time: the living Knights (Squires draw Mettle cards)
    of a Judgement that is not Sequential, when there are two or more of them."""
    spec = card.attack
    if state.version < JUDGEMENT_REROLLS_VERSION or spec is None or "sequential" in spec.types:
        return []
    members = [t for t in act.targets[act.index:] if t not in state.squires and alive(state, t)]
    return members if len(members) > 1 else []


def difficulty_of(card: MonsterAttack) -> int:
    assert card.attack is not None
    return card.attack.difficulty or card.evasion_difficulty or 6


@implements("Dice Re-rolls", tests=[JR + "test_a_simultaneous_judgement_asks_every_knights_re_roll_at_once",
                                    JR + "test_an_older_campaign_declares_judgement_re_rolls_knight_by_knight"],
            note="a Judgement its Targets test at the same time: one decision for every Knight's Heat re-roll")
def group_tests(state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
                card: MonsterAttack) -> Pending | None:
    """Rulebook, "Dice Re-rolls": "If multiple players perform their rolls at the same time (for example when the
    text states "Each Knight tests"), they must all declare whether they want to re-roll their dice before any of
    them performs a re-roll." The Virtues first, then every test, then one decision for the re-rolls."""
    assert state.clash is not None and card.attack is not None
    spec = card.attack
    for kid in act.group:
        if kid in act.group_virtues:
            continue
        if len(spec.virtues) > 1:
            k = knight_state(state, kid)
            return ask(state, "judgement_virtue",
                       f"🧠 {card.name} is a Judgement: {k.name} chooses the Virtue to test.",
                       [Option(key=v, label=v.capitalize(), help=f"{v.capitalize()} {k.sheet.virtue(v)}")
                        for v in spec.virtues], knights=[kid], then=JudgementGroupThen(knight=kid))
        act.group_virtues[kid] = spec.virtues[0]
    difficulty = difficulty_of(card)
    if not act.group_naturals:
        for kid in act.group:
            k, virtue = knight_state(state, kid), act.group_virtues[kid]
            act.group_naturals[kid] = dice.d10(f"{k.name}'s {virtue.capitalize()} test against {card.name}")
            lines.append(ActivationTested(knight=k.name, virtue=virtue, difficulty=difficulty,
                                          natural=act.group_naturals[kid],
                                          bonus=k.sheet.virtue(virtue)))  # type: ignore[arg-type]
    if act.group_declared:
        return None
    failed = [kid for kid in act.group if not _passes(state, act, card, kid)]
    if not failed:
        act.group_declared = True
        return None
    names = ", ".join(name_of(state, kid) for kid in failed)
    keep = Option(key="keep", label="Keep", help="no re-roll: the tests stand")
    if attack_keywords.doomed(card):  # the window stays open for Defy
        return ask(state, "evasion_reroll", f"🎲 {names} failed the test. {attack_keywords.DOOMED}.",
                   [keep], knights=failed, then=JudgementGroupThen())
    options = [Option(key=kid, label=f"{name_of(state, kid)} ({act.group_naturals[kid]})"[:80],
                      help="re-roll this Knight's test for +1 Heat") for kid in failed]
    return ask(state, "evasion_reroll",
               f"🎲 {names} failed the test: declare every re-roll at once (+1 Heat each) — pick the Knights who "
               "re-roll, or Keep; they are rolled together.",
               [*options, keep], knights=failed, pick=len(failed), then=JudgementGroupThen())


def _passes(state: CampaignState, act: Activation, card: MonsterAttack, kid: str) -> bool:
    k = knight_state(state, kid)
    return d10_success(act.group_naturals[kid], k.sheet.virtue(act.group_virtues[kid]),  # type: ignore[arg-type]
                       difficulty_of(card))


def take_result(act: Activation, kid: str) -> None:
    """This Target's part of the group: its Virtue, its die (re-rolled or not: no second question), its Defy."""
    act.virtue = act.group_virtues[kid]
    act.naturals = [act.group_naturals[kid]]
    act.rerolled = [0]
    act.evaded += act.group_defied.pop(kid, 0)


def resume_virtue(engine: Engine, state: CampaignState, act: Activation, kid: str, virtue: str,
                  dice: Dice) -> Result:
    act.group_virtues[kid] = virtue
    return run_from(engine, state, dice, [], act)


def resume_rerolls(engine: Engine, state: CampaignState, act: Activation, chosen: list[str], dice: Dice) -> Result:
    """The declared re-rolls, rolled together in the Targets' order, +1 Heat each."""
    assert state.clash is not None
    lines: list[Line] = []
    if chosen != ["keep"] and chosen:
        if "keep" in chosen:
            raise RuleError("choose the Knights who re-roll, or Keep alone")
        if attack_keywords.doomed(card_of(engine, state.clash, act)):
            raise RuleError(f"{attack_keywords.DOOMED}: no Heat re-roll of this Judgement test")
        for kid in (k for k in act.group if k in chosen):
            k, old = knight_state(state, kid), act.group_naturals[kid]
            act.group_naturals[kid] = dice.d10(f"{k.name} re-rolls the Judgement test", reroll=True)
            lines.append(ActivationRerolled(knight=k.name, old=old, new=act.group_naturals[kid]))
            lines += st.change_heat(engine.catalogue, k, 1, voluntary=True)
            lines.append(ActivationRerollHeat(knight=k.name, heat=1, one=True))
    act.group_declared = True
    return run_from(engine, state, dice, lines, act)
