"""Clash Aftermath (rulebook "Clash Aftermath"): what happens to the Knights once a Clash ended in victory or
defeat, bullet by bullet in the rulebook's order, with the First Death reminder ("First Death Event"), the Massive
Peril cards leaving the Judicium deck and the Modifier tokens discarded ("All Modifier tokens are discarded at the
end of Clash").

``aftermath(engine, state, clash)`` changes ``state`` in place (the handler's own copy) and returns one fact per
step (rules/clash/aftermath_facts.py; their words are bot/narration/aftermath.py's). Statistics change only through
rules/knights/statistics.py, so every limit applies. What the bot cannot do (Clues, Generic tokens, the Loot deck,
the First Death Event) is a fact told as "✋ By hand: <the rule as printed>" with the command that applies it, if
there is one. ``/clash end`` runs it (rules/clash/handlers.py); docs/clash.md, "Aftermath and the Sigh of the
Graal".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from content.loader import Catalogue
from rules import decks
from rules.board.naming import slug
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
from rules.clash.ammo_reserves import charges
from rules.clash.setup_facts import MassivePerilLeft
from rules.clash.state import ClashState
from rules.coverage import implements
from rules.expedition.spoils_loot import clash_loot
from rules.facts import Fact, Line, read_lines
from rules.knights import expedition as ex
from rules.knights import statistics as st
from rules.knights import techniques as tq
from rules.knights.state import KnightState
from rules.state import CampaignState

if TYPE_CHECKING:
    from rules.engine import Engine

BANE_DISCARDED = 2  # "Bane: Each Knight discards 2 Bane tokens."
T = "tests/clash/test_aftermath.py::"


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


def deaths(cat: Catalogue, state: CampaignState, knights: list[KnightState]) -> list[Fact]:
    """"Deaths: If any Knight is dead, they are resurrected with maximum Vigor. Each resurrected Knight who is
    currently on an Investigation or Free Roaming, loses half of their Clues (rounding up)." The bot does not track
    Clues nor who is on an Investigation: that part is by hand. With it, the First Death reminder."""
    dead = [k for k in knights if is_dead(state, k)]
    if not dead:
        return [AftermathNoDeaths()]
    shown = []
    for k in dead:
        k.dead = False
        top = st.max_vigor(cat, k)
        if k.stats.vigor != top:
            st.change_vigor(cat, k, top - k.stats.vigor)
        shown.append((k.name, k.stats.vigor))
    out: list[Fact] = [AftermathResurrected(knights=shown), AftermathCluesByHand(knights=[k.name for k in dead])]
    out += first_death(dead, unknown_saint=state.progress.unknown_saint)
    return out


@implements("First Death Event", status="assisted", tests=[
    T + "test_first_death_reminder_only_the_first_time",
    "tests/campaign/test_first_death.py::test_the_9999_note_goes_once_the_unknown_saint_is_unlocked"],
            note="Clash Aftermath reminds a Knight who died for the first time to read the Event in their Knightbook "
            "and to mark the box with /knight mark what:first_death")
def first_death(died: list[KnightState], unknown_saint: bool = False) -> list[Fact]:
    """"When your Knight dies for the first time, read the special First Death Event in their Knightbook." and
    "Once you read the First Death Event, you will be instructed to mark the First Death box on your Knight Sheet":
    the Event is in the Knightbook, so the bot reminds and the players mark the box once they have read it."""
    out: list[Fact] = [AftermathFirstDeath(knight=k.name, marked=k.sheet.first_death) for k in died]
    if not all(k.sheet.first_death for k in died) and not unknown_saint:
        out.append(AftermathUnknownSaint())  # the 9999 Event "will take place only once": it unlocks the Saint
    return out


def stat_reset(cat: Catalogue, knights: list[KnightState]) -> list[Fact]:
    """"Stat Reset: All Knights reset their Passion, Heat, Vigor, and their limits on tracks to their starting
    values." (rulebook "Resetting Stats": rules/knights/statistics.reset)."""
    shown = []
    for k in knights:
        st.reset(cat, k)
        shown.append((k.name, k.stats.vigor, st.heat_limit(cat, k)))
    return [AftermathStatReset(knights=shown)]


def techniques(knights: list[KnightState]) -> list[Fact]:
    """"Techniques: Return all Technique cards from your Cooldown, Delay, and Discard areas to your hand.\""""
    shown = []
    for k in knights:
        back = [t for t, zone in k.board.techniques.items() if zone != "hand"]
        tq.return_all(k)
        if back:
            shown.append((k.name, back))
    return [AftermathTechniques(knights=shown)]


def conditions(knights: list[KnightState]) -> list[Fact]:
    """"Conditions: All Knights discard their Condition cards and Condition tokens." (Condition tokens sit on their
    Condition card and go with it.)"""
    shown = []
    for k in knights:
        gone = list(k.stats.conditions)
        for card in gone:
            ex.condition(k, card, "discard")
        if gone:
            shown.append((k.name, gone))
    return [AftermathConditions(knights=shown)]


def bane(cat: Catalogue, knights: list[KnightState]) -> list[Fact]:
    """"Bane: Each Knight discards 2 Bane tokens." ("After each Clash, in the Aftermath, you lose 2 Bane tokens")."""
    shown = []
    for k in knights:
        old = k.stats.bane
        st.change_bane(cat, k, -BANE_DISCARDED)
        shown.append((k.name, old, k.stats.bane))
    return [AftermathBane(discarded=BANE_DISCARDED, knights=shown)]


def other_tokens(knights: list[KnightState], clash: ClashState) -> list[Fact]:
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
            shown.append((k.name, list(held.items())))
    pool = [(t, n) for t, n in sorted(clash.flow.pool.items()) if n]
    return [AftermathOtherTokens(modifiers=shown, pool=pool), AftermathGenericByHand()]


def gear(cat: Catalogue, knights: list[KnightState]) -> list[Fact]:
    """"Gear: Unexhaust all your Gear cards. Regain all Discarded Gear cards except Consumable cards. Note:
    Discarded Consumable cards remain discarded until the end of the expedition ... All Gear cards, except
    Consumable cards, regain all Charges.\""""
    unexhausted: list[str] = []
    regained: list[str] = []
    charged: list[tuple[str, int]] = []
    kept: list[str] = []
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
                charged.append((name, full))
    return [AftermathGear(unexhausted=unexhausted, regained=regained, charged=charged, kept=kept)]


def search(cat: Catalogue, clash: ClashState) -> list[Fact]:
    """"Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3" / "Forlorn Search: If you
    lost the Clash, perform Scavenge 3"; "Clash Scavenge X: Add X Exhibition or Full Clash Loot cards to the Loot deck
    depending on the last Clash you've resolved." The Loot cards are not content the bot holds: by hand."""
    loot = sorted(d for d in cat.decks if "loot" in d or "scavenge" in d)
    return [AftermathSearch(won=clash.over == "victory", clash_type=clash.type, loot_deck=loot[0] if loot else None)]


def afterward(state: CampaignState, clash: ClashState) -> list[Fact]:
    """"Afterward, if one of you is on a Quest, proceed to the indicated paragraph. If none of you are, if it was an
    Exhibition Clash, proceed to a Rest Phase. If it was a Full Clash, proceed to the Spoils Phase." — and, before
    the story resolution, the Sigh of the Graal (rules/clash/sigh.py)."""
    out: list[Fact] = [AftermathAfterward(clash_type=clash.type)]
    sighs = [k.name for k in state.knights.values() if k.sheet.sigh_of_the_graal]
    if sighs:
        out.append(AftermathSighMay(knights=sighs))
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
def aftermath(engine: Engine, state: CampaignState, clash: ClashState) -> list[Line]:
    """Rulebook, "Clash Aftermath": every bullet, in order, for every Knight of the Clash (``taking_part``, read
    before the board is cleared). Returns its facts, one per step; the Loot deck's lines are the Expedition's
    (``clash_loot``), read into facts when they carry them."""
    cat = engine.catalogue
    knights = taking_part(state)
    out: list[Line] = [AftermathBegun(outcome=clash.over, knights=[k.name for k in knights])]
    removed = remove_massive_peril(engine, state)
    if removed:
        out.append(MassivePerilLeft(cards=removed))
    out += deaths(cat, state, knights)
    out += stat_reset(cat, knights)
    out += techniques(knights)
    out += conditions(knights)
    out += bane(cat, knights)
    out += other_tokens(knights, clash)
    out += gear(cat, knights)
    out += search(cat, clash)
    out += read_lines(clash_loot(cat, state, clash))  # the Expedition's Loot deck (rules/expedition/spoils_loot.py)
    out += afterward(state, clash)
    return out
