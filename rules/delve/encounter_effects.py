"""What an Encounter Monster card does to the Knights and the Kingdom track (its Attack, Scrape, Critical, Overpower and
Resolution effects; content/schema/encounters.py ``EncounterEffect``).

Knight effects go through the Clash's harm rules (rules/clash/harm.py: Vigor, Heat, Passion, Bane, Conditions, the
Judicium at 0 Vigor), with the Encounter's own limits: "In case of Vigor loss, do not draw Mortis cards other than
Judicium" (a Peril Check draws nothing), the Attack's Vigor loss is reduced by an Armor Roll (Soak X is for Clashes),
Knight tokens go to the Encounter Pool, and Knockback, Pushback and Knockdown are shown for the table (the GM moves
the miniature with ``/encounter place``). Kingdom track effects go through rules/delve/track.py.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from content.schema.kingdom import Kingdom, VigorShield
from rules.clash import harm
from rules.clash.peril import armor_roll, lose_vigor
from rules.coverage import implements
from rules.delve import track as tr
from rules.dice import Dice
from rules.engine import Engine
from rules.state import CampaignState

ON_KNIGHT = (GainVigor, GainHeat, LoseHeat, GainPassion, GainBane, GainCondition, LoseVigor)
MOVES = (Knockback, Pushback, KnockedDown)


def apply(engine: Engine, state: CampaignState, dice: Dice, kingdom: Kingdom, printed: EncounterPrinted,
          knights: Sequence[str], *, source: str, attack: bool = False) -> tuple[list[str], list[int]]:
    """Resolve a printed effect in card order: Knight effects on each of ``knights`` (campaign Knight ids), Kingdom
    track effects once, Knight tokens into the Encounter Pool. Returns the sentences and the Time spaces reached."""
    assert state.delve is not None and state.delve.encounter is not None
    reached: list[int] = []
    if not printed.effects:
        return [f"✋ {source} (apply by hand): {printed.text}"], reached
    h = harm.Harm(engine, state, dice)
    lines = h.lines  # one narration, in card order
    lines.append(f"{source}: {printed.text}")
    living = [kid for kid in knights if kid in state.knights and not state.knights[kid].dead]
    h.checked.extend(living)  # no Mortis card in an Encounter: a Peril Check draws nothing (the Judicium stays)
    told_peril = False
    for e in printed.effects:
        if isinstance(e, GainThreat | GainCurse | EncounterLoseThreat | EncounterLoseCurse | EncounterAdvanceTime):
            lines += _track(state, kingdom, e, reached)
        elif isinstance(e, PlaceKnightTokens):
            pool = state.delve.encounter.pool  # changed in place: the caller holds the same Encounter
            pool[e.token] = pool.get(e.token, 0) + e.amount
            lines.append(f"Encounter Pool: +{e.amount} {e.token.replace('_', ' ').title()} token(s).")
        elif isinstance(e, PerilCheck):
            if not told_peril:
                lines.append("Peril Check: no Mortis card is drawn during an Encounter (only a Judicium at 0 Vigor).")
                told_peril = True
        elif isinstance(e, MOVES):
            what = "Knockdown" if isinstance(e, KnockedDown) else f"{type(e).__name__} {e.amount}"
            who = ", ".join(state.knights[kid].name for kid in living) or "nobody"
            lines.append(f"✋ By hand: {what} on {who} — move the miniature on the Encounter Board with "
                         "`/encounter place kind:knight name:<Knight> space:<space>`.")
        elif isinstance(e, TextEffect):
            lines.append(f"✋ By hand: {e.text}")
        elif isinstance(e, ON_KNIGHT):
            for kid in living:
                k = state.knights[kid]
                if k.dead:
                    continue
                if isinstance(e, LoseVigor) and attack:
                    n = armor_roll(h, k, e.amount, clash=False)
                    if n > 0:
                        n = lessened(state, kingdom, n, lines)
                    if n > 0:
                        lose_vigor(h, k, n)
                elif isinstance(e, LoseVigor):
                    n = lessened(state, kingdom, e.amount, lines)
                    if n > 0:
                        harm.resolve_effects(h, kid, [e.model_copy(update={"amount": n})], source=source)
                else:
                    harm.resolve_effects(h, kid, [e], source=source)
    harm.settle(h)  # the Judicium of a Knight who fell to 0 Vigor
    return list(h.lines), reached


@implements(
    "Exploration Card Effect Types",
    tests=["tests/delve/test_delve_gaps.py::test_a_kind_stranger_lessens_a_vigor_loss_in_an_encounter"],
    note="an Active card that lessens the next Vigor loss (A Kind Stranger) acts in Encounters too",
)
def lessened(state: CampaignState, kingdom: Kingdom, amount: int, lines: list[str]) -> int:
    """A card in play that says "the next time a Knight would lose Vigor during the Delve, they lose 1 less":
    the loss a Knight would suffer (after the Armor Roll) is lessened and the card is discarded."""
    from rules.delve import exploration as ex

    card = ex.shield(kingdom, state.delve)
    if card is None or amount <= 0:
        return amount
    assert state.delve is not None
    less = sum(e.amount for e in card.lingering if isinstance(e, VigorShield))
    left = max(0, amount - less)
    lines.append(f"🃏 {card.name}: the Vigor loss is {less} less ({amount} → {left}).")
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
