"""The state of an Encounter under way (``DelveState.encounter``; rules/delve/encounter.py,
rules/delve/encounter_handlers.py).

Spaces are ``(row, column)``, 0-based, on the Encounter Board (row A = 0 at the top, column 1 = 0 at the left).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.decision_records import Pending

Facing = Literal["north", "east", "south", "west"]
Space = tuple[int, int]
# The steps still to run, in order: "monsters" (Monster Positioning), "knights" (Knight Positioning), "roar" (Dragon's
# Roar: who moves), "monster_round", "knight_round", "resolution".
Step = Literal["monsters", "knights", "roar", "monster_round", "knight_round", "resolution"]
Outcome = Literal["success", "partial", "failure"]
Placing = Literal["mob", "two_dice", "dragon"]


class EncounterMini(BaseModel):
    """A Monster miniature on the Encounter Board."""

    number: int = Field(description="1, 2, ...: the miniatures in the order they were placed")
    cells: list[Space] = Field(description="the spaces it stands on")
    facing: Facing
    targets: list[Space] = Field(description="the spaces its Attack targets (on the board)")


class EncounterKnight(BaseModel):
    """A Knight of the party in the Encounter."""

    knight: str = Field(description="the campaign Knight's id")
    space: Space | None = None
    status: Literal["waiting", "placed", "out"] = Field(
        "waiting", description="out: removed from the Encounter (sits it out, or was in the Monster's way)"
    )
    why_out: str | None = None
    action: Literal["attack", "help"] | None = Field(None, description="what the Knight did in the Knight Round")


class EncounterState(BaseModel):
    """An Encounter under way: the card and its side, the board, the miniatures, the Encounter Pool, the Scrapes."""

    card: str = Field(description="the Encounter Monster card id")
    level: int = Field(description="the side of the card in play")
    monster: str = Field(description="the Monster id")
    name: str
    tier: str
    board: str = Field(description="the Encounter Board id")
    placing: Placing = Field(description="how the Monster is positioned: one d6 per Mob, two d6, or a Dragon's one")
    ambush: bool = False
    quest: bool = Field(False, description="a Quest paragraph asked for it: Partial counts as Success")
    token: bool = Field(False, description="triggered by an Encounter Monster token on the party's tile")
    called: bool = Field(False, description="no Encounter was due: this one made itself due until it is over")
    steps: list[Step] = Field(default_factory=list, description="the steps still to run, the current one first")
    roared: bool = Field(False, description="Dragon's Roar was resolved (only once)")
    monster_rounds: int = 0
    monsters: list[EncounterMini] = Field(default_factory=list)
    knights: list[EncounterKnight] = Field(default_factory=list)
    rolls: dict[str, str | None] = Field(
        default_factory=dict, description="Knight Positioning: each Knight's rolled symbol (None: a Hope face)"
    )
    pool: dict[str, int] = Field(default_factory=dict, description="the Encounter Pool (not the Knight Pool)")
    scrapes: list[str] = Field(default_factory=list, description="a Knight id per Scrape token, in order")
    critical_used: bool = Field(False, description="the Critical is resolved once per Encounter")
    outcome: Outcome | None = None
    time_reached: list[int] = Field(default_factory=list, description="Time 8/16 reached during the Encounter")
    pending: Pending | None = None
    asked: int = 0

    def knight(self, kid: str) -> EncounterKnight:
        return next(k for k in self.knights if k.knight == kid)
