"""The Monster effects, added to the card effect vocabulary of ``content.schema.cards`` (Heal, Suppress, Escalate
AI/BP, an additional Wound, an Attack Response's Perform, a Follow-up), and ``MonsterEffect``: every effect a Monster's
card may list (content/schema/monsters.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from content.schema.cards import (
    Amount,
    Die,
    Drag,
    Escalate,
    GainBane,
    GainCondition,
    GainCurse,
    GainHeat,
    GainPassion,
    GainThreat,
    GainVigor,
    HandEffect,
    KnightStateEffect,
    Knockback,
    KnockedDown,
    LoseHeat,
    LoseVigor,
    MoveVariant,
    PerilCheck,
    PlaceKnightTokens,
    Pushback,
    TextEffect,
)
from content.schema.dice import Strict


class Heal(Amount):
    """Keyword "Heal X": take the top card of the Wound Stack off it X times."""

    type: Literal["heal"]


class Suppress(Strict):
    """Keyword "Suppress": shuffle the AI or BP discard pile into its deck."""

    type: Literal["suppress"]
    deck: Literal["ai", "bp"]


class EscalateDeck(Amount):
    """"Escalate AI/BP: Escalate the lowest card from the designated deck only." (X times)."""

    type: Literal["escalate_deck"]
    deck: Literal["ai", "bp"]


class AdditionalWound(Amount):
    """"If an effect instructs you to deal an additional Single Wound, place a Generic Single Wound card
    on top of the Wound Stack"."""

    type: Literal["additional_wound"]


class Perform(Strict):
    """An Attack Response: the Monster performs its Signature, its Routine or an AI card after the
    current Attack ends ("The new Attack will happen immediately after this one is completely resolved")."""

    type: Literal["perform"]
    attack: Literal["signature", "routine", "ai"]


class FollowUp(Strict):
    """A Follow-up Knight Attack granted by a Response or a Critical."""

    type: Literal["follow_up"]


MonsterEffect = Annotated[
    LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | GainThreat | GainCurse
    | Escalate | Knockback | Pushback | Drag | PerilCheck | GainCondition | PlaceKnightTokens
    | KnockedDown | Die | TextEffect | Heal | Suppress | EscalateDeck | AdditionalWound | Perform | FollowUp
    | KnightStateEffect | HandEffect | MoveVariant,
    Field(discriminator="type"),
]
