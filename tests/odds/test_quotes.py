"""The rulebook quotes in tests/odds are verbatim and start on their line (as tests/rules checks)."""

from __future__ import annotations

import inspect

import pytest

from tests.odds import test_commands, test_odds
from tests.rulebook import RULEBOOK
from tests.rules._support import quotes

QUOTES = [
    (f"{m.__name__}.{name}", line, text)
    for m in (test_odds, test_commands)
    for name, fn in vars(m).items()
    if name.startswith("test_") and inspect.isfunction(fn)
    for line, text in quotes(fn.__doc__)
]


def test_there_are_quotes() -> None:
    assert len(QUOTES) >= 10


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not next to the project")
@pytest.mark.parametrize(("where", "line", "text"), QUOTES, ids=[f"{w}:{n}" for w, n, _ in QUOTES])
def test_quote_is_verbatim(where: str, line: int, text: str) -> None:
    from tests.rules.test_rulebook_quotes import test_quote_is_verbatim_and_starts_on_its_line

    test_quote_is_verbatim_and_starts_on_its_line(where, line, text)
