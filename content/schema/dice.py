"""Dice definitions: the d10 with its Crit die, and the Power/Armor d6 dice by colour.

Rulebook, "Dice" and "Power Dice Tiers and Limits": the d6 dice show Power, Potential and Hope
symbols in different combinations per colour, and the box holds "7 red dice, 4 black dice and 3
white dice". Faces are content: a group can transcribe the dice they own.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

PowerColour = Literal["white", "black", "red"]
POWER_TIERS: tuple[PowerColour, ...] = ("white", "black", "red")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class D6Face(Strict):
    """One face of a Power/Armor die: how many of each symbol it shows."""

    power: int = Field(0, ge=0, le=3)
    potential: int = Field(0, ge=0, le=3)
    hope: int = Field(0, ge=0, le=3)
    mark: str | None = Field(None, description="positioning symbol used on Encounter Boards")


class PowerDie(Strict):
    colour: PowerColour
    limit: int = Field(ge=1, le=20, description="how many dice of this colour the box holds")
    faces: list[D6Face] = Field(min_length=6, max_length=6)


class D10Die(Strict):
    sides: Literal[10] = 10
    crit_value: Literal[10] = 10


class DiceSet(Strict):
    kind: Literal["dice"] = "dice"
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_]*$", max_length=64)  # same rule as every content id
    d10: D10Die = D10Die()
    power_dice: list[PowerDie]

    @model_validator(mode="after")
    def _one_die_per_colour(self) -> DiceSet:
        colours = [d.colour for d in self.power_dice]
        if sorted(colours) != sorted(POWER_TIERS):
            raise ValueError(f"power_dice must define each of white, black and red once, got {colours}")
        return self

    def die(self, colour: PowerColour) -> PowerDie:
        return next(d for d in self.power_dice if d.colour == colour)
