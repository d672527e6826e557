"""What happens on the Clash Board when miniatures move (the board's operations, rules/board): each ``BoardEvent`` is
typed (its kind, the miniature, the spaces, the tile, the numbers) and ``say`` names which of its kind's sentences
tells it; the words are bot/narration/board.py's. Names are as stored (the application escapes a Knight's stored name
in the whole reply). An event stored before the board's words moved to the edge holds its sentence in ``text``, which
is told as it is."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.board.geometry import Direction, Space
from rules.facts import Fact, fact

EventKind = Literal[
    "move",
    "turn",
    "crash",
    "knockdown",
    "unavoidable_knockback",
    "displace",
    "death",
    "terrain_destroyed",
    "terrain_entered",
    "edge_slide",
    "stopped",
    "ignored",
    "placed",
    "choice",
]

# which sentence tells an event (one per way the board reports it); bot/narration/board.py words each
BoardSay = Literal[
    # Knights and Monsters moving
    "moves_to", "moves_spaces", "moves_laterally", "stays", "acrobatics", "pushed_to", "dragged_to", "pulled_to",
    "vaulted_to", "ends_movement", "ends_pushback", "ends_on", "appears", "suffers_knockback", "climbs_vp",
    "displaced", "displaced_off_vp", "displaced_at_edge", "displaced_at", "turns", "turns_most", "edge_continues",
    "edge_slides", "jumps_over",
    # Terrain
    "enters", "moved_through", "pushed_against", "terrain_placed", "destroyed", "lands_on_knight",
    "indestructible_under", "destructible_on_monster",
    # Crash, Knockdown, death
    "crash", "knocked_down", "dies",
    # abilities that change or cancel the effect
    "braced_knockdown", "braced_ignores", "stalwart", "lifeline_terrain", "lifeline_edge", "rocksteady", "roll_out",
    "inspire", "motivate", "always_there",
    # the move stops or does not happen
    "lumbering_push", "lumbering_drag", "lumbering_pull", "lumbering_moved", "not_adjacent", "not_adjacent_drag",
    "not_adjacent_vault", "stopped_by", "stopped_at", "stops_before", "stops_before_mini", "stops_at_chasm",
    "blocked_at", "no_edge_displace", "cannot_push_toward", "already_adjacent_pull", "cannot_pull", "nothing_toward",
    "vault_displaced", "can_attack_from", "no_line", "dwell_stays", "board_full", "pushback_stops", "no_path_toward",
    "no_move", "no_target", "difficult",
]

# why a Knight suffers Crash or dies, or why a tile is destroyed (``BoardCause.how``)
CauseHow = Literal[
    "no_displace_space", "no_displace_space_vp", "on_terrain", "forced_onto", "moved_onto", "pushed_into",
    "dragged_into", "pulled_into", "forced_into", "knocked_into", "vaulted_into", "room_for", "placed_on", "against",
    "vaulted_off_edge", "vaulted_onto", "moves_onto", "by", "ends_on", "lands_on", "falls_off_boundless",
    "pushed_off_boundless", "pushed_against",
]

Against = Literal["edge", "indestructible"]  # what stops a Pushback: the Board Edge, an Indestructible Obstacle
Aim = Literal["behind", "onto", "dwell", "area"]  # where a Monster walks: behind or onto its Target, a Swamp, an area
Ability = Literal["Drag", "Pull", "Pushback", "Knockback", "Unavoidable Knockback"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class BoardCause(BaseModel):
    """Why a Knight suffers Crash or dies, or a tile is destroyed: ``how``, the piece or tile named (``name``), the
    space (``space``), what stopped a Pushback (``against``)."""

    model_config = _FROZEN
    how: CauseHow
    name: str = ""
    space: Space | None = None
    against: Against | None = None


class BoardEvent(BaseModel):
    """Something that happened on the board: its ``kind`` and what it did (the miniature, ``spaces``, the tile, the
    other piece, ``vigor_loss``, ``ignorable_by``), and what its sentence names (``say``; the miniature's ``name``,
    ``other_name``, the space ``at``, ``direction``, ``number``/``count``, ``ability``, ``aim``, ``against``,
    ``cause``).

    ``vigor_loss`` is set on Crash events (the board does not track Vigor; the caller applies it).
    ``ignorable_by`` names a Knight ability that may cancel the effect after the fact (Rocksteady
    on a Knockdown); the caller offers it to the player. ``text``: the sentence of an event stored before the words
    moved to the edge (told as it is).
    """

    model_config = _FROZEN
    kind: EventKind
    text: str = ""
    miniature: str | None = None
    spaces: tuple[Space, ...] = ()
    terrain: str | None = None
    other: str | None = None
    vigor_loss: int = 0
    ignorable_by: str | None = None
    say: BoardSay | None = None
    name: str = ""
    other_name: str = ""
    at: Space | None = None
    direction: Direction | None = None
    number: int | None = None
    count: int | None = None
    ability: Ability | None = None
    aim: Aim | None = None
    against: Against | None = None
    cause: BoardCause | None = None

    def effect(self, spaces: bool = True) -> str:
        """What the event does (its kind and fields, never what only its sentence names): what tells two branches
        apart; without its ``spaces`` (a move's path) when only the end state counts."""
        fields = set(_EFFECT) if spaces else set(_EFFECT) - {"spaces"}
        return self.model_dump_json(include=fields)


_EFFECT = ("kind", "miniature", "spaces", "terrain", "other", "vigor_loss", "ignorable_by")


@fact
class BoardTold(Fact):
    """A board operation's ``events``, told as one paragraph (a move's line: a Knight's Movement, a Deploy, a Monster
    turning before its Attack); none: nothing is said."""

    fact: Literal["board_told"] = "board_told"
    events: tuple[BoardEvent, ...] = ()


@fact
class BoardApplied(Fact):
    """The Clash puts a board operation's Outcome on the board (rules/clash/harm.py ``apply_outcomes``): its
    ``events``."""

    fact: Literal["board_applied"] = "board_applied"
    events: tuple[BoardEvent, ...]


@fact
class BoardDeathWhy(Fact):
    """Why a Knight died on the board (the ``event`` of their death), as a Knight's death tells it (``KnightDied``)."""

    fact: Literal["board_death_why"] = "board_death_why"
    event: BoardEvent
