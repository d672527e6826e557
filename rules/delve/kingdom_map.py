"""The Kingdom map: tiles placed face down, revealed, explored; legal travel from the Party's tile;
disjointed sections.

Tiles lie on a grid given by their paths (``content.schema.kingdom.layout``): a tile is drawn where
its paths put it, so two sections of a disjointed map join by themselves once a tile connects them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from content.schema.kingdom import OPPOSITE, STEP, Kingdom, KingdomTile, layout
from rules.coverage import implements
from rules.delve.delve_facts import HinderingOnTile, PanzergatePlaced
from rules.delve.state import DelveState, HinderingToken
from rules.errors import RuleError
from rules.facts import said

Kind = Literal["explore", "backtrack", "fog", "shortcut"]
Tiles = dict[str, KingdomTile]


@dataclass(frozen=True)
class Destination:
    tile: str
    kind: Kind
    direction: str | None = None  # explore: the path taken; backtrack: the first step
    through: tuple[str, ...] = ()  # backtrack: every tile moved onto, the destination last
    time: int = 0
    threat: int = 0
    clues: int = 0
    fog_intensity: int | None = None
    size: str = ""
    name: str | None = None  # only when the tile is face up

    def data(self) -> dict[str, object]:
        out: dict[str, object] = {
            "tile": self.tile, "kind": self.kind, "direction": self.direction, "size": self.size,
            "time": self.time, "threat": self.threat, "clues": self.clues, "name": self.name,
        }
        if self.kind == "backtrack":
            out["through"] = list(self.through)
        if self.fog_intensity is not None:
            out["fog_intensity"] = self.fog_intensity
        return out


@dataclass
class Placement:
    delve: DelveState
    placed: list[str] = field(default_factory=list)


@implements(
    "Kingdom Map",
    tests=["tests/delve/test_map.py::test_start_places_the_starting_tile_and_its_neighbours_face_down"],
)
def place_neighbours(delve: DelveState, tiles: Tiles, tile_id: str) -> Placement:
    """"place all corresponding Kingdom tiles connected to your current tile face down": every path
    target not on the table yet."""
    on_table = set(delve.placed())
    new = [p.to for p in tiles[tile_id].paths if p.to not in on_table]
    return Placement(delve.model_copy(update={"face_down": [*delve.face_down, *new]}), new)


@implements(
    "Revealing a Kingdom Tile",
    tests=[
        "tests/delve/test_map.py::test_revealed_tile_stays_unexplored_and_resolves_its_back_when_entered",
    ],
)
def reveal(delve: DelveState, tile_id: str) -> DelveState:
    """Flip an Unexplored tile face up and mark it with a Generic token: still Unexplored."""
    if tile_id in delve.explored:
        raise RuleError(f"{tile_id} is already explored (face up); only Unexplored tiles can be revealed")
    if tile_id in delve.revealed:
        raise RuleError(f"{tile_id} is already revealed")
    if tile_id not in delve.face_down:
        raise RuleError(f"{tile_id} is not on the table face down; reveal one of: {', '.join(delve.face_down) or '—'}")
    return delve.model_copy(
        update={"face_down": [t for t in delve.face_down if t != tile_id], "revealed": [*delve.revealed, tile_id]}
    )


def enter(delve: DelveState, tile_id: str, direction: str | None) -> DelveState:
    """Turn the tile face up (removing a Generic token) and move the Party marker onto it."""
    return delve.model_copy(
        update={
            "tile": tile_id,
            "explored": [*delve.explored, tile_id] if tile_id not in delve.explored else delve.explored,
            "face_down": [t for t in delve.face_down if t != tile_id],
            "revealed": [t for t in delve.revealed if t != tile_id],
            "last_direction": direction,
        }
    )


GATES = {"single_panzergate": "Single Panzergate", "triple_panzergate": "Triple Panzergate",
         "deep_fog": "Deep Fog token", "flood": "Flood token", "rubble": "Rubble token"}


@implements(
    "Hindering Tokens",
    tests=["tests/delve/test_hindering.py::test_a_panzergate_token_closes_its_path_both_ways_for_the_party",
           "tests/delve/test_hindering.py::test_a_panzergate_blocks_a_backtrack_through_its_path",
           "tests/delve/test_hindering.py::test_encounter_monster_tokens_ignore_panzergates"],
    note="Panzergate tokens close their path to the party (both ways; Encounter Monster tokens ignore them); a Deep "
    "Fog token blocks a Deep Fog path; Flood and Rubble tokens are placed by the GM and their consequences shown "
    "to apply by hand",
)
def gate_on(delve: DelveState, tiles: Tiles, tile_id: str, direction: str) -> HinderingToken | None:
    """The Panzergate token on the path leaving ``tile_id`` toward ``direction`` (placed on either end of it)."""
    path = tiles[tile_id].path(direction)
    for token in delve.hindering:
        if token.kind not in ("single_panzergate", "triple_panzergate"):
            continue
        if token.tile == tile_id and token.direction == direction:
            return token
        if path is not None and token.tile == path.to and token.direction == OPPOSITE[direction]:
            return token
    return None


def fog_blocked(delve: DelveState, tile: KingdomTile) -> bool:
    """"You may do so only if there is an unblocked Deep Fog path on your current tile": every Deep Fog path of the
    tile has a Deep Fog token (one with no direction blocks them all)."""
    tokens = [t for t in delve.hindering if t.kind == "deep_fog" and t.tile == tile.id]
    if any(t.direction is None for t in tokens):
        return True
    return all(any(t.direction == d for t in tokens) for d in tile.fog_paths)


@implements(
    "Kingdom Tile Anatomy",
    tests=["tests/delve/test_hindering.py::test_step_e_places_the_panzergate_tokens_of_the_front"],
    note="Single and Triple Panzergates on a tile's front place their token on that path at step e",
)
def place_panzergates(delve: DelveState, tile: KingdomTile) -> tuple[DelveState, list[str]]:
    """"Single Panzergate: Represents a Single Panzergate. Place a Single Panzergate token on this path." (Triple
    likewise), resolved with the front's symbols."""
    texts: list[str] = []
    tokens = list(delve.hindering)
    for gate in tile.panzergates:
        kind = "single_panzergate" if gate.kind == "single" else "triple_panzergate"
        if any(t.tile == tile.id and t.direction == gate.direction and t.kind == kind for t in tokens):
            continue
        tokens.append(HinderingToken(kind=kind, tile=tile.id, direction=gate.direction))
        texts.append(said(PanzergatePlaced(kind=kind, direction=gate.direction, tile=tile.name, tile_id=tile.id)))
    return delve.model_copy(update={"hindering": tokens}), texts


def hindering_on_tile(delve: DelveState, tile: KingdomTile) -> list[str]:
    """Flood and Rubble tokens: "trigger other negative consequences for the player once you move onto them" — the
    token's own rules (a Quest, a card) are applied by hand."""
    return [said(HinderingOnTile(kind=t.kind, tile=tile.name)) for t in delve.hindering
            if t.tile == tile.id and t.kind in ("flood", "rubble")]


def _backtracks(delve: DelveState, tiles: Tiles) -> list[Destination]:
    """Breadth-first through explored tiles only: the fewest tiles moved through for each."""
    explored = set(delve.explored)
    seen: dict[str, tuple[str, ...]] = {delve.tile: ()}
    queue = [delve.tile]
    first_dir: dict[str, str | None] = {delve.tile: None}
    while queue:
        here = queue.pop(0)
        for path in tiles[here].paths:
            if path.to in explored and path.to not in seen and gate_on(delve, tiles, here, path.direction) is None:
                seen[path.to] = (*seen[here], path.to)
                first_dir[path.to] = first_dir[here] or path.direction
                queue.append(path.to)
    out = []
    for tile_id, through in seen.items():
        if tile_id == delve.tile:
            continue
        tile = tiles[tile_id]
        out.append(
            Destination(
                tile=tile_id, kind="backtrack", direction=first_dir[tile_id], through=through, time=1,
                threat=len(through) - 1, size=tile.size, name=tile.name,
            )
        )
    return sorted(out, key=lambda d: (len(d.through), d.tile))


@implements(
    "1. Travel Step",
    tests=[
        "tests/delve/test_map.py::test_backtrack_through_three_tiles_costs_time_1_and_threat_2",
        "tests/delve/test_map.py::test_explore_destinations_follow_the_paths_of_the_party_tile",
        "tests/delve/test_map.py::test_shortcuts_only_when_granted",
        "tests/delve/test_map.py::test_deep_fog_only_from_a_tile_with_a_fog_path",
    ],
)
def destinations(delve: DelveState, tiles: Tiles) -> list[Destination]:
    """Every legal way to resolve the Travel step from the Party's tile."""
    here = tiles[delve.tile]
    unexplored = set(delve.face_down) | set(delve.revealed)
    out: list[Destination] = []
    for path in here.paths:
        if path.to in unexplored and gate_on(delve, tiles, here.id, path.direction) is None:
            tile = tiles[path.to]
            out.append(_unexplored(delve, tile, "explore", path.direction))
    out += _backtracks(delve, tiles)
    if delve.shortcuts:
        for cut in here.shortcuts:
            if cut.to not in delve.explored:
                out.append(_unexplored(delve, tiles[cut.to], "shortcut", None))
    if here.fog_paths and not fog_blocked(delve, here):
        for tile_id in [*delve.face_down, *delve.revealed]:
            dest = _unexplored(delve, tiles[tile_id], "fog", None)
            out.append(Destination(**{**dest.__dict__, "threat": dest.threat + 1}))
    return out


def _unexplored(delve: DelveState, tile: KingdomTile, kind: Kind, direction: str | None) -> Destination:
    back = tile.back
    return Destination(
        tile=tile.id, kind=kind, direction=direction, time=back.time, threat=back.threat, clues=back.clues,
        fog_intensity=back.fog_intensity, size=tile.size, name=tile.name if tile.id in delve.revealed else None,
    )


@implements(
    "Disjointed Map",
    tests=[
        "tests/delve/test_map.py::test_a_shortcut_onto_an_unconnected_tile_makes_a_separate_section",
        "tests/delve/test_map.py::test_toward_the_party_from_another_section_lands_next_to_the_party",
        "tests/rulebook_cases/test_disjointed_map.py::test_a_shortcut_onto_an_unconnected_tile_makes_a_separate_section",
    ],
)
def sections(delve: DelveState, tiles: Tiles) -> list[list[str]]:
    """The separate pieces of the map. "see if you have already explored any Kingdom tiles connected to the newly
    revealed one. If you didn't, place it on the table separately": explored tiles joined by paths make a section
    (a later explored tile that connects two of them joins them: "attach them accordingly"); a tile not explored
    lies in the section of the first explored tile it is placed next to, and never joins two sections
    (docs/rulings.md)."""
    placed = delve.placed()
    explored = [t for t in placed if t in set(delve.explored)]

    def linked(a: str, b: str) -> bool:
        return any(p.to == b for p in tiles[a].paths) or any(p.to == a for p in tiles[b].paths)

    group: dict[str, int] = {}
    out: list[list[str]] = []
    for start in explored:
        if start in group:
            continue
        group[start] = len(out)
        members, queue = [start], [start]
        while queue:
            here = queue.pop(0)
            for other in explored:
                if other not in group and linked(here, other):
                    group[other] = len(out)
                    members.append(other)
                    queue.append(other)
        out.append(members)
    for tile in placed:
        if tile in group:
            continue
        home = next((group[t] for t in explored if linked(t, tile)), None)
        if home is None:
            group[tile] = len(out)
            out.append([tile])
        else:
            group[tile] = home
            out[home].append(tile)
    return out


def move_toward_party(delve: DelveState, tiles: Tiles, start: str, steps: int) -> str:
    """Where an element on ``start`` ends after moving ``steps`` tiles toward the Party marker by the
    shortest path over placed tiles. On another section of a disjointed map: "simply place it on the
    tile adjacent to the Party marker instead (even if that tile is unrevealed)" — the first such tile
    north, east, south, west (docs/rulings.md)."""
    piece = next((set(s) for s in sections(delve, tiles) if start in s), set())
    explored = set(delve.explored)
    prev: dict[str, str | None] = {start: None}
    queue = [start]
    while queue:
        here = queue.pop(0)
        for path in tiles[here].paths:  # two face-down tiles do not touch on the table; nor do two sections
            if path.to in piece and path.to not in prev and (here in explored or path.to in explored):
                prev[path.to] = here
                queue.append(path.to)
    if delve.tile not in prev:
        order = ["north", "east", "south", "west"]
        placed = set(delve.placed())
        near = sorted((p for p in tiles[delve.tile].paths if p.to in placed), key=lambda p: order.index(p.direction))
        return near[0].to if near else delve.tile
    route = [delve.tile]
    while prev[route[-1]] is not None:
        route.append(prev[route[-1]] or "")
    route.reverse()  # start ... party tile
    return route[min(steps, len(route) - 1)]


def cells(kingdom: Kingdom, tiles: Tiles) -> dict[str, tuple[int, int]]:
    return layout(kingdom, tiles)


def direction_between(a: tuple[int, int], b: tuple[int, int]) -> str:
    """The direction from cell ``a`` to cell ``b`` along the longer axis (north/south on a tie)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) > abs(dy):
        return "east" if dx > 0 else "west"
    return "south" if dy > 0 else "north"


__all__ = ["STEP", "Destination", "destinations", "place_neighbours", "reveal", "enter", "sections"]
