"""The Encounter Sequence (rulebook "Encounter Sequence": Positioning, Monster Round, Knight Round, Resolution), run
step by step until the party must decide something or act.

``EncounterState.steps`` lists the steps still to run; ``run`` resolves them in order. A step that needs the party
stops with a ``Pending`` decision (the contract of rules/clash/flow.py) kept in ``EncounterState.pending`` and
answered with ``/encounter choose`` (rules/delve/encounter_handlers.py; a button runs ``/encounter choose decision:<id>
option:<keys>``, the decision's ``answer``, as its presser); the function that goes on is registered with
``@resumes(kind)``:

- ``enc_space``: Knight Positioning — which matching space (or, with none, out of the Encounter or a targeted space);
- ``enc_roar``: Dragon's Roar — which Knights already on the board roll again;
- ``enc_reroll``: the Attack Action's Heat re-roll (rules/delve/encounter_attack.py).

The Knight Round waits for ``/encounter attack`` and ``/encounter help``; once every Knight on the board has acted,
the Resolution runs and the Encounter ends (its token removed and Rotation 1 when a token triggered it).
"""

from __future__ import annotations

from typing import Any

from content.schema.encounter_boards import EncounterBoard
from content.schema.encounters import EncounterCard, EncounterSide
from content.schema.kingdom import Kingdom
from rules.clash.flow import Option, Pending, decision, resumes
from rules.coverage import implements
from rules.decision_ids import decision_id
from rules.decision_records import EncounterKnightThen, EncounterRoarThen, Then
from rules.delve import encounter as geo
from rules.delve import encounter_effects as eff
from rules.delve import encounter_facts as ef
from rules.delve import track as tr
from rules.delve.encounter_facts import (
    BackToTheDelveRound,
    DragonsRoar,
    EncounterAsks,
    EncounterResolved,
    KnightRoundWaits,
    PartialCountsAsSuccess,
    QuestEncounterEffects,
)
from rules.delve.encounter_state import EncounterKnight, EncounterState
from rules.delve.results import current, delve_data, every_knight_dead, travel_decision
from rules.delve.state import DelveState
from rules.dice import Dice
from rules.engine import Decision, Engine, Event, Result
from rules.errors import RuleError
from rules.facts import Line, random_targets_said, said
from rules.state import CampaignState

T = "tests/delve/test_encounter.py::"
KEY_LIMIT = 40
ANSWER = "encounter choose"  # the command an Encounter decision's buttons run (bot/discord/decisions.py)
OUTCOME_NAMES = {"success": "Success", "partial": "Partial Success", "failure": "Failure"}


# -- lookups -------------------------------------------------------------------------------------------------


def card_of(kingdom: Kingdom, card_id: str) -> EncounterCard:
    found = next((c for c in kingdom.encounter_cards if c.id == card_id), None)
    if found is None:
        raise RuleError(f"{kingdom.name} has no Encounter Monster card {card_id!r}")
    return found


def context(engine: Engine, state: CampaignState) -> tuple[DelveState, Kingdom, EncounterState, EncounterSide,
                                                           EncounterBoard]:
    delve, kingdom, _ = current(engine, state)
    enc = delve.encounter
    if enc is None:
        due = f" ({delve.encounter_due} is due: `/encounter start`)" if delve.encounter_due else ""
        raise RuleError(f"no Encounter is under way{due}")
    side = card_of(kingdom, enc.card).side(enc.level)
    board = engine.catalogue.encounter_boards[enc.board]
    return delve, kingdom, enc, side, board


def names(state: CampaignState) -> dict[str, str]:
    return {k.id: k.name for k in state.knights.values()}


def alive(state: CampaignState, kid: str) -> bool:
    k = state.knights.get(kid)
    return k is not None and not k.dead


def to_act(state: CampaignState, enc: EncounterState) -> list[EncounterKnight]:
    """The Knights on the board who have not acted in the Knight Round."""
    return [k for k in enc.knights if k.status == "placed" and k.action is None and alive(state, k.knight)]


def result(engine: Engine, state: CampaignState, texts: list[Line], final: dict[str, Any] | None = None,
           **extra: Any) -> Result:
    """Every Encounter reply: the Delve fields (docs/commands.md, /delve) and ``data.encounter``."""
    texts = [*texts, *every_knight_dead(state)]
    data = delve_data(engine, state)
    enc = state.delve.encounter if state.delve is not None else None
    pending: Pending | None = None
    if enc is not None:
        _, kingdom, _ = current(engine, state)
        data["encounter"] = geo.view(enc, card_of(kingdom, enc.card).side(enc.level), names(state))
        pending = enc.pending
        if pending is not None:
            data["pending"] = pending.shown(data=False)
    else:
        data["encounter"] = final
    data.update(extra)
    events = [Event(kind="encounter", text=t) for t in texts]
    return Result(state=state, events=events, data=data,
                  pending=enc_decision(state, pending) if pending is not None
                  else travel_decision(engine, state) if enc is None else None)


def enc_decision(state: CampaignState, pending: Pending) -> Decision:
    """The engine's Decision for an Encounter decision: the owners of the Knights it names answer (the Knight
    placed, the Knights who may move, the Knight who re-rolls; a GM always may), with ``/encounter choose
    decision:<id> option:<keys>``."""
    return decision(state, pending).model_copy(update={"answer": ANSWER})


def ask(engine: Engine, state: CampaignState, texts: list[Line], kind: str, prompt: str, options: list[Option], *,
        knights: list[str] | None = None, then: Then | None = None, pick: int = 1,
        min_pick: int = 1) -> Result:
    """Stop for the party: the decision is kept in the Encounter (``encounter.pending``) and shown in the reply."""
    assert state.delve is not None and state.delve.encounter is not None
    enc = state.delve.encounter
    ident = decision_id(state, "enc", enc.asked)
    enc.asked += 1
    enc.pending = Pending(id=ident, kind=kind, prompt=prompt, options=options, knights=knights or [],
                          then=then, pick=pick, min_pick=min_pick)
    texts.append(said(EncounterAsks(prompt=prompt, options=[(o.key, o.label) for o in options])))
    return result(engine, state, texts)


# -- the driver ----------------------------------------------------------------------------------------------


@implements("Encounter Sequence", tests=[T + "test_a_whole_encounter_runs_its_steps_in_order",
                                         T + "test_ambush_positions_the_knights_first_and_sits_out_a_knight"])
def run(engine: Engine, state: CampaignState, dice: Dice, texts: list[Line], **extra: Any) -> Result:
    """"An Encounter consists of the following steps, resolved in order": run them until the party is asked
    something, the Knight Round waits for the Knights, or the Encounter is over."""
    while True:
        delve, kingdom, enc, side, board = context(engine, state)
        if enc.pending is not None:
            return result(engine, state, texts, **extra)
        if state.track.lost:
            texts.append(said(ef.EncounterEndsLost()))
            return finish(engine, state, texts, **extra)
        if not enc.steps:
            return finish(engine, state, texts, **extra)
        step = enc.steps[0]
        if step == "monsters":
            position_monsters(engine, state, dice, texts)
        elif step == "knights":
            asked = position_knights(engine, state, dice, texts)
            if asked is not None:
                return asked
        elif step == "roar":
            asked = roar(engine, state, texts)
            if asked is not None:
                return asked
        elif step == "monster_round":
            monster_round(engine, state, dice, texts)
        elif step == "knight_round":
            waiting = to_act(state, enc)
            if waiting:
                who = names(state)
                texts.append(said(KnightRoundWaits(knights=[who[k.knight] for k in waiting], scrapes=len(enc.scrapes),
                                                   pool=[(t, n) for t, n in enc.pool.items() if n])))
                return result(engine, state, texts, **extra)
            enc.steps.pop(0)
        else:
            resolution(engine, state, dice, texts)


def _done(enc: EncounterState) -> None:
    enc.steps.pop(0)


# -- 1. Positioning ------------------------------------------------------------------------------------------


@implements("1. Positioning Step",
            tests=[T + "test_mob_positioning_rolls_one_die_per_miniature_and_ignores_hope",
                   T + "test_two_dice_place_the_monster_on_both_symbols",
                   T + "test_knight_positioning_asks_between_matching_spaces",
                   T + "test_no_matching_space_remove_or_targeted_space",
                   T + "test_ambush_positions_the_knights_first_and_sits_out_a_knight"],
            note="ties between equally good placements: the first in reading order (the GM may move it); extra "
            "positioning dice from effects are not offered")
def position_monsters(engine: Engine, state: CampaignState, dice: Dice, texts: list[Line]) -> None:
    """Monster Positioning: a Mob rolls a d6 per miniature (Monster Count), a Vassal, King or Devil two d6, a Dragon
    one; Hope symbols are ignored. Each miniature is turned to target the most spaces (an Ambush: the most Knights);
    in an Ambush, Knights in the way of every placement are removed and suffer the Attack effect."""
    delve, kingdom, enc, side, board = context(engine, state)
    assert engine.catalogue.dice is not None
    dice.next_throw()
    rolled = [geo.roll_symbol(dice, engine.catalogue.dice, f"Monster Positioning ({enc.name})")
              for _ in range(side.count if enc.placing == "mob" else 2 if enc.placing == "two_dice" else 1)]
    marks = [m for _, m in rolled]
    texts.append(said(ef.MonsterPositioning(placing=enc.placing, count=side.count, marks=marks)))
    knights = geo.knight_spaces(enc)
    diagram = side.attack.diagram
    if enc.placing == "mob":
        taken = set(knights.values())
        earlier: set[tuple[int, int]] = set()
        for i, mark in enumerate(marks, 1):
            p, why = geo.place_mob(board, diagram, mark, taken, earlier, knights, enc.ambush)
            enc.monsters.append(geo.mini(i, p))
            taken |= set(p.cells)
            earlier |= set(p.targets)
            texts.append(said(ef.MonsterPlaced(monster=enc.name, number=i, cells=geo.labels(p.cells), facing=p.facing,
                                               why=why, targets=geo.labels(p.targets))))
    else:
        symbols = [m for m in marks if m is not None]
        p, in_way, why = geo.place_large(board, diagram, symbols, knights, enc.ambush, enc.placing == "dragon")
        enc.monsters.append(geo.mini(1, p))
        texts.append(said(ef.MonsterPlaced(monster=enc.name, cells=geo.labels(p.cells), facing=p.facing, why=why,
                                           targets=geo.labels(p.targets))))
        for kid in in_way:
            k = enc.knight(kid)
            k.status, k.space, k.why_out = "out", None, "in the Monster's way (Ambush)"
            texts.append(said(ef.KnightInTheWay(knight=names(state)[kid])))
            more, reached = eff.apply(engine, state, dice, kingdom, side.attack, [kid],
                                      source=f"{enc.name}'s Attack", attack=True)
            texts += more
            enc.time_reached += reached
    _done(enc)


def _space_options(spaces: list[tuple[int, int]], board: EncounterBoard) -> list[Option]:
    out = []
    for s in spaces:
        opening, breaks = board.help_at(*s)
        extra = (", " + ", ".join(x for x in (f"{opening} Opening" if opening else "",
                                              f"{breaks} Break" if breaks else "") if x)) if opening or breaks else ""
        out.append(Option(key=geo.label(s), label=f"{geo.label(s)} ({board.mark(*s)}{extra})",
                          help=f"the Knight stands on {geo.label(s)}"))
    return out


def position_knights(engine: Engine, state: CampaignState, dice: Dice, texts: list[Line]) -> Result | None:
    """Knight Positioning: "first roll a d6 die for each Knight, then place your Knights on matching unoccupied
    spaces ... If there is no available space with a matching symbol, you must either remove that Knight from the
    Encounter, or place your Knight miniature on any space targeted by the Monsters"; in an Ambush such a Knight "has
    to sit it out". A choice between spaces is the Knight's owner's (``enc_space``)."""
    delve, kingdom, enc, side, board = context(engine, state)
    assert engine.catalogue.dice is not None
    waiting = [k for k in enc.knights if k.status == "waiting"]
    fresh = [k for k in waiting if k.knight not in enc.rolls]
    who = names(state)
    if fresh:
        dice.next_throw()
        for k in fresh:
            purpose = f"Knight Positioning ({who[k.knight]})"
            _, enc.rolls[k.knight] = geo.roll_symbol(dice, engine.catalogue.dice, purpose)
        texts.append(said(ef.KnightPositioningRolled(rolls=[(who[k.knight], enc.rolls[k.knight]) for k in fresh])))
    for k in waiting:
        symbol = enc.rolls.get(k.knight)
        matching, fallback = geo.knight_options(board, enc, symbol)
        name = who[k.knight]
        if len(matching) == 1:
            k.status, k.space = "placed", matching[0]
            texts.append(said(ef.KnightPlaced(knight=name, space=geo.label(matching[0]), only=True, symbol=symbol)))
            continue
        if matching:
            return ask(engine, state, texts, "enc_space", f"{name} rolled {symbol}: on which free {symbol} space?",
                       _space_options(matching, board), knights=[k.knight], then=EncounterKnightThen(knight=k.knight))
        what = f"no free {symbol} space" if symbol else "a Hope face, no symbol"
        if enc.ambush or not fallback:
            k.status, k.why_out = "out", f"{what} (Ambush)" if enc.ambush else f"{what}, no targeted space free"
            texts.append(said(ef.KnightSitsOut(knight=name, symbol=symbol, ambush=enc.ambush)))
            continue
        options = [Option(key="out", label="out of the Encounter", help="the Knight sits this Encounter out")]
        options += _space_options(fallback, board)
        return ask(engine, state, texts, "enc_space",
                   f"{name}: {what}. Remove {name} from the Encounter, or place them on a space the Monsters target?",
                   options, knights=[k.knight], then=EncounterKnightThen(knight=k.knight))
    _done(enc)
    return None


@resumes("enc_space")
def _space(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    _, _, enc, _, board = context(engine, state)
    assert isinstance(pending.then, EncounterKnightThen), f"{pending.kind} names no Knight"
    k = enc.knight(pending.then.knight)
    name = names(state)[k.knight]
    if keys[0] == "out":
        k.status, k.why_out = "out", "chose to leave the Encounter (no matching space)"
        texts: list[Line] = [said(ef.KnightSitsOut(knight=name, chosen=True))]
    else:
        k.status, k.space = "placed", geo.parse(board, keys[0])
        texts = [said(ef.KnightPlaced(knight=name, space=keys[0]))]
    return run(engine, state, dice, texts)


@implements("2. Monster Round Step", tests=[T + "test_monster_round_hits_the_targeted_knights_judicium_only",
                                             T + "test_dragons_roar_repeats_positioning_and_the_monster_round"],
            note="Knockback, Pushback and Knockdown on the Encounter Board are shown; the GM moves the miniature "
            "(/encounter place)")
def roar(engine: Engine, state: CampaignState, texts: list[Line]) -> Result | None:
    """Dragon's Roar: "During this second Knight Positioning step, before you roll any dice, Knights already on the
    Board may decide not to move" (``enc_roar``: the Knights who move)."""
    _, _, enc, _, _ = context(engine, state)
    on_board = [k.knight for k in enc.knights if k.status == "placed" and alive(state, k.knight)]
    if not on_board:
        _done(enc)
        return None
    who = names(state)
    keys = [kid if len(kid) <= KEY_LIMIT else f"knight{i}" for i, kid in enumerate(on_board, 1)]
    options = [Option(key="none", label="nobody moves", help="every Knight stays on their space")]
    options += [Option(key=key, label=f"{who[kid]} moves (rolls again)"[:80],
                       help=f"{who[kid]} leaves their space and rolls again for a new one")
                for key, kid in zip(keys, on_board, strict=True)]
    return ask(engine, state, texts, "enc_roar",
               "🐲 Dragon's Roar: which Knights on the board roll again for a new space? The others stay.", options,
               knights=on_board, then=EncounterRoarThen(knights=on_board, keys=keys), pick=len(on_board))


@resumes("enc_roar")
def _roar(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    _, _, enc, _, _ = context(engine, state)
    if "none" in keys and len(keys) > 1:
        raise RuleError("choose the Knights who move, or none — not both")
    assert isinstance(pending.then, EncounterRoarThen), f"{pending.kind} names no Knights"
    roar = pending.then
    moving = [roar.knights[roar.keys.index(key)] for key in keys if key != "none"]
    for kid in moving:
        k = enc.knight(kid)
        k.status, k.space = "waiting", None
        enc.rolls.pop(kid, None)
    who = names(state)
    stay = [who[k.knight] for k in enc.knights if k.status == "placed"]
    texts: list[Line] = [said(ef.RoarAnswered(moving=[who[k] for k in moving], staying=stay))]
    _done(enc)
    return run(engine, state, dice, texts)


# -- 2. Monster Round ----------------------------------------------------------------------------------------


def monster_round(engine: Engine, state: CampaignState, dice: Dice, texts: list[Line]) -> None:
    """"Each Monster targets every Knight in the indicated area. Each Knight on a space targeted by a Monster suffers
    the Attack effects shown on the Encounter Monster card. In case of Vigor loss, do not draw Mortis cards other than
    Judicium." Then Dragon's Roar, once: Knight Positioning and the Monster Round again."""
    delve, kingdom, enc, side, board = context(engine, state)
    dice.next_throw()  # who is hit (and so the Armor dice) depends on the positioning dice
    texts += [said(ef.MonsterRoundBegins(again=bool(enc.monster_rounds), text=side.attack.text)),
              *random_targets_said(side.attack.text)]
    who = names(state)
    for m in enc.monsters:
        hit = [k.knight for k in enc.knights
               if k.status == "placed" and k.space in m.targets and alive(state, k.knight)]
        label = f"{enc.name}{f' {m.number}' if len(enc.monsters) > 1 else ''}"
        number = m.number if len(enc.monsters) > 1 else None
        texts.append(said(ef.MonsterTargets(monster=enc.name, number=number, targets=geo.labels(m.targets),
                                            hit=[who[k] for k in hit])))
        if not hit:
            continue
        more, reached = eff.apply(engine, state, dice, kingdom, side.attack, hit, source=f"{label}'s Attack",
                                  attack=True)
        texts += more[1:]  # the card's text is already shown
        enc.time_reached += reached
    enc.monster_rounds += 1
    _done(enc)
    if enc.placing == "dragon" and not enc.roared:
        enc.roared = True
        enc.steps[:0] = ["roar", "knights", "monster_round"]
        texts.append(said(DragonsRoar()))


# -- 4. Resolution -------------------------------------------------------------------------------------------


@implements("4. Resolution Step", tests=[T + "test_scrapes_give_failure_partial_success_as_the_card_defines",
                                          T + "test_a_token_encounter_removes_the_token_and_rotates_the_wheel",
                                          T + "test_partial_counts_as_success_for_a_quest"])
def resolution(engine: Engine, state: CampaignState, dice: Dice, texts: list[Line]) -> None:
    """"Count the number of Scrapes dealt and resolve the corresponding effect from the Encounter Monster card
    (Success, Partial Success, or Failure)" — Knight effects on every living Knight of the party. "When a Quest
    paragraph instructs you to resolve an Encounter, treat Partial Success as a Success"."""
    delve, kingdom, enc, side, board = context(engine, state)
    n = len(enc.scrapes)
    outcome = side.resolution.outcome(n)
    partial = side.resolution.partial
    texts.append(said(EncounterResolved(scrapes=n, outcome=outcome, success_at=side.resolution.success.scrapes,
                                        partial_at=partial.scrapes if partial else None)))
    party = [k.knight for k in enc.knights if alive(state, k.knight)]
    more, reached = eff.apply(engine, state, dice, kingdom, side.resolution.effect(outcome), party,
                              source=OUTCOME_NAMES[outcome])
    texts += more
    enc.time_reached += reached
    if outcome == "partial":
        texts.append(said(PartialCountsAsSuccess()))
    if enc.quest:
        texts.append(said(QuestEncounterEffects(success=outcome != "failure")))
    enc.outcome = outcome
    _done(enc)


def finish(engine: Engine, state: CampaignState, texts: list[Line], **extra: Any) -> Result:
    """"Then, clear the Encounter components and return to the Phase that was interrupted. If the Encounter was
    triggered by an Encounter Monster token on your Kingdom tile, remove that miniature, then perform Rotation 1"
    (rules/delve/monsters.py ``encounter_over``; Hunt Spaces reached meanwhile move the tokens now)."""
    delve, kingdom, enc, side, _ = context(engine, state)
    final = geo.view(enc, side, names(state))
    reached = list(enc.time_reached)
    delve = delve.model_copy(update={"encounter": None})
    texts.append(said(ef.EncounterCleared()))
    try:
        from rules.delve import monsters as mon
    except ImportError:  # pragma: no cover  (Monster Setup not installed)
        mon = None  # type: ignore[assignment]
    if mon is not None and hasattr(mon, "encounter_over"):
        delve, more = mon.encounter_over(delve, kingdom)
        texts += more
        if not state.track.lost and (delve.hunts_due or delve.spawn_due):
            delve, more = mon.resolve_due(delve, kingdom, current(engine, state)[2], ids=mon.route_ids(state))
            texts += more
    else:  # pragma: no cover
        delve = delve.model_copy(update={"encounter_due": None})
    if delve.resume is not None:
        delve = delve.model_copy(update={"resume": delve.resume.model_copy(
            update={"time_reached": sorted({*delve.resume.time_reached, *reached})})})
        texts.append(said(BackToTheDelveRound()))
    else:
        texts += tr.story_prompts(reached)
        texts.append(said(ef.EncounterCleared(back=True)))
    state.delve = delve
    return result(engine, state, texts, final=final, **extra)
