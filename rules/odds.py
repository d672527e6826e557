"""Exact odds of an Attack (to hit, to wound) and of an Evasion Roll: computed, never sampled.

Everything here is pure: probabilities are ``fractions.Fraction`` built by enumerating each die's
faces and convolving the distributions, so the odds equal a brute-force enumeration of every outcome
of every die, to the last digit. Nothing is rolled and nothing is changed.

The rules counted (rulebook lines quoted in docs/rulings.md, "Odds"):
- "3. Attack Roll": "Each die with a result equal to or higher than the Monster's To Hit value is a
  hit"; a natural 10 always hits and a natural 1 always misses; Precision, Opening and Closing tokens
  add to each die; re-rolls (Heat, Attack Re-rolls, Closing tokens) re-roll missed dice, each once.
- "Crit Die During Attack Rolls": the white Crit die's natural 10 is a Crit Chance, its natural 1 a
  Crit Miss (counted again when a re-rolled Crit die shows 1 again).
- "6.1 Create the Power Pool": Weapon Power per hit, Bonus Power with at least one hit, the Knight's
  Power die and other bonuses, then the box limits exactly as ``rules.power.apply_box_limits``.
- "6.2"-"6.5": Power symbols plus raw Power; Break/Fire tokens turn a Potential ("Miss symbol") into
  Power, Sunder tokens a Potential into 2 Power, Hope tokens a Potential or a Hope symbol ("critical
  symbol") into Power, Power tokens add 1 each; Wound when Total Power >= AT, a Critical Wound with a
  Crit Chance.
- "4.1. Evasion Roll" and "Crit Die During Evasion Rolls": each die at or above the difficulty evades
  one hit; Evasion bonus per die; re-rolls re-roll dice that did not evade; Block X evades X more hits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb

from pydantic import BaseModel, ConfigDict, Field

from content.schema import POWER_TIERS, DiceSet, PowerColour
from rules.coverage import implements
from rules.power import PowerPool, apply_box_limits
from rules.rolls import d10_success

TESTS = "tests/odds/test_odds.py"
D10 = range(1, 11)
TENTH = Fraction(1, 10)

Dist = dict[int, Fraction]


# -- inputs ---------------------------------------------------------------------------------------


class Dice(BaseModel):
    """Power dice by colour plus raw Power points (Weapon Power per hit, Bonus Power, other bonuses)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    white: int = Field(0, ge=0, le=10)
    black: int = Field(0, ge=0, le=10)
    red: int = Field(0, ge=0, le=10)
    raw: int = Field(0, ge=0, le=20, description="raw Power points (each one is simply another Power symbol)")

    def count(self, colour: PowerColour) -> int:
        return int(getattr(self, colour))

    def label(self) -> str:
        parts = [f"{n} {c}" for c, n in (("red", self.red), ("black", self.black), ("white", self.white)) if n]
        if self.raw:
            parts.append(f"+{self.raw} Power")
        return ", ".join(parts) or "none"


class Tokens(BaseModel):
    """Knight tokens used during the Power Roll step."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    break_: int = Field(0, ge=0, le=20, alias="break", description="Break (and Fire) tokens: 1 Potential -> 1 Power")
    hope: int = Field(0, ge=0, le=20, description="Hope tokens: 1 Potential or Hope symbol -> 1 Power")
    sunder: int = Field(0, ge=0, le=20, description="Sunder tokens: 1 Potential -> 2 Power")
    power: int = Field(0, ge=0, le=20, description="Power tokens: +1 Total Power each")


class AttackPlan(BaseModel):
    """An Attack as planned: the Attack Roll and, with ``at``, the Power Roll against that AT."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    dice: int = Field(ge=1, le=20, description="Attack dice of the active weapon")
    to_hit: int = Field(ge=1, le=20, description="the Monster's To Hit value")
    precision: int = Field(0, ge=-20, le=20, description="added to each Attack die (Precision, Opening, Closing)")
    rerolls: int = Field(0, ge=0, le=20, description="missed dice re-rolled, each at most once")
    weapon_power: Dice = Field(default_factory=Dice, description="Power dice added for each hit")
    bonus_power: Dice = Field(default_factory=Dice, description="added if at least one die hits")
    knight_die: PowerColour | None = Field(None, description="the Knight's Power die")
    extra_power: Dice = Field(default_factory=Dice, description="other dice and Power added to the Power Pool")
    tokens: Tokens = Field(default_factory=Tokens)
    at: int | None = Field(None, ge=0, le=60, description="the BP card's Armor Threshold")


class EvasionPlan(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    dice: int = Field(ge=1, le=20, description="Evasion dice of the Monster Attack")
    difficulty: int = Field(ge=1, le=20, description="the Evasion Roll difficulty")
    bonus: int = Field(0, ge=-20, le=20, description="Evasion bonus added to each die")
    rerolls: int = Field(0, ge=0, le=20, description="dice that did not evade re-rolled, each at most once")
    block: int = Field(0, ge=0, le=20, description="Block: hits treated as evaded after the roll")


# -- the d10 pool with the white Crit die -----------------------------------------------------------


class CritOutcome(BaseModel):
    """One outcome of a d10 pool whose first die is the Crit die."""

    model_config = ConfigDict(frozen=True)
    successes: int
    crit_ten: bool  # the Crit die shows a natural 10 as it stands after the re-rolls
    crit_ones: int  # natural 1s shown by the Crit die (first roll and re-roll)


def d10_chance(bonus: int, target: int) -> Fraction:
    """P(one d10 succeeds): a natural 10 always, a natural 1 never, otherwise natural + bonus >= target."""
    return Fraction(sum(d10_success(n, bonus, target) for n in D10), 10)


def binomial(count: int, p: Fraction) -> Dist:
    """P(k successes among ``count`` independent dice that each succeed with probability p)."""
    return {k: comb(count, k) * p**k * (1 - p) ** (count - k) for k in range(count + 1)}


@implements(
    "Crit Die During Attack Rolls",
    tests=[
        f"{TESTS}::test_attack_roll_equals_brute_force",
        f"{TESTS}::test_crit_chance_is_a_natural_10_on_the_crit_die",
    ],
    note="/odds attack: the exact chance of a Crit Chance and of a Crit Miss",
)
@implements(
    "Crit Die During Evasion Rolls",
    tests=[f"{TESTS}::test_evasion_roll_equals_brute_force"],
    note="/odds evasion: the exact chance of a Crit Evade and of a Crit Evade Fail",
)
def crit_pool(count: int, bonus: int, target: int, rerolls: int) -> dict[CritOutcome, Fraction]:
    """The exact joint distribution of a roll of ``count`` d10 whose first die is the white Crit die.

    A die succeeds when ``d10_success(natural, bonus, target)``. With ``rerolls`` > 0, up to that many
    dice that failed are re-rolled once each (docs/rulings.md, "Odds": re-rolls go to failed dice only,
    the Crit die first); a natural 1 shown again by a re-rolled Crit die counts once more.
    """
    p = d10_chance(bonus, target)
    others = binomial(count - 1, p)
    out: dict[CritOutcome, Fraction] = {}

    def add(key: CritOutcome, weight: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + weight

    for first in D10:
        crit_ok = d10_success(first, bonus, target)
        budget = rerolls
        # the Crit die as it stands after its re-roll (if it failed and a re-roll is left)
        crit_results: list[tuple[Fraction, bool, bool, int]] = []  # weight, success, natural 10, natural 1s
        ones = 1 if first == 1 else 0
        if not crit_ok and budget > 0:
            budget -= 1
            for second in D10:
                crit_results.append((TENTH, d10_success(second, bonus, target), second == 10,
                                     ones + (1 if second == 1 else 0)))
        else:
            crit_results.append((Fraction(1), crit_ok, first == 10, ones))
        for hits, p_hits in others.items():
            failed = count - 1 - hits
            again = min(budget, failed)
            for extra, p_extra in binomial(again, p).items():
                for weight, ok, ten, crit_ones in crit_results:
                    key = CritOutcome(successes=hits + extra + int(ok), crit_ten=ten, crit_ones=crit_ones)
                    add(key, TENTH * p_hits * p_extra * weight)
    return out


# -- the Power Roll ------------------------------------------------------------------------------------

Symbols = tuple[int, int, int]  # Power, Potential, Hope


def converted(potential: int, hope: int, tokens: Tokens) -> int:
    """Power gained from Knight tokens, used the best way: Sunder on Potentials first (2 Power each),
    then Break on Potentials, then Hope on the Potentials left and the Hope symbols."""
    sunder = min(tokens.sunder, potential)
    potential -= sunder
    broken = min(tokens.break_, potential)
    potential -= broken
    hoped = min(tokens.hope, potential + hope)
    return 2 * sunder + broken + hoped


def _caps(tokens: Tokens) -> tuple[int, int]:
    """Potentials and Hope symbols beyond these numbers cannot change the Total Power."""
    return tokens.sunder + tokens.break_ + tokens.hope, tokens.hope


def _convolve(a: Mapping[Symbols, int], b: Mapping[Symbols, int], caps: tuple[int, int]) -> dict[Symbols, int]:
    out: dict[Symbols, int] = {}
    for (pa, ta, ha), wa in a.items():
        for (pb, tb, hb), wb in b.items():
            key = (pa + pb, min(ta + tb, caps[0]), min(ha + hb, caps[1]))
            out[key] = out.get(key, 0) + wa * wb
    return out


class PowerOdds:
    """Exact Total Power distributions of Power Pools rolled with one DiceSet and one set of tokens.

    Counts are integers over 6**dice (each face of a d6 is one way), turned into Fractions at the end;
    the distribution of k dice of one colour is built once and reused.
    """

    def __init__(self, dice_set: DiceSet, tokens: Tokens) -> None:
        self.dice_set = dice_set
        self.tokens = tokens
        self.caps = _caps(tokens)
        self._colour: dict[tuple[PowerColour, int], dict[Symbols, int]] = {}
        self._pool: dict[tuple[int, int, int, int, int], Dist] = {}

    def colour(self, colour: PowerColour, count: int) -> dict[Symbols, int]:
        key = (colour, count)
        if key not in self._colour:
            if count == 0:
                self._colour[key] = {(0, 0, 0): 1}
            else:
                one: dict[Symbols, int] = {}
                for face in self.dice_set.die(colour).faces:
                    k = (face.power, min(face.potential, self.caps[0]), min(face.hope, self.caps[1]))
                    one[k] = one.get(k, 0) + 1
                self._colour[key] = _convolve(self.colour(colour, count - 1), one, self.caps)
        return self._colour[key]

    def total_power(self, pool: PowerPool, raw_power: int = 0) -> Dist:
        """P(Total Power = k) for a pool after the box limits, plus ``raw_power`` (Bonus Power, tokens...)."""
        key = (pool.white, pool.black, pool.red, pool.raw_power, pool.raw_potential)
        if key not in self._pool:
            counts: dict[Symbols, int] = {(0, min(pool.raw_potential, self.caps[0]), 0): 1}
            dice = 0
            for colour in POWER_TIERS:
                counts = _convolve(counts, self.colour(colour, pool.count(colour)), self.caps)
                dice += pool.count(colour)
            ways = 6**dice
            dist: Dist = {}
            for (power, potential, hope), n in counts.items():
                total = power + pool.raw_power + converted(potential, hope, self.tokens)
                dist[total] = dist.get(total, Fraction(0)) + Fraction(n, ways)
            self._pool[key] = dist
        shift = raw_power + self.tokens.power
        return {k + shift: v for k, v in self._pool[key].items()}


def wanted_dice(plan: AttackPlan, hits: int) -> tuple[int, int, int, int]:
    """White, black and red dice the Power Pool asks for with ``hits`` hits (before the box limits),
    and the raw Power points."""
    parts: list[Dice] = [plan.weapon_power] * hits + [plan.bonus_power, plan.extra_power]
    knight = {c: int(plan.knight_die == c) for c in POWER_TIERS}
    white, black, red = (sum(d.count(c) for d in parts) + knight[c] for c in POWER_TIERS)
    return white, black, red, sum(d.raw for d in parts)


@implements(
    "6.4 Use Potentials",
    status="assisted",
    tests=[f"{TESTS}::test_tokens_turn_potentials_and_hope_into_power"],
    note="/odds attack counts Break, Fire, Sunder, Hope and Power tokens in its odds; in play the players apply them",
)
@implements(
    "6.5 Resolve the Power Roll",
    status="assisted",
    tests=[f"{TESTS}::test_wound_equals_brute_force", f"{TESTS}::test_box_limits_follow_rules_power"],
    note="/odds attack gives the exact chance of a Wound and of a Critical Wound; the Clash does not resolve it yet",
)
def pool_for(plan: AttackPlan, hits: int, dice_set: DiceSet) -> tuple[PowerPool, int]:
    """The Power Pool after the box limits (``rules.power.apply_box_limits``) and the raw Power added."""
    white, black, red, raw = wanted_dice(plan, hits)
    return apply_box_limits(white, black, red, dice_set), raw


# -- the reports --------------------------------------------------------------------------------------


class AttackOdds(BaseModel):
    hits: list[Fraction]  # P(exactly k hits), k = 0..dice
    hit: Fraction  # P(at least one hit)
    full_hit: Fraction
    full_miss: Fraction
    crit_chance: Fraction
    crit_miss: Fraction  # P(at least one Crit Miss)
    expected_hits: Fraction
    wound: Fraction | None = None
    critical_wound: Fraction | None = None
    wound_given_hits: list[Fraction | None] | None = None  # P(Wound | k hits); None for 0 hits
    total_power: list[Fraction] | None = None  # P(a Power Roll with Total Power k); sums to ``hit``
    pools: list[PowerPool] | None = None  # the Power Pool after the box limits for k hits


class EvasionOdds(BaseModel):
    hits: list[Fraction]  # P(exactly k hits not evaded, after Block), k = 0..dice
    full_evade: Fraction
    evades: list[Fraction]  # P(exactly k dice evade), before Block
    crit_evade: Fraction
    crit_evade_fail: Fraction
    expected_hits: Fraction


def _dense(dist: Mapping[int, Fraction], size: int) -> list[Fraction]:
    return [dist.get(k, Fraction(0)) for k in range(size)]


def _sum(items: Iterable[Fraction]) -> Fraction:
    return sum(items, Fraction(0))


@implements(
    "3. Attack Roll",
    tests=[f"{TESTS}::test_attack_roll_equals_brute_force", f"{TESTS}::test_natural_10_hits_and_natural_1_misses"],
    note="/odds attack: the exact chance to hit, hit by hit",
)
def attack_odds(plan: AttackPlan, dice_set: DiceSet) -> AttackOdds:
    roll = crit_pool(plan.dice, plan.precision, plan.to_hit, plan.rerolls)
    hits: Dist = {}
    crit_hits: Dist = {}
    for o, p in roll.items():
        hits[o.successes] = hits.get(o.successes, Fraction(0)) + p
        if o.crit_ten:
            crit_hits[o.successes] = crit_hits.get(o.successes, Fraction(0)) + p
    dense = _dense(hits, plan.dice + 1)
    odds = AttackOdds(
        hits=dense,
        hit=1 - dense[0],
        full_hit=dense[plan.dice],
        full_miss=dense[0],
        crit_chance=_sum(p for o, p in roll.items() if o.crit_ten),
        crit_miss=_sum(p for o, p in roll.items() if o.crit_ones),
        expected_hits=_sum(k * p for k, p in enumerate(dense)),
    )
    if plan.at is None:
        return odds
    power = PowerOdds(dice_set, plan.tokens)
    wound = critical = Fraction(0)
    given: list[Fraction | None] = [None]
    pools: list[PowerPool] = [PowerPool()]
    totals: Dist = {}
    for k in range(1, plan.dice + 1):
        pool, raw = pool_for(plan, k, dice_set)
        pools.append(pool)
        dist = power.total_power(pool, raw)
        p_wound = _sum(p for total, p in dist.items() if total >= plan.at)
        given.append(p_wound)
        wound += dense[k] * p_wound
        critical += crit_hits.get(k, Fraction(0)) * p_wound
        for total, p in dist.items():
            totals[total] = totals.get(total, Fraction(0)) + dense[k] * p
    size = max(totals, default=-1) + 1
    return odds.model_copy(update={
        "wound": wound, "critical_wound": critical, "wound_given_hits": given,
        "total_power": _dense(totals, size), "pools": pools,
    })


@implements(
    "4.1. Evasion Roll",
    tests=[f"{TESTS}::test_evasion_roll_equals_brute_force", f"{TESTS}::test_block_evades_more_hits"],
    note="/odds evasion: the exact chance of a Full Evade, hit by hit",
)
def evasion_odds(plan: EvasionPlan) -> EvasionOdds:
    roll = crit_pool(plan.dice, plan.bonus, plan.difficulty, plan.rerolls)
    evades: Dist = {}
    hits: Dist = {}
    for o, p in roll.items():
        evades[o.successes] = evades.get(o.successes, Fraction(0)) + p
        left = max(0, plan.dice - o.successes - plan.block)
        hits[left] = hits.get(left, Fraction(0)) + p
    dense = _dense(hits, plan.dice + 1)
    return EvasionOdds(
        hits=dense,
        full_evade=dense[0],
        evades=_dense(evades, plan.dice + 1),
        crit_evade=_sum(p for o, p in roll.items() if o.crit_ten),
        crit_evade_fail=_sum(p for o, p in roll.items() if o.crit_ones),
        expected_hits=_sum(k * p for k, p in enumerate(dense)),
    )
