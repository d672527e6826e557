"""The words of the Outpost Phase's facts (rules/expedition/outpost_facts.py)."""

from __future__ import annotations

from bot.narration.registry import command, name, renders
from rules.expedition.outpost_facts import (
    ContractFulfilled,
    ContractSigned,
    EarlyBird,
    GearBought,
    InnRolled,
    MercenaryJoins,
    MercenaryUsed,
    PatrolLooked,
    PatrolMayBottom,
    SaintGained,
    ScoutApplied,
    ScoutEmployed,
)


@renders(EarlyBird)
def _early_bird(f: EarlyBird) -> str:
    return f"🐦 **Early Bird** — {f.section} ({f.label}) is the party's first stop: {f.text}"


@renders(InnRolled)
def _inn(f: InnRolled) -> str:
    return f"🍺 The Inn: rolled **{f.natural}** — {f.entry}. {f.text}"


@renders(ContractSigned)
def _signed(f: ContractSigned) -> str:
    return (f"📜 Contract signed: **{f.contract}** ({f.tier.capitalize()} Tier). Objective: {f.objective} "
            f"Rewards: {f.rewards}")


@renders(ContractFulfilled)
def _fulfilled(f: ContractFulfilled) -> str:
    return f"📜 Contract fulfilled: **{f.contract}**. Rewards: {f.rewards}"


@renders(ScoutEmployed)
def _scout(f: ScoutEmployed) -> str:
    return f"🔭 Scout hired: **{f.scout}** ({f.category.capitalize()}). {f.text}"


@renders(ScoutApplied)
def _scout_applied(f: ScoutApplied) -> str:
    if f.when == "by_hand":
        return f"In the Delve, apply it by hand: {command(f.command)}"
    return f"The bot applies it at Kingdom Setup ({command('/delve start')})" + (
        ", now: the Delve is set up." if f.when == "now" else ".")


@renders(PatrolLooked)
def _patrol(f: PatrolLooked) -> str:
    cards = ", ".join(f"**{card}** ({command(cid)})" for card, cid in f.cards) or "no card"
    return f"🔭 {f.scout} (Patrol) looks at the top {len(f.cards)} Exploration card(s), top first: {cards}."


@renders(PatrolMayBottom)
def _patrol_bottom(f: PatrolMayBottom) -> str:
    use = f"/scout use scout:{f.scout_id}"
    return (f"Put up to {f.to_bottom} of them at the bottom: {command(use + ' cards:<id>')}; "
            f"keep the order: {command(use)}.")


@renders(MercenaryJoins)
def _joins(f: MercenaryJoins) -> str:
    return (f"⚔️ **{f.mercenary}** joins the party ({f.hired}/{f.most}; two uses). Delve: {f.delve[0]} — "
            f"{f.delve[1]} Clash: {f.clash[0]} — {f.clash[1]}")


@renders(MercenaryUsed)
def _used(f: MercenaryUsed) -> str:
    after = "flip the card to its used side" if f.uses_left == 1 else "the card is discarded"
    return f"🗡 **{f.mercenary}** — {f.ability}: {f.text} ({after}; {f.uses_left} use left)"


@renders(GearBought)
def _bought(f: GearBought) -> str:
    return f"🛒 {name(f.knight)} buys **{f.gear}** ({f.tier.capitalize()} Tier {f.type}); it goes to the Armory."


@renders(SaintGained)
def _saint(f: SaintGained) -> str:
    return (f"🕯 {name(f.knight)} spends a Devotion token ({f.devotion} left) and gains **{f.saint}** as "
            "patron Saint.")
