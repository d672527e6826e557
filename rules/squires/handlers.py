"""Engine handlers for Squires: add, statistics, Mettle draws and re-draws (docs/squires.md).

The Mettle deck is a campaign deck (``CampaignState.decks[<mettle deck id>]``, rules/decks.py): drawn
cards go to its discard pile; before the first draw of a new Action (an attack, evasion or test draw),
a Critical card in the discard pile shuffles the discard pile back into the deck.
"""

from __future__ import annotations

from typing import Any

from content.schema.squires import MettleDeck, SquireGearStats
from rules import decks
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event, handles
from rules.errors import RuleError
from rules.facts import Line, joined, said
from rules.knights.view import slug
from rules.squires import actions as a
from rules.squires import mettle
from rules.squires import squire_facts as sf
from rules.squires.state import MettleDraw, SquireState
from rules.state import CampaignState, DeckState

MAX_SQUIRES = 4  # Squires fill the missing ranks of a party of four (docs/rulings.md)
NEW_ACTION = ("attack", "evasion", "test")
S = "tests/squires/test_squires.py::"  # a power draw continues the attack it follows


def _squire(state: CampaignState, sid: str) -> SquireState:
    s = state.squires.get(sid)
    if s is None:
        raise RuleError(f"there is no Squire {sid!r} in this campaign (/squire show lists them)")
    return s


def mettle_deck(engine: Engine) -> MettleDeck:
    if not engine.catalogue.mettle:
        raise RuleError("no loaded pack defines a Mettle deck (kind: mettle)")
    return next(iter(engine.catalogue.mettle.values()))


def mettle_pile(engine: Engine, state: CampaignState, dice: Dice) -> tuple[MettleDeck, DeckState]:
    deck = mettle_deck(engine)
    pile = state.decks.get(deck.id)
    if pile is None:
        pile = DeckState(draw=dice.shuffle(deck.start_cards()))
    return deck, pile


def lent_stats(engine: Engine, s: SquireState) -> SquireGearStats | None:
    """The Squire stats box of the Squire's lent Merchant weapon, if any."""
    return None if s.weapon is None else mettle_deck(engine).stats_of(s.weapon.gear)


def summary(engine: Engine, s: SquireState) -> dict[str, Any]:
    card = engine.catalogue.squires.get(s.squire)
    if card is None:
        raise RuleError(f"Squire {s.name} is a {s.squire!r}, which no loaded content pack defines")
    return {
        "id": s.id, "name": s.name, "squire": s.squire, "card": card.name, "owner": s.owner, "tier": card.tier,
        "vigor": s.vigor, "max_vigor": card.vigor, "heat": s.heat, "heat_limit": card.heat_limit,
        "heat_refresh": card.heat_refresh, "bane": s.bane, "bane_limit": card.bane_limit, "speed": card.speed,
        "passion": s.passion, "clues": dict(s.clues),
        "abilities": [{"name": ab.name, "active": ab.active, "text": ab.text} for ab in card.abilities],
        "heroic_arc": [{"passion": lv.passion, "text": lv.text} for lv in card.heroic_arc],
        "weapon": s.weapon.gear if s.weapon else None, "lender": s.lender, "heat_reserve": s.heat_reserve,
        "investigation": s.investigation.model_dump() if s.investigation is not None else None,
    }


@implements("Squires", tests=["tests/squires/test_squires.py::test_squire_commands_end_to_end",
                             "tests/squires/test_squire_clash.py::test_squire_commands_in_a_clash"])
@handles(a.SquireAdd)
def add(engine: Engine, state: CampaignState, act: a.SquireAdd, dice: Dice) -> Result:
    card = engine.catalogue.squires.get(act.content)
    if card is None:
        known = ", ".join(sorted(engine.catalogue.squires)) or "none"
        raise RuleError(f"there is no Squire {act.content!r} in the loaded packs; the Squires are: {known}")
    if len(state.squires) >= MAX_SQUIRES:
        raise RuleError(f"a campaign has at most {MAX_SQUIRES} Squires: they fill the missing ranks of a party of four")
    names = [s.name.lower() for s in state.squires.values()] + [k.name.lower() for k in state.knights.values()]
    if act.name.lower() in names:
        raise RuleError(f"a Knight or Squire named {act.name!r} already exists in this campaign; choose another name:")
    base = slug(act.name)
    sid, n = base, 2
    while sid in state.squires:
        sid, n = f"{base}-{n}", n + 1
    s = SquireState(id=sid, name=act.name, squire=card.id, owner=act.owner, vigor=card.vigor)
    state.squires[sid] = s
    joined_ = sf.SquireJoined(squire=s.name, card=card.name, owner=str(act.owner), vigor=card.vigor,
                              speed=card.speed, heat_limit=card.heat_limit, bane_limit=card.bane_limit)
    return Result(state=state, events=[Event(kind="squire", fact=joined_)], data={"squire": summary(engine, s)})


@implements("Squire Card Anatomy", tests=["tests/squires/test_squires.py::test_squire_card_statistics_and_heat_limit",
                                        "tests/squires/test_squire_clash.py::test_squire_turn_refreshes_heat"])
def change(engine: Engine, s: SquireState, stat: str, n: int, cost: bool, judicium_by_hand: bool = True) -> list[str]:
    """The Knight limits (rulebook "Hard Limits", "Bane"), with the Squire card's Vigor, Heat Limit, Bane Limit.
    ``judicium_by_hand`` False: the caller draws the Judicium (a Clash, rules/squires/clash.py)."""
    card = engine.catalogue.squires[s.squire]
    if stat == "heat":
        if n <= 0:
            s.heat = max(0, s.heat + n)
            return [said(sf.SquireStat(stat="heat", value=s.heat))]
        if cost and s.heat + n > card.heat_limit:
            raise RuleError(f"{s.name} cannot pay +{n} Heat: Heat {s.heat} + {n} would exceed the Heat Limit "
                            f"{card.heat_limit} (a cost can never exceed the Heat Limit)")
        excess = max(0, s.heat + n - card.heat_limit)
        s.heat = min(s.heat + n, card.heat_limit)
        out = [said(sf.SquireStat(stat="heat", value=s.heat, limit=card.heat_limit))]
        if excess:
            out.append(said(sf.SquireHeatOverLimit(excess=excess)))
            out += change(engine, s, "vigor", -excess, False, judicium_by_hand)
        return out
    if stat == "vigor":
        s.vigor = min(s.vigor + n, card.vigor)
        out = [said(sf.SquireStat(stat="vigor", value=s.vigor, limit=card.vigor))]
        if s.vigor <= 0 and judicium_by_hand:
            out.append(said(sf.SquireJudiciumByHand()))
        return out
    if stat == "bane":
        if s.bane + n > card.bane_limit:
            s.vigor = min(s.vigor, 0)
            return [said(sf.SquireBaneKills(squire=s.name, bane=s.bane, gained=n, limit=card.bane_limit))]
        s.bane = max(0, s.bane + n)
        return [said(sf.SquireStat(stat="bane", value=s.bane, limit=card.bane_limit))]
    if stat == "passion":
        s.passion = max(0, min(9, s.passion + n))
        return [said(sf.SquireStat(stat="passion", value=s.passion))]
    clue = stat
    now = s.clues.get(clue, 0) + n  # type: ignore[call-overload]
    if now < 0:
        raise RuleError(f"{s.name} has only {s.clues.get(clue, 0)} {clue.capitalize()} Clues")  # type: ignore[call-overload]
    s.clues[clue] = now  # type: ignore[index]
    return [said(sf.SquireStat(stat=clue, value=now))]


@handles(a.SquireStat)
def stat(engine: Engine, state: CampaignState, act: a.SquireStat, dice: Dice) -> Result:
    s = _squire(state, act.squire)
    if act.change == 0:
        raise RuleError("change: must not be 0, e.g. change:2 or change:-1")
    if act.cost and (act.stat != "heat" or act.change < 0):
        raise RuleError("cost:true is for Heat gained to pay a cost, e.g. stat:heat change:1 cost:true")
    lines = change(engine, s, act.stat, act.change, act.cost)
    return Result(state=state, events=[event("squire", joined(lines, lead=s.name))],
                  data={"squire": summary(engine, s)})


def _resolve(engine: Engine, state: CampaignState, s: SquireState, d: MettleDraw, dice: Dice,
             lines: list[Line]) -> Result:
    """Draw the cards of ``d`` (one, or 1-3 for an Evasion Roll), discard them and resolve them."""
    count = mettle.evasion_cards(d.dice) if d.kind == "evasion" else 1
    drawn = draw_cards(engine, state, dice, count, lines)
    deck, pile = mettle_pile(engine, state, dice)
    cards = [deck.card(c) for c in drawn]
    lines.append(said(sf.SquireMettleDrawn(cards=[sf.MettleShown(name=c.name, clue=c.clue) for c in cards])))
    if d.kind == "attack":
        outcome, more = mettle.attack(cards[0], d, s.clues)
    elif d.kind == "power":
        outcome, more = mettle.power(cards[0], d, s.clues, lent_stats(engine, s))
    elif d.kind == "test":
        outcome, more = mettle.test(cards[0], d)
    else:
        outcome, more = mettle.evasion(cards, d)
    lines += more
    spent = outcome.get("spent_clue")
    if spent is not None:
        s.clues[spent] = s.clues.get(spent, 0) - 1
    s.last_draw = d.model_copy(update={"cards": drawn, "spent_clue": spent})
    card_rows = [{"id": c.id, "name": c.name, "clue": c.clue, "critical": c.critical, "roll": c.roll,
                  "power": c.power, "potential": c.potential, "hits_evaded": c.hits_evaded} for c in cards]
    data = {"squire": summary(engine, s), "kind": d.kind, "cards": card_rows, "outcome": outcome,
            "redraws": d.redraws, "mettle": {"deck": len(pile.draw), "discard": len(pile.discard)}}
    return Result(state=state, events=[event("mettle", joined(lines, lead=s.name))], data=data)


def draw_cards(engine: Engine, state: CampaignState, dice: Dice, count: int, lines: list[Line]) -> list[str]:
    """Draw ``count`` Mettle cards and discard them ("After you resolve a Mettle card, discard it")."""
    deck, pile = mettle_pile(engine, state, dice)
    drawn: list[str] = []
    for _ in range(count):
        if not pile.draw:
            pile = decks.shuffle(pile, dice)
            lines.append(said(sf.SquireMettleShuffled(why="ran_out")))
        card_id, pile = decks.draw(pile, deck.name)
        pile = decks.discard(pile, card_id)
        drawn.append(card_id)
    state.decks[deck.id] = pile
    return drawn


@implements("Mettle Deck", tests=[S + "test_a_critical_card_in_the_discard_pile_reshuffles_after_the_action",
                                S + "test_seven_evasion_dice_draw_three_mettle_cards"])
def reshuffle_after_critical(engine: Engine, state: CampaignState, dice: Dice, lines: list[Line]) -> None:
    """Before a new Action: "After you fully resolve the current Action, if there is a Critical Chance or Critical
    Miss card in the discard pile, shuffle the Mettle discard pile into a new Mettle deck"."""
    deck, pile = mettle_pile(engine, state, dice)
    if any(deck.card(c).critical for c in pile.discard):
        state.decks[deck.id] = decks.shuffle(pile, dice)
        lines.append(said(sf.SquireMettleShuffled(why="critical")))


@implements("Knight Substitutes", tests=["tests/squires/test_squires.py::test_squire_commands_end_to_end",
                                       "tests/squires/test_squire_clash.py::test_squire_commands_in_a_clash"],
            note="Mettle draws for every roll; a Squire's turn and actions in the Clash: rules/squires/clash.py")
@handles(a.SquireDraw)
def draw(engine: Engine, state: CampaignState, act: a.SquireDraw, dice: Dice) -> Result:
    s = _squire(state, act.squire)
    lines: list[Line] = []
    if act.kind in NEW_ACTION:
        reshuffle_after_critical(engine, state, dice, lines)
    d = MettleDraw(kind=act.kind, cards=[], to_hit=act.to_hit, precision=act.precision, difficulty=act.difficulty,
                   bonus=act.bonus, dice=act.dice, hits=act.hits, clue=act.clue)
    return _resolve(engine, state, s, d, dice, lines)


@handles(a.SquireRedraw)
def redraw(engine: Engine, state: CampaignState, act: a.SquireRedraw, dice: Dice) -> Result:
    s = _squire(state, act.squire)
    last = s.last_draw
    if last is None:
        raise RuleError(f"{s.name} has drawn no Mettle card to re-draw; use /squire draw first")
    if last.kind != "evasion" and last.redraws >= 1:
        raise RuleError("this result was already re-drawn: you must accept the new result")
    lines: list[Line] = []
    if act.free:
        lines.append(said(sf.SquireRedraw(how="free")))
    else:
        lines += [said(sf.SquireRedraw(how="heat"))] + change(engine, s, "heat", 1, True)
    if last.spent_clue is not None:
        s.clues[last.spent_clue] = s.clues.get(last.spent_clue, 0) + 1
        lines.append(said(sf.SquireClueReturned(clue=last.spent_clue)))
    d = last.model_copy(update={"cards": [], "redraws": last.redraws + 1, "spent_clue": None})
    return _resolve(engine, state, s, d, dice, lines)
