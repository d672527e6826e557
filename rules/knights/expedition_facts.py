"""The facts of a Knight's Expedition steps, Conditions and Modifier tokens (rules/knights/expedition.py); their
words are bot/narration/knight_expedition.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class KnightSetsOut(Fact):
    """``knight`` sets out: Loadout and Knight Board fixed, Bane ``bane`` from the Knight Sheet, Charges placed."""

    fact: Literal["knight_sets_out"] = "knight_sets_out"
    knight: str
    bane: int


@fact
class KnightSpoils(Fact):
    """The Spoils Phase for ``knight``: the Loadout can change, Bane ``bane`` noted; ``consumables`` returned to the
    Merchant deck."""

    fact: Literal["knight_spoils"] = "knight_spoils"
    knight: str
    bane: int


@fact
class ConsumablesReturned(Fact):
    fact: Literal["consumables_returned"] = "consumables_returned"
    gear: list[str]


@fact
class AftermathStep(Fact):
    """One line of a Knight's Clash Aftermath: its heading (``step`` "for", with ``knight``), "resurrected",
    "conditions" (the ``cards`` discarded), "bane" (``old`` → ``new``), "gear" (unexhausted, regained, Charges)."""

    fact: Literal["aftermath_step"] = "aftermath_step"
    step: Literal["for", "resurrected", "conditions", "bane", "gear"]
    knight: str = ""
    cards: list[str] = []
    old: int = 0
    new: int = 0


@fact
class ConditionHeld(Fact):
    """``knight`` gains (``op`` gained), already has (already) or discards (discarded) the Condition ``card``."""

    fact: Literal["condition_held"] = "condition_held"
    knight: str
    card: str
    op: Literal["gained", "already", "discarded"]


@fact
class ModifierTokens(Fact):
    """``attribute``'s Modifier tokens now ``new`` (``temporary`` ones, discarded after they take effect)."""

    fact: Literal["modifier_tokens"] = "modifier_tokens"
    attribute: str
    new: int
    temporary: bool = False
