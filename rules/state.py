"""The campaign state: one pydantic model that serialises to JSON.

The dice seed and position are part of it, so that replaying the log is exact.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.board.state import BoardState

STATE_VERSION = 1


class DeckState(BaseModel):
    """A deck on the table: ``draw`` lists cards from top to bottom."""

    draw: list[str]
    discard: list[str] = Field(default_factory=list)
    held: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)


class KingdomTrack(BaseModel):
    threat: int = 0
    curse: int = 0
    time: int = 0
    lost: bool = False


RollKind = Literal["test", "dice", "d100", "power", "armor", "save", "random"]


class LastRoll(BaseModel):
    """The most recent roll, kept so that it can be re-rolled."""

    kind: RollKind
    purpose: str
    naturals: list[int]
    bonus: int = 0
    difficulty: int | None = None
    rerolled: list[int] = Field(default_factory=list, description="1-based positions already re-rolled")


class CampaignState(BaseModel):
    version: int = STATE_VERSION
    name: str
    seed: int
    dice_position: int = 0
    forced_dice: list[int] = Field(default_factory=list)
    decks: dict[str, DeckState] = Field(default_factory=dict)
    track: KingdomTrack = Field(default_factory=KingdomTrack)
    last_roll: LastRoll | None = None
    board: BoardState = Field(default_factory=BoardState)
