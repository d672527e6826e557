"""The facts of a signed Contract during the Delve (rules/delve/contracts.py), the Kingdom's Mortis cards
(rules/delve/kingdom_mortis.py) and the Delve's Massive Peril cards (rules/delve/peril.py); their words are
bot/narration/contracts.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class ContractTestDue(Fact):
    """The party entered ``tile`` (a ``size`` tile) of ``contract``: any Knight may test ``virtue``
    (``difficulty``+)."""

    fact: Literal["delve_contract_test_due"] = "delve_contract_test_due"
    contract: str
    tile: str
    size: str
    virtue: str
    difficulty: int


@fact
class ContractMarkPlaced(Fact):
    """``contract``'s mark: the tile ``tile`` (``tile_id``) on the Kingdom Sheet (``moved_from``: the tile that goes
    back to the Kingdom deck), the Contract's ``objective`` when first placed; ``tile`` empty: no unrevealed
    ``size`` tile left (none placed, or the mark stays, ``moved_from`` then names nothing)."""

    fact: Literal["delve_contract_mark"] = "delve_contract_mark"
    contract: str
    tile: str = ""
    tile_id: str = ""
    size: str = ""
    moved_from: str = ""
    objective: str = ""
    stays: bool = False


@fact
class ContractTileReached(Fact):
    """The party moves onto ``contract``'s tile on the Kingdom Sheet."""

    fact: Literal["delve_contract_tile_reached"] = "delve_contract_tile_reached"
    contract: str


@fact
class ContractScavenge(Fact):
    """The fulfilled ``contract``'s Scavenge ``amount`` (``text``: as its card says it, may be empty): the players
    choose the Loot type."""

    fact: Literal["delve_contract_scavenge"] = "delve_contract_scavenge"
    contract: str
    amount: int
    text: str = ""


@fact
class KingdomMortis(Fact):
    """The ``kingdom``'s Mortis ``cards`` are shuffled into the ``deck`` deck (none: another Kingdom's leave it)."""

    fact: Literal["delve_kingdom_mortis"] = "delve_kingdom_mortis"
    deck: str
    kingdom: str = ""
    cards: list[str] = []


@fact
class MassivePerilRemoved(Fact):
    """The Massive Peril ``cards`` added to the Judicium deck are taken out again."""

    fact: Literal["delve_massive_peril_removed"] = "delve_massive_peril_removed"
    cards: list[str]
