"""One effect dispatcher: a registry from a content effect's type (content/schema/cards.py, monsters.py) to the
function that resolves it, instead of ``isinstance`` chains. Each place that resolves effects (effects on a Knight
in a Clash, the Monster's side of an effect, the Knight-state keywords, an Encounter's effects...) keeps one
``Dispatch`` and registers a function per effect type with ``@dispatch.on(Type, ...)``.

    ON_KNIGHT: Dispatch[Callable[[Harm, KnightState, Any], None]] = Dispatch("an effect on a Knight")

    @ON_KNIGHT.on(GainVigor)
    def _gain_vigor(h, k, e): ...

    ON_KNIGHT.find(effect)  # the function, or None: the type is not resolved here
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class Dispatch(Generic[F]):
    """The functions of one place, by effect type (one function per type; a type registered twice is a bug)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._by_type: dict[type, F] = {}

    def on(self, *types: type) -> Callable[[F], F]:
        def register(fn: F) -> F:
            for t in types:
                if t in self._by_type:
                    raise AssertionError(f"{self.what}: {t.__name__} is registered twice")
                self._by_type[t] = fn
            return fn

        return register

    def find(self, effect: object) -> F | None:
        """The function for the effect's type (or the nearest registered base type, as ``isinstance`` would)."""
        for t in type(effect).__mro__:
            fn = self._by_type.get(t)
            if fn is not None:
                return fn
        return None

    def __contains__(self, effect: object) -> bool:
        return self.find(effect) is not None

    def types(self) -> tuple[type, ...]:
        return tuple(self._by_type)
