"""Every test the starter pack's texts ask for names a Virtue (issue #20: the Ember Well asked for a "Grit" test).

Rulebook (line 348): Each Knight has six Virtues: Bravery, Tenacity, Sagacity, Fortitude, Might, and Insight.
The fix is a content change: it is in edition 2 of the starter pack only (content/editions/starter-1 stays as it
was played)."""

from __future__ import annotations

import re

from content.editions import CURRENT_EDITION, folder
from content.schema.knights import VIRTUES

ASKED = re.compile(r"\b[Tt]ests? ([A-Z][a-z]+) \(\d+\+\)|\b([A-Z][a-z]+) test \(\d+\+\)")


def test_every_test_in_the_starter_texts_names_a_virtue() -> None:
    asked = []
    for path in sorted(folder(CURRENT_EDITION).rglob("*.yaml")):
        for m in ASKED.finditer(path.read_text(encoding="utf-8")):
            asked.append((path.name, m.group(1) or m.group(2)))
    assert asked, "the pattern finds the tests the texts ask for"
    wrong = [(f, word) for f, word in asked if word.lower() not in VIRTUES]
    assert not wrong, wrong
    assert ("aubrevane.yaml", "Tenacity") in asked  # the Ember Well
