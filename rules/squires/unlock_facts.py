"""The facts of unlocking Mettle cards (rules/squires/unlock.py); their words: bot/narration/squire_unlock.py."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class MettleCardsEarned(Fact):
    """Mettle cards earned (``reason``: a Quest Expedition a Squire's Investigation completed, or the first
    Expedition of ``tier`` survived; ``expedition``: its number, when seen): ``cards`` to choose with the decision
    ``decision`` (None: no such card is left to unlock)."""

    fact: Literal["squire_mettle_earned"] = "squire_mettle_earned"
    reason: Literal["quest", "tier"]
    tier: str
    cards: int
    expedition: int | None = None
    decision: str | None = None


@fact
class MettleDefeatEarnsNone(Fact):
    """Expedition ``expedition`` ended in defeat (``defeat``: why, as the tracking noted it): no Mettle cards for
    ``tier``."""

    fact: Literal["squire_mettle_defeat"] = "squire_mettle_defeat"
    expedition: int
    defeat: str
    tier: str


@fact
class MettleUnlockedFor(Fact):
    """Why a card is unlocked: the first ``tier`` Expedition survived (card ``number`` of ``of``), or a Quest
    Expedition a Squire's Investigation completed; ``gm``: on the GM's word."""

    fact: Literal["squire_mettle_unlocked_for"] = "squire_mettle_unlocked_for"
    reason: Literal["quest", "tier"]
    tier: str = ""
    number: int = 0
    of: int = 0
    gm: bool = False


@fact
class MettleLeadsSpent(Fact):
    """``spent`` saved Leads spent to unlock a card (``left`` left)."""

    fact: Literal["squire_mettle_leads_spent"] = "squire_mettle_leads_spent"
    spent: int
    left: int


@fact
class MettleCardReplaced(Fact):
    """The Mettle card ``card`` (its ``tier`` and ``clue``) replaces ``old`` in the Mettle deck."""

    fact: Literal["squire_mettle_replaced"] = "squire_mettle_replaced"
    card: str
    tier: str
    clue: str
    old: str


@fact
class MettleMoreToChoose(Fact):
    """``cards`` more earned cards to choose."""

    fact: Literal["squire_mettle_more"] = "squire_mettle_more"
    cards: int


@fact
class MettleTierRecorded(Fact):
    """The GM recorded the first ``tier`` Expedition survived without defeat; ``waiting``: its two cards are offered
    when a Squire joins the party."""

    fact: Literal["squire_mettle_tier_recorded"] = "squire_mettle_tier_recorded"
    tier: str
    waiting: bool = False


@fact
class MettleLeads(Fact):
    """The saved Leads for Mettle cards are now ``leads``."""

    fact: Literal["squire_mettle_leads"] = "squire_mettle_leads"
    leads: int
