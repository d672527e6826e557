"""Pydantic schema of game content. ``kind`` names the type of every YAML document."""

from pydantic import BaseModel

from content.schema.cards import Card, Deck, Effect
from content.schema.dice import POWER_TIERS, D6Face, DiceSet, PowerColour, PowerDie
from content.schema.manifest import Manifest

DOCUMENT_KINDS: dict[str, type[BaseModel]] = {"pack": Manifest, "dice": DiceSet, "deck": Deck}

__all__ = [
    "Card", "Deck", "Effect", "POWER_TIERS", "D6Face", "DiceSet", "PowerColour", "PowerDie",
    "Manifest", "DOCUMENT_KINDS",
]
