"""The facts of the Delve's own steps (rules/delve/handlers.py, tile_step.py); their words: bot/narration/delve.py."""

from typing import Literal

from rules.delve.monster_facts import WheelSpace
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


@fact
class GenericTokenRemoved(Fact):
    """The tile entered was revealed, not explored: its Generic token is removed."""

    fact: Literal["delve_generic_token_removed"] = "delve_generic_token_removed"


@fact
class MoreClues(Fact):
    """The cards in play ``cards`` add ``extra`` Clue(s) to this gain (then leave play)."""

    fact: Literal["delve_more_clues"] = "delve_more_clues"
    cards: list[str]
    extra: int


@fact
class BacktrackExtra(Fact):
    """A District card in play: the Backtrack costs Threat +``extra`` more for the tiles it covers."""

    fact: Literal["delve_backtrack_extra"] = "delve_backtrack_extra"
    extra: int


@fact
class BacktrackThroughToken(Fact):
    """The party Backtracks through ``tile``, where ``monster``'s token stands (an Encounter is due)."""

    fact: Literal["delve_backtrack_through_token"] = "delve_backtrack_through_token"
    tile: str
    monster: str


@fact
class RoundWaits(Fact):
    """The ``steps`` left of this round (the rest of it, the Exploration and Story steps, the Story step) wait for
    ``on``: the party's choice of a token's tile, or the Encounter due."""

    fact: Literal["delve_round_waits"] = "delve_round_waits"
    steps: Literal["rest", "exploration_story", "story"]
    on: Literal["choice", "encounter"]


@fact
class PanzergatePlaced(Fact):
    """A Panzergate token (``kind``) placed on the ``direction`` path of ``tile`` (``tile_id``) at step e."""

    fact: Literal["delve_panzergate_placed"] = "delve_panzergate_placed"
    kind: str
    direction: str
    tile: str
    tile_id: str


@fact
class HinderingOnTile(Fact):
    """A Flood or Rubble token (``kind``) on the tile ``tile`` entered: its consequences by hand."""

    fact: Literal["delve_hindering_on_tile"] = "delve_hindering_on_tile"
    kind: str
    tile: str


@fact
class StartingTileRandom(Fact):
    """The starting tile is chosen at random among ``tiles``."""

    fact: Literal["delve_starting_tile_random"] = "delve_starting_tile_random"
    tiles: list[str]


@fact
class DelveLeader(Fact):
    """The Party Leader at Monster Setup: ``knight`` (empty: no Knight yet), read at ``tier``."""

    fact: Literal["delve_leader"] = "delve_leader"
    knight: str = ""
    tier: str


@fact
class RoundGoesOn(Fact):
    """The round goes on: with ``/delve continue`` after the party's choice (``how`` "continue"), or where the
    Encounter interrupted it ("resumed")."""

    fact: Literal["delve_round_goes_on"] = "delve_round_goes_on"
    how: Literal["continue", "resumed"]


@fact
class NothingChanges(Fact):
    """``/delve gain`` with nothing to change."""

    fact: Literal["delve_nothing_changes"] = "delve_nothing_changes"


@fact
class GmAdjusted(Fact):
    """The GM's adjustment of the Delve (no rules applied): each field set and its value as shown."""

    fact: Literal["delve_gm_adjusted"] = "delve_gm_adjusted"
    values: list[tuple[str, str]]


@fact
class GmExplorationSet(Fact):
    """The GM sets the top ``count`` card(s) of the Exploration deck."""

    fact: Literal["delve_gm_exploration_set"] = "delve_gm_exploration_set"
    count: int


@fact
class GmHindering(Fact):
    """The GM places (or ``removed``) a Hindering token ``kind`` on ``tile`` (``side``: a Panzergate's path)."""

    fact: Literal["delve_gm_hindering"] = "delve_gm_hindering"
    kind: str
    tile: str
    side: str | None = None
    removed: bool = False


@fact
class GmToken(Fact):
    """The GM puts ``monster``'s token on ``tile`` (None: off the map)."""

    fact: Literal["delve_gm_token"] = "delve_gm_token"
    monster: str
    tile: str | None = None


@fact
class GmRotation(Fact):
    """The GM performs Rotation ``amount``: the District Wheel ``wheel`` now."""

    fact: Literal["delve_gm_rotation"] = "delve_gm_rotation"
    amount: int
    wheel: list[WheelSpace]


@fact
class GmEncounterCancelled(Fact):
    """The GM cancels the Encounter due with ``monster`` (``token``: its token leaves the map), no Rotation."""

    fact: Literal["delve_gm_encounter_cancelled"] = "delve_gm_encounter_cancelled"
    monster: str
    token: bool
