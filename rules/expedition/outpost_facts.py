"""The facts of the Outpost Phase's activities (rules/expedition/outpost.py); their words:
bot/narration/outpost.py."""

from __future__ import annotations

from typing import Literal

from rules.facts import Fact, fact


@fact
class EarlyBird(Fact):
    """The party's first stop, ``section`` (``label``: its place on the Outpost board), gives its Early Bird
    effect (``text``)."""

    fact: Literal["early_bird"] = "early_bird"
    section: str
    label: str
    text: str


@fact
class InnRolled(Fact):
    """The Inn's d10 (``natural``) meets ``entry`` (its ``text``)."""

    fact: Literal["inn_rolled"] = "inn_rolled"
    natural: int
    entry: str
    text: str


@fact
class ContractSigned(Fact):
    fact: Literal["contract_signed"] = "contract_signed"
    contract: str
    tier: str
    objective: str
    rewards: str


@fact
class ContractFulfilled(Fact):
    fact: Literal["contract_fulfilled"] = "contract_fulfilled"
    contract: str
    rewards: str


@fact
class ScoutEmployed(Fact):
    """A Scout (``scout``, of ``category``, its ``text``) hired at the Scouts Guild."""

    fact: Literal["scout_employed"] = "scout_employed"
    scout: str
    category: str
    text: str


@fact
class ScoutApplied(Fact):
    """How a hired Scout's effect reaches the Delve: by the bot at Kingdom Setup, by the bot now (the Delve is set
    up), or by hand with ``command``."""

    fact: Literal["scout_applied"] = "scout_applied"
    when: Literal["setup", "now", "by_hand"]
    command: str = ""


@fact
class PatrolLooked(Fact):
    """A Patrol Scout (``scout``) looks at the top Exploration cards (``cards``: name and id, top first)."""

    fact: Literal["patrol_looked"] = "patrol_looked"
    scout: str
    cards: list[tuple[str, str]]


@fact
class PatrolMayBottom(Fact):
    """The Patrol Scout ``scout_id`` may put up to ``to_bottom`` of the cards it looked at at the bottom."""

    fact: Literal["patrol_may_bottom"] = "patrol_may_bottom"
    scout_id: str
    to_bottom: int


@fact
class MercenaryJoins(Fact):
    """``mercenary`` joins the party (``hired`` of ``most``); its first side's Delve and Clash abilities."""

    fact: Literal["mercenary_joins"] = "mercenary_joins"
    mercenary: str
    hired: int
    most: int
    delve: tuple[str, str]
    clash: tuple[str, str]


@fact
class MercenaryUsed(Fact):
    """A Mercenary's ``ability`` (its ``text``) used; ``uses_left`` after it."""

    fact: Literal["mercenary_used"] = "mercenary_used"
    mercenary: str
    ability: str
    text: str
    uses_left: int


@fact
class GearBought(Fact):
    fact: Literal["gear_bought"] = "gear_bought"
    knight: str
    gear: str
    tier: str
    type: str


@fact
class SaintGained(Fact):
    """``knight`` spends a Devotion token (``devotion`` left) for the patron Saint ``saint``."""

    fact: Literal["saint_gained"] = "saint_gained"
    knight: str
    devotion: int
    saint: str
