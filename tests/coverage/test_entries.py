"""rules/rulebook_entries.json is complete against the rulebook: every Keyword List entry and every
section heading and numbered step of the chapters the coverage report measures."""

from __future__ import annotations

import json
import re

import pytest

from bot.tools.extract_rulebook_entries import CHAPTERS, DATA, KEYWORD_LIST, SUB_RULES, extract, render
from tests.rulebook import RULEBOOK

ENTRIES = json.loads(DATA.read_text(encoding="utf-8"))["entries"]
needs_rulebook = pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not next to the project")


def _lines() -> list[str]:
    return RULEBOOK.read_text(encoding="utf-8").splitlines()


def test_the_data_file_is_well_formed() -> None:
    assert {e["chapter"] for e in ENTRIES} == {*CHAPTERS, KEYWORD_LIST}
    assert {e["kind"] for e in ENTRIES} == {"heading", "step", "keyword"}
    keys = [(e["chapter"], e["name"]) for e in ENTRIES]
    assert len(keys) == len(set(keys)), "a name appears twice in one chapter"
    keywords = [e for e in ENTRIES if e["chapter"] == KEYWORD_LIST]
    assert 120 <= len(keywords) <= 200  # the issue: "about 130 names", subtypes such as Advanced Block included


@needs_rulebook
def test_the_data_file_is_a_fresh_extraction() -> None:
    """Re-run `python -m bot.tools.extract_rulebook_entries` if the rulebook or the extractor changed."""
    assert DATA.read_text(encoding="utf-8") == render(extract(RULEBOOK.read_text(encoding="utf-8")))


@needs_rulebook
def test_each_entry_points_at_its_line() -> None:
    lines = _lines()
    for e in ENTRIES:
        text = lines[e["line"] - 1].strip()
        expected = f"- {e['name']}:" if e["kind"] == "keyword" else e["name"]
        assert text.startswith(expected), f"{e['name']!r}: line {e['line']} is {text[:60]!r}"


@needs_rulebook
def test_every_keyword_of_the_keyword_list_is_an_entry() -> None:
    """Rulebook (line 1908): Keyword List

    Every `- Name: ...` line after that heading is a keyword or one of the rule details printed under a
    keyword (Other miniatures, Knight Timing...)."""
    lines = _lines()
    start = max(i for i, line in enumerate(lines) if line.strip() == "Keyword List")
    names = {e["name"] for e in ENTRIES if e["chapter"] == KEYWORD_LIST}
    bullets = [m.group(1) for line in lines[start:] if (m := re.match(r"^- ([^:,]{1,40}):", line.strip()))]
    assert len(bullets) > 150
    for name in bullets:
        assert name in names or name in SUB_RULES, f"{name!r} is in the Keyword List but not in the data file"
    for name in ("Acrobatics", "Advanced Block", "Knockback X", "Knockback to the side", "Zeal Threshold X"):
        assert name in names


@needs_rulebook
def test_every_table_of_contents_entry_of_the_chapters_is_an_entry() -> None:
    """The rulebook's own Table of Contents, from "- Important Game Rules" to "- Rest Phase", is an
    independent list of the headings the extractor must have found."""
    lines = _lines()
    toc = [line.strip()[2:] for line in lines[: lines.index("- Keyword List") + 1] if line.startswith("- ")]
    chapters = toc[toc.index("Important Game Rules") : toc.index("Rest Phase")]
    assert len(chapters) > 150
    headings = {e["name"] for e in ENTRIES if e["chapter"] != KEYWORD_LIST}
    assert [h for h in chapters if h not in headings] == []


@needs_rulebook
def test_numbered_steps_of_the_delve_and_the_clash() -> None:
    steps = {(e["chapter"], e["name"]): e["line"] for e in ENTRIES if e["kind"] == "step"}
    assert steps[("Delve Phase", "1. Travel Step")] == 742
    assert steps[("Delve Phase", "4. Story Step")] == 807
    assert steps[("Clash Phase", "4.1. Evasion Roll")] == 1169
    assert steps[("Clash Phase", "6.5 Resolve the Power Roll")] == 1365
    assert steps[("Clash Phase", "10. Second Ability Window")] == 1448
    assert len([c for c, _ in steps if c == "Clash Phase"]) == 24  # setup 3, activation 6, attack 10 + 5


@needs_rulebook
def test_the_keywords_the_rulebook_calls_irrelevant() -> None:
    """Rulebook (line 1925): - Bloodletter: This keyword is irrelevant in the Principality of Stone and
    Sunken Kingdom. It will become relevant in future Kingdoms."""
    irrelevant = {e["name"] for e in ENTRIES if e.get("irrelevant")}
    assert irrelevant == {"Bloodletter", "Clockwork", "Growth", "Leech", "Wither X"}
