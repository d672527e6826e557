"""The words of a Knight's active abilities during a Clash (rules/clash/ability_facts.py)."""

from __future__ import annotations

from bot.narration import board
from bot.narration.registry import name, renders
from rules.clash.ability_facts import (
    AbilityByHand,
    AbilityDefended,
    AbilityPaid,
    AbilityReflex,
    AbilityTokens,
    AbilityUsed,
)


@renders(AbilityUsed)
def _used(f: AbilityUsed) -> str:
    return f"⚡ {name(f.knight)} uses **{f.ability}** ({f.card})."


@renders(AbilityPaid)
def _paid(f: AbilityPaid) -> str:
    if f.cost == "charge":
        return f"{f.source}: a Charge is spent ({f.left} left)."
    return f"{f.source} is exhausted."


@renders(AbilityTokens)
def _tokens(f: AbilityTokens) -> str:
    return "Knight Pool: " + ", ".join(f"+{n} {t}" for t, n in f.tokens.items()) + "."


@renders(AbilityReflex)
def _reflex(f: AbilityReflex) -> str:
    return f"{name(f.knight)} moves to {f.space} (Reflex, up to {f.strength}). {board.told(f.board)}".rstrip()


@renders(AbilityDefended)
def _defended(f: AbilityDefended) -> str:
    if f.test:
        return f"{f.defence.title()}: {f.strength} hit(s) of this Knight's test are treated as evaded."
    if f.defence == "dodge":
        return f"Dodge: +{f.strength} Evasion bonus for this roll."
    return f"{f.defence.title()}: {f.strength} hit(s) of this roll are treated as evaded."


@renders(AbilityByHand)
def _by_hand(f: AbilityByHand) -> str:
    return f"✋ By hand: {f.text}"
