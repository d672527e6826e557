"""The Presence Game Director (rulebook, optional rule): cards and tokens by tier difference, and Lending Gear."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.loader import Catalogue
from content.schema.gear import TIERS
from rules.campaign.facts import PresenceLent, PresenceNoLoans, PresenceReturned
from rules.campaign.state import Loan
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import Fact
from rules.knights.state import ArmoryItem, KnightState
from rules.state import CampaignState

T = "tests/campaign/test_presence.py::"
Side = Literal["Presence Watches Closely", "Presence Smiles at You"]
WATCHES: Side = "Presence Watches Closely"
SMILES: Side = "Presence Smiles at You"


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PresenceLend(_Action):
    type: Literal["presence_lend"] = "presence_lend"
    gear: str = Field(min_length=1, max_length=64)
    lender: str = Field(max_length=64)
    borrower: str = Field(max_length=64)


class PresenceReturn(_Action):
    """"Knight returns the borrowed Gear cards to their owners at the end of the Expedition." """

    type: Literal["presence_return"] = "presence_return"


class PresenceCard(BaseModel):
    knight: str
    name: str
    tier: str
    difference: int = Field(description="the Knight's tier minus the Party Leader's, in tiers")
    side: Side | None
    tokens: int = Field(0, description="Generic tokens on the card: the level of the Presence Game Director")


@implements("Presence Game Director", tests=[T + "test_two_tiers_below_smiles_with_one_token",
                                             T + "test_two_tiers_above_watches_closely",
                                             T + "test_one_tier_apart_has_no_card"])
def presence(state: CampaignState, leader: KnightState) -> list[PresenceCard]:
    """"A Knight whose tier is higher than the Party Leader's by at least two takes the Presence Game Director card
    and uses the "Presence Watches Closely" side." / "A Knight whose tier is below the Party Leader's by at least two
    tiers takes the Presence Game Director card and uses the "Presence Smiles at You" side." / "Then, each Knight with
    a Presence Game Director card places X Generic tokens on that card, where X is the difference between tiers minus
    one." """
    base = TIERS.index(leader.sheet.tier)
    out = []
    for k in state.knights.values():
        if k.dead or k.id in state.progress.set_aside:
            continue
        diff = TIERS.index(k.sheet.tier) - base
        side: Side | None = (
            WATCHES if diff >= 2 else SMILES if diff <= -2 else None)
        out.append(PresenceCard(knight=k.id, name=k.name, tier=k.sheet.tier, difference=diff, side=side,
                                tokens=abs(diff) - 1 if side else 0))
    return out


@implements("Lending Gear", tests=[T + "test_lending_gear_to_a_smiled_at_knight",
                                   T + "test_lending_gear_above_the_borrowers_tier_is_refused",
                                   T + "test_lending_to_a_knight_without_the_smiling_card_is_refused"])
def lend(cat: Catalogue, state: CampaignState, leader: KnightState, lender: KnightState, borrower: KnightState,
         gear: str) -> list[Fact]:
    """"If a Knight has the "Presence Smiles at You" card, other Knights may lend that Knight Gear cards matching that
    Knight's tier (or those that are lower)." The card leaves the lender's Armory for the borrower's until
    ``give_back``."""
    if lender.id == borrower.id:
        raise RuleError("a Knight lends Gear to another Knight")
    card = next((c for c in presence(state, leader) if c.knight == borrower.id), None)
    if card is None or card.side != SMILES:
        raise RuleError(f"{borrower.name} does not have the \"{SMILES}\" card (their tier must be at least two below "
                        f"the Party Leader {leader.name}'s): only such a Knight may borrow Gear")
    g = cat.gear.get(gear)
    if g is None:
        raise RuleError(f"there is no Gear {gear!r} in the loaded content")
    if TIERS.index(g.tier) > TIERS.index(borrower.sheet.tier):
        raise RuleError(f"{g.name} is {g.tier.title()} Gear; {borrower.name} may borrow Gear of their tier "
                        f"({borrower.sheet.tier.title()}) or lower")
    item = next((i for i in lender.sheet.armory if i.gear == gear), None)
    if item is None:
        raise RuleError(f"{lender.name}'s Armory has no {g.name}")
    if any(e.gear == gear for e in lender.loadout):
        raise RuleError(f"{lender.name} has {g.name} in their Loadout; a lent card leaves the lender's Armory")
    lender.sheet.armory.remove(item)
    borrower.sheet.armory.append(item.model_copy())
    state.progress.loans.append(Loan(gear=gear, lender=lender.id, borrower=borrower.id))
    return [PresenceLent(lender=lender.name, gear=g.name, tier=g.tier, borrower=borrower.name)]


def give_back(state: CampaignState) -> list[Fact]:
    out: list[Fact] = []
    for loan in state.progress.loans:
        lender, borrower = state.knights.get(loan.lender), state.knights.get(loan.borrower)
        if lender is None or borrower is None:
            continue
        item = next((i for i in borrower.sheet.armory if i.gear == loan.gear), None)
        borrower.loadout = [e for e in borrower.loadout if e.gear != loan.gear]
        if item is not None:
            borrower.sheet.armory.remove(item)
        lender.sheet.armory.append(item or ArmoryItem(gear=loan.gear))
        out.append(PresenceReturned(borrower=borrower.name, gear=loan.gear, lender=lender.name))
    state.progress.loans = []
    return out or [PresenceNoLoans()]
