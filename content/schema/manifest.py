"""The manifest that opens every content pack (``pack.yaml``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from content.schema.cards import Id
from content.schema.dice import Strict


class Manifest(Strict):
    kind: Literal["pack"] = "pack"
    id: Id
    name: str = Field(min_length=1, max_length=100)
    version: str = Field(pattern=r"^\d+\.\d+(\.\d+)?$")
    description: str = ""
    authors: list[str] = Field(default_factory=list)
    license: str = ""
