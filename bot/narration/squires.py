"""The words of the Squires' facts (rules/squires/mettle_facts.py, squire_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, name, renders
from rules.squires.mettle_facts import MettleCritical, MettleHitsEvaded, MettleTest, MettleToHit
from rules.squires.squire_facts import (
    InvestigationProgress,
    MettleShown,
    SquireBaneKills,
    SquireClueCard,
    SquireClueReturned,
    SquireClueSpent,
    SquireCollects,
    SquireGaveBack,
    SquireGearPower,
    SquireGold,
    SquireHeatOverLimit,
    SquireInvestigationEnded,
    SquireJoined,
    SquireJudiciumByHand,
    SquireLeadsSaved,
    SquireLeft,
    SquireLent,
    SquireMettleDrawn,
    SquireMettleShuffled,
    SquireNoRerolls,
    SquireNotEvaded,
    SquirePolicySet,
    SquirePower,
    SquirePrecision,
    SquireQuestUnlock,
    SquireRedraw,
    SquireStat,
)

CRITICALS = {
    ("attack", "chance"): "**Critical Chance**: gain Critical Chance for this Attack; it is an automatic **Full Hit**.",
    ("attack", "miss"): "**Critical Miss**: it is a Critical Miss.",
    ("power", "chance"): "**Critical Chance**: you may gain a chosen Clue bonus from your Gear (no Gear lent).",
    ("power", "miss"): "**Critical Miss**: an automatic **Fail**.",
    ("test", "chance"): "**Critical Chance**: an automatic **success**.",
    ("test", "miss"): "**Critical Miss**: an automatic **fail**.",
    ("evasion", "chance"): "**Critical Chance**: treat it as a **Crit Evade**.",
}


@renders(MettleCritical)
def _critical(f: MettleCritical) -> str:
    return CRITICALS[(f.roll, f.critical)]


@renders(MettleToHit)
def _to_hit(f: MettleToHit) -> str:
    return f"To Hit {f.to_hit}: " + ("**hit**." if f.hit else "**Full Miss**.")


@renders(MettleTest)
def _test(f: MettleTest) -> str:
    shown = f"Roll {f.roll}" + (f" {f.bonus:+d}" if f.bonus else "")
    return f"{shown} = {f.roll + f.bonus} against Difficulty {f.difficulty}: " + (
        "**success**." if f.success else "**fail**.")


@renders(MettleHitsEvaded)
def _evaded(f: MettleHitsEvaded) -> str:
    return ("Hits Evaded " + " + ".join(str(v) for v in f.values) + f" = **{sum(f.values)}**"
            + (" (Evasion Difficulty 11+: −1 on each card, to a minimum of 1)" if f.reduced else "") + ".")


# -- a Squire's statistics, Mettle draws and Gear (rules/squires/squire_facts.py) ---------------------------------

@renders(SquireJoined)
def _joined(f: SquireJoined) -> str:
    return (f"{bold(f.squire)} joins the party as the Squire {f.card} (added by <@{f.owner}>): Vigor {f.vigor}, "
            f"Speed {f.speed}, Heat Limit {f.heat_limit}, Bane Limit {f.bane_limit}.")


@renders(SquireStat)
def _stat(f: SquireStat) -> str:
    if f.stat == "heat":
        return f"Heat **{f.value}**." if f.limit is None else f"Heat **{f.value}** (Heat Limit {f.limit})."
    if f.stat in ("vigor", "bane"):
        return f"{f.stat.capitalize()} **{f.value}**/{f.limit}."
    if f.stat == "passion":
        return f"Passion **{f.value}** (never above 9)."
    return f"{f.stat.capitalize()} Clues **{f.value}**."


@renders(SquireHeatOverLimit)
def _over(f: SquireHeatOverLimit) -> str:
    return f"It exceeded the Heat Limit by {f.excess}: lose {f.excess} Vigor."


@renders(SquireJudiciumByHand)
def _judicium(f: SquireJudiciumByHand) -> str:
    return ("At 0 Vigor or below: draw Judicium (`/deck draw deck:judicium`); the Squire may gain +1 Heat to gain "
            "Second Chance (once during each Attack).")


@renders(SquireBaneKills)
def _bane_kills(f: SquireBaneKills) -> str:
    return f"Bane {f.bane} + {f.gained} would exceed the Bane Limit {f.limit}: {name(f.squire)} dies immediately."


def mettle_card(c: MettleShown) -> str:
    """A Mettle card's name in bold, with its Clue."""
    return f"**{c.name}**" + (f" ({c.clue.capitalize()})" if c.clue else "")


@renders(SquireMettleDrawn)
def _drawn(f: SquireMettleDrawn) -> str:
    return f"Drew {', '.join(mettle_card(c) for c in f.cards)}" + (" from the Mettle deck." if f.from_deck else ".")


@renders(SquireMettleShuffled)
def _shuffled(f: SquireMettleShuffled) -> str:
    if f.why == "ran_out":
        return "The Mettle deck ran out: its discard pile is shuffled into a new deck."
    return ("A Critical card was in the Mettle discard pile after the last Action: the discard pile is shuffled into a "
            "new Mettle deck.")


REDRAWS = {"free": "Re-drawn with a re-roll effect (no Heat).",
           "heat": "+1 Heat to discard the result and draw again:",
           "policy_attack": "Policy: +1 Heat to discard the result and draw again (the new result must be accepted):",
           "policy_power": "Policy: +1 Heat to discard the Power draw and draw again:",
           "policy_evasion": "Policy: +1 Heat to discard the result and draw again:"}


@renders(SquireRedraw)
def _redraw(f: SquireRedraw) -> str:
    return REDRAWS[f.how]


@renders(SquireClueReturned)
def _returned(f: SquireClueReturned) -> str:
    return f"The {f.clue.capitalize()} Clue spent on the discarded result is returned."


@renders(SquirePrecision)
def _precision(f: SquirePrecision) -> str:
    return f"Roll {f.roll}" + (f" {f.bonus:+d}" if f.bonus else "") + f" = Precision {f.roll + f.bonus}."


@renders(SquireClueSpent)
def _spent(f: SquireClueSpent) -> str:
    if f.stat == "precision":
        return f"Spent 1 {f.clue.capitalize()} Clue for +{f.bonus} Precision: {f.total}."
    return f"Spent 1 {f.clue.capitalize()} Clue for +{f.bonus} Power: Power {f.total}."


@renders(SquirePower)
def _power(f: SquirePower) -> str:
    return f"Power {f.power}, Potential {f.potential}."


@renders(SquireGearPower)
def _gear_power(f: SquireGearPower) -> str:
    return (f"The lent weapon's {f.clue.capitalize()} Squire stats: +{f.power} Power, +{f.potential} Potential: "
            f"Power {f.total_power}, Potential {f.total_potential}.")


@renders(SquireNoRerolls)
def _no_rerolls(f: SquireNoRerolls) -> str:
    return "Squires are considered to have used all available Power Re-rolls."


@renders(SquireNotEvaded)
def _not_evaded(f: SquireNotEvaded) -> str:
    return f"{f.hits} hits: {f.not_evaded} not evaded."


@renders(SquireLent)
def _lent(f: SquireLent) -> str:
    return (f"🗡️ {name(f.knight)} lends {f.gear} to the Squire {name(f.squire)} for this Expedition. Squires use only "
            "its ability box and Squire stats box.")


@renders(SquireGaveBack)
def _gave_back(f: SquireGaveBack) -> str:
    if f.knight is not None:
        return f"The Squire {name(f.squire)} returns {f.gear} to {name(f.knight)}."
    return f"The Squire {name(f.squire)} gives up {f.gear}: its lender is no longer in the campaign."


@renders(SquireLeft)
def _left(f: SquireLeft) -> str:
    return f"The Squire {name(f.squire)} leaves the party."


@renders(SquirePolicySet)
def _policy(f: SquirePolicySet) -> str:
    return (f"{name(f.squire)}'s policy re-draws with Heat only up to Heat {f.up_to} (Heat Limit {f.limit}, "
            f"{f.reserve} kept spare).")


@renders(SquireGold)
def _gold(f: SquireGold) -> str:
    return (f"💰 {name(f.squire)} would gain {f.amount} Gold; Squires don't use Gold, so the Party Leader "
            f"{name(f.knight)} gains it: **{f.gold}** Gold.")


# -- Squire Investigations ------------------------------------------------------------------------------------------

def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def progress(p: InvestigationProgress) -> str:
    """An Investigation's Clues, ``Martial 1/3, Mystic 1/2``."""
    return (f"{p.primary.capitalize()} {p.has_primary}/{p.needed}, "
            f"{p.secondary.capitalize()} {p.has_secondary}/{p.secondary_needed}")


@renders(SquireClueCard)
def _clue_card(f: SquireClueCard) -> str:
    how = {"top": "", "last": " (the last card of the Clue deck)",
           "d10": f" (d10 {f.die}: the {_ordinal(f.depth)} card from the top of the Clue deck)"}[f.drawn]
    why = "a random Clue token" if f.knight is None else f"the Primary Clue of {name(f.knight)}"
    return (f"🃏 Squire Investigation: {name(f.squire)} draws the Clue card **{f.card}**{how}: Primary Clue "
            f"**{f.primary.capitalize()}** ×{f.needed}; Secondary Clue **{f.secondary.capitalize()}** "
            f"×{f.secondary_needed} ({why}; its token counts as the first).")


@renders(SquireCollects)
def _collects(f: SquireCollects) -> str:
    shown = ", ".join(t.capitalize() for t in f.clues)
    return f"🔎 {name(f.squire)} (Squire) collects {shown} ({progress(f.progress)})."


@renders(SquireInvestigationEnded)
def _investigation_ended(f: SquireInvestigationEnded) -> str:
    return (f"🔍 {name(f.squire)}'s Squire Investigation {'**succeeds**' if f.success else 'fails'} "
            f"({progress(f.progress)}); Leads: {f.leads}.")


@renders(SquireQuestUnlock)
def _quest_unlock(f: SquireQuestUnlock) -> str:
    return ("A Squire completed their Investigation by the end of a Quest Expedition: unlock one Mettle card of the "
            "Party Leader's tier or below with `/squire unlock card:<id> reason:quest`.")


@renders(SquireLeadsSaved)
def _leads_saved(f: SquireLeadsSaved) -> str:
    if not f.quest:
        return "Not a Quest Expedition: the Squires' Leads are not saved toward Mettle cards."
    return f"🧵 The highest Leads among the Squires ({f.best}) are added to the saved Leads: **{f.leads}**."
