"""What an Encounter Monster card does to the Knights and the Kingdom track (its Attack, Scrape, Critical, Overpower and
Resolution effects; content/schema/encounters.py ``EncounterEffect``).

Knight effects go through the Clash's harm rules (rules/clash/harm.py: Vigor, Heat, Passion, Bane, Conditions, the
Judicium at 0 Vigor), with the Encounter's own limits: "In case of Vigor loss, do not draw Mortis cards other than
Judicium" (a Peril Check draws nothing), the Attack's Vigor loss is reduced by an Armor Roll (Soak X is for Clashes),
Knight tokens go to the Encounter Pool, and Knockback, Pushback and Knockdown are shown for the table (the GM moves
the miniature with ``/encounter place``). Kingdom track effects go through rules/delve/track.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from content.schema.cards import (
    GainBane,
    GainCondition,
    GainCurse,
    GainHeat,
    GainPassion,
    GainThreat,
    GainVigor,
    Knockback,
    KnockedDown,
    LoseHeat,
    LoseVigor,
    PerilCheck,
    PlaceKnightTokens,
    Pushback,
    TextEffect,
)
from content.schema.encounters import (
    EncounterAdvanceTime,
    EncounterEffect,
    EncounterLoseCurse,
    EncounterLoseThreat,
    EncounterPrinted,
)
from content.schema.kingdom import Kingdom
from rules.clash import harm
from rules.clash.peril import armor_roll, lose_vigor
from rules.coverage import implements
from rules.delve import encounter_facts as ef
from rules.delve import lingering
from rules.delve import track as tr
from rules.delve.exploration_facts import ExplorationVigorShield
from rules.dice import Dice
from rules.effects import Dispatch
from rules.engine import Engine
from rules.facts import Line, random_targets_said, said, sentences
from rules.state import CampaignState


@dataclass
class _Apply:
    """One printed effect being resolved: the Knights it reaches, the narration, the Time spaces reached."""

    state: CampaignState
    kingdom: Kingdom
    h: harm.Harm
    living: list[str]
    source: str
    attack: bool
    reached: list[int] = field(default_factory=list)
    told_peril: bool = False


# Each effect type of an Encounter card (rules/effects.py): ``fn(run, e)``; a type not registered is not resolved.
EFFECTS: Dispatch[Callable[[_Apply, Any], None]] = Dispatch("an Encounter effect")


def apply(engine: Engine, state: CampaignState, dice: Dice, kingdom: Kingdom, printed: EncounterPrinted,
          knights: Sequence[str], *, source: str, attack: bool = False) -> tuple[list[str], list[int]]:
    """Resolve a printed effect in card order: Knight effects on each of ``knights`` (campaign Knight ids), Kingdom
    track effects once, Knight tokens into the Encounter Pool. Returns the sentences and the Time spaces reached."""
    assert state.delve is not None and state.delve.encounter is not None
    if not printed.effects:
        return [said(ef.EncounterPrintedEffect(source=source, text=printed.text, by_hand=True)),
                *random_targets_said(printed.text)], []
    h = harm.Harm(engine, state, dice)
    h.lines += [said(ef.EncounterPrintedEffect(source=source, text=printed.text)),  # one narration, in card order
                *random_targets_said(printed.text)]
    living = [kid for kid in knights if kid in state.knights and not state.knights[kid].dead]
    h.checked.extend(living)  # no Mortis card in an Encounter: a Peril Check draws nothing (the Judicium stays)
    run = _Apply(state, kingdom, h, living, source, attack)
    for e in printed.effects:
        fn = EFFECTS.find(e)
        if fn is not None:
            fn(run, e)
    harm.settle(h)  # the Judicium of a Knight who fell to 0 Vigor
    return sentences(h.lines), run.reached


@EFFECTS.on(GainThreat, GainCurse, EncounterLoseThreat, EncounterLoseCurse, EncounterAdvanceTime)
def _on_track(run: _Apply, e: Any) -> None:
    run.h.lines.extend(_track(run.state, run.kingdom, e, run.reached))


@EFFECTS.on(PlaceKnightTokens)
def _tokens(run: _Apply, e: PlaceKnightTokens) -> None:
    assert run.state.delve is not None and run.state.delve.encounter is not None
    pool = run.state.delve.encounter.pool  # changed in place: the caller holds the same Encounter
    pool[e.token] = pool.get(e.token, 0) + e.amount
    run.h.say(said(ef.EncounterPoolTokens(token=e.token, amount=e.amount)))


@EFFECTS.on(PerilCheck)
def _peril(run: _Apply, e: PerilCheck) -> None:
    if not run.told_peril:
        run.h.say(said(ef.EncounterPerilCheck()))
        run.told_peril = True


@EFFECTS.on(KnockedDown)
def _knockdown(run: _Apply, e: KnockedDown) -> None:
    _moves(run, "Knockdown")


@EFFECTS.on(Knockback, Pushback)
def _pushed(run: _Apply, e: Knockback | Pushback) -> None:
    _moves(run, f"{type(e).__name__} {e.amount}")


def _moves(run: _Apply, what: str) -> None:
    run.h.say(said(ef.EncounterMoveByHand(what=what, knights=[run.state.knights[kid].name for kid in run.living])))


@EFFECTS.on(TextEffect)
def _text(run: _Apply, e: TextEffect) -> None:
    run.h.lines += [said(ef.EncounterTextByHand(text=e.text)), *random_targets_said(e.text)]


@EFFECTS.on(GainVigor, GainHeat, LoseHeat, GainPassion, GainBane, GainCondition)
def _on_knights(run: _Apply, e: Any) -> None:
    for kid in run.living:
        if not run.state.knights[kid].dead:
            harm.resolve_effects(run.h, kid, [e], source=run.source)


@EFFECTS.on(LoseVigor)
def _lose_vigor(run: _Apply, e: LoseVigor) -> None:
    """An Encounter Monster's Attack: the Armor Roll, then a card that lessens the loss; other Vigor loss: the card
    that lessens it."""
    h, lines = run.h, run.h.lines
    for kid in run.living:
        k = run.state.knights[kid]
        if k.dead:
            continue
        if run.attack:
            n = armor_roll(h, k, e.amount, clash=False)
            if n > 0:
                n = lessened(run.state, run.kingdom, n, lines)
            if n > 0:
                lose_vigor(h, k, n)
        else:
            n = lessened(run.state, run.kingdom, e.amount, lines)
            if n > 0:
                harm.resolve_effects(h, kid, [e.model_copy(update={"amount": n})], source=run.source)


@implements(
    "Exploration Card Effect Types",
    tests=["tests/delve/test_delve_gaps.py::test_a_kind_stranger_lessens_a_vigor_loss_in_an_encounter"],
    note="an Active card that lessens the next Vigor loss (A Kind Stranger) acts in Encounters too",
)
def lessened(state: CampaignState, kingdom: Kingdom, amount: int, lines: list[Line]) -> int:
    """A card in play that says "the next time a Knight would lose Vigor during the Delve, they lose 1 less":
    the loss a Knight would suffer (after the Armor Roll) is lessened and the card is discarded."""
    from rules.delve import exploration as ex

    card = ex.shield(kingdom, state.delve)
    if card is None or amount <= 0:
        return amount
    assert state.delve is not None
    less = lingering.tally(card).vigor_shield
    left = max(0, amount - less)
    lines.append(said(ExplorationVigorShield(card=card.name, less=less, amount=amount, left=left)))
    state.delve, text = ex.discard(kingdom, state.delve, card.id)
    lines.append(text)
    return left


def _track(state: CampaignState, kingdom: Kingdom, e: EncounterEffect, reached: list[int]) -> list[str]:
    assert state.delve is not None
    amount = getattr(e, "amount", 0)
    change = {
        "gain_threat": {"threat": amount}, "lose_threat": {"threat": -amount}, "gain_curse": {"curse": amount},
        "lose_curse": {"curse": -amount}, "advance_time": {"time": amount},
    }[e.type]
    moved = tr.apply_all(state.track, state.delve, kingdom.track, **change)
    state.track, state.delve = moved.track, moved.delve
    reached += moved.time_reached
    return moved.texts
