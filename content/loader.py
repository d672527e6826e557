"""Load and validate content packs (YAML) into one merged catalogue.

Every error names the file, the YAML path and the line, one line per error. YAML is read with the
safe loader only (no Python tags), with a size limit and a node budget so that a hostile pack (a
"billion laughs" alias bomb, a huge file) is refused instead of eating the machine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from content.schema import (
    DOCUMENT_KINDS,
    Deck,
    DiceSet,
    Gear,
    Kingdom,
    Knight,
    Manifest,
    Monster,
    TerrainTile,
    Upgrade,
)
from content.schema.clue_cards import ClueCards
from content.schema.encounter_boards import EncounterBoard, board_problems
from content.schema.kingdom import KingdomCards, KingdomTile, KingdomTiles, kingdom_problems, merge_cards
from content.schema.loot import FoolsDeck, GamblingGame, LootCard, LootTable
from content.schema.monsters import terrain_problems
from content.schema.outpost import Outpost
from content.schema.postgame import Apocrypha, Dungeon
from content.schema.rosegraal import RogueTables, Rosegraal
from content.schema.squires import MettleDeck, Squire

STARTER_PACK = Path(__file__).parent / "packs" / "starter"
MAX_FILE_BYTES = 1_000_000
MAX_NODES = 100_000
MAX_DEPTH = 40
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

    def entries(self) -> list[dict[str, Any]]:
        """Every content id with its type, name and tier (``kfgm content list``)."""
        rows: list[dict[str, Any]] = [
            {"id": p.id, "type": "pack", "name": p.name, "tier": None} for p in self.packs
        ]
        if self.dice:
            rows.append({"id": self.dice.id, "type": "dice", "name": "Dice", "tier": None})
        for deck in self.decks.values():
            rows.append({"id": deck.id, "type": "deck", "name": deck.name, "tier": None})
            for card in deck.cards:
                rows.append({"id": card.id, "type": f"card:{deck.id}", "name": card.name, "tier": card.tier})
        for knight in self.knights.values():
            rows.append({"id": knight.id, "type": "knight", "name": knight.name, "tier": None})
            for part_field, i, part_id in knight.part_ids():
                part = getattr(knight, part_field)[i]
                rows.append({"id": part_id, "type": part_field.rstrip("s"), "name": part.name, "tier": None})
        rows += [{"id": g.id, "type": f"gear:{g.type}", "name": g.name, "tier": g.tier} for g in self.gear.values()]
        rows += [{"id": u.id, "type": "upgrade", "name": u.name, "tier": u.tier} for u in self.upgrades.values()]
        for m in self.monsters.values():
            rows.append({"id": m.id, "type": f"monster:{m.type}", "name": m.name, "tier": len(m.levels)})
            rows += [{"id": t.id, "type": f"trait:{m.id}", "name": t.name, "tier": None} for t in m.traits]
            rows.append({"id": m.signature.id, "type": f"signature:{m.id}", "name": m.signature.name, "tier": None})
            rows.append({"id": m.routine.id, "type": f"routine:{m.id}", "name": m.routine.name, "tier": None})
            rows += [{"id": c.id, "type": f"ai:{m.id}", "name": c.name, "tier": c.level} for c in m.ai_cards]
            rows += [{"id": c.id, "type": f"bp:{m.id}", "name": c.name, "tier": c.level} for c in m.bp_cards]
        rows += [{"id": t.id, "type": "terrain", "name": t.name, "tier": None} for t in self.terrain.values()]
        for k in self.kingdoms.values():
            rows.append({"id": k.id, "type": "kingdom", "name": k.name, "tier": None})
            tiles = self.kingdom_tiles.get(k.id, {}).values()
            rows += [{"id": t.id, "type": f"kingdom_tile:{k.id}", "name": t.name, "tier": None} for t in tiles]
        return rows


# --- YAML with line numbers -------------------------------------------------------------------


class _NodeProblem(yaml.MarkedYAMLError):
    """A problem found while turning composed YAML nodes into values, with its YAML path."""

    def __init__(self, node: yaml.Node, loc: tuple[int | str, ...], problem: str) -> None:
        super().__init__(problem=problem, problem_mark=node.start_mark)
        self.loc = loc


class _Budget:
    def __init__(self) -> None:
        self.left = MAX_NODES

    def spend(self, node: yaml.Node) -> None:
        self.left -= 1
        if self.left < 0:
            raise _NodeProblem(
                node, (),
                f"too many YAML nodes (more than {MAX_NODES}, aliases expanded); split the file or "
                "remove anchors/aliases",
            )


_YAML = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_YAML + t for t in ("str", "int", "float", "bool", "null", "timestamp")}


def _show_tag(tag: str) -> str:
    return "!!" + tag.removeprefix(_YAML) if tag.startswith(_YAML) else tag


def _to_python(
    node: yaml.Node, budget: _Budget, loader: yaml.SafeLoader, loc: tuple[int | str, ...] = ()
) -> Any:
    """Build plain values from a node, refusing anything but maps, lists and plain scalars: a custom
    or ``!!python/...`` tag on a mapping or a list would otherwise be silently ignored."""
    budget.spend(node)
    if len(loc) > MAX_DEPTH:
        raise _NodeProblem(node, loc, f"nested too deeply (more than {MAX_DEPTH} levels); flatten it")
    if isinstance(node, yaml.MappingNode):
        if node.tag != _YAML + "map":
            raise _NodeProblem(node, loc, f"YAML tag {_show_tag(node.tag)} is not allowed in content packs "
                               "(no custom or !!python tags)")
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise _NodeProblem(key_node, loc, "a mapping key must be a plain value, not a list or a map")
            if key_node.tag == _YAML + "merge":
                raise _NodeProblem(key_node, loc, "merge keys (<<) are not supported; write the fields out")
            key = _to_python(key_node, budget, loader, loc)
            if key in out:
                raise _NodeProblem(key_node, (*loc, key), f"key {key!r} appears twice in this mapping")
            out[key] = _to_python(value_node, budget, loader, (*loc, key))
        return out
    if isinstance(node, yaml.SequenceNode):
        if node.tag != _YAML + "seq":
            raise _NodeProblem(node, loc, f"YAML tag {_show_tag(node.tag)} is not allowed in content packs "
                               "(no custom or !!python tags)")
        return [_to_python(item, budget, loader, (*loc, i)) for i, item in enumerate(node.value)]
    if node.tag not in _SCALAR_TAGS:
        raise _NodeProblem(node, loc, f"YAML tag {_show_tag(node.tag)} is not allowed in content packs "
                           "(no custom or !!python tags)")
    return loader.construct_object(node, deep=True)


def _line_of(node: yaml.Node, loc: tuple[int | str, ...]) -> int:
    """The 1-based line of the deepest node that ``loc`` reaches in the composed YAML tree."""
    current = node
    for part in loc:
        if isinstance(current, yaml.MappingNode):
            nxt = next((v for k, v in current.value if getattr(k, "value", None) == part), None)
        elif isinstance(current, yaml.SequenceNode) and isinstance(part, int) and part < len(current.value):
            nxt = current.value[part]
        else:
            nxt = None
        if nxt is None:
            break
        current = nxt
    return int(current.start_mark.line) + 1


def _format_loc(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _yaml_loc(value: Any, loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """Pydantic puts a discriminated union's tag (e.g. ``lose_vigor``) into error locations,
    after the list index; the YAML has no such key, so drop it."""
    out: list[int | str] = []
    current = value
    for part in loc:
        if isinstance(current, dict) and part not in current and current.get("type") == part:
            continue
        out.append(part)
        try:
            current = current[part]
        except (KeyError, IndexError, TypeError):
            current = None
    return tuple(out)


def read_yaml_documents(path: Path, label: str) -> tuple[list[tuple[Any, yaml.Node]], list[ContentError]]:
    """Each document of a YAML file as (python value, node), or errors."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        return [], [ContentError(label, "", None, f"cannot read the file: {exc.strerror}")]
    if size > MAX_FILE_BYTES:
        return [], [ContentError(label, "", None, f"file is {size} bytes; the limit is {MAX_FILE_BYTES}")]
    text = path.read_text(encoding="utf-8", errors="replace")
    return parse_yaml_text(text, label)


# libyaml's parser when it is installed: about ten times faster on valid files (start-up). A file it refuses is
# parsed again by the pure-Python parser, whose messages name the problem more clearly.
_FAST: Any = getattr(yaml, "CSafeLoader", None)


def parse_yaml_text(text: str, label: str) -> tuple[list[tuple[Any, yaml.Node]], list[ContentError]]:
    if _FAST is not None:
        docs, errors = _parse(text, label, _FAST)
        if not errors:
            return docs, errors
    return _parse(text, label, yaml.SafeLoader)


def _parse(text: str, label: str, loader_type: Any) -> tuple[list[tuple[Any, yaml.Node]], list[ContentError]]:
    docs: list[tuple[Any, yaml.Node]] = []
    loader = loader_type(text)
    try:
        while loader.check_node():
            node = loader.get_node()
            if node is None:
                continue
            docs.append((_to_python(node, _Budget(), loader), node))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or str(exc)
        if exc.context and not isinstance(exc, _NodeProblem):
            # e.g. "... (while parsing a flow sequence started at line 9)": where to look for the fix
            start = exc.context_mark
            since = f" started at line {start.line + 1}" if start and start.line + 1 != line else ""
            problem = f"{problem} ({exc.context}{since})"
        return [], [ContentError(label, _format_loc(getattr(exc, "loc", ())), line, problem)]
    except yaml.YAMLError as exc:
        return [], [ContentError(label, "", None, str(exc))]
    except RecursionError:
        return [], [ContentError(label, "", None, f"nested too deeply (more than {MAX_DEPTH} levels); flatten it")]
    finally:
        loader.dispose()
    return docs, []


def validate_document(value: Any, node: yaml.Node, label: str) -> tuple[BaseModel | None, list[ContentError]]:
    if not isinstance(value, dict):
        message = "a document must be a mapping with a 'kind'"
        return None, [ContentError(label, "", _line_of(node, ()), message)]
    kind = value.get("kind")
    model = DOCUMENT_KINDS.get(kind) if isinstance(kind, str) else None
    if model is None:
        known = ", ".join(sorted(DOCUMENT_KINDS))
        message = f"unknown kind {kind!r}; use one of: {known}"
        return None, [ContentError(label, "kind", _line_of(node, ("kind",)), message)]
    try:
        valid = model.model_validate(value)
        if isinstance(valid, Monster):  # cross-field checks, each pointing at its own line
            found = [ContentError(label, _format_loc(loc), _line_of(node, loc), msg) for loc, msg in valid.problems()]
            return (None, sorted(found, key=lambda e: e.line or 0)) if found else (valid, [])
        return valid, []
    except ValidationError as exc:
        errors = []
        for err in exc.errors():
            loc = _yaml_loc(value, tuple(err["loc"]))
            if err["type"] == "union_tag_invalid":  # point at the offending "type: ..." itself
                loc = (*loc, str(err["ctx"]["discriminator"]).strip("'"))
            errors.append(ContentError(label, _format_loc(loc), _line_of(node, loc), _message(err)))
        return None, sorted(errors, key=lambda e: e.line or 0)


def _message(err: Any) -> str:
    """Pydantic's message, reworded where a transcriber would not know what it means."""
    ctx = err.get("ctx") or {}
    if err["type"] == "union_tag_invalid":
        field = str(ctx["discriminator"]).strip("'")
        return f"unknown {field} {ctx['tag']!r}; use one of: {ctx['expected_tags']}"
    if err["type"] == "extra_forbidden":
        return "unknown field (check its spelling; see docs/content.md for the fields of each kind)"
    return str(err["msg"])


# --- packs and the catalogue ------------------------------------------------------------------


IdSpot = tuple[str, str, int]  # (content id, YAML path, line) of every id a document defines


def _id_spots(value: dict[str, Any], node: yaml.Node) -> list[IdSpot]:
    spots: list[IdSpot] = [(str(value["id"]), "id", _line_of(node, ("id",)))]
    for part in ("portraits", "heroic_arcs", "peril_arcs", "techniques", "talents", "resources"):
        items = value.get(part) if value.get("kind") == "knight" else None
        for i, item in enumerate(items if isinstance(items, list) else []):
            if isinstance(item, dict) and "id" in item:
                spots.append((str(item["id"]), f"{part}[{i}].id", _line_of(node, (part, i, "id"))))
    if value.get("kind") == "monster":  # validated already: every part has an id
        monster = Monster.model_validate(value)
        spots += [(i, _format_loc(loc), _line_of(node, loc)) for i, loc in monster.all_ids()[1:]]
    for part in ("tiles", "exploration", "deep_fog"):  # Kingdom tiles and cards (content/schema/kingdom.py)
        items = value.get(part) if value.get("kind") in ("kingdom", "kingdom_tiles", "kingdom_cards") else None
        for i, item in enumerate(items if isinstance(items, list) else []):
            if isinstance(item, dict) and "id" in item:
                spots.append((str(item["id"]), f"{part}[{i}].id", _line_of(node, (part, i, "id"))))
    campfire = value.get("campfire") if value.get("kind") in ("kingdom", "kingdom_cards") else None
    tales = campfire.get("tales") if isinstance(campfire, dict) else None
    for i, item in enumerate(tales if isinstance(tales, list) else []):
        if isinstance(item, dict) and "id" in item:
            spots.append((str(item["id"]), f"campfire.tales[{i}].id", _line_of(node, ("campfire", "tales", i, "id"))))
    cards = value.get("cards")
    for i, card in enumerate(cards if isinstance(cards, list) else []):
        if isinstance(card, dict) and "id" in card:
            spots.append((str(card["id"]), f"cards[{i}].id", _line_of(node, ("cards", i, "id"))))
    return spots


def load_pack_documents(
    folder: Path, root: Path | None = None
) -> tuple[list[tuple[BaseModel, str, list[IdSpot]]], list[ContentError]]:
    """Validate every YAML file of a pack folder; returns (model, file, ids with their YAML path and
    line) for each valid document, and the errors."""
    root = root or folder.parent
    models: list[tuple[BaseModel, str, list[IdSpot]]] = []
    errors: list[ContentError] = []
    if not folder.is_dir():
        return [], [ContentError(str(folder), "", None, "not a folder; a pack is a folder with a pack.yaml")]
    if not (folder / "pack.yaml").is_file():
        message = "missing pack.yaml (the manifest: kind: pack, id, name, version)"
        errors.append(ContentError(str(folder), "", None, message))
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())
    for path in files:
        label = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
        docs, errs = read_yaml_documents(path, label)
        errors += errs
        for value, node in docs:
            model, errs = validate_document(value, node, label)
            errors += errs
            if model is not None:
                models.append((model, label, _id_spots(value, node)))
    return models, errors


def build_catalogue(folders: list[Path]) -> Catalogue:
    """Merge packs in order (the starter pack first). Raises ContentInvalid listing every error."""
    catalogue = Catalogue()
    errors: list[ContentError] = []
    for folder in folders:
        models, errs = load_pack_documents(folder)
        errors += errs
        pack = next((m.id for m, _, _ in models if isinstance(m, Manifest)), folder.name)
        for model, file, spots in models:
            errors += _add(catalogue, model, file, spots, pack)
    errors += _references(catalogue)
    catalogue.folders = list(folders)
    if catalogue.dice is None and not errors:
        where = str(folders[0]) if folders else "(no packs)"
        errors.append(ContentError(where, "", None, "no pack defines the dice (kind: dice)"))
    if errors:
        raise ContentInvalid(errors)
    return catalogue


def _references(catalogue: Catalogue) -> list[ContentError]:
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


def _add(
    catalogue: Catalogue, model: BaseModel, file: str, spots: list[IdSpot], pack: str | None = None
) -> list[ContentError]:
    clashes = [
        ContentError(file, path, line, f"id {i!r} is already defined at {catalogue.origin[i]}; "
                     "ids must be unique across packs")
        for i, path, line in spots if i in catalogue.origin
    ]
    if clashes:
        return clashes
    if isinstance(model, DiceSet) and catalogue.dice is not None:
        return [ContentError(file, "kind", spots[0][2], "the dice are already defined by an earlier pack; "
                             "only one dice set is allowed")]
    for i, _, line in spots:
        catalogue.origin[i] = f"{file}:{line}"
        if pack is not None:
            catalogue.pack_of[i] = pack
    if isinstance(model, Manifest):
        catalogue.packs.append(model)
    elif isinstance(model, DiceSet):
        catalogue.dice = model
    elif isinstance(model, KingdomTiles):
        catalogue.kingdom_tiles.setdefault(model.kingdom, {}).update({t.id: t for t in model.tiles})
    elif isinstance(model, KingdomCards):
        catalogue.kingdom_cards.append(model)
    else:
        getattr(catalogue, _BY_ID[type(model)])[getattr(model, "id")] = model  # noqa: B009
    return []


# documents kept by id in a Catalogue field
_BY_ID: dict[type[BaseModel], str] = {
    Deck: "decks", Knight: "knights", Gear: "gear", Upgrade: "upgrades", Monster: "monsters",
    TerrainTile: "terrain", Kingdom: "kingdoms", EncounterBoard: "encounter_boards",
    Squire: "squires", MettleDeck: "mettle", ClueCards: "clue_cards", Outpost: "outposts",
    LootCard: "loot", LootTable: "loot_tables", FoolsDeck: "fools_decks", GamblingGame: "gambling_games",
    Rosegraal: "rosegraals", RogueTables: "rogue_tables",
    Apocrypha: "apocrypha", Dungeon: "dungeons",
}


def _encounter_board_references(catalogue: Catalogue) -> list[ContentError]:
    """Encounter Board marks are d6 marks; every board an Encounter Monster card names is loaded."""
    marks = {f.mark for d in (catalogue.dice.power_dice if catalogue.dice else []) for f in d.faces if f.mark}
    used = [(c.id, s.board) for k in catalogue.kingdoms.values() for c in k.encounter_cards for s in c.sides]
    errors = []
    for owner, loc, message in board_problems(catalogue.encounter_boards, marks, used):
        file, _, line = catalogue.origin.get(owner, owner).rpartition(":")
        errors.append(ContentError(file, _format_loc(loc), int(line) if line.isdigit() else None, message))
    return errors


def _monster_references(catalogue: Catalogue) -> list[ContentError]:
    """A Clash Setup's Terrain tiles must be ``kind: terrain`` tiles of a loaded pack, and fit the board."""
    errors = []
    for monster in catalogue.monsters.values():
        file, _, line = catalogue.origin.get(monster.id, monster.id).rpartition(":")
        for loc, message in terrain_problems(monster, catalogue.terrain):
            errors.append(ContentError(file, _format_loc(loc), int(line) if line.isdigit() else None, message))
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
            where = _format_loc(loc[2:]) if on_item else _format_loc(loc)
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


def validate_pack(folder: Path) -> list[ContentError]:
    """Errors of one pack checked on top of the starter pack (what ``kfgm content validate`` prints)."""
    folders = [STARTER_PACK] if folder.resolve() != STARTER_PACK.resolve() else []
    try:
        build_catalogue(folders + [folder])
    except ContentInvalid as exc:
        return exc.errors
    return []


def load_catalogue(extra: list[Path] | None = None) -> Catalogue:
    return build_catalogue([STARTER_PACK, *(extra or [])])


# --- packs given as text (a guild's uploads) ---------------------------------------------------------


def read_pack_text(text: str, label: str) -> tuple[list[tuple[BaseModel, str, list[IdSpot]]], list[ContentError]]:
    """A whole pack in one YAML text (several documents, exactly one ``kind: pack`` manifest), read with
    the same safe loader, limits and checks as a file of a pack folder."""
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        return [], [ContentError(label, "", None, f"file is {size} bytes; the limit is {MAX_FILE_BYTES}")]
    docs, errors = parse_yaml_text(text, label)
    models: list[tuple[BaseModel, str, list[IdSpot]]] = []
    for value, node in docs:
        model, errs = validate_document(value, node, label)
        errors += errs
        if model is not None:
            models.append((model, label, _id_spots(value, node)))
    manifests = [(m, spots) for m, _, spots in models if isinstance(m, Manifest)]
    if not errors and not manifests:
        errors.append(ContentError(label, "", None, "no manifest: a pack needs one document with kind: pack, "
                                   "id, name and version (the id names the pack)"))
    for _, spots in manifests[1:]:
        errors.append(ContentError(label, "kind", spots[0][2], "a second manifest (kind: pack); "
                                   "a file holds one pack"))
    return models, errors


def extend_catalogue(base: Catalogue, packs: list[tuple[str, str]]) -> Catalogue:
    """``base`` plus packs given as ``(label, YAML text)``, each one file with one manifest, checked
    exactly like packs on disk: the same documents, ids unique across everything loaded, the same
    cross-references. ``base`` is not changed. Raises ContentInvalid listing every error."""
    catalogue = _copy(base)
    errors: list[ContentError] = []
    for label, text in packs:
        models, errs = read_pack_text(text, label)
        errors += errs
        pack = next((m.id for m, _, _ in models if isinstance(m, Manifest)), label)
        for model, file, spots in models:
            errors += _add(catalogue, model, file, spots, pack)
    errors += _references(catalogue)
    if errors:
        raise ContentInvalid(errors)
    catalogue.uploads += packs
    return catalogue


def _copy(base: Catalogue) -> Catalogue:
    """A catalogue whose containers are its own (the content models themselves are shared, never changed)."""
    def own(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()}
        return list(value) if isinstance(value, list) else value

    return Catalogue(**{f.name: own(getattr(base, f.name)) for f in fields(base)})
