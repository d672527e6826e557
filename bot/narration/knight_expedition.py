"""The words of a Knight's Expedition steps, Conditions and Modifier tokens (rules/knights/expedition_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, name, renders
from rules.knights.expedition_facts import (
    AftermathStep,
    ConditionHeld,
    ConsumablesReturned,
    KnightSetsOut,
    KnightSpoils,
    ModifierTokens,
)


@renders(KnightSetsOut)
def _sets_out(f: KnightSetsOut) -> str:
    return (f"🧭 {name(f.knight)} sets out: the Loadout and Knight Board are fixed until the Spoils Phase; Bane set "
            f"to {f.bane} from the Knight Sheet; Charges placed.")


@renders(KnightSpoils)
def _spoils(f: KnightSpoils) -> str:
    return f"🏕 Spoils Phase: {name(f.knight)}'s Loadout can change again; Bane {f.bane} noted on the Knight Sheet."


@renders(ConsumablesReturned)
def _consumables(f: ConsumablesReturned) -> str:
    return f"Consumables return to the Merchant deck: {', '.join(f.gear)}."


@renders(AftermathStep)
def _aftermath(f: AftermathStep) -> str:
    if f.step == "for":
        return f"🩹 Clash Aftermath for {name(f.knight)}:"
    if f.step == "resurrected":
        return "resurrected with maximum Vigor."
    if f.step == "conditions":
        return f"Conditions discarded: {', '.join(f.cards)}."
    if f.step == "bane":
        return f"Bane {f.old} → {f.new}."
    return "Gear unexhausted and regained (not Consumables); Charges restored (not Consumables)."


@renders(ConditionHeld)
def _condition(f: ConditionHeld) -> str:
    if f.op == "already":
        return (f"{name(f.knight)} already has {f.card}: the same Condition cannot be gained twice (its card may say "
                "what gaining it again does).")
    if f.op == "gained":
        return f"{name(f.knight)} gains the Condition {bold(f.card)}."
    return f"{name(f.knight)} discards the Condition {f.card}."


@renders(ModifierTokens)
def _modifiers(f: ModifierTokens) -> str:
    kind = "temporary " if f.temporary else ""
    return f"{f.attribute.capitalize()} {kind}Modifier tokens: **{f.new:+d}**."
