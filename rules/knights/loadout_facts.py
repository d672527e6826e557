"""The facts of a Knight's Armory and Loadout (rules/knights/loadout.py); their words are
bot/narration/loadout.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class GoldPaid(Fact):
    fact: Literal["gold_paid"] = "gold_paid"
    cost: int
    gold: int


@fact
class GearAdded(Fact):
    """``gear`` (its ``tier`` and ``type``) added to the Armory."""

    fact: Literal["gear_added"] = "gear_added"
    gear: str
    tier: str
    type: str


@fact
class GearRemoved(Fact):
    fact: Literal["gear_removed"] = "gear_removed"
    gear: str


@fact
class GearReforged(Fact):
    """``gear`` reforged ``into`` its reforged side for ``cost`` Gold; ``gold`` left."""

    fact: Literal["gear_reforged"] = "gear_reforged"
    gear: str
    into: str
    cost: int
    gold: int


@fact
class UpgradeAttached(Fact):
    """``upgrade`` attached to ``gear`` (``replacing``: the Upgrade it replaces); no ``upgrade``: detached."""

    fact: Literal["upgrade_attached"] = "upgrade_attached"
    gear: str
    upgrade: str | None = None
    replacing: str | None = None


@fact
class LoadoutSet(Fact):
    """The Loadout equipped: ``gear``, the names of its faces."""

    fact: Literal["loadout_set"] = "loadout_set"
    gear: list[str]


@fact
class KnighvesEquipped(Fact):
    """The Knighves fill the ``hands`` free hand slots."""

    fact: Literal["knighves_equipped"] = "knighves_equipped"
    hands: int


@fact
class TierPenalty(Fact):
    """``penalty`` maximum Vigor lost to Gear above the Knight's ``tier``."""

    fact: Literal["tier_penalty"] = "tier_penalty"
    penalty: int
    tier: str


@fact
class GearMarked(Fact):
    """An equipped ``gear`` exhausted, unexhausted, discarded (until the end of the Clash) or regained."""

    fact: Literal["gear_marked"] = "gear_marked"
    gear: str
    mark: Literal["exhausted", "unexhausted", "discarded", "regained"]


@fact
class ChargeSpent(Fact):
    fact: Literal["charge_spent"] = "charge_spent"
    gear: str
    left: int


@fact
class AllUnexhausted(Fact):
    """Every equipped Gear unexhausted."""

    fact: Literal["all_unexhausted"] = "all_unexhausted"
