"""Cards, decks and the typed effect vocabulary.

An effect the bot can resolve is typed; anything else is a ``text`` effect that the bot shows to the
players with the command to apply it by hand. Nothing on a card is ever silently dropped.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from content.schema.dice import Strict

Direction = Literal["north", "east", "south", "west"]
Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_]*$", max_length=64)]


class Amount(Strict):
    amount: int = Field(ge=1, le=99)


class LoseVigor(Amount):
    type: Literal["lose_vigor"]
    per_hit: bool = Field(False, description="a Monster Attack: lose X Vigor for each hit that was not evaded")


class GainVigor(Amount):
    type: Literal["gain_vigor"]


class GainHeat(Amount):
    type: Literal["gain_heat"]


class LoseHeat(Amount):
    type: Literal["lose_heat"]


class GainPassion(Amount):
    type: Literal["gain_passion"]


class GainBane(Amount):
    type: Literal["gain_bane"]


class GainThreat(Amount):
    type: Literal["gain_threat"]


class GainCurse(Amount):
    type: Literal["gain_curse"]


class Escalate(Amount):
    type: Literal["escalate"]


class Knockback(Amount):
    type: Literal["knockback"]
    unavoidable: bool = False


class Pushback(Amount):
    type: Literal["pushback"]


class Drag(Amount):
    type: Literal["drag"]


class PerilCheck(Strict):
    type: Literal["peril_check"]


class GainCondition(Strict):
    type: Literal["gain_condition"]
    condition: Id | None = Field(None, description="a Condition card id; empty draws the top card")


# Rulebook, "Knight Tokens. The types of Knight tokens include: Break, Opening, Fire, Black, Closing,
# Hope, Sunder, Rouse, Diversion, Improved Diversion, Power, Cantrip, Spell".
KnightToken = Literal[
    "break", "opening", "fire", "black", "closing", "hope", "sunder", "rouse", "diversion",
    "improved_diversion", "power", "cantrip", "spell",
]


class PlaceKnightTokens(Amount):
    type: Literal["place_knight_tokens"]
    token: KnightToken


class KnockedDown(Strict):
    type: Literal["knocked_down"]


class Die(Strict):
    """The Knight dies (a death card such as a Disemboweled-like Mortis or You Died)."""

    type: Literal["die"]


class Survive(Strict):
    """The Knight survives (You Live!): Vigor stays at 0."""

    type: Literal["survive"]


class TextEffect(Strict):
    type: Literal["text"]
    text: str = Field(min_length=1, max_length=1000)


Effect = Annotated[
    LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | GainThreat | GainCurse
    | Escalate | Knockback | Pushback | Drag | PerilCheck | GainCondition | PlaceKnightTokens
    | KnockedDown | Die | Survive | TextEffect,
    Field(discriminator="type"),
]


class Holding(Strict):
    """What a Condition card does while a Knight holds it (rules/knights/conditions.py): statistic modifiers, the
    moment it is discarded by itself, and effects at the end of each of the holder's turns."""

    speed: int = Field(0, ge=-5, le=5)
    evasion: int = Field(0, ge=-5, le=5)
    precision: int = Field(0, ge=-5, le=5)
    heat_refresh: int = Field(0, ge=-5, le=5)
    min_passion: int | None = Field(None, ge=1, le=10, description="the modifiers count only at this Passion or more")
    discard_after: Literal["evasion_roll", "attack"] | None = Field(
        None, description="discarded after the holder's next Evasion Roll or next Attack")
    end_of_turn: list[Effect] = Field(default_factory=list, description="resolved at the end of each of the "
                                      "holder's turns in a Clash")


class Card(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=1000, description="the card as printed, shown to players")
    effects: list[Effect] = Field(default_factory=list)
    tags: list[Literal["positive", "negative", "death", "comeback", "massive_peril"]] = Field(
        default_factory=list
    )
    direction: Direction | None = Field(None, description="the arrow in the bottom left corner")
    tier: int | None = Field(None, ge=0, le=5)
    massive_peril: int | None = Field(
        None, le=-1, description="Judicium only: the negative Vigor that adds this card to the deck"
    )
    holding: Holding | None = Field(None, description="Conditions: what the card does while held")


AfterDraw = Literal["bottom", "shuffle_in", "hold", "discard"]


class Deck(Strict):
    """A deck of cards. ``after_draw`` says where a drawn card goes once resolved:
    Mortis cards to the bottom ("place it at the bottom of the corresponding Mortis deck"),
    Judicium cards shuffled back in ("you always shuffle it back into the deck"), Conditions are
    held by the Knight who gained them."""

    kind: Literal["deck"] = "deck"
    id: Id
    name: str = Field(min_length=1, max_length=100)
    back: str = Field(min_length=1, max_length=100)
    after_draw: AfterDraw
    cards: list[Card] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_card_ids(self) -> Deck:
        seen: set[str] = set()
        for card in self.cards:
            if card.id in seen:
                raise ValueError(f"card id {card.id!r} appears twice in deck {self.id!r}")
            seen.add(card.id)
        return self

    def base_cards(self) -> list[str]:
        """Card ids that start in the deck (Massive Peril cards wait outside it)."""
        return [c.id for c in self.cards if c.massive_peril is None]
