"""The facts of a Squire's Abilities and Heroic Arc (rules/squires/abilities.py); their words:
bot/narration/squire_abilities.py. ``label``: the Ability's name, or "Heroic Arc (Passion N)"."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class SquireUsesAbility(Fact):
    """``squire`` uses the active Ability ``ability``."""

    fact: Literal["squire_uses_ability"] = "squire_uses_ability"
    squire: str
    ability: str


@fact
class SquireAbilityByHand(Fact):
    """An Ability with no structured effects: its ``text`` is applied by hand (``squire``: who used it)."""

    fact: Literal["squire_ability_by_hand"] = "squire_ability_by_hand"
    squire: str
    text: str


@fact
class SquireArcByHand(Fact):
    """A Heroic Arc level ``label`` whose ``text`` is applied by hand."""

    fact: Literal["squire_arc_by_hand"] = "squire_arc_by_hand"
    label: str
    squire: str
    text: str


@fact
class SquireIgnoresKnockback(Fact):
    """Stubborn (``ability``): ``squire`` ignores the knock back, the first time this Clash."""

    fact: Literal["squire_ignores_knockback"] = "squire_ignores_knockback"
    ability: str
    squire: str


@fact
class SquireNoEffect(Fact):
    """``label`` has no effect: the Monster does not end adjacent to a Knight (``who`` None), or no ``who`` fits
    (an EffectGroup's ``who``, ``within`` its spaces)."""

    fact: Literal["squire_no_effect"] = "squire_no_effect"
    label: str
    who: str | None = None
    within: int | None = None


@fact
class SquireTokensPlaced(Fact):
    """``label``: ``squire`` places ``count`` ``token`` tokens in the Knight Pool (``there``: now in it;
    ``printed``: the token's word as the card prints it)."""

    fact: Literal["squire_tokens_placed"] = "squire_tokens_placed"
    label: str
    squire: str
    count: int
    token: str
    there: int
    printed: str | None = None


@fact
class SquirePulls(Fact):
    """``label``: ``squire`` pulls ``monster`` ``amount`` spaces toward them."""

    fact: Literal["squire_pulls"] = "squire_pulls"
    label: str
    squire: str
    monster: str
    amount: int


@fact
class SquireStepLabel(Fact):
    """The ``label`` that heads a line of an Ability's effect (on ``squire``, when given: "label: squire —")."""

    fact: Literal["squire_step_label"] = "squire_step_label"
    label: str
    squire: str | None = None


@fact
class SquireModifierByHand(Fact):
    """``label`` gives the Squire ``squire`` a ``modifier`` bonus a Mettle draw has not (``text``: the Ability's)."""

    fact: Literal["squire_modifier_by_hand"] = "squire_modifier_by_hand"
    label: str
    squire: str
    modifier: str
    text: str


@fact
class SquireTemporaryToken(Fact):
    """``label``: ``knight`` gains a temporary ``modifier`` token (+``amount``), discarded after their next use."""

    fact: Literal["squire_temporary_token"] = "squire_temporary_token"
    label: str
    knight: str
    modifier: Literal["evasion", "precision", "speed"]
    amount: int


@fact
class SquireBoonGained(Fact):
    """``label``: ``squire`` gains a boon on their next Attack: ``amount`` (+Power, Mettle cards drawn; 1 for
    Critical Chance)."""

    fact: Literal["squire_boon_gained"] = "squire_boon_gained"
    label: str
    squire: str
    boon: Literal["power", "attack_draws", "critical_chance"]
    amount: int


@fact
class SquireMovesToward(Fact):
    """``label``: ``squire`` moves toward ``target``: to ``to``, or not (``to`` None: ``already`` next to it, or it
    cannot move closer); ``tied``: other spaces as close."""

    fact: Literal["squire_moves_toward"] = "squire_moves_toward"
    label: str
    squire: str
    target: str
    to: str | None = None
    already: bool = False
    tied: list[str] = []


@fact
class SquireTargetChosen(Fact):
    """The players chose ``chosen`` for ``squire``'s Ability."""

    fact: Literal["squire_target_chosen"] = "squire_target_chosen"
    squire: str
    chosen: str
