"""The words of a Squire's Abilities and Heroic Arc (rules/squires/ability_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.squires import ability_facts as af

MOMENTS = {"evasion": "Evasion Roll", "precision": "Attack", "speed": "movement"}


def who_text(who: str, within: int | None) -> str:
    """What an Ability's effect is for, in words ("Knight within 2 spaces")."""
    return {"nearest_knight": "other Knight", "chosen_knight": "Knight" + (f" within {within} spaces"
                                                                           if within is not None else ""),
            "knights_within": f"Knight within {within} spaces", "knight_in_space": "Knight in its space or next "
            "to it", "monster": "Monster", "all_knights": "Knight", "self": "Squire"}[who]


@renders(af.SquireUsesAbility)
def _uses(f: af.SquireUsesAbility) -> str:
    return f"⚡ {name(f.squire)} uses **{f.ability}**."


@renders(af.SquireAbilityByHand)
def _ability_by_hand(f: af.SquireAbilityByHand) -> str:
    return (f"✋ By hand: {f.text} — e.g. `/clash adjust knight:<name> stat:vigor value:N`, "
            f"`/squire stat stat:heat change:N name:\"{f.squire}\"`, `/clash place`, `/pool add`.")


@renders(af.SquireArcByHand)
def _arc_by_hand(f: af.SquireArcByHand) -> str:
    return (f"✋ {f.label}, by hand: {f.text} — e.g. `/pool add`, `/clash adjust knight:<name> stat:<stat> value:N`, "
            f"`/squire stat stat:<stat> change:N name:\"{f.squire}\"`.")


@renders(af.SquireIgnoresKnockback)
def _ignores(f: af.SquireIgnoresKnockback) -> str:
    return f"🛡️ {f.ability}: {name(f.squire)} ignores the knock back (the first time this Clash)."


@renders(af.SquireNoEffect)
def _no_effect(f: af.SquireNoEffect) -> str:
    if f.who is None:
        return f"{f.label}: the Monster does not end adjacent to a Knight — no effect."
    return f"{f.label}: no {who_text(f.who, f.within)} — nothing happens."


@renders(af.SquireTokensPlaced)
def _tokens(f: af.SquireTokensPlaced) -> str:
    token = f.printed if f.printed is not None else f.token.replace("_", " ").title()
    return f"{f.label}: {name(f.squire)} places {f.count} {token} token(s) in the Knight Pool ({f.there} there now)."


@renders(af.SquirePulls)
def _pulls(f: af.SquirePulls) -> str:
    return f"{f.label}: {name(f.squire)} pulls {f.monster} {f.amount} space(s) toward them (Pull {f.amount})."


@renders(af.SquireStepLabel)
def _label(f: af.SquireStepLabel) -> str:
    return f"{f.label}:" if f.squire is None else f"{f.label}: {name(f.squire)} —"


@renders(af.SquireModifierByHand)
def _modifier(f: af.SquireModifierByHand) -> str:
    return (f"✋ By hand ({f.label}): {name(f.squire)} is a Squire — a Mettle draw has no {f.modifier.capitalize()} "
            f"bonus; \"{f.text}\" (`/squire stat`, `/squire redraw free:true` for a re-roll effect).")


@renders(af.SquireTemporaryToken)
def _temporary(f: af.SquireTemporaryToken) -> str:
    return (f"{f.label}: {name(f.knight)} gains a temporary {f.modifier.capitalize()} token (+{f.amount}), "
            f"discarded after their next {MOMENTS[f.modifier]}.")


@renders(af.SquireBoonGained)
def _boon(f: af.SquireBoonGained) -> str:
    if f.boon == "power":
        return f"{f.label}: {name(f.squire)}'s next Power Roll adds +{f.amount} Power."
    if f.boon == "attack_draws":
        return (f"{f.label}: {name(f.squire)} will draw {f.amount} Mettle cards for their next Attack Roll and keep "
                "the better.")
    return f"{f.label}: {name(f.squire)} gains Critical Chance on their next Attack Roll."


@renders(af.SquireMovesToward)
def _toward(f: af.SquireMovesToward) -> str:
    if f.to is None and f.already:
        return f"{f.label}: {name(f.squire)} is already next to {name(f.target)} and does not move."
    if f.to is None:
        return f"{f.label}: {name(f.squire)} cannot move closer to {name(f.target)}."
    note = (f" ({', '.join(f.tied)} was as close: the bot took the first in board order; move the miniature with "
            "`/clash place` if the players prefer.)") if f.tied else ""
    return f"{f.label}: 🚶 {name(f.squire)} moves to {f.to}, toward {name(f.target)}.{note}"


@renders(af.SquireTargetChosen)
def _chosen(f: af.SquireTargetChosen) -> str:
    return f"{name(f.squire)}: {name(f.chosen)} is chosen."
