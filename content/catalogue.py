"""The merged content of a campaign (``Catalogue``) and the errors found while building it (``ContentError``,
``ContentInvalid``): the loader (content/loader.py) fills it, content/references.py checks across it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from content.schema import Deck, DiceSet, Gear, Kingdom, Knight, Manifest, Monster, TerrainTile, Upgrade
from content.schema.clue_cards import ClueCards
from content.schema.encounter_boards import EncounterBoard
from content.schema.kingdom import KingdomCards, KingdomTile
from content.schema.loot import FoolsDeck, GamblingGame, LootCard, LootTable
from content.schema.outpost import Outpost
from content.schema.postgame import Apocrypha, Dungeon
from content.schema.rosegraal import RogueTables, Rosegraal
from content.schema.squires import MettleDeck, Squire

MAX_ERRORS_SHOWN = 50


@dataclass(frozen=True)
class ContentError:
    file: str
    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.path or '(document)'}: {self.message}"


class ContentInvalid(Exception):
    def __init__(self, errors: list[ContentError]) -> None:
        self.errors = errors
        shown = "\n".join(str(e) for e in errors[:MAX_ERRORS_SHOWN])
        more = len(errors) - MAX_ERRORS_SHOWN
        super().__init__(shown + (f"\n... and {more} more errors" if more > 0 else ""))


@dataclass
class Catalogue:
    """All content known to a campaign: packs merged in order, ids unique across them."""

    packs: list[Manifest] = field(default_factory=list)
    dice: DiceSet | None = None
    decks: dict[str, Deck] = field(default_factory=dict)
    knights: dict[str, Knight] = field(default_factory=dict)
    gear: dict[str, Gear] = field(default_factory=dict)
    upgrades: dict[str, Upgrade] = field(default_factory=dict)
    monsters: dict[str, Monster] = field(default_factory=dict)
    terrain: dict[str, TerrainTile] = field(default_factory=dict)
    kingdoms: dict[str, Kingdom] = field(default_factory=dict)
    kingdom_tiles: dict[str, dict[str, KingdomTile]] = field(default_factory=dict)  # kingdom id -> tile id -> tile
    kingdom_cards: list[KingdomCards] = field(default_factory=list)  # merged into their Kingdom once all are read
    encounter_boards: dict[str, EncounterBoard] = field(default_factory=dict)  # content/schema/encounter_boards.py
    squires: dict[str, Squire] = field(default_factory=dict)  # content/schema/squires.py
    clue_cards: dict[str, ClueCards] = field(default_factory=dict)  # sets of Clue cards (content/schema/clue_cards.py)
    mettle: dict[str, MettleDeck] = field(default_factory=dict)  # Mettle decks (content/schema/squires.py)
    rosegraals: dict[str, Rosegraal] = field(default_factory=dict)  # Rogue's Path (content/schema/rosegraal.py)
    rogue_tables: dict[str, RogueTables] = field(default_factory=dict)  # Rogue's Path Monster Tables
    apocrypha: dict[str, Apocrypha] = field(default_factory=dict)  # Postgame towers (content/schema/postgame.py)
    dungeons: dict[str, Dungeon] = field(default_factory=dict)  # Postgame Dungeons (content/schema/postgame.py)
    loot: dict[str, LootCard] = field(default_factory=dict)  # Loot cards (content/schema/loot.py)
    loot_tables: dict[str, LootTable] = field(default_factory=dict)
    fools_decks: dict[str, FoolsDeck] = field(default_factory=dict)
    gambling_games: dict[str, GamblingGame] = field(default_factory=dict)
    outposts: dict[str, Outpost] = field(default_factory=dict)  # by id (content/schema/outpost.py)
    origin: dict[str, str] = field(default_factory=dict)  # id -> "file:line"
    pack_of: dict[str, str] = field(default_factory=dict)  # id -> the id of the pack (manifest) that defines it
    # how it was built, so the same content can be built at another edition of the starter pack (content/editions.py)
    folders: list[Path] = field(default_factory=list)
    uploads: list[tuple[str, str]] = field(default_factory=list)  # (label, YAML text) added by extend_catalogue

    def ids_of(self, pack_id: str) -> list[str]:
        """Every content id a pack defines (its manifest's id included), in the order read."""
        return [i for i, p in self.pack_of.items() if p == pack_id]

    def deck(self, deck_id: str) -> Deck:
        return self.decks[deck_id]

    def card(self, card_id: str) -> tuple[Deck, int]:
        for deck in self.decks.values():
            for index, card in enumerate(deck.cards):
                if card.id == card_id:
                    return deck, index
        raise KeyError(card_id)


def format_loc(loc: tuple[int | str, ...]) -> str:
    """A YAML path as printed in an error: ``tiles[2].to``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
