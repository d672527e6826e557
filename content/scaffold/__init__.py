"""``kfgm content new <kind> <id>``: a YAML file for one kind of content with every field present.

A scaffold starts from a small valid seed (``seeds/<kind>.yaml``: original placeholder content, never the
physical game's texts; ``__ID__`` stands for the new id) and is completed from the schema itself: every field
of every model the seed reaches is written, at its default when the seed leaves it out, and above each field a
comment says what it means (the field's description in the schema, or what its type allows) and the area of the
physical card it is read from (``areas.py``). So a new field in the schema appears in every scaffold at once, and
a scaffold is valid as written (tests/content/test_scaffolds.py validates each one on top of the starter pack).

The first line of each file is ``# yaml-language-server: $schema=<path>``, pointing at the JSON Schema that
``kfgm content schema --out`` writes, so editors complete and check fields as people type.
"""

from __future__ import annotations

import json
import re
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from annotated_types import Ge, Le, MaxLen, MinLen
from pydantic import BaseModel, TypeAdapter
from pydantic.fields import FieldInfo

from content.scaffold.areas import AREAS, FIELD_AREAS, MEANINGS, NAME_MEANINGS, NOT_SCAFFOLDED, SCAFFOLD_FILES
from content.schema import DOCUMENT_KINDS

SEEDS = Path(__file__).parent / "seeds"
ID_TOKEN = "__ID__"
FIRST_KEYS = ("kind", "id", "name")
SCHEMA_DIR = "schemas"  # the JSON Schemas' folder in a pack folder (`kfgm content new` writes it)
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_]{0,39}$")


@dataclass(frozen=True)
class ScaffoldFile:
    """One file of a scaffold: where it goes in a pack folder, its kind and its text."""

    path: str  # relative to the pack folder, e.g. "monsters/wolf.yaml"
    kind: str
    text: str


def scaffold_kinds() -> list[str]:
    """Every document kind a scaffold exists for (every kind the loader loads but ``NOT_SCAFFOLDED``)."""
    return [k for k in DOCUMENT_KINDS if k not in NOT_SCAFFOLDED]


def schema_file(kind: str) -> str:
    return f"{kind}.schema.json"


def write_schemas(out: Path) -> list[Path]:
    """One JSON Schema per document kind (pydantic's ``model_json_schema``) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind, model in DOCUMENT_KINDS.items():
        path = out / schema_file(kind)
        schema = model.model_json_schema()
        schema["title"] = f"kfgm content: kind {kind}"
        path.write_text(json.dumps(schema, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


class ScaffoldError(ValueError):
    """A scaffold cannot be made; the message says what would be right."""


def scaffold(kind: str, new_id: str, schema_dir: str | None = SCHEMA_DIR) -> list[ScaffoldFile]:
    """The files of a new ``kind`` named ``new_id``. ``schema_dir`` is the folder of the JSON Schemas relative to
    the pack folder (the ``$schema`` line of each file points there), or None for no such line."""
    if kind in NOT_SCAFFOLDED:
        raise ScaffoldError(f"no scaffold for kind {kind!r}: {NOT_SCAFFOLDED[kind]}")
    if kind not in DOCUMENT_KINDS:
        raise ScaffoldError(f"unknown kind {kind!r}; use one of: {', '.join(scaffold_kinds())}")
    if not ID_PATTERN.match(new_id):
        raise ScaffoldError(f"the id {new_id!r} is not an id: lowercase letters, digits and _, starting with a "
                            "letter or a digit, at most 40 characters (e.g. hollow_wolf)")
    files = []
    for path_pattern, seed_kind, seed_name in SCAFFOLD_FILES[kind]:
        seed = (SEEDS / f"{seed_name}.yaml").read_text(encoding="utf-8").replace(ID_TOKEN, new_id)
        value = yaml.safe_load(seed)
        model = DOCUMENT_KINDS[seed_kind]
        full = complete(model, value)
        model.model_validate(full)  # a seed that the schema refuses is a bug of this module, not the user's
        path = path_pattern.format(id=new_id)
        head = [f"# {seed_kind}: {new_id} — made by `kfgm content new {kind} {new_id}`. Every field is present; "
                "replace the placeholders with your card's values, delete nothing (a default is a card without it)."]
        if schema_dir is not None:
            depth = path.count("/")
            head.insert(0, f"# yaml-language-server: $schema={'../' * depth}{schema_dir}/{schema_file(seed_kind)}")
        text = "\n".join(head + emit(model, full, 0, AREAS.get(model.__name__, ""))) + "\n"
        files.append(ScaffoldFile(path, seed_kind, text))
    return files


# --- completing a seed from the schema ---------------------------------------------------------------------------


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in typing.get_args(annotation) for m in _models_in(arg)]


def _variant(annotation: Any, value: dict[str, Any]) -> type[BaseModel] | None:
    """The model a mapping is validated as: the one model of the field, or the variant whose ``type`` (the union's
    discriminator) is the mapping's."""
    models = _models_in(annotation)
    if len(models) == 1:
        return models[0]
    for model in models:
        tag = model.model_fields.get("type")
        if tag is not None and value.get("type") in typing.get_args(tag.annotation):
            return model
    return None


def _key(name: str, info: FieldInfo) -> str:
    return info.alias or name


def complete(model: type[BaseModel], value: dict[str, Any]) -> dict[str, Any]:
    """``value`` with every field of ``model`` present (its default where missing), in the schema's order,
    nested mappings completed likewise."""
    out: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        key = _key(name, info)
        if key in value:
            out[key] = _complete_value(info.annotation, value[key])
        elif not info.is_required():
            out[key] = TypeAdapter(info.annotation or Any).dump_python(info.get_default(call_default_factory=True),
                                                               mode="json", by_alias=True)
    out |= {k: v for k, v in value.items() if k not in out}
    first = [k for k in FIRST_KEYS if k in out]  # a document starts with what it is
    return {k: out[k] for k in first} | {k: v for k, v in out.items() if k not in first}


def _complete_value(annotation: Any, value: Any) -> Any:
    if isinstance(value, dict):
        mapping = _mapping_annotation(annotation)
        if mapping is not None:
            return {k: _complete_value(mapping, v) for k, v in value.items()}
        model = _variant(annotation, value)
        return complete(model, value) if model is not None else value
    if isinstance(value, list):
        inner = [a for a in typing.get_args(annotation) if a is not type(None)]
        item = _item_annotation(annotation)
        return [_complete_value(item if item is not None else (inner[0] if inner else Any), v) for v in value]
    return value


def _mapping_annotation(annotation: Any) -> Any:
    """The value type of a mapping field (``dict[K, V]``, ``dict[K, V] | None``), or None."""
    origin = typing.get_origin(annotation)
    if origin is dict:
        return typing.get_args(annotation)[1]
    if origin in (typing.Union, types.UnionType, typing.Annotated):
        for arg in typing.get_args(annotation):
            found = _mapping_annotation(arg)
            if found is not None:
                return found
    return None


def _item_annotation(annotation: Any) -> Any:
    """The item type of a list field (``list[X]``, ``list[X] | None``)."""
    origin = typing.get_origin(annotation)
    if origin in (list, tuple):
        args = typing.get_args(annotation)
        return args[0] if args else None
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _item_annotation(arg)
            if found is not None:
                return found
    if origin is typing.Annotated:
        return _item_annotation(typing.get_args(annotation)[0])
    return None


# --- writing YAML with a comment above each field ----------------------------------------------------------------


def _flow(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def _allowed(annotation: Any) -> str:
    """What a field's type allows, in words (for fields the schema does not describe)."""
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if origin is Literal:
        return "one of: " + ", ".join(str(a) for a in typing.get_args(annotation))
    if origin is typing.Annotated:
        return _allowed(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        kinds = [_allowed(a) for a in args]
        optional = type(None) in typing.get_args(annotation)
        return " or ".join(dict.fromkeys(kinds)) + (" (or null: none)" if optional else "")
    if origin in (list, tuple):
        return "a list"
    if origin is dict:
        return "a mapping"
    if annotation is bool:
        return "true or false"
    if annotation is int:
        return "a whole number"
    if annotation is str:
        return "text"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        doc = " ".join((annotation.__doc__ or annotation.__name__).split())
        return doc.split(". ")[0].strip('".').rstrip(":")[:120]
    return "a value"


def _bounds(info: FieldInfo) -> str:
    low = next((m.ge for m in info.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in info.metadata if isinstance(m, Le)), None)
    short = next((m.min_length for m in info.metadata if isinstance(m, MinLen)), None)
    long = next((m.max_length for m in info.metadata if isinstance(m, MaxLen)), None)
    parts = []
    if low is not None or high is not None:
        parts.append(f"{'' if low is None else low}–{'' if high is None else high}".strip("–"))
    if short or long:
        parts.append(f"length {short or 0}–{long}" if long else f"at least {short}")
    return ", ".join(parts)


def comment(model: type[BaseModel], name: str, info: FieldInfo, area: str) -> str:
    key = _key(name, info)
    allowed = _allowed(info.annotation)
    meaning = MEANINGS.get(f"{model.__name__}.{name}") or info.description or NAME_MEANINGS.get(key) or allowed
    bounds = _bounds(info)
    required = "required" if info.is_required() else "optional"
    where = FIELD_AREAS.get(f"{model.__name__}.{name}", area)
    return (f"{key}: {meaning}" + (f" — {allowed}" if allowed != meaning else "") + (f" ({bounds})" if bounds else "")
            + f"; {required}" + (f"  [card: {where}]" if where else ""))


def emit(model: type[BaseModel], value: dict[str, Any], indent: int, area: str, comments: bool = True) -> list[str]:
    """The lines of a mapping validated as ``model``, each field under its comment (``comments``: the first item
    of a list carries them, the others do not repeat them)."""
    pad = " " * indent
    lines: list[str] = []
    fields_ = {_key(n, i): (n, i) for n, i in model.model_fields.items()}
    for key, item in value.items():
        name, info = fields_.get(key, (key, None))
        where = FIELD_AREAS.get(f"{model.__name__}.{name}", area)
        if comments and info is not None:
            lines.append(f"{pad}# {comment(model, name, info, area)}")
        annotation = info.annotation if info is not None else Any
        lines += _emit_value(key, annotation, item, indent, where, comments)
    return lines


def _emit_value(key: str, annotation: Any, item: Any, indent: int, area: str, comments: bool) -> list[str]:
    pad = " " * indent
    if (isinstance(item, dict) and item and _mapping_annotation(annotation) is None
            and (sub := _variant(annotation, item)) is not None):
        return [f"{pad}{key}:", *emit(sub, item, indent + 2, AREAS.get(sub.__name__, area), comments)]
    if isinstance(item, list) and item and all(isinstance(x, dict) for x in item):
        item_type = _item_annotation(annotation)
        lines = [f"{pad}{key}:"]
        for i, element in enumerate(item):
            sub = _variant(item_type, element)
            if sub is None:
                lines.append(f"{pad}  - {_flow(element)}")
                continue
            inner = emit(sub, element, indent + 4, AREAS.get(sub.__name__, area), comments and i == 0)
            first = next(j for j, line in enumerate(inner) if not line.lstrip().startswith("#"))
            inner[first] = f"{pad}  - {inner[first].lstrip()}"
            inner[:first] = [f"{pad}  {line.lstrip()}" for line in inner[:first]]  # the first field's comment
            lines += inner
        return lines
    return [f"{pad}{key}: {_flow(item)}"]
