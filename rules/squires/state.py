"""A Squire in the campaign state (``CampaignState.squires``, keyed by a slug id)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.kingdom import ClueType

DrawKind = Literal["attack", "power", "evasion", "test"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MettleDraw(_Model):
    """The last Mettle draw of a Squire, kept so that it can be re-drawn (``/squire redraw``)."""

    kind: DrawKind
    cards: list[str]
    to_hit: int | None = None
    precision: int = 0
    difficulty: int | None = None
    bonus: int = 0
    dice: int | None = None
    hits: int | None = None
    clue: bool = False
    redraws: int = 0
    spent_clue: ClueType | None = None


class SquireState(_Model):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)
    name: str = Field(min_length=1, max_length=60)
    squire: str = Field(description="the content id of the Squire card")
    owner: str = Field(min_length=1, max_length=100, description="the player who added the Squire")
    vigor: int
    heat: int = 0
    bane: int = 0
    passion: int = 0
    clues: dict[ClueType, int] = Field(default_factory=dict)
    last_draw: MettleDraw | None = None
