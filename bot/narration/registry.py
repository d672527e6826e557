"""The renderers of facts: ``@renders(FactModel)`` registers the function that gives a fact's sentence (its words,
emoji and Markdown), or None for a fact the table is not told on its own. Helpers for the Markdown of names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bot.app.names import escape
from rules.facts import Fact, unpack

Renderer = Callable[[Any], "str | None"]
RENDERERS: dict[type[Fact], Renderer] = {}
R = TypeVar("R", bound=Renderer)


def renders(model: type[Fact]) -> Callable[[R], R]:
    """Register the renderer of one fact model (one per model)."""

    def register(fn: R) -> R:
        if model in RENDERERS:
            raise ValueError(f"two renderers for {model.__name__}")
        RENDERERS[model] = fn
        return fn

    return register


def words(f: Fact) -> str | None:
    """One fact's sentence (None: the table is not told it on its own)."""
    render = RENDERERS.get(type(f))
    if render is None:
        raise LookupError(f"no renderer for the fact {f.fact!r} (bot/narration)")
    return render(f)


def carried(text: str) -> str:
    """A sentence a fact holds from a family not converted yet, with any fact it carries (``rules.facts.said``)
    told in words."""
    found = unpack(text)
    return text if found is None else words(found) or ""


def name(text: str) -> str:
    """A name as the players typed it, safe inside Markdown: neither formatting nor a mention (bot.app.names, the
    same escape the application gives a Knight's name in a sentence not converted yet)."""
    return escape(text)


def bold(text: str) -> str:
    """A name in bold: ``**name**``, its own Markdown escaped."""
    return f"**{name(text)}**"


def names(items: list[str]) -> str:
    """Names joined by ", ", each escaped."""
    return ", ".join(name(x) for x in items)


def command(line: str) -> str:
    """A command to type, as code: `` `/solo random count:2` ``."""
    return f"`{line}`"


def plural(n: int) -> str:
    """The plural ending of a count: "s" unless ``n`` is 1 ("1 token", "2 tokens")."""
    return "s" if n != 1 else ""
