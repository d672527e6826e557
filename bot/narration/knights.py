"""The words of the Knight Sheet's facts (rules/knights/sheet_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.knights.sheet_facts import (
    ChoiceNodeMarked,
    InvestigationSucceeded,
    RapportGained,
    SheetCount,
    SighMarked,
    ViceChanged,
    VirtueChanged,
)


@renders(VirtueChanged)
def _virtue(f: VirtueChanged) -> str:
    return f"{f.virtue.capitalize()} {f.old:+d} → **{f.new:+d}** ({f.amount:+d} from {f.source})."


@renders(ViceChanged)
def _vice(f: ViceChanged) -> str:
    state = "suffers its effect" if f.new else "no longer suffers it"
    return (f"{f.vice.capitalize()} ({f.virtue.capitalize()}): {f.old} → **{f.new}** tally marks; "
            f"{name(f.knight)} {state}.")


@renders(InvestigationSucceeded)
def _investigation(f: InvestigationSucceeded) -> str:
    return f"Investigation {f.chapter}.{f.number}: resolved and **succeeded**."


@renders(ChoiceNodeMarked)
def _node(f: ChoiceNodeMarked) -> str:
    if f.crossed:
        return f"Choice Matrix node {f.node} is **crossed out** (the choice is reversed)."
    return f"Choice Matrix node {f.node} **marked**."


@renders(SighMarked)
def _sigh(f: SighMarked) -> str:
    return "Sigh of the Graal **marked**." if f.have else "Sigh of the Graal erased (spent)."


@renders(SheetCount)
def _count(f: SheetCount) -> str:
    if f.what == "tier":
        return f"Tier {str(f.old).capitalize()} → **{str(f.new).capitalize()}**."
    if f.what == "tally":
        return f"Tally marks '{f.tally}': {f.old} → **{f.new}**."
    return f"{f.what.capitalize()} {f.old} → **{f.new}**."


@renders(RapportGained)
def _rapport(f: RapportGained) -> str:
    return f"Rapport with {name(f.knight)}: **{f.hearts}/3** hearts."
