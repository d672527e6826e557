"""Pydantic schema of game content. ``kind`` names the type of every YAML document."""

from pydantic import BaseModel

from content.schema.cards import Card, Deck, Effect
from content.schema.clue_cards import ClueCards
from content.schema.dice import POWER_TIERS, D6Face, DiceSet, PowerColour, PowerDie
from content.schema.encounter_boards import EncounterBoard
from content.schema.gear import TIERS, Gear, Upgrade
from content.schema.kingdom import Kingdom, KingdomCards, KingdomTile, KingdomTiles
from content.schema.knights import Knight
from content.schema.loot import FoolsDeck, GamblingGame, LootCard, LootTable
from content.schema.manifest import Manifest
from content.schema.monsters import Monster, TerrainTile
from content.schema.outpost import Outpost
from content.schema.postgame import Apocrypha, Dungeon
from content.schema.rosegraal import RogueTables, Rosegraal
from content.schema.squires import MettleDeck, Squire

DOCUMENT_KINDS: dict[str, type[BaseModel]] = {
    "pack": Manifest, "dice": DiceSet, "deck": Deck, "knight": Knight, "gear": Gear, "upgrade": Upgrade,
    "monster": Monster, "terrain": TerrainTile, "kingdom": Kingdom, "kingdom_tiles": KingdomTiles,
    "kingdom_cards": KingdomCards, "encounter_board": EncounterBoard,
    "squire": Squire, "mettle": MettleDeck, "clue_cards": ClueCards, "outpost": Outpost,
    "loot": LootCard, "loot_table": LootTable, "fools_deck": FoolsDeck, "gambling_game": GamblingGame,
    "rosegraal": Rosegraal, "rogue_tables": RogueTables,
    "apocrypha": Apocrypha, "dungeon": Dungeon,
}

__all__ = [
    "Card", "Deck", "Effect", "POWER_TIERS", "D6Face", "DiceSet", "PowerColour", "PowerDie",
    "Manifest", "DOCUMENT_KINDS", "TIERS", "Gear", "Upgrade", "Knight",
    "Monster", "TerrainTile", "Kingdom", "KingdomTile", "KingdomTiles", "KingdomCards", "EncounterBoard",
    "Squire", "MettleDeck", "Outpost",
]
