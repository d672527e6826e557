"""Power and Armor dice pools and the box limits.

Rulebook, "Power Dice Tiers and Limits": "Some powerful weapons, combined with additional bonuses,
might allow you to generate a Power Pool surpassing the number of dice provided in the game box (7 red
dice, 4 black dice and 3 white dice—any additional dice you may have do not increase the limit). If you
are required to add a die to the Power Pool and there are no dice of that type available, instead roll
a die one tier higher instead of two of these dice (e.g. if you were required to roll 8 red Power dice,
roll 6 red dice and 1 black die instead). For each Power die that would exceed the dice limit, gain +1
Power and 1 Potential (e.g. if you were required to roll 4 white Power dice, roll 3 white dice and gain
1 Power and 1 Potential instead)."

Ruling (docs/rulings.md, "Power dice beyond the box"): every two dice of a colour that find no die in
the box become one die of the next tier; a die still without a die in the box (an odd one, or any red
die beyond 7) gives +1 Power and +1 Potential. The first example (8 red -> 6 red and 1 black) is not
followed: red has no higher tier, and it would take away a red die that the box has.
"""

from __future__ import annotations

from pydantic import BaseModel

from content.schema import POWER_TIERS, DiceSet, PowerColour
from rules.coverage import implements


class PowerPool(BaseModel):
    """The dice actually rolled after the box limits, and the raw Power/Potential they leave."""

    white: int = 0
    black: int = 0
    red: int = 0
    raw_power: int = 0
    raw_potential: int = 0

    def count(self, colour: PowerColour) -> int:
        return int(getattr(self, colour))


@implements(
    "6.1 Create the Power Pool",
    tests=[
        "tests/rules/test_power.py::test_four_white_dice_are_three_white_and_one_power_one_potential",
        "tests/rules/test_power.py::test_box_limit_invariants",
    ],
    note="the box limits (Power Dice Tiers and Limits); the players count the pool's dice from hits and Gear",
)
def apply_box_limits(white: int, black: int, red: int, dice: DiceSet) -> PowerPool:
    wanted = {"white": white, "black": black, "red": red}
    raw = 0
    for index, colour in enumerate(POWER_TIERS):
        limit = dice.die(colour).limit
        excess = max(0, wanted[colour] - limit)
        wanted[colour] -= excess
        if index + 1 < len(POWER_TIERS):
            wanted[POWER_TIERS[index + 1]] += excess // 2
            raw += excess % 2
        else:
            raw += excess
    return PowerPool(**wanted, raw_power=raw, raw_potential=raw)


class PowerFace(BaseModel):
    colour: PowerColour
    face: int
    power: int
    potential: int
    hope: int


class PowerRoll(BaseModel):
    pool: PowerPool
    faces: list[PowerFace]
    power: int
    potential: int
    hope: int


def count_faces(pool: PowerPool, faces: list[PowerFace]) -> PowerRoll:
    return PowerRoll(
        pool=pool,
        faces=faces,
        power=sum(f.power for f in faces) + pool.raw_power,
        potential=sum(f.potential for f in faces) + pool.raw_potential,
        hope=sum(f.hope for f in faces),
    )
