"""The words of the Wound Stack and the Monster's Armor tokens (rules/clash/wound_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.clash.wound_facts import (
    WoundArmorPierced,
    WoundArmorTokens,
    WoundStackHealed,
    WoundStackMobKilled,
    WoundStackPlaced,
    WoundStackVictory,
)


def _kind(double: bool) -> str:
    return "Double" if double else "Single"


@renders(WoundStackVictory)
def _victory(f: WoundStackVictory) -> str:
    what = "The Boss is slain" if f.boss else "The Mobs are scattered"
    return f"{what}: {f.wounds} Wounds of {f.needed}. The Knights win the Clash!"


@renders(WoundStackPlaced)
def _placed(f: WoundStackPlaced) -> str:
    if not f.card:
        return f"{f.amount} additional Single Wound{'s' if f.amount != 1 else ''} on the Wound Stack."
    if f.aside:
        return f"BP 3 card {f.card} is set aside; a Generic Double Wound goes on the Wound Stack."
    return f"BP {f.level} card {f.card} goes face up on the Wound Stack: a {_kind(f.double)} Wound."


@renders(WoundStackMobKilled)
def _mob_killed(f: WoundStackMobKilled) -> str:
    return f"Mob {f.space} ({f.card}, BP {f.level}) is killed: a {_kind(f.double)} Wound."


@renders(WoundStackHealed)
def _healed(f: WoundStackHealed) -> str:
    if f.step == "empty":
        return "The Wound Stack is empty: nothing to heal."
    if f.step == "generic":
        return f"Heal: a Generic {_kind(f.double)} Wound leaves the Wound Stack."
    if f.step == "removed":
        return f"Heal: BP card {f.card} leaves the Wound Stack and the Clash."
    if f.step == "discarded":
        return f"Heal: the Mob track is full, so {f.card} is discarded."
    return f"Heal: {f.card} returns as Mob {f.space}; place its miniature next to the healer."


@renders(WoundArmorTokens)
def _armor_tokens(f: WoundArmorTokens) -> str:
    who = f"Mob {f.mob}" if f.mob else "the Boss"
    return f"🛡️ Armor tokens on {who}: {f.before} → **{f.after}**."


@renders(WoundArmorPierced)
def _pierced(f: WoundArmorPierced) -> str:
    if f.killed:
        return f"Armor-piercing {f.x}: {f.target} was killed, its Armor tokens with it."
    if not f.gone:
        return f"Armor-piercing {f.x}: {f.target} holds no Armor token."
    return (f"Armor-piercing {f.x}: {f.gone} Armor token{'s' if f.gone != 1 else ''} discarded from {f.target} "
            f"({f.left} left).")
