"""The facts of the campaign's party, Presence, Vices and settings (rules/campaign/party.py, presence.py, vices.py,
edition.py, handlers.py); their words: bot/narration/campaign.py."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class CampaignEditionMoved(Fact):
    """The campaign now plays ``edition`` of the starter pack (it played ``previous``)."""

    fact: Literal["campaign_edition_moved"] = "campaign_edition_moved"
    edition: int
    previous: int


@fact
class CampaignPings(Fact):
    """Turn pings ``on`` (a question that waits on named players mentions them in Discord) or off."""

    fact: Literal["campaign_pings"] = "campaign_pings"
    on: bool


@fact
class PartyKnightBack(Fact):
    """``knight`` returns to the party exactly as they were left (``tier``)."""

    fact: Literal["campaign_knight_back"] = "campaign_knight_back"
    knight: str
    tier: str


@fact
class PartyKnightAside(Fact):
    """``knight`` is set aside: their Sheet, Armory and progress are kept."""

    fact: Literal["campaign_knight_aside"] = "campaign_knight_aside"
    knight: str


@fact
class PartyPrincess(Fact):
    """The Princess ``princess`` joins the party (``gain``), dies, or leaves it (``discard``)."""

    fact: Literal["campaign_princess"] = "campaign_princess"
    princess: str
    op: Literal["gain", "dies", "discard"]


@fact
class PresenceLent(Fact):
    """``lender`` lends ``gear`` (its ``tier``) to ``borrower`` until the end of the Expedition."""

    fact: Literal["campaign_presence_lent"] = "campaign_presence_lent"
    lender: str
    gear: str
    tier: str
    borrower: str


@fact
class PresenceReturned(Fact):
    """``borrower`` returns ``gear`` (its id) to ``lender``."""

    fact: Literal["campaign_presence_returned"] = "campaign_presence_returned"
    borrower: str
    gear: str
    lender: str


@fact
class PresenceNoLoans(Fact):
    """No Gear is on loan."""

    fact: Literal["campaign_presence_no_loans"] = "campaign_presence_no_loans"


@fact
class VirtueTested(Fact):
    """``knight``'s ``virtue`` test at ``difficulty``+: ``natural`` + ``bonus`` = ``result``."""

    fact: Literal["campaign_virtue_tested"] = "campaign_virtue_tested"
    knight: str
    virtue: str
    difficulty: int
    natural: int
    bonus: int
    result: int
    success: bool
