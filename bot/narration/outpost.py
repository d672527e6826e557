"""The words of the Outpost Phase's facts (rules/expedition/outpost_facts.py)."""

from __future__ import annotations

from bot.narration.registry import command, name, renders
from rules.expedition.outpost_facts import (
    BackAtSection,
    ContractFulfilled,
    ContractMarked,
    ContractSigned,
    EarlyBird,
    GearBought,
    InnRolled,
    MercenaryJoins,
    MercenaryNoted,
    MercenaryUnlocked,
    MercenaryUsed,
    OutpostPaid,
    PartyGold,
    PatrolBottomed,
    PatrolLooked,
    PatrolMayBottom,
    ReforgeDiscount,
    SaintGained,
    ScoutApplied,
    ScoutByHand,
    ScoutEmployed,
    ScoutSetUp,
    SectionDiscount,
    SectionVisited,
    TreacheryCost,
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


@renders(SectionVisited)
def _visited(f: SectionVisited) -> str:
    return f"The party visits {f.section} ({f.label}); its Early Bird went to the first section."


@renders(PartyGold)
def _party_gold(f: PartyGold) -> str:
    if f.why == "early_bird":
        return f"(+{f.amount} Gold to each Knight.)"
    if f.why == "contract":
        return f"Each participating Knight gains {f.amount} Gold."
    return f"Each Knight {'gains' if f.amount > 0 else 'loses'} {abs(f.amount)} Gold (never below 0)."


@renders(SectionDiscount)
def _discount(f: SectionDiscount) -> str:
    return f"Purchases in {f.section} cost {f.discount} Gold less this Outpost Phase."


@renders(OutpostPaid)
def _outpost_paid(f: OutpostPaid) -> str:
    return f"{name(f.knight)} pays {f.cost} Gold ({f.left} left)."


@renders(ContractMarked)
def _contract_marked(f: ContractMarked) -> str:
    return f"{f.contract}'s checkbox is marked: it cannot be signed again."


@renders(ScoutSetUp)
def _scout_set_up(f: ScoutSetUp) -> str:
    if f.kind == "unloaded":
        return f"🔭 {f.scout}: the Kingdom {f.by_hand!r} is not loaded; apply by hand: {f.text}"
    if f.kind == "recon":
        return f"🔭 {f.scout} (Recon): " + (f"placed face down: {', '.join(f.cards)}." if f.cards
                                           else "no more Kingdom tiles to place.")
    if f.by_hand:
        return f"🔭 {f.scout} (Survey): {f.by_hand}; apply by hand: {f.text}"
    return (f"🔭 {f.scout} (Survey): {', '.join(f.cards)} added to the Exploration deck under its top {f.depth} "
            "card(s).")


@renders(ScoutByHand)
def _scout_by_hand(f: ScoutByHand) -> str:
    if f.part == "text":
        return f"🔭 {f.scout}: {f.text}"
    if f.part == "apply":
        return f"Apply it by hand: `{f.command}`" if f.command else "Apply it by hand."
    return f"{f.scout}'s task is marked done."


@renders(PatrolBottomed)
def _bottomed(f: PatrolBottomed) -> str:
    return f"🔭 {f.scout}: " + (f"{', '.join(f.cards)} put at the bottom of the Exploration deck." if f.cards
                               else "the Exploration deck keeps its order.")


@renders(MercenaryUnlocked)
def _unlocked(f: MercenaryUnlocked) -> str:
    return f"{f.mercenary} is unlocked " + (f"for {name(f.knight)} only." if f.knight else "for everyone.")


@renders(MercenaryNoted)
def _noted(f: MercenaryNoted) -> str:
    return f"Noted on {name(f.knight)}'s Knight Sheet."


@renders(TreacheryCost)
def _treachery(f: TreacheryCost) -> str:
    return f"Treachery: {f.mercenary} costs +{f.gold} Gold to use."


@renders(ReforgeDiscount)
def _reforge_discount(f: ReforgeDiscount) -> str:
    return f"Early Bird: {f.off} Gold off."


@renders(BackAtSection)
def _back_at(f: BackAtSection) -> str:
    return f"The party is back at {f.section}."
