"""The facts of the Wound Stack and the Monster's Armor tokens (rules/clash/wound_stack.py, armor_piercing.py): a
Wound placed, a Mob killed, Heal, the Clash won, Armor tokens placed or pierced; their words are
bot/narration/wounds.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class WoundStackVictory(Fact):
    """The Wound Stack holds ``wounds`` Wounds of the ``needed``: the Boss is slain (``boss``) or the Mobs are
    scattered, the Knights win the Clash."""

    fact: Literal["wound_stack_victory"] = "wound_stack_victory"
    boss: bool
    wounds: int
    needed: int


@fact
class WoundStackPlaced(Fact):
    """A Wound goes on the Wound Stack: ``amount`` additional Single Wounds (``card`` empty), the BP ``level`` card
    ``card`` face up (``double``: a Double Wound), or a Boss's BP 3 card set aside for a Generic Double Wound
    (``aside``)."""

    fact: Literal["wound_stack_placed"] = "wound_stack_placed"
    card: str = ""
    level: int = 0
    double: bool = False
    aside: bool = False
    amount: int = 0


@fact
class WoundStackMobKilled(Fact):
    """Mob ``space`` (its BP card ``card``, ``level``) is killed: a Single or ``double`` Wound."""

    fact: Literal["wound_stack_mob_killed"] = "wound_stack_mob_killed"
    space: int
    card: str
    level: int
    double: bool = False


HealStep = Literal["empty", "generic", "removed", "discarded", "returns"]


@fact
class WoundStackHealed(Fact):
    """Heal: the Wound Stack was empty, a Generic (``double``) Wound leaves it, BP card ``card`` leaves it and the
    Clash (a Boss), is discarded (the Mob track is full) or returns as Mob ``space``."""

    fact: Literal["wound_stack_healed"] = "wound_stack_healed"
    step: HealStep
    card: str = ""
    double: bool = False
    space: int = 0


@fact
class WoundArmorTokens(Fact):
    """The Armor tokens on the Boss (``mob`` 0) or Mob ``mob``: ``before`` → ``after`` (``/clash armor``)."""

    fact: Literal["wound_armor_tokens"] = "wound_armor_tokens"
    mob: int
    before: int
    after: int


@fact
class WoundArmorPierced(Fact):
    """Armor-piercing ``x`` on ``target``: ``gone`` Armor tokens discarded (``left`` left), none held, or the target
    was ``killed`` with its tokens."""

    fact: Literal["wound_armor_pierced"] = "wound_armor_pierced"
    x: int
    target: str
    gone: int = 0
    left: int = 0
    killed: bool = False
