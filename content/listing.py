"""Every content id of a catalogue with its type, name and tier: ``kfgm content list`` and ``/content list``.

Each row is ``{"id", "type", "name", "tier"}``. The type of a document is its ``kind`` (``monster:boss``,
``gear:weapon`` and ``card:<deck>`` add what they are); a part of a document that has an id of its own (an AI card, a
Kingdom tile, an Exploration card, a Mettle card, a Rosegraal node...) is ``<part>:<document id>``; the id of a
``kingdom_tiles`` or ``kingdom_cards`` document, whose tiles and cards joined their Kingdom, is ``merged_set``.
Every kind the loader keeps in a catalogue is listed (tests/authoring/test_authoring.py compares them with the
catalogue's fields).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from content.schema import DOCUMENT_KINDS

if TYPE_CHECKING:
    from content.loader import Catalogue

Row = dict[str, Any]
KIND_OF: dict[type[BaseModel], str] = {model: kind for kind, model in DOCUMENT_KINDS.items()}
# catalogue fields listed with their own rows below; every other content field is listed by ``_document``
EXPLICIT = ("packs", "dice", "decks", "knights", "gear", "upgrades", "monsters", "terrain", "kingdoms",
            "kingdom_tiles")
NOT_CONTENT = ("origin", "pack_of", "kingdom_cards", "folders", "uploads")  # bookkeeping (kingdom_cards: merged)
MERGED = "merged_set"  # a set of tiles or cards whose parts joined their Kingdom


def _row(i: str, kind: str, name: str | None, tier: Any = None) -> Row:
    return {"id": i, "type": kind, "name": name or i, "tier": tier}


def _parts(model: BaseModel, owner: str, skip: tuple[str, ...] = ()) -> list[Row]:
    """The parts of a document that have an id of their own (list fields whose items have ``id``), one level deep."""
    rows = []
    for name in type(model).model_fields:
        items = getattr(model, name)
        if name in skip or not isinstance(items, list):
            continue
        for item in items:
            if isinstance(item, BaseModel) and isinstance(getattr(item, "id", None), str):
                part = name.removesuffix("s") if name.endswith("s") else name
                tier = getattr(item, "tier", None) or getattr(item, "level", None)
                rows.append(_row(str(getattr(item, "id")), f"{part}:{owner}", getattr(item, "name", None), tier))  # noqa: B009
    return rows


def _document(model: BaseModel) -> list[Row]:
    i = str(getattr(model, "id"))  # noqa: B009
    kind = KIND_OF.get(type(model), type(model).__name__.lower())
    return [_row(i, kind, getattr(model, "name", None), getattr(model, "tier", None)), *_parts(model, i)]


def entries(catalogue: Catalogue) -> list[Row]:
    rows: list[Row] = [_row(p.id, "pack", p.name) for p in catalogue.packs]
    if catalogue.dice:
        rows.append(_row(catalogue.dice.id, "dice", "Dice"))
    for deck in catalogue.decks.values():
        rows.append(_row(deck.id, "deck", deck.name))
        rows += [_row(c.id, f"card:{deck.id}", c.name, c.tier) for c in deck.cards]
    for knight in catalogue.knights.values():
        rows.append(_row(knight.id, "knight", knight.name))
        for part_field, i, part_id in knight.part_ids():
            part = getattr(knight, part_field)[i]
            rows.append(_row(part_id, part_field.rstrip("s"), part.name))
    rows += [_row(g.id, f"gear:{g.type}", g.name, g.tier) for g in catalogue.gear.values()]
    rows += [_row(u.id, "upgrade", u.name, u.tier) for u in catalogue.upgrades.values()]
    for m in catalogue.monsters.values():
        rows.append(_row(m.id, f"monster:{m.type}", m.name, len(m.levels)))
        rows += [_row(t.id, f"trait:{m.id}", t.name) for t in m.traits]
        rows.append(_row(m.signature.id, f"signature:{m.id}", m.signature.name))
        rows.append(_row(m.routine.id, f"routine:{m.id}", m.routine.name))
        rows += [_row(c.id, f"ai:{m.id}", c.name, c.level) for c in m.ai_cards]
        rows += [_row(c.id, f"bp:{m.id}", c.name, c.level) for c in m.bp_cards]
    rows += [_row(t.id, "terrain", t.name) for t in catalogue.terrain.values()]
    for k in catalogue.kingdoms.values():
        rows.append(_row(k.id, "kingdom", k.name))
        rows += [_row(t.id, f"kingdom_tile:{k.id}", t.name) for t in catalogue.kingdom_tiles.get(k.id, {}).values()]
        rows += _parts(k, k.id)
        if k.campfire is not None:
            rows += [_row(t.id, f"campfire_tale:{k.id}", t.name) for t in k.campfire.tales]
    for name in content_fields(catalogue):
        if name not in EXPLICIT:
            for model in getattr(catalogue, name).values():
                rows += _document(model)
    listed = {row["id"] for row in rows}
    # the ids of kind: kingdom_tiles and kind: kingdom_cards documents: their tiles and cards joined their Kingdom
    rows += [_row(i, MERGED, i) for i in catalogue.origin if i not in listed]
    return rows


def content_fields(catalogue: Catalogue) -> list[str]:
    """The catalogue's fields that hold content."""
    from dataclasses import fields

    return [f.name for f in fields(catalogue) if f.name not in NOT_CONTENT]
