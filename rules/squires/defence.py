"""The Monster's Attacks on a Squire (rulebook "Resolving Attacks Against Squires"): the Evasion Roll is a Mettle
draw, the Attack keywords (Swarm X, Splinter X) and the consequences are resolved as for a Knight, on the Squire's
own statistics (no Mortis, a Judicium at 0 Vigor). ``SQUIRE`` is the Squire's part of the one Monster Attack
(rules/clash/monster_attack.attack, rules/clash/attack_target.py), Doomed included; rules/clash/harm.py resolves
effects on a Squire with ``harm_squire``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from content.schema.monsters import MonsterAttack
from rules.board import measures as ms
from rules.board.state import Knight, Monster
from rules.clash import attack_keywords, harm
from rules.clash.activation_state import Activation
from rules.clash.attack_target import Target
from rules.clash.harm_facts import KnightDied, KnightRemoved
from rules.clash.squire_hooks import SquireRules, register
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line, said
from rules.squires import abilities, mettle
from rules.squires import clash_facts as cf
from rules.squires.clash import can_pay, play_left, refresh, squire_state
from rules.squires.handlers import change, draw_cards, mettle_deck, reshuffle_after_critical
from rules.squires.squire_facts import SquireRedraw
from rules.squires.state import MettleDraw, SquireState
from rules.state import CampaignState, one_attack

T = "tests/squires/test_squire_clash.py::"


def _gates(state: CampaignState, card: MonsterAttack, s: SquireState, mini: Knight, m: Monster) -> list[Any]:
    assert state.clash is not None
    adjacent = sum(1 for k in state.board.knights if not k.dead and ms.is_adjacent(state.board, m, k))
    values = {"heat": s.heat, "passion": s.passion, "vigor": s.vigor, "bane": s.bane,
              "wounds": state.clash.wounds(), "knights_adjacent": adjacent}
    return [g for g in card.gates if values[g.stat] >= g.at_least]


def _passes(state: CampaignState, act: Activation, lines: list[Line], out_of_reach: bool) -> None:
    if out_of_reach:
        lines.append(said(cf.SquireOutOfReach(squire=squire_state(state, act.targets[act.index]).name)))
    _next_target(act)


def _next_target(act: Activation) -> None:
    act.index += 1
    act.naturals, act.rerolled, act.hits, act.virtue, act.obeyed = [], [], 0, None, None
    act.step = "attack" if act.index < len(act.targets) else "final"


@implements("Resolving Attacks Against Squires", tests=[
    T + "test_monster_attack_against_a_squire_draws_mettle_and_costs_vigor",
    T + "test_squire_evasion_redraw_policy_respects_the_heat_limit",
    T + "test_squire_judicium_only_at_zero_vigor"])
def defend(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line], act: Activation,
           card: MonsterAttack, sid: str) -> None:
    """A Monster Attack against the Squire of the current Target: "To perform an Evasion Roll as a Squire, draw a
    Mettle card and refer to the Hits Evaded value." Judgements are regular Attacks. The consequences and After
    Attack effects on Vigor, Heat, Passion and Bane are applied; the others are told for the players to apply."""
    assert state.clash is not None and card.attack is not None
    s = squire_state(state, sid)
    mini = state.board.knight(sid)
    m = state.board.monster(act.monster)
    types = set(card.attack.types)
    if "command" in types:
        lines.append(said(cf.SquireObeys(card=card.name, squire=s.name, obey=card.attack.obey)))
    gates = _gates(state, card, s, mini, m)
    count = (card.evasion_dice or 1) + state.clash.effective_evasion_dice_bonus() + sum(
        g.evasion_dice for g in gates if g.before in ("targeting", "movement", "attack"))
    difficulty = card.attack.difficulty if "judgement" in types and card.attack.difficulty else \
        card.evasion_difficulty or 6
    hits = _evade(engine, state, dice, s, count, difficulty, lines, card)
    h = harm.Harm(engine, state, dice)
    h.monster = act.monster
    if hits and one_attack(state):  # Swarm X, Splinter X: "Squires are considered Knights"
        h.lines += attack_keywords.on_hit(engine, state, dice, act, card, sid, judgement=False)
    if hits:
        effects = [*card.consequences, *(e for g in gates if g.before != "after_attack" for e in g.effects)]
        harm.resolve_effects(h, sid, effects, hits=hits, monster_attack=True, source=card.name)
    after = [*card.after_attack, *(e for g in gates if g.before == "after_attack" for e in g.effects)]
    if after:
        harm.resolve_effects(h, sid, after, monster_attack=True, source=f"{card.name} (After Attack)")
    harm.settle(h)
    lines.extend(h.lines)
    for extra in h.attacks:
        lines.append(said(cf.SquireLaterAttack(attack=str(getattr(extra, "attack", "attack")))))
    _next_target(act)


# The Monster Attack's Target when it is a Squire (rules/clash/monster_attack.py): Mettle draws; a Command is obeyed
# by the policy (in ``defend``).
SQUIRE = Target(gone=lambda state, sid: state.board.knight(sid).dead, passes=_passes,
                command=lambda state, card, act, sid: None, defend=defend)


def _evade(engine: Engine, state: CampaignState, dice: Dice, s: SquireState, count: int, difficulty: int,
           lines: list[Line], card: MonsterAttack) -> int:
    reshuffle_after_critical(engine, state, dice, lines)
    d = MettleDraw(kind="evasion", cards=[], dice=count, difficulty=difficulty, hits=count)
    n = mettle.evasion_cards(count)
    deck = mettle_deck(engine)

    def draw() -> dict[str, Any]:
        cards = [deck.card(c) for c in draw_cards(engine, state, dice, n, lines)]
        lines.append(said(cf.SquireFacesEvasion(squire=s.name, dice=count, difficulty=difficulty,
                                                cards=[c.name for c in cards])))
        out, shown = mettle.evasion(cards, d)
        lines.extend(shown)
        return out

    out = draw()
    doomed = attack_keywords.doomed(card) and one_attack(state)  # "Squires are considered Knights"
    if out.get("not_evaded", 0) and doomed:
        lines.append(said(cf.SquireDoomed(squire=s.name)))
    elif out.get("not_evaded", 0) and can_pay(engine, s):
        lines.append(said(SquireRedraw(how="policy_evasion")))
        lines.extend(change(engine, s, "heat", 1, True))
        out = draw()
    s.last_draw = None  # a Clash draw is not re-drawn with /squire redraw
    hits = int(out.get("not_evaded", 0))
    if hits == 0:
        lines.append(said(cf.SquireFullEvade(squire=s.name)))
    return hits


def harm_squire(h: Any, sid: str, effects: Sequence[Any], hits: int, source: str,
                apart: Callable[[Any, Any, str], None], attack: bool = False) -> None:
    """Effects on a Squire (called by ``rules.clash.harm.resolve_effects``): Vigor, Heat, Passion and Bane on the
    Squire's own statistics; the Monster's side (Escalate, Heal, Attack Responses...) as for a Knight (``apart``);
    the rest by hand. "Squires draw from the Mortis deck only if they drop to 0 Vigor or below"."""
    engine, state = h.engine, h.state
    s = squire_state(state, sid)
    for e in effects:
        kind = e.type
        if e in harm.APART:  # the Monster's side, as for a Knight
            apart(h, e, source)
        elif kind == "lose_vigor":
            n = e.amount * hits if e.per_hit else e.amount
            if attack and state.clash is not None:  # the Monster's bonuses, as for a Knight (no Armor Roll)
                if sid not in h.bonus_paid:
                    h.bonus_paid.append(sid)
                    n += state.clash.vigor_loss_bonus
                n += state.clash.bonuses.vigor_loss_per_hit * hits
            was = s.vigor
            h.lines.append(said(cf.SquireLosesVigor(source=source, squire=s.name, amount=n)))
            h.lines.extend(change(engine, s, "vigor", -n, False, judicium_by_hand=False))
            if s.vigor <= 0 < was:
                judicium(h, s)
        elif kind in ("gain_heat", "lose_heat", "gain_passion", "gain_bane", "gain_vigor"):
            stat = kind.split("_")[1]
            sign = -1 if kind == "lose_heat" else 1
            was = s.vigor
            h.lines.append(said(cf.SquireEffect(source=source, squire=s.name, effect=kind, amount=e.amount)))
            h.lines.extend(change(engine, s, stat, sign * e.amount, False, judicium_by_hand=False))
            if s.vigor <= 0 < was:  # Heat over the Heat Limit is lost Vigor
                judicium(h, s)
        elif kind == "peril_check":
            h.lines.append(said(cf.SquireNoPerilCheck(source=source, squire=s.name)))
        elif kind == "knockback" and abilities.ignores_knockback(engine, s, h.lines):  # Stubborn
            continue
        else:
            text = getattr(e, "text", None) or kind.replace("_", " ")
            h.lines.append(said(cf.SquireByHand(source=source, text=text, squire=s.name)))




def judicium(h: Any, s: SquireState) -> None:
    """"Squires resolve Judicium draws as normal, but may gain +1 Heat to gain Second Chance (once during each
    Attack)." Policy: take the Second Chance while the Heat stays within the Limit. A card that kills removes the
    Squire's miniature from the Clash Board; any other leaves the Squire at 0 Vigor."""
    from rules.clash import harm, peril

    chance = can_pay(h.engine, s)
    if chance:
        h.lines += [said(cf.SquireSecondChance()),
                    *change(h.engine, s, "heat", 1, True)]
    card = peril.judicium_card(h, s.name, min(0, s.vigor), chance)
    mini = next((b for b in h.state.board.knights if b.id == s.id), None)
    if peril.kills(card):
        h.say(said(KnightDied(knight=s.name, why=card.name)))
        if mini is not None and not mini.dead:
            harm.replace_mini(h, mini.model_copy(update={"dead": True, "space": None, "vp": None}))
            h.say(said(KnightRemoved(knight=s.name)))
        if h.state.clash is not None and h.state.clash.flow.priority_target == s.id:
            harm.pass_priority(h)
    else:
        s.vigor = max(0, s.vigor)
        h.say(said(cf.SquireSurvives(squire=s.name, vigor=s.vigor)))


register(SquireRules(refresh=refresh, play_left=play_left, harm=harm_squire, target=SQUIRE))
