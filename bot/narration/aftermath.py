"""The words of the Clash Aftermath (rules/clash/aftermath_facts.py): one line per step, the rulebook's bullets quoted
where the bot hands a step to the players ("✋ By hand:").

These lines are also `/clash end`'s ``data["aftermath"]`` (told there by ``next_step.told_data``), which the
application never escaped: names stay as the players typed them, as they did when the rules wrote these lines, and
the application escapes a Knight's name that holds Markdown in the whole reply (bot/app/names.py)."""

from __future__ import annotations

from bot.narration.registry import command, renders
from rules.clash.aftermath_facts import (
    AftermathAfterward,
    AftermathBane,
    AftermathBegun,
    AftermathCluesByHand,
    AftermathConditions,
    AftermathFirstDeath,
    AftermathGear,
    AftermathGenericByHand,
    AftermathNoDeaths,
    AftermathOtherTokens,
    AftermathResurrected,
    AftermathSearch,
    AftermathSighMay,
    AftermathStatReset,
    AftermathTechniques,
    AftermathUnknownSaint,
)

HAND = "✋ By hand:"
# the rulebook's words, quoted where the bot hands a step to the players
CLUES = ("\"Each resurrected Knight who is currently on an Investigation or Free Roaming, loses half of their Clues "
         "(rounding up).\"")
FIRST_DEATH = ("\"When your Knight dies for the first time, read the special First Death Event in their "
               "Knightbook.\"")
UNKNOWN_SAINT = ("\"If you have not unlocked the Unknown Saint yet, you will be instructed to read 9999 in the Kingdom "
                 "Mysteries Section in the Principality of Stone Codex instead of your Knight's Event.\"")
GENERIC = "\"Other tokens: Discard all Generic tokens, Modifier tokens, and Knight tokens.\""
VICTORIOUS = "\"Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3\""
FORLORN = "\"Forlorn Search: If you lost the Clash, perform Scavenge 3\""
SCAVENGE = ("Scavenge X: \"Add X Loot cards to the Loot deck. If the Scavenge keyword does not specify which Loot "
            "card type it refers to, you may choose from Kingdom Gear, Upgrade and Consumable Gear Loot cards.\"")
OUTCOMES = {"victory": "the Knights won", "defeat": "the Knights lost"}


def _pairs(knights: list[tuple[str, list[str]]], none: str) -> str:
    return "; ".join(f"{k}: {', '.join(items)}" for k, items in knights) or none


@renders(AftermathBegun)
def _begun(f: AftermathBegun) -> str:
    outcome = OUTCOMES[f.outcome] if f.outcome else "no outcome"
    return f"🌒 Clash Aftermath ({outcome}) for {', '.join(f.knights) or 'no Knight'}:"


@renders(AftermathNoDeaths)
def _no_deaths(f: AftermathNoDeaths) -> str:
    return "✝️ Deaths: no Knight died."


@renders(AftermathResurrected)
def _resurrected(f: AftermathResurrected) -> str:
    return f"✝️ Deaths: resurrected with maximum Vigor: {', '.join(f'{k} (Vigor {v})' for k, v in f.knights)}."


@renders(AftermathCluesByHand)
def _clues(f: AftermathCluesByHand) -> str:
    return (f"{HAND} {CLUES} — {', '.join(f.knights)}: if on an Investigation or Free Roaming, take half of their "
            "Clues (rounded up: 5 Clues lose 3) off the Knight Board's Clue spaces; the bot does not track Clues.")


@renders(AftermathFirstDeath)
def _first_death(f: AftermathFirstDeath) -> str:
    if f.marked:
        return f"📖 First Death: {f.knight}'s First Death box is already marked — the Event is not read again."
    mark = command(f'/knight mark what:first_death knight:"{f.knight}"')
    return (f"📖 {HAND} {FIRST_DEATH} — {f.knight} died for the first time; once the Event is read, mark the box: "
            f"{mark}.")


@renders(AftermathUnknownSaint)
def _unknown_saint(f: AftermathUnknownSaint) -> str:
    return (f"📖 {UNKNOWN_SAINT} (\"This Special Event will take place only once during the course of the entire "
            f"game, even if it's another Knight that dies!\"; once read, {command('/saint unknown')} unlocks the "
            "Unknown Saint and this note is not shown again)")


@renders(AftermathStatReset)
def _stat_reset(f: AftermathStatReset) -> str:
    shown = "; ".join(f"{k} Vigor {vigor}, Heat Limit {heat}" for k, vigor, heat in f.knights)
    return f"🔄 Stat Reset: Passion 0, Heat 0, Vigor to its maximum, limits to their starting values — {shown}."


@renders(AftermathTechniques)
def _techniques(f: AftermathTechniques) -> str:
    return f"🃏 Techniques: every Technique card returns to the hand ({_pairs(f.knights, 'all were there')})."


@renders(AftermathConditions)
def _conditions(f: AftermathConditions) -> str:
    return f"🩹 Conditions: Condition cards and their tokens discarded ({_pairs(f.knights, 'none held')})."


@renders(AftermathBane)
def _bane(f: AftermathBane) -> str:
    shown = ", ".join(f"{k} {before} → {after}" for k, before, after in f.knights)
    return f"🜏 Bane: each Knight discards {f.discarded} Bane tokens — {shown}."


@renders(AftermathOtherTokens)
def _other_tokens(f: AftermathOtherTokens) -> str:
    held = "; ".join(f"{k}: " + ", ".join(f"{a.capitalize()} {n:+d}" for a, n in tokens) for k, tokens in f.modifiers)
    pool = ", ".join(f"{n} {t.replace('_', ' ').title()}" for t, n in f.pool)
    return (f"🪙 Other tokens: Modifier tokens discarded ({held or 'none held'}); Knight tokens in the Knight Pool "
            f"discarded ({pool or 'none'}); Resource tokens stay.")


@renders(AftermathGenericByHand)
def _generic(f: AftermathGenericByHand) -> str:
    return f"{HAND} {GENERIC} — the bot does not track Generic tokens: clear them from the table."


@renders(AftermathGear)
def _gear(f: AftermathGear) -> str:
    parts = [f"unexhausted: {', '.join(f.unexhausted) or 'none was exhausted'}",
             f"regained: {', '.join(f.regained) or 'none was discarded'}",
             f"Charges back: {', '.join(f'{card} {n}' for card, n in f.charged) or 'all full'}"]
    if f.kept:
        parts.append(f"discarded Consumables stay discarded until the end of the Expedition: {', '.join(f.kept)}")
    return f"⚙️ Gear: {'; '.join(parts)}."


@renders(AftermathSearch)
def _search(f: AftermathSearch) -> str:
    where = (f"take them with {command(f'/deck search deck:{f.loot_deck} card:<id>')}" if f.loot_deck else
             "the loaded packs have no Scavenge deck, so take them from the Scavenge deck on the table")
    choice = "3 Loot cards (your choice of Kingdom Gear, Upgrade and Consumable Gear Loot cards)"
    if f.won:
        what, rule = f"add 1 {f.clash_type.capitalize()} Clash Loot card and {choice} to the Loot deck", VICTORIOUS
    else:
        what, rule = f"add {choice} to the Loot deck", FORLORN
    return f"🎁 {HAND} {rule} — {what}; {where}. {SCAVENGE} If no Loot card is left to add, ignore Scavenge."


@renders(AftermathAfterward)
def _afterward(f: AftermathAfterward) -> str:
    phase = "a Rest Phase" if f.clash_type == "exhibition" else "the Spoils Phase"
    return (f"➡️ Afterward: a Knight on a Quest proceeds to the indicated paragraph; if none is, this {f.clash_type} "
            f"Clash leads to {phase}.")


@renders(AftermathSighMay)
def _sigh(f: AftermathSighMay) -> str:
    commands = ", ".join(command(f'/clash sigh knight:"{k}"') for k in f.knights)
    return (f"🌬️ Before the story resolution, a Sigh of the Graal may replay this Clash without any of its "
            f"consequences: {commands}.")
