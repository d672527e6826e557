"""The coverage report: registrations must name real rulebook entries and real tests; the JSON shape
of `kfgm rules coverage --json`; docs/coverage.md staleness is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main as cli
from bot.tools import coverage as cov
from rules.coverage import Implementation

ENTRIES = cov.load_entries()
THIS = "tests/coverage/test_report.py"


def _build(*impls: Implementation) -> cov.Report:
    return cov.build(ENTRIES, list(impls))


def _row(rep: cov.Report, name: str, chapter: str | None = None) -> cov.Row:
    return next(r for r in rep.rows if r.name == name and (chapter is None or r.chapter == chapter))


def test_every_registration_names_an_entry_and_tests_that_exist() -> None:
    """The project's own registrations: no unknown names, no automated entry without a test, no test
    that does not exist. (The same check runs in `make test` as `python -m bot.tools.coverage --check`.)"""
    rep = cov.report()
    assert rep.problems == []
    automated = [r for r in rep.rows if r.status == "automated"]
    assert automated and all(r.tests for r in automated)


def test_the_projects_own_registrations_are_counted() -> None:
    rep = cov.report()
    assert _row(rep, "Heat Re-rolls").status == "automated"
    assert _row(rep, "Knockback X").status == "untested"  # its tests are unit tests on an Engine
    assert _row(rep, "Tumble").status == "automated"  # played from a content pack (tests/rulebook_cases)
    assert _row(rep, "Armor Roll").status == "automated"  # rules.clash.peril (was assisted: /roll armor)
    assert _row(rep, "3. Performing Setup").status == "assisted"
    assert "rules.rolls" in (_row(rep, "Dice").module or "")
    assert _row(rep, "Bloodletter").status == "irrelevant"


def test_an_automated_entry_without_a_test_fails() -> None:
    rep = _build(Implementation("Dice", "automated", "rules.x", ()))
    assert rep.problems == ["rules.x: 'Dice' is marked automated but names no test that pins it"]


def test_an_assisted_entry_may_name_no_test_but_each_named_test_must_exist() -> None:
    assert _build(Implementation("Dice", "assisted", "rules.x", ())).problems == []
    rep = _build(Implementation("Dice", "assisted", "rules.x", (f"{THIS}::test_nothing_here",)))
    assert rep.problems == [f"rules.x: 'Dice': '{THIS}::test_nothing_here': {THIS} has no test test_nothing_here"]


def test_a_test_in_a_missing_file_or_without_a_function_name_fails() -> None:
    rep = _build(
        Implementation("Dice", "automated", "rules.x", ("tests/nowhere/test_gone.py::test_a",)),
        Implementation("Dice", "automated", "rules.y", ("tests/rules/test_d10.py",)),
    )
    assert len(rep.problems) == 2
    assert "there is no file tests/nowhere/test_gone.py" in rep.problems[0]
    assert "is not a pytest node id" in rep.problems[1]


def test_existing_tests_are_found_by_parsing_the_file(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        "import pytest\n\n"
        "def test_plain(): pass\n\n"
        "async def test_async(): pass\n\n"
        "class TestGroup:\n    def test_method(self): pass\n",
        encoding="utf-8",
    )
    for name in ("test_plain", "test_async", "TestGroup::test_method", "test_plain[case-1]"):
        assert cov.missing_test(f"test_x.py::{name}", root=tmp_path) is None, name
    assert cov.missing_test("test_x.py::test_method", root=tmp_path) is not None
    assert cov.missing_test("test_x.py::test_other", root=tmp_path) is not None


def test_an_unknown_entry_name_fails_and_suggests_the_rulebook_name() -> None:
    rep = _build(Implementation("Knockback 3", "automated", "rules.x", (f"{THIS}::test_json_shape",)))
    [problem] = rep.problems
    assert problem.startswith("rules.x: 'Knockback 3' is not a rulebook entry name (did you mean 'Knockback X'")
    assert _row(rep, "Knockback X").status == "missing"


def test_a_name_printed_in_two_chapters_needs_its_chapter() -> None:
    """ "Bane" is a heading of the Knights chapter (line 349) and of the Clash Phase (line 1517)."""
    tests = (f"{THIS}::test_json_shape",)
    rep = _build(Implementation("Bane", "automated", "rules.x", tests))
    assert rep.problems == [
        "rules.x: 'Bane' is printed in several chapters: add chapter='Knights' or 'Clash Phase'"
    ]
    rep = _build(Implementation("Bane", "automated", "rules.x", tests, chapter="Clash Phase"))
    assert rep.problems == []
    assert _row(rep, "Bane", "Clash Phase").status == "automated"
    assert _row(rep, "Bane", "Knights").status == "missing"
    rep = _build(Implementation("Bane", "automated", "rules.x", tests, chapter="Delve Phase"))
    assert rep.problems == ["rules.x: 'Bane' is not in the chapter 'Delve Phase'"]


def test_statuses_combine_and_unregistered_entries_are_missing() -> None:
    tests = (f"{THIS}::test_json_shape",)
    rep = _build(
        Implementation("Dice", "assisted", "rules.a", (f"{THIS}::test_statuses_combine_and_unregistered_entries_are_missing",)),
        Implementation("Dice", "automated", "rules.b", tests),
    )
    dice = _row(rep, "Dice")
    assert (dice.status, dice.module) == ("automated", "rules.a, rules.b")
    assert len(dice.tests) == 2
    assert _row(rep, "Acrobatics").status == "missing"
    assert _row(rep, "Acrobatics").module is None


def test_irrelevant_only_where_the_rulebook_says_so() -> None:
    """Rulebook (line 2003): - Leech: This keyword is irrelevant in the Principality of Stone and Sunken
    Kingdom. It will become relevant in future Kingdoms."""
    rep = _build()
    irrelevant = {r.name for r in rep.rows if r.status == "irrelevant"}
    assert irrelevant == {"Bloodletter", "Clockwork", "Growth", "Leech", "Wither X"}
    assert "This keyword is irrelevant" in _row(rep, "Leech").notes[0]
    assert rep.totals() == {"automated": 0, "untested": 0, "assisted": 0, "irrelevant": 5,
                            "missing": len(ENTRIES) - 5}


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """`kfgm rules coverage --json` prints {"entries": [{"name", "chapter", "status", "module",
    "tests", "contexts"}], "totals": {"automated", "untested", "assisted", "irrelevant", "missing"}}; a keyword's
    ``contexts`` are [{"context", "status", "handler", "tests"}]."""
    assert cli(["rules", "coverage", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"entries", "totals"}
    assert set(out["totals"]) == {"automated", "untested", "assisted", "irrelevant", "missing"}
    assert len(out["entries"]) == len(ENTRIES) == sum(out["totals"].values())
    for entry in out["entries"]:
        assert set(entry) == {"name", "chapter", "status", "module", "tests", "contexts"}
        assert entry["status"] in cov.STATUSES
        assert (entry["module"] is None) == (entry["status"] in ("missing", "irrelevant"))
    keywords = [e for e in out["entries"] if e["chapter"] == "Keyword List"]
    assert len(keywords) >= 130
    assert {"name": "Wither X", "chapter": "Keyword List", "status": "irrelevant", "module": None, "tests": [],
            "contexts": []} in keywords
    falsity = next(e for e in keywords if e["name"] == "Falsity")
    contexts = {c["context"]: c["status"] for c in falsity["contexts"]}
    assert contexts == {"Clash: Knight Attack": "untested", "Encounter: Attack Action": "automated"}
    assert falsity["status"] == "untested"  # automated only when every context is


def test_text_report_has_totals_per_chapter(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["rules", "coverage"]) == 0
    out = capsys.readouterr().out
    for chapter in ("Knights", "Expeditions", "Delve Phase", "Clash Phase", "Keyword List", "Overall"):
        assert f"\n{chapter}: " in out


def test_a_stale_coverage_page_is_caught(tmp_path: Path) -> None:
    rep = cov.report()
    doc = tmp_path / "coverage.md"
    assert any("is out of date" in p for p in cov.check(rep, doc))
    doc.write_text(cov.markdown(rep), encoding="utf-8")
    assert not any("is out of date" in p for p in cov.check(rep, doc))
    doc.write_text(cov.markdown(rep).replace("| automated |", "| missing |", 1), encoding="utf-8")
    assert any("is out of date" in p for p in cov.check(rep, doc))


def test_the_page_shows_totals_and_every_entry() -> None:
    rep = cov.report()
    page = cov.markdown(rep)
    assert "| **Overall** | " in page
    assert "| 4.1. Evasion Roll | 1169 |" in page
    for row in rep.rows:
        assert f"| {row.name} | {row.line} | {row.status}" in page, row.name
