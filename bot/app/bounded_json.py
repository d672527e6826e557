"""JSON from a player (a ``/campaign import`` file, a ``/knight import`` code), read within bounds.

``json.loads`` recurses once per nesting level: 5,000 nested ``[`` raise RecursionError, and a few hundred levels
already cost the pydantic checks after it. ``loads`` refuses more than ``MAX_DEPTH`` levels with ``JSONRefused``
(its message says so): the nesting is counted on the text before it is parsed, with regular expressions (strings are
skipped whole, so a ``[`` inside a string does not count).

``loads_in_pieces`` reads a long document (a 64 MB campaign export) the same way, but in short steps: the nesting
is counted a slice of text at a time, and a top-level object is parsed key by key, each of its arrays element by
element (``json.JSONDecoder.raw_decode``). Every C call is then short, so a worker thread running it lets go of the
GIL every few milliseconds and the event loop beside it keeps running (one ``json.loads`` of the whole text holds
the GIL for a second).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 64  # an export's deepest value is about 12 levels down (a Clash's pending decision data)
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_SPACE = re.compile(r"[ \t\n\r]*")  # what JSON allows between tokens
SLICE = 256_000  # characters of text the nesting is counted on at a time
_DECODER = json.JSONDecoder()


class JSONRefused(ValueError):
    """The text is not JSON, or is nested deeper than allowed."""


def depth(text: str, piece: int = SLICE) -> int:
    """How deeply the arrays and objects of a JSON text are nested (strings skipped), counted a slice at a time.

    Each slice starts outside a string. Whole strings are removed from it; a string the slice cuts keeps its
    opening quote, and nothing after that quote can be removed (every later quote in it is escaped), so the next
    slice starts at that quote."""
    level = deepest = 0
    start, size = 0, piece
    while start < len(text):
        part = text[start:start + size]
        outside = _STRINGS.sub("", part)
        quote = outside.find('"') if start + size < len(text) else -1
        if quote == 0 and len(outside) == len(part):  # one string longer than the slice: a longer slice
            size *= 2
            continue
        if quote >= 0:
            start += len(part) - (len(outside) - quote)
            outside = outside[:quote]
        else:
            start += len(part)
        brackets = _NOT_BRACKETS.sub("", outside)
        levels = list(accumulate((1 if c in "[{" else -1 for c in brackets), initial=level))
        deepest, level = max(deepest, *levels), levels[-1]
        size = piece
    return deepest


def _checked_depth(text: str, max_depth: int) -> None:
    nested = depth(text)
    if nested > max_depth:
        raise JSONRefused(f"it is nested {nested} levels deep; at most {max_depth} are allowed")


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    _checked_depth(text, max_depth)
    try:
        return json.loads(text)
    except RecursionError:  # (not reached: the depth is checked above)
        raise JSONRefused(f"it is nested more than {max_depth} levels deep") from None
    except ValueError as exc:
        raise JSONRefused(str(exc)[:120]) from None


def loads_in_pieces(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """As ``loads`` (the same value, the same refusals), in short steps (see the module's text)."""
    _checked_depth(text, max_depth)
    try:
        return _document(text)
    except RecursionError:  # (not reached: the depth is checked above)
        raise JSONRefused(f"it is nested more than {max_depth} levels deep") from None
    except ValueError as exc:
        raise JSONRefused(str(exc)[:120]) from None


def _space(text: str, at: int) -> int:
    found = _SPACE.match(text, at)
    assert found is not None  # (the pattern matches the empty string)
    return found.end()


def _expect(text: str, at: int, token: str, what: str) -> int:
    if not text.startswith(token, at):
        raise json.JSONDecodeError(f"Expecting {what}", text, at)
    return _space(text, at + 1)


def _document(text: str) -> Any:
    at = _space(text, 0)
    if not text.startswith("{", at):
        return json.loads(text)  # not an object: nothing to read in pieces
    value: dict[str, Any] = {}
    at = _space(text, at + 1)
    if text.startswith("}", at):
        at += 1
    else:
        while True:
            if not text.startswith('"', at):
                raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, at)
            key, at = _DECODER.raw_decode(text, at)
            at = _expect(text, _space(text, at), ":", "':' delimiter")
            value[key], at = _array(text, at) if text.startswith("[", at) else _DECODER.raw_decode(text, at)
            at = _space(text, at)
            if text.startswith("}", at):
                at += 1
                break
            at = _expect(text, at, ",", "',' delimiter")
    at = _space(text, at)
    if at != len(text):
        raise json.JSONDecodeError("Extra data", text, at)
    return value


def _array(text: str, at: int) -> tuple[list[Any], int]:
    """The array starting at ``at``, element by element; and where it ends."""
    items: list[Any] = []
    at = _space(text, at + 1)
    if text.startswith("]", at):
        return items, at + 1
    while True:
        item, at = _DECODER.raw_decode(text, at)
        items.append(item)
        at = _space(text, at)
        if text.startswith("]", at):
            return items, at + 1
        at = _expect(text, at, ",", "',' delimiter")
