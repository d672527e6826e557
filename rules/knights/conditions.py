"""What the Condition cards a Knight holds do while held (rulebook "Conditions"; content ``holding``).

"When you gain a Condition card, place it next to your Knight Board." A card's ``holding`` gives statistic
modifiers (Speed, Evasion, Precision, Heat Refresh; optionally only from a Passion on), the moment the card is
discarded by itself (after the holder's next Evasion Roll or next Attack), and effects at the end of each of the
holder's turns in a Clash. Everything else a Condition says is text the table applies.
"""

from __future__ import annotations

from typing import Literal

from content.loader import Catalogue
from content.schema.cards import Card, Effect
from rules.coverage import implements
from rules.knights.state import KnightState

T = "tests/clash/test_conditions_held.py::"
Stat = Literal["speed", "evasion", "precision", "heat_refresh"]


def held(cat: Catalogue, k: KnightState) -> list[Card]:
    """The Condition cards the Knight holds (kept by id, or by name when gained by hand)."""
    deck = cat.decks.get("condition") or cat.decks.get("conditions")
    if deck is None:
        return []
    return [c for c in deck.cards if c.id in k.stats.conditions or c.name in k.stats.conditions]


@implements("Conditions", chapter="Clash Phase", tests=[T + "test_held_conditions_change_speed_evasion_and_precision",
                                                        T + "test_a_condition_counts_only_from_its_passion",
                                                        T + "test_ashen_lungs_lowers_the_heat_refresh"])
def modifier(cat: Catalogue, k: KnightState, stat: Stat) -> int:
    """The sum the held Conditions add to ``stat``."""
    total = 0
    for card in held(cat, k):
        h = card.holding
        if h is not None and (h.min_passion is None or k.stats.passion >= h.min_passion):
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
    return [f"{k.name} discards the Condition {card.name} after the {what}." for card in gone]


def end_of_turn(cat: Catalogue, k: KnightState) -> list[tuple[str, list[Effect]]]:
    """(card name, effects) of the held Conditions acting "At the end of each of your turns"."""
    return [(c.name, list(c.holding.end_of_turn)) for c in held(cat, k) if c.holding and c.holding.end_of_turn]
