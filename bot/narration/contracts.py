"""The words of a Contract during the Delve, the Kingdom's Mortis cards and the Delve's Massive Peril cards
(rules/delve/contract_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.delve.contract_facts import (
    ContractMarkPlaced,
    ContractScavenge,
    ContractTestDue,
    ContractTileReached,
    KingdomMortis,
    MassivePerilRemoved,
)


@renders(ContractTestDue)
def _test_due(f: ContractTestDue) -> str:
    return (f"📜 {f.contract}: the party entered {f.tile}, a {f.size.replace('_', ' ')} tile. Any Knight may test "
            f"{f.virtue.capitalize()} ({f.difficulty}+) to investigate: `/delve contract knight:<name>`.")


@renders(ContractMarkPlaced)
def _mark(f: ContractMarkPlaced) -> str:
    if f.stays:
        return f"📜 {f.contract}: no other unrevealed {f.size} tile is left; the mark stays."
    if not f.tile:
        return (f"📜 {f.contract}: no unrevealed {f.size} tile is left for the Kingdom Sheet; follow the Contract by "
                "hand.")
    if f.moved_from:
        return (f"📜 {f.contract}: {f.moved_from} goes back to the Kingdom deck; {f.tile} ({f.tile_id}) is placed on "
                "the Kingdom Sheet.")
    return f"📜 {f.contract}: {f.tile} ({f.tile_id}) is placed on the Kingdom Sheet. {f.objective}"


@renders(ContractTileReached)
def _reached(f: ContractTileReached) -> str:
    return f"📜 {f.contract}: the party moves onto the tile on the Kingdom Sheet."


@renders(ContractScavenge)
def _scavenge(f: ContractScavenge) -> str:
    what = f.text or f"Scavenge {f.amount}"
    return (f"{what}: the players choose the Loot type — `/spoils scavenge count:{f.amount} "
            f"type:kingdom_gear|upgrade|consumable reason:\"{f.contract}\"`.")


@renders(KingdomMortis)
def _mortis(f: KingdomMortis) -> str:
    if f.cards:
        return f"{f.kingdom}'s Mortis cards are shuffled into the {f.deck} deck: " + ", ".join(f.cards) + "."
    return f"Another Kingdom's Mortis cards leave the {f.deck} deck; it is shuffled."


@renders(MassivePerilRemoved)
def _massive(f: MassivePerilRemoved) -> str:
    return f"The Massive Peril card(s) added to the Judicium deck are taken out again ({', '.join(f.cards)})."
