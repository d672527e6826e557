"""The words of the Clue cards' facts (rules/expedition/clue_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.expedition.clue_facts import (
    BothParagraphsToRead,
    ClueCardDrawn,
    ClueCardExchanged,
    ClueCardKept,
    ClueDisregarded,
    ClueProgress,
    CluesGained,
    CluesMoved,
    ClueTokenDrawn,
    ColdLeadTaken,
    InvestigationResolved,
    LeadsMaySpend,
    LeadsNoted,
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


def progress(p: ClueProgress) -> str:
    """A Clue card's count in words: "Faith 2/3, Valor 1/1"; True Solo Mode: "2/3 Clues of any type (Faith 2)"."""
    if p.solo:
        held = ", ".join(f"{t.capitalize()} {n}" for t, n in p.held) or "none"
        return f"{p.total}/{p.of} Clues of any type ({held})"
    text = f"{p.primary.capitalize()} {p.count}/{p.needed}"
    if p.secondary is not None:
        text += f", {p.secondary.capitalize()} {p.secondary_count}/{p.secondary_needed}"
    return text


@renders(CluesGained)
def _gained(f: CluesGained) -> str:
    who = ", ".join(f"{name(k)} ({progress(p)})" for k, p in zip(f.knights, f.progress, strict=True))
    return f"🔎 +1 {f.clue.capitalize()} Clue on the Clue cards of: {who}."


@renders(CluesMoved)
def _moved(f: CluesMoved) -> str:
    return f"🔎 {name(f.knight)}: {f.clue.capitalize()} Clues {f.old} → **{f.new}** ({progress(f.progress)})."


@renders(InvestigationResolved)
def _resolved(f: InvestigationResolved) -> str:
    how = (f"Clues {progress(f.progress)}" if f.progress is not None else "no Clue card") + (
        f"; reported: {f.reported}" if f.reported is not None else "")
    verdict = "**succeeds**" if f.success else "fails"
    if f.number is None:
        return (f"🧭 {name(f.knight)}'s Free Roam {verdict} ({how})."
                + (" Two Loot cards in the Spoils Phase." if f.success else ""))
    return (f"🔍 {name(f.knight)}'s Investigation {f.chapter}.{f.number} {verdict} ({how}). Read its "
            f"{'Success' if f.success else 'Failure'} paragraph in {name(f.knight)}'s Knightbook and report what it "
            "says with `/expedition note`.")


@renders(LeadsNoted)
def _leads(f: LeadsNoted) -> str:
    return (f"🧵 Leads +{f.leads} ({'the excess Clues' if f.success else 'half the Clues, rounded down'}): "
            f"{name(f.knight)} has **{f.total}** Leads.")


@renders(LeadsMaySpend)
def _may_spend(f: LeadsMaySpend) -> str:
    return (f"{name(f.knight)} may spend {f.leads} Leads to succeed instead: `/expedition leads "
            f"chapter:{f.chapter} investigation:{f.number}`.")


@renders(ColdLeadTaken)
def _cold_lead(f: ColdLeadTaken) -> str:
    again = "repeats the failed" if f.repeats else "starts"
    return (f"🕯 {name(f.knight)} picks up a cold lead and {again} Investigation {f.chapter}.{f.number} during the "
            f"Free Roam: read its paragraphs in {name(f.knight)}'s Knightbook; the Clue card decides it at the end of "
            "the Expedition.")


@renders(BothParagraphsToRead)
def _both(f: BothParagraphsToRead) -> str:
    return (f"📖 Read both paragraphs of Investigation {f.chapter}.{f.number} in {name(f.knight)}'s Knightbook and "
            "gain its reward.")
