"""Clue cards (rulebook "Clue Tokens and Clue Cards").

``kind: clue_cards``: a set of Clue cards. "If you're going on an Investigation or a Free Roam, you will draw a
single Clue card to determine what two types of Clues you will be collecting. The Clue card determines your Primary
Clue and the number of Clues of this type you need to collect during the Expedition. For your Secondary Clue, check
the Primary Clue of the Knight to your right and mark its type on your Clue card with a matching Clue token".

Every ``clue_cards`` document of every pack adds its cards to the one Clue deck. A card gives its Primary Clue type
(``primary``), how many of it to collect (``needed``) and how many Clues of the Secondary type the card's
Secondary space asks (``secondary_needed``; the token marking it counts as the first). See docs/expedition.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import Strict
from content.schema.kingdom import ClueType


class ClueCard(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    primary: ClueType = Field(description="the Primary Clue type")
    needed: int = Field(ge=1, le=12, description="the number of Primary Clues to collect during the Expedition")
    secondary_needed: int = Field(
        1, ge=0, le=12,
        description="the Secondary Clues to hold at the end (the token marking the Secondary type counts as one)")
    flavour: str = Field("", max_length=300)


class ClueCards(Strict):
    kind: Literal["clue_cards"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    cards: list[ClueCard] = Field(min_length=1, max_length=80)

    @model_validator(mode="after")
    def _unique(self) -> ClueCards:
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError("Clue card ids must be unique")
        return self
