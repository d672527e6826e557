"""Squires in the Clash (docs/squires.md, "In the Clash"): a Squire stands on the Clash Board as a Knight miniature
whose board id is the Squire's id (``CampaignState.squires``). Targeting sees it like any Knight (its statistics are
judged by the players: rules/clash/targeting.py). It takes a turn in the Knight Round (``rounds.open_turn`` /
``end_turn``: its Refresh step lowers Heat by its Heat Refresh); Monster Attacks against it are resolved with Mettle
draws instead of dice by rules/squires/defence.py.

The bot plays the Squire's choices by this policy (the players override it by typing the Squire's commands):
- re-draw (+1 Heat) a Mettle result only when it failed (a miss, a Fail, hits not evaded), at most once per draw,
  and only while the +1 Heat stays within the Heat Limit less the Squire's ``heat_reserve`` (/squire policy);
- spend a Clue token for a card's ability box only when the bonus turns a miss into a hit or a Fail into a Wound;
- obey a Command (its effect is applied by hand); at 0 Vigor, gain +1 Heat for Second Chance while within the Limit;
- on ``/squire turn`` (and for every Squire left when the last Knight ends their turn): move toward the Monster,
  preferring its Blindspots, then its rear, then any adjacent space, attack when adjacent, and end the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.monsters import BPCard
from content.schema.squires import MettleCard, SquireGearStats
from rules.board import measures as ms
from rules.board.geometry import Coord, parse_space
from rules.board.handlers import KNIGHT_COLOURS, board_space, rebuild_board, without_piece
from rules.board.knight_movement import IllegalMove
from rules.board.state import Knight, Monster
from rules.clash import attack_sequence as seq
from rules.clash import harm
from rules.clash.attack_wounds import deal_wound
from rules.clash.decks import draw_bp, fail_bp
from rules.clash.flow import Pending, decision, resumes
from rules.clash.knight_attack import blindspot_bonus
from rules.clash.lookups import monster_content
from rules.clash.rounds import end_turn, open_turn, running
from rules.clash.view import clash_data
from rules.coverage import implements
from rules.decision_records import SquireRunThen
from rules.dice import Dice
from rules.engine import Engine, Result, event, handles
from rules.errors import RuleError
from rules.facts import Line, Paragraph, said
from rules.keywords.model import SQUIRE as SQUIRE_CONTEXT
from rules.squires import abilities, mettle, pool
from rules.squires import clash_facts as cf
from rules.squires import squire_facts as sf
from rules.squires.handlers import change, draw_cards, lent_stats, mettle_deck, reshuffle_after_critical, summary
from rules.squires.state import MettleDraw, SquireState
from rules.state import CampaignState, one_attack

SquireId = Annotated[str, Field(min_length=1, max_length=64)]
T = "tests/squires/test_squire_clash.py::"


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SquirePlace(_Action):
    type: Literal["squire_place"] = "squire_place"
    squire: SquireId
    space: str | None = Field(None, max_length=4, description="None: the first free Knight Starting Position")


class SquireMove(_Action):
    type: Literal["squire_move"] = "squire_move"
    squire: SquireId
    to: Annotated[str, Field(min_length=2, max_length=4)]


class SquireAttack(_Action):
    type: Literal["squire_attack"] = "squire_attack"
    squire: SquireId
    target: str | None = Field(None, max_length=60, description="the Monster miniature (default: the adjacent one)")
    precision: int = Field(0, ge=-10, le=10, description="other Precision bonuses (Opening tokens...)")
    redraw: bool = Field(True, description="let the policy re-draw a failed result for +1 Heat")


class SquireEndTurn(_Action):
    type: Literal["squire_end_turn"] = "squire_end_turn"
    squire: SquireId


class SquireAbility(_Action):
    type: Literal["squire_ability"] = "squire_ability"
    squire: SquireId
    ability: str = Field(min_length=1, max_length=60, description="the Ability's name on the Squire card")
    knight: str | None = Field(None, max_length=60, description="the Knight (or Squire) the players choose for it")
    monster: str | None = Field(None, max_length=60, description="the Monster it is used on (several on the board)")


class SquireTurn(_Action):
    type: Literal["squire_turn"] = "squire_turn"
    squire: SquireId


def squire_state(state: CampaignState, sid: str) -> SquireState:
    s = state.squires.get(sid)
    if s is None:
        raise RuleError(f"there is no Squire {sid!r} in this campaign (/squire show lists them)")
    return s


def _mini(state: CampaignState, sid: str) -> Knight:
    s = squire_state(state, sid)
    mini = next((k for k in state.board.knights if k.id == sid), None)
    if mini is None:
        raise RuleError(f"{s.name} is not on the Clash Board: place them with /squire place")
    return mini


def can_pay(engine: Engine, s: SquireState) -> bool:
    """Policy: +1 Heat only while it stays within the Heat Limit (less the Squire's ``heat_reserve``)."""
    return s.heat + 1 <= engine.catalogue.squires[s.squire].heat_limit - s.heat_reserve


def squire_result(engine: Engine, state: CampaignState, s: SquireState, lines: Sequence[Line], **data: Any) -> Result:
    out: dict[str, Any] = {"squire": summary(engine, s), **data}
    pending = None
    if state.clash is not None:
        out["clash"] = clash_data(state.clash, gm=False)
        if state.clash.flow.pending is not None and state.clash.flow.pending.kind == "squire_target":
            pending = decision(state, state.clash.flow.pending)
    return Result(state=state, events=[event("squire", x) for x in lines], data=out, pending=pending)


# --- on the board ----------------------------------------------------------------------------------------------


@handles(SquirePlace)
def place(engine: Engine, state: CampaignState, act: SquirePlace, dice: Dice) -> Result:
    """A Squire stands in for a missing Knight: it takes a free Knight Starting Position of the Clash Setup (or
    ``space``) as a Knight miniature whose board id is the Squire's id."""
    s = squire_state(state, act.squire)
    board = without_piece(state.board, s.id)
    taken = {k.space for k in board.knights if k.space is not None}
    if act.space:
        space = board_space(act.space, s.name, board)
    else:
        clash = running(state)
        starts = [parse_space(x) for x in monster_content(engine, clash).setup(clash.level).knights]
        free = [c for c in starts if c not in taken]
        if not free:
            raise RuleError("every Knight Starting Position is taken: say where with space:, e.g. space:C5")
        space = free[0]
    colour = KNIGHT_COLOURS[len(board.knights) % len(KNIGHT_COLOURS)]
    state.board = rebuild_board(board, knights=(*board.knights,
                                                Knight(id=s.id, name=s.name, space=space, colour=colour)))
    return squire_result(engine, state, s, [said(cf.SquireStands(squire=s.name, space=space.label))])


# --- the Knight Round --------------------------------------------------------------------------------------------


def refresh(engine: Engine, state: CampaignState, sid: str) -> list[str]:
    """The Squire's Refresh step: "Heat Refresh: Informs how much Heat a Squire can subtract during their Refresh
    step." (no Techniques, no Conditions)."""
    s = squire_state(state, sid)
    n = engine.catalogue.squires[s.squire].heat_refresh
    if s.heat == 0:
        return []
    before = s.heat
    s.heat = max(0, s.heat - n)
    return [said(cf.SquireRefreshed(squire=s.name, before=before, after=s.heat, refresh=n))]


@handles(SquireMove)
def move(engine: Engine, state: CampaignState, act: SquireMove, dice: Dice) -> Result:
    s = squire_state(state, act.squire)
    running(state)
    _mini(state, s.id)
    lines = open_turn(engine, state, s.id)
    try:
        dest = parse_space(act.to.upper())
    except ValueError as exc:
        raise RuleError(f"to: {exc}") from None
    lines += _move(engine, state, s, dest)
    return squire_result(engine, state, s, lines)


def _move(engine: Engine, state: CampaignState, s: SquireState, dest: Coord) -> list[str]:
    assert state.clash is not None and state.clash.flow.turn is not None
    turn = state.clash.flow.turn
    if turn.moved:
        raise RuleError(f"{s.name} has already used their Movement Action this turn")
    speed = engine.catalogue.squires[s.squire].speed
    try:
        outcome = abilities.squire_move(engine, state.board, s, dest, speed)  # River Legs
    except IllegalMove as exc:
        raise RuleError(f"{s.name} cannot move to {dest.label}: {exc}") from None
    state.board = outcome.state
    turn.moved = True
    moved = cf.SquireMoved(squire=s.name, to=dest.label, speed=speed)
    return [said(Paragraph(parts=[moved, outcome.told]) if outcome.events else moved)]


@handles(SquireEndTurn)
def squire_end_turn(engine: Engine, state: CampaignState, act: SquireEndTurn, dice: Dice) -> Result:
    s = squire_state(state, act.squire)
    running(state)
    _mini(state, s.id)
    return squire_result(engine, state, s, end_turn(engine, state, s.id, dice))


@handles(SquireAbility)
def squire_ability(engine: Engine, state: CampaignState, act: SquireAbility, dice: Dice) -> Result:
    """"Abilities: Each active Squire Ability may only be used once per Round." rules/squires/abilities.py."""
    s = squire_state(state, act.squire)
    running(state)
    mini = _mini(state, s.id)
    if mini.dead:
        raise RuleError(f"{s.name} is dead: a dead Squire's Abilities cannot be used")
    lines, info = abilities.use(engine, state, dice, s, act.ability, act.knight, act.monster)
    return squire_result(engine, state, s, lines, ability=info)


def squire_end_turn_lines(engine: Engine, state: CampaignState, s: SquireState, dice: Dice) -> list[Line]:
    """End a turn the policy played, once a Heroic Arc decision of its Attack is answered."""
    clash = state.clash
    if clash is None or clash.over is not None or clash.flow.turn is None or clash.flow.turn.knight != s.id:
        return []
    lines = end_turn(engine, state, s.id, dice)
    clash = state.clash
    if clash is None or clash.over is not None or clash.flow.phase != "knight" or clash.flow.pending is not None \
            or clash.flow.turn is not None:
        return lines
    left = [k.id for k in state.board.knights if not k.dead and k.id not in clash.flow.acted]
    if left and all(k in state.squires for k in left):  # only Squires left, as when the last Knight ends the turn
        lines += play_left(engine, state, dice, left)
    return lines


@resumes("squire_target")
def _resume_ability(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    """The players chose who a Squire's Ability is for (rules/squires/abilities.py asked): it goes on, and the
    policy's turn ends if it was waiting for this."""
    s, lines, end = abilities.resume(engine, state, pending, chosen, dice)
    return squire_result(engine, state, s, [*lines, *squire_end_turn_lines(engine, state, s, dice)] if end else lines)


def _adjacent_monster(state: CampaignState, mini: Knight, wanted: str | None) -> Monster:
    monsters = [m for m in state.board.monsters if wanted is None or wanted.lower() in (m.id, m.name.lower())]
    if wanted is not None and not monsters:
        raise RuleError(f"there is no Monster {wanted!r} on the Clash Board")
    near = [m for m in monsters if ms.is_adjacent(state.board, m, mini, for_monster=False)]
    if not near:
        raise RuleError("Without a Gear card, a Squire always attacks in melee range: the Squire must stand adjacent "
                        "to the Monster (move with /squire move)")
    return near[0]


def _preferred_spaces(state: CampaignState, mini: Knight, m: Monster) -> list[Coord]:
    """Policy: the Monster's Blindspots first, then its rear, then any other space adjacent to it; nearest first."""
    b = state.board
    blind, rear = ms.blindspots(b, m), ms.rear_spaces(b, m)
    around = {Coord(c.row + dr, c.col + dc) for c in m.cells for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))}
    around = {c for c in around - m.cells if 0 <= c.row < b.spec.rows and 0 <= c.col < b.spec.columns}
    here = mini.space or Coord(0, 0)

    def rank(c: Coord) -> tuple[int, int, int, int]:
        return (0 if c in blind else 1 if c in rear else 2, abs(c.row - here.row) + abs(c.col - here.col), c.row,
                c.col)

    return sorted(around, key=rank)


@handles(SquireTurn)
def squire_turn(engine: Engine, state: CampaignState, act: SquireTurn, dice: Dice) -> Result:
    """The bot plays the Squire's whole turn by the documented policy (module docstring)."""
    s = squire_state(state, act.squire)
    running(state)
    _mini(state, s.id)
    lines, attack = play_turn(engine, state, dice, s)
    return squire_result(engine, state, s, lines, attack=attack)


def play_turn(engine: Engine, state: CampaignState, dice: Dice, s: SquireState) -> tuple[list[Line], Any]:
    mini = _mini(state, s.id)
    lines = open_turn(engine, state, s.id) + [said(cf.SquirePolicyTurn(squire=s.name))]
    assert state.clash is not None and state.clash.flow.turn is not None
    monsters = list(state.board.monsters)
    adjacent = [m for m in monsters if ms.is_adjacent(state.board, m, mini, for_monster=False)]
    if not adjacent and monsters and not mini.knocked_down and not state.clash.flow.turn.moved:
        for dest in _preferred_spaces(state, mini, monsters[0]):
            try:
                lines += _move(engine, state, s, dest)
                break
            except RuleError:
                continue
        else:
            lines.append(said(cf.SquireCannotReach(squire=s.name, monster=monsters[0].name)))
        mini = _mini(state, s.id)
        adjacent = [m for m in monsters if ms.is_adjacent(state.board, m, mini, for_monster=False)]
    attack: dict[str, Any] | None = None
    if adjacent and not mini.knocked_down and not state.clash.flow.turn.attacked:
        attack = _attack(engine, state, dice, s, adjacent[0], 0, True, lines)
        waiting = state.clash.flow.pending
        if waiting is not None and isinstance(waiting.then, SquireRunThen):  # the turn ends once they answer
            waiting.then.end_turn = True
    if state.clash.over is None and state.clash.flow.pending is None and state.clash.flow.turn is not None:
        lines += end_turn(engine, state, s.id, dice)
    return lines, attack


def play_left(engine: Engine, state: CampaignState, dice: Dice, left: list[str]) -> list[Line]:
    """When the last Knight ends their turn and only Squires have not acted, the bot plays their turns by the policy
    (players who want otherwise type the Squire's commands before the last Knight ends the turn)."""
    lines: list[Line] = []
    for sid in left:
        if state.clash is None or state.clash.over is not None or state.clash.flow.phase != "knight" or \
                state.clash.flow.pending is not None:
            break
        lines += play_turn(engine, state, dice, squire_state(state, sid))[0]
    return lines


# --- Performing Attacks with Squires -------------------------------------------------------------------------------


def _draw_one(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line]) -> MettleCard:
    deck = mettle_deck(engine)
    card = deck.card(draw_cards(engine, state, dice, 1, lines)[0])
    lines.append(said(sf.SquireMettleDrawn(cards=[sf.MettleShown(name=card.name, clue=card.clue)], from_deck=False)))
    return card


@handles(SquireAttack)
def squire_attack(engine: Engine, state: CampaignState, act: SquireAttack, dice: Dice) -> Result:
    s = squire_state(state, act.squire)
    running(state)
    mini = _mini(state, s.id)
    lines = open_turn(engine, state, s.id)
    m = _adjacent_monster(state, mini, act.target)
    attack = _attack(engine, state, dice, s, m, act.precision, act.redraw, lines)
    return squire_result(engine, state, s, lines, attack=attack)


@implements("Performing Attacks with Squires", tests=[T + "test_squire_attack_wounds_the_boss_with_mettle",
                                                     T + "test_squire_attack_full_miss_ends_the_attack",
                                                     T + "test_critical_chance_attack_is_a_critical_wound"])
def _attack(engine: Engine, state: CampaignState, dice: Dice, s: SquireState, m: Monster, precision: int,
            redraw: bool, lines: list[Line]) -> dict[str, Any]:
    """"Squires perform Attacks in a similar manner to Knights, but they substitute the Attack Roll and the Power Roll
    with Mettle card draws": the ten steps of rules/clash/attack_sequence.py with the Squire's own steps (no weapon,
    so no First Ability Window; the Heroic Arc at the Second). The BP card, its AT, the Wound Stack and the
    Escalation are the Knights' own (rules/clash/decks.py, rules/clash/wound_stack.py); the BP card's Responses are
    applied by hand."""
    a = seq.Attack(engine, state, dice, SQUIRE, s, lines, extra={"m": m, "precision": precision, "redraw": redraw})
    seq.run(a, seq.DECLARE)
    return a.data


def _declare(a: seq.Attack) -> None:
    s, clash = a.p, a.state.clash
    assert clash is not None and clash.flow.turn is not None
    mini = _mini(a.state, s.id)
    if mini.knocked_down:
        raise RuleError(f"{s.name} is knocked down: no actions this turn")
    if clash.flow.turn.attacked:
        raise RuleError(f"{s.name} has already used their Combat Action this turn")
    clash.flow.turn.attacked = True
    a.lines.append(said(cf.SquireAttacks(squire=s.name, monster=a.extra["m"].name)))
    reshuffle_after_critical(a.engine, a.state, a.dice, a.lines)


def _raise_passion(a: seq.Attack) -> None:
    s = a.p
    s.passion = min(9, s.passion + 1)
    a.lines.append(said(cf.SquirePassionRises(squire=s.name, passion=s.passion)))
    h = harm.Harm(a.engine, a.state, a.dice)
    harm.take_priority(h, s.id, s.name)  # Squires are "considered Knights for the purposes of effects"
    a.lines += h.lines


def _attack_roll(a: seq.Attack) -> seq.AttackEnd | None:
    """3. Attack Roll, a Mettle draw with the Knight Pool's tokens (rules/squires/pool.py)."""
    engine, state, s, m, lines = a.engine, a.state, a.p, a.extra["m"], a.lines
    assert state.clash is not None
    a.before = dict(state.clash.flow.pool)
    a.tokens, shown = pool.tokens(state.clash.flow.pool)
    lines += shown
    to_hit = state.clash.effective_to_hit()
    blind = blindspot_bonus(state, _mini(state, s.id), m)  # a Squire is "considered [a] Knight"
    if blind:
        lines.append(said(cf.SquireInBlindspot(squire=s.name, monster=m.name)))
    d = MettleDraw(kind="attack", cards=[], to_hit=to_hit, precision=a.extra["precision"] + a.tokens.precision + blind,
                   clue=True)
    card, out = _attack_draw(engine, state, a.dice, s, d, lines)
    if card is not None and out["result"] in ("full_miss", "critical_miss") and a.extra["redraw"] \
            and can_pay(engine, s):
        lines += [said(sf.SquireRedraw(how="policy_attack"))]
        lines += change(engine, s, "heat", 1, True)
        card = _draw_one(engine, state, a.dice, lines)
        out, shown = mettle.attack(card, d, s.clues)
        lines += shown
    _spend(s, out)
    a.data = {"monster": m.id, "to_hit": to_hit, "attack_card": card.id if card else None, "result": out["result"]}
    if out["result"] in ("full_miss", "critical_miss"):
        lines.append(said(cf.SquireAttackEnds(squire=s.name)))
        lines += pool.clear(state.clash.flow, a.before, {})
        a.data["outcome"] = "miss"
        return seq.END
    a.extra["critical"] = out["result"] == "full_hit"
    return None


def _bp_card(a: seq.Attack) -> None:
    bp, a.extra["space"] = _determine_bp(a.engine, a.state, a.dice, a.extra["m"], a.lines)
    assert a.state.clash is not None
    a.at = bp.at + a.state.clash.effective_at_bonus()
    a.extra["bp"] = bp
    a.data["bp"] = {"id": bp.id, "name": bp.name, "level": bp.level, "at": a.at}


def _power_roll(a: seq.Attack) -> None:
    """6. Power Roll, a Mettle draw (re-drawn once by the policy)."""
    engine, state, s, lines, at, tokens = a.engine, a.state, a.p, a.lines, a.at, a.tokens
    pd = MettleDraw(kind="power", cards=[], clue=False)
    boost = abilities.take_boon(s, "power")  # "Your next Power Roll adds +2 Power."

    def power_draw() -> tuple[MettleCard, int, int, dict[str, int]]:
        """One Power draw: (card, Power with the boon and the Knight Pool, Potential, tokens used)."""
        card = _draw_one(engine, state, a.dice, lines)
        value, potential, told = _power(card, pd, s, at - boost - tokens.power, lent_stats(engine, s))
        lines.extend(told + ([said(cf.SquireBoonPower(boon=boost, power=value))] if boost else []))
        gained, used = pool.on_power(tokens, potential, card.critical == "miss", lines)
        return card, value + boost + gained, potential, used

    card, value, potential, used = power_draw()
    if value < at and a.extra["redraw"] and can_pay(engine, s):
        lines += [said(sf.SquireRedraw(how="policy_power"))] + change(engine, s, "heat", 1, True)
        card, value, potential, used = power_draw()
    wound = value >= at and card.critical != "miss"
    outcome = "critical" if wound and a.extra["critical"] else "wound" if wound else "fail"
    a.data.update(power_card=card.id, power=value, potential=potential, outcome=outcome)
    a.extra.update(wound=wound, outcome=outcome, used=used)
    lines.append(said(cf.SquirePowerResult(power=value, at=at, outcome=outcome)))
    if not one_attack(state):  # a campaign created before version 3 cleared the Pool here, before step 7
        _clear(a)


def _responses(a: seq.Attack) -> None:
    bp, outcome = a.extra["bp"], a.extra["outcome"]
    wanted = {"critical"} if outcome == "critical" else {"wound" if a.extra["wound"] else "fail", "instinct"}
    responses = [r.trigger for r in bp.responses if r.trigger in wanted]
    if responses:
        a.lines.append(said(cf.SquireBPResponses(bp=bp.name, triggers=responses)))


def _wounds(a: seq.Attack) -> None:
    """8. Wounds and Escalation."""
    state, bp, space, s = a.state, a.extra["bp"], a.extra["space"], a.p
    assert state.clash is not None
    if a.extra["wound"]:
        deal_wound(a.engine, state, a.dice, bp, space, a.extra["critical"], a.extra["m"].id, s.id, s.id, a.lines)
    elif space == 0:
        state.clash = fail_bp(state.clash, a.dice)
        a.lines.append(said(cf.SquireBPFailed(bp=bp.name, space=0)))
    else:
        a.lines.append(said(cf.SquireBPFailed(bp=bp.name, space=space)))


def _clear(a: seq.Attack) -> None:
    """9. Clear the Knight Pool, as after a Knight's Attack (rules/squires/pool.py), once."""
    used = a.extra.pop("used", None)
    if used is not None and a.state.clash is not None:
        a.lines += pool.clear(a.state.clash.flow, a.before, used)


def _heroic_arc(a: seq.Attack) -> None:
    """10. Second Ability Window: the Squire's Heroic Arc."""
    if a.state.clash is not None and a.state.clash.over is None:
        a.lines += abilities.heroic_arc(a.engine, a.state, a.dice, a.p)


def _set_pool(state: CampaignState, tokens: dict[str, int]) -> None:
    assert state.clash is not None
    state.clash.flow.pool = tokens


def _pool(state: CampaignState) -> dict[str, int]:
    assert state.clash is not None
    return state.clash.flow.pool


# A Squire's Attack: Mettle draws for steps 3 and 6, no weapon (no First Ability Window), no decision asked.
SQUIRE = seq.Venue(
    name="Squire", pool_name="Knight Pool", context=SQUIRE_CONTEXT,
    reroll_kind="", pool=_pool, set_pool=_set_pool, data=lambda s: {},
    steps={seq.DECLARE: _declare, seq.RAISE_PASSION: _raise_passion, seq.ATTACK_ROLL: _attack_roll,
           seq.BP_CARD: _bp_card, seq.POWER_ROLL: _power_roll, seq.RESPONSES: _responses, seq.WOUNDS: _wounds,
           seq.CLEAR: _clear, seq.SECOND_WINDOW: _heroic_arc},
    skips=frozenset({seq.FIRST_WINDOW}), finish=lambda a: Result(state=a.state, events=[]))


def _attack_draw(engine: Engine, state: CampaignState, dice: Dice, s: SquireState, d: MettleDraw,
                 lines: list[Line]) -> tuple[MettleCard | None, dict[str, Any]]:
    """The Attack Roll's draw, with the boons of the Squire's Abilities and Heroic Arc: Critical Chance (no card: "it is
    an automatic Full Hit"), or N cards drawn and the better kept."""
    if abilities.take_boon(s, "critical_chance"):
        lines.append(said(cf.SquireBoonCritical(squire=s.name)))
        return None, {"result": "full_hit", "critical": "chance"}
    count = abilities.take_boon(s, "attack_draws") or 1
    drawn = []
    for _ in range(count):
        card = _draw_one(engine, state, dice, lines)
        out, shown = mettle.attack(card, d, s.clues)
        drawn.append((card, out, shown))
    best = abilities.best_attack(drawn) if count > 1 else 0
    if count > 1:
        lines.append(said(cf.SquireBoonDraws(squire=s.name, count=count, card=drawn[best][0].name)))
    lines += drawn[best][2]
    return drawn[best][0], drawn[best][1]


def _spend(s: SquireState, out: dict[str, Any]) -> None:
    spent = out.get("spent_clue")
    if spent is not None:
        s.clues[spent] = s.clues.get(spent, 0) - 1


def _power(card: MettleCard, d: MettleDraw, s: SquireState, at: int,
           gear: SquireGearStats | None) -> tuple[int, int, list[str]]:
    """The Power draw; policy: spend the card's Clue only when its Power bonus turns a Fail into a Wound."""
    out, lines = mettle.power(card, d, s.clues, gear)
    value = int(out.get("power", 0))
    if card.box is not None and card.box.power and value < at <= value + card.box.power:
        out, lines = mettle.power(card, d.model_copy(update={"clue": True}), s.clues, gear)
        value = int(out.get("power", 0))
        _spend(s, out)
    return value, int(out.get("potential", 0)), lines


def _determine_bp(engine: Engine, state: CampaignState, dice: Dice, m: Monster,
                  lines: list[Line]) -> tuple[BPCard, int]:
    assert state.clash is not None
    content = monster_content(engine, state.clash)
    space = 0
    if state.clash.monster_type == "boss":
        card, state.clash = draw_bp(state.clash, dice)
    else:
        space = m.mob_number or 0
        slot = state.clash.mob_track[space - 1]
        if slot is None:
            raise RuleError(f"{m.name} has no BP card on the Mob track")
        card, slot.revealed = slot.card, True
    bp = next(c for c in content.bp_cards if c.id == card)
    lines.append(said(cf.SquireBPCard(bp=bp.name, level=bp.level, at=bp.at + state.clash.effective_at_bonus())))
    return bp, space
