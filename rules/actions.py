"""Engine actions: a discriminated union of pydantic models, one per thing a player can do.

Field limits here are the source of truth for what input is legal; the application turns their
validation errors into polite replies.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

DeckId = Annotated[str, Field(min_length=1, max_length=64)]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


# The free rolls (/roll ...) and the decks (/deck ...) declare ``while_waiting``: they go on while a question waits
# (rules/waiting.py), as a table that applies a rule by hand meanwhile needs its dice and its cards; the question
# still waits after them.


class RollTest(_Action):
    type: Literal["roll_test"] = "roll_test"
    while_waiting: ClassVar[bool] = True
    difficulty: int = Field(ge=1, le=20)
    bonus: int = Field(0, ge=-10, le=10, description="Virtue value plus declared bonuses")
    purpose: str = Field("test", max_length=100)
    roller: str = Field("", max_length=100, description="who rolls (user id), for Heat re-rolls")


class RollDice(_Action):
    type: Literal["roll_dice"] = "roll_dice"
    while_waiting: ClassVar[bool] = True
    count: int = Field(1, ge=1, le=20)


class RollD100(_Action):
    type: Literal["roll_d100"] = "roll_d100"
    while_waiting: ClassVar[bool] = True


class RollPower(_Action):
    type: Literal["roll_power"] = "roll_power"
    while_waiting: ClassVar[bool] = True
    white: int = Field(0, ge=0, le=30)
    black: int = Field(0, ge=0, le=30)
    red: int = Field(0, ge=0, le=30)
    armor: bool = False


class RollSave(_Action):
    type: Literal["roll_save"] = "roll_save"
    while_waiting: ClassVar[bool] = True
    kind: Literal["curse", "threat"]
    level: int | None = Field(None, ge=0, le=30, description="defaults to the Kingdom track")
    modifier: int = Field(0, ge=-10, le=10)


class Reroll(_Action):
    type: Literal["reroll"] = "reroll"
    while_waiting: ClassVar[bool] = True
    dice: list[int] = Field(min_length=1, max_length=20, description="1-based positions in the last roll")
    by: str = Field("", max_length=100, description="who spends the Heat (user id); empty: a GM")


class RollRandom(_Action):
    type: Literal["roll_random"] = "roll_random"
    while_waiting: ClassVar[bool] = True
    among: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(min_length=2, max_length=20)


class RandomDirection(_Action):
    type: Literal["random_direction"] = "random_direction"
    while_waiting: ClassVar[bool] = True


class DeckDraw(_Action):
    type: Literal["deck_draw"] = "deck_draw"
    while_waiting: ClassVar[bool] = True
    deck: DeckId
    count: int = Field(1, ge=1, le=10)
    bottom: bool = False
    vigor: int | None = Field(None, ge=-99, le=0, description="Judicium: the Vigor treated as reached")


class DeckShuffle(_Action):
    type: Literal["deck_shuffle"] = "deck_shuffle"
    while_waiting: ClassVar[bool] = True
    deck: DeckId


class DeckSearch(_Action):
    type: Literal["deck_search"] = "deck_search"
    while_waiting: ClassVar[bool] = True
    deck: DeckId
    card: str = Field(min_length=1, max_length=64)


class DeckReturn(_Action):
    type: Literal["deck_return"] = "deck_return"
    while_waiting: ClassVar[bool] = True
    deck: DeckId
    card: str = Field(min_length=1, max_length=64)
    to: Literal["top", "bottom", "discard", "shuffle"] = "bottom"


class DeckRemove(_Action):
    type: Literal["deck_remove"] = "deck_remove"
    while_waiting: ClassVar[bool] = True
    deck: DeckId
    card: str = Field(min_length=1, max_length=64)


class ForceNext(_Action):
    type: Literal["force_next"] = "force_next"
    while_waiting: ClassVar[bool] = True
    values: list[Annotated[int, Field(ge=1, le=10)]] = Field(min_length=1, max_length=30)


class ForceClear(_Action):
    """The GM empties the queue of forced dice (``/gm force-clear``)."""

    type: Literal["force_clear"] = "force_clear"
    while_waiting: ClassVar[bool] = True


Action = Annotated[
    RollTest
    | ForceClear
    | RollDice
    | RollD100
    | RollPower
    | RollSave
    | Reroll
    | RollRandom
    | RandomDirection
    | DeckDraw
    | DeckShuffle
    | DeckSearch
    | DeckReturn
    | DeckRemove
    | ForceNext,
    Field(discriminator="type"),
]
