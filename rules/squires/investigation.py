"""Squire Investigations (rulebook "Squire Investigations" and "Unlocking Mettle Cards", docs/squires.md): every
Squire on an Expedition draws a Clue card and collects its Primary and Secondary Clues from the Delve like a Knight;
at the end of the Expedition their Investigation succeeds or fails by those Clues, their Leads are noted, and after a
Quest Expedition the highest Leads among the Squires are added to the party's saved Leads (``state.mettle.leads``).

Run after every action (an engine observer given the action's dice port, ``follow``): the Squires draw once the
Vision Phase is over (the Knights' cards are dealt by then; one d10 each on the action's dice, ``pick_card``), gain
the Delve's Clues as ``rules.expedition.clue_cards.gain`` gives them to the Knights, and are resolved when the
Expedition reaches the Spoils Phase. The Clues collected are the Squire's Clue tokens
(``SquireState.clues``), the same tokens the Mettle cards' ability boxes spend."""

from __future__ import annotations

from typing import Literal

from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, observes_rolling
from rules.expedition.clue_cards import CLUE_TYPES, cards, seating
from rules.expedition.state import ExpeditionState
from rules.facts import Fact
from rules.squires import squire_facts as sf
from rules.squires.state import SquireInvestigation, SquireState
from rules.state import DICE_PORT_VERSION, CampaignState

T = "tests/squires/test_squire_investigation.py::"
C = "tests/squires/test_clue_dice.py::"
OVER = ("spoils", "over")


def _legacy_dice(state: CampaignState, exp: ExpeditionState) -> Dice:
    """A campaign created before state version 2 (``rules.state.DICE_PORT_VERSION``): the Clue deck a Squire formed
    and a Squire's random Secondary Clue came from a dice stream of their own, seeded by the campaign seed and the
    Expedition number. Kept for those campaigns only, so their logs replay exactly."""
    return Dice(seed=state.seed * 1009 + exp.number)


def on_port(state: CampaignState) -> bool:
    """The Squires' Clue draws roll on the action's own dice port (every campaign created at state version 2+)."""
    return state.version >= DICE_PORT_VERSION


def _secondary(state: CampaignState, exp: ExpeditionState, primary: str, known: set[str],
               dice: Dice) -> tuple[str, str | None]:
    """Ruling: a Squire has no seat at the table; their Secondary Clue is the Primary of the first Knight round the
    table (the seating order) whose Primary differs from theirs, else a random other type (a Clue token drawn at
    random: a shuffle of the other types, as for a Knight, ``clue_cards.assign_secondaries``)."""
    for kid in seating(state, exp):
        v = exp.visions.get(kid)
        if v is not None and v.clue is not None and v.clue.card in known and v.clue.primary != primary:
            return v.clue.primary, state.knights[kid].name
    others: list[str] = [t for t in CLUE_TYPES if t != primary]
    return dice.shuffle(others)[0], None


@implements("Choosing a Random Element", tests=[C + "test_force_next_changes_a_squires_clue_card",
                                                C + "test_the_squire_draw_is_in_the_log_and_undone_exactly"],
            note="a Squire's Clue card: the Clue deck shuffled on the dice port, one d10 counting from its top")
def pick_card(dice: Dice, deck: list[str], who: str) -> tuple[str, int | None, int]:
    """Rulebook, "Choosing a Random Element": "Random card: Draw the top card from the indicated face down deck. If the
    designated cards do not form a deck, shuffle them together to form a deck and draw one." Ruling (docs/rulings.md,
    "A Squire's Clue card"): the deck is shuffled on the campaign's dice port, and one d10 says which card the Squire
    takes, counting from the top (round again past the bottom): in a shuffled deck any depth is as random as the
    top, and a die is what /gm force-next, /gm amend-last and table dice can set. A deck of one card needs no die.
    Returns the card, the d10 rolled (None: the deck's last card, no die) and how deep the card was (1: the top)."""
    if len(deck) == 1:
        return deck.pop(0), None, 1
    value = dice.d10(f"Squire Clue card for {who} (the card this deep in the Clue deck)")
    depth = (value - 1) % len(deck)
    return deck.pop(depth), value, depth + 1


def _draw(engine: Engine, state: CampaignState, exp: ExpeditionState, s: SquireState, port: Dice) -> list[Fact]:
    known = cards(engine)
    if not known:
        return []
    dice = port if on_port(state) else _legacy_dice(state, exp)
    if exp.clue_deck is None:
        held = {v.clue.card for v in exp.visions.values() if v.clue is not None}
        exp.clue_deck = dice.shuffle([cid for cid in sorted(known) if cid not in held])
    if not exp.clue_deck:  # every card is in a hand: no Investigation for this Squire (docs/squires.md)
        return []
    die: int | None = 0
    depth = 0
    if on_port(state):
        cid, die, depth = pick_card(dice, exp.clue_deck, s.name)
    else:
        cid = exp.clue_deck.pop(0)
    card = known[cid]
    secondary, knight = _secondary(state, exp, card.primary, set(known), dice)
    sec = next(t for t in CLUE_TYPES if t == secondary)
    found = state.delve.clues if state.delve is not None else []
    s.investigation = SquireInvestigation(expedition=exp.number, card=card.id, primary=card.primary,
                                          needed=card.needed, secondary=sec, secondary_needed=card.secondary_needed,
                                          seen=len(found))
    s.clues = {card.primary: 0, sec: 1}
    drawn: Literal["d10", "last", "top"] = "top" if not depth else "last" if die is None else "d10"
    return [sf.SquireClueCard(squire=s.name, card=card.name, drawn=drawn, die=die or 0, depth=depth,
                              primary=card.primary, needed=card.needed, secondary=sec,
                              secondary_needed=card.secondary_needed, knight=knight)]


def _progress(s: SquireState, inv: SquireInvestigation) -> sf.InvestigationProgress:
    return sf.InvestigationProgress(primary=inv.primary, has_primary=s.clues.get(inv.primary, 0), needed=inv.needed,
                                    secondary=inv.secondary, has_secondary=s.clues.get(inv.secondary, 0),
                                    secondary_needed=inv.secondary_needed)


def _gain(state: CampaignState, s: SquireState, inv: SquireInvestigation) -> list[Fact]:
    found = state.delve.clues if state.delve is not None else []
    if len(found) < inv.seen:  # a new Delve: its list starts again
        inv.seen = 0
    new = found[inv.seen:]
    inv.seen = len(found)
    got = [c.type for c in new if c.type in (inv.primary, inv.secondary)]
    for t in got:
        s.clues[t] = s.clues.get(t, 0) + 1
    if not got:
        return []
    return [sf.SquireCollects(squire=s.name, clues=list(got), progress=_progress(s, inv))]


def succeeded(s: SquireState, inv: SquireInvestigation) -> bool:
    return s.clues.get(inv.primary, 0) >= inv.needed and s.clues.get(inv.secondary, 0) >= inv.secondary_needed


def leads(s: SquireState, inv: SquireInvestigation, success: bool) -> int:
    """Rulebook, "Leads", for a Squire: the excess Clues on a success, half the Clues rounded down on a failure."""
    total = s.clues.get(inv.primary, 0) + s.clues.get(inv.secondary, 0)
    return max(0, total - inv.needed - inv.secondary_needed) if success else total // 2


def _resolve(state: CampaignState, exp: ExpeditionState, mine: list[SquireState]) -> list[Fact]:
    out: list[Fact] = []
    for s in mine:
        inv = s.investigation
        assert inv is not None
        ok = succeeded(s, inv)
        inv.outcome = "success" if ok else "failure"
        inv.leads = leads(s, inv, ok)
        out.append(sf.SquireInvestigationEnded(squire=s.name, success=ok, progress=_progress(s, inv),
                                               leads=inv.leads))
    if any(v.choice == "quest" for v in exp.visions.values()):
        best = max(s.investigation.leads for s in mine if s.investigation is not None)
        state.mettle.leads += best
        if any(s.investigation is not None and s.investigation.outcome == "success" for s in mine):
            out.append(sf.SquireQuestUnlock())
        out.append(sf.SquireLeadsSaved(quest=True, best=best, leads=state.mettle.leads))
    else:
        out.append(sf.SquireLeadsSaved(quest=False))
    return out


@implements("Squire Investigations", tests=[T + "test_a_squire_draws_a_clue_card_and_collects_both_clues",
                                            T + "test_the_squire_investigation_ends_with_the_expedition"])
@implements("Unlocking Mettle Cards", tests=[T + "test_the_squire_investigation_ends_with_the_expedition",
                                            T + "test_no_quest_no_saved_leads"],
            status="assisted",
            note="the Leads among Squires after a Quest Expedition are added to the saved Leads by themselves")
def follow(engine: Engine, state: CampaignState, dice: Dice | None = None, events: list[Event] | None = None
           ) -> list[Event]:
    """Rulebook, "Squire Investigations": "Whenever you take a Squire with you on an Expedition, treat them as if they
    were on an Investigation of their own: draw Clue cards for them and collect both Primary and Secondary Clues."
    "Unlocking Mettle Cards": "If any Squire has successfully completed their Investigation by the end of a Quest
    Expedition, you may unlock one chosen Mettle card from the Party Leader's tier or below. Then, note down the
    highest number of Leads (see Leads, p. 26) among Squires and add it to the current number of saved Leads.\""""
    exp = state.expedition
    if exp is None or not state.squires or exp.step == "vision":
        return []
    port = dice if dice is not None else engine.dice_for(state)  # the engine gives its port; a direct call: a copy
    out: list[Fact] = []
    for s in state.squires.values():
        inv = s.investigation
        if inv is None or inv.expedition != exp.number:
            if exp.step in OVER:
                continue  # a Squire added after the Delves has no Investigation this Expedition
            out += _draw(engine, state, exp, s, port)
        elif inv.outcome is None and exp.step not in OVER:
            out += _gain(state, s, inv)
    if exp.step in OVER:
        mine = [s for s in state.squires.values() if s.investigation is not None
                and s.investigation.expedition == exp.number and s.investigation.outcome is None]
        if mine:
            out += _resolve(state, exp, mine)
    return [Event(kind="squire", fact=t) for t in out]


observes_rolling(follow)
