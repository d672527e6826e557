"""The Rogue's Path Monster Tables as data (content/packs/starter/rosegraal.yaml) and their roll (rules/rogue/tables.py)."""

from __future__ import annotations

import pytest

import bot.narration  # noqa: F401  (the renderers)
from bot.narration.registry import words
from content.schema.rosegraal import TableRow
from rules.dice import Dice
from rules.errors import RuleError
from rules.rogue.facts import RogueReroll
from rules.rogue.tables import owns, roll_monster
from tests.conftest import CATALOGUE

STONE = CATALOGUE.rogue_tables["rogue_principality_of_stone"]
SUNKEN = CATALOGUE.rogue_tables["rogue_sunken_kingdom"]
STARTER = CATALOGUE.rogue_tables["rogue_aubrevane"]


def _all(row: TableRow) -> bool:
    return True


def test_rolling_4_on_the_mob_table_of_stone_gives_eggknight_level_i() -> None:
    """Rulebook (line 1858): | 4-5 | Eggknight | I | White Ape Troll | I |"""
    rolled = roll_monster(STONE, 1, Dice(seed=1, forced=[4]), _all)
    assert (rolled.row.monster, rolled.row.level, rolled.rolls) == ("Eggknight", 1, [4])
    rolled = roll_monster(SUNKEN, 1, Dice(seed=1, forced=[5]), _all)
    assert (rolled.row.monster, rolled.row.level) == ("White Ape Troll", 1)


def test_rolling_3_re_rolls_when_panzergeist_is_not_owned() -> None:
    """Rulebook (line 1852): An asterisk (*) next to a Monster means: if you don't own that Monster, re-roll."""
    assert STONE.row(1, 3).monster == "Panzergeist" and STONE.row(1, 3).asterisk
    rolled = roll_monster(STONE, 1, Dice(seed=1, forced=[3, 4]), lambda r: r.monster != "Panzergeist")
    assert rolled.rolls == [3, 4] and rolled.row.monster == "Eggknight"
    assert rolled.skipped == [RogueReroll(roll=3, monster="Panzergeist", asterisk=True)]
    assert words(rolled.skipped[0]) == "Monster table roll 3: Panzergeist* (not owned, re-roll)"
    owned = roll_monster(STONE, 1, Dice(seed=1, forced=[3]), _all)
    assert owned.row.monster == "Panzergeist" and owned.rolls == [3]


def test_a_table_with_no_owned_monster_is_reported() -> None:
    """Rulebook (line 1905): If you don't own the Monster, re-roll."""
    dice = Dice(seed=1)
    with pytest.raises(RuleError, match="no Monster of the Dragon table of Principality of Stone is owned"):
        roll_monster(STONE, 5, dice, lambda r: False)
    assert dice.position == 0  # refused before any die: never an endless re-roll


def test_monsters_the_loaded_packs_lack_count_as_not_owned() -> None:
    """Rulebook (line 1904): | 10 | Young Devour Dragon* | I | Young Devour Dragon* | I |"""
    owned = sorted(CATALOGUE.monsters) + ["young_devour_dragon", "eggknight"]
    dragon = STARTER.row(5, 10)
    assert dragon.monster == "Young Devour Dragon" and dragon.asterisk
    assert not owns(CATALOGUE, owned, dragon)  # named as owned, but no loaded pack defines it
    assert not owns(CATALOGUE, owned, STONE.row(1, 4))
    assert owns(CATALOGUE, owned, STARTER.row(5, 1))
    assert not owns(CATALOGUE, ["abbot"], STARTER.row(5, 1))  # the Stag, not in the owned list
    rolled = roll_monster(STARTER, 5, Dice(seed=1, forced=[10, 9]), lambda r: owns(CATALOGUE, owned, r))
    assert rolled.rolls == [10, 9] and rolled.row.monster_id == "abbot"


@pytest.mark.parametrize(("tier", "roll", "stone", "sunken"), [
    (1, 10, ("Knighteater", 1, True), ("Bog Witch", 1, True)),
    (2, 9, ("Ratwolves", 3, False), ("Knights of Fen", 2, False)),
    (3, 5, ("Puppet King Edelhardt", 1, False), ("King Laid Low", 1, False)),
    (4, 7, ("Devil of the Smelted Fears", 1, False), ("Devil of the Ancient Dusk", 1, False)),
    (5, 2, ("Knights of Fen", 4, False), ("Knighteater", 4, True)),
])
def test_the_five_tables_are_transcribed(tier: int, roll: int, stone: tuple[str, int, bool],
                                         sunken: tuple[str, int, bool]) -> None:
    """Rulebook (line 1852): When tackling a node, roll a d10 (or on the indicated range) and consult the table matching the node's tier"""
    for table, want in ((STONE, stone), (SUNKEN, sunken)):
        row = table.row(tier, roll)
        assert (row.monster, row.level, row.asterisk) == want
    assert sum(len(rows) for rows in STONE.tiers.values()) == 37 == sum(len(rows) for rows in SUNKEN.tiers.values())
