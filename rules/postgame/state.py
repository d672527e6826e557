"""``CampaignState.postgame``: the Postgame under way (docs/postgame.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HuntRun(_Model):
    """The Hunt being played: its Dungeon first, then its Clash ("you need to win both the Dungeon and the following
    Clash")."""

    hunt: str | None = Field(None, description="the tower Hunt's id; None for a Custom Hunt")
    monster: str
    monster_name: str
    level: int
    dungeon: str
    room: str = Field(description="the room the party stands in")
    visited: list[str] = Field(default_factory=list, description="rooms entered, in order (the start room first)")
    threat: int = 0
    clues: int = Field(0, ge=0, description="Clue tokens the party gained in this Hunt")
    encounters: list[str] = Field(default_factory=list, description="Encounters met, to resolve by hand")
    dungeon_won: bool = False
    knights: list[str] = Field(default_factory=list, description="ids of the Knights who started the Clash")
    exchanged: dict[str, int] = Field(default_factory=dict, description="Clues exchanged at the Clash start")
    clash_seen: bool = False
    over: Literal["victory", "defeat"] | None = None


class Owed(_Model):
    """A Hunt won for the first time whose Legendary rewards may be taken in exchange for a Clash Loot card."""

    hunt: str
    rewards: list[str]


class PostgameState(_Model):
    apocrypha: str = Field(description="the Rites of the Apocrypha tower (content id)")
    marked: list[str] = Field(default_factory=list, description="Hunts won (marked on the Rites of Apocrypha Sheet)")
    defeated: dict[str, list[int]] = Field(default_factory=dict,
                                           description="Monster id -> the levels defeated in the Postgame")
    run: HuntRun | None = None
    owed: list[Owed] = Field(default_factory=list)
    claimed: dict[str, str] = Field(default_factory=dict, description="Legendary reward id -> Knight id")
    history: list[str] = Field(default_factory=list, description=(
        "one line per Hunt played (rules.postgame.facts.hunt_record), shown in the Postgame's data"))
