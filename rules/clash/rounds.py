"""The Knight Round of the Clash Sequence (rulebook "Knight Round Overview", "Knight Turns", "Refresh Step"), and
whether a Clash is running and free to act (``running``, ``not_waiting``).

The Monster Round is rules/clash/monster_round.py: ``start_monster_round`` flips the Activation tokens ready and
resolves every Activation in order (the Boss's AI tokens before its Signature ones; a Mob Clash from the leftmost
ready token on the Mob track), then hands over to the Knight Round. Knights take their turns one at a time in any
order (``open_turn``/``end_turn``); when every living Knight has acted, the next Monster Round is due.
"""
from __future__ import annotations

from rules.clash import attention, harm, traits
from rules.clash.lookups import knight_state
from rules.clash.round_facts import (
    ConditionActs,
    KnightRoundEnded,
    KnockdownStep,
    RefreshByHand,
    RoundKnightLine,
    TurnEnded,
    TurnOpened,
)
from rules.clash.squire_hooks import squires
from rules.clash.state import ClashState
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import statistics as st
from rules.knights import techniques, turn_end
from rules.state import REFRESH_CONDITIONS_VERSION, CampaignState

K = "tests/clash/test_knight_round.py::"
S = "tests/clash/test_clash_sequence.py::"
C = "tests/clash/test_conditions_held.py::"


def running(state: CampaignState) -> ClashState:
    if state.clash is None:
        raise RuleError("no Clash is running: the GM starts one with /clash start monster:<id> level:N "
                        "type:exhibition|full")
    if state.clash.over is not None:
        raise RuleError(f"the Clash is over ({state.clash.over}): the GM ends it with /clash end")
    return state.clash


def not_waiting(clash: ClashState) -> None:
    p = clash.flow.pending
    if p is not None:
        raise RuleError(f"the Clash waits for a decision first ({p.id}): {p.prompt} Answer with "
                        f"/choose decision:{p.id} option:<{'|'.join(o.key for o in p.options[:6])}>")


# --- Knight turns -------------------------------------------------------------------------------------------------


@implements("Knight Turns", tests=[K + "test_one_knight_at_a_time"])
def open_turn(engine: Engine, state: CampaignState, knight: str) -> list[Line]:
    """Start ``knight``'s turn if it is not under way: "you cannot pause one Knight's turn in order to allow another
    Knight to take theirs!" Each turn starts with the Refresh step."""
    clash = running(state)
    not_waiting(clash)
    flow = clash.flow
    if flow.phase != "knight":
        raise RuleError("it is the Monster Round: the Knights act in the Knight Round (run it with /monster round)")
    if flow.turn is not None:
        if flow.turn.knight == knight:
            return []
        raise RuleError(f"it is {state.board.knight(flow.turn.knight).name}'s turn; finish it first with "
                        "/knight end-turn")
    mini = state.board.knight(knight)
    if mini.dead:
        raise RuleError(f"{mini.name} is dead and takes no more turns")
    if knight in flow.acted:
        raise RuleError(f"{mini.name} has already taken a turn this Knight Round")
    from rules.clash.flow import KnightTurn

    flow.turn = KnightTurn(knight=knight)
    lines: list[Line] = [TurnOpened(knight=mini.name), *_knockdown_at_start(state, knight)]
    if knight in state.squires:  # a Squire's Refresh step is its Heat Refresh (docs/squires.md)
        return lines + squires().refresh(engine, state, knight)
    k = knight_state(state, knight)
    try:
        lines += techniques.refresh(engine.catalogue, k, [], state.version >= REFRESH_CONDITIONS_VERSION)
    except RuleError as exc:  # more cards in Cooldown than the Card Refresh: the player picks them
        lines += st.change_heat(engine.catalogue, k, -st.heat_refresh(engine.catalogue, k))
        lines.append(RefreshByHand(why=str(exc)))
    return lines


def open_if_standing(engine: Engine, state: CampaignState, knight: str) -> list[Line]:
    """Open the turn of a Knight whose Knockdown card shows its standing-up side ("All Knights with a Knockdown
    (standing up) card stand up at the start of their next turn"), so that an action checking Knockdown — the
    turn's first command — sees them standing."""
    assert state.clash is not None
    flow = state.clash.flow
    if flow.turn is None and knight in flow.standing and flow.phase == "knight":
        return open_turn(engine, state, knight)
    return []


def _knockdown_at_start(state: CampaignState, knight: str) -> list[Line]:
    """Knockdown: "At the end of your next turn, you flip the card to the Knockdown (standing up) side. All Knights
    with a Knockdown (standing up) card stand up at the start of their next turn." A Knight lying down when a turn
    opens marks it as their next turn since the fall."""
    assert state.clash is not None
    flow, mini = state.clash.flow, state.board.knight(knight)
    if not mini.knocked_down:
        flow.standing = [k for k in flow.standing if k != knight]
        return []
    if knight in flow.standing:
        flow.standing.remove(knight)
        state.board = state.board.model_copy(update={"knights": tuple(
            m.model_copy(update={"knocked_down": False}) if m.id == knight else m for m in state.board.knights)})
        return [KnockdownStep(knight=mini.name, step="stands")]
    if knight not in flow.down_turn:
        flow.down_turn.append(knight)
    return [KnockdownStep(knight=mini.name, step="down")]


def _knockdown_at_end(state: CampaignState, knight: str) -> list[Line]:
    assert state.clash is not None
    flow, mini = state.clash.flow, state.board.knight(knight)
    if mini.knocked_down and knight in flow.down_turn:
        flow.down_turn.remove(knight)
        flow.standing.append(knight)
        return [KnockdownStep(knight=mini.name, step="flips")]
    return []


@implements("Knight Round Overview", tests=[K + "test_all_knights_acted_starts_the_next_monster_round"])
def end_turn(engine: Engine, state: CampaignState, knight: str, dice: Dice) -> list[Line]:
    clash = running(state)
    not_waiting(clash)
    flow = clash.flow
    mini = state.board.knight(knight)
    if flow.phase != "knight":
        raise RuleError("it is the Monster Round: there is no Knight turn to end")
    if flow.turn is None or flow.turn.knight != knight:
        if knight in flow.acted:
            raise RuleError(f"{mini.name} has already ended their turn this Knight Round")
        # a Knight may pass without doing anything: the turn opens and ends at once
        lines = open_turn(engine, state, knight)
    else:
        lines = []
    flow.acted.append(knight)
    lines.append(TurnEnded(knight=mini.name))
    squire = knight in state.squires  # a Squire has no Conditions and never Hides (docs/squires.md)
    lines += [] if squire else _held_conditions(engine, state, dice, knight)
    lines += traits.resolve(engine, state, dice, "end_of_knight_turn", knight)
    lines += [] if squire else attention.end_of_turn(state, knight)
    flow.turn = None
    lines += _knockdown_at_end(state, knight)
    living = [k.id for k in state.board.knights if not k.dead]
    squires_left = [k for k in living if k not in flow.acted and k in state.squires]
    if squires_left and knight not in state.squires and len(squires_left) == len(living) - len(
            [k for k in living if k in flow.acted]):  # only Squires left: the bot plays them (docs/squires.md)
        return lines + squires().play_left(engine, state, dice, squires_left)
    if all(k in flow.acted for k in living):
        lines += end_knight_round(engine, state, dice)
    return lines


@implements("Conditions", chapter="Clash Phase", tests=[C + "test_opened_vein_costs_vigor_at_the_end_of_each_turn"])
def _held_conditions(engine: Engine, state: CampaignState, dice: Dice, knight: str) -> list[Line]:
    """Conditions acting "At the end of each of your turns" (rules/knights/turn_end.py)."""
    k = knight_state(state, knight)
    found = turn_end.end_of_turn(engine.catalogue, k)
    if not found or k.dead:
        return []
    h = harm.Harm(engine, state, dice)
    for name, effects in found:
        h.say(ConditionActs(knight=k.name, condition=name))
        harm.resolve_effects(h, k.id, effects, source=name)
    harm.settle(h)
    return h.lines


def end_dead_turn(engine: Engine, state: CampaignState, dice: Dice) -> list[Line]:
    """A Knight who dies during their own turn "cannot be used in any way": their turn ends at once, and the Knight
    Round with it when every living Knight has acted (else the next Knight could never open a turn)."""
    clash = state.clash
    if clash is None or clash.over is not None or clash.flow.pending is not None:
        return []
    turn = clash.flow.turn
    if clash.flow.phase != "knight" or turn is None or not state.board.knight(turn.knight).dead:
        return []
    return end_turn(engine, state, turn.knight, dice)


@implements("End of Knight Round", tests=[S + "test_end_of_knight_round_effects_after_every_knight_has_acted"])
@implements("Knight Round", tests=[K + "test_all_knights_acted_starts_the_next_monster_round",
                                   S + "test_end_of_knight_round_effects_after_every_knight_has_acted"])
def end_knight_round(engine: Engine, state: CampaignState, dice: Dice) -> list[Line]:
    """"Once all Knights have taken their turns, proceed to the next Monster Round." Instant Depletion cards come
    back at the end of the Round."""
    assert state.clash is not None
    lines: list[Line] = [KnightRoundEnded(round=state.clash.flow.round),
             *traits.resolve(engine, state, dice, "end_of_knight_round")]
    if state.clash.over is not None:
        return lines
    flow = state.clash.flow
    for mini in state.board.knights:
        if not mini.dead and mini.id not in state.squires:
            k = knight_state(state, mini.id)
            instant = techniques.in_area(k, "instant")  # read from the Knight Board, never from the sentence
            back = techniques.end_of_round(k)
            if instant:
                lines.append(RoundKnightLine(knight=mini.name, then=[back[0]]))
    flow.round += 1
    flow.phase, flow.acted, flow.turn = "monster", [], None
    flow.used, flow.named = [], {}
    lines.append(KnightRoundEnded(round=flow.round - 1, next=flow.round))
    return lines
