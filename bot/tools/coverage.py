"""The rules-coverage report: every rulebook entry (rules/rulebook_entries.json) with what the code
registered for it (rules/coverage.py; the Keyword List's entries: rules/keywords, with a status per context):
automated, untested, assisted, irrelevant, or missing.

    python -m bot.tools.coverage            # a table in the terminal (also: kfgm rules coverage)
    python -m bot.tools.coverage --json     # {"entries": [...], "totals": {...}}
    python -m bot.tools.coverage --write    # regenerate docs/coverage.md and rules/keywords/texts.py
    python -m bot.tools.coverage --check    # CI: exit 1 if docs/coverage.md is stale, a registration
                                            # names no rulebook entry, an automated entry names no
                                            # test or a test that does not exist, or a keyword's context
                                            # claimed automated has no test playing it there (evidence.py)
"""

from __future__ import annotations

import argparse
import ast
import difflib
import importlib
import json
import pkgutil
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from bot.tools import keyword_report as kr
from rules.coverage import REGISTRY, Implementation
from rules.keywords.model import KeywordDef
from rules.keywords.registry import declared

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "rules" / "rulebook_entries.json"
DOC = ROOT / "docs" / "coverage.md"
STATUSES = ("automated", "untested", "assisted", "irrelevant", "missing")
RANK = {status: i for i, status in enumerate(STATUSES)}


@dataclass
class Row:
    name: str
    chapter: str
    line: int
    kind: str
    status: str = "missing"
    modules: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    contexts: list[dict[str, Any]] = field(default_factory=list)  # a keyword's: context, status, handler, tests

    @property
    def module(self) -> str | None:
        return ", ".join(self.modules) or None


@dataclass
class Report:
    rows: list[Row]
    problems: list[str]

    def totals(self, chapter: str | None = None) -> dict[str, int]:
        counts = Counter(r.status for r in self.rows if chapter is None or r.chapter == chapter)
        return {status: counts.get(status, 0) for status in STATUSES}

    def chapters(self) -> list[str]:
        return list(dict.fromkeys(r.chapter for r in self.rows))

    def as_json(self) -> dict[str, Any]:
        return {
            "entries": [
                {"name": r.name, "chapter": r.chapter, "status": r.status, "module": r.module, "tests": r.tests,
                 "contexts": r.contexts}
                for r in self.rows
            ],
            "totals": self.totals(),
        }


def load_entries(path: Path = DATA) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["entries"]
    return entries


def load_registry() -> list[Implementation]:
    """Import every module of the rules package, so every ``@implements`` and ``declare`` has run."""
    import rules

    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        importlib.import_module(info.name)
    return list(REGISTRY)


def build(entries: list[dict[str, Any]], registry: list[Implementation],
          keywords: list[KeywordDef] | None = None) -> Report:
    rows = [Row(e["name"], e["chapter"], e["line"], e["kind"]) for e in entries]
    by_name: dict[str, list[Row]] = {}
    for row in rows:
        by_name.setdefault(row.name, []).append(row)
    problems: list[str] = []
    claimed: dict[int, list[Implementation]] = {}
    for impl in registry:
        where = f"{impl.module}: {impl.entry!r}"
        found = by_name.get(impl.entry, [])
        if not found:
            close = difflib.get_close_matches(impl.entry, list(by_name), n=3)
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            problems.append(f"{where} is not a rulebook entry name{hint}")
            continue
        if impl.chapter is not None:
            found = [r for r in found if r.chapter == impl.chapter]
            if not found:
                problems.append(f"{where} is not in the chapter {impl.chapter!r}")
                continue
        if len(found) > 1:
            chapters = " or ".join(repr(r.chapter) for r in found)
            problems.append(f"{where} is printed in several chapters: add chapter={chapters}")
            continue
        claimed.setdefault(id(found[0]), []).append(impl)
    for row, entry in zip(rows, entries, strict=True):
        impls = claimed.get(id(row), [])
        if impls:
            row.status = min((i.status for i in impls), key=RANK.__getitem__)
            row.modules = list(dict.fromkeys(i.module for i in impls))
            row.tests = list(dict.fromkeys(t for i in impls for t in i.tests))
            row.notes = [i.note for i in impls if i.note]
        elif entry.get("irrelevant"):
            row.status = "irrelevant"
            row.notes = [f"Rulebook (line {row.line}): {entry['irrelevant']}"]
    problems += test_problems(registry)
    if keywords is not None:
        problems += kr.apply(rows, keywords, claimed, missing_test)
    return Report(rows, problems)


@cache
def _test_names(path: Path) -> frozenset[str]:
    """Every test function in a test file, as ``name`` and ``Class::name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(
                f"{node.name}::{item.name}"
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            )
    return frozenset(names)


def missing_test(node_id: str, root: Path = ROOT) -> str | None:
    """Why a pytest node id such as ``tests/x/test_y.py::test_z`` does not exist, or None if it does."""
    path, sep, name = node_id.partition("::")
    if not sep or not name:
        return f"{node_id!r} is not a pytest node id (tests/path/test_file.py::test_name)"
    file = root / path
    if not file.is_file():
        return f"{node_id!r}: there is no file {path}"
    if name.split("[", 1)[0] not in _test_names(file):
        return f"{node_id!r}: {path} has no test {name.split('[', 1)[0]}"
    return None


def test_problems(registry: list[Implementation], root: Path = ROOT) -> list[str]:
    problems = []
    for impl in registry:
        where = f"{impl.module}: {impl.entry!r}"
        if impl.status == "automated" and not impl.tests:
            problems.append(f"{where} is marked automated but names no test that pins it")
        for node_id in impl.tests:
            why = missing_test(node_id, root)
            if why:
                problems.append(f"{where}: {why}")
    return problems


def report() -> Report:
    registry = load_registry()
    return build(load_entries(), registry, declared())


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown(rep: Report) -> str:
    out = [
        "# Rules coverage",
        "",
        "How much of the Kingdoms Forlorn rulebook the bot runs, entry by entry. This page is generated from",
        "the code (`kfgm rules coverage`, `python -m bot.tools.coverage --write`); do not edit it by hand —",
        "`make test` fails when it is out of date.",
        "",
        "- **automated** — the bot resolves it, and the tests named here show it doing so. A keyword of the",
        "  Keyword List is automated only when, in every context it acts in (rules/keywords), a test plays it",
        "  there from a content pack through command lines (`bot/tools/evidence.py` reads the test to check it).",
        "- **untested** — a keyword the bot resolves in its contexts, but in at least one of them no test plays",
        "  it through command lines yet (only unit tests of the handler): not counted as automated.",
        "- **assisted** — the bot shows the exact text and the command to apply it by hand.",
        "- **irrelevant** — the rulebook itself says it does not apply to these Kingdoms.",
        "- **missing** — nothing in the bot handles it yet: the table applies it from the rulebook.",
        "",
        "## Keywords",
        "",
        "Each keyword of the Keyword List is declared once in `rules/keywords/` with the contexts it acts in",
        "(`Clash: Knight Attack`, `Encounter: Attack Action`, `Clash: Monster Attack`, `Clash: Squire`,",
        "`Clash Board`, `Clash Phase`, `Knight`, `Technique Cards`, `Delve Phase`, `Spoils Phase`, `Saints`) and a",
        "status per context, shown in the Status column:",
        "",
        "- *automated* in a context: the handler resolves it, and a named test plays it **there** from a content",
        "  pack through command lines. `--check` reads each such test (`bot/tools/evidence.py`): an `async` test",
        "  that — itself or through the helpers it calls — sends one of the context's commands (`/encounter",
        "  attack` for the Encounter's Attack Action, `/knight attack` for the Clash's Knight Attack...), runs no",
        "  `Engine(` or `engine.apply(` of its own, in a module that names the keyword. A context claimed automated",
        "  without such a test fails `make test`.",
        "- *untested*: resolved, but only unit tests pin it there (they build a state by hand and run the handler).",
        "- *assisted*: not resolved there; the bot shows the keyword's rulebook text and the command to apply it",
        "  (`rules/keywords/registry.py`, `shown`) — an Attack shows every keyword of its active weapon that is not",
        "  resolved in its context, so nothing on the card is silently dropped.",
        "- *irrelevant*: the rulebook says it does not act there (Cumbersome in an Encounter); not counted.",
        "",
        "An entry's status is its worst context's. To make a keyword automated in a context, write a table test",
        "for it there (see `tests/keywords/test_by_hand.py` and `tests/rulebook_cases/`) and change its `untested(`",
        "to `auto(` in `rules/keywords/`.",
        "",
        "## Entries",
        "",
        "The entries are every keyword of the rulebook's Keyword List and every section heading and numbered",
        "step of the chapters below, as extracted into `rules/rulebook_entries.json`",
        "(`python -m bot.tools.extract_rulebook_entries`); *line* is the line of the rulebook text.",
        "",
        "## Totals",
        "",
        "| Chapter | Entries | Automated | Untested | Assisted | Irrelevant | Missing |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for chapter in [*rep.chapters(), None]:
        t = rep.totals(chapter)
        label = f"[{chapter}](#{_anchor(chapter)})" if chapter else "**Overall**"
        out.append(f"| {label} | {sum(t.values())} | " + " | ".join(str(t[s]) for s in STATUSES) + " |")
    for chapter in rep.chapters():
        out += ["", f"## {chapter}", "", "| Entry | Line | Status | Module | Tests |", "|---|---:|---|---|---|"]
        for r in (r for r in rep.rows if r.chapter == chapter):
            tests = "<br>".join(f"`{t}`" for t in r.tests)
            notes = "".join(f"<br>*{_cell(n)}*" for n in r.notes)
            module = f"`{r.module}`" if r.module else ""
            out.append(f"| {_cell(r.name)} | {r.line} | {r.status}{notes} | {module} | {tests} |")
    return "\n".join(out) + "\n"


def _anchor(heading: str) -> str:
    return "".join(c for c in heading.lower().replace(" ", "-") if c.isalnum() or c == "-")


def text(rep: Report) -> str:
    out = []
    for chapter in rep.chapters():
        out.append(f"{chapter}:")
        for r in (r for r in rep.rows if r.chapter == chapter):
            out.append(f"  {r.status:<10} {r.name:<45} {r.module or ''}")
            out += [f"  {'':<10}   {c['context']}: {c['status']}" for c in r.contexts]
    out.append("")
    for chapter in [*rep.chapters(), None]:
        t = rep.totals(chapter)
        counts = ", ".join(f"{t[s]} {s}" for s in STATUSES)
        out.append(f"{chapter or 'Overall'}: {sum(t.values())} entries: {counts}")
    return "\n".join(out)


def check(rep: Report, doc: Path = DOC) -> list[str]:
    problems = list(rep.problems)
    stale_texts = kr.texts_problem(load_entries())
    if stale_texts:
        problems.append(stale_texts)
    current = doc.read_text(encoding="utf-8") if doc.is_file() else ""
    if current != markdown(rep):
        shown = doc.relative_to(ROOT) if doc.is_relative_to(ROOT) else doc
        problems.append(f"{shown} is out of date: run python -m bot.tools.coverage --write")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kfgm rules coverage", description="Which rulebook rules the bot runs.")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--write", action="store_true", help="regenerate docs/coverage.md and rules/keywords/texts.py")
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/coverage.md or a registration is wrong")
    args = parser.parse_args(argv)
    rep = report()
    if args.write:
        DOC.write_text(markdown(rep), encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
        if kr.write_texts(load_entries()):
            print(f"wrote {kr.TEXTS.relative_to(ROOT)}")
    if args.check:
        problems = check(rep)
        for p in problems:
            print(f"coverage: {p}", file=sys.stderr)
        return 1 if problems else 0
    if args.json:
        print(json.dumps(rep.as_json(), ensure_ascii=False, indent=1))
    elif not args.write:
        print(text(rep))
    for p in rep.problems:  # the report still prints; --check is the gate
        print(f"coverage: {p}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
