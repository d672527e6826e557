"""The facts of Escalation (rules/clash/escalation.py): the cards that leave the Clash and the cards shuffled in, the
permanent bonuses, the Escalations ignored; their words are bot/narration/escalation.py's."""

from typing import Literal

from rules.facts import Fact, fact

Bonus = Literal["vigor_loss_per_hit", "evasion_dice", "at", "to_hit"]
Where = Literal["deck", "discard"]
Ignored = Literal["bp_nothing", "bp_empty", "mob_nothing", "bp3_empty"]


@fact
class EscalationBonus(Fact):
    """No AI card is left to escalate: the Monster gains a permanent ``bonus``."""

    fact: Literal["escalation_bonus"] = "escalation_bonus"
    bonus: Bonus


@fact
class EscalationCardLeaves(Fact):
    """The ``deck``'s card ``card`` (level ``level``) leaves the Clash from the deck or the discard pile (``where``;
    the AI deck's discard pile is shuffled back into it then, the BP deck's too, or stays as it is)."""

    fact: Literal["escalation_card_leaves"] = "escalation_card_leaves"
    deck: Literal["ai", "bp"]
    card: str
    level: int
    where: Where


@fact
class EscalationShuffledIn(Fact):
    """``count`` cards of ``level`` are shuffled into the ``deck`` (``count`` None: one card, told as "An AI 2
    card")."""

    fact: Literal["escalation_shuffled_in"] = "escalation_shuffled_in"
    deck: Literal["ai", "bp"]
    level: int
    count: int | None = None


@fact
class EscalationBpReplaced(Fact):
    """Escalating outside of a Wound: the BP card ``card`` (``level``) leaves the Clash and a BP ``new_level`` card is
    shuffled in."""

    fact: Literal["escalation_bp_replaced"] = "escalation_bp_replaced"
    card: str
    level: int
    new_level: int


@fact
class EscalationMobReplaced(Fact):
    """Mob ``mob`` (``card``, BP ``level``) leaves the Clash; a BP ``new_level`` Mob takes its place."""

    fact: Literal["escalation_mob_replaced"] = "escalation_mob_replaced"
    mob: int
    card: str
    level: int
    new_level: int


@fact
class EscalationIgnored(Fact):
    """A BP Escalation that cannot happen (``why``): no card in the BP deck, none left in the Escalation deck, no Mob
    on the track, no BP 3 left."""

    fact: Literal["escalation_ignored"] = "escalation_ignored"
    why: Ignored


@fact
class EscalationAllBp3(Fact):
    """Every BP card left is a BP 3: the BP discard pile is shuffled into the BP deck."""

    fact: Literal["escalation_all_bp3"] = "escalation_all_bp3"


@fact
class EscalationSetAsideBack(Fact):
    """The set-aside BP 3 card ``card`` goes to the bottom of the BP deck."""

    fact: Literal["escalation_set_aside_back"] = "escalation_set_aside_back"
    card: str
