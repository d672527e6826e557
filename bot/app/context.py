"""Who is running a command, and where."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Invocation:
    guild_id: str
    channel_id: str
    user_id: str
    user_name: str
    role_ids: frozenset[str] = field(default_factory=frozenset)
    is_admin: bool = False
    command_line: str = ""
