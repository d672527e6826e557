"""The facts of the Delve's own steps (rules/delve/handlers.py, tile_step.py); their words: bot/narration/delve.py."""

from __future__ import annotations

from typing import Literal

from rules.facts import Fact, fact


@fact
class DelveBegins(Fact):
    fact: Literal["delve_begins"] = "delve_begins"
    kingdom: str


@fact
class PartyPlaced(Fact):
    """The Party marker on the starting tile ``tile`` (``tile_id``, ``district``); ``placed`` face down around it."""

    fact: Literal["party_placed"] = "party_placed"
    tile: str
    tile_id: str
    district: str
    placed: list[str]


@fact
class PartyMoves(Fact):
    """Delve Round ``round``: the party moves (``how``: explore toward ``direction``, a Shortcut, out of the Deep
    Fog) onto the ``size`` tile ``tile_id``."""

    fact: Literal["party_moves"] = "party_moves"
    round: int
    how: Literal["explore", "shortcut", "fog"]
    direction: str = ""
    size: str
    tile_id: str


@fact
class TileRevealed(Fact):
    """``tile`` (in ``district``) revealed as the party explores it; ``placed`` the tiles placed face down."""

    fact: Literal["tile_revealed"] = "tile_revealed"
    tile: str
    district: str
    placed: list[str]


@fact
class PointOfInterest(Fact):
    """The Point of Interest ``poi`` (with the top Exploration card's ``modifier``, None: none) = ``key``: the row
    ``row`` of the table (its ``text``), or no row."""

    fact: Literal["point_of_interest"] = "point_of_interest"
    poi: int | str
    modifier: int | None = None
    key: int | str
    row: str | None = None
    text: str = ""


@fact
class PartyBacktracks(Fact):
    """Delve Round ``round``: the party Backtracks through ``through`` (Time +1, Threat +len-1)."""

    fact: Literal["party_backtracks"] = "party_backtracks"
    round: int
    through: list[str]


@fact
class TileShownUnexplored(Fact):
    """A tile revealed by an effect, still Unexplored (Generic token): its back's Time, Threat and Clues."""

    fact: Literal["tile_shown_unexplored"] = "tile_shown_unexplored"
    tile_id: str
    tile: str
    time: int
    threat: int
    clues: int
