"""Reading what the players typed: the forgiving syntax of /dice enter (rules/table_dice.py)."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.state import AskedDie
from rules.table_dice import groups, parse_entry, read_symbols, what_to_roll
from tests.rules._support import CATALOGUE

DICE = CATALOGUE.dice
ATTACK = [AskedDie(kind="d10", colour="white", crit=True, purpose="Attack Roll (white Crit die)"),
          AskedDie(kind="d10", purpose="Attack Roll (die 2)"), AskedDie(kind="d10", purpose="Attack Roll (die 3)")]
D100 = [AskedDie(kind="d10", colour="white", purpose="d100 (white, tens)"),
        AskedDie(kind="d10", colour="black", purpose="d100 (black, ones)")]
POWER = [AskedDie(kind="d6", colour="red", purpose="power roll (red)"),
         AskedDie(kind="d6", colour="red", purpose="power roll (red)"),
         AskedDie(kind="d6", colour="black", purpose="power roll (black)"),
         AskedDie(kind="d6", colour="white", purpose="power roll (white)")]


@pytest.mark.parametrize(("text", "values"), [
    ("7 10 3", [7, 10, 3]),
    ("crit:10 7 3", [10, 7, 3]),
    ("7 3 crit:10", [10, 7, 3]),
    ("7, 3, c:0", [10, 7, 3]),
    ("crit: 1 * 0", [1, 10, 10]),
])
def test_d10_entries(text: str, values: list[int]) -> None:
    assert parse_entry(text, ATTACK, DICE) == values


def test_d100_labels() -> None:
    assert parse_entry("black:7 white:3", D100, DICE) == [3, 7]
    assert parse_entry("tens:10 ones:10", D100, DICE) == [10, 10]
    assert parse_entry("3 7", D100, DICE) == [3, 7]


def test_power_faces_by_symbol_mark_or_number() -> None:
    # red: 1 P crown, 2 P tower, 3 PP sword, 4 P+pot skull, 5 pot rose, 6 P+hope
    assert parse_entry("red:PP P+pot black:pot white:hope", POWER, DICE) == [3, 4, 5, 6]
    assert parse_entry("2P pot+P rose h", POWER, DICE) == [3, 4, 5, 6]
    assert parse_entry("sword skull black:rose white:6", POWER, DICE) == [3, 4, 5, 6]
    assert parse_entry("white:- black:P+pot red:P+hope tower", POWER, DICE) == [6, 2, 4, 1]


def test_several_faces_with_the_same_symbols_give_the_first_of_them() -> None:
    """docs/rulings.md, "Typed Power faces": P on a red die is face 1 (crown) though face 2 (tower) also
    shows one Power; a blank white die is face 1. Type the mark to record the other face."""
    assert parse_entry("P P - -", POWER, DICE)[:2] == [1, 1]
    assert parse_entry("P P black:crown white:-", POWER, DICE) == [1, 1, 1, 1]
    assert parse_entry("tower P black:crown white:tower", POWER, DICE) == [2, 1, 1, 2]


@pytest.mark.parametrize(("text", "error"), [
    ("", "type the dice"),
    ("7 3", "you typed 2 values but this roll needs 3 values"),
    ("7 3 2 1", "too many values"),
    ("7 3 x", "'x' is not a d10 result"),
    ("crit:11 3 4", "'11' is not a d10 result"),
    ("red:3 4 5", "'red:' does not name any of the dice asked; the labels for this roll are crit:"),
])
def test_refused_d10_entries(text: str, error: str) -> None:
    with pytest.raises(RuleError, match=error.replace("(", r"\(")):
        parse_entry(text, ATTACK, DICE)


@pytest.mark.parametrize(("text", "error"), [
    ("red:pot+hope P black:pot white:hope", "a red Power die has no face showing pot+hope; its faces are: 1 P"),
    ("red:PP P+pot black:pot white:moon", "'moon' is not a face of a Power die"),
    ("red:PP P+pot black:pot white:7", "'7' is not a face of a Power die"),
    ("red:PPP P black:pot white:-", "a red Power die has no face showing PPP"),
])
def test_refused_power_entries(text: str, error: str) -> None:
    with pytest.raises(RuleError, match=error.replace("(", r"\(").replace("+", r"\+")):
        parse_entry(text, POWER, DICE)


def test_symbols() -> None:
    assert read_symbols("pp") == (2, 0, 0)
    assert read_symbols("p2") == (2, 0, 0)
    assert read_symbols("ppot") == (1, 1, 0)
    assert read_symbols("potential+hope") == (0, 1, 1)
    assert read_symbols("-") == (0, 0, 0)
    assert read_symbols("2p3") is None and read_symbols("q") is None


def test_what_to_roll_and_groups() -> None:
    assert what_to_roll(ATTACK) == "3 Attack dice, one of them the white Crit die"
    assert what_to_roll(D100) == "a d100: white tens, black ones"
    assert what_to_roll(POWER) == "2 red, 1 black and 1 white Power dice (red first, then black, then white)"
    assert [(g.key, g.label, len(g.indexes)) for g in groups(ATTACK)] == [("crit", "white Crit die", 1),
                                                                          ("", "Attack dice", 2)]
    assert [g.label for g in groups(D100)] == ["white d10 (tens)", "black d10 (ones)"]
    assert [g.label for g in groups(POWER)] == ["red Power dice", "black Power die", "white Power die"]
    one = [AskedDie(kind="d10", purpose="Squire Clue card for Tam")]  # a plain d10 says what it decides
    assert what_to_roll(one) == "1 d10 (Squire Clue card for Tam)"
