"""The rules-coverage registry: every rule step and keyword handler says which rulebook entry it
implements, how (``automated``: the bot resolves it; ``assisted``: the bot shows the exact text and
the command to apply it by hand; ``irrelevant``: the rulebook says it does not apply), and which tests
pin it. ``kfgm rules coverage`` reports it against the rulebook's own list of entries.

Usage, on the function that implements the rule::

    @implements("Heat Re-rolls", tests=["tests/rules/test_heat_reroll.py::test_a_die_cannot_be_rerolled_twice"])
    def heat_reroll(...): ...

or, for a rule spread over several places, ``declare("Zone", module="rules.board.measures", ...)``.

``entry`` must be a name of rules/rulebook_entries.json exactly (``kfgm rules coverage --check`` fails on
any other name). A heading printed in two chapters ("Bane") also needs ``chapter=`` ("Knights" or
"Clash Phase"). ``automated`` needs at least one test, named ``path::function`` of a test that exists.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

Status = Literal["automated", "assisted", "irrelevant"]
F = TypeVar("F", bound=Callable[..., object])


@dataclass(frozen=True)
class Implementation:
    entry: str  # the rulebook's Keyword List name or section heading, exactly as printed
    status: Status
    module: str
    tests: tuple[str, ...]  # pytest node ids: "tests/rules/test_x.py::test_y"
    note: str = ""
    chapter: str | None = None  # only needed when the same name is printed in two chapters


REGISTRY: list[Implementation] = []


def declare(
    entry: str,
    *,
    module: str,
    status: Status = "automated",
    tests: Sequence[str] = (),
    note: str = "",
    chapter: str | None = None,
) -> None:
    REGISTRY.append(Implementation(entry, status, module, tuple(tests), note, chapter))


def implements(
    entry: str,
    *,
    status: Status = "automated",
    tests: Sequence[str] = (),
    note: str = "",
    chapter: str | None = None,
) -> Callable[[F], F]:
    def mark(fn: F) -> F:
        declare(entry, module=fn.__module__, status=status, tests=tests, note=note, chapter=chapter)
        return fn

    return mark
