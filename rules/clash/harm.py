"""Harm to Knights during a Clash: Attack effects, Responses, Mortis and Judicium cards resolved on a Knight.

Rulebook "4.2. Attack Consequences", "Armor Roll", "Who's Hitting Whom" ("it's the Monster who acts against the
Knight"), "Instant Death", "Conditions", "Bane", and the Keyword List's Knockback, Pushback, Drag, Crash, Tumble,
Soak, Heal, Suppress and Escalate. Vigor loss, the Armor Roll, the Peril Check, the Judicium and Massive Peril are in
rules/clash/peril.py (re-exported here).

A ``Harm`` gathers one step (for example the Attack Consequences of one Monster Attack): ``resolve_effects``
applies effects at once, in card order, and records who owes a Peril Check and who fell to 0 Vigor; ``settle``
resolves those at the end of the step ("If an effect would lower your Vigor to 0 or below, at the end of the
current step, if you did not draw a Judicium, draw a Judicium."). ``h.state`` is changed in place (the handler
already holds a private copy); ``h.lines`` narrates each automatic step; Attack Responses and Follow-up Attacks a
card asks for are queued in ``h.attacks`` for the caller to run after the current Attack. docs/clash.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from content.schema.cards import (
    KNIGHT_STATE_EFFECTS,
    CooldownCard,
    DelayCard,
    Die,
    DiscardCard,
    Drag,
    DragToward,
    Escalate,
    GainBane,
    GainCondition,
    GainCurse,
    GainHeat,
    GainPassion,
    GainThreat,
    GainVigor,
    Gangup,
    HandEffect,
    Herd,
    KnightStateEffect,
    Knockback,
    KnockbackSide,
    KnockedDown,
    LoseHeat,
    LoseVigor,
    MoveVariant,
    PerilCheck,
    PlaceKnightTokens,
    Pushback,
    PushbackToward,
    RefreshCards,
    Restrain,
    Survive,
    TextEffect,
)
from content.schema.monsters import AdditionalWound, EscalateDeck, FollowUp, Heal, Perform, Suppress
from rules import decks
from rules.board import Outcome, distinct_effects, drag, forced_variant, knockdown, pushback
from rules.board.geometry import manhattan
from rules.board.involuntary import source_cells
from rules.board.knockback import knockback as knockback_knight
from rules.board.move_facts import BoardApplied, BoardDeathWhy
from rules.board.state import Knight as BoardKnight
from rules.board.state import Monster as BoardMonster
from rules.board.work import Work, dedupe
from rules.clash import attention
from rules.clash.attention_facts import PriorityTargetPassed
from rules.clash.decks import suppress
from rules.clash.escalation import escalate, escalate_deck
from rules.clash.harm_facts import (
    ConditionGained,
    HarmAttackResponse,
    HarmBonusAttackOwed,
    HarmByHand,
    HarmConditionRefused,
    HarmEscalated,
    HarmForcedByHand,
    HarmIncarnationOffered,
    HarmKnockdownIgnorable,
    HarmMercyRule,
    HarmMovementReduced,
    HarmNoPerilCheck,
    HarmPriorityTaken,
    HarmSuppressed,
    HarmSurvives,
    HarmTokensPlaced,
    HarmTrackGained,
    HarmTumble,
    HarmWays,
    KnightDied,
    KnightRemoved,
    KnightsDefeated,
)
from rules.clash.harm_state import Harm, board_knight, by_board_id, participants, replace_mini, resolver
from rules.clash.peril import (
    change_heat,
    knight_state,
    lose_vigor,
    owe_peril_check,
    peril_check,
    say_stats,
    settle,
    vigor_loss,
)
from rules.clash.squire_hooks import squires
from rules.clash.wound_stack import additional_wounds, heal
from rules.coverage import implements
from rules.delve import track as kingdom_track
from rules.effects import Dispatch
from rules.facts import Line, random_targets_said, said
from rules.knights import conditions, expedition, keyword_effects, techniques
from rules.knights import statistics as st
from rules.knights.state import KnightState

if TYPE_CHECKING:
    from rules.clash.state import ClashState

__all__ = [
    "Harm", "HarmEffect", "apply_outcomes", "board_knight", "by_hand", "change_heat", "forced", "gain_condition",
    "kill", "knight_state", "lose_vigor", "owe_peril_check", "participants", "peril_check", "priority_after_passion",
    "replace_mini", "resolve_effects", "settle", "source_monster",
]

HarmEffect = (
    LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | GainThreat | GainCurse | Escalate
    | Knockback | Pushback | Drag | PerilCheck | GainCondition | PlaceKnightTokens | KnockedDown | Die | Survive
    | TextEffect | Heal | Suppress | EscalateDeck | AdditionalWound | Perform | FollowUp | KnightStateEffect
    | HandEffect | MoveVariant
)
T = "tests/clash/test_harm.py::"
KillCause = Literal["bane", "instant_death", "card"]


# --- the effects ------------------------------------------------------------------------------------------------


@implements(
    "4.2. Attack Consequences",
    tests=[T + "test_effects_resolve_in_card_order_on_the_target", T + "test_vigor_loss_bonus_once_per_attack",
           T + "test_mercy_rule_skips_effects_on_a_dead_knight_but_not_the_monster_side"],
    note="rules.clash.harm.resolve_effects; the Monster Round and Knight Attacks call it",
)
@resolver
def resolve_effects(h: Harm, knight: str, effects: Sequence[HarmEffect], *, hits: int = 1,
                    monster_attack: bool = False, judgement: bool = False, source: str = "",
                    knight_attack: bool = False) -> None:
    """"Resolve all Attack effects in the order they are written on the card, one sentence at a time." Peril
    Checks are owed and resolved by ``settle``; "If that Vigor loss is reduced to 0, do not resolve the Peril
    Check on the card that caused the Vigor loss." A dead Knight suffers nothing more (Mercy Rule), but effects
    apart from the Knight (Escalate, Heal, Threat, Attack Responses...) are still resolved."""
    if knight in h.state.squires:  # a Squire: its own statistics, no Mortis but Judicium (docs/squires.md)
        squires().harm(h, knight, effects, hits, source, _apart, monster_attack or judgement)
        return
    k = knight_state(h, knight)
    attack = monster_attack or judgement
    asked = lost = 0
    check = False
    skipped = False
    for e in effects:
        if e in APART and not (knight_attack and k.dead):  # Mercy Rule: an Attack against a Monster
            _apart(h, e, source)
        elif k.dead:
            if not skipped:
                h.say(HarmMercyRule(knight=k.name))
                skipped = True
        elif isinstance(e, LoseVigor):
            a, n = vigor_loss(h, k, e, hits, attack, judgement)
            asked, lost = asked + a, lost + n
        elif isinstance(e, PerilCheck):
            check = True
        else:
            _on_knight(h, k, e, attack, source)
    if check and not k.dead:
        if asked and not lost:
            h.say(HarmNoPerilCheck(knight=k.name))
        else:
            owe_peril_check(h, k.id)


# What each effect does to the Knight (rules/effects.py): ``fn(h, k, e, attack, source)``; a type not registered
# here is none of the Knight's (Peril Checks and Vigor loss are resolve_effects' own, the Monster's side APART's).
ON_KNIGHT: Dispatch[Callable[[Harm, KnightState, Any, bool, str], None]] = Dispatch("an effect on a Knight")
@ON_KNIGHT.on(GainPassion)
def _gain_passion(h: Harm, k: KnightState, e: GainPassion, attack: bool, source: str) -> None:
    say_stats(h, k, st.change_passion(h.cat, k, e.amount))
    priority_after_passion(h, k)


@ON_KNIGHT.on(GainBane)
def _gain_bane(h: Harm, k: KnightState, e: GainBane, attack: bool, source: str) -> None:
    say_stats(h, k, st.change_bane(h.cat, k, e.amount))
    if k.dead:
        kill(h, k.id, cause="bane")


@ON_KNIGHT.on(*KNIGHT_STATE_EFFECTS)  # Poison X, Choke X, Fortify X, Zeal X... (keyword_effects.py)
def _knight_state(h: Harm, k: KnightState, e: KnightStateEffect, attack: bool, source: str) -> None:
    lines, heat = keyword_effects.apply(h.cat, k, e, h.state.clash.flow.pool if h.state.clash else None)
    say_stats(h, k, lines)
    if heat:
        change_heat(h, k, heat)


def _on_knight(h: Harm, k: KnightState, e: HarmEffect, attack: bool, source: str) -> None:
    fn = ON_KNIGHT.find(e)
    if fn is not None:
        fn(h, k, e, attack, source)


def by_hand(h: Harm, k: KnightState | None, text: str, source: str = "", bonus_attack: bool = False) -> None:
    """A ``text`` effect: shown with the commands that apply it; ``bonus_attack`` (the effect's typed field,
    content.schema.cards.TextEffect) owes the Knight a Bonus Attack."""
    h.say(HarmByHand(text=text, knight=k.name if k is not None else "", source=source))
    h.lines += random_targets_said(text)
    clash = h.state.clash
    if k is not None and clash is not None and bonus_attack:
        if k.id not in clash.flow.bonus_attacks:
            clash.flow.bonus_attacks.append(k.id)
        h.bonus_owed.append(k.id)
        h.say(HarmBonusAttackOwed(knight=k.name, knight_id=k.id))


# --- the Priority Target, Knight tokens, Conditions, death ------------------------------------------------------


@implements("Priority Target", tests=[T + "test_passion_above_the_holder_takes_the_priority_target",
                                      T + "test_death_passes_the_priority_target_to_the_highest_passion"])
def priority_after_passion(h: Harm, k: KnightState) -> None:
    """"When you increase your Passion for any reason during a Clash (usually when you attack), compare your current
    level to the Passion of the token's holder. If yours is higher, you become the new Priority Target"."""
    clash = h.state.clash
    if clash is None or not take_priority(h, k.id, k.name):
        return
    mini = board_knight(h, k)
    if mini is not None:
        h.lines += attention.stop(clash, mini.id, k.name, "priority_target")


def _contenders(h: Harm) -> dict[str, int]:
    """The Passion of everyone who may hold the Priority Target token: the living campaign Knights (by id) and the
    living Squires on the Clash Board ("considered Knights for the purposes of effects", docs/squires.md)."""
    out = {o.id: o.stats.passion for o in participants(h) if not o.dead}
    for b in h.state.board.knights:
        if b.id in h.state.squires and not b.dead:
            out[b.id] = h.state.squires[b.id].passion
    return out


def pass_priority(h: Harm) -> None:
    """The holder died: the token passes to the living Knight or Squire with the highest Passion (the first of them in
    board order on a tie)."""
    clash = h.state.clash
    assert clash is not None
    passions = _contenders(h)
    heir = max(passions, key=lambda kid: passions[kid], default=None)
    clash.flow.priority_target = heir
    if heir is not None:
        name = h.state.squires[heir].name if heir in h.state.squires else knight_state(h, heir).name
        h.say(PriorityTargetPassed(knight=name, passion=passions[heir]))


def take_priority(h: Harm, who: str, name: str) -> bool:
    """``who`` (a Knight's or a Squire's id) raised their Passion: they take the token when it is higher than the
    holder's (with no living holder, higher than everyone else's). Whether they took it."""
    clash = h.state.clash
    passions = _contenders(h)
    if clash is None or who not in passions or clash.flow.priority_target == who:
        return False
    holder, mine = clash.flow.priority_target, passions[who]
    if holder in passions:
        if mine <= passions[holder]:
            return False
    elif any(p >= mine for other, p in passions.items() if other != who):
        return False
    clash.flow.priority_target = who
    h.say(HarmPriorityTaken(knight=name, passion=mine))
    return True


def _tokens(h: Harm, e: PlaceKnightTokens) -> None:
    clash = h.state.clash
    if clash is None:
        h.say(HarmTokensPlaced(token=e.token, amount=e.amount))
        return
    clash.flow.pool[e.token] = clash.flow.pool.get(e.token, 0) + e.amount
    h.say(HarmTokensPlaced(token=e.token, amount=e.amount, now=clash.flow.pool[e.token]))


@implements("Conditions", chapter="Clash Phase",
            tests=[T + "test_gain_a_given_condition_resolves_it_and_never_twice",
                   T + "test_gain_the_top_condition_card"])
def gain_condition(h: Harm, k: KnightState, card_id: str | None) -> None:
    """"When you gain a Condition card, place it next to your Knight Board." "You cannot gain the same Condition
    card if you already have it". A given card is taken out of the Condition deck; without one the top card is
    drawn. Its typed effects happen when it is gained; its lasting text stays on the card (docs/content.md)."""
    deck = h.cat.decks.get("condition") or h.cat.decks.get("conditions")
    if deck is None:
        by_hand(h, k, f"gain the Condition {card_id or '(top card)'} — no Condition deck is loaded")
        return
    pile = h.engine.pile(h.state, deck.id)
    drawn = card_id is None
    if card_id is None:
        if not pile.draw:
            h.say(HarmConditionRefused(knight=k.name, why="empty", deck=deck.name))
            return
        card_id, pile = decks.draw(pile, deck.name)
    card = h.engine.card(deck.id, card_id)
    immune = conditions.immune_to(h.cat, k, card)  # Immune to Body/Mind Condition cards, Immune to Fear
    if card.name in k.stats.conditions or card.id in k.stats.conditions or immune:
        h.say(immune or HarmConditionRefused(knight=k.name, why="already", card=card.name))
        if drawn:
            h.state.decks[deck.id] = decks.put_on_bottom(pile, card.id)
        return
    if not drawn and card.id in pile.draw + pile.discard:
        _, pile = decks.take(pile, card.id)
    if card.id not in pile.held:
        pile = decks.hold(pile, card.id)
    h.state.decks[deck.id] = pile
    expedition.condition(k, card.name, "gain")
    h.lines += [ConditionGained(knight=k.name, card=card.name, text=card.text), *random_targets_said(card.text)]
    typed = [e for e in card.effects if not isinstance(e, TextEffect)]
    if typed:
        resolve_effects(h, k.id, typed, source=card.name)


def _die(h: Harm, k: KnightState, attack: bool, source: str) -> None:
    kill(h, k.id, cause="instant_death" if attack else "card", source=source)


@implements("Instant Death", tests=[T + "test_instant_death_kills_without_a_judicium",
                                    T + "test_you_died_kills_and_leaves_the_board",
                                    T + "test_all_knights_dead_is_the_knights_defeat",
                                    "tests/clash/test_clash_gaps.py::test_instant_death_on_a_monster_card"])
def kill(h: Harm, knight: str, why: str = "", *, cause: KillCause | None = None, source: str = "") -> None:
    """The Knight dies: "When a Knight dies, that Knight is removed from the Clash Board and cannot be used in any
    way." The Priority Target token passes to the living Knight with the highest Passion (ties: the first on the
    board; docs/rulings.md), and "The Clash immediately ends with the Knights' Defeat as soon as all Knights die."
    An Instant Death draws no Judicium: a dead Knight owes nothing more this step. ``cause`` and ``source`` say why
    (``KnightDied``), or ``why`` in words (the Clash Board's)."""
    k = knight_state(h, knight)
    if not k.dead:
        k.dead = True
        h.say(KnightDied(knight=k.name, why=why, cause=cause, source=source))
        incarnation_offer(h, k)
    mini = board_knight(h, k)
    if mini is not None and not mini.dead:
        replace_mini(h, mini.model_copy(update={"dead": True, "space": None, "vp": None}))
        h.say(KnightRemoved(knight=k.name))
    clash = h.state.clash
    if clash is None:
        return
    if clash.flow.priority_target in (k.id, mini.id if mini else None):
        pass_priority(h)
    if clash.over is None and all(o.dead for o in participants(h)):
        clash.over = "defeat"
        h.say(KnightsDefeated())


# --- the Monster's side and the Kingdom track --------------------------------------------------------------------


@implements("How to Incarnate", status="assisted",
            tests=["tests/clash/test_clash_gaps.py::test_incarnation_is_offered"],
            note="offered as a narrated line naming /saint incarnate (rules/campaign/saints.py applies it)")
def incarnation_offer(h: Harm, k: KnightState) -> None:
    """"When you're about to die during a Clash, you may make an Incarnation roll: roll a d10. If your roll is higher
    or equal to the Incarnation Value of your Saint, you Incarnate." Saints and Devotion are not tracked here: the
    offer is shown, the players roll and apply it by hand."""
    if h.state.clash is None:
        return
    h.say(HarmIncarnationOffered(knight=k.name))


# The Monster's side of an effect, not aimed at the Knight (``fn(h, e, source)``): the Mercy Rule still resolves it
# after the Knight's death ("if the Attack has an effect that is separate from the Target or has other Targets,
# those effects should still be resolved"). A Squire's harm uses it too (rules/squires/defence.py).
APART: Dispatch[Callable[[Harm, Any, str], None]] = Dispatch("an effect apart from the Knight")


@APART.on(Perform, FollowUp)
def _attack_response(h: Harm, e: Perform | FollowUp, source: str) -> None:
    h.attacks.append(e)
    h.say(HarmAttackResponse(attack=e.attack if isinstance(e, Perform) else None, source=source))


APART.on(GainThreat)(lambda h, e, source: _track(h, "threat", e.amount))
APART.on(GainCurse)(lambda h, e, source: _track(h, "curse", e.amount))


def _on_clash(fn: Callable[[Harm, Any, ClashState], Sequence[Line]]) -> Callable[[Harm, Any, str], None]:
    """The Monster's side that changes the Clash: by hand when no Clash is running."""
    def resolve(h: Harm, e: Any, source: str) -> None:
        clash = h.state.clash
        if clash is None:
            by_hand(h, None, f"{e.type.replace('_', ' ')} (no Clash is running)", source)
            return
        h.lines += fn(h, e, clash)
    return resolve


@APART.on(Escalate)
@_on_clash
def _escalate(h: Harm, e: Escalate, clash: ClashState) -> list[Line]:
    h.state.clash, lines = escalate(clash, e.amount, h.dice)
    return [HarmEscalated(amount=e.amount), *lines]


@APART.on(EscalateDeck)
@_on_clash
def _escalate_deck(h: Harm, e: EscalateDeck, clash: ClashState) -> list[Line]:
    h.state.clash, lines = escalate_deck(clash, e.deck, e.amount, h.dice)
    return [HarmEscalated(amount=e.amount, deck=e.deck), *lines]


@APART.on(Heal)
@_on_clash
def _heal(h: Harm, e: Heal, clash: ClashState) -> list[str]:
    h.state.clash, lines = heal(clash, e.amount)
    return lines


@APART.on(Suppress)
@_on_clash
def _suppress(h: Harm, e: Suppress, clash: ClashState) -> list[Line]:
    h.state.clash = suppress(clash, e.deck, h.dice)
    return [HarmSuppressed(deck=e.deck)]


@APART.on(AdditionalWound)
@_on_clash
def _additional_wound(h: Harm, e: AdditionalWound, clash: ClashState) -> list[str]:
    h.state.clash, lines = additional_wounds(clash, e.amount)
    return lines


def _apart(h: Harm, e: HarmEffect, source: str) -> None:
    fn = APART.find(e)
    assert fn is not None, e  # resolve_effects calls it only for the effects APART registers
    fn(h, e, source)


def _track(h: Harm, which: Literal["threat", "curse"], amount: int) -> None:
    delve = h.state.delve
    kingdom = h.cat.kingdoms.get(delve.kingdom) if delve is not None else None
    if delve is None or kingdom is None:
        value = getattr(h.state.track, which) + amount
        h.state.track = h.state.track.model_copy(update={which: value})
        h.say(HarmTrackGained(which=which, amount=amount, value=value))
        return
    change = (kingdom_track.change_threat if which == "threat" else kingdom_track.change_curse)(
        h.state.track, delve, kingdom.track, amount)
    h.state.track, h.state.delve = change.track, change.delve
    h.lines += change.texts


# --- the Clash Board --------------------------------------------------------------------------------------------


def source_monster(h: Harm, mini: BoardKnight) -> BoardMonster | None:
    """The Monster that acts ("it's the Monster who acts against the Knight"): ``h.monster``, else the only one
    on the board, else the closest to the Knight (docs/rulings.md)."""
    board = h.state.board
    if h.monster is not None:
        return next((m for m in board.monsters if m.id == h.monster), None)
    if len(board.monsters) <= 1 or mini.space is None:
        return board.monsters[0] if board.monsters else None
    space = mini.space
    return min(board.monsters, key=lambda m: manhattan(m.cells, [space]))


def forced(h: Harm, k: KnightState, e: Knockback | Pushback | Drag | KnockedDown | MoveVariant) -> None:
    """Knockback X, Pushback X, Drag X (and Knockback to the side, Pushback toward, Drag toward) and Knockdown on a
    Knight's miniature, from the acting Monster."""
    label = "Knockdown" if isinstance(e, KnockedDown) else \
        f"{'Unavoidable ' if isinstance(e, Knockback) and e.unavoidable else ''}{type(e).__name__} {e.amount}"
    mini = board_knight(h, k)
    monster = source_monster(h, mini) if mini is not None and not mini.dead else None
    if mini is None or mini.dead or (monster is None and not isinstance(e, KnockedDown)):
        h.say(HarmForcedByHand(knight=k.name, label=label, missing="Knight" if mini is None else "Monster"))
        return
    board = h.state.board
    cut = _reduction(h, k, e)
    if isinstance(e, KnockedDown):
        outcomes = knockdown(board, mini.id)
    elif monster is None:  # pragma: no cover  (handled above)
        return
    elif isinstance(e, Knockback):
        works = knockback_knight(Work(board), mini.id, source_cells(board, monster.id), e.amount,
                                 source_name=monster.name, unavoidable=e.unavoidable, reduction=cut)
        outcomes = [w.outcome() for w in dedupe(works)]
    elif isinstance(e, Pushback):
        outcomes = pushback(board, monster.id, mini.id, e.amount, reduction=cut)
    elif isinstance(e, Drag):
        outcomes = drag(board, monster.id, mini.id, e.amount, reduction=cut)
    else:
        outcomes = forced_variant(board, monster.id, mini.id, e, reduction=cut)
    apply_outcomes(h, outcomes, f"{label} on {k.name}")


REDUCED: dict[type, str] = {Knockback: "knockback", KnockbackSide: "knockback", Pushback: "pushback",
                             PushbackToward: "pushback", Drag: "drag", DragToward: "drag"}


@implements("Involuntary Movement Reduction", tests=[
    "tests/rulebook_cases/test_movement_effects.py::test_reductions_of_involuntary_movement_add_up"])
def _reduction(h: Harm, k: KnightState, e: object) -> int:
    """"Multiple effects reducing involuntary movement may be applied at the same time": the Gear's reductions
    (content ``reduces``) add up; Unavoidable Knockback is not reduced (rules.board.knockback)."""
    kind = REDUCED.get(type(e))
    if kind is None or (isinstance(e, Knockback) and e.unavoidable):
        return 0
    from rules.clash.pieces import movement_reduction

    total, names = movement_reduction(h.engine.catalogue, k, kind)
    if total:
        h.say(HarmMovementReduced(knight=k.name, kind=kind, total=total, sources=names))
    return total


def apply_outcomes(h: Harm, outcomes: list[Outcome], what: str) -> None:
    """Put a board operation's first Outcome on the board and resolve what it did to Knights: Crash ("The Knight
    subjected to Crash loses -1 Vigor and suffers Knockdown"; Tumble: "When you are about to suffer Crash, roll a
    d10. On a 6+ ignore it."), deaths (a Boundless Edge, no space to Displace to). Several legal Outcomes: the
    first is applied and the GM may move a miniature by hand (docs/rulings.md). The Monster Round calls this too,
    for a Monster's movement."""
    if not outcomes:
        return
    chosen = outcomes[0]
    h.state.board = chosen.state
    if chosen.events:
        h.say(BoardApplied(events=chosen.events))
    options = distinct_effects(outcomes)
    if len(options) > 1:
        h.say(HarmWays(what=what, ways=len(options), took=list(chosen.choices)))
    for ev in chosen.events:
        k = by_board_id(h, ev.miniature or "")
        if k is None or k.dead:
            continue
        if ev.kind == "crash" and ev.vigor_loss:
            if ev.ignorable_by == "Tumble" and _tumble(h, k):
                continue
            lose_vigor(h, k, ev.vigor_loss)
        elif ev.kind == "death":
            kill(h, k.id, said(BoardDeathWhy(event=ev)))  # KnightDied.why holds a line
        elif ev.kind == "knockdown" and ev.ignorable_by:
            h.say(HarmKnockdownIgnorable(knight=k.name, keyword=ev.ignorable_by))


def _tumble(h: Harm, k: KnightState) -> bool:
    roll = h.dice.d10(f"Tumble ({k.name})")
    h.say(HarmTumble(knight=k.name, roll=roll))
    if roll < 6:
        return False
    mini = board_knight(h, k)
    if mini is not None and mini.knocked_down:
        replace_mini(h, mini.model_copy(update={"knocked_down": False}))
    return True


# the one-line effects on a Knight (after the functions they call)
ON_KNIGHT.on(GainVigor)(lambda h, k, e, attack, source: say_stats(h, k, st.change_vigor(h.cat, k, e.amount)))
ON_KNIGHT.on(GainHeat)(lambda h, k, e, attack, source: change_heat(h, k, e.amount))
ON_KNIGHT.on(LoseHeat)(lambda h, k, e, attack, source: change_heat(h, k, -e.amount))
ON_KNIGHT.on(GainCondition)(lambda h, k, e, attack, source: gain_condition(h, k, e.condition))
ON_KNIGHT.on(PlaceKnightTokens)(lambda h, k, e, attack, source: _tokens(h, e))
ON_KNIGHT.on(KnockedDown, Knockback, Pushback, Drag, KnockbackSide, PushbackToward, DragToward, Herd, Gangup)(
    lambda h, k, e, attack, source: forced(h, k, e))
ON_KNIGHT.on(CooldownCard, DelayCard, DiscardCard, Restrain, RefreshCards)(  # techniques.hand_effect
    lambda h, k, e, attack, source: say_stats(h, k, techniques.hand_effect(k, e, h.dice)))
ON_KNIGHT.on(Die)(lambda h, k, e, attack, source: _die(h, k, attack, source))
ON_KNIGHT.on(Survive)(lambda h, k, e, attack, source: h.say(HarmSurvives(knight=k.name)))
ON_KNIGHT.on(TextEffect)(
    lambda h, k, e, attack, source: by_hand(h, k, e.text, source, bonus_attack=e.grants_bonus_attack()))
