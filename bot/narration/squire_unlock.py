"""The words of unlocking Mettle cards (rules/squires/unlock_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.squires import unlock_facts as uf


def _earned(f: uf.MettleCardsEarned) -> str:
    if f.reason == "quest":
        why = (f"a Squire completed their Investigation by the end of Quest Expedition {f.expedition}"
               if f.expedition is not None else "a Quest Expedition a Squire's Investigation completed")
    else:
        why = (f"the party survived its first {f.tier.capitalize()} Tier Expedition without defeat"
               + (f" (Expedition {f.expedition})" if f.expedition is not None else ""))
    n = "one Mettle card" if f.cards == 1 else f"{f.cards} Mettle cards"
    scope = f"the {f.tier.capitalize()} Tier" + (" or below" if f.reason == "quest" else "")
    what = f"{why}: unlock {n} of {scope}"
    return what[:1].upper() + what[1:]


@renders(uf.MettleCardsEarned)
def _cards_earned(f: uf.MettleCardsEarned) -> str:
    if f.decision is None:
        return f"🃏 {_earned(f)} — but no such Mettle card is left to unlock."
    return (f"🃏 {_earned(f)}. Choose with `/squire unlock decision:{f.decision} option:<card>` "
            "(`/squire unlock` shows the choice).")


@renders(uf.MettleDefeatEarnsNone)
def _defeat(f: uf.MettleDefeatEarnsNone) -> str:
    return (f"Expedition {f.expedition} ended in defeat ({f.defeat}): it earns no Mettle cards for the "
            f"{f.tier.capitalize()} Tier.")


@renders(uf.MettleUnlockedFor)
def _unlocked_for(f: uf.MettleUnlockedFor) -> str:
    if f.reason == "tier":
        word = " (the GM's word)" if f.gm else ""
        return f"Surviving the first {f.tier.capitalize()} Tier Expedition: card {f.number} of {f.of}{word}."
    return "A Squire completed their Investigation on a Quest Expedition" + (" (the GM's word)." if f.gm else ".")


@renders(uf.MettleLeadsSpent)
def _leads_spent(f: uf.MettleLeadsSpent) -> str:
    return f"{f.spent} saved Leads spent ({f.left} left)."


@renders(uf.MettleCardReplaced)
def _replaced(f: uf.MettleCardReplaced) -> str:
    return f"🃏 **{f.card}** ({f.tier.capitalize()}, {f.clue.capitalize()}) replaces {f.old} in the Mettle deck."


@renders(uf.MettleMoreToChoose)
def _more(f: uf.MettleMoreToChoose) -> str:
    return f"{f.cards} more card{'s' if f.cards > 1 else ''} to choose: `/squire unlock` shows the choice."


@renders(uf.MettleTierRecorded)
def _recorded(f: uf.MettleTierRecorded) -> str:
    if f.waiting:
        return f"The two {f.tier.capitalize()} Tier Mettle cards are offered when a Squire joins the party."
    return (f"📜 Recorded: the party survived its first {f.tier.capitalize()} Tier Expedition without defeat (the rule "
            "applies retroactively).")


@renders(uf.MettleLeads)
def _leads(f: uf.MettleLeads) -> str:
    return f"Saved Leads for Mettle cards: **{f.leads}**."
