"""The Delve's part of the campaign state (``CampaignState.delve``; None outside a Delve).

The Kingdom track itself is ``CampaignState.track`` (shared with ``/roll save kind:curse|threat``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from content.schema.kingdom import ClueType
from rules.decision_records import Pending
from rules.delve.encounter_state import EncounterState

Direction = Literal["north", "east", "south", "west"]


class ClueGained(BaseModel):
    type: ClueType
    tile: str
    why: str = Field(description="how its type was found: the direction read on the Exploration card back")


class FogCardPlaced(BaseModel):
    """A Deep Fog card on the table during a traversal, on a grid cell (the Starting card at 0, 0)."""

    card: str
    x: int
    y: int
    face_up: bool = True
    hazard_live: bool = Field(False, description="drawn after the first Course Correct: its Hazard resolves")


class FogState(BaseModel):
    """A Deep Fog traversal under way (rulebook "Traversing the Fog"; rules/delve/fog.py)."""

    target: str = Field(description="the Unexplored Kingdom tile the party travels to")
    intensity: int = Field(description="the target's Deep Fog Intensity: the length a path needs")
    origin: str = Field(description="the Kingdom tile with the reminder (Generic) token")
    heading: Direction = Field(description="the direction of the current path")
    spread: list[FogCardPlaced] = Field(default_factory=list)
    path: list[int] = Field(default_factory=list, description="the current path (spread indexes), Party marker last")
    corrections: int = 0
    half_cups: int = 0
    full_cups: int = 0
    wander: int = Field(0, description="Wander uses the party declared for this traversal")
    leader: str | None = Field(None, description="the Party Leader's Knight id: the Target of Deep Fog effects")
    value: int | None = Field(None, description="the final Deep Fog Value, once the party leaves")
    outcome: Literal["flawless", "minor", "grave"] | None = None
    time_reached: list[int] = Field(default_factory=list, description="Time 8/16 reached during the traversal")
    pending: Pending | None = None
    asked: int = 0


class EncounterMonster(BaseModel):
    """An Encounter Monster card drawn at Monster Setup ("Place these cards next to the Kingdom Sheet"), with the side
    (level) in play. Its two tokens: one on the District Wheel, one on the Kingdom map when it hunts the party."""

    card: str = Field(description="the Encounter Monster card id")
    monster: str = Field(description="the Monster id (its Monster sheet)")
    name: str
    level: int = Field(description="the level read in the Bestiary: the card's side in play")


class Resume(BaseModel):
    """The steps of a Delve round waiting for an Encounter: "finish resolving your current step, then immediately
    proceed to the Encounter" (``/delve continue`` resolves them)."""

    steps: list[Literal["front", "exploration", "story"]] = ["exploration", "story"]
    time_reached: list[int] = Field(default_factory=list, description="Time 8/16 reached this round (Story step)")


class TokenChoice(BaseModel):
    """Where an Encounter Monster token goes when the rules leave it to the party (docs/rulings.md, "Ties between
    shortest paths"): ``step``, two shortest paths tie ("via the shortest possible path" gives no tiebreak); ``land``,
    a token on another section of the map placed on "the tile adjacent to the Party marker" (several); ``spawn``,
    the Threat 7 spawn "onto an adjacent Kingdom tile" (several). Answered with ``/delve route``."""

    id: str = Field(max_length=24)
    kind: Literal["step", "land", "spawn"]
    card: str
    at: str | None = Field(None, description="the tile the token stands on (None: it spawns)")
    options: list[str] = Field(min_length=2)
    steps: int = Field(0, ge=0, description="step: tiles still to move after the chosen one")
    moves: int = Field(0, ge=0, description="the Hunt's tiles, for the tokens after this one")
    after: list[str] = Field(default_factory=list, description="tokens still to move in this Hunt, in order")


class HinderingToken(BaseModel):
    """A Hindering token on the Kingdom map (rulebook "Hindering Tokens"): a Panzergate on a path (``tile`` and the
    path's ``direction``), a Deep Fog token on a tile's Deep Fog path, a Flood or Rubble token on a tile."""

    kind: Literal["single_panzergate", "triple_panzergate", "deep_fog", "flood", "rubble"]
    tile: str
    direction: Direction | None = None


class ContractMark(BaseModel):
    """A signed Contract's mark on the Kingdom Sheet (content ``plan``; rules/delve/contracts.py)."""

    contract: str
    mark: str = Field(description="the Kingdom tile placed on the Kingdom Sheet")
    seen: str = Field(description="the Party's tile when the Contract last looked (entering a tile is news)")
    test_due: str | None = Field(None, description="the tile just entered where any Knight may take the test")
    fulfilled: bool = False


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
    fog: FogState | None = Field(None, description="the Deep Fog traversal under way")
    fog_deck: list[str] | None = Field(None, description="the Deep Fog deck, top first (formed at the first traversal)")
    fog_discard: list[str] = Field(default_factory=list)
    fog_forced: list[str] = Field(default_factory=list, description="the GM's next Deep Fog cards, in order")
    rested: bool = Field(False, description="the Rest Phase of this Expedition is done")
    contract: ContractMark | None = Field(None, description="the signed Contract's mark, when its plan has one")
    resting: bool = Field(False, description="the Rest Phase waits after its Rest Abilities step (/rest again)")
    # Monster Setup and the Encounter Monster tokens (rules/delve/monsters.py)
    leader: str | None = Field(None, description="the Party Leader's Knight id (Monster Setup reads their tier)")
    tier: str | None = Field(None, description="the tier the Bestiary was read at")
    bestiary_box: str | None = Field(None, description="the Tale box the Bestiary was read at (None: no box marked)")
    encounter_monsters: list[EncounterMonster] = Field(
        default_factory=list, description="the Encounter Monster cards drawn at Monster Setup"
    )
    encounter_deck: list[str] = Field(
        default_factory=list, description="the rest of the Encounter Monster deck, top first (not drawn)"
    )
    wheel_tokens: dict[str, str] = Field(
        default_factory=dict, description="the District Wheel: district id -> Encounter Monster card id"
    )
    map_tokens: dict[str, str] = Field(
        default_factory=dict, description="Encounter Monster tokens on the Kingdom map: card id -> tile id"
    )
    hunts_due: list[int] = Field(
        default_factory=list, description="moves of the Hunt Spaces reached, not resolved yet (in order)"
    )
    spawn_due: bool = Field(False, description="the Threat 7 spawn is waiting to be resolved")
    token_choice: TokenChoice | None = Field(None, description="a token's move waiting for the party (/delve route)")
    token_choices: int = Field(0, ge=0, description="token choices asked this Delve (their ids: route<n>)")
    encounter_due: str | None = Field(
        None, description="the Encounter Monster card id to resolve an Encounter with now (the Encounter code reads it)"
    )
    encounter_token: str | None = Field(
        None, description="the card whose map token triggered the Encounter: removed, then Rotation 1, once it is over"
    )
    dead_party_lost: bool = Field(
        False, description="the Expedition was lost once because every Knight was dead (not declared again: a story "
        "override is the GM's `/delve adjust lost:false`)",
    )
    encounter_cause: str | None = Field(
        None, max_length=200,
        description="why an Encounter that no token triggered is due (e.g. the Exploration card Fresh Tracks)",
    )
    resume: Resume | None = Field(None, description="the round's steps waiting for the Encounter")
    encounter: EncounterState | None = Field(None, description="the Encounter under way (rules/delve/encounter.py)")
    # Exploration cards in play and Exploration Ciphers (rules/delve/exploration.py)
    district_effects: dict[str, str] = Field(
        default_factory=dict, description="District effects in play: district id -> Exploration card id (one each)"
    )
    active_effects: list[str] = Field(
        default_factory=list, description="the Active Effect space of the Kingdom Sheet (one card at most)"
    )
    ciphers_read: list[str] = Field(default_factory=list, description="Exploration Cipher codes read this Expedition")
    explored_in: dict[str, int] = Field(
        default_factory=dict, description="the round each tile was explored in (its Cipher is read in that round)")
    adventure: str | None = Field(None, description="the Adventure waiting for its test result (adventures.py)")
    adventure_results: dict[str, bool] = Field(
        default_factory=dict, description="a group test under way: Knight id -> success (adventures.py)"
    )
    hindering: list[HinderingToken] = Field(default_factory=list, description="Hindering tokens on the map")
    card_rounds: dict[str, list[int]] = Field(
        default_factory=dict, description="Active cards in play for N rounds: card id -> [first round, last round]"
    )
    threat_extra: dict[str, int] = Field(
        default_factory=dict, description="cards in play that add Threat to each Threat gain: card id -> amount"
    )

    def placed(self) -> list[str]:
        return [*self.explored, *self.face_down, *self.revealed]
