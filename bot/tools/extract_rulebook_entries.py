"""Extract the rulebook entries the coverage report is measured against into rules/rulebook_entries.json.

Run once when the rulebook changes: ``python -m bot.tools.extract_rulebook_entries [RULEBOOK]``
(default: the rulebook tests/rulebook.py finds). ``--check`` exits 1 if the data file differs from a
fresh extraction.

What counts as an entry:
- every keyword of the "Keyword List" (a line ``- Name: text``), subtypes included (``Advanced Block``,
  ``Drag toward``...), but not the rule details listed under a keyword (``Other miniatures``,
  ``Knight Timing``... see SUB_RULES); a keyword printed twice (``Knockback X``) is one entry;
- every section heading and numbered step of the chapters in CHAPTERS: a line of its own, short, that
  does not end like a sentence (``.`` ``:`` ``!`` ``,``), is not a list item, a picture caption
  (``Example: ...``) or a row of the Escalation Chart.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "rules" / "rulebook_entries.json"

# The chapters whose headings are entries, in rulebook order, each running to the next heading named
# here; the last runs to the Keyword List. "Important Game Rules" (dice, Heat re-rolls, random elements)
# is included because the dice code implements it.
CHAPTERS = [
    "Important Game Rules", "Knights", "Expeditions", "Delve Phase", "Clash Phase", "Rest Phase", "Spoils Phase",
    "Other Rules", "Postgame Rules", "Optional Game Rules",
]
KEYWORD_LIST = "Keyword List"

# Lines under a keyword that explain one of its rules; they are not keywords of their own.
SUB_RULES = frozenset(
    {
        "Adjacency",  # Pull X
        "Board",  # Monkey Business X
        "Board Edge",  # Pushback X
        "Boss Clash",  # Heal X
        "Destructible Obstacles",  # Drag X, Pushback X, Pull X
        "Exploration",  # Monkey Business X
        "Indestructible Obstacles",  # Drag X, Pushback X, Pull X
        "Knight",  # Monkey Business X
        "Knight Timing",  # Drag X, Pushback X, Pull X
        "Mob Clash",  # Heal X
        "Monster",  # Monkey Business X
        "Other miniatures",  # Drag X, Pushback X, Pull X
        "Shortest path",  # Pushback X
        "Terrain",  # Drag X, Pushback X, Pull X
    }
)

KEYWORD_LINE = re.compile(r"^- ([^:,]{1,40}):\s*(.*)$")
STEP = re.compile(r"^\d+(\.\d+)*\.?\s")
# captions, and the titles of the Rogue's Path Monster tables ("I – Mob") which name no rule of their own
NOT_HEADINGS = re.compile(r"^(Example|Wounded card:|Remember:|[IV]+ – )")
IRRELEVANT = re.compile(r"This keyword is irrelevant in [^.]*\.")


def _find(lines: list[str], text: str, after: int) -> int:
    """0-based index of the first line equal to ``text`` after index ``after``."""
    for i in range(after + 1, len(lines)):
        if lines[i].strip() == text:
            return i
    raise ValueError(f"the rulebook has no heading {text!r} after line {after + 1}")


def _body_start(lines: list[str]) -> int:
    """The table of contents ends with its "- Keyword List" line; the body starts after it."""
    for i, line in enumerate(lines):
        if line.strip() == f"- {KEYWORD_LIST}":
            return i
    raise ValueError("the rulebook has no table of contents ending with '- Keyword List'")


def is_heading(line: str) -> bool:
    text = line.strip()
    return (
        0 < len(text) < 70
        and not text.startswith(("- ", "|"))
        and text != "-"
        and not text.endswith((".", ":", "!", ","))
        and not NOT_HEADINGS.match(text)
    )


def chapter_ranges(lines: list[str]) -> dict[str, tuple[int, int]]:
    """0-based [start, end) line ranges of each chapter in CHAPTERS and of the Keyword List."""
    at = _body_start(lines)
    starts = []
    for name in [*CHAPTERS, KEYWORD_LIST]:
        at = _find(lines, name, at)
        starts.append(at)
    ranges = {name: (starts[i], starts[i + 1]) for i, name in enumerate(CHAPTERS)}
    ranges[KEYWORD_LIST] = (at, len(lines))
    return ranges


def extract(text: str) -> list[dict[str, Any]]:
    lines = text.splitlines()
    ranges = chapter_ranges(lines)
    entries: list[dict[str, Any]] = []
    for chapter in CHAPTERS:
        start, end = ranges[chapter]
        for i in range(start, end):
            if is_heading(lines[i]):
                name = lines[i].strip()
                kind = "step" if STEP.match(name) else "heading"
                entries.append({"name": name, "chapter": chapter, "line": i + 1, "kind": kind})
    start, end = ranges[KEYWORD_LIST]
    seen: set[str] = set()
    for i in range(start + 1, end):
        m = KEYWORD_LINE.match(lines[i].strip())
        if not m or m.group(1) in SUB_RULES or m.group(1) in seen:
            continue
        name = m.group(1).strip()
        seen.add(name)
        entry: dict[str, Any] = {"name": name, "chapter": KEYWORD_LIST, "line": i + 1, "kind": "keyword"}
        irrelevant = IRRELEVANT.search(m.group(2))
        if irrelevant:
            entry["irrelevant"] = irrelevant.group(0)
        entries.append(entry)
    return entries


def render(entries: list[dict[str, Any]]) -> str:
    data = {"source": "kingdoms-forlorn-rulebook.txt", "entries": entries}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulebook", nargs="?", help="the rulebook text (default: tests/rulebook.py's RULEBOOK)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the data file is not up to date")
    args = parser.parse_args(argv)
    if args.rulebook:
        path = Path(args.rulebook)
    else:
        from tests.rulebook import RULEBOOK

        path = RULEBOOK
    if not path.is_file():
        print(f"the rulebook is not at {path}; pass its path", file=sys.stderr)
        return 2
    fresh = render(extract(path.read_text(encoding="utf-8")))
    if args.check:
        current = DATA.read_text(encoding="utf-8") if DATA.is_file() else ""
        if current != fresh:
            print(f"{DATA} is out of date: run python -m bot.tools.extract_rulebook_entries", file=sys.stderr)
            return 1
        return 0
    DATA.write_text(fresh, encoding="utf-8")
    counts: dict[str, int] = {}
    for e in extract(path.read_text(encoding="utf-8")):
        counts[e["chapter"]] = counts.get(e["chapter"], 0) + 1
    print(f"wrote {DATA}: " + ", ".join(f"{c} {n}" for c, n in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
