"""The Keyword List rows of the coverage report come from the keyword registry (rules/keywords), with a status per
context; a context is ``automated`` only with a test that plays the keyword there through command lines (issue #19:
"an entry is automated only if, for every context it applies in, a test drives it from a content pack through kfgm
play commands (not by assigning internal state)")."""

from __future__ import annotations

from bot.tools import coverage as cov
from bot.tools.evidence import why_not
from rules.coverage import Implementation
from rules.keywords.model import CLASH_BOARD, ENCOUNTER, KNIGHT_ATTACK, MONSTER_ATTACK, KeywordDef, Use

ENTRIES = cov.load_entries()
TUMBLE_E2E = "tests/rulebook_cases/test_tumble_twice.py::test_tumble_is_rolled_before_each_crash"
TUMBLE_UNIT = "tests/clash/test_harm.py::test_tumble_ignores_a_crash_on_6_or_more"
FALSITY_E2E = "tests/delve/test_attack_drift.py::test_falsity_rerolls_the_crit_die_free_in_an_encounter"
FALSITY_UNIT = "tests/clash/test_keywords_attack.py::test_falsity_rerolls_a_hit_crit_die_for_free_and_zeals"


def _row(rep: cov.Report, name: str) -> cov.Row:
    return next(r for r in rep.rows if r.name == name and r.chapter == "Keyword List")


def _build(*defs: KeywordDef, impls: tuple[Implementation, ...] = ()) -> cov.Report:
    return cov.build(ENTRIES, list(impls), list(defs))


def test_a_unit_test_that_puts_tumble_on_the_piece_is_no_evidence() -> None:
    """The issue's example: Tumble counted as automated because a unit test put the keyword on the board piece by
    hand. That test runs an Engine on a state it built; the table test plays the Crash through /monster round."""
    assert "sends no command line" in (why_not(TUMBLE_UNIT, MONSTER_ATTACK, "Tumble") or "")
    assert why_not(TUMBLE_E2E, CLASH_BOARD, "Tumble") is None
    assert "sends none of" in (why_not(TUMBLE_E2E, ENCOUNTER, "Tumble") or "")
    assert "does not name Falsity" in (why_not(TUMBLE_E2E, CLASH_BOARD, "Falsity") or "")


def test_a_context_claimed_automated_needs_a_test_that_plays_it_there() -> None:
    unit = KeywordDef("Falsity", (Use(KNIGHT_ATTACK, "automated", "rules.clash.falsity.falsity_reroll",
                                      (FALSITY_UNIT,)),))
    rep = _build(unit)
    assert len(rep.problems) == 1
    assert rep.problems[0].startswith("rules.keywords: 'Falsity' in the Clash: Knight Attack is claimed automated, "
                                      "but no test plays it there through command lines")
    # the Encounter test plays it in the Encounter, not in a Clash
    wrong = KeywordDef("Falsity", (Use(KNIGHT_ATTACK, "automated", "rules.clash.falsity.falsity_reroll",
                                       (FALSITY_E2E,)),))
    assert len(_build(wrong).problems) == 1
    right = KeywordDef("Falsity", (Use(ENCOUNTER, "automated", "rules.clash.falsity.falsity_reroll",
                                       (FALSITY_E2E,)),))
    rep = _build(right)
    assert rep.problems == [] and _row(rep, "Falsity").status == "automated"


def test_an_entry_is_as_good_as_its_worst_context() -> None:
    both = KeywordDef("Falsity", (
        Use(KNIGHT_ATTACK, "untested", "rules.clash.falsity.falsity_reroll", (FALSITY_UNIT,)),
        Use(ENCOUNTER, "automated", "rules.clash.falsity.falsity_reroll", (FALSITY_E2E,)),
    ))
    row = _row(_build(both), "Falsity")
    assert row.status == "untested"
    assert [(c["context"], c["status"]) for c in row.contexts] == [
        ("Clash: Knight Attack", "untested"), ("Encounter: Attack Action", "automated")]
    by_hand = KeywordDef("Commit", (Use(ENCOUNTER, "assisted"), Use(CLASH_BOARD, "irrelevant", note="no")))
    assert _row(_build(by_hand), "Commit").status == "assisted"  # an irrelevant context does not count


def test_a_keyword_is_declared_once_and_its_handler_exists() -> None:
    falsity = KeywordDef("Falsity", (Use(ENCOUNTER, "untested", "rules.clash.falsity.no_such_function"),))
    rep = _build(falsity, impls=(Implementation("Falsity", "automated", "rules.clash.falsity", (FALSITY_UNIT,)),))
    assert rep.problems == [
        "rules.clash.falsity: 'Falsity' is declared in rules/keywords; remove this @implements/declare (a keyword "
        "is declared once)",
        "rules.keywords: 'Falsity' in the Encounter: Attack Action: the handler rules.clash.falsity.no_such_function "
        "does not exist",
    ]
    assert "not an entry" in _build(KeywordDef("Falsehood", ()),).problems[0]


def test_the_projects_keywords_are_each_declared_once_with_their_contexts() -> None:
    rep = cov.report()
    assert rep.problems == []
    keyword_rows = [r for r in rep.rows if r.chapter == "Keyword List" and r.status not in ("missing", "irrelevant")]
    assert keyword_rows and all(r.contexts for r in keyword_rows)
    assert {c["status"] for r in keyword_rows for c in r.contexts} <= {"automated", "untested", "assisted",
                                                                        "irrelevant"}
