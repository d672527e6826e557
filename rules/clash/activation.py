"""The steps of a Monster Activation (rulebook "Resolving Activations": Draw AI or Resolve Signature, Targeting,
Movement, Attack Consequences, After Attack; the Attack with its Evasion Roll is rules/clash/monster_attack.py).

One ``Activation`` (rules/clash/activation_state.py) is resolved step by step by ``run`` of the Monster Round's loop
(rules/clash/monster_round.py), which finds each step registered here with ``@activation_step``. When a step needs
the players (a tied Target, a REACT! window, Heat re-rolls of the Evasion dice, a Judgement's Virtue, Obey or
Disobey, a Monster path), ``run`` stops with a decision that holds the Activation (``Pending.activation``);
``/choose`` resumes it (the ``@resumes`` functions below, which go on with ``run_from``).
Activations waiting their turn (Attack Responses) queue in ``flow.queue``.
"""

from __future__ import annotations

from content.schema.monsters import AICard, MonsterAttack
from rules.board.monster_movement import monster_move
from rules.board.movement_types import appear_behind, dwell, jump, land_on_top, move_behind, move_lateral
from rules.board.naming import slug
from rules.board.state import Outcome, distinct_effects
from rules.clash import decks, harm
from rules.clash.activation_facts import (
    ActivationAIZero,
    ActivationByHand,
    ActivationChainBreak,
    ActivationDrawn,
    ActivationGateMet,
    ActivationGoesOn,
    ActivationNoTarget,
    ActivationTargeted,
)
from rules.clash.activation_state import Activation
from rules.clash.flow import Option, Pending, ask, resumes
from rules.clash.lookups import alive, card_of, current, gates_met, harm_by, knight_state, monster_content, name_of
from rules.clash.monster_round import activation_step, result_of, run_from
from rules.clash.targeting import find_target
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.facts import Line, random_targets_said
from rules.state import CampaignState

T = "tests/clash/test_monster_round.py::"
BA = "tests/clash/test_bonus_chain_break.py::"


def react_window(state: CampaignState, card: MonsterAttack, act: Activation, step: str) -> Pending | None:
    """"Whenever you encounter the REACT! symbol preceding an AI instruction, you may activate Reaction abilities
    immediately before you resolve that instruction." Asked once per window."""
    key = f"{step}:{act.index}"
    if step not in card.react or key in act.reacted:
        return None
    act.reacted.append(key)
    assert state.clash is not None
    living = [k.id for k in state.board.knights if not k.dead and k.id not in state.squires]  # Squires: no Reactions
    if not living:
        return None
    return ask(state, "react",
               f"⚡ REACT! before {card.name}'s {step.replace('_', ' ')}: each Knight may use Reaction abilities now "
               "(apply them with the usual commands), then go on.",
               [Option(key="go_on", label="Go on", help="no more Reactions: resolve the instruction")],
               knights=living)


@implements("Window of Opportunity", tests=[T + "test_react_window_waits_for_the_knights"])
@resumes("react")
def _resume_react(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    """The Knights have used their Reactions: resolve the instruction the window came before."""
    return run_from(engine, state, dice, [ActivationGoesOn(why="reacted")], pending.resumed())


# --- 1. Draw AI or Resolve Signature ---------------------------------------------------------------------------


@implements("1. Draw AI or Resolve Signature", tests=[T + "test_boss_round_draws_the_top_ai_card",
                                                       T + "test_signature_token_resolves_the_signature"])
@activation_step("draw")
def _draw(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Pending | None:
    assert state.clash is not None
    m = monster_content(engine, state.clash)
    if act.source == "ai":
        card_id, state.clash = decks.draw_ai(state.clash, dice)
        act.card, act.discard_ai = card_id, True
        card = card_of(engine, state.clash, act)
        lines.append(ActivationDrawn(monster=m.name, card=card.name, source="ai",
                                     level=state.clash.levels[card_id]))
    elif act.source == "signature":
        act.card = m.signature.id
        lines.append(ActivationDrawn(monster=m.name, card=m.signature.name, source="signature"))
    else:
        act.card = m.routine.id
        lines.append(ActivationDrawn(monster=m.name, card=m.routine.name, source="routine"))
    act.step = "targeting"
    return None


# --- 2. Targeting -----------------------------------------------------------------------------------------------


@implements("2. Targeting", tests=[T + "test_no_target_discards_the_ai_card_and_performs_the_routine"])
@activation_step("targeting")
def _targeting(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Pending | None:
    assert state.clash is not None
    card = card_of(engine, state.clash, act)
    react = react_window(state, card, act, "targeting")
    if react is not None:
        return react
    if act.forced is not None:
        if alive(state, act.forced):
            act.targets = [act.forced]
            lines.append(ActivationTargeted(how="response", knights=[name_of(state, act.forced)]))
        act.step = "movement"
        return None
    if not card.targeting:
        act.step = "movement"
        return None
    found = find_target(state, act.monster, card.targeting, card.attack, start=act.line, catalogue=engine.catalogue)
    if found.line is None:
        return _no_target(engine, state, dice, lines, act, card)
    if found.ask_players or found.tied:
        act.targets = list(found.knights)  # an X Knights line: the Targets already settled
        lines += random_targets_said(found.text)  # the line the players judge may name random Knights
        return _ask_target(state, act, found.line, found.text, list(found.tied), found.choose, found.ask_players)
    if found.zone is not None:
        act.targets = list(found.knights)
        lines.append(ActivationTargeted(how="zone", line=found.text,
                                        knights=[name_of(state, k) for k in act.targets],
                                        sheltered=[name_of(state, k) for k in found.sheltered]))
    elif found.no_target:
        act.targets = []
        lines.append(ActivationTargeted(how="none", line=found.text))
    else:
        act.targets = list(found.knights)
        lines.append(ActivationTargeted(how="line", line=found.text,
                                        knights=[name_of(state, k) for k in act.targets]))
    act.step = "movement"
    return None


def _no_target(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
               card: MonsterAttack) -> Pending | None:
    """"If there is no valid Target for any of the targeting instructions, the card is discarded and the Monster
    performs its Routine instead.\""""
    assert state.clash is not None
    if act.source == "routine":
        lines.append(ActivationNoTarget(card=card.name, routine=True))
        act.step = "finish"
        return None
    lines.append(ActivationNoTarget(card=card.name, routine=False))
    _put_away_ai(engine, state, dice, act, lines)
    act.source, act.card, act.step, act.line, act.reacted = "routine", None, "draw", 0, []
    return None


def _ask_target(state: CampaignState, act: Activation, line: int, text: str, tied: list[str], choose: int,
                players: bool) -> Pending:
    assert state.clash is not None
    act.line = line
    options = [Option(key=k, label=name_of(state, k)[:80], help="becomes the Target") for k in tied]
    if players:
        options.append(Option(key="none", label="Nobody", help="no Knight meets this line: read the next one"))
        prompt = (f"🎯 Targeting line “{text}”: the bot cannot judge it. Which Knight(s) meet it? "
                  f"Pick those who do, or Nobody.")
    else:
        prompt = (f"🎯 Targeting line “{text}”: {', '.join(o.label for o in options)} are equally viable and the "
                  f"Priority Target token does not settle it: the players choose {choose}.")
    return ask(state, "target", prompt, options, knights=tied, pick=len(tied) if players else choose)


@resumes("target")
def _resume_target(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    act = pending.resumed()
    lines: list[Line] = []
    if chosen == ["none"]:
        act.line += 1
        act.step = "targeting"
        return run_from(engine, state, dice, lines, act)
    if "none" in chosen:
        raise RuleError("choose Knights, or Nobody alone")
    if any(o.key == "none" for o in pending.options):
        # the players judged what the bot could not: the bot finishes the line (Closest..., the tokens)
        assert state.clash is not None
        card = card_of(engine, state.clash, act)
        found = find_target(state, act.monster, card.targeting, card.attack, start=act.line, meets=chosen,
                            catalogue=engine.catalogue)
        if found.line == act.line and (found.tied or found.ask_players):
            act.targets = list(found.knights)
            return _finish_run(engine, state, dice, lines, act, _ask_target(
                state, act, act.line, found.text, list(found.tied), found.choose, False))
        chosen = list(found.knights) if found.line == act.line else chosen
        act.targets = []
    act.targets = [*act.targets, *chosen]
    lines.append(ActivationTargeted(how="chosen", knights=[name_of(state, k) for k in act.targets]))
    act.step = "movement"
    return run_from(engine, state, dice, lines, act)


def _finish_run(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
                pending: Pending) -> Result:
    pending.activation = act.model_copy(deep=True)
    return result_of(engine, state, lines, pending)


# --- 3. Monster Movement ------------------------------------------------------------------------------------------


@implements("3. Monster Movement", tests=[T + "test_boss_moves_to_its_target_then_attacks"])
@implements("Monster Movement Types", tests=[T + "test_boss_moves_to_its_target_then_attacks"])
@activation_step("movement")
def _movement(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Pending | None:
    assert state.clash is not None
    card = card_of(engine, state.clash, act)
    react = react_window(state, card, act, "movement")
    if react is not None:
        return react
    act.step = "attack"
    move = card.movement
    target = next((t for t in act.targets if alive(state, t)), None)
    if move.type == "none" or target is None:
        return None
    range_ = card.attack.range if card.attack is not None and "range" in card.attack.types else None
    zone = card.attack.zone if card.attack is not None and "zone" in card.attack.types else None
    if move.speed is not None and state.clash.modifier("speed", act.space):  # "its current Speed limit"
        move = move.model_copy(update={"speed": max(0, move.speed + state.clash.modifier("speed", act.space))})
    functions = {
        "move": lambda: monster_move(state.board, act.monster, target, speed=move.speed, range_=range_),
        "jump": lambda: jump(state.board, act.monster, target, speed=move.speed),
        "move_behind": lambda: move_behind(state.board, act.monster, target, speed=move.speed),
        "move_lateral": lambda: move_lateral(state.board, act.monster, target, range_=range_, zone=zone),
        "land_on_top": lambda: land_on_top(state.board, act.monster, target),
        "appear_behind": lambda: appear_behind(state.board, act.monster, target),
        "dwell": lambda: dwell(state.board, act.monster),
    }
    if move.type not in functions:
        lines.append(ActivationByHand(card=card.name, text=move.text, movement=move.type))
        return None
    outcomes = distinct_effects(functions[move.type]())
    if len(outcomes) > 1 and act.path is None:
        act.step = "movement"
        options = [Option(key=str(i + 1), label=(" ".join(o.choices) or f"Path {i + 1}")[:80],
                          help=o.told_line) for i, o in enumerate(outcomes)]
        return ask(state, "path",
                   f"🐾 {card.name}: the Monster has {len(outcomes)} equally short ways to move; the players choose.",
                   options[:25])
    chosen = outcomes[(act.path or 1) - 1]
    act.path = None
    _apply_outcome(engine, state, dice, lines, act, chosen)
    return None


@resumes("path")
def _resume_path(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    act = pending.resumed()
    act.path = int(chosen[0])
    act.reacted.append(f"movement:{act.index}")
    return run_from(engine, state, dice, [], act)


def _apply_outcome(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
                   outcome: Outcome) -> None:
    """A board Outcome becomes the board; Crash, Tumble and deaths on the board hit the Knights (rules/clash/harm)."""
    h = harm_by(engine, state, dice, act)
    harm.apply_outcomes(h, [outcome], "the Monster's movement")
    harm.settle(h)
    lines.extend(h.lines)


# --- 4. Monster Attack: rules/clash/monster_attack.py; what the steps share: rules/clash/lookups.py ---------------


# --- 4.2. Attack Consequences and After Attack ---------------------------------------------------------------------


@implements("4.2. Attack Consequences", tests=[T + "test_boss_moves_to_its_target_then_attacks"])
@activation_step("consequences")
def _consequences(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line],
                  act: Activation) -> Pending | None:
    assert state.clash is not None
    card = card_of(engine, state.clash, act)
    react = react_window(state, card, act, "consequences")
    if react is not None:
        return react
    knight = current(act)
    h = harm_by(engine, state, dice, act)
    judgement = card.attack is not None and "judgement" in card.attack.types
    if knight is None:
        for effect in card.consequences:
            text = getattr(effect, "text", None) or effect.type.replace("_", " ")
            h.lines.append(ActivationByHand(card=card.name, text=text))
    elif alive(state, knight):
        gated = [e for g in gates_met(state, card, act, knight) if g.before != "after_attack" for e in g.effects]
        if gated:
            h.lines.append(ActivationGateMet(gates=[g.text for g in gates_met(state, card, act, knight)]))
        harm.resolve_effects(h, knight, [*card.consequences, *gated], hits=max(act.hits, 1),
                             monster_attack=card.attack is not None, judgement=judgement, source=card.name)
    harm.settle(h)
    lines.extend(h.lines)
    broken = bool(h.attacks) or bool(h.bonus_owed)
    _queue(state, act, h)
    act.step = "after_attack" if knight is not None else "final"
    if broken and knight is not None:
        _chain_break(state, card, act, lines)
    owed = [b for b in (slug(state.knights[kid].name) for kid in dict.fromkeys(h.bonus_owed)) if alive(state, b)]
    if owed and state.clash.flow.phase == "monster":
        return _bonus_window(state, owed)
    return None


@implements("Bonus Attacks", tests=[BA + "test_a_bonus_attack_owed_during_a_monster_attack_breaks_the_chain_and_waits",
                                    BA + "test_passing_the_bonus_attack_goes_on_with_the_round"])
def _bonus_window(state: CampaignState, owed: list[str]) -> Pending:
    """"A Bonus Attack is an effect that allows you to perform an immediate Attack, often outside of your turn. Most
    Bonus Attacks cause a Chain Break ... When the Attack ends, continue resolving the Round that was interrupted by
    the Bonus Attack." The Round waits: the Knight attacks with ``/knight attack ... bonus:true`` (the Round then
    goes on by itself) or passes."""
    assert state.clash is not None
    names = ", ".join(name_of(state, kid) for kid in owed)
    return ask(state, "bonus_attack",
               f"⚔️ {names}: make the Bonus Attack now with `/knight attack weapon:<weapon> bonus:true` (the Monster "
               "Round goes on after it), or pass.",
               [Option(key="pass", label="Pass", help="forgo the Bonus Attack; the Monster Round goes on")],
               knights=owed)


@resumes("bonus_attack")
def _resume_bonus(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    assert state.clash is not None
    for kid in pending.knights:
        k = knight_state(state, kid)
        if k.id in state.clash.flow.bonus_attacks:
            state.clash.flow.bonus_attacks.remove(k.id)
    return run_from(engine, state, dice, [ActivationGoesOn(why="bonus_passed")], pending.resumed())


@implements("Chain Break", tests=[T + "test_an_attack_during_a_monster_attack_is_a_chain_break"])
def _chain_break(state: CampaignState, card: MonsterAttack, act: Activation, lines: list[Line]) -> None:
    """"If a Knight Bonus Attack or additional Monster Attack is triggered during a Monster Attack (for example, by
    a Mortis card), it causes a Chain Break, and the original Monster Attack immediately ends." Against a Zone or
    Simultaneous Attack it ends the Attack for that Knight only: "Any other Target of the Attack must still
    resolve them"."""
    shared = card.attack is not None and bool({"zone", "wave", "simultaneous"} & set(card.attack.types))
    name = name_of(state, act.targets[act.index])
    if shared and act.index + 1 < len(act.targets):
        lines.append(ActivationChainBreak(card=card.name, knight=name, others=True))
        act.index += 1
        act.naturals, act.rerolled, act.hits, act.virtue, act.obeyed = [], [], 0, None, None
        act.step = "attack"
    else:
        lines.append(ActivationChainBreak(card=card.name, knight=name))
        act.step = "finish"


def _queue(state: CampaignState, act: Activation, h: harm.Harm) -> None:
    """Attacks a Mortis card or a Response asked for: queued, they run once the current Activation has ended (a
    Monster Attack during a Monster Attack also breaks the chain: ``_chain_break``)."""
    assert state.clash is not None
    for extra in h.attacks:
        kind = getattr(extra, "attack", None)
        if kind in ("signature", "routine", "ai"):
            target = current(act)
            state.clash.flow.queue.append(Activation(source=kind, monster=act.monster, space=act.space,
                                                     forced=target))
    h.attacks.clear()


@implements("After Attack", tests=[T + "test_after_attack_happens_even_after_a_full_evade"])
@activation_step("after_attack")
def _after_attack(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line],
                  act: Activation) -> Pending | None:
    assert state.clash is not None
    card = card_of(engine, state.clash, act)
    react = react_window(state, card, act, "after_attack")
    if react is not None:
        return react
    knight = current(act)
    gated = [] if knight is None or not alive(state, knight) else [
        e for g in gates_met(state, card, act, knight) if g.before == "after_attack" for e in g.effects]
    if (card.after_attack or gated) and knight is not None and alive(state, knight):
        h = harm_by(engine, state, dice, act)
        if act.hits:
            h.bonus_paid.append(knight)  # the Vigor Loss bonus counts once per Monster Attack
        harm.resolve_effects(h, knight, [*card.after_attack, *gated], monster_attack=True,
                             source=f"{card.name} (After Attack)")
        harm.settle(h)
        lines.extend(h.lines)
        _queue(state, act, h)
    # the next Target of a Simultaneous, Sequential or Zone Attack
    act.index += 1
    act.naturals, act.rerolled, act.hits, act.virtue, act.obeyed = [], [], 0, None, None
    act.step = "attack" if act.index < len(act.targets) else "final"
    return None


@activation_step("final")
def _final(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Pending | None:
    """"if the Attack includes an After Final Attack instruction, it only takes effect after resolving the Attack
    against each of its Targets, against the last attacked Target.\""""
    assert state.clash is not None
    card = card_of(engine, state.clash, act)
    last = act.targets[-1] if act.targets else None
    if card.after_final_attack and last is not None and alive(state, last):
        h = harm_by(engine, state, dice, act)
        harm.resolve_effects(h, last, card.after_final_attack, monster_attack=True,
                             source=f"{card.name} (After Final Attack)")
        harm.settle(h)
        lines.extend(h.lines)
    act.step = "finish"
    return None


def _put_away_ai(engine: Engine, state: CampaignState, dice: Dice, act: Activation, lines: list[Line]) -> None:
    assert state.clash is not None
    if not act.discard_ai or state.clash.ai_revealed is None:
        return
    card = card_of(engine, state.clash, act)
    act.discard_ai = False
    if isinstance(card, AICard) and card.level == 0 and card.then is not None:
        if state.clash.ai_zero != state.clash.ai_revealed:
            # drawn again after its instruction put it back in the deck: it follows its instruction again
            state.clash = state.clash.model_copy(update={"ai_zero": state.clash.ai_revealed})
        state.clash = decks.resolve_ai_zero(state.clash, card.then, dice)
        lines.append(ActivationAIZero(card=card.name, then=card.then))
    else:
        state.clash = decks.discard_ai(state.clash, dice)


@activation_step("finish")
def _finish(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Pending | None:
    """Discard the AI card ("once you finish resolving its After Attack effects ... discard it") and spend the
    Activation token."""
    from rules.clash.mob_track import finish_activation

    assert state.clash is not None
    _put_away_ai(engine, state, dice, act, lines)
    if act.token is not None and state.clash.over is None:
        slot = state.clash.mob_track[act.space - 1] if act.space else None
        if act.space == 0 or slot is not None:
            state.clash, moved = finish_activation(state.clash, act.space, act.token)
            lines.extend(moved)
    act.step = "done"
    return None
