"""Loot: the Loot cards of the Scavenge deck, what each type can be exchanged for, the Fool's deck and the
Gambling Den games (rulebook "Spoils Phase"; docs/spoils.md).

- ``kind: loot`` — one Loot card (its type, its Gold value, how many copies the Scavenge deck holds).
- ``kind: loot_table`` — what Loot can become: Gear per Kingdom (Kingdom Gear Loot), Gear per Monster (Exhibition
  and Full Clash Loot), Upgrade cards (Upgrade Loot), Consumable Gear (Consumable Gear Loot). Gear is ordinary
  ``kind: gear`` / ``kind: upgrade`` content, named by id.
- ``kind: fools_deck`` — the Fool's deck: "a deck of 15 cards ... It contains different letters".
- ``kind: gambling_game`` — a Kingdom's Gambling Den game played with the Fool's deck.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import Strict

LootType = Literal["kingdom_gear", "upgrade", "consumable", "exhibition_clash", "full_clash"]
# Rulebook, "Spoils Phase": "There are five different types of a Loot card".
LOOT_TYPES: tuple[LootType, ...] = ("kingdom_gear", "upgrade", "consumable", "exhibition_clash", "full_clash")
LOOT_TYPE_NAMES: dict[LootType, str] = {
    "kingdom_gear": "Kingdom Gear Loot", "upgrade": "Upgrade Loot", "consumable": "Consumable Gear Loot",
    "exhibition_clash": "Exhibition Clash Loot", "full_clash": "Full Clash Loot",
}
FOOLS_DECK_SIZE = 15  # "The Fool's deck is a deck of 15 cards"


class LootCard(Strict):
    kind: Literal["loot"] = "loot"
    id: Id
    name: str = Field(min_length=1, max_length=80)
    type: LootType
    gold: int = Field(ge=0, le=999, description="the Gold it is exchanged for")
    copies: int = Field(1, ge=1, le=30, description="how many of this card the Scavenge deck holds")
    text: str = Field("", max_length=300)


class LootTable(Strict):
    kind: Literal["loot_table"] = "loot_table"
    id: Id
    kingdom_gear: dict[Id, list[Id]] = Field(default_factory=dict, description="Kingdom id -> Gear ids")
    monster_gear: dict[Id, list[Id]] = Field(default_factory=dict, description="Monster id -> Gear ids")
    upgrades: list[Id] = Field(default_factory=list, description="Upgrade card ids")
    consumables: list[Id] = Field(default_factory=list, description="Consumable Gear ids")


class FoolsCard(Strict):
    letter: str = Field(pattern=r"^[A-Z]$")
    count: int = Field(ge=1, le=15)
    name: str = Field("", max_length=60)


class FoolsDeck(Strict):
    kind: Literal["fools_deck"] = "fools_deck"
    id: Id
    cards: list[FoolsCard] = Field(min_length=1)

    @model_validator(mode="after")
    def _fifteen(self) -> FoolsDeck:
        total = sum(c.count for c in self.cards)
        if total != FOOLS_DECK_SIZE:
            raise ValueError(f"the Fool's deck is a deck of {FOOLS_DECK_SIZE} cards; these counts make {total}")
        if len({c.letter for c in self.cards}) != len(self.cards):
            raise ValueError("each letter appears once in cards: (give it a count)")
        return self

    def letters(self) -> list[str]:
        return [c.letter for c in self.cards for _ in range(c.count)]


class GamblingGame(Strict):
    """A matching game: the Knight draws ``draw`` letters. The ``fool`` letter loses the bet; all letters the same
    (the ``wild`` letter counts as any) wins ``win_multiplier`` times the bet's Gold value; a pair recovers the bet;
    anything else loses it."""

    kind: Literal["gambling_game"] = "gambling_game"
    id: Id
    name: str = Field(min_length=1, max_length=80)
    kingdom: Id | None = None
    deck: Id = Field(description="the fools_deck it uses")
    draw: int = Field(3, ge=2, le=5)
    fool: str = Field("F", pattern=r"^[A-Z]$")
    wild: str | None = Field("G", pattern=r"^[A-Z]$")
    min_bet: int = Field(1, ge=1, le=10)
    max_bet: int = Field(3, ge=1, le=10)
    win_multiplier: int = Field(3, ge=1, le=10)
    text: str = Field(min_length=1, max_length=1500, description="the rules as the players read them")

    @model_validator(mode="after")
    def _bets(self) -> GamblingGame:
        if self.max_bet < self.min_bet:
            raise ValueError("max_bet is smaller than min_bet")
        return self
