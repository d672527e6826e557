"""Flat records: pydantic models whose fields hold only scalars (str, int, float, bool, None, a Literal) or lists and
dicts of scalars, nothing nested. A flat record's deep copy is one copy of the record and of each of its containers:
``flat_copy`` does that, where ``model_copy(deep=True)`` walks every field and every item in Python (a Monster
Activation or a Knight's Attack held by a decision was copied so on every step it went through).

A leaf: pydantic only. A model is checked flat once, when it is declared with ``@flat``; ``flat_copy`` takes only
such a model, so a field that nests later fails at import, never as a shared list.
"""

from __future__ import annotations

import types
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

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
    """Declare ``cls`` (and so each subclass declared with it) a flat record; refused if a field nests."""
    nested = [name for name, info in cls.model_fields.items() if not _flat(info.annotation)]
    if nested or cls.__pydantic_root_model__:
        raise TypeError(f"{cls.__name__} is not flat: {', '.join(nested) or 'a root model'}")
    FLAT.add(cls)
    return cls


def flat_copy(record: M) -> M:
    """A deep copy of a flat record: the same as ``record.model_copy(deep=True)`` (its fields set included)."""
    if type(record) not in FLAT:
        raise TypeError(f"{type(record).__name__} is not declared flat (rules/flat.py)")
    out = record.__copy__()
    fields = out.__dict__
    for name, value in fields.items():
        if type(value) is list or type(value) is dict:
            fields[name] = value.copy()
    return out
