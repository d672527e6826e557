"""Engine actions on Squires; ``squire`` is the Squire's id in ``CampaignState.squires``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.squires.state import DrawKind

SquireId = Annotated[str, Field(min_length=1, max_length=64)]
SquireStatName = Literal["vigor", "heat", "bane", "passion", "martial", "errant", "historic", "mystic"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SquireAdd(_Action):
    type: Literal["squire_add"] = "squire_add"
    content: Annotated[str, Field(min_length=1, max_length=64)]
    name: str = Field(min_length=1, max_length=60)
    owner: str = Field(min_length=1, max_length=100)


class SquireStat(_Action):
    type: Literal["squire_stat"] = "squire_stat"
    squire: SquireId
    stat: SquireStatName
    change: int = Field(ge=-20, le=20)
    cost: bool = Field(False, description="a voluntary Heat cost: refused beyond the Heat Limit")


class SquireDraw(_Action):
    type: Literal["squire_draw"] = "squire_draw"
    squire: SquireId
    kind: DrawKind
    to_hit: int | None = Field(None, ge=1, le=20, description="attack: the Monster's To Hit value")
    precision: int = Field(0, ge=-10, le=10, description="attack: other Precision bonuses (Opening tokens...)")
    difficulty: int | None = Field(None, ge=1, le=20, description="test or evasion: the Difficulty")
    bonus: int = Field(0, ge=-10, le=10, description="test: a bonus to the result")
    dice: int | None = Field(None, ge=0, le=20, description="evasion: the total number of Evasion dice on the attack")
    hits: int | None = Field(None, ge=0, le=30, description="evasion: the hits of the attack")
    clue: bool = Field(False, description="spend a Clue token for the card's ability-box bonus when it helps")


class SquireRedraw(_Action):
    type: Literal["squire_redraw"] = "squire_redraw"
    squire: SquireId
    free: bool = Field(False, description="an effect grants the re-roll: re-draw without gaining Heat")


class SquireGold(_Action):
    """Gold a Squire would gain (e.g. from an Adventure): the Party Leader gains it instead."""

    type: Literal["squire_gold"] = "squire_gold"
    squire: SquireId
    amount: int = Field(ge=1, le=200)
