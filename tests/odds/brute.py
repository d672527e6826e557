"""Brute force for the odds tests: every outcome of every die, enumerated with itertools.product.

Written without rules/odds.py: the d10 rule, the re-roll policy and the best use of the Knight tokens
are spelled out here again, the slow and obvious way.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product

from content.schema import DiceSet
from rules.power import apply_box_limits

D10 = range(1, 11)


def success(natural: int, bonus: int, target: int) -> bool:
    if natural == 10:
        return True
    if natural == 1:
        return False
    return natural + bonus >= target


def crit_rolls(count: int, bonus: int, target: int, rerolls: int) -> Iterator[tuple[Fraction, list[int], int]]:
    """Every way a roll of ``count`` d10 (die 0 the Crit die) can go, with its weight: the final
    naturals and the natural 1s shown by the Crit die. Failed dice are re-rolled in rolling order
    (the Crit die first), at most ``rerolls`` of them, each once."""
    for first in product(D10, repeat=count):
        failed = [i for i, n in enumerate(first) if not success(n, bonus, target)]
        again = failed[:rerolls]
        for second in product(D10, repeat=len(again)):
            final = list(first)
            for i, n in zip(again, second, strict=True):
                final[i] = n
            ones = int(first[0] == 1) + int(0 in again and second[0] == 1)
            yield Fraction(1, 10 ** (count + len(again))), final, ones


def best_conversion(potential: int, hope: int, break_: int, hope_tokens: int, sunder: int) -> int:
    """The most Power the tokens can make, found by trying every allocation."""
    best = 0
    for s in range(min(sunder, potential) + 1):
        for b in range(min(break_, potential - s) + 1):
            for hp in range(min(hope_tokens, potential - s - b) + 1):
                hh = min(hope_tokens - hp, hope)
                best = max(best, 2 * s + b + hp + hh)
    return best


def power_totals(dice_set: DiceSet, white: int, black: int, red: int, raw: int = 0, break_: int = 0,
                 hope: int = 0, sunder: int = 0, power_tokens: int = 0) -> dict[int, Fraction]:
    """P(Total Power = k) of the pool asked for, after the box limits of rules/power.py, by rolling
    every face of every die."""
    pool = apply_box_limits(white, black, red, dice_set)
    faces = [f for c in ("white", "black", "red") for f in [dice_set.die(c).faces] * pool.count(c)]  # type: ignore[arg-type]
    out: dict[int, Fraction] = {}
    weight = Fraction(1, 6 ** len(faces))
    for shown in product(*faces):
        total = sum(f.power for f in shown) + pool.raw_power + raw + power_tokens
        total += best_conversion(sum(f.potential for f in shown) + pool.raw_potential, sum(f.hope for f in shown),
                                 break_, hope, sunder)
        out[total] = out.get(total, Fraction(0)) + weight
    return out
