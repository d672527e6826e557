"""The transport-free reply every command returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Reply:
    ok: bool = True
    text: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    images: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  # other attachments (e.g. /campaign export's JSON), not shown inline
    pending: dict[str, Any] | None = None
    error: str | None = None
    ephemeral: bool = False

    @classmethod
    def fail(cls, message: str) -> Reply:
        return cls(ok=False, text=message, error=message, ephemeral=True)


class CommandError(Exception):
    """Bad input or a refused command: the message goes to the user as it is."""
