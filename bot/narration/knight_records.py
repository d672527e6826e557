"""The words of a Knight's record left over from the families before (rules/knights/record_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.knights import record_facts as rf


@renders(rf.KnightJoined)
def _joined(f: rf.KnightJoined) -> str:
    return (f"joins the campaign as {f.card} (owner <@{f.owner}>): Vigor {f.vigor}, Heat Limit "
            f"{f.heat_limit}.")


@renders(rf.KnightImported)
def _imported(f: rf.KnightImported) -> str:
    return "is imported into this campaign."


@renders(rf.KnightReason)
def _reason(f: rf.KnightReason) -> str:
    return f"({f.reason})"


@renders(rf.KnightTale)
def _tale(f: rf.KnightTale) -> str:
    if f.number == 0:
        return f"Chapter {f.chapter}: Quest resolved." if f.marked else (
            f"Chapter {f.chapter}'s Quest is already marked; nothing changes.")
    if not f.marked:
        return f"Investigation {f.chapter}.{f.number} is already marked; nothing changes."
    if f.leads:
        return f"Investigation {f.chapter}.{f.number}: succeeded with Leads (both boxes marked)."
    return f"Investigation {f.chapter}.{f.number}: resolved."


@renders(rf.KnightChapterUnlocked)
def _chapter(f: rf.KnightChapterUnlocked) -> str:
    return (f"📖 Chapter {f.chapter} is unlocked (its tier is {f.tier.capitalize()}; the GM moves the Knight with "
            f"`/knight tier tier:{f.tier}`).")


@renders(rf.KnightLeadsSpent)
def _leads(f: rf.KnightLeadsSpent) -> str:
    return f"Spent {f.spent} Leads ({f.left} left)."


@renders(rf.KnightChoiceKept)
def _choice(f: rf.KnightChoiceKept) -> str:
    if f.cross:
        return f"Choice Matrix node {f.node} is already crossed out; nothing changes."
    return (f"Choice Matrix node {f.node} is already {f.now}: a box cannot be marked twice, the instruction is "
            "ignored.")


@renders(rf.KnightFirstDeath)
def _first_death(f: rf.KnightFirstDeath) -> str:
    if f.already:
        return "The First Death box is already marked: later deaths do not read the First Death Event again."
    return "First Death marked."


@renders(rf.KnightNoted)
def _noted(f: rf.KnightNoted) -> str:
    if f.op == "already":
        return f"{f.text} is already noted."
    return f"{f.kind.capitalize()} {f.op}: {f.text}."


@renders(rf.KnightRapport)
def _rapport(f: rf.KnightRapport) -> str:
    if f.boon is None:
        return f"Rapport with {f.knight} is already 3 (full)."
    return f"Rapport Boon gained: {f.boon} (only while {f.knight} is in the party)."


@renders(rf.KnightActionSpent)
def _action(f: rf.KnightActionSpent) -> str:
    if f.technique is None:
        return f"{name(f.knight)} spends the {f.action.title()} Action to unexhaust every exhausted game element."
    return f"{name(f.knight)} spends the {f.action.title()} Action on {f.technique}."


@renders(rf.KnightDiscardsAfter)
def _discards(f: rf.KnightDiscardsAfter) -> str:
    if f.condition is not None:
        return f"{name(f.knight)} discards the Condition {f.condition} after the {f.after}."
    return (f"{name(f.knight)} discards the temporary {(f.attribute or '').capitalize()} token(s) ({f.count:+d}) after "
            f"the {f.after}.")


@renders(rf.KnightNothingChanges)
def _nothing(f: rf.KnightNothingChanges) -> str:
    return f"{name(f.knight)}: nothing changes."
