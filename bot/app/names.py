"""Names the players typed, shown safely (issue #20): a Knight's name is stored as typed, but wherever the bot's text
is rendered as Discord Markdown it must neither format nor mention. Discord never pings for the bot's messages
(``allowed_mentions`` is none), and these escapes keep ``@everyone``, ``<@123>`` or ``**bold**`` in a name from
looking like a mention or formatting the line around it."""

from __future__ import annotations

import json
from collections.abc import Iterable

from rules import lookup
from rules.state import CampaignState

MARKDOWN = "\\*_~`|>[]"  # the characters an escape backslashes
SPECIAL = frozenset(MARKDOWN + "@<")  # a name holding one of these is escaped
_ESCAPES = str.maketrans({**{c: "\\" + c for c in MARKDOWN}, "@": "@\u200b"})


def escape(name: str) -> str:
    """``name`` with every Markdown character backslashed and every ``@`` followed by a zero-width space."""
    return name.translate(_ESCAPES)


def needs_escape(name: str) -> bool:
    return not SPECIAL.isdisjoint(name)


def escape_names(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` that holds a Markdown or mention character escaped (longest first, so a
    name inside another is not escaped twice)."""
    for name in sorted({n for n in names if needs_escape(n)}, key=len, reverse=True):
        text = text.replace(name, escape(name))
    return text


def special_names(state_json: str) -> list[str]:
    """The names of a campaign's Knights that need escaping, read from its stored state."""
    knights = json.loads(state_json).get("knights") or {}
    return [k["name"] for k in knights.values() if isinstance(k, dict) and needs_escape(str(k.get("name", "")))]


def special_names_of(state: CampaignState) -> list[str]:
    """The same names as ``special_names``, read from a campaign's parsed state."""
    return [k.name for k in state.knights.values() if needs_escape(k.name)]


def key(name: str) -> str:
    """What makes two names the same name: the one resolver's key (rules/lookup.py: case, accents, apostrophes and
    quotes, punctuation and runs of spaces ignored), so no two Knights answer to one typed name."""
    return lookup.key(name)
