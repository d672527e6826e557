"""Clue cards and the seating order (rulebook "Clue Tokens and Clue Cards").

Each Knight going on an Investigation or a Free Roam draws one Clue card: its Primary Clue and the number to collect
come from the card; its Secondary Clue is the Primary of the Knight to the right. "Right" is the seating order the
group sets (`/expedition seating`): each Knight's right is the next one, the last one's is the first. During the
Delves, every Clue the party gains (``DelveState.clues``) goes to each Knight whose card shows its type (``gain``,
run by an engine observer): the Delve keeps one list for the party, the Expedition splits it by Knight.
See docs/expedition.md, "Clue cards and Leads", and docs/rulings.md, "The Expedition"."""

from __future__ import annotations

from typing import get_args

from content.schema.clue_cards import ClueCard
from content.schema.kingdom import ClueType
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine
from rules.errors import RuleError
from rules.expedition.clue_facts import (
    ClueCardDrawn,
    ClueCardExchanged,
    ClueCardKept,
    ClueDisregarded,
    ClueProgress,
    CluesGained,
    CluesMoved,
    ClueTokenDrawn,
    NoClueCard,
    SeatingSet,
    SecondaryClueSet,
)
from rules.expedition.state import ClueObjective, ExpeditionState, KnightVision
from rules.facts import said
from rules.knights.find import find_knight
from rules.knights.state import KnightState
from rules.modes import true_solo
from rules.state import CampaignState

T = "tests/expedition/test_clues_cards.py::"
D = "tests/expedition/test_vices.py::"
CLUE_TYPES: tuple[ClueType, ...] = get_args(ClueType)
RANDOM = "random"
TOKEN = "clue_token"  # the Five-Player Mode's Party Leader: a random Clue token instead of a Clue card
FIVE_KNIGHTS, TOKEN_NEEDED = 5, 5


def cards(engine: Engine) -> dict[str, ClueCard]:
    """Every Clue card of every pack: together they are the Clue deck."""
    return {c.id: c for group in engine.catalogue.clue_cards.values() for c in group.cards}


def seating(state: CampaignState, exp: ExpeditionState) -> list[str]:
    """The living Knights round the table to the right. Knights the group has not seated yet follow, in the order
    they joined the campaign (so the table always has an order; `/expedition seating` changes it)."""
    living = [k.id for k in state.knights.values() if not k.dead]
    seated = [kid for kid in exp.seating if kid in living]
    return seated + [kid for kid in living if kid not in seated]


def to_the_right(order: list[str], kid: str) -> list[str]:
    """The other Knights going round to ``kid``'s right: the next in the order first."""
    i = order.index(kid)
    return order[i + 1:] + order[:i]


def set_seating(state: CampaignState, exp: ExpeditionState, names: list[str]) -> list[str]:
    """`/expedition seating order:"a,b,c"`: every living Knight once."""
    ids: list[str] = []
    for name in names:
        k = find_knight(state, name)
        if k.dead:
            raise RuleError(f"{k.name} is dead and has no seat at the table")
        if k.id in ids:
            raise RuleError(f"{k.name} is named twice; name each Knight once, round the table to the right")
        ids.append(k.id)
    missing = [k.name for k in state.knights.values() if not k.dead and k.id not in ids]
    if missing:
        raise RuleError(f"the seating names every Knight at the table; missing: {', '.join(missing)}")
    exp.seating = ids
    return [said(SeatingSet(knights=[state.knights[i].name for i in ids]))]


def _form_deck(engine: Engine, exp: ExpeditionState, dice: Dice) -> list[str]:
    held = {v.clue.card for v in exp.visions.values() if v.clue is not None}
    return dice.shuffle([cid for cid in sorted(cards(engine)) if cid not in held])


@implements("Clue Tokens and Clue Cards",
            tests=[T + "test_each_investigating_and_roaming_knight_draws_one_clue_card",
                   T + "test_the_secondary_clue_is_the_primary_of_the_knight_to_the_right",
                   T + "test_the_seating_sets_the_right_and_is_refused_when_incomplete",
                   T + "test_the_delve_clues_go_to_the_knights_who_seek_them"])
def draw(engine: Engine, state: CampaignState, exp: ExpeditionState, k: KnightState, dice: Dice) -> list[str]:
    """Rulebook, "Vision Phase", Invitation: "Each of the players going on Investigations and Free Roams draws a
    single Clue card"; "Clue Cards": "The Clue card determines your Primary Clue and the number of Clues of this type
    you need to collect during the Expedition."."""
    vision = exp.visions[k.id]
    if vision.clue is not None:
        return []
    if true_solo.active(state) and vision.choice == "investigation":  # True Solo Mode: "Ignore drawing a Clue card"
        vision.clue = true_solo.objective()
        return [said(NoClueCard(knight=k.name, why="solo"))]
    known = cards(engine)
    if not known:
        return [said(NoClueCard(knight=k.name, why="unloaded"))]
    if exp.clue_deck is None:
        exp.clue_deck = _form_deck(engine, exp, dice)
    if not exp.clue_deck:
        raise RuleError("the Clue deck is empty: every Clue card is held by a Knight")
    card = known[exp.clue_deck.pop(0)]
    vision.clue = _objective(card)
    return [said(ClueCardDrawn(knight=k.name, card=card.name, primary=card.primary, needed=card.needed,
                               secondary_needed=card.secondary_needed))]


def set_card(engine: Engine, state: CampaignState, exp: ExpeditionState, k: KnightState, card_id: str,
             dice: Dice) -> list[str]:
    """The Clue card a Knight drew from the table's own deck (a group playing with its physical cards): it replaces
    the one the bot drew, which goes back to the bottom of the deck."""
    if exp.step != "vision":
        raise RuleError("Clue cards are drawn in the Vision Phase; this Expedition's cards are on the Knight Boards")
    vision = exp.visions.get(k.id)
    if vision is None or vision.choice == "quest":
        raise RuleError(f"{k.name} is not on an Investigation or a Free Roam: only they draw a Clue card "
                        "(/expedition vision first)")
    known = cards(engine)
    card = known.get(card_id)
    if card is None:
        shown = ", ".join(sorted(known)) or "none loaded"
        raise RuleError(f"there is no Clue card {card_id!r}; the Clue cards are: {shown}")
    if vision.clue is not None and vision.clue.card == TOKEN:
        raise RuleError(f"{k.name} leads a party of five Knights with no Quest: the Party Leader draws a Clue token, "
                        "not a Clue card")
    holder = next((kid for kid, v in exp.visions.items() if v.clue is not None and v.clue.card == card.id), None)
    if holder == k.id:
        return [said(ClueCardKept(knight=k.name, card=card.name))]
    if exp.clue_deck is None:
        exp.clue_deck = _form_deck(engine, exp, dice)
    out: list[str] = []
    mine = known.get(vision.clue.card) if vision.clue is not None else None
    if holder is not None:  # each card is in one hand: the other Knight takes this Knight's card in exchange
        other = exp.visions[holder]
        other.clue = _objective(mine) if mine is not None else None
        out.append(said(ClueCardExchanged(knight=state.knights[holder].name, card=card.name,
                                          given=mine.name if mine else None)))
        if other.clue is None:
            out += draw(engine, state, exp, state.knights[holder], dice)
    else:
        give_back(exp, vision)
        if card.id in exp.clue_deck:
            exp.clue_deck.remove(card.id)
    vision.clue = _objective(card)
    out.insert(0, said(ClueCardDrawn(knight=k.name, card=card.name, primary=card.primary, needed=card.needed,
                                     secondary_needed=card.secondary_needed, held=True)))
    return out


def _objective(card: ClueCard) -> ClueObjective:
    return ClueObjective(card=card.id, primary=card.primary, needed=card.needed,
                         secondary_needed=card.secondary_needed, collected={card.primary: 0})


@implements("Five-Player Mode",
            tests=[T + "test_five_knights_without_a_quest_give_the_leader_a_token"],
            note="the Party Leader's random Clue token and its five Clues (the Accursed Persistence BP card and the "
                 "fifth Knight's Clash placement: rules.modes.five_player)")
def five_knights(engine: Engine, state: CampaignState, exp: ExpeditionState, dice: Dice) -> list[str]:
    """Rulebook, "Five-Player Mode": "If five Knights embark on an Expedition, and none of them are on a Quest Delve
    ... the four Knights who are not the Party Leader will each receive a Clue card to determine the Clues they are
    seeking. The fifth Knight, the Party Leader, will determine their Clue objective by drawing a random Clue token and
    placing it on their Knight Board. This counts as their first Clue, and they will need to end the Expedition with
    at least five Clues of that type to succeed at their Investigation and/or Roam." Settled in the Vision Phase,
    once all five have chosen and the Party Leader is known; a Knight no longer leading draws a Clue card."""
    if exp.step != "vision":
        return []
    living = [k.id for k in state.knights.values() if not k.dead]
    applies = (len(living) == FIVE_KNIGHTS and all(kid in exp.visions for kid in living)
               and not any(v.choice == "quest" for v in exp.visions.values()) and exp.party_leader in living)
    out: list[str] = []
    for kid, vision in exp.visions.items():
        if vision.clue is not None and vision.clue.card == TOKEN and not (applies and kid == exp.party_leader):
            vision.clue = None
            if vision.choice != "quest" and kid in state.knights:
                out += draw(engine, state, exp, state.knights[kid], dice)
    if applies and exp.party_leader is not None:
        vision = exp.visions[exp.party_leader]
        if vision.clue is None or vision.clue.card != TOKEN:
            give_back(exp, vision)
            picked = dice.shuffle(list(CLUE_TYPES))[0]
            token = next(t for t in CLUE_TYPES if t == picked)
            vision.clue = ClueObjective(card=TOKEN, primary=token, needed=TOKEN_NEEDED, collected={token: 1})
            out.append(said(ClueTokenDrawn(knight=state.knights[exp.party_leader].name, token=token,
                                           needed=TOKEN_NEEDED)))
    return out


def give_back(exp: ExpeditionState, vision: KnightVision) -> None:
    """A Knight who goes on the Quest instead returns the Clue card to the bottom of the deck."""
    if vision.clue is None:
        return
    if exp.clue_deck is not None:
        exp.clue_deck.append(vision.clue.card)
    vision.clue = None


def assign_secondaries(state: CampaignState, exp: ExpeditionState, dice: Dice) -> list[str]:
    """Rulebook, "Clue Cards": "For your Secondary Clue, check the Primary Clue of the Knight to your right and mark
    its type on your Clue card with a matching Clue token (yes, it already counts as a gained Clue token!)."

    Rulings (docs/rulings.md, "The Secondary Clue"): a Knight to the right with no Clue card (the Questing Knight)
    or with the same Primary type is passed over for the next one to the right, since a card shows "two types of
    Clues"; when no other Knight has a different Primary, the Secondary is a random other type (a random Clue token,
    as the rulebook's Five-Player Mode does for a Knight without a Clue card), drawn once every Knight has chosen a
    calling. Settled during the Vision Phase only:
    once the Delve starts the tokens are on the cards."""
    if exp.step != "vision":
        return []
    order = seating(state, exp)
    out: list[str] = []
    for kid in order:
        vision = exp.visions.get(kid)
        obj = vision.clue if vision is not None else None
        if obj is None or obj.card == TOKEN or true_solo.is_solo(obj):  # True Solo Mode: every type, no Secondary
            continue
        source: str | None = None
        secondary: ClueType | None = None
        for other in to_the_right(order, kid):
            ov = exp.visions.get(other)
            if ov is not None and ov.clue is not None and ov.clue.card != TOKEN and ov.clue.primary != obj.primary:
                source, secondary = other, ov.clue.primary
                break
        if secondary is None:
            if obj.secondary_from == RANDOM and obj.secondary is not None:
                continue
            if any(other not in exp.visions for other in order):
                continue  # a Knight still choosing may yet draw a card: the Secondary waits for them
            others = [t for t in CLUE_TYPES if t != obj.primary]
            picked = dice.shuffle(list(others))[0]
            secondary = next(t for t in others if t == picked)
            source = RANDOM
        if secondary is None or (secondary, source) == (obj.secondary, obj.secondary_from):
            continue
        obj.secondary, obj.secondary_from = secondary, source
        obj.collected = {obj.primary: obj.collected.get(obj.primary, 0), secondary: 1}
        out.append(said(SecondaryClueSet(knight=state.knights[kid].name, clue=secondary,
                                         source=None if source in (RANDOM, None) else state.knights[source].name,
                                         needed=obj.secondary_needed)))
    return out


def seeking(exp: ExpeditionState, kid: str) -> tuple[ClueType, ...]:
    """The Clue types a Knight collects: "Remember: You can only collect the Clues depicted on your Clue card!"
    (the Questing Knight's Quest objective is in the Knightbook: nothing here)."""
    vision = exp.visions.get(kid)
    if vision is None or vision.clue is None:
        return ()
    obj = vision.clue
    if true_solo.is_solo(obj):  # True Solo Mode: every type, once an Investigation is chosen
        return CLUE_TYPES if vision.investigation is not None else ()
    return (obj.primary,) if obj.secondary is None else (obj.primary, obj.secondary)


def progress(obj: ClueObjective) -> ClueProgress:
    """The Clue card's count as the table is told it (True Solo Mode: any type, out of three)."""
    if true_solo.is_solo(obj):
        return ClueProgress(solo=True, total=sum(obj.collected.values()), of=true_solo.CLUES_TO_SUCCEED,
                            held=[(t, n) for t, n in obj.collected.items() if n])
    return ClueProgress(primary=obj.primary, count=obj.collected.get(obj.primary, 0), needed=obj.needed,
                        secondary=obj.secondary, secondary_count=obj.collected.get(obj.secondary, 0)
                        if obj.secondary is not None else 0, secondary_needed=obj.secondary_needed)


def gain(state: CampaignState) -> list[str]:
    """Rulebook, "Collecting Clues": "each Knight may gain a Clue token, but only if the Clue type matches any of the
    Clue types indicated by their Quest objective (Questing Knight) or the Primary or Secondary Clue on their Clue
    card (any other Knight)." Each Clue the Delve records goes once to every Knight whose card shows its type (a
    Knight who declines one, or loses or spends Clues, says so with `/expedition clue`)."""
    exp = state.expedition
    if exp is None:
        return []
    found = state.delve.clues if state.delve is not None else []
    if len(found) < exp.clues_seen:  # a new Delve (or an undone one): its list starts again
        exp.clues_seen = len(found)
    new = found[exp.clues_seen:]
    exp.clues_seen = len(found)
    if exp.step in ("vision", "outpost", "spoils", "over"):
        return []
    out: list[str] = []
    for clue in new:
        gainers: list[str] = []
        counts: list[ClueProgress] = []
        solved: list[str] = []
        for kid, vision in exp.visions.items():
            if clue.type in seeking(exp, kid) and vision.outcome is None and vision.clue is not None:
                obj = vision.clue
                k = state.knights.get(kid)
                if k is not None and disregard(exp, k):
                    out.append(said(ClueDisregarded(knight=k.name, clue=clue.type)))
                    continue
                obj.collected[clue.type] = obj.collected.get(clue.type, 0) + 1
                name = state.knights[kid].name if kid in state.knights else kid
                gainers.append(name)
                counts.append(progress(obj))
                solved += true_solo.on_clue(state, exp, kid) if true_solo.is_solo(obj) else []
        if gainers:
            out.append(said(CluesGained(clue=clue.type, knights=gainers, progress=counts)))
            out += solved
    return out


@implements("Vices", chapter="Other Rules", tests=[D + "test_disregard_ignores_the_first_clue_gain"],
            note="Disregard: the first Clue a Knight with a Disregard mark would gain from the Delve is ignored")
def disregard(exp: ExpeditionState, k: KnightState) -> bool:
    """Rulebook, "Vices": "Disregard (Fortitude): When you are about to gain the first Clue during the expedition,
    ignore that gain." True (and remembered in ``exp.disregarded``) when this gain is the one ignored. Ruling: the
    Secondary Clue token placed at the Vision Phase is the card's setup, not a gain; the first Clue the Delve gives
    is the one ignored, once per Expedition, and only while the Knight has a Disregard tally mark."""
    if k.sheet.vices.get("disregard", 0) <= 0 or k.id in exp.disregarded:
        return False
    exp.disregarded.append(k.id)
    return True


def adjust(state: CampaignState, exp: ExpeditionState, k: KnightState, clue: ClueType, change: int) -> list[str]:
    """The Clues the players move by hand: a gain declined ("each Knight may gain"), Disregard, Clues spent or lost,
    a Quest's or a paragraph's instruction."""
    vision = exp.visions.get(k.id)
    if vision is None or vision.clue is None:
        raise RuleError(f"{k.name} holds no Clue card this Expedition (only Knights on an Investigation or a Free "
                        "Roam do)")
    obj = vision.clue
    if clue not in seeking(exp, k.id):
        shown = " and ".join(t.capitalize() for t in seeking(exp, k.id))
        raise RuleError(f"{k.name} can only collect the Clues depicted on the Clue card: {shown}")
    if vision.outcome is not None or vision.free_roam_success is not None:
        raise RuleError(f"{k.name}'s {'Free Roam' if vision.choice == 'free_roam' else 'Investigation'} is resolved "
                        "already; its Clues are counted")
    old = obj.collected.get(clue, 0)
    if old + change < 0:
        raise RuleError(f"{k.name} holds {old} {clue.capitalize()} Clue(s) on the Clue card")
    obj.collected[clue] = old + change
    return [said(CluesMoved(knight=k.name, clue=clue, old=old, new=old + change, progress=progress(obj)))] + (
        true_solo.on_clue(state, exp, k.id) if true_solo.is_solo(obj) else [])
