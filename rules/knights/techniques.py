"""Technique cards cycling between the hand and the Cooldown, Delay and Discard areas (rulebook "Depletion",
"Refresh Step", "Exert and Warm-up Effects")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from content.loader import Catalogue
from content.schema.cards import CooldownCard, DelayCard, DiscardCard, HandEffect, Restrain
from content.schema.knights import Technique
from rules.coverage import implements
from rules.dice import Dice
from rules.errors import RuleError
from rules.facts import said
from rules.knights import statistics as st
from rules.knights.state import KnightState, Zone
from rules.knights.technique_facts import (
    AllTechniquesReturned,
    InstantsReturned,
    NothingToRefresh,
    RefreshChoice,
    RefreshedX,
    Restrained,
    TechniqueDepleted,
    TechniqueMoved,
    TechniquesRefreshed,
    TechniqueUsed,
    WarmUp,
)
from rules.rolls import random_element

T = "tests/knights/test_techniques.py::"
Use = Literal["delve", "clash", "exert"]


def technique(cat: Catalogue, k: KnightState, tid: str) -> Technique:
    for t in st.content(cat, k).techniques:
        if t.id == tid:
            return t
    raise RuleError(f"{k.name} has no Technique {tid!r}")


def _on_board(k: KnightState, tid: str) -> None:
    if tid not in k.board.techniques:
        raise RuleError(f"{tid} is not among {k.name}'s chosen Techniques ({', '.join(k.board.techniques)})")


@implements("Depletion", tests=[T + "test_use_pays_the_cost_and_depletes", T + "test_exert_ignores_the_cost"])
def use(cat: Catalogue, k: KnightState, tid: str, how: Use) -> list[str]:
    """Rulebook, "Technique Cards": "When you use a Technique, you must first pay its cost. Then, resolve its
    main effect and Deplete the card from your hand" and "you can use the Exert effect INSTEAD of the card's
    normal effect. If you do, IGNORE the Technique cost, and simply Deplete the card according to the symbol
    right below the exert effect."""
    _on_board(k, tid)
    if k.board.techniques[tid] != "hand":
        raise RuleError(f"{tid} is in the {k.board.techniques[tid].capitalize()} area, not in {k.name}'s hand")
    card = technique(cat, k, tid)
    side = card.delve if how == "delve" else card.clash
    out: list[str] = []
    label = "Delve" if how == "delve" else "Clash"
    if how == "exert":
        zone = side.extra_depletion or side.depletion
        out.append(said(TechniqueUsed(side=label, name=side.name, cost=side.cost.label(), text=side.extra, exert=True)))
    else:
        # a cost is voluntary: refused beyond the Heat Limit or below 1 Vigor (a refusal changes nothing)
        if side.cost.heat:
            out += st.change_heat(cat, k, side.cost.heat, voluntary=True)
        if side.cost.vigor:
            out += st.change_vigor(cat, k, -side.cost.vigor, voluntary=True)
        zone = side.depletion
        out.insert(0, said(TechniqueUsed(side=label, name=side.name, cost=side.cost.label(), text=side.text)))
        if how == "delve":
            out.append(said(WarmUp(text=side.extra)))
    k.board.techniques[tid] = zone
    out.append(said(TechniqueDepleted(name=side.name, zone=zone)))
    return out


@implements("Refresh Step", tests=[T + "test_refresh_step"])
def refresh(cat: Catalogue, k: KnightState, chosen: list[str], conditions: bool = True) -> list[str]:
    """Rulebook, "Refresh Step": "First, lower your current Heat by the amount equal to your Knight's Heat
    Refresh rate. Then, return to your hand X Technique cards from the Cooldown area of your Knight Board,
    where X is your Knight's Card Refresh rate. Finally, move all cards from the Delay area of your Knight
    Board to your Cooldown area."""
    p = st.portrait(cat, k)
    cooling = [t for t, z in k.board.techniques.items() if z == "cooldown"]
    if len(cooling) > p.card_refresh and not chosen:
        raise RuleError(f"{len(cooling)} cards are in Cooldown and the Card Refresh is {p.card_refresh}: "
                        f"choose which return with cards:a,b (from {', '.join(cooling)})")
    back = chosen or cooling
    wrong = [t for t in back if t not in cooling]
    if wrong or len(back) > p.card_refresh:
        raise RuleError(f"return at most {p.card_refresh} cards, from the Cooldown area: {', '.join(cooling)}")
    # the portrait's rate with the Conditions held (Ashen Lungs: 1 lower); a campaign created before state version 3
    # refreshed by the portrait's rate alone here, and its log replays so (rules.state.REFRESH_CONDITIONS_VERSION)
    lower = st.heat_refresh(cat, k) if conditions else p.heat_refresh
    out = st.change_heat(cat, k, -lower) if lower else []
    for t in back:
        k.board.techniques[t] = "hand"
    delayed = [t for t, z in k.board.techniques.items() if z == "delay"]
    for t in delayed:
        k.board.techniques[t] = "cooldown"
    out.append(said(TechniquesRefreshed(back=back, delayed=delayed)))
    return out


def end_of_round(k: KnightState) -> list[str]:
    """Rulebook, "Depletion": "When you use a Technique with an Instant Depletion, it returns to your hand at
    the end of the current Round"."""
    back = [t for t, z in k.board.techniques.items() if z == "instant"]
    for t in back:
        k.board.techniques[t] = "hand"
    return [said(InstantsReturned(back=back))]


def move(k: KnightState, tid: str, zone: Literal["hand", "cooldown", "delay", "discard"]) -> list[str]:
    """Move a card by an effect (Cooldown, Delay, Discard, Restrain, Refresh X...)."""
    _on_board(k, tid)
    k.board.techniques[tid] = zone
    return [said(TechniqueMoved(technique=tid, zone=zone))]


def return_all(k: KnightState) -> list[str]:
    """Clash Aftermath: "Return all Technique cards from your Cooldown, Delay, and Discard areas to your hand."""
    for t in k.board.techniques:
        k.board.techniques[t] = "hand"
    return [said(AllTechniquesReturned())]


# -- Technique hand keywords (Keyword List) ------------------------------------------------------------------------

Area = Literal["cooldown", "delay", "discard"]


def in_area(k: KnightState, zone: str) -> list[str]:
    """The Technique cards in one area, in the Knight Board's order."""
    return [t for t, z in k.board.techniques.items() if z == zone]


def random_card(k: KnightState, dice: Dice, purpose: str) -> str | None:
    """Rulebook, "Choosing a Random Element": "Random card: ... If the designated cards do not form a deck, shuffle
    them together to form a deck and draw one." The hand is not a deck: the bot rolls one d10 per card in the hand,
    the lowest designates the card ("Any other random element"; same odds, and the table or the GM can roll it:
    docs/rulings.md, "A random card from the hand"). One card: no roll; an empty hand: nothing."""
    hand = in_area(k, "hand")
    if len(hand) <= 1:
        return hand[0] if hand else None
    chosen, _rounds = random_element(dice, hand, f"{purpose} ({k.name})")
    return chosen


def _random_to(k: KnightState, dice: Dice, zone: Area, keyword: str) -> list[str]:
    tid = random_card(k, dice, f"{keyword}: a random card from the hand")
    if tid is None:
        return [said(TechniqueMoved(technique=None, zone=zone, keyword=keyword, knight=k.name))]
    k.board.techniques[tid] = zone
    return [said(TechniqueMoved(technique=tid, zone=zone, keyword=keyword, knight=k.name))]


def cooldown(k: KnightState, dice: Dice) -> list[str]:
    """"Cooldown: Place 1 random card from your hand into the Cooldown area."."""
    return _random_to(k, dice, "cooldown", "Cooldown")


def delay(k: KnightState, dice: Dice) -> list[str]:
    """"Delay: Place 1 random card from your Hand into the Delay Area."."""
    return _random_to(k, dice, "delay", "Delay")


def discard(k: KnightState, dice: Dice) -> list[str]:
    """"Discard: Place 1 random card from your Hand into the Discard area."."""
    return _random_to(k, dice, "discard", "Discard")


def restrain(k: KnightState) -> list[str]:
    """"Restrain: Delay all cards in your Cooldown area (move them to the Delay area)."."""
    moved = in_area(k, "cooldown")
    for t in moved:
        k.board.techniques[t] = "delay"
    return [said(Restrained(knight=k.name, moved=moved))]


def refresh_x(k: KnightState, x: int, from_area: Literal["delay", "cooldown"], chosen: list[str]) -> list[str]:
    """"Refresh X: Move X cards from the Delay area to the Cooldown area, OR from the Cooldown area to your hand."
    The OR is the Knight's: ``from_area``. With X or fewer cards there, all of them move; with more, the Knight
    names which X (``chosen``)."""
    if x < 1:
        raise RuleError("Refresh X moves at least 1 card")
    there = in_area(k, from_area)
    to: Zone = "cooldown" if from_area == "delay" else "hand"
    if not chosen and len(there) > x:
        raise RuleError(f"{len(there)} cards are in the {from_area.capitalize()} area and Refresh {x} moves {x}: "
                        f"name which with cards:a,b (from {', '.join(there)})")
    back = chosen or there
    wrong = [t for t in back if t not in there]
    if wrong:
        raise RuleError(f"Refresh {x} moves cards of one area only: {', '.join(wrong)} is not in the "
                        f"{from_area.capitalize()} area (there: {', '.join(there) or 'nothing'})")
    if len(set(back)) > x or len(set(back)) != len(back):
        raise RuleError(f"Refresh {x} moves at most {x} different cards")
    for t in back:
        k.board.techniques[t] = to
    return [said(RefreshedX(x=x, from_area=from_area, back=back))]


def refresh_choice(k: KnightState, x: int, only: Literal["delay", "cooldown"] | None = None) -> list[str]:
    """Refresh X when the Knight has not said which area (or which cards): the ways, with the commands that apply
    them."""
    return [said(RefreshChoice(knight=k.name, x=x, delay=in_area(k, "delay") if only in (None, "delay") else None,
                               cooldown=in_area(k, "cooldown") if only in (None, "cooldown") else None))]


def hand_effect(k: KnightState, e: HandEffect, dice: Dice) -> list[str]:
    """A card effect of the hand keywords (content/schema/cards.py) on a Knight."""
    if isinstance(e, CooldownCard):
        return cooldown(k, dice)
    if isinstance(e, DelayCard):
        return delay(k, dice)
    if isinstance(e, DiscardCard):
        return discard(k, dice)
    if isinstance(e, Restrain):
        return restrain(k)
    if e.from_area is None:
        return refresh_choice(k, e.amount)
    if len(in_area(k, e.from_area)) > e.amount:  # which cards is the Knight's to say
        return refresh_choice(k, e.amount, e.from_area)
    return refresh_x(k, e.amount, e.from_area, [])


def refresh_ability(k: KnightState, ability: str) -> list[str]:
    """A Gear or Technique ability "Refresh X" (e.g. used with `/knight react`): the OR is the Knight's. When only one
    area holds cards and X covers them all, the other way would move nothing: they move. Otherwise both ways are shown
    with the commands that apply them."""
    found = re.search(r"\d+", ability)
    x = int(found.group()) if found else 1
    delayed, cooling = in_area(k, "delay"), in_area(k, "cooldown")
    if not delayed and not cooling:
        return [said(NothingToRefresh(knight=k.name, x=x))]
    if delayed and not cooling and len(delayed) <= x:
        return refresh_x(k, x, "delay", [])
    if cooling and not delayed and len(cooling) <= x:
        return refresh_x(k, x, "cooldown", [])
    return refresh_choice(k, x)


# -- what a Knight may use now (``/now``) -------------------------------------------------------------------------


@dataclass(frozen=True)
class HandCard:
    """A Technique card in the hand, Clash side: what ``/knight technique op:clash|exert technique:<id>`` plays."""

    id: str
    name: str
    cost: str  # the cost's label
    text: str
    exert: str
    payable: bool  # its cost can be paid now (the Exert ignores it: "IGNORE the Technique cost")
    action: str | None = None  # an action of the Knight's turn the cost uses: "movement", "combat", "complicated"


def clash_hand(cat: Catalogue, k: KnightState) -> list[HandCard]:
    """The Knight's Technique cards in the hand ("Cards in your hand are considered available to use"), Clash side,
    with whether the main effect's cost can be paid (tried on a copy of the Knight with ``use``, so the rule is the
    one the command applies)."""
    out: list[HandCard] = []
    for tid in in_area(k, "hand"):
        try:
            side = technique(cat, k, tid).clash
        except RuleError:
            continue
        try:
            use(cat, k.model_copy(deep=True), tid, "clash")
            payable = True
        except RuleError:
            payable = False
        out.append(HandCard(id=tid, name=side.name, cost=side.cost.label(), text=side.text, exert=side.extra,
                            payable=payable, action=side.cost.action))
    return out
