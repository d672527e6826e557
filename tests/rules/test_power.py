"""Power and Armor Rolls: the box limits (per the ruling in rules/power.py) and counting symbols.

The ruling (rules/power.py docstring, "Power dice beyond the box"): "every two dice of a colour that
find no die in the box become one die of the next tier; a die still without a die in the box (an odd
one, or any red die beyond 7) gives +1 Power and +1 Potential. The first example (8 red -> 6 red and 1
black) is not followed: red has no higher tier, and it would take away a red die that the box has."
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import actions as a
from rules.dice import Dice
from rules.errors import RuleError
from rules.power import PowerPool, apply_box_limits
from rules.rolls import power
from tests.rules._support import CATALOGUE, apply, fresh

assert CATALOGUE.dice is not None
DICE = CATALOGUE.dice
LIMITS = {"white": 3, "black": 4, "red": 7}

# content/packs/starter/dice.yaml, face number -> (power, potential, hope)
FACES = {
    "white": {1: (0, 0, 0), 2: (0, 0, 0), 3: (1, 0, 0), 4: (1, 0, 0), 5: (0, 1, 0), 6: (0, 0, 1)},
    "black": {1: (0, 0, 0), 2: (1, 0, 0), 3: (1, 0, 0), 4: (1, 1, 0), 5: (0, 1, 0), 6: (0, 0, 1)},
    "red": {1: (1, 0, 0), 2: (1, 0, 0), 3: (2, 0, 0), 4: (1, 1, 0), 5: (0, 1, 0), 6: (1, 0, 1)},
}


def _pool(white: int = 0, black: int = 0, red: int = 0, raw: int = 0) -> PowerPool:
    return PowerPool(white=white, black=black, red=red, raw_power=raw, raw_potential=raw)


def test_the_starter_dice_match_the_table_used_here() -> None:
    """Rulebook (line 1357): (7 red dice, 4 black dice and 3 white dice—any additional dice you may have do
    not increase the limit).
    """
    for colour, faces in FACES.items():
        die = DICE.die(colour)
        assert die.limit == LIMITS[colour]
        assert [(f.power, f.potential, f.hope) for f in die.faces] == [faces[n] for n in range(1, 7)]


# -- box limits ---------------------------------------------------------------------------------------


def test_three_white_dice_fit_the_box() -> None:
    """Rulebook (line 1357): the number of dice provided in the game box (7 red dice, 4 black dice and 3
    white dice
    """
    assert apply_box_limits(3, 0, 0, DICE) == _pool(white=3)
    assert apply_box_limits(3, 4, 7, DICE) == _pool(white=3, black=4, red=7)


def test_four_white_dice_are_three_white_and_one_power_one_potential() -> None:
    """Rulebook (line 1357): For each Power die that would exceed the dice limit, gain +1 Power and 1
    Potential (e.g. if you were required to roll 4 white Power dice, roll 3 white dice and gain 1 Power and
    1 Potential instead).
    """
    assert apply_box_limits(4, 0, 0, DICE) == _pool(white=3, raw=1)


def test_five_white_dice_are_three_white_and_one_black() -> None:
    """Rulebook (line 1357): If you are required to add a die to the Power Pool and there are no dice of
    that type available, instead roll a die one tier higher instead of two of these dice
    """
    assert apply_box_limits(5, 0, 0, DICE) == _pool(white=3, black=1)
    assert apply_box_limits(7, 0, 0, DICE) == _pool(white=3, black=2)
    assert apply_box_limits(6, 0, 0, DICE) == _pool(white=3, black=1, raw=1)


def test_eight_red_dice_are_seven_red_and_one_power_one_potential() -> None:
    """The ruling keeps every red die the box has: 8 red -> 7 red, +1 Power, +1 Potential.

    Rulebook (line 1357): (e.g. if you were required to roll 8 red Power dice, roll 6 red dice and 1 black
    die instead).

    That example is NOT followed (rules/power.py ruling: "red has no higher tier, and it would take away a
    red die that the box has").
    """
    pool = apply_box_limits(0, 0, 8, DICE)
    assert pool == _pool(red=7, raw=1)
    assert (pool.red, pool.black) != (6, 1)


def test_eleven_black_dice_by_hand() -> None:
    """11 black: 4 black fit; 7 left: 3 pairs -> 3 red (room for 7), the odd one -> +1 Power +1 Potential.

    Rulebook (line 1357): instead roll a die one tier higher instead of two of these dice
    """
    assert apply_box_limits(0, 11, 0, DICE) == _pool(black=4, red=3, raw=1)


def test_overflow_cascades_from_white_through_black_to_red() -> None:
    """9 white + 4 black: 6 white overflow -> 3 black -> 7 black; 3 black overflow -> 1 red + 1 raw.

    Rulebook (line 1357): If you are required to add a die to the Power Pool and there are no dice of
    that type available, instead roll a die one tier higher instead of two of these dice
    """
    assert apply_box_limits(9, 4, 0, DICE) == _pool(white=3, black=4, red=1, raw=1)
    # red already full: promoted black pairs become raw points, one each
    assert apply_box_limits(0, 8, 7, DICE) == _pool(black=4, red=7, raw=2)


counts = st.integers(min_value=0, max_value=30)


@given(counts, counts, counts)
@settings(max_examples=300, deadline=None)
def test_box_limit_invariants(white: int, black: int, red: int) -> None:
    """Each excess die becomes half a die of the next tier or one raw Power+Potential point.

    Rulebook (line 1357): For each Power die that would exceed the dice limit, gain +1 Power and 1
    Potential
    """
    pool = apply_box_limits(white, black, red, DICE)
    raw = pool.raw_power
    # never beyond the box
    assert 0 <= pool.white <= 3 and 0 <= pool.black <= 4 and 0 <= pool.red <= 7
    assert pool.raw_potential == raw >= 0
    # the box's own dice are never taken away
    assert pool.white == min(white, 3)
    assert pool.black >= min(black, 4)
    assert pool.red >= min(red, 7)
    # nothing happens within the limits
    if white <= 3 and black <= 4 and red <= 7:
        assert pool == _pool(white=white, black=black, red=red)
    # dice + raw points never exceed the dice asked for
    assert pool.white + pool.black + pool.red + raw <= white + black + red
    # in white-die units (white 1, black 2, red 4) a raw point stands for one die of 1, 2 or 4 units
    lost = (white + 2 * black + 4 * red) - (pool.white + 2 * pool.black + 4 * pool.red)
    assert raw <= lost <= 4 * raw
    # independent recomputation, tier by tier
    w = min(white, 3)
    b_wanted = black + (white - w) // 2
    b = min(b_wanted, 4)
    r_wanted = red + (b_wanted - b) // 2
    r = min(r_wanted, 7)
    expected_raw = (white - w) % 2 + (b_wanted - b) % 2 + (r_wanted - r)
    assert pool == _pool(white=w, black=b, red=r, raw=expected_raw)


# -- counting a Power Roll ---------------------------------------------------------------------------


def test_power_roll_counts_the_starter_faces() -> None:
    """Rulebook (line 316): Custom d6 dice with Power, Potential, and Hope results are used for Power Rolls
    and Armor Rolls.
    """
    # red is gathered first, then black, then white
    res = apply(fresh(), a.RollPower(white=1, black=1, red=1), forced=[3, 4, 6])
    assert [(d["colour"], d["face"]) for d in res.data["dice"]] == [("red", 3), ("black", 4), ("white", 6)]
    assert (res.data["power"], res.data["potential"], res.data["hope"]) == (3, 1, 1)


def test_power_roll_order_is_red_first() -> None:
    # red 6 (Power + Hope) then white 5 (Potential); in the other order it would be white 6, red 5
    res = apply(fresh(), a.RollPower(white=1, red=1), forced=[6, 5])
    assert (res.data["power"], res.data["potential"], res.data["hope"]) == (1, 1, 1)
    assert res.data["dice"][0]["colour"] == "red"


def test_power_roll_adds_the_raw_points_beyond_the_box() -> None:
    """Rulebook (line 1357): (e.g. if you were required to roll 4 white Power dice, roll 3 white dice and
    gain 1 Power and 1 Potential instead).
    """
    state = fresh()
    res = apply(state, a.RollPower(white=4), forced=[1, 2, 6])
    assert res.data["naturals"] == [1, 2, 6]
    assert res.data["pool"] == _pool(white=3, raw=1).model_dump()
    assert (res.data["power"], res.data["potential"], res.data["hope"]) == (1, 1, 1)
    assert res.state.dice_position == state.dice_position + 3  # three dice rolled, not four


@given(
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=4),
    st.integers(min_value=0, max_value=7),
    st.data(),
)
@settings(max_examples=120, deadline=None)
def test_power_roll_sums_every_face(white: int, black: int, red: int, data: st.DataObject) -> None:
    n = white + black + red
    faces = data.draw(st.lists(st.integers(min_value=1, max_value=6), min_size=n, max_size=n))
    rolled = power(Dice(seed=1, forced=list(faces)), DICE, white, black, red, "power roll")
    colours = ["red"] * red + ["black"] * black + ["white"] * white
    symbols = [FACES[c][f] for c, f in zip(colours, faces, strict=True)]
    assert rolled.power == sum(s[0] for s in symbols)
    assert rolled.potential == sum(s[1] for s in symbols)
    assert rolled.hope == sum(s[2] for s in symbols)
    assert [(f.colour, f.face) for f in rolled.faces] == list(zip(colours, faces, strict=True))


def test_armor_roll_counts_power_symbols_only() -> None:
    """Rulebook (line 1189): When you perform an Armor Roll, you count Power symbols, not Potential or Hope.
    """
    # black 4 (Power + Potential), white 5 (Potential), white 6 (Hope): 1 Power, 1 Potential, 1 Hope
    armor = apply(fresh(), a.RollPower(black=1, white=2, armor=True), forced=[4, 5, 6])
    assert armor.data["armor"] == 1
    assert "potential" not in armor.data and "hope" not in armor.data
    assert "1 Armor" in armor.events[0].text
    # red 3 (2 Power), red 4 (Power + Potential), red 6 (Power + Hope)
    armor = apply(fresh(), a.RollPower(red=3, armor=True), forced=[3, 4, 6])
    assert armor.data["armor"] == 4
    assert armor.state.last_roll is not None and armor.state.last_roll.kind == "armor"
    plain = apply(fresh(), a.RollPower(red=3), forced=[3, 4, 6])
    assert (plain.data["power"], plain.data["potential"], plain.data["hope"]) == (4, 1, 1)
    assert plain.state.last_roll is not None and plain.state.last_roll.kind == "power"


def test_an_empty_pool_is_refused() -> None:
    state = fresh()
    with pytest.raises(RuleError) as err:
        apply(state, a.RollPower())
    assert "empty" in str(err.value)
    with pytest.raises(RuleError):
        apply(state, a.RollPower(armor=True))
