"""A Kingdom: its sheet (districts, District Wheel, Point of Interest table, Kingdom track), its tiles
and the backs of its Exploration cards (the four Clue symbols and the PoI modifier).

Two document kinds: ``kind: kingdom`` (the sheet) and ``kind: kingdom_tiles`` (tiles of one Kingdom;
a Kingdom may spread its tiles over several files). ``kingdom_problems`` checks what spans both: every
district, path target and starting tile exists, paths are mutual, and the tiles fit on one grid
(``layout``), so the bot can draw the map and tell which tiles touch.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from content.schema.cards import Card, Direction, Id
from content.schema.delve_effects import DelveEffect as DelveEffect
from content.schema.delve_effects import Printed as Printed
from content.schema.delve_effects import TrackSave as TrackSave
from content.schema.dice import Strict
from content.schema.encounters import BestiaryEntry, BestiaryRow, EncounterCard, bestiary_problems
from content.schema.kingdom_codex import Adventure as Adventure
from content.schema.kingdom_codex import CampfireTable, CipherParagraph, adventure_problems

ClueType = Literal["martial", "errant", "historic", "mystic"]
TileSize = Literal["small", "medium", "large", "extra_large", "special"]
DistrictIcon = Literal["tower", "skull", "wave", "crown", "leaf", "flame", "moon", "bell", "key", "eye"]
DIRECTIONS: tuple[Direction, ...] = ("north", "east", "south", "west")
STEP: dict[str, tuple[int, int]] = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
OPPOSITE: dict[str, Direction] = {"north": "south", "east": "west", "south": "north", "west": "east"}
Colour = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]


class District(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    icon: DistrictIcon = Field(description="the district's symbol, drawn on its tiles and on the District Wheel")
    colour: Colour = "#888888"


class HuntSpace(Strict):
    """A marked space of the Threat track: "each Encounter Monster token ... moves toward the Party
    marker by the indicated number of tiles (1 tile, 2 tiles)"."""

    threat: int = Field(ge=1, le=30)
    moves: int = Field(ge=1, le=2)


class TrackSpec(Strict):
    """The Kingdom track printed for this Kingdom: "Typically there is a limit of 4 Threat, and 9
    Curse, and you have 16 hours (rounds) to complete your Expedition"."""

    threat_max: int = Field(4, ge=1, le=30)
    hunt_spaces: list[HuntSpace] = Field(default_factory=list)
    curse_max: int = Field(9, ge=1, le=30)
    curse_paragraph: int | None = Field(
        None, ge=1, le=99999, description="the paragraph number printed near space 9 of the Curse track"
    )
    time: int = Field(16, ge=1, le=40)

    @model_validator(mode="after")
    def _hunt_spaces_on_the_track(self) -> TrackSpec:
        seen: set[int] = set()
        for space in self.hunt_spaces:
            if space.threat > self.threat_max:
                raise ValueError(f"Hunt Space {space.threat} is beyond the Threat maximum {self.threat_max}")
            if space.threat in seen:
                raise ValueError(f"Hunt Space {space.threat} appears twice")
            seen.add(space.threat)
        return self


class ClueBack(Strict):
    """The back of an Exploration card: one Clue symbol on each side."""

    north: ClueType
    east: ClueType
    south: ClueType
    west: ClueType


ExplorationType = Literal["instant", "district", "active"]


class GatedEffect(Printed):
    """"some Exploration cards have an additional effect that triggers based on your Threat or Curse level"."""

    track: Literal["threat", "curse"]
    at_least: int = Field(ge=1, le=30, description="the effect triggers when the track is at this value or higher")


class EnterCost(Strict):
    """While the card is in play: each tile the party enters in the Kingdom Tile step (of the card's district, for
    a District card; only ``tiles`` when given) costs this much more, with the tile's back."""

    type: Literal["enter_cost"]
    time: int = Field(0, ge=0, le=5)
    threat: int = Field(0, ge=0, le=5)
    tiles: list[Id] = Field(default_factory=list, description="only these tiles (empty: every tile it covers)")


class BacktrackCost(Strict):
    """While in play: each tile of the card's district a Backtrack moves through costs this much more Threat."""

    type: Literal["backtrack_cost"]
    threat: int = Field(ge=1, le=5)


class EnterSave(Strict):
    """While in play: whenever the party enters a tile it covers (Kingdom Tile step), a Curse or Threat Save."""

    type: Literal["enter_save"]
    save: TrackSave


class ExtraClues(Strict):
    """While in play: the next time the party gains Clues from a tile, it gains this many more (then discarded)."""

    type: Literal["extra_clues"]
    amount: int = Field(1, ge=1, le=3)


class ThreatExtra(Strict):
    """While in play: whenever the party gains Threat, it gains this much more."""

    type: Literal["threat_extra"]
    amount: int = Field(1, ge=1, le=3)


class VigorShield(Strict):
    """While in play: the next time a Knight would lose Vigor by a Delve effect the bot applies, 1 less (then
    discarded)."""

    type: Literal["vigor_shield"]
    amount: int = Field(1, ge=1, le=3)


Lingering = Annotated[
    EnterCost | BacktrackCost | EnterSave | ExtraClues | ThreatExtra | VigorShield, Field(discriminator="type")
]


class ExplorationCard(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=1000)
    clues: ClueBack
    poi_modifier: int = Field(0, ge=-9, le=9, description="the PoI modifier at the top of the card")
    effect_type: ExplorationType = Field(
        "instant", description="Instant (discarded), District (lingers in one district) or Active (one space)"
    )
    district: Id | None = Field(None, description="District cards: the district whose space it takes")
    special: bool = Field(False, description="a Special Exploration card (distinguishable back)")
    effects: list[DelveEffect] = Field(default_factory=list, description="what the bot can apply of the text")
    knights: Literal["leader", "each"] = Field(
        "leader", description="who its Knight effects go to: the Party Leader or each living Knight"
    )
    gated: list[GatedEffect] = Field(default_factory=list, description="effects gated by Threat or Curse")
    lingering: list[Lingering] = Field(
        default_factory=list, description="District and Active cards: what the bot applies while the card is in play"
    )
    rounds: int | None = Field(None, ge=1, le=16, description="Active cards: in play for the next N rounds")
    until: Literal["used", "leave_district"] | None = Field(
        None, description="the card is discarded once its lingering effect was used, or when the party leaves its "
        "district (only when the card says so)"
    )

    @model_validator(mode="after")
    def _district_only_on_district_cards(self) -> ExplorationCard:
        if self.district is not None and self.effect_type != "district":
            raise ValueError("district: is only for cards with effect_type: district")
        if (self.lingering or self.rounds or self.until) and self.effect_type == "instant":
            raise ValueError("lingering:, rounds: and until: are for District and Active cards")
        if self.until == "leave_district" and self.effect_type != "district":
            raise ValueError("until: leave_district is for District cards")
        return self


class DeepFogCard(Strict):
    """Rulebook, "Deep Fog Card Anatomy": "Each Deep Fog card has a name, a Deep Fog Value, and a Grave Penalty.
    Additionally, some Deep Fog cards have a Hazard Effect"."""

    id: Id
    name: str = Field(min_length=1, max_length=100)
    value: int = Field(ge=0, le=9, description="the Deep Fog Value")
    grave_penalty: Printed
    hazard: Printed | None = Field(None, description="the Hazard Effect in the upper right corner, if any")


class PointOfInterest(Strict):
    """A row of the Point of Interest table: by name (``key: Old Well``) or number (``key: 7``)."""

    key: str | int
    name: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=1000)
    effects: list[DelveEffect] = Field(
        default_factory=list, description="what the bot applies of the text (empty: shown to apply by hand)"
    )


TaleBox = Literal["quest", "investigation_1", "investigation_2", "investigation_3"]
TALE_BOXES: tuple[TaleBox, ...] = ("quest", "investigation_1", "investigation_2", "investigation_3")


class BestiaryLine(Strict):
    """The Bestiary crossed by the Bookmark's line traced from one box of Your Tale on the Knight Sheet (Monster
    Setup: "Find the lowest marked box on the Sheet. Now, use the Knight Bookmark to trace a row to the right from
    it"). A line holds from its box down to the box of the next line; each Chapter's boxes, top to bottom: its Quest,
    then its three Investigations (docs/rulings.md, "The Bestiary at the lowest marked box")."""

    chapter: int = Field(ge=1, le=5)
    box: TaleBox = "quest"
    monsters: list[BestiaryEntry] = Field(default_factory=list)

    def index(self) -> int:
        return (self.chapter - 1) * len(TALE_BOXES) + TALE_BOXES.index(self.box)


def bestiary_line_problems(lines: list[BestiaryLine], cards: list[EncounterCard]) -> list[tuple[Loc, str]]:
    """A box once; every entry matches a card side of that level; a Monster once per line."""
    out: list[tuple[Loc, str]] = []
    seen: set[int] = set()
    for i, line in enumerate(lines):
        if line.index() in seen:
            out.append((("bestiary_lines", i), f"the line of Chapter {line.chapter} {line.box} appears twice"))
        seen.add(line.index())
        ids = [m.monster for m in line.monsters]
        if len(set(ids)) != len(ids):
            out.append((("bestiary_lines", i, "monsters"), "a Monster appears twice on one line"))
        for j, entry in enumerate(line.monsters):
            if not any(c.monster == entry.monster and entry.level in c.levels() for c in cards):
                out.append((("bestiary_lines", i, "monsters", j),
                            f"no Encounter Monster card of {entry.monster!r} has a level {entry.level} side"))
    return out


class Kingdom(Strict):
    kind: Literal["kingdom"] = "kingdom"
    id: Id
    name: str = Field(min_length=1, max_length=100)
    districts: list[District] = Field(min_length=1)
    wheel: list[Id] = Field(min_length=1, description="the District Wheel: district ids clockwise")
    starting_tiles: list[Id] = Field(min_length=1)
    track: TrackSpec = Field(default_factory=TrackSpec)
    exploration: list[ExplorationCard] = Field(min_length=1, description="the Kingdom's Exploration deck")
    points_of_interest: list[PointOfInterest] = Field(default_factory=list)
    deep_fog: list[DeepFogCard] = Field(default_factory=list, description="the Kingdom's Deep Fog cards")
    campfire: CampfireTable | None = Field(None, description="the Campfire Tales table of the Kingdom Codex")
    bestiary: list[BestiaryRow] = Field(default_factory=list, description="the Bestiary: Monsters per tier (the "
                                        "older form: a tier's row holds for every box of its Chapter)")
    bestiary_lines: list[BestiaryLine] = Field(default_factory=list, description="the Bestiary read per box of "
                                               "Your Tale (wins over ``bestiary`` when given)")
    encounter_cards: list[EncounterCard] = Field(default_factory=list, description="the Encounter Monster cards")
    ciphers: list[CipherParagraph] = Field(default_factory=list, description="the Exploration Cipher paragraphs")
    adventures: list[Adventure] = Field(default_factory=list, description="the Adventure Table (d100)")
    mortis: dict[Literal["minor_mortis", "major_mortis", "grave_mortis"], list[Card]] = Field(
        default_factory=dict, description="Kingdom-specific Mortis cards, shuffled into those Mortis decks at Kingdom "
        "Setup (rules/delve/kingdom_mortis.py)")

    @model_validator(mode="after")
    def _wheel_names_districts(self) -> Kingdom:
        ids = [d.id for d in self.districts]
        if len(set(ids)) != len(ids):
            raise ValueError("two districts share an id")
        if sorted(self.wheel) != sorted(ids):
            raise ValueError(f"the District Wheel must list every district once: {', '.join(ids)}")
        return self

    def fog_card(self, card_id: str) -> DeepFogCard:
        return next(c for c in self.deep_fog if c.id == card_id)

    def exploration_card(self, card_id: str) -> ExplorationCard:
        return next(c for c in self.exploration if c.id == card_id)

    def encounter_card(self, card_id: str) -> EncounterCard:
        return next(c for c in self.encounter_cards if c.id == card_id)

    def district(self, district_id: str) -> District:
        return next(d for d in self.districts if d.id == district_id)

    def adventure(self, result: int) -> Adventure | None:
        return next((a for a in self.adventures if a.low <= result <= a.high), None)

    def poi(self, key: str | int) -> PointOfInterest | None:
        return next((p for p in self.points_of_interest if str(p.key).lower() == str(key).lower()), None)


class TileBack(Strict):
    """The back of a Kingdom tile: "Advance Time by specified amount. Gain or lose Threat ... Deep Fog
    Intensity of the tile ... Gain the specified number of Clue tokens"."""

    time: int = Field(1, ge=0, le=5)
    threat: int = Field(0, ge=-5, le=5)
    fog_intensity: int = Field(2, ge=1, le=9)
    clues: int = Field(0, ge=0, le=5)


class TilePath(Strict):
    """A path on the front: "Each possible path informs you of the size and identification number of
    the Kingdom tile it leads to"."""

    direction: Direction
    to: Id
    size: TileSize


class Shortcut(Strict):
    to: Id
    size: TileSize


class Panzergate(Strict):
    """Rulebook, "Kingdom Tile Anatomy": "Single Panzergate: ... Place a Single Panzergate token on this path."
    (Triple likewise): the symbol on one path of the tile's front."""

    direction: Direction
    kind: Literal["single", "triple"]


class KingdomTile(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=100)
    size: TileSize
    district: Id
    back: TileBack = Field(default_factory=TileBack)
    paths: list[TilePath] = Field(default_factory=list)
    fog_paths: list[Direction] = Field(default_factory=list, description="directions of its Deep Fog paths")
    shortcuts: list[Shortcut] = Field(default_factory=list)
    poi: str | int | None = Field(None, description="Point of Interest by name or number")
    cipher: str | None = Field(None, pattern=r"^[0-9]{2}$", description="the Exploration Cipher half on the front")
    panzergates: list[Panzergate] = Field(default_factory=list, description="Panzergate symbols on its paths")

    @model_validator(mode="after")
    def _one_path_per_direction(self) -> KingdomTile:
        dirs = [p.direction for p in self.paths]
        if len(set(dirs)) != len(dirs):
            raise ValueError(f"tile {self.id!r} has two paths to the same direction")
        gates = [g.direction for g in self.panzergates]
        if len(set(gates)) != len(gates):
            raise ValueError(f"tile {self.id!r} has two Panzergates on one path")
        for gate in gates:
            if gate not in dirs:
                raise ValueError(f"tile {self.id!r} has a Panzergate {gate} but no path {gate}")
        return self

    def path(self, direction: str) -> TilePath | None:
        return next((p for p in self.paths if p.direction == direction), None)


class KingdomTiles(Strict):
    kind: Literal["kingdom_tiles"] = "kingdom_tiles"
    id: Id = Field(description="an id for this set of tiles")
    kingdom: Id
    tiles: list[KingdomTile] = Field(min_length=1)


class KingdomCards(Strict):
    """More cards of a Kingdom, in a file of their own: Exploration cards (added to the deck of the sheet), Deep Fog
    cards, the Campfire Tales table. The loader merges them into the Kingdom."""

    kind: Literal["kingdom_cards"] = "kingdom_cards"
    id: Id = Field(description="an id for this set of cards")
    kingdom: Id
    exploration: list[ExplorationCard] = Field(default_factory=list)
    deep_fog: list[DeepFogCard] = Field(default_factory=list)
    campfire: CampfireTable | None = None
    bestiary: list[BestiaryRow] = Field(default_factory=list, description="Bestiary rows (one per tier)")
    bestiary_lines: list[BestiaryLine] = Field(default_factory=list, description="Bestiary lines per Tale box")
    encounter_cards: list[EncounterCard] = Field(default_factory=list)
    ciphers: list[CipherParagraph] = Field(default_factory=list, description="Exploration Cipher paragraphs")
    adventures: list[Adventure] = Field(default_factory=list, description="rows of the Adventure Table (d100)")


def merge_cards(kingdom: Kingdom, cards: KingdomCards) -> Kingdom:
    """The Kingdom with ``cards`` added (the caller checks that at most one Campfire table is given)."""
    return kingdom.model_copy(update={
        "exploration": [*kingdom.exploration, *cards.exploration],
        "deep_fog": [*kingdom.deep_fog, *cards.deep_fog],
        "campfire": kingdom.campfire or cards.campfire,
        "bestiary": [*kingdom.bestiary, *cards.bestiary],
        "bestiary_lines": [*kingdom.bestiary_lines, *cards.bestiary_lines],
        "encounter_cards": [*kingdom.encounter_cards, *cards.encounter_cards],
        "ciphers": [*kingdom.ciphers, *cards.ciphers],
        "adventures": [*kingdom.adventures, *cards.adventures],
    })


def layout(kingdom: Kingdom, tiles: dict[str, KingdomTile]) -> dict[str, tuple[int, int]]:
    """Grid cells of every tile reachable by paths from the first starting tile (at 0, 0). The layout
    is only meaningful for a Kingdom without ``kingdom_problems``."""
    start = kingdom.starting_tiles[0]
    cells: dict[str, tuple[int, int]] = {start: (0, 0)}
    queue = [start]
    while queue:
        tile = tiles.get(queue.pop(0))
        if tile is None:
            continue
        x, y = cells[tile.id]
        for path in tile.paths:
            if path.to not in cells:
                dx, dy = STEP[path.direction]
                cells[path.to] = (x + dx, y + dy)
                queue.append(path.to)
    return cells


Loc = tuple[int | str, ...]


def kingdom_problems(kingdom: Kingdom, tiles: dict[str, KingdomTile]) -> list[tuple[Loc, str]]:
    """What is wrong across the sheet and the tiles, each with a YAML path in the sheet (``()``) or
    ``("tiles", tile_id, ...)`` for a tile."""
    problems: list[tuple[Loc, str]] = []
    districts = {d.id for d in kingdom.districts}
    for i, start in enumerate(kingdom.starting_tiles):
        if start not in tiles:
            problems.append((("starting_tiles", i), f"no tile of this Kingdom has the id {start!r}"))
    for tile in tiles.values():
        if tile.district not in districts:
            problems.append(
                (("tiles", tile.id, "district"), f"unknown district {tile.district!r}; use one of {sorted(districts)}")
            )
        for j, path in enumerate(tile.paths):
            other = tiles.get(path.to)
            if other is None:
                problems.append((("tiles", tile.id, "paths", j, "to"), f"no tile of this Kingdom is {path.to!r}"))
                continue
            if path.size != other.size:
                problems.append(
                    (("tiles", tile.id, "paths", j, "size"), f"tile {other.id!r} is {other.size}, not {path.size}")
                )
            back = other.path(OPPOSITE[path.direction])
            if back is None or back.to != tile.id:
                problems.append(
                    (
                        ("tiles", tile.id, "paths", j),
                        f"{tile.id} leads {path.direction} to {other.id}, so {other.id} needs a path "
                        f"{OPPOSITE[path.direction]} back to {tile.id}",
                    )
                )
        for j, cut in enumerate(tile.shortcuts):
            if cut.to not in tiles:
                problems.append((("tiles", tile.id, "shortcuts", j, "to"), f"no tile of this Kingdom is {cut.to!r}"))
        if isinstance(tile.poi, str) and kingdom.poi(tile.poi) is None:
            problems.append((("tiles", tile.id, "poi"), f"the Point of Interest table has no {tile.poi!r}"))
    for card in kingdom.exploration:
        if card.district is not None and card.district not in districts:
            problems.append((("exploration", card.id, "district"),
                             f"unknown district {card.district!r}; use one of {sorted(districts)}"))
        for j, effect in enumerate(card.lingering):
            for tile_id in getattr(effect, "tiles", []):
                if tile_id not in tiles:
                    problems.append((("exploration", card.id, "lingering", j, "tiles"),
                                     f"no tile of this Kingdom is {tile_id!r}"))
    problems += bestiary_problems(kingdom.bestiary, kingdom.encounter_cards)
    problems += bestiary_line_problems(kingdom.bestiary_lines, kingdom.encounter_cards)
    problems += adventure_problems(kingdom.adventures)
    if problems or not tiles:
        return problems
    cells = layout(kingdom, tiles)
    taken: dict[tuple[int, int], str] = {}
    for tile_id, cell in cells.items():
        if cell in taken:
            problems.append((("tiles", tile_id), f"{tile_id} and {taken[cell]} would lie on the same spot of the map"))
        taken[cell] = tile_id
    for tile_id in tiles:
        if tile_id not in cells:
            problems.append((("tiles", tile_id), f"{tile_id} cannot be reached by paths from the starting tile"))
    return problems
