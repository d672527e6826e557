"""The Vices' effects on a Knight's statistics (rulebook "Vices"). Cruelty is tests/knights/test_statistics.py; the
Expedition's Vices (Disregard, Duplicity, Treachery) are tests/expedition/test_vices.py."""

from __future__ import annotations

from rules.knights import statistics as st
from tests.knights._support import CAT, knight


def test_cowardice_is_minus_one_speed() -> None:
    """Rulebook (line 1683): As long as you have at least one tally mark next to a Vice, you suffer the effects of that Vice. When you succeed at a test of your Vice's connected Virtue, erase one of its tally marks.

    Rulebook (line 1685): - Cowardice (Bravery): You have -1 Speed."""  # noqa: E501
    k = knight()
    base = st.speed(CAT, k)
    k.sheet.vices["cowardice"] = 1
    assert st.speed(CAT, k) == base - 1
    k.sheet.vices["cowardice"] = 3  # the effect does not add up with the tally marks
    assert st.speed(CAT, k) == base - 1
    k.sheet.vices["cowardice"] = 0
    assert st.speed(CAT, k) == base
