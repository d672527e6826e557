"""The words of a Deep Fog traversal's facts (rules/delve/fog_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, renders
from rules.delve.fog_facts import (
    FogByHand,
    FogCard,
    FogCardEffect,
    FogCourseCorrected,
    FogDeckShuffled,
    FogEmerged,
    FogEntered,
    FogGmForced,
    FogTopDiscarded,
    FogTraversalNote,
    HalfCup,
    KnightEffectByHand,
    RestPhaseBegins,
)

VERDICT = {"flawless": "a **Flawless Traversal**", "minor": "a **Minor Penalty**", "grave": "a **Grave Penalty**"}


@renders(FogCard)
def _card(f: FogCard) -> str:
    card, note = bold(f.card), f" {f.note}" if f.note else ""
    return {
        "trailmake_one": f"Trailmake 1: {card} goes to the bottom of the Deep Fog deck.",
        "trailmake": f"Trailmake: {card} goes to the bottom of the Deep Fog deck; the rest is shuffled.",
        "start": f"🌫 Starting Deep Fog card: {card}{note}",
        "keep": f"The party keeps {card}.",
        "wander": f"Wander: {card} is discarded.",
        "in_place": f"In its place: {card}{note}",
        "moves_on": f"The party moves {f.direction} onto {card}{note}",
        "moves": f"The party moves {f.direction} onto {card}{note}",
        "lowest_revealed": f"{card} (the lowest revealed card) is discarded; the other Deep Fog cards go back into "
                           "the deck. The reminder token is removed.",
        "lowest_of_path": f"{card} (the lowest card of the path) is discarded; the Deep Fog deck is shuffled with "
                          f"the cards used ({f.count} cards).",
    }[f.step]


@renders(FogEntered)
def _entered(f: FogEntered) -> str:
    return (f"**Round {f.round}** — the party enters the Deep Fog from {f.origin} toward {f.tile} "
            f"(Deep Fog Intensity {f.intensity}): once the Intensity is checked, there is no going back.")


@renders(FogCourseCorrected)
def _corrected(f: FogCourseCorrected) -> str:
    return (f"Course Correct: the Party marker goes back to {bold(f.card)}; the other revealed cards are flipped "
            f"face down. The new path heads {f.direction}.")


@renders(FogEmerged)
def _emerged(f: FogEmerged) -> str:
    parts = " + ".join(str(v) for v in f.values)
    cups = f" + {f.full_cups} (Full Cups)" if f.full_cups else ""
    return (f"The path is {f.length} card(s) long: the party begins to emerge. Deep Fog Value "
            f"{parts}{cups} = **{f.total}**: {VERDICT[f.outcome]}.")


@renders(RestPhaseBegins)
def _rest(f: RestPhaseBegins) -> str:
    return "🏕 **Rest Phase**."


@renders(FogTopDiscarded)
def _top_discarded(f: FogTopDiscarded) -> str:
    if f.empty:
        return "The Deep Fog deck is empty: there is no card to discard."
    return "The top Deep Fog card is discarded without looking." + (f" {f.note}" if f.note else "")


@renders(HalfCup)
def _half_cup(f: HalfCup) -> str:
    if not f.full_cups:
        return "🍷 Half-cup: the party gains a Half-cup token."
    return f"🍷 Half-cup: the Half-cup token flips to a Full Cup ({f.full_cups} Full Cup(s): +1 Deep Fog Value each)."


@renders(FogByHand)
def _by_hand(f: FogByHand) -> str:
    if f.why == "half_cup":
        return ("✋ By hand: a Half-cup outside the Deep Fog has no traversal to count in; apply the "
                f"card's text as the table reads it: {f.text}")
    if f.why == "kind":
        return f"✋ By hand: {f.kind.replace('_', ' ')} — {f.text}"
    return f"✋ Apply by hand: {f.text}"


@renders(KnightEffectByHand)
def _knight_by_hand(f: KnightEffectByHand) -> str:
    if f.kind == "peril_check":
        return f"✋ {f.who}: resolve a Peril Check (`/deck draw deck:<minor|major|grave>_mortis`)."
    if f.kind == "gain_condition":
        card = f"the Condition {f.condition}" if f.condition else "the top Condition card"
        return f"✋ {f.who}: gain {card} (`/deck draw deck:condition`, then `/knight condition`)."
    return f"✋ {f.who}: {f.kind.replace('_', ' ')} {f.amount} (apply with `/knight stat`)."


NOTES = {
    "ends_lost": "The Deep Fog traversal ends with the Expedition.",
    "stay": "Stay the Course.",
    "hazards_from_now": "From now on, the Hazard of every card drawn in this traversal is resolved.",
    "run_out": "The Deep Fog deck is empty and the path is not long enough.",
}


@renders(FogTraversalNote)
def _note(f: FogTraversalNote) -> str:
    if f.what == "withdraw":
        return f"Withdraw: the party leaves the Deep Fog the way it came, back to {f.origin}."
    if f.what == "emergence":
        return f"Emergence: the reminder token leaves {f.origin}; the Half-cup and Full Cup tokens are discarded."
    if f.what == "blocked":
        return f"Another Deep Fog card blocks the path {f.heading}: Course Correct or Withdraw."
    return NOTES[f.what]


@renders(FogDeckShuffled)
def _shuffled(f: FogDeckShuffled) -> str:
    return (f"The Deep Fog deck is shuffled ({f.cards} cards); a Generic token marks {f.origin}. "
            f"The path must be {f.intensity} card(s) long, for a Deep Fog Value of 4 or less.")


@renders(FogCardEffect)
def _card_effect(f: FogCardEffect) -> str:
    if f.part == "grave_penalty":
        return f"☠ Grave Penalty of {f.card}: {f.text}"
    if f.ignored:
        return f"(The Hazard of {f.card} is ignored: the party has not Course Corrected yet.)"
    return f"⚠ Hazard of {f.card}: {f.text}"


@renders(FogGmForced)
def _gm_forced(f: FogGmForced) -> str:
    return f"🛠 GM: the next {f.count} Deep Fog card(s) taken from the deck are set by the GM (announced to the table)."
