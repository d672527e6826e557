"""The words of a Deep Fog traversal's facts (rules/delve/fog_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, renders
from rules.delve.fog_facts import FogCard, FogCourseCorrected, FogEmerged, FogEntered, RestPhaseBegins

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
