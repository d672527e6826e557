"""The words of the Armory's and the Loadout's facts (rules/knights/loadout_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, name, names, renders
from rules.knights.loadout_facts import (
    AllUnexhausted,
    ChargeSpent,
    GearAdded,
    GearMarked,
    GearReforged,
    GearRemoved,
    GoldPaid,
    KnighvesEquipped,
    LoadoutSet,
    TierPenalty,
    UpgradeAttached,
)

MARKED = {"exhausted": "is **exhausted**", "unexhausted": "is unexhausted",
          "discarded": "is **discarded** (unusable until the end of this Clash)", "regained": "is regained"}


@renders(GoldPaid)
def _paid(f: GoldPaid) -> str:
    return f"Paid {f.cost} Gold ({f.gold} left)."


@renders(GearAdded)
def _added(f: GearAdded) -> str:
    return f"Armory: {bold(f.gear)} ({f.tier.capitalize()} Tier {f.type}) added."


@renders(GearRemoved)
def _removed(f: GearRemoved) -> str:
    return f"Armory: {name(f.gear)} removed."


@renders(GearReforged)
def _reforged(f: GearReforged) -> str:
    return f"Reforged {name(f.gear)} → {bold(f.into)} for {f.cost} Gold ({f.gold} left)."


@renders(UpgradeAttached)
def _upgrade(f: UpgradeAttached) -> str:
    if f.upgrade is None:
        return f"Upgrade detached from {name(f.gear)}."
    return f"{name(f.upgrade)} attached to {name(f.gear)}" + (f" (replacing {f.replacing})." if f.replacing else ".")


@renders(LoadoutSet)
def _loadout(f: LoadoutSet) -> str:
    return f"Loadout: {names(f.gear) or 'nothing'}."


@renders(KnighvesEquipped)
def _knighves(f: KnighvesEquipped) -> str:
    return f"Knighves in {f.hands} free hand{'s' if f.hands > 1 else ''}."


@renders(TierPenalty)
def _penalty(f: TierPenalty) -> str:
    return f"Tier penalty: −{f.penalty} maximum Vigor (Gear above the {f.tier.capitalize()} Tier)."


@renders(GearMarked)
def _marked(f: GearMarked) -> str:
    return f"{name(f.gear)} {MARKED[f.mark]}."


@renders(ChargeSpent)
def _charge(f: ChargeSpent) -> str:
    return f"{name(f.gear)}: a Charge spent ({f.left} left)."


@renders(AllUnexhausted)
def _all(f: AllUnexhausted) -> str:
    return "All equipped Gear is unexhausted."
