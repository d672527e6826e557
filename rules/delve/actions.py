"""The actions of the Delve, the Deep Fog and the Rest Phase (handled in rules/delve/handlers.py,
rules/delve/fog_handlers.py and rules/delve/rest_handlers.py); their `type` tags are in players' logs."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.delve.state import Direction

Id = str
Dir = Literal["north", "east", "south", "west"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DelveStart(_Action):
    type: Literal["delve_start"] = "delve_start"
    kingdom: str = Field(min_length=1, max_length=64)
    start: str | None = Field(None, max_length=64, description="a starting tile; empty: one at random")
    leader: str | None = Field(None, max_length=64, description="the Party Leader (Knight name or id); empty: the "
                               "Expedition's Party Leader, else the first Knight of the campaign")


class DelveTravel(_Action):
    type: Literal["delve_travel"] = "delve_travel"
    direction: Dir | None = None
    to: str | None = Field(None, max_length=64)
    fog: str | None = Field(None, max_length=64, description="enter the Deep Fog toward this Unexplored tile")
    trailmake: int | None = Field(None, ge=1, le=14, description="Deep Fog: Trailmake X at the start of traversal")
    wander: int = Field(0, ge=0, le=5, description="Deep Fog: Wander uses the party has for this traversal")
    leader: str | None = Field(None, max_length=64, description="Deep Fog: the Party Leader (Knight name or id)")
    decision: str | None = Field(None, max_length=24, description=(
        "the Travel step answered (``travel<n>``, ``travel_decision``): refused once the party has travelled since"))


class DelveAdjust(_Action):
    """GM: set track values (no rules run)."""

    type: Literal["delve_adjust"] = "delve_adjust"
    while_waiting: ClassVar[bool] = True
    threat: int | None = Field(None, ge=0, le=30)
    curse: int | None = Field(None, ge=0, le=30)
    time: int | None = Field(None, ge=0, le=40)
    lost: bool | None = None
    shortcuts: bool | None = None
    token: str | None = Field(None, max_length=64, description="an Encounter Monster card id (or Monster id)")
    to: str | None = Field(None, max_length=64, description="with token: the tile for its map token, or 'off'")
    rotation: int | None = Field(None, ge=1, le=9, description="perform Rotation X on the District Wheel")
    clear_encounter: bool | None = Field(None, description="true: the Encounter due is cancelled (no Rotation)")
    hinder: Literal["single_panzergate", "triple_panzergate", "deep_fog", "flood", "rubble"] | None = Field(
        None, description="a Hindering token to place (or, with remove, to remove) on tile:")
    tile: str | None = Field(None, max_length=64, description="with hinder: the tile")
    side: Dir | None = Field(None, description="with hinder: the path (Panzergate, Deep Fog token) of the tile")
    remove: bool | None = Field(None, description="with hinder: true removes the token")
    exploration: list[Annotated[str, Field(min_length=1, max_length=64)]] | None = Field(
        None, min_length=1, max_length=30,
        description="Exploration cards (ids) put on top of the Exploration deck, in this order (the first on top)")


class DelveRoute(_Action):
    """The party's answer to an Encounter Monster token's move the rules leave to them (a tie between shortest
    paths, the tile next to the Party marker, the spawn's adjacent tile)."""

    type: Literal["delve_route"] = "delve_route"
    while_waiting: ClassVar[bool] = True
    decision: str | None = Field(None, max_length=24, description="the decision answered (route<n>)")
    option: str = Field(min_length=1, max_length=64, description="the tile the token goes onto")


class DelveContinue(_Action):
    """The steps of the round that waited for an Encounter (Exploration, Story)."""

    type: Literal["delve_continue"] = "delve_continue"


class DelveGain(_Action):
    """GM: gain (or, negative, lose) track values through the rules."""

    type: Literal["delve_gain"] = "delve_gain"
    threat: int = Field(0, ge=-30, le=30)
    curse: int = Field(0, ge=-30, le=30)
    time: int = Field(0, ge=-40, le=40)


class DelveCipher(_Action):
    """An Exploration Cipher: the full four-digit code (the tile's half and the Knight's half)."""

    type: Literal["delve_cipher"] = "delve_cipher"
    code: str = Field(pattern=r"^[0-9]{4}$", description="the four-digit code")
    knight: str | None = Field(None, max_length=64, description="the Knight whose half it is (Target of its effects)")


class DelveDiscard(_Action):
    """A District or Active Exploration card leaves play (its condition met, its rounds over)."""

    type: Literal["delve_discard"] = "delve_discard"
    card: str = Field(min_length=1, max_length=64, description="the card id, or the district of a District card")


class DelveReveal(_Action):
    type: Literal["delve_reveal"] = "delve_reveal"
    tile: str = Field(min_length=1, max_length=64)


CardId = Annotated[str, Field(min_length=1, max_length=64)]


class FogAnswer(_Action):
    """The party's answer to the Deep Fog decision (``/fog stay|withdraw|correct|choose``)."""

    type: Literal["fog_answer"] = "fog_answer"
    while_waiting: ClassVar[bool] = True
    choice: Literal["stay", "withdraw", "correct", "choose"]
    card: str | None = Field(None, max_length=64, description="correct: a card of the path (id or 1-based position)")
    direction: Direction | None = Field(None, description="correct: the new path's direction")
    option: str | None = Field(None, max_length=80, description="choose: the option key")
    decision: str | None = Field(None, max_length=16, description=(
        "the decision answered (``fog<n>``): refused when another one waits (a stale button or a late typist)"))


class FogForce(_Action):
    """GM: the next Deep Fog cards taken from the deck, in order (like forced dice, announced)."""

    type: Literal["fog_force"] = "fog_force"
    while_waiting: ClassVar[bool] = True
    cards: list[CardId] = Field(min_length=1, max_length=20)


class RestPhase(_Action):
    type: Literal["rest_phase"] = "rest_phase"
    tale: bool = Field(True, description="resolve a Campfire Tale (the party may decline)")
    pause: bool = Field(False, description="wait after the Rest Abilities step while a Knight has a Rest Technique in "
                        "hand (every /rest typed since issue #20; a logged Rest without it ran every step at once)")
