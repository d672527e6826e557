"""The Exploration step (rulebook "3. Exploration Step", "Exploration Card Effect Types", "Special Exploration
Cards") and Exploration Ciphers ("Exploration Ciphers", "Kingdom Tile Anatomy").

Pure functions on the campaign state; the handlers are in rules/delve_handlers.py. Typed effects go through the
Kingdom track rules (rules/delve/track.py, via ``fog.apply_printed``) and the Knights' statistics
(rules/knights/statistics.py); Knight effects of an Exploration card go to the Party Leader (docs/rulings.md).
"""

from __future__ import annotations

from typing import Any

from content.loader import Catalogue
from content.schema.kingdom import ExplorationCard, Kingdom, KingdomTile, Printed
from rules.coverage import implements
from rules.delve import fog as fr
from rules.delve import track as tr
from rules.delve.state import DelveState
from rules.dice import Dice
from rules.errors import RuleError
from rules.state import CampaignState

T = "tests/delve/test_exploration.py::"
BY_HAND = "(`/delve gain` for the Kingdom track, `/knight stat` for a Knight)"


def _leader(state: CampaignState) -> list[str]:
    assert state.delve is not None
    leader = state.delve.leader
    return [leader] if leader is not None and leader in state.knights else []


def _targets(state: CampaignState, card: ExplorationCard | None) -> tuple[list[str], str]:
    if card is not None and card.knights == "each":
        return [k.id for k in state.knights.values() if not k.dead], "each Knight"
    return _leader(state), "the Party Leader"


def _apply(cat: Catalogue, kingdom: Kingdom, state: CampaignState, printed: Printed,
           card: ExplorationCard | None = None) -> tuple[list[str], list[int]]:
    """Typed effects through the rules; ``text`` effects (or no typed effect at all) shown to apply by hand."""
    texts: list[str] = []
    reached: list[int] = []
    if not printed.effects:
        return [f"✋ By hand: {printed.text} {BY_HAND}"], reached
    for effect in printed.effects:
        if state.track.lost:
            break
        if effect.type == "text":
            texts.append(f"✋ By hand: {effect.text} {BY_HAND}")
            continue
        knights, who = _targets(state, card)
        more, hit = fr.apply_printed(cat, kingdom, state, Printed(text=printed.text, effects=[effect]),
                                     knights=knights, who=who)
        texts += more
        reached += hit
    return texts, reached


@implements(
    "Exploration Card Effect Types",
    status="assisted",
    tests=[T + "test_instant_card_applies_its_effects_and_is_discarded",
           T + "test_district_card_stays_in_play_one_per_district",
           T + "test_active_card_takes_the_one_active_space"],
    note="typed effects applied (Knight effects to the Party Leader), text effects shown by hand; District and "
    "Active cards kept in play (`/delve discard` when their condition or time is over); their lingering text is a "
    "reminder applied by hand",
)
def resolve_card(cat: Catalogue, kingdom: Kingdom, state: CampaignState, card: ExplorationCard) -> tuple[
        list[str], list[int]]:
    """Resolve one drawn card (already taken off the deck): its place (discard, District space, Active space),
    its effect, then its Threat/Curse gated effects, read at the values the track had when the card was drawn."""
    assert state.delve is not None
    delve = state.delve
    kind = {"instant": "Instant", "district": "District", "active": "Active"}[card.effect_type]
    special = "Special " if card.special else ""
    texts = [f"🃏 Exploration ({special}{kind}): **{card.name}** — {card.text}"]
    placed = True
    if card.effect_type == "district":
        district = card.district
        if district is None:
            texts.append("✋ By hand: this District card names no district; place it on the Kingdom Sheet.")
            placed = False
        elif district in delve.district_effects:
            other = kingdom.exploration_card(delve.district_effects[district])
            texts.append(f"The District effect space of {kingdom.district(district).name} already holds "
                         f"**{other.name}** (only one per District): {card.name} is discarded.")
            placed = False
        else:
            delve = delve.model_copy(update={"district_effects": {**delve.district_effects, district: card.id}})
            texts.append(f"🏷️ {card.name} lingers in {kingdom.district(district).name} (`/delve discard "
                         f"card:{card.id}` when it ends).")
    elif card.effect_type == "active":
        if delve.active_effects:
            other = kingdom.exploration_card(delve.active_effects[0])
            texts.append(f"The Active Effect space already holds **{other.name}**: {card.name} is discarded instead.")
            placed = False
        else:
            delve = delve.model_copy(update={"active_effects": [card.id]})
            texts.append(f"📌 {card.name} takes the Active Effect space (`/delve discard card:{card.id}` when its "
                         "condition is met or its rounds pass).")
    if card.effect_type == "instant" or not placed:
        delve = delve.model_copy(update={"exploration_discard": [*delve.exploration_discard, card.id]})
    state.delve = delve
    if not placed:
        return texts, []
    reached: list[int] = []
    drawn_at = {"threat": state.track.threat, "curse": state.track.curse}  # gated effects read the track as drawn
    if card.effects or card.effect_type == "instant":
        more, hit = _apply(cat, kingdom, state, Printed(text=card.text, effects=card.effects), card)
        texts += more
        reached += hit
    for gated in card.gated:
        if state.track.lost:
            break
        value = drawn_at[gated.track]
        name = gated.track.capitalize()
        if value < gated.at_least:
            texts.append(f"({name} {value} is below {gated.at_least}: the additional effect does not trigger.)")
            continue
        texts.append(f"⚠️ {name} {value} (at least {gated.at_least}): {gated.text}")
        more, hit = _apply(cat, kingdom, state, gated, card)
        texts += more
        reached += hit
    return texts, reached


@implements(
    "3. Exploration Step",
    tests=["tests/delve/test_commands.py::test_drawing_from_an_empty_exploration_deck_loses",
           T + "test_instant_card_applies_its_effects_and_is_discarded",
           T + "test_gated_effect_triggers_by_the_current_threat"],
    note="the top card drawn and resolved; an empty deck loses the Delve",
)
@implements(
    "Special Exploration Cards",
    tests=[T + "test_special_cards_on_top_are_resolved_in_a_chain", T + "test_start_shuffles_until_a_normal_card"],
    note="Special cards ending on top after the Exploration step are resolved in a chain; after Kingdom Setup's "
    "shuffle the deck is shuffled again until a normal card is on top",
)
def exploration_step(cat: Catalogue, kingdom: Kingdom, state: CampaignState, district: str | None) -> tuple[
        list[str], list[int]]:
    """"draw the top card from the Exploration deck and resolve its effect", then the Special cards that end up on
    top, one after the other. Returns the sentences and the Time spaces (8, 16) reached."""
    assert state.delve is not None
    texts = district_reminder(kingdom, state.delve, district)
    reached: list[int] = []
    first = True
    while not state.track.lost:
        delve = state.delve
        if not delve.exploration:
            if first:
                change = tr.TrackChange(track=state.track, delve=delve)
                tr.lose_expedition(change, "the party had to draw from an empty Exploration deck")
                state.track, state.delve = change.track, change.delve
                texts += change.texts
            break
        card = kingdom.exploration_card(delve.exploration[0])
        if not first and not card.special:
            break
        if not first:
            texts.append(f"✨ A Special Exploration card is on top of the deck: **{card.name}** is resolved too.")
        state.delve = delve.model_copy(update={"exploration": delve.exploration[1:]})
        more, hit = resolve_card(cat, kingdom, state, card)
        texts += more
        reached += hit
        first = False
    return texts, reached


def normal_on_top(kingdom: Kingdom, deck: list[str], dice: Dice) -> list[str]:
    """"If any effect, besides normal draw during the Exploration step, would result in a Special Exploration card
    being on top of the Exploration deck, shuffle the deck, until there is a normal Exploration card on top"."""
    if not any(not kingdom.exploration_card(c).special for c in deck):
        return deck
    while deck and kingdom.exploration_card(deck[0]).special:
        deck = dice.shuffle(deck)
    return deck


def district_reminder(kingdom: Kingdom, delve: DelveState, district: str | None) -> list[str]:
    """The District effect in play where the party is: "Their effects linger in a particular area of the Kingdom
    map" (shown each Exploration step spent in that district; applied by hand)."""
    if district is None or district not in delve.district_effects:
        return []
    card = kingdom.exploration_card(delve.district_effects[district])
    return [f"🏷️ District effect in {kingdom.district(district).name}: **{card.name}** — {card.text} (apply it "
            f"by hand {BY_HAND})"]


def discard(kingdom: Kingdom, delve: DelveState, card_id: str) -> tuple[DelveState, str]:
    """A District or Active card leaves play ("until the players fulfill a condition ... or until a specific number
    of turns passes"): discarded."""
    for district, cid in delve.district_effects.items():
        if card_id in (cid, district):
            rest = {d: c for d, c in delve.district_effects.items() if d != district}
            delve = delve.model_copy(update={"district_effects": rest,
                                             "exploration_discard": [*delve.exploration_discard, cid]})
            return delve, f"🗑️ {kingdom.exploration_card(cid).name} leaves {kingdom.district(district).name}: discarded."
    if card_id in delve.active_effects:
        delve = delve.model_copy(update={"active_effects": [c for c in delve.active_effects if c != card_id],
                                         "exploration_discard": [*delve.exploration_discard, card_id]})
        return delve, f"🗑️ {kingdom.exploration_card(card_id).name} leaves the Active Effect space: discarded."
    shown = ", ".join([*delve.district_effects.values(), *delve.active_effects]) or "none"
    raise RuleError(f"{card_id!r} is not a District or Active Exploration card in play; in play: {shown}")


def view(kingdom: Kingdom, delve: DelveState) -> dict[str, Any]:
    def card(cid: str) -> dict[str, Any]:
        c = kingdom.exploration_card(cid)
        return {"card": c.id, "name": c.name, "text": c.text}

    return {
        "district_effects": {d: card(c) for d, c in delve.district_effects.items()},
        "active_effects": [card(c) for c in delve.active_effects],
        "ciphers_read": list(delve.ciphers_read),
    }


@implements(
    "Exploration Ciphers",
    status="assisted",
    tests=[T + "test_cipher_right_code_reads_the_paragraph_once", T + "test_cipher_wrong_code_gains_one_threat"],
    note="the code joins the tile's half and the Knight's half (either order); the Codex's paragraph is shown and "
    "its typed effects applied, once per Expedition; a wrong code gains +1 Threat. Knightbook halves are not "
    "in the content: the party types the full code",
)
def cipher(cat: Catalogue, kingdom: Kingdom, tile: KingdomTile, state: CampaignState, code: str,
           knight: str | None) -> tuple[list[str], list[int], bool]:
    """"With both halves, the player can create a full four-digit code that leads to a relevant paragraph in the
    current Kingdom Codex. If you input a wrong Cipher, immediately gain +1 Threat." Returns the sentences, the
    Time spaces reached, and whether the code was right."""
    assert state.delve is not None
    half = tile.cipher
    if half is None:
        raise RuleError(f"{tile.name} ({tile.id}) has no Exploration Cipher half; a Cipher is read on a tile that "
                        "shows one")
    if half not in (code[:2], code[2:]):
        raise RuleError(f"the code joins {tile.name}'s half **{half}** with your Knight's half: {half}xx or xx{half}")
    if code in state.delve.ciphers_read:
        raise RuleError(f"paragraph {code} was already read this Expedition (\"You may read those paragraphs only "
                        "once per Expedition\")")
    paragraph = next((p for p in kingdom.ciphers if p.code == code), None)
    if paragraph is None:
        change = tr.apply_all(state.track, state.delve, kingdom.track, threat=1)
        state.track, state.delve = change.track, change.delve
        return ([f"❌ Cipher {code}: no such paragraph in the {kingdom.name} Codex — a wrong Cipher, +1 Threat.",
                 *change.texts], change.time_reached, False)
    state.delve = state.delve.model_copy(update={"ciphers_read": [*state.delve.ciphers_read, code]})
    texts = [f"🔐 Exploration Cipher {code} ({tile.name}): {paragraph.text}"]
    if paragraph.effects:
        who = [knight] if knight is not None else _leader(state)
        more, hit = fr.apply_printed(cat, kingdom, state, Printed(text=paragraph.text, effects=paragraph.effects),
                                     knights=who, who="the Knight")
        return texts + more, hit, True
    return [*texts, f"✋ By hand: resolve the paragraph {BY_HAND}"], [], True
