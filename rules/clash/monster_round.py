"""The Monster Round's loop (rulebook "Monster Round", "Resolving Activations", "End of Monster Round", "7. Monster
Responses"): it resolves each ready Activation token in order, and each Activation step by step, until a step needs
the players or nothing is left; then the Knight Round begins.

The steps of one Activation ("1. Draw AI or Resolve Signature", "2. Targeting", "3. Monster Movement", "4. Monster
Attack"...) live in rules/clash/activation.py and rules/clash/monster_attack.py and register themselves here with
``@activation_step(name)``: this loop never imports them, they import it (a step that waited for the players goes
on with ``run_from``). ``STEPS`` is the one place that says which function resolves which step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.board.naming import slug
from rules.clash import mob_track, traits
from rules.clash.activation_facts import ActivationGoesOn
from rules.clash.activation_state import Activation
from rules.clash.activation_state import Step as StepName
from rules.clash.flow import Pending, decision
from rules.clash.lookups import monster_content
from rules.clash.round_facts import ClashOverCalled, RoundBegins
from rules.clash.rounds import not_waiting, running
from rules.clash.view import clash_data
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event
from rules.errors import RuleError
from rules.facts import Line
from rules.flat import flat_copy
from rules.state import CampaignState

T = "tests/clash/test_monster_round.py::"
S = "tests/clash/test_clash_sequence.py::"
W = "tests/clash_commands/test_whole_clash.py::"

# step name -> the function that resolves it: (engine, state, dice, lines, the Activation) -> a decision or None.
# A step moves ``act.step`` on (to "done" at the end); returning a Pending stops the loop for the players.
Step = Callable[[Engine, CampaignState, Dice, list[Line], Activation], Pending | None]
STEPS: dict[str, Step] = {}


def activation_step(name: StepName) -> Callable[[Step], Step]:
    """Register the function that resolves the step ``name`` of an Activation."""
    def register(fn: Step) -> Step:
        if name in STEPS:
            raise ValueError(f"two functions for the Activation step {name!r}")
        STEPS[name] = fn
        return fn

    return register


# --- one Activation, step by step ------------------------------------------------------------------------


def run(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation | None) -> Result:
    """Resolve ``act`` and every queued Activation until a decision is needed or nothing is left."""
    assert state.clash is not None
    while state.clash is not None and state.clash.over is None:
        flow = state.clash.flow
        if act is None:
            if not flow.queue:
                break
            act = flow.queue.pop(0)
        pending = _advance(engine, state, dice, lines, act)
        if pending is not None:
            pending.activation = flat_copy(act)
            pending.lines_before = len(lines)
            return result_of(engine, state, lines, pending)
        act = None
    return result_of(engine, state, lines, None)


def result_of(engine: Engine, state: CampaignState, lines: list[Line], pending: Pending | None) -> Result:
    assert state.clash is not None
    events = [event("monster", line) for line in lines]
    data: dict[str, Any] = {"clash": clash_data(state.clash, gm=False)}
    if pending is not None:
        events.append(Event(kind="decision", text=pending.prompt))
        data["pending"] = pending.shown(data=False)
    return Result(state=state, events=events, data=data,
                  pending=decision(state, pending) if pending is not None else None)


def _advance(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Pending | None:
    """Run the steps of ``act`` in order; return a Pending when the players must answer."""
    while act.step != "done":
        assert state.clash is not None
        if state.clash.over is not None:
            return None
        if not _monster_on_board(state, act) and act.step not in ("finish", "done"):
            lines.append(ActivationGoesOn(why="monster_gone"))
            act.step = "finish"
            continue
        pending = STEPS[act.step](engine, state, dice, lines, act)
        if pending is not None:
            return pending
    return None


def _monster_on_board(state: CampaignState, act: Activation) -> bool:
    return any(m.id == act.monster for m in state.board.monsters)


def run_from(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation) -> Result:
    """Go on with ``act``; when it is done in the Monster Round, go on with the round."""
    result = run(engine, state, dice, lines, act)
    if result.pending is not None or state.clash is None:
        return result
    return continue_round(engine, state, dice, lines)


@implements("7. Monster Responses", tests=[T + "test_attack_response_runs_after_the_knight_attack"])
def run_attack_responses(engine: Engine, state: CampaignState, dice: Dice, responses: list[dict[str, Any]],
                         lines: list[Line] | None = None) -> Result:
    """Attack Responses a Knight's Attack called for ``[{attack: ai|signature|routine, target: knight,
    monster?: board id}]``: "The new Attack will happen immediately after this one is completely resolved".
    They are queued and resolved now; a decision inside one pauses them like any Activation."""
    assert state.clash is not None
    boss = next((m.id for m in state.board.monsters if m.kind == "boss"), None)
    for r in responses:
        monster = r.get("monster") or boss
        if monster is None:
            raise RuleError("an Attack Response needs the Monster that performs it")
        state.clash.flow.queue.append(
            Activation(source=r["attack"], monster=monster, forced=r.get("target")))
    return run(engine, state, dice, list(lines or []), None)


# --- the round -----------------------------------------------------------------------------------------------


@implements("Monster Round Overview", tests=[T + "test_boss_round_draws_the_top_ai_card"])
@implements("Monster Round", tests=[T + "test_boss_round_draws_the_top_ai_card",
                                    T + "test_mob_round_activates_from_the_leftmost_token"])
@implements("Clash Sequence", tests=[S + "test_a_clash_begins_with_the_monster_round_unless_wise_providence",
                                     W + "test_a_whole_clash_script"])
@implements("Start of Monster Round", tests=[T + "test_start_of_round_readies_spent_tokens"])
def start_monster_round(engine: Engine, state: CampaignState, dice: Dice) -> Result:
    clash = running(state)
    not_waiting(clash)
    if clash.flow.phase != "monster":
        left = [k.name for k in state.board.knights if not k.dead and k.id not in clash.flow.acted]
        raise RuleError(f"it is the Knight Round: {', '.join(left) or 'every Knight'} may still act; end each "
                        "turn with /knight end-turn")
    if clash.flow.started:
        raise RuleError("this Monster Round is already under way")
    state.clash = mob_track.ready_all(clash)
    state.clash.flow.started = True
    lines: list[Line] = [RoundBegins(phase="monster", round=state.clash.flow.round)]
    lines += traits.resolve(engine, state, dice, "start_of_monster_round")
    return continue_round(engine, state, dice, lines)


def _board_monster(engine: Engine, state: CampaignState, space: int) -> str:
    assert state.clash is not None
    m = monster_content(engine, state.clash)
    if space == 0:
        return next((b.id for b in state.board.monsters if b.kind == "boss"), slug(m.name))
    for b in state.board.monsters:
        if b.mob_number == space:
            return b.id
    raise RuleError(f"the Mob of Mob track space {space} has no miniature on the Clash Board; place it with "
                    f"/clash place kind:mob number:{space}")


@implements("Resolving Activations", tests=[T + "test_mob_round_activates_from_the_leftmost_token"])
def continue_round(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line]) -> Result:
    """Resolve the next ready Activation token until none is left, then end the Monster Round."""
    while state.clash is not None and state.clash.over is None:
        if state.clash.flow.phase != "monster" or not state.clash.flow.started:
            break
        found = mob_track.next_activation(state.clash)
        if found is None:
            end_monster_round(engine, state, dice, lines)
            break
        space, index = found
        tokens = state.clash.boss_activations if space == 0 else state.clash.mob_track[space - 1].tokens  # type: ignore[union-attr]
        act = Activation(source=tokens[index].kind, monster=_board_monster(engine, state, space), space=space,
                         token=index)
        result = run(engine, state, dice, lines, act)
        if result.pending is not None:
            return result
    return _done(engine, state, lines)


def _done(engine: Engine, state: CampaignState, lines: list[Line]) -> Result:
    if state.clash is not None and state.clash.over is not None:
        lines.append(ClashOverCalled(outcome=state.clash.over))
    events = [event("monster", line) for line in lines]
    data = {"clash": clash_data(state.clash, gm=False)} if state.clash is not None else {}
    return Result(state=state, events=events, data=data)


@implements("End of Monster Round", tests=[T + "test_round_ends_and_the_knight_round_begins"])
@implements("Start of Knight Round", tests=[S + "test_start_of_knight_round_effects_before_the_first_turn"])
def end_monster_round(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line]) -> None:
    lines += traits.resolve(engine, state, dice, "end_of_monster_round")
    assert state.clash is not None
    if state.clash.over is not None:
        return
    flow = state.clash.flow
    flow.phase, flow.started, flow.turn, flow.acted = "knight", False, None, []
    flow.used, flow.named = [], {}
    lines.append(RoundBegins(phase="knight", round=flow.round))
    lines += traits.resolve(engine, state, dice, "start_of_knight_round")
