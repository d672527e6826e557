"""The Delve's part of the campaign state (``CampaignState.delve``; None outside a Delve).

The Kingdom track itself is ``CampaignState.track`` (shared with ``/roll save kind:curse|threat``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from content.schema.kingdom import ClueType

Direction = Literal["north", "east", "south", "west"]


class ClueGained(BaseModel):
    type: ClueType
    tile: str
    why: str = Field(description="how its type was found: the direction read on the Exploration card back")


class DelveState(BaseModel):
    kingdom: str
    tile: str = Field(description="the tile with the Party marker")
    explored: list[str] = Field(description="explored tiles (face up), in the order the party entered them")
    face_down: list[str] = Field(default_factory=list, description="Unexplored tiles placed face down")
    revealed: list[str] = Field(
        default_factory=list, description="Unexplored tiles revealed face up, marked with a Generic token"
    )
    exploration: list[str] = Field(default_factory=list, description="the Exploration deck, top first")
    exploration_discard: list[str] = Field(default_factory=list)
    clues: list[ClueGained] = Field(default_factory=list)
    threat_seven_spawned: bool = False
    curse_paragraph_read: bool = False
    lost_reason: str | None = None
    shortcuts: bool = Field(False, description="a game element lets the party use Shortcuts")
    round: int = 0
    last_direction: Direction | None = None

    def placed(self) -> list[str]:
        return [*self.explored, *self.face_down, *self.revealed]
