"""The one Knight Attack (rulebook "Combat Action", steps 1-10): the order of the ten steps and the steps every Attack
shares, for the Clash's Knight Attack (rules/clash/knight_attack.py), the Encounter's Attack Action
(rules/delve/encounter_attack.py) and a Squire's Attack (rules/squires/clash.py).

    1. Declare Attack and Active Weapon        6. Power Roll
    2. Raise Passion and Check Priority Target  7. Monster Responses
    3. Attack Roll                              8. Wounds and Escalation
    4. First Ability Window                     9. Clear the Knight Pool
    5. Determine BP Card                        10. Second Ability Window

What differs is a ``Venue`` (a small strategy object) passed in: the pool the tokens come from and its name (the
Knight Pool or the Encounter Pool: "The Encounter Pool and the Knight Pool are separate!"), the decision kind the Heat
re-rolls ask with, the steps it skips (an Encounter has no BP card, no Monster Responses, no Wound Stack — its Scrape
is step 8), and its own functions for the steps it does its own way (a Squire draws Mettle cards for steps 3 and 6).
``run`` walks the steps in order from a given one: a step may stop for a decision (``Pending``), end the Attack
(``END``: a Full Miss "go[es] straight to step 9 ... and immediately end[s] the Attack", a Knight dies), or go on.
The Attack Roll's re-roll rule is rules/clash/attack_roll.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from content.loader import Catalogue
from content.schema.gear import GearFace, Keyword
from rules.clash import active_weapon as aw
from rules.clash import attack_roll as ar
from rules.clash import power_roll as pw
from rules.clash.attack_facts import AttackStepped, CritRolled
from rules.dice import Dice
from rules.engine import Engine, Result
from rules.facts import Line
from rules.keywords.model import Context
from rules.knights.state import KnightState
from rules.state import CampaignState, one_attack

STEPS = ("1. Declare Attack and Active Weapon", "2. Raise Passion and Check Priority Target", "3. Attack Roll",
         "4. First Ability Window", "5. Determine BP Card", "6. Power Roll", "7. Monster Responses",
         "8. Wounds and Escalation", "9. Clear the Knight Pool", "10. Second Ability Window")
DECLARE, RAISE_PASSION, ATTACK_ROLL, FIRST_WINDOW, BP_CARD, POWER_ROLL, RESPONSES, WOUNDS, CLEAR, SECOND_WINDOW = STEPS


class AttackEnd:
    """A step's answer: the Attack ends here (the venue's ``finish`` follows)."""


END = AttackEnd()


@dataclass
class Attack:
    """One Attack between its steps: what the steps read and write (rebuilt from the venue's ``Progress`` after a
    decision)."""

    engine: Engine
    state: CampaignState
    dice: Dice
    venue: Venue
    p: Any  # the venue's Progress: an rules.clash.attack_roll.KnightRoll with the Knight and the weapon
    lines: list[Line]
    tokens: pw.PoolTokens = field(default_factory=pw.PoolTokens)
    passion: int = 0
    before: dict[str, int] = field(default_factory=dict)  # the pool the Attack used (after the First Ability Window)
    res: Any = None  # the Power Roll (rules.clash.power_roll.roll)
    at: int = 0
    extra: dict[str, Any] = field(default_factory=dict)  # the venue's own (the BP card, the responses...)
    data: dict[str, Any] = field(default_factory=dict)  # the reply's ``attack``

    def __post_init__(self) -> None:
        self.data = self.venue.data(self.p)

    @property
    def cat(self) -> Catalogue:
        return self.engine.catalogue

    @property
    def k(self) -> KnightState:
        return self.state.knights[self.p.knight]

    @cached_property
    def weapon(self) -> tuple[GearFace, list[Keyword]]:
        """The active weapon's face and keywords (the same through one Attack)."""
        face, keywords, _ = aw.weapon_face(self.cat, self.k, self.p.weapon)
        return face, keywords

    @property
    def pool(self) -> dict[str, int]:
        return self.venue.pool(self.state)

    @pool.setter
    def pool(self, value: dict[str, int]) -> None:
        self.venue.set_pool(self.state, value)


Step = Callable[[Attack], "Result | AttackEnd | None"]  # None: go on; END: the Attack ends; a Result: it stops to ask


@dataclass(frozen=True)
class Venue:
    """What differs between the Attacks a Knight makes: data and the venue's own steps."""

    name: str
    pool_name: str  # "Knight Pool" or "Encounter Pool"
    context: Context  # where the Attack is made, for the keywords acting there (rules/keywords)
    reroll_kind: str  # the decision kind of the Heat re-rolls
    pool: Callable[[CampaignState], dict[str, int]]
    set_pool: Callable[[CampaignState, dict[str, int]], None]
    steps: dict[str, Step]  # the venue's own steps (by name in STEPS); the shared ones are in SHARED
    data: Callable[[Any], dict[str, Any]]  # the reply's ``attack`` from the Progress (``attack_data``)
    skips: frozenset[str] = frozenset()
    crit_chance: Callable[[Any], Line] = lambda p: CritRolled(venue=None)
    reroll_prompt: Callable[[KnightState, ar.RerollOffer], str] = lambda k, offer: ""
    ask: Callable[[Attack, str, str, list[Any], int], Result] | None = None  # stop for a decision
    finish: Callable[[Attack], Result] | None = None  # the end of the Attack: what is discarded after it, the reply
    goes_on: Callable[[Attack], bool] = lambda a: not a.k.dead  # the Second Ability Window is reached
    after_second_window: Callable[[Attack], list[Line]] = lambda a: []
    keep: Callable[[Attack], dict[str, int] | None] = lambda a: None  # Pass X: the tokens left in the pool


def attack_data(p: ar.AttackRoll, weapon: str, target: Any, **more: Any) -> dict[str, Any]:
    """The reply's ``attack``: the Attack Roll and what the venue adds (``None`` until its step is reached)."""
    hit = p.hits()
    return {
        "naturals": list(p.naturals), "results": [n + p.precision for n in p.naturals], "precision": p.precision,
        "to_hit": p.to_hit, "hit": hit, "hits": sum(hit), "full_hit": all(hit), "full_miss": not any(hit),
        "crit_chance": p.naturals[0] == 10 or (p.deadly and p.naturals[0] >= 9), "crit_misses": p.crit_misses,
        "rerolled": list(p.rerolled), "weapon": weapon, "target": target, **more,
    }


# --- step 3: the Attack Roll and its Heat re-rolls -----------------------------------------------------------------


def offer_rerolls(a: Attack) -> Result | None:
    """The Heat re-rolls of rules/clash/attack_roll.py, asked of the attacking Knight (``venue.reroll_kind``); None:
    nothing to ask, the Attack goes on."""
    k = a.k
    offer = ar.reroll_offer(a.cat, k, a.p)
    if offer is None:
        return None
    if offer.pick == 0:
        a.lines.append(AttackStepped(knight=k.name, step="heat_limit", value=k.stats.heat))
        return None
    assert a.venue.ask is not None
    return a.venue.ask(a, a.venue.reroll_kind, a.venue.reroll_prompt(k, offer), offer.options, offer.pick)


def reroll(a: Attack, chosen: list[str]) -> None:
    """The dice chosen at the Heat re-roll decision, re-rolled (Zeal over a Zeal Threshold into the venue's pool)."""
    a.lines += ar.reroll(a.cat, a.k, a.p, chosen, a.dice, a.pool, a.venue.pool_name)
    a.data = a.venue.data(a.p)


def verdict(a: Attack) -> AttackEnd | None:
    """The end of step 3 once the Attack dice are final: the Crit Chance, the Crit Misses, the active weapon's
    Full Hit / Full Miss abilities; a Full Miss: "Go straight to step 9 (Clear the Knight Pool) ... and immediately
    end the Attack"."""
    p, k = a.p, a.k
    face, _ = a.weapon
    if a.data["crit_chance"]:
        a.lines.append(a.venue.crit_chance(p))
    if p.crit_misses:
        a.lines.append(CritRolled(misses=p.crit_misses))
    a.lines += pw.timed_abilities(face, "Full Hit" if a.data["full_hit"] else "Full Miss" if a.data["full_miss"]
                                  else "")
    if not a.data["full_miss"]:
        return None
    a.pool, cleared = pw.clear_pool(a.pool, 0, where=a.venue.pool_name)
    a.lines += cleared + [AttackStepped(knight=k.name, step="full_miss")]
    a.extra["ended"] = "miss"
    return END


# --- steps 4, 9 and 10: the pool and the two Ability Windows -----------------------------------------------------


def first_window(a: Attack) -> None:
    """Step 4: the tokens Auto-X places, the rest shown to be applied by hand; Rouse counts for this Attack's Passion
    (from the pool after the window; a Clash of a campaign created before version 3 counted the pool before it)."""
    face, keywords = a.weapon
    before_window = a.venue.name == "Clash" and not one_attack(a.state)
    if before_window:
        a.tokens = pw.pool_tokens(a.pool, a.p.cantrip)
        _rouse(a)
    a.pool, window = pw.first_window(face, keywords, a.pool, a.venue.pool_name, a.venue.context)
    a.lines += window
    if not before_window:
        a.tokens = pw.pool_tokens(a.pool, a.p.cantrip)
        _rouse(a)
    a.before = dict(a.pool)
    return None


def _rouse(a: Attack) -> None:
    a.passion = a.k.stats.passion + a.tokens.rouse
    if a.tokens.rouse:
        a.lines.append(AttackStepped(knight=a.k.name, step="rouse", value=a.passion))


def clear(a: Attack) -> None:
    """Step 9: "remove all Knight tokens from the Knight Pool, unless explicitly instructed otherwise" (Fire, Pass X,
    the tokens the Monster's cards placed meanwhile: rules/clash/power_roll.clear_pool)."""
    fire = a.res.used.get("fire", 0) if a.res is not None else 0
    a.pool, cleared = pw.clear_pool(a.pool, fire, a.before, a.venue.keep(a), a.venue.pool_name)
    a.lines += cleared
    return None


def second_window(a: Attack) -> None:
    """Step 10: the keywords that place Knight tokens (Opening X, Overbreak X...), the Heroic Arc, then the venue's
    own (Armor Piercing, Cumbersome... in a Clash)."""
    if not a.venue.goes_on(a):
        return None
    face, keywords = a.weapon
    margin = a.res.total - a.at if a.res is not None else 0
    a.pool, window = pw.second_window(a.cat, a.k, face, keywords, a.pool, a.passion, margin, a.venue.pool_name)
    a.lines += window + a.venue.after_second_window(a)
    return None


# the end of step 3 once the dice are final (the roll itself may stop for the Heat re-rolls: the venue rolls it)
SHARED: dict[str, Step] = {ATTACK_ROLL: verdict, FIRST_WINDOW: first_window, CLEAR: clear, SECOND_WINDOW: second_window}


def run(a: Attack, start: str = ATTACK_ROLL) -> Result:
    """The steps from ``start`` to 10 in order, each the venue's own or the shared one, none of those the venue
    skips; then the venue's ``finish``. A step that stops for a decision returns its Result (the venue's ``ask``)."""
    assert a.venue.finish is not None
    for name in STEPS[STEPS.index(start):]:
        if name in a.venue.skips:
            continue
        step = a.venue.steps.get(name) or SHARED.get(name)
        if step is None:
            continue
        out = step(a)
        if isinstance(out, AttackEnd):
            break
        if out is not None:
            return out
    return a.venue.finish(a)
