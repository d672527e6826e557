"""Escalation: the Escalation Chart after a Wound, Escalate X and Escalate AI/BP outside of wounding.

Each function returns ``(state, lines)``: the new ClashState and one line per step (its fact, ``said``), for the
channel log. The wounded card is no longer in the deck when these run (it is on the Wound Stack, or set
aside: a non-critical Boss BP 3).
"""

from __future__ import annotations

from rules.clash.decks import (
    Pile,
    escalation_available,
    find_for_escalation,
    lift_ai_zero,
    remove_card,
    restore_ai_zero,
    shuffle_in,
    take_from_escalation,
)
from rules.clash.escalation_facts import (
    EscalationAllBp3,
    EscalationBonus,
    EscalationBpReplaced,
    EscalationCardLeaves,
    EscalationIgnored,
    EscalationMobReplaced,
    EscalationSetAsideBack,
    EscalationShuffledIn,
)
from rules.clash.state import BONUS_ORDER, ClashState, MobSlot
from rules.coverage import implements
from rules.dice import Dice
from rules.facts import said

Lines = list[str]


def _gain_bonus(state: ClashState) -> tuple[ClashState, Lines]:
    """"If there are no level 3 AI cards left, the Monster gains 1 bonus per Escalation, in the following
    order: +1 Vigor loss bonus per hit, +1 Evasion die, +1 AT, +1 To Hit." (After the fourth the order
    starts again: docs/rulings.md.)"""
    out = state.copy_cards()
    which = BONUS_ORDER[out.bonuses.gained % len(BONUS_ORDER)]
    setattr(out.bonuses, which, getattr(out.bonuses, which) + 1)
    out.bonuses.gained += 1
    return out, [said(EscalationBonus(bonus=which))]


@implements(
    "No Cards to Escalate",
    tests=[
        "tests/clash/test_escalation.py::test_no_card_of_the_level_escalates_one_level_higher",
        "tests/clash/test_escalation.py::test_empty_ai_escalation_deck_gives_permanent_bonuses_in_order",
        "tests/clash/test_escalation.py::test_empty_bp_escalation_deck_ignores_the_bp_escalation",
    ],
)
def escalate_ai(state: ClashState, dice: Dice, search: int | None, add: int | None) -> tuple[ClashState, Lines]:
    """One AI Escalation: search the AI deck then its discard pile for an AI card of level ``search``
    (None: the lowest level), remove it from the game, shuffle in an AI card of level ``add`` (None: one
    level higher than the removed card, at most 3).

    "Do not shuffle in the AI discard pile, unless you removed the card from the discard pile or the new AI
    card would end up the only card in the deck." When the Escalation deck has no card to add, nothing is
    removed and the Monster gains a permanent bonus instead (docs/rulings.md)."""
    base = lift_ai_zero(state)
    found = find_for_escalation(base, "ai", search)
    new_level = add if add is not None else min((base.levels[found[0]] + 1) if found else (search or 1) + 1, 3)
    if not escalation_available(base, "ai", new_level):
        return _gain_bonus(state)
    lines: Lines = []
    out = base
    if found is not None:
        card, where = found
        out = remove_card(out, "ai", card, where, dice)
        lines.append(said(EscalationCardLeaves(deck="ai", card=card, level=base.levels[card], where=where)))
    new, out = take_from_escalation(out, "ai", new_level)
    assert new is not None
    out = shuffle_in(out, "ai", [new], dice)
    lines.append(said(EscalationShuffledIn(deck="ai", level=out.levels[new])))
    return restore_ai_zero(out), lines


def escalate_boss_bp_outside(state: ClashState, dice: Dice) -> tuple[ClashState, Lines]:
    """Escalating the BP deck with no Wound dealt: "you will have to remove the lowest BP card from the
    deck", then shuffle in a card one level higher (at most 3)."""
    found = find_for_escalation(state, "bp", None)
    if found is None:
        return state, [said(EscalationIgnored(why="bp_nothing"))]
    card, where = found
    new_level = min(state.levels[card] + 1, 3)
    if not escalation_available(state, "bp", new_level):
        return state, [said(EscalationIgnored(why="bp_empty"))]
    out = remove_card(state, "bp", card, where, dice)
    new, out = take_from_escalation(out, "bp", new_level)
    assert new is not None
    out = shuffle_in(out, "bp", [new], dice)
    return out, [said(EscalationBpReplaced(card=card, level=state.levels[card], new_level=out.levels[new]))]


def escalate_mob_track(state: ClashState) -> tuple[ClashState, Lines]:
    """"when instructed to Escalate the BP deck, find the lowest Mob BP on the Mob track, remove it, then
    place a random BP card one level higher in its place." (Its Activation tokens stay on the space.)"""
    slots = [(i, s) for i, s in enumerate(state.mob_track) if s is not None]
    if not slots:
        return state, [said(EscalationIgnored(why="mob_nothing"))]
    low = min(state.levels[s.card] for _, s in slots)
    index, slot = next((i, s) for i, s in slots if state.levels[s.card] == low)
    new_level = min(low + 1, 3)
    new, out = take_from_escalation(state, "bp", new_level)
    if new is None:
        return state, [said(EscalationIgnored(why="bp_empty"))]
    out.removed.append(slot.card)
    out.mob_track[index] = MobSlot(card=new, tokens=[t.model_copy() for t in slot.tokens])
    return out, [said(EscalationMobReplaced(mob=index + 1, card=slot.card, level=low, new_level=out.levels[new]))]


@implements("Boss Monster Escalation", tests=["tests/clash/test_escalation.py::test_ser_sonch_escalation_example",
                                              "tests/clash/test_escalation.py::test_bp1_wound_escalates_ai1_and_adds_bp2"])
@implements(
    "Escalation Chart",
    tests=[
        "tests/clash/test_escalation.py::test_ser_sonch_escalation_example",
        "tests/clash/test_escalation.py::test_bp1_wound_escalates_ai1_and_adds_bp2",
        "tests/clash/test_escalation.py::test_bp2_wound_from_discard_shuffles_the_discard_in",
        "tests/clash/test_escalation.py::test_critical_bp3_adds_two_bp3",
        "tests/clash/test_escalation.py::test_all_bp3_wound_only_shuffles_and_returns_the_set_aside_card",
        "tests/clash/test_escalation.py::test_all_bp3_critical_leaves_one_card_less",
    ],
)
def escalate_after_wound(
    state: ClashState, wounded_level: int, critical: bool, dice: Dice
) -> tuple[ClashState, Lines]:
    """The Escalation Chart for a Boss, row by row: AI Escalation first, then BP Escalation (which also
    returns a set-aside BP 3 card to the bottom of the BP deck)."""
    ai_search = wounded_level if wounded_level < 3 else None
    out, lines = escalate_ai(state, dice, ai_search, None if wounded_level < 3 else 3)
    out, more = _bp_escalation(out, wounded_level, critical, dice)
    return out, lines + more


def _bp_escalation(state: ClashState, wounded_level: int, critical: bool, dice: Dice) -> tuple[ClashState, Lines]:
    lines: Lines = []
    out = state
    if wounded_level < 3:
        # "Shuffle a BP 2 card from the Escalation deck into the BP deck." (BP 3 after a BP 2)
        new, out = take_from_escalation(out, "bp", wounded_level + 1)
        if new is None:
            lines.append(said(EscalationIgnored(why="bp_empty")))
        else:
            out = shuffle_in(out, "bp", [new], dice)
            lines.append(said(EscalationShuffledIn(deck="bp", level=out.levels[new])))
    elif all(out.levels[c] == 3 for c in out.bp_deck + out.bp_discard):
        # "when all cards in the BP deck and discard pile are already BP 3 cards": "Shuffle the BP discard
        # pile into the BP deck."
        out = out.copy_cards()
        out.bp_deck, out.bp_discard = dice.shuffle(out.bp_deck + out.bp_discard), []
        lines.append(said(EscalationAllBp3()))
    else:
        wanted = 2 if critical else 1
        found = find_for_escalation(out, "bp", None)
        if found is None or not escalation_available(out, "bp", 3):
            lines.append(said(EscalationIgnored(why="bp3_empty")))
        else:
            card, where = found
            out = remove_card(out, "bp", card, where, dice)
            lines.append(said(EscalationCardLeaves(deck="bp", card=card, level=state.levels[card], where=where)))
            new_cards = []
            for _ in range(wanted):
                new, out = take_from_escalation(out, "bp", 3)
                if new is not None:
                    new_cards.append(new)
            out = shuffle_in(out, "bp", new_cards, dice)
            lines.append(said(EscalationShuffledIn(deck="bp", level=3, count=len(new_cards))))
    if out.set_aside:
        out = out.copy_cards()
        back = out.set_aside.pop(0)
        out.bp_deck.append(back)
        lines.append(said(EscalationSetAsideBack(card=back)))
    return out, lines


@implements(
    "Mob Monster Escalation",
    tests=[
        "tests/clash/test_mob.py::test_mob_wound_escalates_ai_and_immediate_spawn_places_a_higher_mob",
        "tests/clash/test_mob.py::test_no_immediate_spawn_places_no_new_bp",
    ],
)
def escalate_mob_after_wound(state: ClashState, wounded_level: int, dice: Dice) -> tuple[ClashState, Lines]:
    """"The only guaranteed Mob Escalation effect at this step is AI Escalation" (the Escalation Chart's
    AI rows; "BP deck (Boss Clash only!)"). Immediate spawning is the caller's (rules.clash.mob_track)."""
    ai_search = wounded_level if wounded_level < 3 else None
    return escalate_ai(state, dice, ai_search, None if wounded_level < 3 else 3)


@implements(
    "Escalating Outside of Wounding",
    tests=[
        "tests/clash/test_escalation.py::test_escalate_x_escalates_the_lowest_ai_then_the_lowest_bp",
        "tests/clash/test_mob.py::test_escalating_the_bp_deck_of_a_mob_replaces_the_lowest_mob",
    ],
)
def escalate_deck(state: ClashState, pile: Pile, times: int, dice: Dice) -> tuple[ClashState, Lines]:
    """"Escalate AI/BP: Escalate the lowest card from the designated deck only." ``times`` times."""
    lines: Lines = []
    for _ in range(times):
        if pile == "ai":
            state, more = escalate_ai(state, dice, None, None)
        elif state.monster_type == "mob":
            state, more = escalate_mob_track(state)
        else:
            state, more = escalate_boss_bp_outside(state, dice)
        lines += more
    return state, lines


def escalate(state: ClashState, times: int, dice: Dice) -> tuple[ClashState, Lines]:
    """Keyword "Escalate X: Escalate X lowest level AI cards (remove each one from the AI deck and shuffle
    in a card one level higher), one at a time. Then do the same for the BP deck.\""""
    state, lines = escalate_deck(state, "ai", times, dice)
    state, more = escalate_deck(state, "bp", times, dice)
    return state, lines + more
