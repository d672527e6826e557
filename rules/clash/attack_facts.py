"""The facts of a Knight's Attack in a Clash, steps 1 to 8 (rules/clash/knight_attack.py, attack_sequence.py,
attack_wounds.py, power_roll.py): the declaration, the Attack Roll and its Crit die, the BP card, the Power Roll,
the Monster Responses, Overcome and Overpower, the Wounds and the Area's other Monsters (an Encounter's Attack Roll
and Power Roll too, rules/delve/encounter_attack.py); their words are bot/narration/attack.py's."""

from typing import Literal

from rules.facts import Fact, Lines, fact
from rules.rolls.facts import Face


@fact
class BPCardRevealed(Fact):
    """The BP card ``card`` (``level``, ``at``: its AT as it counts now): drawn from the BP deck (``mob`` 0), or the
    card of Mob ``mob``, revealed now (``first``) or already."""

    fact: Literal["bp_card_revealed"] = "bp_card_revealed"
    card: str
    level: int
    at: int
    mob: int = 0
    first: bool = True


@fact
class WhileRevealed(Fact):
    """The printed effects of ``card`` that last while it stays revealed (``effects``: their texts), applied by
    hand."""

    fact: Literal["while_revealed"] = "while_revealed"
    card: str
    effects: list[str]


@fact
class ResponseMet(Fact):
    """``card``'s ``trigger`` Response resolves (its effects follow), or is ``ignored`` by the Mercy Rule, Diversion
    or Improved Diversion."""

    fact: Literal["response_met"] = "response_met"
    card: str
    trigger: str
    ignored: Literal["Mercy Rule", "Improved Diversion", "Diversion"] | None = None


@fact
class ThresholdMet(Fact):
    """``card``'s Overcome or Overpower ``at``+ is met (its effects follow)."""

    fact: Literal["threshold_met"] = "threshold_met"
    card: str
    kind: Literal["overcome", "overpower"]
    at: int


@fact
class MiniatureLeaves(Fact):
    """The miniature of ``monster`` leaves the Clash Board (a Mob killed)."""

    fact: Literal["miniature_leaves"] = "miniature_leaves"
    monster: str


@fact
class WoundDealt(Fact):
    """A Wound (``critical``: a Critical Wound) is dealt; ``then``: what it brings, in order (the Wound Stack, the
    Escalation, the Mob's miniature leaving, the Spawns)."""

    fact: Literal["wound_dealt"] = "wound_dealt"
    critical: bool = False
    then: Lines


@fact
class AreaRolled(Fact):
    """Area: the Power Roll (``total``) against ``monster``'s BP card ``card`` (``level``, ``at``), revealed now
    (``first``) or already; ``wound``: it deals a Wound (no Responses)."""

    fact: Literal["area_rolled"] = "area_rolled"
    monster: str
    card: str
    level: int
    at: int
    total: int
    first: bool
    wound: bool


PowerOutcome = Literal["critical", "wound", "fail", "scrape", "no_scrape"]


@fact
class PowerRollResolved(Fact):
    """Step 6, the Power Roll: the ``faces`` (``rerolled``: the indexes of those re-rolled), the tokens ``used`` from
    the ``pool`` (``gained``: the Power they give, told in a Clash), the Total Power ``total`` against ``at``, and the
    ``outcome``: a Clash's Critical Wound, Wound or Fail, an Encounter's Scrape or not."""

    fact: Literal["power_roll_resolved"] = "power_roll_resolved"
    faces: list[Face]
    rerolled: list[int] = []
    used: dict[str, int] = {}
    gained: int = 0
    pool: Literal["knight", "encounter"] = "knight"
    total: int
    at: int
    outcome: PowerOutcome


@fact
class AttackDeclared(Fact):
    """Step 1: ``knight`` declares an Attack (``bonus``: a Bonus Attack) on ``monster`` with the active weapon
    ``weapon`` (``reach``: its range as it stands)."""

    fact: Literal["attack_declared"] = "attack_declared"
    knight: str
    monster: str
    weapon: str
    reach: str
    bonus: bool = False


@fact
class AttackDiceRolled(Fact):
    """Step 3: the Attack dice ``naturals`` (+``precision`` each) against To Hit ``to_hit``: ``hits`` of them hit.
    In a Clash ``knight`` attacks ``monster`` with ``weapon``; in an Encounter they are empty."""

    fact: Literal["attack_dice_rolled"] = "attack_dice_rolled"
    naturals: list[int]
    precision: int = 0
    to_hit: int
    hits: int
    knight: str = ""
    monster: str = ""
    weapon: str = ""


@fact
class CritRolled(Fact):
    """Step 3's Crit die: a Crit Chance (``deadly``: a natural 9 with Deadly; ``venue``: what it does there, none
    told for a Squire's Attack), or ``misses`` Crit Misses."""

    fact: Literal["crit_rolled"] = "crit_rolled"
    venue: Literal["clash", "encounter"] | None = "clash"
    deadly: bool = False
    misses: int = 0


@fact
class AttackStepped(Fact):
    """A step of ``knight``'s Attack: at the Heat Limit (``value``: their Heat), no Heat re-roll; Rouse (``value``:
    the Passion that counts until the end of the Attack); a Full Miss ends it."""

    fact: Literal["attack_stepped"] = "attack_stepped"
    knight: str
    step: Literal["heat_limit", "rouse", "full_miss"]
    value: int = 0


@fact
class FollowUpOwed(Fact):
    """A Follow-up Knight Attack: ``knight`` (``knight_id``) is owed a Bonus Attack, resolved now
    (``/knight attack knight:<id> weapon:<weapon> bonus:true``)."""

    fact: Literal["follow_up_owed"] = "follow_up_owed"
    knight: str
    knight_id: str
    weapon: str
