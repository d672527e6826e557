"""Flat records: pydantic models whose fields hold only scalars (str, int, float, bool, None, a Literal) or lists and
dicts of scalars, nothing nested. A flat record's deep copy is one copy of the record and of each of its containers:
``flat_copy`` does that, where ``model_copy(deep=True)`` walks every field and every item in Python (a Monster
Activation or a Knight's Attack held by a decision was copied so on every step it went through).

A leaf: pydantic only. A model is checked flat once, when it is declared with ``@flat`` (no nested field, no extra
fields kept, no private attributes); ``flat_copy`` takes only such a model, so a field that nests later fails at
import, never as a shared list. The copy is built as pydantic's own ``__copy__`` builds one (a new instance, its
``__dict__`` and its fields set), without the generic ``copy.copy`` of each part: tests/rules/test_flat.py checks
pydantic still keeps a model in exactly those slots.
"""

from __future__ import annotations

import types
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

_set = object.__setattr__  # how pydantic itself fills a new instance's slots (BaseModel.__copy__)

M = TypeVar("M", bound=BaseModel)
_SCALARS = (str, int, float, bool, type(None))
FLAT: set[type[BaseModel]] = set()


def _scalar(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin is Literal:
        return all(isinstance(a, _SCALARS) for a in get_args(annotation))
    if origin in (Union, types.UnionType):
        return all(_scalar(a) for a in get_args(annotation))
    return annotation in _SCALARS


def _flat(annotation: Any) -> bool:
    origin = get_origin(annotation)
    if origin in (list, dict):
        return all(_scalar(a) for a in get_args(annotation))
    if origin in (Union, types.UnionType):
        return all(_flat(a) for a in get_args(annotation))
    return _scalar(annotation)


def flat(cls: type[M]) -> type[M]:
    """Declare ``cls`` a flat record (a subclass is declared on its own); refused if a field nests."""
    nested = [name for name, info in cls.model_fields.items() if not _flat(info.annotation)]
    if cls.__pydantic_root_model__ or cls.model_config.get("extra") == "allow" or cls.__private_attributes__:
        nested.append("a root model, extra fields or private attributes")
    if nested:
        raise TypeError(f"{cls.__name__} is not flat: {', '.join(nested)}")
    FLAT.add(cls)
    return cls


def flat_copy(record: M) -> M:
    """A deep copy of a flat record: the same as ``record.model_copy(deep=True)`` (its fields set included)."""
    cls = type(record)
    if cls not in FLAT:
        raise TypeError(f"{cls.__name__} is not declared flat (rules/flat.py)")
    fields = record.__dict__.copy()
    for name, value in fields.items():
        if type(value) is list or type(value) is dict:
            fields[name] = value.copy()
    out = cls.__new__(cls)
    _set(out, "__dict__", fields)
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_fields_set__", record.__pydantic_fields_set__.copy())
    _set(out, "__pydantic_private__", None)
    return out
