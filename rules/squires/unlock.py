"""Unlocking Mettle cards (rulebook "Unlocking Mettle Cards", docs/squires.md): after a Quest Expedition in which a
Squire completed their Investigation, with 5 saved Leads between Expeditions, or two cards of a tier the party
survived for the first time. The new card takes the place of one lowest tier card with its Clue (the starting
cards are the lowest), in the same pile and position of the campaign's Mettle deck."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.gear import TIERS
from content.schema.squires import MettleCard, MettleDeck
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.squire_handlers import mettle_pile
from rules.state import CampaignState, DeckState

T = "tests/squires/test_squire_unlock.py::"
LEADS_PER_CARD = 5
Reason = Literal["quest", "leads", "tier"]


class MettleUnlock(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["mettle_unlock"] = "mettle_unlock"
    card: Annotated[str, Field(min_length=1, max_length=64)]
    reason: Reason
    replace: Annotated[str, Field(min_length=1, max_length=64)] | None = Field(
        None, description="the card it replaces (default: a lowest tier card with its Clue)")


class MettleLeads(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["mettle_leads"] = "mettle_leads"
    change: int = Field(ge=-50, le=50)


def _rank(card: MettleCard) -> int:
    return -1 if card.start else TIERS.index(card.tier)


def party_tier(state: CampaignState) -> str:
    """The Party Leader's tier during an Expedition, else the highest tier among the living Knights."""
    exp = state.expedition
    if exp is not None and exp.party_leader in state.knights:
        return state.knights[exp.party_leader].sheet.tier
    tiers = [k.sheet.tier for k in state.knights.values() if not k.dead] or ["mob"]
    return max(tiers, key=TIERS.index)


def composition(pile: DeckState) -> list[str]:
    return [*pile.draw, *pile.discard, *pile.held]


def _replaced(deck: MettleDeck, pile: DeckState, new: MettleCard, wanted: str | None) -> MettleCard:
    held = set(composition(pile))
    inside = [c for c in deck.cards if c.id in held]  # in the content's order: the choice does not hang on shuffles
    same = [c for c in inside if c.critical is None and c.clue == new.clue]
    if wanted is not None:
        found = next((c for c in same if c.id == wanted), None)
        if found is None:
            raise RuleError(f"replace: must be a card of the Mettle deck with the {new.clue} Clue; those are: "
                            + ", ".join(c.id for c in same))
        if _rank(found) > min(_rank(c) for c in same):
            raise RuleError("replace one lowest tier card that has the corresponding Clue: "
                            + ", ".join(c.id for c in same if _rank(c) == min(_rank(x) for x in same)))
        return found
    if not same:
        raise RuleError(f"the Mettle deck has no {new.clue} card to replace")
    low = min(_rank(c) for c in same)
    return next(c for c in same if _rank(c) == low)


def _swap(pile: DeckState, old: str, new: str) -> DeckState:
    def sub(cards: list[str]) -> list[str]:
        return [new if c == old else c for c in cards]

    return pile.model_copy(update={"draw": sub(pile.draw), "discard": sub(pile.discard), "held": sub(pile.held)})


@implements("Unlocking Mettle Cards", tests=[T + "test_unlock_replaces_the_lowest_card_with_its_clue",
                                            T + "test_five_leads_unlock_one_card_between_expeditions",
                                            T + "test_two_cards_per_tier_survived"],
            status="assisted", note="the players say when a Quest or a tier earns a card (GM); the bot checks tiers, "
                                    "Leads, the two per tier, and replaces the card")
@handles(MettleUnlock)
def unlock(engine: Engine, state: CampaignState, act: MettleUnlock, dice: Dice) -> Result:
    deck, pile = mettle_pile(engine, state, dice)
    try:
        new = deck.card(act.card)
    except KeyError:
        raise RuleError(f"there is no Mettle card {act.card!r} in {deck.name}") from None
    if new.start or new.critical is not None:
        raise RuleError(f"{new.name} is a starting card: only the other Mettle cards are unlocked")
    if act.card in composition(pile):
        raise RuleError(f"{new.name} is already in the Mettle deck")
    tier = party_tier(state)
    progress = state.mettle
    lines: list[str] = []
    if act.reason == "tier":
        done = progress.tier_unlocks.get(new.tier, 0)
        if done >= 2:
            raise RuleError(f"the two {new.tier.capitalize()} Tier Mettle cards for surviving the first Expedition of "
                            "that tier are already unlocked")
        if TIERS.index(new.tier) > TIERS.index(tier):
            raise RuleError(f"{new.name} is a {new.tier.capitalize()} Tier card; the party is at {tier.capitalize()}")
        progress.tier_unlocks[new.tier] = done + 1
        lines.append(f"Surviving the first {new.tier.capitalize()} Tier Expedition: card {done + 1} of 2.")
    else:
        if TIERS.index(new.tier) > TIERS.index(tier):
            raise RuleError(f"{new.name} is a {new.tier.capitalize()} Tier card: unlock one from the "
                            f"{tier.capitalize()} Tier or below")
        if act.reason == "leads":
            exp = state.expedition
            if exp is not None and exp.step != "over":
                raise RuleError("Leads unlock Mettle cards between Expeditions only")
            if progress.leads < LEADS_PER_CARD:
                raise RuleError(f"unlocking with Leads costs {LEADS_PER_CARD} saved Leads; the party has "
                                f"{progress.leads}")
            progress.leads -= LEADS_PER_CARD
            lines.append(f"{LEADS_PER_CARD} saved Leads spent ({progress.leads} left).")
        else:
            lines.append("A Squire completed their Investigation on a Quest Expedition.")
    old = _replaced(deck, pile, new, act.replace)
    state.decks[deck.id] = _swap(pile, old.id, new.id)
    progress.unlocked.append(new.id)
    progress.replaced.append(old.id)
    lines.append(f"🃏 **{new.name}** ({new.tier.capitalize()}, {str(new.clue).capitalize()}) replaces {old.name} in "
                 "the Mettle deck.")
    return Result(state=state, events=[Event(kind="mettle", text=" ".join(lines))],
                  data={"mettle": progress.model_dump(), "unlocked": new.id, "replaced": old.id,
                        "deck": composition(state.decks[deck.id])})


@handles(MettleLeads)
def leads(engine: Engine, state: CampaignState, act: MettleLeads, dice: Dice) -> Result:
    """"note down the highest number of Leads (see Leads, p. 26) among Squires and add it to the current number of
    saved Leads"."""
    if act.change == 0:
        raise RuleError("change: must not be 0")
    if state.mettle.leads + act.change < 0:
        raise RuleError(f"the party has {state.mettle.leads} saved Leads")
    state.mettle.leads += act.change
    return Result(state=state, events=[Event(kind="mettle", text=f"Saved Leads for Mettle cards: "
                                             f"**{state.mettle.leads}**.")], data={"mettle": state.mettle.model_dump()})
