"""The checks across every loaded pack, run once all documents are added to a ``Catalogue``: a Knight's starting
Gear, a Monster's Terrain tiles, a Kingdom with its tiles and cards, the Encounter Boards, the Rosegraal sections,
the Postgame Hunts. Each error names the file, the YAML path and the line of the document it is about.
"""

from __future__ import annotations

from content.catalogue import Catalogue, ContentError, format_loc
from content.schema.encounter_boards import board_problems
from content.schema.kingdom import kingdom_problems, merge_cards
from content.schema.monsters import terrain_problems


def references(catalogue: Catalogue) -> list[ContentError]:
    """Cross-references across every loaded pack (run once all documents are added)."""
    return (_knight_references(catalogue) + _monster_references(catalogue) + _kingdom_references(catalogue)
            + _encounter_board_references(catalogue)  # after the Kingdoms: their Encounter cards are merged
            + _rosegraal_references(catalogue) + _postgame_references(catalogue))


def _postgame_references(catalogue: Catalogue) -> list[ContentError]:
    """Every Hunt of a Rites of the Apocrypha tower names a loaded Monster at one of its levels and a loaded Dungeon."""
    errors = []
    for tower in catalogue.apocrypha.values():
        file, _, line = catalogue.origin.get(tower.id, tower.id).rpartition(":")
        at = int(line) if line.isdigit() else None
        for i, hunt in enumerate(tower.hunts):
            monster = catalogue.monsters.get(hunt.monster)
            if monster is None:
                errors.append(ContentError(file, f"hunts[{i}].monster", at, f"no Monster has the id {hunt.monster!r}"))
            elif hunt.level not in [lv.level for lv in monster.levels]:
                errors.append(ContentError(file, f"hunts[{i}].level", at,
                                           f"{monster.name} has no level {hunt.level}"))
            if hunt.dungeon not in catalogue.dungeons:
                errors.append(ContentError(file, f"hunts[{i}].dungeon", at, f"no Dungeon has the id {hunt.dungeon!r}"))
    return errors


def _rosegraal_references(catalogue: Catalogue) -> list[ContentError]:
    """Every node of a Rosegraal lies in a section whose Monster tables (kind: rogue_tables) a loaded pack defines."""
    errors = []
    for sheet in catalogue.rosegraals.values():
        file, _, line = catalogue.origin.get(sheet.id, sheet.id).rpartition(":")
        for i, node in enumerate(sheet.nodes):
            if node.section is not None and node.section not in catalogue.rogue_tables:
                errors.append(ContentError(file, f"nodes[{i}].section", int(line) if line.isdigit() else None,
                                           f"no rogue_tables document has the id {node.section!r}"))
    return errors


def _knight_references(catalogue: Catalogue) -> list[ContentError]:
    """A Knight's starting Gear must be Gear of a loaded pack; its Knighves must be a Knighves card."""
    errors = []
    for knight in catalogue.knights.values():
        where = catalogue.origin.get(knight.id, knight.id)
        file, _, line = where.rpartition(":")
        for i, gear_id in enumerate(knight.start.gear):
            if gear_id not in catalogue.gear:
                errors.append(ContentError(file, f"start.gear[{i}]", int(line) if line.isdigit() else None,
                                           f"no Gear card has the id {gear_id!r}"))
        knighves = knight.start.knighves
        if knighves is not None and not (knighves in catalogue.gear and catalogue.gear[knighves].knighves):
            errors.append(ContentError(file, "start.knighves", int(line) if line.isdigit() else None,
                                       f"{knighves!r} is not a Gear card with knighves: true"))
    return errors


def _encounter_board_references(catalogue: Catalogue) -> list[ContentError]:
    """Encounter Board marks are d6 marks; every board an Encounter Monster card names is loaded."""
    marks = {f.mark for d in (catalogue.dice.power_dice if catalogue.dice else []) for f in d.faces if f.mark}
    used = [(c.id, s.board) for k in catalogue.kingdoms.values() for c in k.encounter_cards for s in c.sides]
    errors = []
    for owner, loc, message in board_problems(catalogue.encounter_boards, marks, used):
        file, _, line = catalogue.origin.get(owner, owner).rpartition(":")
        errors.append(ContentError(file, format_loc(loc), int(line) if line.isdigit() else None, message))
    return errors


def _monster_references(catalogue: Catalogue) -> list[ContentError]:
    """A Clash Setup's Terrain tiles must be ``kind: terrain`` tiles of a loaded pack, and fit the board."""
    errors = []
    for monster in catalogue.monsters.values():
        file, _, line = catalogue.origin.get(monster.id, monster.id).rpartition(":")
        for loc, message in terrain_problems(monster, catalogue.terrain):
            errors.append(ContentError(file, format_loc(loc), int(line) if line.isdigit() else None, message))
    return errors


def _kingdom_references(catalogue: Catalogue) -> list[ContentError]:
    """Kingdom tiles belong to a loaded Kingdom, and the sheet and its tiles agree (districts, mutual
    paths, one spot of the map per tile: content/schema/kingdom.py)."""
    errors = _merge_kingdom_cards(catalogue)
    for kingdom_id, tiles in catalogue.kingdom_tiles.items():
        if kingdom_id not in catalogue.kingdoms:
            file, _, line = catalogue.origin.get(next(iter(tiles)), "").rpartition(":")
            errors.append(ContentError(file, "kingdom", int(line) if line.isdigit() else None,
                                       f"no Kingdom has the id {kingdom_id!r}"))
    for kingdom in catalogue.kingdoms.values():
        tiles = catalogue.kingdom_tiles.get(kingdom.id, {})
        for loc, message in kingdom_problems(kingdom, tiles):
            on_item = bool(loc) and loc[0] in ("tiles", "exploration")
            key = str(loc[1]) if on_item else kingdom.id
            file, _, line = catalogue.origin.get(key, kingdom.id).rpartition(":")
            where = format_loc(loc[2:]) if on_item else format_loc(loc)
            errors.append(ContentError(file, f"{key}: {where}" if where and key != kingdom.id else where,
                                       int(line) if line.isdigit() else None, message))
    return errors


def _merge_kingdom_cards(catalogue: Catalogue) -> list[ContentError]:
    """``kind: kingdom_cards`` documents join their Kingdom (in the order read); one Campfire Tales table each."""
    errors = []
    for cards in catalogue.kingdom_cards:
        file, _, line = catalogue.origin.get(cards.id, "").rpartition(":")
        kingdom = catalogue.kingdoms.get(cards.kingdom)
        if kingdom is None:
            errors.append(ContentError(file, "kingdom", int(line) if line.isdigit() else None,
                                       f"no Kingdom has the id {cards.kingdom!r}"))
        elif kingdom.campfire is not None and cards.campfire is not None:
            errors.append(ContentError(file, "campfire", int(line) if line.isdigit() else None,
                                       f"the Kingdom {kingdom.id!r} already has a Campfire Tales table"))
        else:
            catalogue.kingdoms[kingdom.id] = merge_cards(kingdom, cards)
    catalogue.kingdom_cards = []
    return errors
