"""What a Squire's Abilities and Heroic Arc levels do (docs/squires.md, "Abilities and the Heroic Arc").

Rulebook "Squire Card Anatomy": "Abilities: Each active Squire Ability may only be used once per Round." A Squire
card's ``effects`` (content/schema/squires.py) are groups: each names who it is for (``who``: this Squire, the nearest
Knight, a Knight the players choose within N spaces, every Knight within N spaces, all Knights, a Knight in the
Squire's space, a Monster) and the effects resolved for each of them, in order. Squires "are even considered Knights
for the purposes of effects", so a Knight of a Squire card may be another Squire. A choice the rules leave to the
players is the command's ``knight:``/``monster:`` option, or a Clash decision (``/choose``) when several fit; the
Squire policy takes the only one when one fits. What the vocabulary cannot say is shown with its exact text and the
commands to apply it by hand. Passive Abilities (``passive:``) are applied where the Clash code meets them: Stubborn
in rules/squires/clash.py ``harm_squire`` (a Knockback effect), River Legs in the Squire's movement.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from content.schema.cards import PlaceKnightTokens, TextEffect
from content.schema.squires import (
    EffectGroup,
    GainModifier,
    LoseBane,
    MettleCard,
    MoveToward,
    Passive,
    PullMonster,
    SquireBoon,
    SquireEffect,
)
from rules.board.forced_toward import pull
from rules.board.geometry import Coord, manhattan
from rules.board.knight_movement import IllegalMove, knight_move, knight_reachable
from rules.board.los import knight_cells
from rules.board.measures import knights_adjacent
from rules.board.state import BoardState, Outcome
from rules.board.state import Knight as Mini
from rules.clash import harm
from rules.clash.flow import Option, Pending, ask
from rules.clash.peril import say_stats
from rules.coverage import implements
from rules.decision_records import SquireRunThen
from rules.dice import Dice
from rules.effects import Dispatch
from rules.engine import Engine, Event, observes
from rules.errors import RuleError
from rules.facts import Paragraph, random_targets_said, said, sentences
from rules.knights import statistics as st
from rules.squires import ability_facts as af
from rules.squires.handlers import change
from rules.squires.state import SquireState
from rules.state import CampaignState

T = "tests/squires/test_squire_abilities.py::"
# a Heroic Arc level written without ``effects`` (an older pack) that places Knight tokens is still applied
TOKEN_GAIN = re.compile(
    r"^Gain (\d+) (Opening|Break|Fire|Black|Closing|Hope|Sunder|Rouse|Power|Cantrip|Spell) tokens?\.$")
Step = tuple[str, str, int]  # ("ability", name, group) or ("arc", "<passion>", group)


def has_passive(engine: Engine, s: SquireState, passive: Passive) -> str | None:
    """The name of the Squire's always-on Ability that does ``passive``, if it has one."""
    card = engine.catalogue.squires.get(s.squire)
    found = next((a for a in card.abilities if a.passive == passive), None) if card is not None else None
    return found.name if found is not None else None


# --- passives ------------------------------------------------------------------------------------------------------


@implements("Squire Card Anatomy", tests=[T + "test_stubborn_ignores_the_first_knockback_each_clash"],
            note="Stubborn (ignore_first_knockback) on a Knockback effect against the Squire")
def ignores_knockback(engine: Engine, s: SquireState, lines: list[str]) -> bool:
    """"The first time each Clash this Squire would be knocked back, ignore it." Marked in ``clash_marks`` (cleared
    once no Clash runs)."""
    name = has_passive(engine, s, "ignore_first_knockback")
    if name is None or "ignore_first_knockback" in s.clash_marks:
        return False
    s.clash_marks.append("ignore_first_knockback")
    lines.append(said(af.SquireIgnoresKnockback(ability=name, squire=s.name)))
    return True


def squire_reach(engine: Engine, board: BoardState, s: SquireState, speed: int) -> dict[Coord, tuple[Coord, ...]]:
    """The spaces the Squire may end a voluntary movement of ``speed`` on. River Legs (ignore_difficult_terrain):
    "This Squire ignores Difficult Terrain" — Difficult Terrain's one space less ("If, during voluntary movement, a
    Knight moves through any number of Difficult Terrain tile spaces, they move one less space.") does not apply."""
    if has_passive(engine, s, "ignore_difficult_terrain") is None:
        return knight_reachable(board, s.id, speed)
    start = 1 if board.knight(s.id).space is not None else 0
    return {sp: p for sp, p in knight_reachable(board, s.id, speed + 1).items() if len(p) - start <= speed}


@implements("Squire Card Anatomy", tests=[T + "test_river_legs_ignores_difficult_terrain"],
            note="River Legs (ignore_difficult_terrain) in the Squire's movement")
def squire_move(engine: Engine, board: BoardState, s: SquireState, dest: Coord, speed: int) -> Outcome:
    """A voluntary movement of the Squire (raises IllegalMove), with River Legs."""
    try:
        return knight_move(board, s.id, dest, speed)
    except IllegalMove:
        if dest not in squire_reach(engine, board, s, speed) or has_passive(
                engine, s, "ignore_difficult_terrain") is None:
            raise
        return knight_move(board, s.id, dest, speed + 1)


# --- boons on the Squire's next Attack ------------------------------------------------------------------------------


def take_boon(s: SquireState, boon: Literal["attack_draws", "power", "critical_chance"]) -> int:
    """Spend one of the next Attack's boons (0: none)."""
    return s.boons.pop(boon, 0)


def best_attack(results: list[tuple[MettleCard, dict[str, Any], list[str]]]) -> int:
    """"keep the better" of several Attack Roll draws: a Full Hit, then a hit (highest Precision), then a Full Miss,
    a Critical Miss last."""
    order = {"full_hit": 3, "hit": 2, "full_miss": 1, "critical_miss": 0}
    return max(range(len(results)), key=lambda i: (order[results[i][1]["result"]], results[i][1].get("precision", 0),
                                                    -i))


@observes
def _after_clash(engine: Engine, state: CampaignState) -> list[Event]:
    """Once no Clash runs, the once-per-Clash marks and unused next-Attack boons lapse (docs/rulings.md)."""
    if state.clash is None:
        for s in state.squires.values():
            if s.clash_marks or s.boons:
                s.clash_marks, s.boons = [], {}
    return []


# --- resolving a card's effects -------------------------------------------------------------------------------------


@dataclass
class Run:
    engine: Engine
    state: CampaignState
    dice: Dice
    s: SquireState
    strict: bool  # an Ability: a target that cannot be found refuses the use; a Heroic Arc level just says so
    knight: str | None = None
    monster: str | None = None
    memo: dict[str, str] = field(default_factory=dict)
    h: harm.Harm | None = None

    def harm(self) -> harm.Harm:
        if self.h is None:
            self.h = harm.Harm(self.engine, self.state, self.dice)
        return self.h

    def say(self, text: str) -> None:
        self.harm().say(text)


def groups(engine: Engine, s: SquireState, step: Step) -> tuple[str, str, list[EffectGroup]]:
    """(label, printed text, groups) of an Ability or a Heroic Arc level."""
    card = engine.catalogue.squires[s.squire]
    kind, key, _ = step
    if kind == "ability":
        ab = next(a for a in card.abilities if a.name == key)
        return ab.name, ab.text, ab.effects
    lv = next(x for x in card.heroic_arc if x.passion == int(key))
    return f"Heroic Arc (Passion {lv.passion})", lv.text, lv.effects


def _others(run: Run) -> list[Mini]:
    return [k for k in run.state.board.knights if not k.dead and k.id != run.s.id]


def _distance(board: BoardState, a: Mini, b: Mini) -> int:
    if knights_adjacent(board, a, b) or knights_adjacent(board, b, a):
        return 1
    return manhattan(knight_cells(board, a), knight_cells(board, b))


def _name(state: CampaignState, mini_id: str) -> str:
    found = next((k for k in state.board.knights if k.id == mini_id), None) or next(
        (m for m in state.board.monsters if m.id == mini_id), None)
    return found.name if found is not None else mini_id


def _named(run: Run, wanted: str, pool: list[str]) -> str | None:
    w = wanted.strip().lower()
    for mid in pool:
        if w in (mid.lower(), _name(run.state, mid).lower()):
            return mid
    return None


class Ask(Exception):
    """Several targets fit and the players must choose: ``options`` are board ids."""

    def __init__(self, why: str, options: list[str]) -> None:
        super().__init__(why)
        self.why, self.options = why, options


def targets(run: Run, g: EffectGroup, label: str, picked: str | None) -> list[str]:
    """The board ids ``g`` is for (raises Ask for a players' choice; [] when none fits)."""
    board, me = run.state.board, run.state.board.knight(run.s.id)
    if g.who == "self":
        return [run.s.id]
    if g.who == "all_knights":
        return [k.id for k in board.knights if not k.dead]
    if g.who == "monster":
        if "monster" in run.memo:
            return [run.memo["monster"]]
        pool = [m.id for m in board.monsters]
        return _pick(run, "monster", pool, picked, run.monster, f"{label}: which Monster?", "the Monster")
    if g.who == "nearest_knight":
        if "nearest" in run.memo:
            return [run.memo["nearest"]]
        others = _others(run)
        if not others:
            return []
        best = min(_distance(board, me, k) for k in others)
        pool = [k.id for k in others if _distance(board, me, k) == best]
        return _pick(run, "nearest", pool, picked, run.knight, f"{label}: the nearest Knights are tied at {best} "
                     "space(s) — which one?", "the nearest Knight")
    within = 1 if g.who == "knight_in_space" else g.within
    pool = [k.id for k in _others(run) if within is None or _distance(board, me, k) <= within]
    if g.who == "knights_within":
        return pool
    where = "in your space (or next to it)" if g.who == "knight_in_space" else \
        f"within {within} spaces" if within is not None else "of your choice"
    return _pick(run, f"chosen:{label}", pool, picked, run.knight, f"{label}: which Knight {where}?",
                 f"a Knight {where}")


def _pick(run: Run, memo: str, pool: list[str], picked: str | None, wanted: str | None, prompt: str,
          what: str) -> list[str]:
    if picked is not None and picked in pool:
        chosen = picked
    elif wanted is not None and run.strict:
        found = _named(run, wanted, pool)
        if found is None:
            fits = ", ".join(_name(run.state, x) for x in pool) or "none"
            raise RuleError(f"{wanted!r} is not {what} for {run.s.name} (it can be: {fits})")
        chosen = found
    elif len(pool) == 1:
        chosen = pool[0]  # the Squire policy: the only one that fits
    elif not pool:
        return []
    else:
        raise Ask(prompt, pool)
    run.memo[memo] = chosen
    return [chosen]


def apply_step(run: Run, step: Step, picked: str | None = None) -> None:
    label, text, gs = groups(run.engine, run.s, step)
    if step[2] < 0:  # a Heroic Arc level with no effects
        _arc_text(run, label, text)
        return
    g = gs[step[2]]
    if g.only_if == "monster_adjacent_to_a_knight" and not _monster_next_to_knight(run):
        run.say(said(af.SquireNoEffect(label=label)))
        return
    found = targets(run, g, label, picked)
    if not found:
        if run.strict:
            raise RuleError(f"{run.s.name} cannot use {label}: no {_who_text(g)} on the Clash Board (\"{text}\")")
        run.say(said(af.SquireNoEffect(label=label, who=g.who, within=g.within)))
        return
    for tid in found:
        for e in g.effects:
            effect(run, e, tid, label, text)


def _arc_text(run: Run, label: str, text: str) -> None:
    found = TOKEN_GAIN.match(text)
    if found is None or run.state.clash is None:
        run.say(said(af.SquireArcByHand(label=label, squire=run.s.name, text=text)))
        return
    token, count = found.group(2).lower(), int(found.group(1))
    pool = run.state.clash.flow.pool
    pool[token] = pool.get(token, 0) + count
    run.say(said(af.SquireTokensPlaced(label=label, squire=run.s.name, count=count, token=token, there=pool[token],
                                       printed=found.group(2))))


def _who_text(g: EffectGroup) -> str:
    return {"nearest_knight": "other Knight", "chosen_knight": "Knight" + (f" within {g.within} spaces"
                                                                           if g.within is not None else ""),
            "knights_within": f"Knight within {g.within} spaces", "knight_in_space": "Knight in its space or next "
            "to it", "monster": "Monster", "all_knights": "Knight", "self": "Squire"}[g.who]


def _monster_next_to_knight(run: Run) -> bool:
    """Whether the Monster the use moved is adjacent to a Knight other than this Squire (docs/rulings.md)."""
    mid = run.memo.get("monster")
    board = run.state.board
    m = next((x for x in board.monsters if x.id == mid), None)
    if m is None:
        return False
    from rules.board.measures import is_adjacent

    return any(is_adjacent(board, m, k, for_monster=False) for k in _others(run))


# A Squire Ability's effects (rules/effects.py): ``fn(run, e, tid, label, text)``. Those of the Squire's own
# (EFFECTS) first; then the effect on the Target, a Squire (ON_SQUIRE) or a Knight (ON_KNIGHT); any other effect
# on the Target is rules/clash/harm.py's.
Fn = Callable[["Run", Any, str, str, str], None]
EFFECTS: Dispatch[Fn] = Dispatch("a Squire Ability's effect")
ON_SQUIRE: Dispatch[Fn] = Dispatch("a Squire Ability's effect on a Squire")
ON_KNIGHT: Dispatch[Fn] = Dispatch("a Squire Ability's effect on a Knight")


def effect(run: Run, e: SquireEffect, tid: str, label: str, text: str) -> None:
    run.harm()  # the step's narration, from the first effect on
    fn = EFFECTS.find(e) or (ON_SQUIRE if tid in run.state.squires else ON_KNIGHT).find(e)
    on_target = cast(harm.HarmEffect, e)  # the effects no function above registers are rules/clash/harm.py's
    if fn is not None:
        fn(run, e, tid, label, text)
    elif tid in run.state.squires:
        harm.resolve_effects(run.harm(), tid, [on_target], source=label)
    else:
        h = run.harm()
        before = len(h.lines)
        harm.resolve_effects(h, harm.knight_state(h, tid).id, [on_target], source=label)
        if len(h.lines) > before:
            h.lines[before] = said(Paragraph(parts=[af.SquireStepLabel(label=label), h.lines[before]]))


EFFECTS.on(TextEffect)(lambda run, e, tid, label, text: harm.by_hand(run.harm(), None, e.text, label))
EFFECTS.on(SquireBoon)(lambda run, e, tid, label, text: _boon(run, e, label))
EFFECTS.on(MoveToward)(lambda run, e, tid, label, text: _move_toward(run, e, tid, label))


@EFFECTS.on(PlaceKnightTokens)
def _place_tokens(run: Run, e: PlaceKnightTokens, tid: str, label: str, text: str) -> None:
    assert run.state.clash is not None
    pool = run.state.clash.flow.pool
    pool[e.token] = pool.get(e.token, 0) + e.amount
    run.harm().say(said(af.SquireTokensPlaced(label=label, squire=run.s.name, count=e.amount, token=e.token,
                                              there=pool[e.token])))


@EFFECTS.on(PullMonster)
def _pull(run: Run, e: PullMonster, tid: str, label: str, text: str) -> None:
    h, board = run.harm(), run.state.board
    m = board.monster(tid)
    h.say(said(af.SquirePulls(label=label, squire=run.s.name, monster=m.name, amount=e.amount)))
    harm.apply_outcomes(h, pull(board, run.s.id, tid, e.amount), f"Pull {e.amount} on {m.name}")


@ON_SQUIRE.on(LoseBane)
def _squire_bane(run: Run, e: LoseBane, tid: str, label: str, text: str) -> None:
    other = run.state.squires[tid]
    lines = change(run.engine, other, "bane", -e.amount, False)
    run.harm().say(said(Paragraph(parts=[af.SquireStepLabel(label=label, squire=other.name), *lines])))


@ON_SQUIRE.on(GainModifier)
def _squire_modifier(run: Run, e: GainModifier, tid: str, label: str, text: str) -> None:
    other = run.state.squires[tid]
    run.harm().say(said(af.SquireModifierByHand(label=label, squire=other.name, modifier=e.modifier, text=text)))


@ON_KNIGHT.on(LoseBane)
def _knight_bane(run: Run, e: LoseBane, tid: str, label: str, text: str) -> None:
    h = run.harm()
    k = harm.knight_state(h, tid)
    say_stats(h, k, st.change_bane(run.engine.catalogue, k, -e.amount))


@ON_KNIGHT.on(GainModifier)
def _knight_modifier(run: Run, e: GainModifier, tid: str, label: str, text: str) -> None:
    h = run.harm()
    k = harm.knight_state(h, tid)
    k.stats.temporary[e.modifier] = k.stats.temporary.get(e.modifier, 0) + e.amount
    h.say(said(af.SquireTemporaryToken(label=label, knight=k.name, modifier=e.modifier, amount=e.amount)))


def _boon(run: Run, e: SquireBoon, label: str) -> None:
    s = run.s
    if e.boon == "power":
        s.boons["power"] = s.boons.get("power", 0) + e.amount
        run.say(said(af.SquireBoonGained(label=label, squire=s.name, boon="power", amount=s.boons["power"])))
    elif e.boon == "attack_draws":
        s.boons["attack_draws"] = max(s.boons.get("attack_draws", 0), e.amount)
        run.say(said(af.SquireBoonGained(label=label, squire=s.name, boon="attack_draws",
                                         amount=s.boons["attack_draws"])))
    else:
        s.boons["critical_chance"] = 1
        run.say(said(af.SquireBoonGained(label=label, squire=s.name, boon="critical_chance", amount=1)))


def _move_toward(run: Run, e: MoveToward, tid: str, label: str) -> None:
    """Move up to ``amount`` spaces toward the target, ending as close to it as the movement rules allow (the
    nearest space first, then the fewest spaces moved, then the board order; docs/rulings.md)."""
    board, s = run.state.board, run.s
    me = board.knight(s.id)
    goal = knight_cells(board, board.knight(tid)) if any(k.id == tid for k in board.knights) else \
        board.monster(tid).cells
    here = knight_cells(board, me)
    now = manhattan(here, goal)
    if now <= 1:
        run.say(said(af.SquireMovesToward(label=label, squire=s.name, target=_name(run.state, tid), already=True)))
        return
    reach = squire_reach(run.engine, board, s, e.amount) if not me.knocked_down else {}
    closer = sorted((manhattan({sp}, goal), len(p), sp.row, sp.col, sp) for sp, p in reach.items()
                    if manhattan({sp}, goal) < now)
    if not closer:
        run.say(said(af.SquireMovesToward(label=label, squire=s.name, target=_name(run.state, tid))))
        return
    dest = closer[0][-1]
    assert isinstance(dest, Coord)
    outcome = squire_move(run.engine, board, s, dest, e.amount)
    run.state.board = outcome.state
    tied = [x[-1].label for x in closer[1:] if x[:2] == closer[0][:2]]
    run.say(said(af.SquireMovesToward(label=label, squire=s.name, target=_name(run.state, tid), to=dest.label,
                                      tied=tied)))


# --- the two entry points: /squire ability and the Heroic Arc --------------------------------------------------------


def steps_of(engine: Engine, s: SquireState, kind: str, key: str) -> list[Step]:
    _, _, gs = groups(engine, s, (kind, key, 0))
    return [(kind, key, i) for i in range(len(gs))]


def run_steps(run: Run, steps: list[Step], start: int = 0, picked: str | None = None,
              end_turn: bool = False) -> Pending | None:
    """Resolve ``steps`` from ``start``; stop with a Clash decision when the players must choose."""
    for i in range(start, len(steps)):
        try:
            apply_step(run, steps[i], picked if i == start else None)
        except Ask as ask_more:
            assert run.state.clash is not None
            options = [Option(key=o, label=_name(run.state, o)[:80], help="") for o in ask_more.options]
            return ask(run.state, "squire_target", f"🎯 {run.s.name} — {ask_more.why}", options,
                       knights=[run.s.id],  # the Squire's owner answers (or the GM)
                       then=SquireRunThen(squire=run.s.id, steps=list(steps), index=i, memo=dict(run.memo),
                                          end_turn=end_turn, strict=run.strict))
    return None


def finish(run: Run) -> list[str]:
    """Settle what the effects owed (Peril Checks, Judicium) and return the narration."""
    if run.h is None:
        return []
    harm.settle(run.h)
    return sentences(run.h.lines)


def resume(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str],
           dice: Dice) -> tuple[SquireState, list[str], bool]:
    """Go on with a Squire's Ability once the players chose who it is for (the ``squire_target`` decision, resumed
    by rules/squires/clash.py): the Squire, the narration, and whether the Squire's turn ends now (the policy played
    it and nothing more waits)."""
    then = pending.then
    assert isinstance(then, SquireRunThen), f"{pending.kind} holds no Squire ability"
    s = state.squires[then.squire]
    run = Run(engine, state, dice, s, strict=then.strict, memo=dict(then.memo))
    run.say(said(af.SquireTargetChosen(squire=s.name, chosen=_name(state, chosen[0]))))
    more = run_steps(run, list(then.steps), then.index, chosen[0], then.end_turn)
    return s, finish(run), more is None and then.end_turn


@implements("Squire Card Anatomy", tests=[T + "test_hold_the_reins_moves_and_gives_the_nearest_knight_evasion",
                                        T + "test_an_active_ability_is_used_once_per_round",
                                        T + "test_vigil_candle_asks_which_knight_when_several_fit"],
            note="/squire ability resolves the Ability's structured effects once per Round; text-only effects are "
                 "shown by hand")
def use(engine: Engine, state: CampaignState, dice: Dice, s: SquireState, name: str, knight: str | None,
        monster: str | None) -> tuple[list[str], dict[str, Any]]:
    """"Abilities: Each active Squire Ability may only be used once per Round." The use is counted with the Knights'
    abilities of the Round (``flow.used``); its effects are resolved (or shown by hand when the card has none)."""
    clash = state.clash
    assert clash is not None
    card = engine.catalogue.squires[s.squire]
    found = next((a for a in card.abilities if a.name.lower() == name.strip().lower()), None)
    if found is None:
        raise RuleError(f"{s.name} has no Ability {name!r}; its Abilities are: "
                        + ", ".join(a.name for a in card.abilities))
    if not found.active:
        raise RuleError(f"{found.name} is always on (not an active Ability): {found.text}")
    key = f"{s.id}:squire:{found.name.lower()}"
    if key in clash.flow.used:
        raise RuleError(f"{s.name} already used {found.name} this Round: \"Each active Squire Ability may only be used "
                        "once per Round\"")
    if clash.flow.pending is not None:
        p = clash.flow.pending
        raise RuleError(f"the Clash waits for a decision first ({p.id}): {p.prompt} Answer with /choose "
                        f"decision:{p.id} option:<...>")
    clash.flow.used.append(key)
    lines = [said(af.SquireUsesAbility(squire=s.name, ability=found.name))]
    info: dict[str, Any] = {"name": found.name, "automated": bool(found.effects)}
    if not found.effects:
        lines.append(said(af.SquireAbilityByHand(squire=s.name, text=found.text)))
        lines += random_targets_said(found.text)
        return lines, info
    run = Run(engine, state, dice, s, strict=True, knight=knight, monster=monster)
    pending = run_steps(run, steps_of(engine, s, "ability", found.name))
    info["waiting"] = pending is not None
    return lines + finish(run), info


@implements("Squire Card Anatomy", tests=[T + "test_the_heroic_arc_lowers_heat_within_two_spaces_and_places_tokens",
                                        T + "test_heroic_arc_boons_change_the_next_attack"],
            note="each Heroic Arc level reached is applied from its structured effects; a text-only level is shown by "
                 "hand")
def heroic_arc(engine: Engine, state: CampaignState, dice: Dice, s: SquireState, end_turn: bool = False) -> list[str]:
    """The second ability window of a Squire's Attack: each level of its own Heroic Arc at or below its Passion, as a
    Knight's ("you must apply relevant effects from each level of the Heroic Arc that is still available"). A level
    with no ``effects`` is shown with its text; a level that asks the players stops with a decision (the levels
    after it follow the answer)."""
    card = engine.catalogue.squires[s.squire]
    run = Run(engine, state, dice, s, strict=False)
    steps: list[Step] = []
    for level in card.heroic_arc:
        if level.passion <= s.passion:
            steps += steps_of(engine, s, "arc", str(level.passion)) if level.effects else [("arc", str(level.passion),
                                                                                            -1)]
    run_steps(run, steps, end_turn=end_turn)
    return finish(run)
