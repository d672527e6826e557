"""JSON from a player (a ``/campaign import`` file, a ``/knight import`` code), read within bounds.

``json.loads`` recurses once per nesting level: 5,000 nested ``[`` raise RecursionError, and a few hundred levels
already cost the pydantic checks after it. ``loads`` refuses more than ``MAX_DEPTH`` levels with ``JSONRefused``
(its message says so): the nesting is counted on the text before it is parsed, with regular expressions (strings are
skipped whole, so a ``[`` inside a string does not count).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 64  # an export's deepest value is about 12 levels down (a Clash's pending decision data)
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class JSONRefused(ValueError):
    """The text is not JSON, or is nested deeper than allowed."""


def depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text are nested (strings skipped)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0)


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    nested = depth(text)
    if nested > max_depth:
        raise JSONRefused(f"it is nested {nested} levels deep; at most {max_depth} are allowed")
    try:
        return json.loads(text)
    except RecursionError:  # (not reached: the depth is checked above)
        raise JSONRefused(f"it is nested more than {max_depth} levels deep") from None
    except ValueError as exc:
        raise JSONRefused(str(exc)[:120]) from None
