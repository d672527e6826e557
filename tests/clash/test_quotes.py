"""The rulebook quotes in the docstrings of the Clash tests are verbatim and start on their line."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import tests.clash as package
from tests.rulebook import RULEBOOK
from tests.rules._support import quotes


def _all_quotes() -> list[tuple[str, int, str]]:
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("test_") or info.name == "test_quotes":
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, obj in vars(module).items():
            if name.startswith("test_") and inspect.isfunction(obj):
                for line, text in quotes(obj.__doc__):
                    found.append((f"{info.name}.{name}", line, text))
    return found


QUOTES = _all_quotes()


def _normal(text: str) -> str:
    return " ".join(text.split())


def test_the_clash_tests_quote_the_rulebook() -> None:
    assert len(QUOTES) >= 30


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not next to the project")
@pytest.mark.parametrize(("where", "line", "text"), QUOTES, ids=[f"{w}:{n}" for w, n, _ in QUOTES])
def test_quote_is_verbatim_and_starts_on_its_line(where: str, line: int, text: str) -> None:
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    assert 1 <= line <= len(lines), f"{where}: line {line} is outside the rulebook"
    first = _normal(lines[line - 1])
    window = _normal(" ".join(lines[line - 1 : line + 5]))
    pieces = [_normal(p) for p in text.split(" ... ")]
    start = window.find(pieces[0])
    assert start != -1, f"{where}: {pieces[0]!r} is not in the rulebook at line {line}"
    assert start < len(first), f"{where}: the quote does not start on line {line}"
    at = start + len(pieces[0])
    for piece in pieces[1:]:
        nxt = window.find(piece, at)
        assert nxt != -1, f"{where}: {piece!r} does not follow at line {line}"
        at = nxt + len(piece)
