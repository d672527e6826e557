"""Load and validate content packs (YAML) into one merged catalogue.

Every error names the file, the YAML path and the line, one line per error. YAML is read with the
safe loader only (no Python tags), with a size limit and a node budget so that a hostile pack (a
"billion laughs" alias bomb, a huge file) is refused instead of eating the machine.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from content.catalogue import MAX_ERRORS_SHOWN as MAX_ERRORS_SHOWN
from content.catalogue import Catalogue as Catalogue
from content.catalogue import ContentError as ContentError
from content.catalogue import ContentInvalid as ContentInvalid
from content.catalogue import format_loc
from content.collector import collector_paused
from content.references import references
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
from content.schema.encounter_boards import EncounterBoard
from content.schema.kingdom import KingdomCards, KingdomTiles
from content.schema.loot import FoolsDeck, GamblingGame, LootCard, LootTable
from content.schema.outpost import Outpost
from content.schema.postgame import Apocrypha, Dungeon
from content.schema.rosegraal import RogueTables, Rosegraal
from content.schema.squires import MettleDeck, Squire
from content.text import control_character

STARTER_PACK = Path(__file__).parent / "packs" / "starter"
MAX_FILE_BYTES = 1_000_000
MAX_NODES = 100_000
MAX_DEPTH = 40


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
    try:
        data = path.read_bytes()
        text = data.decode("utf-8").removeprefix("\ufeff")
    except OSError as exc:
        return [], [ContentError(label, "", None, f"cannot read the file: {exc.strerror}")]
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return [], [ContentError(label, "", line, f"not UTF-8 text (byte {exc.start} cannot be read); save the "
                                 "file as UTF-8")]
    return parse_yaml_text(text, label)


# libyaml's parser when it is installed: about ten times faster on valid files (start-up). A file it refuses is
# parsed again by the pure-Python parser, whose messages name the problem more clearly.
_FAST: Any = getattr(yaml, "CSafeLoader", None)


def parse_yaml_text(text: str, label: str) -> tuple[list[tuple[Any, yaml.Node]], list[ContentError]]:
    control = control_character(text)
    if control is not None:
        line, column, char = control
        return [], [ContentError(label, "", line, f"column {column}: the control character U+{ord(char):04X} is not "
                                 "allowed in YAML; remove it")]
    if _FAST is not None:
        docs, errors = _parse(text, label, _FAST)
        if not errors:
            return docs, errors
    return _parse(text, label, yaml.SafeLoader)


def _parse(text: str, label: str, loader_type: Any) -> tuple[list[tuple[Any, yaml.Node]], list[ContentError]]:
    docs: list[tuple[Any, yaml.Node]] = []
    try:  # (the reader checks the characters when it is made: control_character refuses them first)
        loader = loader_type(text)
    except yaml.YAMLError as exc:
        return [], [ContentError(label, "", None, str(exc)[:300])]
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
        return [], [ContentError(label, format_loc(getattr(exc, "loc", ())), line, problem)]
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
            found = [ContentError(label, format_loc(loc), _line_of(node, loc), msg) for loc, msg in valid.problems()]
            return (None, sorted(found, key=lambda e: e.line or 0)) if found else (valid, [])
        return valid, []
    except ValidationError as exc:
        errors = []
        for err in exc.errors():
            loc = _yaml_loc(value, tuple(err["loc"]))
            if err["type"] == "union_tag_invalid":  # point at the offending "type: ..." itself
                loc = (*loc, str(err["ctx"]["discriminator"]).strip("'"))
            errors.append(ContentError(label, format_loc(loc), _line_of(node, loc), _message(err)))
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
        spots += [(i, format_loc(loc), _line_of(node, loc)) for i, loc in monster.all_ids()[1:]]
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
    errors += references(catalogue)
    catalogue.folders = list(folders)
    if catalogue.dice is None and not errors:
        where = str(folders[0]) if folders else "(no packs)"
        errors.append(ContentError(where, "", None, "no pack defines the dice (kind: dice)"))
    if errors:
        raise ContentInvalid(errors)
    return catalogue


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


def validate_pack(folder: Path) -> list[ContentError]:
    """Errors of one pack checked on top of the starter pack (what ``kfgm content validate`` prints)."""
    folders = [STARTER_PACK] if folder.resolve() != STARTER_PACK.resolve() else []
    try:
        build_catalogue(folders + [folder])
    except ContentInvalid as exc:
        return exc.errors
    return []


def load_catalogue(extra: list[Path] | None = None) -> Catalogue:
    with collector_paused():  # a great many objects built at once, almost none of them garbage (content/collector.py)
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
    errors += references(catalogue)
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
