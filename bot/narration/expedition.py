"""The words of the Expedition's own steps and of the Spoils Phase's start and Loot Distribution
(rules/expedition/expedition_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, names, renders
from content.schema.loot import LOOT_TYPE_NAMES
from rules.expedition.expedition_facts import (
    BallotCast,
    BaneNoted,
    CommonGoods,
    ConsumablesReturned,
    ConsumableUnlocked,
    DistributionLeft,
    DuplicityDiscards,
    ExpeditionBegins,
    ExpeditionNoted,
    JoinsArmory,
    LootAwarded,
    LootCard,
    LootDistributionBegins,
    LootExchanged,
    LootForGold,
    LootTaken,
    MarkDue,
    ScrapTaken,
    SeatingCountsLater,
    SpoilsBegin,
    VoteOpened,
    VoteTied,
)
from rules.expedition.phases import LABEL


def loot(card: LootCard) -> str:
    """A Loot card shown: "L3 Cinder Blade (Kingdom Gear, Aubrevane)"."""
    extra = f", {card.source}" if card.source else ""
    return f"{card.uid} {card.name} ({LOOT_TYPE_NAMES[card.type]}{extra})"


@renders(ExpeditionBegins)
def _begins(f: ExpeditionBegins) -> str:
    return (f"🧭 **Expedition {f.number}** begins with the Vision Phase: each Knight chooses a Quest (one at most), an "
            "Investigation or a Free Roam.")


@renders(ExpeditionNoted)
def _noted(f: ExpeditionNoted) -> str:
    who = f" ({name(f.knight)})" if f.knight else ""
    return f"📝 Noted in {LABEL[f.step]}{who}: {f.text}"


@renders(SeatingCountsLater)
def _seating(f: SeatingCountsLater) -> str:
    return ("The Secondary Clues of this Expedition are marked already; the new seating counts from the next "
            "Vision Phase.")


@renders(SpoilsBegin)
def _spoils(f: SpoilsBegin) -> str:
    return "💰 **Spoils Phase**: the Knights return to the Outpost."


@renders(BaneNoted)
def _bane(f: BaneNoted) -> str:
    return f"{name(f.knight)}: Bane {f.bane} noted on the Knight Sheet (was {f.was})."


@renders(ConsumablesReturned)
def _consumables(f: ConsumablesReturned) -> str:
    return f"🧪 {name(f.knight)} returns the Consumable(s) they equipped to the Merchant deck: {', '.join(f.gear)}."


@renders(CommonGoods)
def _common(f: CommonGoods) -> str:
    if not f.cards:
        return "The Loot deck is empty: there is nothing to divide (`/spoils done` ends the Expedition)."
    return f"The Loot deck's {len(f.cards)} card(s) become the Common Goods: " + "; ".join(map(loot, f.cards)) + "."


@renders(LootDistributionBegins)
def _distribution(f: LootDistributionBegins) -> str:
    sizes = ", ".join(f"{name(k)} {n}" for k, n in f.shares)
    squires = f"; {f.squires} Squire(s): as many extra cards for a Gear exchange" if f.squires else ""
    return (f"Loot Distribution: each Knight gains chosen card(s) — {sizes}{squires}. `/spoils take card:<L..>`, or "
            "`/spoils vote card:<L..>` when you disagree.")


@renders(MarkDue)
def _mark_due(f: MarkDue) -> str:
    if f.choice == "quest":
        return (f"📜 {name(f.knight)}'s Quest (Chapter {f.chapter}): once its paragraph is read, mark it on the "
                f"Knight Sheet with `/knight mark what:quest chapter:{f.chapter} knight:\"{name(f.knight)}\"`.")
    return (f"🔍 {name(f.knight)}'s {f.choice.replace('_', ' ').title()}: resolve it with "
            f"`/expedition resolve knight:\"{name(f.knight)}\"`.")


@renders(DuplicityDiscards)
def _duplicity(f: DuplicityDiscards) -> str:
    if f.card is None:
        return f"Duplicity: {name(f.knight)} would discard a Loot card, but the Loot deck is empty."
    return f"Duplicity: {name(f.knight)} discards 1 Loot card from the Loot deck: {loot(f.card)}."


@renders(LootTaken)
def _taken(f: LootTaken) -> str:
    why = " (a Squire's extra Gear exchange)" if f.squire else ""
    return f"🎁 {name(f.knight)} takes {loot(f.card)}{why}."


@renders(DistributionLeft)
def _left(f: DistributionLeft) -> str:
    if f.given_out:
        return "The Common Goods are all given out."
    if f.waiting:
        return f"Still to choose: {names(f.waiting)}."
    return ("Every Knight has their chosen card(s): the rest is the Spare Scrap — `/spoils scrap` in turn, starting "
            "with the Party Leader.")


@renders(VoteOpened)
def _vote(f: VoteOpened) -> str:
    return (f"🗳 Vote {f.vote}: who gets {loot(f.card)}? Each player votes once; the majority wins, and the Party "
            "Leader breaks a tie.")


@renders(BallotCast)
def _ballot(f: BallotCast) -> str:
    return f"🗳 A vote for {name(f.knight)} ({f.cast}/{f.voters})."


@renders(VoteTied)
def _tied(f: VoteTied) -> str:
    return "A tie between " + " and ".join(name(k) for k in f.knights) + ": the Party Leader breaks it."


@renders(LootAwarded)
def _awarded(f: LootAwarded) -> str:
    why = {"leader": "the Party Leader breaks the tie", "majority": f"the majority ({f.votes} vote(s))",
           "leader_vote": "a tie, broken by the Party Leader's vote"}[f.how]
    return f"🎁 {name(f.knight)} gets {loot(f.card)}: {why}."


@renders(ScrapTaken)
def _scrap(f: ScrapTaken) -> str:
    tail = (f"Next: {name(f.next)}." if f.next else
            "The Spare Scrap is empty: exchange it for Gold now or gamble it (/spoils gamble).")
    return f"🧺 {name(f.knight)} takes {loot(f.card)} from the Spare Scrap. {tail}"


@renders(LootForGold)
def _for_gold(f: LootForGold) -> str:
    verb = "cashes" if f.cashed else "exchanges"
    return f"🪙 {name(f.knight)} {verb} {loot(f.card)} for {f.gold} Gold ({f.total} Gold)."


@renders(LootExchanged)
def _exchanged(f: LootExchanged) -> str:
    return f"🔁 {name(f.knight)} exchanges {loot(f.card)}."


@renders(JoinsArmory)
def _armory(f: JoinsArmory) -> str:
    return f"🛡 {f.gear} joins {name(f.knight)}'s Armory."


@renders(ConsumableUnlocked)
def _consumable(f: ConsumableUnlocked) -> str:
    return f"🧪 {f.gear} is unlocked in the Merchant Workshop."
