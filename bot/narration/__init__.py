"""Narration: the words of the rules' facts, rendered at the edge (Discord and the console alike).

``rules/`` reports what happened as typed facts (``rules/facts.py``; ``Event.fact``); this package gives each its
sentence, emoji and Markdown (one module per family, each registering its renderers with ``registry.renders``).
The application calls ``told(result)`` on every engine result before it is written to the log or replied, so the
log's ``events_json`` keeps each event's ``text`` as the players saw it (old entries, which have only ``text``, read
the same). Players' names are stored as typed and escaped for Markdown here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

from bot.narration import next_step
from bot.narration.registry import bold, renders, words
from rules.engine import Event, Result
from rules.facts import Paragraph

# every module of this package but the registry renders one family of facts: each is imported here, so a new
# family is one new module and nothing else
FAMILIES = tuple(importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__)
                 if m.name != "registry")


def sentence(e: Event) -> str | None:
    """The words of one event: its fact rendered (None: a fact the table is not told on its own), else its text."""
    return e.text if e.fact is None else words(e.fact)


@renders(Paragraph)
def _paragraph(f: Paragraph) -> str:
    text = ""
    for x in f.parts:
        told = x if isinstance(x, str) else words(x)
        if told is None:  # a silent fact: its separator goes with it
            if f.sep == "" and text.endswith(" "):
                text = text[:-1]
            continue
        text = told if not text else text + f.sep + told if f.sep else text + told
    return f"{bold(f.lead)} — {text}" if f.lead else text


def told(result: Result) -> Result:
    """``result`` itself, told: every fact's words in its event's ``text`` (a silent fact keeps ``""``), and every
    fact in its ``data`` told too: the step to take next as the command line, any other fact as its words
    (bot/narration/next_step.py ``told_data``). Told in place, nothing copied: it is an engine result just made, and
    nothing else holds it or its events."""
    for e in result.events:
        if e.fact is not None:
            e.text = sentence(e) or ""
    data = next_step.told_data(result.data)
    if data is not result.data:
        result.data = data
    return result


def told_events(events: list[Event]) -> list[Event]:
    """The events with every fact's words in its ``text``."""
    return [e if e.fact is None else e.model_copy(update={"text": sentence(e) or ""}) for e in events]


def reply_text(events: Iterable[Event]) -> str:
    """The reply's text: one line per event, a silent fact left out."""
    return "\n".join(e.text for e in events if e.fact is None or e.text)


def texts(events: Iterable[Event]) -> list[str]:
    """Each told event's words (silent facts left out): what a test or a tool reads of an engine result."""
    return [t for e in events if (t := sentence(e))]
