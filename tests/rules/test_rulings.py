"""Rulings of docs/rulings.md that no other test pins."""

from __future__ import annotations

from rules import actions as a
from tests.rules._support import apply, fresh


def test_a_natural_10_saves_even_above_10_and_a_natural_1_fails_even_at_1() -> None:
    """Rulebook (line 315): A natural (i.e. before applying any modifiers) "10" on a d10 is always a
    success (or a hit in the case of an Attack Roll), whereas a natural "1" on a d10 is always a fail
    (or a miss in the case of an Attack Roll).

    Ruling "Curse and Threat Saves use the d10's natural 10 and natural 1".
    """
    high = apply(fresh(), a.RollSave(kind="curse", level=9, modifier=3), forced=[10])
    assert high.data["difficulty"] == 12 and high.data["success"] is True
    low = apply(fresh(), a.RollSave(kind="threat", level=0, modifier=1), forced=[1])
    assert low.data["difficulty"] == 1 and low.data["success"] is False


def test_armor_beyond_the_box_counts_its_raw_power() -> None:
    """Ruling "Armor dice beyond the box": 9 red Armor dice roll 7 red and add 2 Power to the Armor."""
    result = apply(fresh(), a.RollPower(red=9, armor=True), forced=[5] * 7)  # face 5 of red: Potential only
    assert result.data["pool"]["red"] == 7 and result.data["pool"]["raw_power"] == 2
    assert result.data["armor"] == 2
