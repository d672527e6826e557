"""The Keyword List rows of the coverage report, from the keyword registry (rules/keywords): each entry's contexts
with a status per context, and what ``--check`` verifies of them:

- each declaration names a Keyword List entry, and no ``@implements``/``declare`` registers that entry again;
- each handler named (``module.function``) exists;
- each test named exists; a context claimed ``automated`` has a test that plays the keyword there through command
  lines (bot/tools/evidence.py);
- rules/keywords/texts.py holds the rulebook's text of every Keyword List entry, verbatim.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from bot.tools.evidence import why_not
from rules.coverage import Implementation
from rules.keywords.model import KeywordDef, Use

ROOT = Path(__file__).resolve().parents[2]
TEXTS = ROOT / "rules" / "keywords" / "texts.py"
CHAPTER = "Keyword List"
WORST = ("automated", "untested", "assisted", "missing")  # an entry is as good as its worst context


class RowLike(Protocol):
    name: str
    chapter: str
    status: str
    modules: list[str]
    tests: list[str]
    notes: list[str]
    contexts: list[dict[str, Any]]


def resolves(handler: str) -> bool:
    """``rules.x.y.function`` (or ``rules.x.y``) names something that exists."""
    parts = handler.split(".")
    for cut in range(len(parts), 1, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def _module_of(handler: str) -> str:
    """``rules.x.y`` of ``rules.x.y.function``; a handler that is a module is its own."""
    return handler if _is_module(handler) else handler.rsplit(".", 1)[0]


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False


def use_problems(d: KeywordDef, u: Use, missing_test: Callable[[str], str | None]) -> list[str]:
    where = f"rules.keywords: {d.entry!r} in the {u.context.name}"
    problems = []
    for handler in (h.strip() for h in (u.handler or "").split(",") if h.strip()):
        if not resolves(handler):
            problems.append(f"{where}: the handler {handler} does not exist")
    for node_id in u.tests:
        why = missing_test(node_id)
        if why:
            problems.append(f"{where}: {why}")
    if u.status == "automated":
        reasons = [why_not(t, u.context, d.name) for t in u.tests]
        if not u.tests or all(reasons):
            shown = "; ".join(r for r in reasons if r) or "it names no test"
            problems.append(f"{where} is claimed automated, but no test plays it there through command lines "
                            f"({shown}): name one, or declare it untested")
    return problems


def apply(rows: list[RowLike], keywords: list[KeywordDef], claimed: dict[int, list[Implementation]],
          missing_test: Callable[[str], str | None]) -> list[str]:
    """Fill the Keyword List rows the registry declares; the problems found."""
    by_name = {r.name: r for r in rows if r.chapter == CHAPTER}
    problems: list[str] = []
    for d in keywords:
        row = by_name.get(d.entry)
        if row is None:
            problems.append(f"rules.keywords: {d.entry!r} is not an entry of the Keyword List")
            continue
        if id(row) in claimed:
            modules = ", ".join(dict.fromkeys(i.module for i in claimed[id(row)]))
            problems.append(f"{modules}: {d.entry!r} is declared in rules/keywords; remove this @implements/declare "
                            "(a keyword is declared once)")
        row.contexts = [{"context": u.context.name, "status": u.status, "handler": u.handler, "tests": list(u.tests)}
                        for u in d.uses]
        acting = [u.status for u in d.uses if u.status != "irrelevant"]
        row.status = max(acting, key=WORST.index) if acting else "missing"
        row.modules = list(dict.fromkeys(_module_of(h.strip()) for u in d.uses
                                         for h in (u.handler or "").split(",") if h.strip()))
        row.tests = list(dict.fromkeys(t for u in d.uses for t in u.tests))
        row.notes = [f"{u.context.name}: {u.status}" + (f" — {u.note}" if u.note else "") for u in d.uses]
        for u in d.uses:
            problems += use_problems(d, u, missing_test)
    return problems


# --- the rulebook's texts ------------------------------------------------------------------------------------


def texts_source(entries: list[dict[str, Any]], rulebook: list[str]) -> str:
    """rules/keywords/texts.py: the text of each Keyword List entry as printed ("- Name: text" on its line)."""
    texts = {}
    for e in entries:
        if e["chapter"] != CHAPTER:
            continue
        line = rulebook[e["line"] - 1].removeprefix("- ")
        texts[e["name"]] = line.removeprefix(e["name"] + ":").strip()
    body = "\n".join(f"    {json.dumps(k, ensure_ascii=False)}:\n        {json.dumps(v, ensure_ascii=False)},"
                     for k, v in texts.items())
    return ('"""The rulebook\'s text of each Keyword List entry, verbatim (generated by `python -m bot.tools.coverage '
            '--write`\nfrom the rulebook; `--check` fails when it differs). Shown to the table with a keyword the bot '
            'does not resolve."""\n\n'
            "# ruff: noqa: E501\nTEXTS: dict[str, str] = {\n" + body + "\n}\n")


def rulebook_lines() -> list[str] | None:
    from tests.rulebook import RULEBOOK

    return RULEBOOK.read_text(encoding="utf-8").splitlines() if RULEBOOK.is_file() else None


def texts_problem(entries: list[dict[str, Any]]) -> str | None:
    book = rulebook_lines()
    if book is None:
        return None  # the rulebook is not on this machine: nothing to compare with
    current = TEXTS.read_text(encoding="utf-8") if TEXTS.is_file() else ""
    if current != texts_source(entries, book):
        return "rules/keywords/texts.py is out of date: run python -m bot.tools.coverage --write"
    return None


def write_texts(entries: list[dict[str, Any]]) -> bool:
    book = rulebook_lines()
    if book is None:
        return False
    TEXTS.write_text(texts_source(entries, book), encoding="utf-8")
    return True
