"""The typed effects of Kingdom cards (Exploration, Deep Fog, Campfire Tales, the Kingdom Codex).

The card vocabulary (content/schema/cards.py) plus what only the Delve knows. Effects that target a Knight go to
"the Party Leader" on Deep Fog cards and to each Knight on a Campfire Tale; anything else is a ``text`` effect.
``Printed`` is an effect as printed with what of it the bot applies.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from content.schema.cards import (
    Amount,
    GainBane,
    GainCondition,
    GainCurse,
    GainHeat,
    GainPassion,
    GainThreat,
    GainVigor,
    LoseHeat,
    LoseVigor,
    PerilCheck,
    TextEffect,
)
from content.schema.dice import Strict


class AdvanceTime(Amount):
    type: Literal["advance_time"]


class LoseThreat(Amount):
    type: Literal["lose_threat"]


class LoseCurse(Amount):
    type: Literal["lose_curse"]


class HalfCup(Strict):
    """Rulebook, "Hazard Effects": "Half-cup: Whenever you resolve this effect, if you don't have any, gain one
    Half-cup token. If you do, flip the token so it becomes a Full Cup token"."""

    type: Literal["half_cup"]


class DiscardTopFog(Strict):
    """"Discard the top Deep Fog card: ... do it without looking"."""

    type: Literal["discard_top_fog"]
    amount: int = Field(1, ge=1, le=5)


BasicEffect = Annotated[
    GainThreat | LoseThreat | GainCurse | LoseCurse | AdvanceTime | HalfCup | DiscardTopFog
    | LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | GainCondition | PerilCheck
    | TextEffect,
    Field(discriminator="type"),
]


class TrackSave(Strict):
    """Rulebook, "Curse & Threat Saves": "consult your current Curse or Threat level ... and add the specified
    value. This is your Curse/Threat Save difficulty. Then, simply roll a d10: if the result is lower than the
    difficulty, you Fail and must resolve the negative effect" (``fail``)."""

    type: Literal["save"]
    track: Literal["threat", "curse"]
    plus: int = Field(0, ge=-5, le=9, description="the value added to the level: the Save difficulty")
    fail: list[BasicEffect] = Field(min_length=1, description="the negative effect resolved on a Fail")


class StartEncounter(Strict):
    """"Resolve an Encounter" with the Monster of the party's district (District Wheel)."""

    type: Literal["encounter"]
    ambush: bool = False


class Scavenge(Strict):
    """"Scavenge X: Add X Loot cards to the Loot deck. If the Scavenge keyword does not specify which Loot card type
    it refers to, you may choose from Kingdom Gear, Upgrade and Consumable Gear Loot cards" (``kind: choice``)."""

    type: Literal["scavenge"]
    amount: int = Field(ge=1, le=10)
    kind: Literal["choice", "kingdom_gear", "upgrade", "consumable"] = "choice"


class StartAdventure(Strict):
    """"When you trigger a Kingdom Adventure, ... roll a d100 on the Adventure Table"."""

    type: Literal["adventure"]


DelveEffect = Annotated[
    GainThreat | LoseThreat | GainCurse | LoseCurse | AdvanceTime | HalfCup | DiscardTopFog
    | LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | GainCondition | PerilCheck
    | TextEffect | TrackSave | StartEncounter | StartAdventure | Scavenge,
    Field(discriminator="type"),
]
KNIGHT_EFFECTS = ("lose_vigor", "gain_vigor", "gain_heat", "lose_heat", "gain_passion", "gain_bane",
                  "gain_condition", "peril_check")


class Printed(Strict):
    """An effect as printed (``text``, always shown) and what of it the bot applies (``effects``; empty: the
    table applies the text by hand)."""

    text: str = Field(min_length=1, max_length=500)
    effects: list[DelveEffect] = Field(default_factory=list)
