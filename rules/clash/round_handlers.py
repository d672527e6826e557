"""Engine actions of the Clash Sequence: the Monster Round, Knight movement and turns, the Knight Pool, and
``Choose``, the answer to any pending Clash decision (rules/clash/flow.py). docs/clash.md, "Playing a Clash"."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.board.geometry import parse_space
from rules.board.knight_movement import IllegalMove, knight_move
from rules.clash import abilities, attention, monster_attack  # noqa: F401  (abilities, monster_attack register)
from rules.clash.flow import KNIGHT_TOKENS, RESUME
from rules.clash.lookups import knight_state
from rules.clash.monster_round import start_monster_round
from rules.clash.round_facts import KnightMoved, PoolChanged
from rules.clash.rounds import end_turn, not_waiting, open_turn, running
from rules.clash.view import clash_data
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event, handles
from rules.errors import RuleError
from rules.knights import statistics as st
from rules.knights.find import board_id
from rules.knights.view import summary as knight_summary
from rules.state import CampaignState

Id = Annotated[str, Field(min_length=1, max_length=64)]
K = "tests/clash/test_knight_round.py::"


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MonsterRound(_Action):
    type: Literal["monster_round"] = "monster_round"


class KnightMove(_Action):
    type: Literal["knight_move"] = "knight_move"
    knight: Id
    to: Annotated[str, Field(min_length=2, max_length=4)]


class KnightEndTurn(_Action):
    type: Literal["knight_end_turn"] = "knight_end_turn"
    knight: Id


class Choose(_Action):
    type: Literal["choose"] = "choose"
    while_waiting: ClassVar[bool] = True
    decision: Annotated[str, Field(min_length=1, max_length=16)]
    options: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(min_length=1, max_length=25)


class PoolChange(_Action):
    type: Literal["pool_change"] = "pool_change"
    token: Literal[
        "break", "opening", "fire", "black", "closing", "hope", "sunder", "rouse", "diversion",
        "improved_diversion", "power", "cantrip", "spell",
    ]
    count: int = Field(ge=-20, le=20)


def _with_clash(state: CampaignState, result: Result) -> Result:
    if state.clash is not None:
        result.data.setdefault("clash", clash_data(state.clash, gm=False))
        waiting = state.clash.flow.pending
        if result.pending is None and waiting is not None and waiting.kind == "squire_target":
            # a Squire played by the policy when the last Knight ended the turn asked the players (its Heroic Arc)
            from rules.clash.flow import decision

            result = result.model_copy(update={"pending": decision(state, waiting)})
    return result


@handles(MonsterRound)
def monster_round(engine: Engine, state: CampaignState, act: MonsterRound, dice: Dice) -> Result:
    return start_monster_round(engine, state, dice)


@implements("Movement Action", tests=[K + "test_move_within_speed"])
@handles(KnightMove)
def move(engine: Engine, state: CampaignState, act: KnightMove, dice: Dice) -> Result:
    """"a Knight gets one Combat Action, one Movement Action"; the move itself is rules/board/knight_movement."""
    running(state)
    kid = board_id(state, act.knight)
    lines = open_turn(engine, state, kid)
    assert state.clash is not None and state.clash.flow.turn is not None
    turn = state.clash.flow.turn
    k = knight_state(state, kid)
    if turn.moved:
        raise RuleError(f"{k.name} has already used their Movement Action this turn")
    try:
        dest = parse_space(act.to.upper())
    except ValueError as exc:
        raise RuleError(f"to: {exc}") from None
    speed = st.speed(engine.catalogue, k)
    try:
        outcome = knight_move(state.board, kid, dest, speed)
    except IllegalMove as exc:
        raise RuleError(f"{k.name} cannot move to {dest.label}: {exc}") from None
    state.board = outcome.state
    turn.moved = True
    lines.append(KnightMoved(knight=k.name, space=dest.label, speed=speed, then=outcome.told))
    lines += attention.after_move(state, kid, k.name) + st.after(engine.catalogue, k, "movement")
    return _with_clash(state, Result(state=state, events=[event("knight", x) for x in lines],
                                     data={"knight": knight_summary(engine.catalogue, k)}))


@handles(KnightEndTurn)
def knight_end_turn(engine: Engine, state: CampaignState, act: KnightEndTurn, dice: Dice) -> Result:
    running(state)
    lines = end_turn(engine, state, board_id(state, act.knight), dice)
    return _with_clash(state, Result(state=state, events=[event("knight", x) for x in lines]))


@implements("Knight Pool and Knight Tokens", status="assisted", tests=[K + "test_pool_tokens_add_and_remove"],
            note="/pool add places tokens by hand; the Knight attack spends them (rules/clash/knight_attack.py)")
@handles(PoolChange)
def pool_change(engine: Engine, state: CampaignState, act: PoolChange, dice: Dice) -> Result:
    clash = running(state)
    have = clash.flow.pool.get(act.token, 0)
    if have + act.count < 0:
        raise RuleError(f"the Knight Pool has {have} {act.token} token(s); it cannot lose {-act.count}")
    if act.count == 0:
        raise RuleError("count: must not be 0")
    clash.flow.pool[act.token] = have + act.count
    if clash.flow.pool[act.token] == 0:
        del clash.flow.pool[act.token]
    told = PoolChanged(token=act.token, count=act.count, pool=list(clash.flow.pool.items()))
    return _with_clash(state, Result(state=state, events=[Event(kind="pool", fact=told)],
        data={"pool": dict(clash.flow.pool)}))


@handles(Choose)
def choose(engine: Engine, state: CampaignState, act: Choose, dice: Dice) -> Result:
    """The players' answer to the pending decision. A stale id (the decision was answered, or another one is
    waiting) changes nothing."""
    if state.clash is None or state.clash.flow.pending is None:
        raise RuleError(f"there is no decision {act.decision} waiting: it was already answered (or never asked)")
    pending = state.clash.flow.pending
    if act.decision != pending.id:
        raise RuleError(f"decision {act.decision} is no longer waiting; the Clash now waits for {pending.id}: "
                        f"{pending.prompt}")
    keys = [o.key for o in pending.options]
    wrong = [o for o in act.options if o not in keys]
    if wrong:
        raise RuleError(f"{', '.join(wrong)} is not an answer to {pending.id}; choose from: {', '.join(keys)}")
    if len(set(act.options)) != len(act.options):
        raise RuleError("an option is named twice")
    if not pending.min_pick <= len(act.options) <= pending.pick:
        many = f"exactly {pending.pick}" if pending.pick == pending.min_pick else \
            f"{pending.min_pick} to {pending.pick}"
        raise RuleError(f"{pending.id} takes {many} option(s), not {len(act.options)}")
    state.clash.flow.pending = None
    resume = RESUME.get(pending.kind)
    if resume is None:
        raise RuleError(f"the engine does not know how to go on after a {pending.kind!r} decision")
    return _with_clash(state, resume(engine, state, pending, list(act.options), dice))


__all__ = ["Choose", "KnightEndTurn", "KnightMove", "MonsterRound", "PoolChange", "KNIGHT_TOKENS", "not_waiting"]
