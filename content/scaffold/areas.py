"""Where each part of a document is read from on the physical cards and sheets, and the meaning of the fields that
the schema does not describe itself. Used by the scaffolds' comments (content/scaffold/__init__.py)."""

from __future__ import annotations

# kind -> the files of its scaffold: (path in the pack folder, the document kind, the seed file's name)
SCAFFOLD_FILES: dict[str, list[tuple[str, str, str]]] = {
    "pack": [("pack.yaml", "pack", "pack")],
    "deck": [("decks/{id}.yaml", "deck", "deck")],
    "knight": [("knights/{id}.yaml", "knight", "knight")],
    "gear": [("gear/{id}.yaml", "gear", "gear")],
    "upgrade": [("gear/{id}.yaml", "upgrade", "upgrade")],
    "monster": [("monsters/{id}.yaml", "monster", "monster")],
    "terrain": [("monsters/{id}.yaml", "terrain", "terrain")],
    "kingdom": [("kingdom/{id}.yaml", "kingdom", "kingdom"), ("kingdom/{id}_tiles.yaml", "kingdom_tiles",
                                                                  "kingdom_tiles")],
    "kingdom_cards": [("kingdom/{id}.yaml", "kingdom_cards", "kingdom_cards")],
    "encounter_board": [("monsters/{id}.yaml", "encounter_board", "encounter_board")],
    "squire": [("squires/{id}.yaml", "squire", "squire")],
    "mettle": [("squires/{id}.yaml", "mettle", "mettle")],
    "clue_cards": [("decks/{id}.yaml", "clue_cards", "clue_cards")],
    "outpost": [("kingdom/{id}.yaml", "outpost", "outpost")],
    "loot": [("loot/{id}.yaml", "loot", "loot")],
    "loot_table": [("loot/{id}.yaml", "loot_table", "loot_table")],
    "fools_deck": [("loot/{id}.yaml", "fools_deck", "fools_deck")],
    "gambling_game": [("loot/{id}.yaml", "gambling_game", "gambling_game")],
    "rosegraal": [("rogue/{id}.yaml", "rosegraal", "rosegraal")],
    "rogue_tables": [("rogue/{id}.yaml", "rogue_tables", "rogue_tables")],
    "apocrypha": [("postgame/{id}.yaml", "apocrypha", "apocrypha")],
    "dungeon": [("postgame/{id}.yaml", "dungeon", "dungeon")],
}

# kinds the loader loads that have no scaffold, and why
NOT_SCAFFOLDED = {
    "dice": "the dice are defined once, by the starter pack, and a pack cannot add a second set "
            "(docs/content.md, 'kind: dice')",
    "kingdom_tiles": "a Kingdom's tiles come with its sheet: `kfgm content new kingdom <id>` writes both files "
                     "(a tile set of its own must be reachable from the sheet's starting tiles)",
}

# model -> the card or sheet area its fields are read from (a nested model without an entry inherits its parent's)
AREAS: dict[str, str] = {
    "Manifest": "none (about the pack itself)",
    "Deck": "the deck: its card back", "Card": "one card of the deck (front)",
    "Knight": "the Knight's box", "Portrait": "Portrait card", "HeroicArc": "Heroic Arc card",
    "PerilArc": "Peril Arc card", "Technique": "Technique card", "TechniqueSide": "Technique card, one side",
    "Talent": "Talent card", "Start": "Knight Sheet: starting Gear and tokens",
    "Gear": "Gear card", "Reforged": "Gear card, reforged side", "Upgrade": "Upgrade card",
    "Monster": "Monster Sheet", "MonsterDiagram": "Monster Sheet: the Monster diagram",
    "Spawn": "Monster Sheet: Spawn box (Mobs)", "MonsterLevel": "Monster Sheet: one Level box",
    "Trait": "Trait card (or the sheet's Traits box)", "Signature": "Signature card", "Routine": "Routine card",
    "AICard": "AI card", "BPCard": "BP card", "Response": "BP card: a Response line",
    "PowerThreshold": "BP card: Overcome/Overpower box", "ClashSetup": "Clash Setup diagram (one per level)",
    "TerrainTile": "Terrain tile",
    "Kingdom": "Kingdom Sheet", "District": "Kingdom Sheet: a district", "TrackSpec": "Kingdom Sheet: the track",
    "ExplorationCard": "Exploration card", "PointOfInterest": "Kingdom Codex: a Point of Interest",
    "DeepFogCard": "Deep Fog card", "CampfireTable": "Kingdom Codex: Campfire Tales table",
    "BestiaryRow": "Kingdom Codex: the Bestiary", "BestiaryLine": "Kingdom Codex: the Bestiary",
    "EncounterCard": "Encounter Monster card", "CipherParagraph": "Kingdom Codex: a Cipher paragraph",
    "Adventure": "Kingdom Codex: the Adventure Table (d100)",
    "KingdomTiles": "Kingdom tiles", "KingdomTile": "Kingdom tile (front)", "TileBack": "Kingdom tile (back)",
    "TilePath": "Kingdom tile: a path on its edge",
    "KingdomCards": "more cards of a Kingdom's box",
    "EncounterBoard": "Encounter Board (back of the Clash Board)", "Squire": "Squire card",
    "SquireArcLevel": "Squire card: Heroic Arc", "MettleDeck": "Mettle deck", "MettleCard": "Mettle card",
    "ClueCards": "Clue deck", "ClueCard": "Clue card", "Outpost": "Outpost sheet", "LootCard": "Loot card",
    "LootTable": "Loot exchange table", "FoolsDeck": "the Fool's deck", "FoolsCard": "a Fool's card",
    "GamblingGame": "Inn: a gambling game", "Rosegraal": "Rosegraal Sheet", "RosegraalNode": "Rosegraal Sheet: a node",
    "RogueTables": "Rogue's Path Monster tables", "Apocrypha": "Rites of the Apocrypha: a tower",
    "Dungeon": "Postgame Dungeon", "Room": "Postgame Dungeon: a room",
}

# "Model.field" -> a more precise area
FIELD_AREAS: dict[str, str] = {
    **{f"{card}.{part}": f"{label}: {where}"
       for card, label in (("AICard", "AI card"), ("Signature", "Signature card"), ("Routine", "Routine card"))
       for part, where in (("targeting", "the Targeting lines, top to bottom"),
                           ("movement", "the movement line"), ("attack", "the attack line (type, range, virtues)"),
                           ("evasion_dice", "the Evasion box (dice)"),
                           ("evasion_difficulty", "the Evasion box (difficulty)"),
                           ("level", "the number on the card's back"), ("react", "the REACT! marks"),
                           ("consequences", "the consequences after the attack"))},
    "BPCard.level": "BP card: the number on its back", "BPCard.at": "BP card: the AT (Armor Threshold) shield",
    "BPCard.responses": "BP card: the Response lines (Wound, Fail, Instinct...)",
    "Monster.ai_cards": "AI cards", "Monster.bp_cards": "BP cards", "Monster.setups": "Clash Setup diagrams",
    "Monster.levels": "Monster Sheet: the Level boxes",
    "Knight.portraits": "Portrait cards", "Knight.heroic_arcs": "Heroic Arc cards",
    "Knight.peril_arcs": "Peril Arc cards",
    "Knight.techniques": "Technique cards", "Knight.talents": "Talent cards",
    "Kingdom.exploration": "Exploration cards", "Kingdom.deep_fog": "Deep Fog cards",
    "Kingdom.encounter_cards": "Encounter Monster cards",
    "KingdomTile.back": "Kingdom tile (back)", "KingdomTile.paths": "Kingdom tile: the paths on its edges",
}

# "Model.field" -> what the field means, for fields the schema does not describe
MEANINGS: dict[str, str] = {
    "Manifest.kind": "the document kind", "Manifest.id": "the pack's id (names it in /content list and remove)",
    "Manifest.version": "the pack's version, quoted (\"1.0\")",
    "MonsterLevel.level": "the level number (1, 2, 3... in order)",
    "MonsterLevel.to_hit": "To Hit: an Attack die hits on this or more (with Precision)",
    "MonsterLevel.wounds": "Wounds to defeat the Monster at this level",
    "MonsterLevel.exhibition_wounds": "Wounds already on the Wound Stack in an Exhibition Clash (less than wounds)",
    "MonsterLevel.activations": "the Activation tokens in placement order: ai or signature",
    "MonsterLevel.at_bonus": "added to every BP card's AT at this level",
    "MonsterLevel.ai_zero": "the AI 0 card put on top of the AI deck at this level (or null)",
    "BPCard.at": "the Armor Threshold: the Total Power a Power Roll needs to wound",
    "Gear.attack_dice": "Attack dice: how many d10 the weapon rolls", "Gear.precision": "Precision: added to each "
    "Attack die", "Gear.weapon_power": "Weapon Power: Power dice by colour for each hit",
    "Gear.bonus_power": "Bonus Power: Power dice added once if at least one die hits",
    "Gear.tier": "the tier printed at the bottom of the card", "Gear.type": "what the card is",
    "Gear.name": "the card's name",
    "Monster.type": "boss (one miniature, the BP deck) or mob (several miniatures on the Mob track)",
}

# field name -> what it means wherever it appears (when neither the schema nor MEANINGS say more)
NAME_MEANINGS: dict[str, str] = {
    "abilities": "the abilities printed on the card, each as written", "action": "what the token or card lets you do",
    "after_attack": "effects after the attack is resolved", "after_final_attack": "effects after the last attack",
    "after_draw": "where a drawn card goes once resolved", "ai_cards": "every AI card of the Monster",
    "always_there": "Basic Ability Always There", "amount": "how many (X of the keyword or effect)",
    "area": "the area of the Monster diagram the criterion names", "attaches_to": "the Gear type it attaches to",
    "back": "what the card's back shows", "bane_limit": "the Bane Limit", "black": "black Power dice",
    "blindspots": "Blindspot spaces as [row, column] offsets, the Monster facing up",
    "bonus_raw_power": "Bonus Power as plain Power points", "boundless_edges": "edges of the tile that are Boundless",
    "bp_cards": "every BP card of the Monster", "bypass": "Basic Ability Bypass", "card_refresh": "Card Refresh",
    "cards": "the cards, one entry each", "cells": "the spaces an irregular tile covers, as offsets",
    "charges": "Charges: how many uses", "clues": "Clue tokens (or symbols) it gives", "colour": "the colour",
    "columns": "columns of the board", "cost": "what using it costs",
    "criteria": "what the line looks for, all of them",
    "curse_max": "the last space of the Curse track", "depletion": "where the card goes after use",
    "die": "the die rolled", "direction": "the compass direction (the arrow on the card)",
    "district": "the district (its id on the Kingdom Sheet)", "districts": "the districts of the Kingdom Sheet",
    "east": "the Clue symbol on the east side", "effect": "what it does", "effects": "what it does, one effect each",
    "escalations": "Escalations at the start of the Clash", "evasion": "Evasion bonus",
    "evasion_dice": "Evasion dice the Knights roll", "evasion_dice_bonus": "Evasion dice added to every Attack",
    "evasion_difficulty": "the Evasion Roll's difficulty", "evasion_rerolls": "Evasion re-rolls",
    "extra_keywords": "the keywords of the Warm-up or Exert effect", "facing": "the direction the Monster faces",
    "flavour": "flavour text (in your own words)", "fog_intensity": "Deep Fog Intensity",
    "footprint": "how many spaces the Monster covers (1, 4 or 9)", "front": "Front spaces as [row, column] offsets",
    "gates": "effects gated by a Knight's statistic", "gold": "Gold", "hand_limit": "Hand Limit", "heat": "Heat",
    "heat_limit": "Heat Limit", "heat_refresh": "Heat Refresh", "height": "rows the tile covers",
    "heroic_arcs": "the Heroic Arc cards", "high": "the highest roll of the row", "hunt_spaces": "the Hunt spaces",
    "id": "the id (lowercase letters, digits, _), unique across every pack", "ignore_difficult_terrain":
    "Basic Ability: ignores Difficult Terrain", "is": "the criterion", "keywords": "keywords, as printed",
    "kind": "the document kind (do not change)", "kingdom": "the Kingdom's id", "knight_class": "the Knight's class",
    "knighves": "a Knighves weapon", "level": "the level", "levels": "the levels, in order",
    "low": "the lowest roll of the row",
    "lumbering": "Basic Ability Lumbering", "max_vigor": "maximum Vigor", "merchant": "sold at the "
    "Merchant Workshop", "monster": "the Monster (its id or its placement)", "monsters": "the Monsters",
    "moves": "how far the Monster token moves", "name": "the name as printed", "north": "the Clue symbol on the north "
    "side", "options": "the choices of this level", "passion": "the Passion level", "paths": "the paths on its edges",
    "peril": "the Peril threshold", "peril_arcs": "the Peril Arc cards", "points_of_interest": "the Points of Interest",
    "portraits": "the Portrait cards", "power_die": "the Knight Power die", "precision": "Precision",
    "prologue": "the Knight's story (in your own words)", "reach": "Reach X", "rear": "Rear spaces as offsets",
    "red": "red Power dice", "resources": "the Knight's resource tokens", "rows": "the board's rows",
    "scrapes": "Scrapes gained", "setups": "the Clash Setups, one per level", "shortcuts": "the tile's Shortcuts",
    "sides": "the card's two sides", "size": "the size (small, medium, large, extra_large, special)",
    "south": "the Clue symbol on the south side", "speed": "Speed", "starting_tiles": "the tiles a Delve may start on",
    "stat": "the statistic compared", "talents": "the Talent cards", "tales": "the tales of the table",
    "targeting": "the Targeting lines, read top to bottom", "techniques": "the Technique cards",
    "terrain": "Terrain tiles placed", "text": "the text as printed (in your own words)", "threat": "Threat",
    "threat_max": "the last space of the Threat track", "thresholds": "the Peril thresholds, uninjured to judicium",
    "tier": "the tier", "tiles": "the tiles", "time": "Time", "to": "the tile it leads to", "to_hit": "To Hit",
    "traits": "the Traits", "traits_added": "Traits that come into play at this level",
    "traits_removed": "Traits that leave play at this level", "trigger": "what triggers the Response",
    "type": "what it is", "types": "the attack's types", "unavoidable_knockback": "Basic Ability Unavoidable "
    "Knockback X", "value": "the value (X)", "vantage_points": "Vantage Point spaces as offsets",
    "vigor": "Vigor", "vigor_loss_bonus": "Vigor lost added to every Attack's", "weakspots": "Weakspot spaces as "
    "offsets", "west": "the Clue symbol on the west side", "white": "white Power dice",
    "width": "columns the tile covers",
}
