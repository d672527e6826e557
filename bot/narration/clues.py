"""The words of the Clue cards' facts (rules/expedition/clue_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.expedition.clue_facts import (
    ClueCardDrawn,
    ClueCardExchanged,
    ClueCardKept,
    ClueDisregarded,
    ClueTokenDrawn,
    NoClueCard,
    SeatingSet,
    SecondaryClueSet,
)


@renders(SeatingSet)
def _seating(f: SeatingSet) -> str:
    ring = " → ".join(name(k) for k in f.knights + f.knights[:1])
    return f"🪑 Seating, each Knight's right is the next: {ring}."


@renders(ClueCardDrawn)
def _drawn(f: ClueCardDrawn) -> str:
    primary = f"Primary Clue **{f.primary.capitalize()}** ×{f.needed}; Secondary Clue ×{f.secondary_needed}"
    if f.held:
        return f"🃏 {name(f.knight)} holds the Clue card **{f.card}**: {primary}."
    return (f"🃏 {name(f.knight)} draws the Clue card **{f.card}**: {primary} of the type of the Primary of the Knight "
            "to the right.")


@renders(NoClueCard)
def _none(f: NoClueCard) -> str:
    if f.why == "solo":
        return (f"🔍 True Solo Mode: {name(f.knight)} draws no Clue card and collects every type of Clue; 3 Clues of "
                "any type succeed at the Investigation.")
    return (f"No Clue cards are loaded: {name(f.knight)} draws a physical Clue card (a pack with `kind: clue_cards` "
            "lets the bot keep it).")


@renders(ClueCardKept)
def _kept(f: ClueCardKept) -> str:
    return f"{name(f.knight)} holds {f.card} already; nothing changes."


@renders(ClueCardExchanged)
def _exchanged(f: ClueCardExchanged) -> str:
    return f"{name(f.knight)} held {f.card} and takes {f.given or 'no card'} in exchange."


@renders(ClueTokenDrawn)
def _token(f: ClueTokenDrawn) -> str:
    return (f"🖐 Five Knights and no Quest: {name(f.knight)}, the Party Leader, draws a random Clue token instead of a "
            f"Clue card: **{f.token.capitalize()}** (its first Clue; {f.needed} at the end of the Expedition to "
            "succeed).")


@renders(SecondaryClueSet)
def _secondary(f: SecondaryClueSet) -> str:
    why = ("a random Clue token: no other Knight holds a Clue card of another Primary type" if f.source is None
           else f"the Primary Clue of {name(f.source)}, to the right")
    return (f"🔎 {name(f.knight)}'s Secondary Clue: **{f.clue.capitalize()}** ({why}); its token counts as the first "
            f"Secondary Clue (1/{f.needed}).")


@renders(ClueDisregarded)
def _disregarded(f: ClueDisregarded) -> str:
    return f"🔎 Disregard: {name(f.knight)} ignores the first Clue gain of the Expedition ({f.clue.capitalize()})."
