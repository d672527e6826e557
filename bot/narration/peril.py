"""The words of Vigor and Peril during a Clash (rules/clash/peril_facts.py). A Squire's name (a Judicium drawn for a
Squire) is told as typed, as before: only Knights' names were escaped in these sentences."""

from __future__ import annotations

from bot.narration.registry import command, name, renders, words
from rules.clash.peril_facts import (
    PerilArmorRerolled,
    PerilArmorRolled,
    PerilCardDrawn,
    PerilChanceOffered,
    PerilCheckOwed,
    PerilDishonor,
    PerilDrawnAgain,
    PerilDroppedToZero,
    PerilNoArmorRoll,
    PerilReinforced,
    PerilSoaked,
    PerilStats,
    PerilUninjured,
    PerilVigorAsked,
    PerilWhenDrawn,
)


@renders(PerilStats)
def _stats(f: PerilStats) -> str:
    told = [x if isinstance(x, str) else words(x) for x in f.lines]
    return f"{name(f.knight)}: " + " ".join(t for t in told if t is not None)


@renders(PerilVigorAsked)
def _asked(f: PerilVigorAsked) -> str:
    parts = [f"{f.amount}×{f.hits} hits" if f.per_hit else f"{f.amount}"]
    if f.bonus:
        parts.append(f"{f.bonus} Vigor Loss bonus (once per Attack)")
    if f.escalation:
        parts.append(f"{f.escalation}×{f.hits} hits Escalation bonus")
    return f"{name(f.knight)} is to lose {f.total} Vigor ({' + '.join(parts)})."


@renders(PerilNoArmorRoll)
def _no_armor(f: PerilNoArmorRoll) -> str:
    return "A Judgement's Vigor loss cannot be mitigated with an Armor Roll."


@renders(PerilDroppedToZero)
def _zero(f: PerilDroppedToZero) -> str:
    return (f"💀 {name(f.knight)} drops to 0 Vigor (treated as {f.treated} for this Peril Check): a Judicium at the "
            "end of this step.")


@renders(PerilArmorRolled)
def _armor(f: PerilArmorRolled) -> str:
    pool = ", ".join(f"{n} {c}" for c, n in f.pool.items())
    faces = ", ".join(f"{colour} {power} Power" for colour, power in f.faces)
    return (f"🛡️ {name(f.knight)}'s Armor Roll ({pool} from {', '.join(f.sources)}): {faces} → "
            f"**{f.armor} Armor**; Vigor loss {f.before} → {f.after}.")


@renders(PerilSoaked)
def _soak(f: PerilSoaked) -> str:
    if not f.applies:
        return "(Soak does not apply: it reduces Vigor loss from Monster Attacks during a Clash, not an Encounter.)"
    return f"Soak {f.soak}: Vigor loss {f.before} → {f.after}."


@renders(PerilReinforced)
def _reinforce(f: PerilReinforced) -> str:
    said = [f"{label} ({gear})" for label, gear in f.gear]
    said += [f"{n} {colour} declared with Reinforce" for colour, n in f.declared.items()]
    return (f"Reinforce: {name(f.knight)} adds " + ", ".join(f"{n} {c}" for c, n in f.extra.items())
            + f" Armor dice ({'; '.join(said)}).")


@renders(PerilArmorRerolled)
def _rerolled(f: PerilArmorRerolled) -> str:
    return f"Armor Re-roll {f.x}: {name(f.knight)} re-rolls {f.count} Armor die(dice) that showed no Power."


@renders(PerilCheckOwed)
def _owed(f: PerilCheckOwed) -> str:
    if f.already:
        return f"{name(f.knight)} already owes a Peril Check this step: only one is resolved."
    return f"{name(f.knight)} owes a Peril Check (resolved at the end of this step)."


@renders(PerilUninjured)
def _uninjured(f: PerilUninjured) -> str:
    return f"Peril Check: {name(f.knight)} is Uninjured — no Mortis card."


@renders(PerilCardDrawn)
def _drawn(f: PerilCardDrawn) -> str:
    why = f"Peril Check ({f.threshold.capitalize()})" if f.threshold else f"Judicium (Vigor treated as {f.vigor})"
    if not f.deck:  # a Squire's Judicium
        return f"🃏 {why}: {f.knight} draws **{f.card}** — {f.text}"
    return f"🃏 {why}: {name(f.knight)} draws **{f.card}** from the {f.deck} deck — {f.text}"


@renders(PerilDrawnAgain)
def _again(f: PerilDrawnAgain) -> str:
    if not f.first:  # a Squire's Judicium
        return (f"🍀 {f.chance}: {f.knight} ignores it and draws again: **{f.card}** — {f.text} (this card cannot be "
                "ignored).")
    aside = " (You Died Horribly set aside for this draw)" if f.aside else ""
    return (f"🍀 {f.chance}: {name(f.knight)} ignores {f.first}, discards it and draws again{aside}: **{f.card}** — "
            f"{f.text} (this card cannot be ignored).")


@renders(PerilChanceOffered)
def _offered(f: PerilChanceOffered) -> str:
    return (f"✋ {f.chance}: {name(f.knight)} may ignore this card and draw another from the same deck: "
            f"{command(f'/deck draw deck:{f.deck}')} (the GM undoes the first card's effects by hand; the second "
            "cannot be ignored).")


@renders(PerilWhenDrawn)
def _when_drawn(f: PerilWhenDrawn) -> str:
    if f.auto:
        return f"⚡ {f.gear}: {f.text} (before {f.card} resolves)"
    cost = f" ({f.cost})" if f.cost else ""
    return f"✋ {f.gear}{cost}: {f.text} — {name(f.knight)} may use it now, before {f.card} resolves (by hand)."


@renders(PerilDishonor)
def _dishonor(f: PerilDishonor) -> str:
    if f.by_hand:
        return (f"✋ Dishonor: if this is {name(f.knight)}'s first positive Mortis of the Expedition, its effects are "
                "ignored (undo them by hand: no Expedition is under way to count it).")
    return f"Dishonor: {name(f.knight)}'s first positive Mortis of the Expedition — {f.card}'s effects are ignored."
