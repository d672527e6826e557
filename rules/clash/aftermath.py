"""Clash Aftermath (rulebook "Clash Aftermath"): what happens to the Knights once a Clash ended in victory or
defeat, bullet by bullet in the rulebook's order, with the First Death reminder ("First Death Event"), the Massive
Peril cards leaving the Judicium deck and the Modifier tokens discarded ("All Modifier tokens are discarded at the
end of Clash").

``aftermath(engine, state, clash)`` changes ``state`` in place (the handler's own copy) and returns one short line
per step. Statistics change only through rules/knights/statistics.py, so every limit applies. What the bot cannot
do (Clues, Generic tokens, the Loot deck, the First Death Event) is shown as "✋ By hand: <the rule as printed>"
with the command that applies it, if there is one. ``/clash end`` runs it (rules/clash/handlers.py); docs/clash.md,
"Aftermath and the Sigh of the Graal".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from content.loader import Catalogue
from rules import decks
from rules.board.naming import slug
from rules.clash.ammo_reserves import charges
from rules.clash.state import ClashState
from rules.coverage import implements
from rules.expedition.spoils_loot import clash_loot
from rules.knights import expedition as ex
from rules.knights import statistics as st
from rules.knights import techniques as tq
from rules.knights.state import KnightState
from rules.state import CampaignState

if TYPE_CHECKING:
    from rules.engine import Engine

HAND = "✋ By hand:"
BANE_DISCARDED = 2  # "Bane: Each Knight discards 2 Bane tokens."
T = "tests/clash/test_aftermath.py::"
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


def _names(knights: list[KnightState]) -> str:
    return ", ".join(k.name for k in knights)


def _on_board(state: CampaignState, k: KnightState) -> bool:
    return any(b.id in (k.id, slug(k.name)) or b.name == k.name for b in state.board.knights)


def _died_on_board(state: CampaignState, k: KnightState) -> bool:
    return any(b.dead and (b.id in (k.id, slug(k.name)) or b.name == k.name) for b in state.board.knights)


def is_dead(state: CampaignState, k: KnightState) -> bool:
    """Dead on the Knight's own statistics (a Judicium, Bane over the limit) or on the Clash Board (a fall)."""
    return k.dead or _died_on_board(state, k)


def taking_part(state: CampaignState) -> list[KnightState]:
    """The Knights of the Clash: those on the Clash Board (matched by id or name), and any dead Knight — "Deaths:
    If any Knight is dead" (a dead Knight "is removed from the Clash Board")."""
    return [k for k in state.knights.values() if _on_board(state, k) or k.dead]


def all_knights_dead(state: CampaignState) -> bool:
    """"The Clash immediately ends with the Knights' Defeat as soon as all Knights die." (the Knights on the
    board; a Clash with no Knight on the board is never lost this way)."""
    knights = [k for k in state.knights.values() if _on_board(state, k)]
    return bool(knights) and all(is_dead(state, k) for k in knights)


def remove_massive_peril(engine: Engine, state: CampaignState) -> list[str]:
    """Rulebook, "Massive Peril": "Remember to discard any additional cards from the Judicium deck after each
    Clash." Returns the card ids taken out (none the second time)."""
    judicium = engine.catalogue.decks.get("judicium")
    if judicium is None or "judicium" not in state.decks:
        return []
    before = state.decks["judicium"]
    after = decks.remove_massive_peril(before, judicium)
    state.decks["judicium"] = after
    return [c for c in before.draw + before.discard if c not in after.draw + after.discard]


# --- the bullets, in the rulebook's order ------------------------------------------------------------------


def deaths(cat: Catalogue, state: CampaignState, knights: list[KnightState]) -> list[str]:
    """"Deaths: If any Knight is dead, they are resurrected with maximum Vigor. Each resurrected Knight who is
    currently on an Investigation or Free Roaming, loses half of their Clues (rounding up)." The bot does not track
    Clues nor who is on an Investigation: that part is by hand. With it, the First Death reminder."""
    dead = [k for k in knights if is_dead(state, k)]
    if not dead:
        return ["✝️ Deaths: no Knight died."]
    shown = []
    for k in dead:
        k.dead = False
        top = st.max_vigor(cat, k)
        if k.stats.vigor != top:
            st.change_vigor(cat, k, top - k.stats.vigor)
        shown.append(f"{k.name} (Vigor {k.stats.vigor})")
    out = [f"✝️ Deaths: resurrected with maximum Vigor: {', '.join(shown)}."]
    out.append(f"{HAND} {CLUES} — {_names(dead)}: if on an Investigation or Free Roaming, take half of their Clues "
               "(rounded up: 5 Clues lose 3) off the Knight Board's Clue spaces; the bot does not track Clues.")
    out += first_death(dead, unknown_saint=state.progress.unknown_saint)
    return out


@implements("First Death Event", status="assisted", tests=[
    T + "test_first_death_reminder_only_the_first_time",
    "tests/campaign/test_first_death.py::test_the_9999_note_goes_once_the_unknown_saint_is_unlocked"],
            note="Clash Aftermath reminds a Knight who died for the first time to read the Event in their Knightbook "
            "and to mark the box with /knight mark what:first_death")
def first_death(died: list[KnightState], unknown_saint: bool = False) -> list[str]:
    """"When your Knight dies for the first time, read the special First Death Event in their Knightbook." and
    "Once you read the First Death Event, you will be instructed to mark the First Death box on your Knight Sheet":
    the Event is in the Knightbook, so the bot reminds and the players mark the box once they have read it."""
    out, first = [], False
    for k in died:
        if k.sheet.first_death:
            out.append(f"📖 First Death: {k.name}'s First Death box is already marked — the Event is not read again.")
            continue
        first = True
        out.append(f"📖 {HAND} {FIRST_DEATH} — {k.name} died for the first time; once the Event is read, mark the "
                   f"box: `/knight mark what:first_death knight:\"{k.name}\"`.")
    if first and not unknown_saint:  # the 9999 Event "will take place only once": it unlocks the Unknown Saint
        out.append(f"📖 {UNKNOWN_SAINT} (\"This Special Event will take place only once during the course of the "
                   "entire game, even if it's another Knight that dies!\"; once read, `/saint unknown` unlocks the "
                   "Unknown Saint and this note is not shown again)")
    return out


def stat_reset(cat: Catalogue, knights: list[KnightState]) -> list[str]:
    """"Stat Reset: All Knights reset their Passion, Heat, Vigor, and their limits on tracks to their starting
    values." (rulebook "Resetting Stats": rules/knights/statistics.reset)."""
    shown = []
    for k in knights:
        st.reset(cat, k)
        shown.append(f"{k.name} Vigor {k.stats.vigor}, Heat Limit {st.heat_limit(cat, k)}")
    return [f"🔄 Stat Reset: Passion 0, Heat 0, Vigor to its maximum, limits to their starting values — "
            f"{'; '.join(shown)}."]


def techniques(knights: list[KnightState]) -> list[str]:
    """"Techniques: Return all Technique cards from your Cooldown, Delay, and Discard areas to your hand.\""""
    shown = []
    for k in knights:
        back = [t for t, zone in k.board.techniques.items() if zone != "hand"]
        tq.return_all(k)
        if back:
            shown.append(f"{k.name}: {', '.join(back)}")
    return [f"🃏 Techniques: every Technique card returns to the hand ({'; '.join(shown) or 'all were there'})."]


def conditions(knights: list[KnightState]) -> list[str]:
    """"Conditions: All Knights discard their Condition cards and Condition tokens." (Condition tokens sit on their
    Condition card and go with it.)"""
    shown = []
    for k in knights:
        gone = list(k.stats.conditions)
        for card in gone:
            ex.condition(k, card, "discard")
        if gone:
            shown.append(f"{k.name}: {', '.join(gone)}")
    return [f"🩹 Conditions: Condition cards and their tokens discarded ({'; '.join(shown) or 'none held'})."]


def bane(cat: Catalogue, knights: list[KnightState]) -> list[str]:
    """"Bane: Each Knight discards 2 Bane tokens." ("After each Clash, in the Aftermath, you lose 2 Bane tokens")."""
    shown = []
    for k in knights:
        old = k.stats.bane
        st.change_bane(cat, k, -BANE_DISCARDED)
        shown.append(f"{k.name} {old} → {k.stats.bane}")
    return [f"🜏 Bane: each Knight discards {BANE_DISCARDED} Bane tokens — {', '.join(shown)}."]


def other_tokens(knights: list[KnightState], clash: ClashState) -> list[str]:
    """"Other tokens: Discard all Generic tokens, Modifier tokens, and Knight tokens." Modifier tokens are the
    Knights' (``stats.modifiers``); Knight tokens are in the Knight Pool, which leaves with the Clash; Generic tokens
    are not tracked. Resource tokens are none of these and stay."""
    shown = []
    for k in knights:
        held = dict(k.stats.modifiers)
        for attribute, count in held.items():
            ex.modifier(k, attribute, -count)
        for attribute, count in k.stats.temporary.items():
            held[attribute] = held.get(attribute, 0) + count
        k.stats.temporary = {}
        if held:
            shown.append(f"{k.name}: " + ", ".join(f"{a.capitalize()} {n:+d}" for a, n in held.items()))
    pool = ", ".join(f"{n} {t.replace('_', ' ').title()}" for t, n in sorted(clash.flow.pool.items()) if n)
    return [
        f"🪙 Other tokens: Modifier tokens discarded ({'; '.join(shown) or 'none held'}); Knight tokens in the "
        f"Knight Pool discarded ({pool or 'none'}); Resource tokens stay.",
        f"{HAND} {GENERIC} — the bot does not track Generic tokens: clear them from the table.",
    ]


def gear(cat: Catalogue, knights: list[KnightState]) -> list[str]:
    """"Gear: Unexhaust all your Gear cards. Regain all Discarded Gear cards except Consumable cards. Note:
    Discarded Consumable cards remain discarded until the end of the expedition ... All Gear cards, except
    Consumable cards, regain all Charges.\""""
    unexhausted, regained, charged, kept = [], [], [], []
    for k in knights:
        for item in k.loadout:
            card = cat.gear.get(item.gear)
            name = card.name if card else item.gear
            if item.exhausted:
                item.exhausted = False
                unexhausted.append(name)
            if card is None:
                continue
            if card.type == "consumable":
                if item.discarded:
                    kept.append(name)
                continue
            if item.discarded:
                item.discarded = False
                regained.append(name)
            full = charges(cat, k, item.gear)  # Ammo Reserves X: more per empty slot
            if full is not None and item.charges != full:
                item.charges = full
                charged.append(f"{name} {full}")
    parts = [f"unexhausted: {', '.join(unexhausted) or 'none was exhausted'}",
             f"regained: {', '.join(regained) or 'none was discarded'}",
             f"Charges back: {', '.join(charged) or 'all full'}"]
    if kept:
        parts.append(f"discarded Consumables stay discarded until the end of the Expedition: {', '.join(kept)}")
    return [f"⚙️ Gear: {'; '.join(parts)}."]


def search(cat: Catalogue, clash: ClashState) -> list[str]:
    """"Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3" / "Forlorn Search: If you
    lost the Clash, perform Scavenge 3"; "Clash Scavenge X: Add X Exhibition or Full Clash Loot cards to the Loot deck
    depending on the last Clash you've resolved." The Loot cards are not content the bot holds: by hand."""
    loot = sorted(d for d in cat.decks if "loot" in d or "scavenge" in d)
    where = (f"take them with `/deck search deck:{loot[0]} card:<id>`" if loot else
             "the loaded packs have no Scavenge deck, so take them from the Scavenge deck on the table")
    if clash.over == "victory":
        what = (f"add 1 {clash.type.capitalize()} Clash Loot card and 3 Loot cards (your choice of Kingdom Gear, "
                "Upgrade and Consumable Gear Loot cards) to the Loot deck")
        rule = VICTORIOUS
    else:
        what = ("add 3 Loot cards (your choice of Kingdom Gear, Upgrade and Consumable Gear Loot cards) to the Loot "
                "deck")
        rule = FORLORN
    return [f"🎁 {HAND} {rule} — {what}; {where}. {SCAVENGE} If no Loot card is left to add, ignore Scavenge."]


def afterward(state: CampaignState, clash: ClashState) -> list[str]:
    """"Afterward, if one of you is on a Quest, proceed to the indicated paragraph. If none of you are, if it was an
    Exhibition Clash, proceed to a Rest Phase. If it was a Full Clash, proceed to the Spoils Phase." — and, before
    the story resolution, the Sigh of the Graal (rules/clash/sigh.py)."""
    phase = "a Rest Phase" if clash.type == "exhibition" else "the Spoils Phase"
    out = [f"➡️ Afterward: a Knight on a Quest proceeds to the indicated paragraph; if none is, this {clash.type} "
           f"Clash leads to {phase}."]
    sighs = [k for k in state.knights.values() if k.sheet.sigh_of_the_graal]
    if sighs:
        commands = ", ".join(f"`/clash sigh knight:\"{k.name}\"`" for k in sighs)
        out.append(f"🌬️ Before the story resolution, a Sigh of the Graal may replay this Clash without any of its "
                   f"consequences: {commands}.")
    return out


@implements(
    "Clash Aftermath", tests=[
        T + "test_deaths_resurrect_with_maximum_vigor", T + "test_stat_reset", T + "test_techniques_return",
        T + "test_conditions_discarded", T + "test_bane_discards_two", T + "test_other_tokens",
        T + "test_gear_unexhausted_regained_and_charged", T + "test_victorious_and_forlorn_search_are_by_hand",
        T + "test_clash_end_after_a_victory_runs_the_aftermath",
        T + "test_clash_end_after_a_defeat_runs_the_aftermath",
    ],
    note="/clash end after a victory or defeat, every bullet in order for the Knights of the Clash; Clues, Generic "
    "tokens and the Searches' Loot cards are by hand",
)
def aftermath(engine: Engine, state: CampaignState, clash: ClashState) -> list[str]:
    """Rulebook, "Clash Aftermath": every bullet, in order, for every Knight of the Clash (``taking_part``, read
    before the board is cleared). Returns the narration, one line per step."""
    cat = engine.catalogue
    knights = taking_part(state)
    outcome = {"victory": "the Knights won", "defeat": "the Knights lost"}.get(clash.over or "", "no outcome")
    out = [f"🌒 Clash Aftermath ({outcome}) for {_names(knights) or 'no Knight'}:"]
    removed = remove_massive_peril(engine, state)
    if removed:
        out.append(f"Massive Peril cards leave the Judicium deck: {', '.join(removed)}.")
    out += deaths(cat, state, knights)
    out += stat_reset(cat, knights)
    out += techniques(knights)
    out += conditions(knights)
    out += bane(cat, knights)
    out += other_tokens(knights, clash)
    out += gear(cat, knights)
    out += search(cat, clash)
    out += clash_loot(cat, state, clash)  # the Loot deck of the Expedition (rules/expedition/spoils_loot.py)
    out += afterward(state, clash)
    return out
