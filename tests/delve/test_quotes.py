"""The rulebook quotes in the Delve tests are verbatim and start on their line (same check as tests/rules)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import tests.delve as package
from tests.rulebook import RULEBOOK
from tests.rules._support import quotes


def _all() -> list[tuple[str, int, str]]:
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("test_") and info.name != "test_quotes":
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, obj in vars(module).items():
                if name.startswith("test_") and inspect.isfunction(obj):
                    found += [(f"{info.name}.{name}", n, t) for n, t in quotes(obj.__doc__)]
    return found


QUOTES = _all()


def test_delve_tests_quote_the_rulebook() -> None:
    assert len(QUOTES) >= 10


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not next to the project")
@pytest.mark.parametrize(("where", "line", "text"), QUOTES, ids=[f"{w}:{n}" for w, n, _ in QUOTES])
def test_quote_is_verbatim(where: str, line: int, text: str) -> None:
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    window = " ".join(" ".join(lines[line - 1 : line + 5]).split())
    first = " ".join(lines[line - 1].split())
    pieces = [" ".join(p.split()) for p in text.split(" ... ")]
    start = window.find(pieces[0])
    assert start != -1 and start < len(first), f"{where}: {pieces[0]!r} does not start on line {line}"
    at = start + len(pieces[0])
    for piece in pieces[1:]:
        nxt = window.find(piece, at)
        assert nxt != -1, f"{where}: {piece!r} does not follow"
        at = nxt + len(piece)
