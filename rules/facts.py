"""Facts: what the rules say happened, typed (who, what, the numbers) and without words.

A rule reports a fact with an ``Event(kind, fact=...)``; the sentence, its emoji and its Markdown are rendered at
the edge by ``bot/narration`` (one renderer per fact), shared by Discord and the console. Each fact model names
itself with ``fact: Literal["..."]`` and registers with ``@fact``, so an event read back from JSON (the log's
``events_json``) finds its model again. No rule ever reads an event's text: an observer or a reviewer reads facts.

The steps of a family pass lists of lines to one another. The Clash's lists (``Harm.lines``, an Attack's, a Monster
Activation's) are ``list[Line]``: a step appends its fact itself, and an ``Event`` made of a fact is that fact. A
family whose lists are still sentences (a Delve's ``texts``, a Knight's statistics changes) puts a fact there as
``said(fact)``: one line that carries the fact, never words; the ``Event`` made of that line (or of a sentence
joined with it) gets the fact back (``unpack``), so the words are still rendered at the edge. A Clash list handed to
such a family goes as ``sentences(lines)``. When a family's lists are all facts, ``said`` leaves it.

The modules declaring facts (``*_facts.py``, some 650 models) do not write ``from __future__ import annotations``:
with real annotations pydantic reads each field's type at once, where strings made it build and evaluate a forward
reference per field at start-up (a tenth of a second, ``make bench`` startup_s; tests/rules/test_fact_modules.py).
"""

import json
import re
from collections.abc import Iterable, Iterator
from typing import Annotated, Any, Literal, TypeVar, cast

from pydantic import BaseModel, BeforeValidator, ConfigDict, SerializeAsAny


class Fact(BaseModel):
    """One typed fact. ``fact`` is its kind's name in ``FACTS``. Its validator is built on its first use
    (``defer_build``): of the hundreds of facts, a process meets a few, and building them all cost startup time and
    memory (``make bench``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    fact: str


FACTS: dict[str, type[Fact]] = {}
F = TypeVar("F", bound=type[Fact])


def fact(cls: F) -> F:
    """Register a fact model under its ``fact`` name (unique)."""
    name = cast("type[Fact]", cls).model_fields["fact"].default
    if not isinstance(name, str) or not name:
        raise ValueError(f"{cls.__name__} needs a default ``fact`` name")
    if name in FACTS:
        raise ValueError(f"two facts named {name!r}")
    FACTS[name] = cls
    return cls


def parse_fact(data: Any) -> Any:
    """A fact from its JSON form, by its ``fact`` name; anything else is returned as it is (pydantic checks it)."""
    if isinstance(data, dict) and isinstance(data.get("fact"), str) and data["fact"] in FACTS:
        return FACTS[data["fact"]].model_validate(data)
    return data


Line = str | Fact  # a line of an action's report: a fact, or a sentence of a family not converted yet


_OPEN, _CLOSE = "\x02", "\x03"  # JSON never holds a raw control character, so the pair is unambiguous
_OPEN_B, _CLOSE_B = _OPEN.encode(), _CLOSE.encode()
_CARRIED = re.compile("\x02([^\x02\x03]*)\x03")


# The facts ``said`` made lately, by their line: ``unpack`` takes a fact back from here instead of parsing its JSON
# again, once the line is no longer the ``Said`` itself (joined into a paragraph, or copied into a plain string); a
# fact is frozen, so the one object may travel. Only a memo: a line it no longer holds is parsed as before, to the
# same fact. Full, it is emptied at once (one step, safe while a replay runs in another thread).
_SAID: dict[str, Fact] = {}
_SAID_KEPT = 256


class Said(str):
    """A line ``said`` made, as it travels in this process: the text is the line itself (the fact's JSON between the
    markers); ``fact`` is the fact, taken back without reading the text (the text is read only once the line has
    been copied into a plain string: stored, joined, or validated into a field)."""

    fact: Fact


def said(f: Fact) -> str:
    """``f`` as one line of a list of sentences not converted yet; its Event gets the fact back. The JSON is the
    model's own serializer's (``model_dump_json`` without its keyword handling: a Clash attack says some twenty
    lines, ``make bench`` attack_p50_ms), the line made from its bytes in one decoding."""
    body = f.__pydantic_serializer__.to_json(f)
    if FACTS.get(f.fact) is not type(f):  # parsing its JSON would not give it back: a plain line
        return str(_OPEN_B + body + _CLOSE_B, "utf-8")
    line = Said(_OPEN_B + body + _CLOSE_B, "utf-8")
    line.fact = f
    if len(_SAID) >= _SAID_KEPT:
        _SAID.clear()
    _SAID[line] = f
    return line


def unpack(text: Line) -> Fact | None:
    """The fact a line is or carries (``said``), or the paragraph of the sentences and facts a joined line carries;
    None when it carries none (a control character typed in a name is left alone)."""
    if isinstance(text, Fact):
        return text
    if type(text) is Said:
        return text.fact
    if _OPEN not in text:
        return None
    parts: list[Fact | str] = []
    end = 0
    for m in _CARRIED.finditer(text):
        found = _SAID.get(m.group(0))
        if found is None:
            try:
                found = parse_fact(json.loads(m.group(1)))
            except ValueError:
                continue
        if not isinstance(found, Fact):
            continue
        parts += [text[end:m.start()], found] if m.start() > end else [found]
        end = m.end()
    if not parts:
        return None
    if end < len(text):
        parts.append(text[end:])
    return parts[0] if len(parts) == 1 and isinstance(parts[0], Fact) else Paragraph(parts=parts, sep="")


def read_lines(value: Any) -> Any:
    """A list of lines as a fact holds it (a validator's input): a line read back from JSON is its fact again, a
    sentence that carries a fact (``said``) is that fact; anything else is returned as it is (pydantic checks it)."""
    if not isinstance(value, list):
        return value
    return [(unpack(x) or x) if isinstance(x, str) else parse_fact(x) for x in value]


Lines = Annotated[list[SerializeAsAny[Fact] | str], BeforeValidator(read_lines)]
"""A fact's field of lines (``Paragraph.parts``, a step's ``then``): facts, or sentences of a family not converted
yet; a line read back from JSON, or a sentence that carries a fact (``said``), is its fact again."""


def sentences(lines: Iterable[Line]) -> list[str]:
    """Lines handed to a family whose lists are still sentences (a Delve's ``texts``): a fact goes as ``said``."""
    return [line if isinstance(line, str) else said(line) for line in lines]


def joined(lines: Iterable[Line], lead: str = "") -> Line:
    """Several lines told as one paragraph: their sentences joined by spaces (plain sentences stay a sentence, so
    an unconverted family's text is unchanged), after ``lead``'s name in bold when given."""
    parts = list(lines)
    if not lead and all(isinstance(x, str) for x in parts):
        return " ".join(cast("list[str]", parts))
    return Paragraph(parts=parts, lead=lead)


def facts_in(lines: Iterable[Line | None]) -> Iterator[Fact]:
    """Every fact among ``lines``, a paragraph's own parts included."""
    for x in lines:
        if isinstance(x, Paragraph):
            yield from facts_in(x.parts)
        elif isinstance(x, Fact):
            yield x


# -- facts every family may report ------------------------------------------------------------------------------

@fact
class RandomKnightsTargeted(Fact):
    """An effect shown to the table targets ``count`` random Knights (``source``: the card or effect). Rendered as
    nothing of its own (the effect's text already says it); True Solo Mode's reviewer names the Knights."""

    fact: Literal["random_knights_targeted"] = "random_knights_targeted"
    count: int
    source: str = ""


@fact
class Paragraph(Fact):
    """Several lines told as one paragraph (joined by ``sep``), after ``lead`` (a name, shown in bold) when given.
    A part told as nothing (a silent fact) takes its separator with it."""

    fact: Literal["paragraph"] = "paragraph"
    parts: Lines
    lead: str = ""
    sep: str = " "


_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_RANDOM_KNIGHTS = re.compile(r"\b(?:(a|an|one|two|three|four|five|[1-5])\s+)?random\s+knights?\b", re.IGNORECASE)


def random_knights_named(text: str) -> int:
    """How many random Knights a content text names ("a random Knight", "two random Knights", "3 random Knights"),
    the most it names at once; 0 when it names none. It reads a card's printed text, never an event's."""
    if "random" not in text.lower():  # most texts: the pattern, tried at every character, is not needed
        return 0
    counts = [_NUMBERS.get((m.group(1) or "a").lower()) or int(m.group(1)) for m in _RANDOM_KNIGHTS.finditer(text)]
    return max(counts, default=0)


def random_targets(text: str, source: str = "") -> list[Fact]:
    """The fact to add after showing a content ``text`` that may target random Knights: none when it names none."""
    count = random_knights_named(text)
    return [RandomKnightsTargeted(count=count, source=source)] if count else []


def random_targets_said(text: str) -> list[str]:
    """``random_targets`` as lines of a list of sentences (``said``), the text its own source: after a card's text
    shown by hand."""
    return [said(f) for f in random_targets(text, source=text)]
