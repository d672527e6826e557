"""The starter game can be won, and is not a walkover, with natural dice (issue #20, "A starter game that plays").

Three seeded Clashes per starter Monster and Clash type at level 1, played by the autoplay policy with no forced dice
and no adjusted decks (bot/tools/balance.py; the full table with 20 Clashes a row is `make balance`, docs/balance.md).
A starter matchup fails here when it is unwinnable (no Exhibition won), trivial (every Full Clash won in a few Rounds
with no Knight dying), or when the Knights' Attacks almost never wound or almost always do."""

from __future__ import annotations

import pytest

from bot.tools.balance import MONSTERS, measure
from tests.conftest import CATALOGUE

SEEDS = range(1, 4)


@pytest.mark.parametrize("monster", MONSTERS)
async def test_a_starter_monster_at_level_1_is_a_real_fight(monster: str) -> None:
    exhibition = await measure(monster, 1, "exhibition", SEEDS, catalogue=CATALOGUE)
    full = await measure(monster, 1, "full", SEEDS, catalogue=CATALOGUE)
    assert exhibition.won >= 2, f"the level-1 Exhibition Clash is (nearly) unwinnable: {exhibition.row()}"
    assert full.won >= 1, f"the level-1 Full Clash is unwinnable: {full.row()}"
    trivial = full.won == full.runs and sum(full.deaths) == 0 and full.median_rounds <= 4
    assert not trivial, f"the level-1 Full Clash is a walkover: {full.row()}"
    assert max(exhibition.rounds + full.rounds) >= 4, "no Clash lasted 4 Rounds: not a real fight"
    for result in (exhibition, full):
        assert 0.15 <= result.wounds_per_attack <= 0.8, f"Knight Attacks wound too rarely or too often: {result.row()}"
        assert result.unfinished == 0, f"a Clash did not end within 30 Rounds: {result.row()}"
