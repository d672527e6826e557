"""What the Condition cards a Knight holds do while held (rulebook "Conditions"; content ``holding``).

"When you gain a Condition card, place it next to your Knight Board." A card's ``holding`` gives statistic
modifiers (Speed, Evasion, Precision, Heat Refresh; optionally only from a Passion on), the moment the card is
discarded by itself (after the holder's next Evasion Roll or next Attack), and effects at the end of each of the
holder's turns in a Clash. Everything else a Condition says is text the table applies.
"""

from __future__ import annotations

from typing import Literal

from content.loader import Catalogue
from content.schema.cards import Card
from rules.coverage import implements
from rules.facts import said
from rules.knights import gear_faces
from rules.knights.record_facts import KnightDiscardsAfter
from rules.knights.state import KnightState

T = "tests/clash/test_conditions_held.py::"
Stat = Literal["speed", "evasion", "precision", "heat_refresh"]


def held(cat: Catalogue, k: KnightState) -> list[Card]:
    """The Condition cards the Knight holds (kept by id, or by name when gained by hand)."""
    if not k.stats.conditions:  # most Knights hold none: no walk over the deck (every Attack asks several times)
        return []
    deck = cat.decks.get("condition") or cat.decks.get("conditions")
    if deck is None:
        return []
    return [c for c in deck.cards if c.id in k.stats.conditions or c.name in k.stats.conditions]


@implements("Conditions", chapter="Clash Phase", tests=[T + "test_held_conditions_change_speed_evasion_and_precision",
                                                        T + "test_a_condition_counts_only_from_its_passion",
                                                        T + "test_ashen_lungs_lowers_the_heat_refresh"])
def modifier(cat: Catalogue, k: KnightState, stat: Stat) -> int:
    """The sum the held Conditions add to ``stat`` (but not those the Knight is immune to: "Ignore effects of Body
    Condition cards")."""
    total = 0
    for card in held(cat, k):
        h = card.holding
        if h is not None and (h.min_passion is None or k.stats.passion >= h.min_passion) \
                and immune_to(cat, k, card) is None:
            total += getattr(h, stat)
    return total


@implements("Conditions", chapter="Clash Phase", tests=[T + "test_ringing_skull_is_discarded_after_the_evasion_roll",
                                                        T + "test_blinding_grime_is_discarded_after_the_attack"])
def discard_after(cat: Catalogue, k: KnightState, moment: Literal["evasion_roll", "attack"]) -> list[str]:
    """Discard the held Conditions that say "Discard this card after your next Evasion Roll / Attack"."""
    gone = [c for c in held(cat, k) if c.holding is not None and c.holding.discard_after == moment]
    for card in gone:
        k.stats.conditions = [x for x in k.stats.conditions if x not in (card.id, card.name)]
    what = "Evasion Roll" if moment == "evasion_roll" else "Attack"
    return [said(KnightDiscardsAfter(knight=k.name, after=what, condition=card.name)) for card in gone]


IMMUNITIES = ("Immune to Bane", "Immune to Body Condition cards", "Immune to Mind Condition cards", "Immune to Fear")


def immunities(cat: Catalogue, k: KnightState) -> dict[str, str]:
    """The "Immune to ..." keywords of the Knight's Loadout (equipped, not discarded Gear: its keywords and its
    cost-free abilities' keywords): keyword -> the Gear card's name."""
    out: dict[str, str] = {}
    for item in k.loadout:
        if item.discarded or item.gear not in cat.gear:
            continue
        face = gear_faces.face(cat, k, item.gear)
        keywords = [*face.keywords, *(kw for a in face.abilities if a.cost is None and a.gate is None
                                      for kw in a.keywords)]
        for kw in keywords:
            if kw.name in IMMUNITIES:
                out.setdefault(kw.name, face.name)
    return out


def immune_to(cat: Catalogue, k: KnightState, card: Card) -> str | None:
    """Why the Knight cannot gain the Condition ``card`` ("You cannot gain Body Condition cards"...), or None. A
    card is a Body or Mind Condition by its ``tags``; the Fear Condition card is the one named Fear."""
    held = immunities(cat, k)
    for keyword, kind in (("Immune to Body Condition cards", "body"), ("Immune to Mind Condition cards", "mind")):
        if keyword in held and kind in card.tags:
            return f"{k.name} is {keyword} ({held[keyword]}): they do not gain the {kind.capitalize()} Condition " \
                   f"{card.name}."
    if "Immune to Fear" in held and card.name.strip().lower() == "fear":
        return f"{k.name} is Immune to Fear ({held['Immune to Fear']}): they do not gain the Fear Condition card."
    return None


# --- the Conditions that keywords name (rules/knights/keyword_effects.py) ----------------------------------------

POISONED, TOXIFIED, PARASITE, CHOKED = "Poisoned", "Toxified", "Panzer Parasite", "Choked"


def card_named(cat: Catalogue, name: str) -> Card | None:
    """The loaded Condition card with this name (the keyword Conditions are found by their rulebook name)."""
    deck = cat.decks.get("condition") or cat.decks.get("conditions")
    return next((c for c in deck.cards if c.name.lower() == name.lower()), None) if deck is not None else None


def has(cat: Catalogue, k: KnightState, name: str) -> bool:
    card = card_named(cat, name)
    return name in k.stats.conditions or (card is not None and (card.id in k.stats.conditions
                                                                 or card.name in k.stats.conditions))


def tokens(cat: Catalogue, k: KnightState, name: str) -> int:
    """Generic tokens on a Condition card (they go with the card: 0 when it is not held)."""
    return k.stats.condition_tokens.get(name, 0) if has(cat, k, name) else 0


def choke_limit(cat: Catalogue, k: KnightState) -> int | None:
    """The Choke Limit while the Knight holds Choked (None otherwise): "Your Heat can never go below this limit"."""
    return k.stats.choke_limit if has(cat, k, CHOKED) else None
