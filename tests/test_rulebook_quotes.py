"""Every ``Rulebook (line N): ...`` quote in a test docstring, anywhere under tests/, is verbatim (whitespace
aside; `` ... `` marks an elision) and starts on line N of the rulebook."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.rulebook import RULEBOOK
from tests.rules._support import quotes

TESTS = Path(__file__).parent


def _all_quotes() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test_"):
                where = f"{path.relative_to(TESTS)}::{node.name}"
                found += [(where, line, text) for line, text in quotes(ast.get_docstring(node))]
    return found


QUOTES = _all_quotes()


def _normal(text: str) -> str:
    return " ".join(text.split())


def test_there_are_many_quotes() -> None:
    # guard against the check below passing because the docstring format drifted
    assert len(QUOTES) >= 100
    assert len({line for _, line, _ in QUOTES}) >= 60


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
