"""The Clash Sequence: Monster Rounds and Knight Rounds in turn (rulebook "Clash Sequence", "Monster Round
Overview", "Start of Monster Round", "End of Monster Round", "Knight Round Overview", "Knight Turns",
"Refresh Step").

``start_monster_round`` flips the Activation tokens ready and resolves every Activation in order (the Boss's AI
tokens before its Signature ones; a Mob Clash from the leftmost ready token on the Mob track), then hands over to
the Knight Round. Knights take their turns one at a time in any order (``open_turn``/``end_turn``); when every
living Knight has acted, the next Monster Round is due.
"""

from __future__ import annotations

from rules.board.naming import slug
from rules.clash import attention, harm, mob_track, traits
from rules.clash.activation import monster_content, run
from rules.clash.activation_state import Activation
from rules.clash.round_facts import ClashOverCalled, KnightRoundEnded, RoundBegins
from rules.clash.state import ClashState
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result
from rules.errors import RuleError
from rules.facts import said
from rules.knights import statistics as st
from rules.knights import techniques, turn_end
from rules.state import REFRESH_CONDITIONS_VERSION, CampaignState

T = "tests/clash/test_monster_round.py::"
K = "tests/clash/test_knight_round.py::"
S = "tests/clash/test_clash_sequence.py::"
W = "tests/clash_commands/test_whole_clash.py::"
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
    lines = [said(RoundBegins(phase="monster", round=state.clash.flow.round))]
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
def continue_round(engine: Engine, state: CampaignState, dice: Dice, lines: list[str]) -> Result:
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


def _done(engine: Engine, state: CampaignState, lines: list[str]) -> Result:
    from rules.clash.handlers import clash_data

    if state.clash is not None and state.clash.over is not None:
        lines.append(said(ClashOverCalled(outcome=state.clash.over)))
    events = [Event(kind="monster", text=line) for line in lines]
    data = {"clash": clash_data(state.clash, gm=False)} if state.clash is not None else {}
    return Result(state=state, events=events, data=data)


@implements("End of Monster Round", tests=[T + "test_round_ends_and_the_knight_round_begins"])
@implements("Start of Knight Round", tests=[S + "test_start_of_knight_round_effects_before_the_first_turn"])
def end_monster_round(engine: Engine, state: CampaignState, dice: Dice, lines: list[str]) -> None:
    lines += traits.resolve(engine, state, dice, "end_of_monster_round")
    assert state.clash is not None
    if state.clash.over is not None:
        return
    flow = state.clash.flow
    flow.phase, flow.started, flow.turn, flow.acted = "knight", False, None, []
    flow.used, flow.named = [], {}
    lines.append(said(RoundBegins(phase="knight", round=flow.round)))
    lines += traits.resolve(engine, state, dice, "start_of_knight_round")


# --- Knight turns -------------------------------------------------------------------------------------------------


@implements("Knight Turns", tests=[K + "test_one_knight_at_a_time"])
def open_turn(engine: Engine, state: CampaignState, knight: str) -> list[str]:
    """Start ``knight``'s turn if it is not under way: "you cannot pause one Knight's turn in order to allow another
    Knight to take theirs!" Each turn starts with the Refresh step."""
    from rules.clash.activation import knight_state

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
    lines = [f"▶️ {mini.name}'s turn."] + _knockdown_at_start(state, knight)
    if knight in state.squires:  # a Squire's Refresh step is its Heat Refresh (docs/squires.md)
        from rules.squires.clash import refresh

        return lines + refresh(engine, state, knight)
    k = knight_state(state, knight)
    try:
        lines += techniques.refresh(engine.catalogue, k, [], state.version >= REFRESH_CONDITIONS_VERSION)
    except RuleError as exc:  # more cards in Cooldown than the Card Refresh: the player picks them
        lines += st.change_heat(engine.catalogue, k, -st.heat_refresh(engine.catalogue, k))
        lines.append(f"✋ Refresh: {exc} (with /knight technique).")
    return lines


def open_if_standing(engine: Engine, state: CampaignState, knight: str) -> list[str]:
    """Open the turn of a Knight whose Knockdown card shows its standing-up side ("All Knights with a Knockdown
    (standing up) card stand up at the start of their next turn"), so that an action checking Knockdown — the
    turn's first command — sees them standing."""
    assert state.clash is not None
    flow = state.clash.flow
    if flow.turn is None and knight in flow.standing and flow.phase == "knight":
        return open_turn(engine, state, knight)
    return []


def _knockdown_at_start(state: CampaignState, knight: str) -> list[str]:
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
        return [f"{mini.name} stands up (Knockdown, standing up side)."]
    if knight not in flow.down_turn:
        flow.down_turn.append(knight)
    return [f"{mini.name} is knocked down: no movement, actions, reactions or free actions this turn "
            "(/knight end-turn)."]


def _knockdown_at_end(state: CampaignState, knight: str) -> list[str]:
    assert state.clash is not None
    flow, mini = state.clash.flow, state.board.knight(knight)
    if mini.knocked_down and knight in flow.down_turn:
        flow.down_turn.remove(knight)
        flow.standing.append(knight)
        return [f"{mini.name} flips the Knockdown card to its standing up side: they stand up at the start of "
                "their next turn."]
    return []


@implements("Knight Round Overview", tests=[K + "test_all_knights_acted_starts_the_next_monster_round"])
def end_turn(engine: Engine, state: CampaignState, knight: str, dice: Dice) -> list[str]:
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
    lines.append(f"⏹️ {mini.name} ends their turn.")
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
        from rules.squires.clash import play_left

        return lines + play_left(engine, state, dice, squires_left)
    if all(k in flow.acted for k in living):
        lines += end_knight_round(engine, state, dice)
    return lines


@implements("Conditions", chapter="Clash Phase", tests=[C + "test_opened_vein_costs_vigor_at_the_end_of_each_turn"])
def _held_conditions(engine: Engine, state: CampaignState, dice: Dice, knight: str) -> list[str]:
    """Conditions acting "At the end of each of your turns" (rules/knights/turn_end.py)."""
    from rules.clash.activation import knight_state

    k = knight_state(state, knight)
    found = turn_end.end_of_turn(engine.catalogue, k)
    if not found or k.dead:
        return []
    h = harm.Harm(engine, state, dice)
    for name, effects in found:
        h.say(f"{k.name}'s Condition {name} acts at the end of the turn.")
        harm.resolve_effects(h, k.id, effects, source=name)
    harm.settle(h)
    return h.lines


def end_dead_turn(engine: Engine, state: CampaignState, dice: Dice) -> list[str]:
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
def end_knight_round(engine: Engine, state: CampaignState, dice: Dice) -> list[str]:
    """"Once all Knights have taken their turns, proceed to the next Monster Round." Instant Depletion cards come
    back at the end of the Round."""
    from rules.clash.activation import knight_state

    assert state.clash is not None
    lines = [said(KnightRoundEnded(round=state.clash.flow.round)),
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
                lines.append(f"{mini.name}: {back[0]}")
    flow.round += 1
    flow.phase, flow.acted, flow.turn = "monster", [], None
    flow.used, flow.named = [], {}
    lines.append(said(KnightRoundEnded(round=flow.round - 1, next=flow.round)))
    return lines
