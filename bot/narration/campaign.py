"""The words of the campaign's party, Presence, Vices and settings (rules/campaign/facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.campaign import facts as cf


@renders(cf.CampaignEditionMoved)
def _edition(f: cf.CampaignEditionMoved) -> str:
    return (f"📦 The campaign now plays edition {f.edition} of the starter pack (it played edition {f.previous}). "
            "Its log up to here replays with the old edition; everything from now on uses the new one.")


@renders(cf.CampaignPings)
def _pings(f: cf.CampaignPings) -> str:
    if f.on:
        return "🔔 Turn pings on: a question that waits on named players mentions them (in Discord)."
    return "🔕 Turn pings off: questions name the players without mentioning them."


@renders(cf.PartyKnightBack)
def _back(f: cf.PartyKnightBack) -> str:
    return f"🛡️ {name(f.knight)} returns to the party exactly as they were left (tier {f.tier.title()})."


@renders(cf.PartyKnightAside)
def _aside(f: cf.PartyKnightAside) -> str:
    return (f"📦 {name(f.knight)} is set aside: their Knight Sheet, Armory and progress are kept as they are "
            f"(bring them back with /progress knight knight:\"{name(f.knight)}\" back:true).")


@renders(cf.PartyPrincess)
def _princess(f: cf.PartyPrincess) -> str:
    if f.op == "gain":
        return f"👑 {f.princess} joins the party until the end of the Expedition or until she dies."
    return f"👑 {f.princess} " + ("dies." if f.op == "dies" else "leaves the party.")


@renders(cf.PresenceLent)
def _lent(f: cf.PresenceLent) -> str:
    return (f"🤝 {name(f.lender)} lends {f.gear} ({f.tier.title()}) to {name(f.borrower)} until the end of the "
            "Expedition.")


@renders(cf.PresenceReturned)
def _returned(f: cf.PresenceReturned) -> str:
    return f"↩️ {name(f.borrower)} returns {f.gear} to {name(f.lender)}."


@renders(cf.PresenceNoLoans)
def _no_loans(f: cf.PresenceNoLoans) -> str:
    return "No Gear is on loan."


@renders(cf.VirtueTested)
def _virtue(f: cf.VirtueTested) -> str:
    return (f"{name(f.knight)}'s {f.virtue.capitalize()} test {f.difficulty}+: rolled {f.natural} {f.bonus:+d} = "
            f"{f.result} — **{'Success' if f.success else 'Failure'}**.")
