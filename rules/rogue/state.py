"""``CampaignState.rogue``: a Rogue's Path campaign under way (docs/rogue.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.rogue.facts import RogueRoundResolved


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Tackle(_Model):
    """The node being tackled in this Rosegraal Round and what the Clash against it has shown so far."""

    node: str
    tier: int = Field(ge=1, le=5)
    monster: str
    monster_name: str
    level: int
    rolls: list[int] = Field(default_factory=list, description="the d10 results, re-rolls included")
    knights: list[str] = Field(default_factory=list, description="ids of the Knights who started the Clash")
    died: list[str] = Field(default_factory=list, description="ids of those seen dead during the Clash")
    over: Literal["victory", "defeat"] | None = None
    clash_seen: bool = False


class Owed(_Model):
    """A reward a Knight won and has not claimed yet: one of the node's kind, of its level or lower."""

    knight: str
    kind: str
    level: int
    node: str


class OutpostVisit(_Model):
    round: int
    after_clash: bool


class RogueState(_Model):
    rosegraal: str
    party_size: int = Field(ge=1, description="full strength: the Knights at the start")
    resurrections: int = Field(ge=0)
    crossed: list[str] = Field(default_factory=list)
    round: int = 0
    tackling: Tackle | None = None
    owned: list[str] = Field(default_factory=list, description="Monster keys the group owns")
    claimed: dict[str, str] = Field(default_factory=dict, description="reward id -> Knight id")
    owed: list[Owed] = Field(default_factory=list)
    outpost: list[OutpostVisit] = Field(default_factory=list)
    history: list[str | RogueRoundResolved] = Field(default_factory=list, description=(
        "one record per Rosegraal Round resolved (a line of words in a campaign from before the facts)"))
    outcome: Literal["won", "lost"] | None = None
