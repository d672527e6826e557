"""The Wound Stack: Single, Double and Generic Wounds, the victory check, Heal X.

``wound_boss`` and ``wound_mob`` run step 8 of a Knight Attack ("Wounds and Escalation") for a BP card
the Power Roll wounded: place the Wound, check victory ("The Clash immediately ends with the Knights'
victory"), then escalate. Each returns ``(state, lines)``.
"""

from __future__ import annotations

from rules.clash.escalation import escalate_after_wound, escalate_mob_after_wound
from rules.clash.mob_track import place_new_mob, remove_mob, spawn
from rules.clash.state import ClashState, WoundCard
from rules.clash.wound_facts import WoundStackHealed, WoundStackMobKilled, WoundStackPlaced, WoundStackVictory
from rules.coverage import implements
from rules.dice import Dice
from rules.errors import RuleError
from rules.facts import said

Lines = list[str]


@implements(
    "8. Wounds and Escalation",
    tests=[
        "tests/clash/test_wound_stack.py::test_victory_when_the_wound_stack_reaches_wounds",
        "tests/clash/test_escalation.py::test_ser_sonch_escalation_example",
    ],
    note="pure functions (wound_boss, wound_mob); the Knight Attack that calls them is not wired yet",
)
def check_victory(state: ClashState) -> tuple[ClashState, Lines]:
    """"If the total number of Wounds on the Wound Stack (including the Wound you just dealt) equals or
    exceeds the Monster's Wounds value, you slay the Boss or scatter the Mobs!\""""
    if state.over is None and state.wounds() >= state.wounds_needed:
        out = state.model_copy(update={"over": "victory"})
        return out, [said(WoundStackVictory(boss=state.monster_type == "boss", wounds=state.wounds(),
                                            needed=state.wounds_needed))]
    return state, []


def add_generic(state: ClashState, wounds: int = 1, count: int = 1) -> ClashState:
    """Place ``count`` Generic Wound cards (Single: ``wounds`` 1, Double: 2) on top of the Wound Stack."""
    out = state.copy_cards()
    out.wound_stack += [WoundCard(card=None, wounds=2 if wounds == 2 else 1) for _ in range(count)]
    return out


def additional_wounds(state: ClashState, amount: int) -> tuple[ClashState, Lines]:
    """"If an effect instructs you to deal an additional Single Wound, place a Generic Single Wound card on
    top of the Wound Stack, in addition to any other Wounds you've dealt." No Escalation (docs/rulings.md)."""
    out = add_generic(state, 1, amount)
    out, lines = check_victory(out)
    return out, [said(WoundStackPlaced(amount=amount)), *lines]


@implements(
    "Wound Stack",
    tests=[
        "tests/clash/test_wound_stack.py::test_bp1_and_bp2_are_single_wounds_face_up",
        "tests/clash/test_wound_stack.py::test_boss_bp3_is_a_generic_double_and_the_card_is_set_aside",
        "tests/clash/test_wound_stack.py::test_critical_boss_bp3_goes_on_the_stack_as_a_double",
        "tests/clash/test_mob.py::test_mob_bp3_is_a_double_wound_face_up",
    ],
)
def wound_boss(state: ClashState, critical: bool, dice: Dice, double: bool | None = None) -> tuple[ClashState, Lines]:
    """The revealed BP card (``bp_revealed``) was wounded. "If you wound a BP 1 or BP 2 card, you place it
    face up on top of the Wound Stack. This is a Single Wound." "If you wound a BP 3 card, you place a
    Generic Double Wound card on top of the Wound Stack and set the wounded BP 3 card aside." "If you
    critically wound a BP 3 card, you place it on top of the Wound Stack instead. This is a Double Wound."
    ``double`` overrides the level for a card printed as a Double Wound."""
    card = state.bp_revealed
    if card is None:
        raise RuleError("no BP card is revealed to wound")
    level = state.levels[card]
    out = state.copy_cards()
    out.bp_revealed = None
    if level == 3 and not critical:
        out.wound_stack.append(WoundCard(card=None, wounds=2))
        out.set_aside.append(card)
        lines = [said(WoundStackPlaced(card=card, level=3, double=True, aside=True))]
    else:
        wounds = 2 if (double if double is not None else level == 3) else 1
        out.wound_stack.append(WoundCard(card=card, wounds=wounds))
        lines = [said(WoundStackPlaced(card=card, level=level, double=wounds == 2))]
    out, won = check_victory(out)
    if won:
        return out, lines + won
    out, more = escalate_after_wound(out, level, critical, dice)
    return out, lines + more


def wound_mob(
    state: ClashState, space: int, dice: Dice, immediate_spawn: bool, double: bool | None = None
) -> tuple[ClashState, Lines]:
    """The Mob on ``space`` was wounded: "Mob Clash: If you wound a BP 3 card, you place it face up on top of
    the Wound Stack. This is a Double Wound." Then AI Escalation and, for Immediate Spawn, "take a random BP
    card one level higher than the wounded BP card from the Escalation deck and place it on the leftmost
    empty space on the Mob track.\""""
    card, out, lines = remove_mob(state, space)
    level = out.levels[card]
    wounds = 2 if (double if double is not None else level == 3) else 1
    out.wound_stack.append(WoundCard(card=card, wounds=wounds))
    lines.insert(0, said(WoundStackMobKilled(space=space, card=card, level=level, double=wounds == 2)))
    out, won = check_victory(out)
    if won:
        return out, lines + won
    out, more = escalate_mob_after_wound(out, level, dice)
    lines += more
    if immediate_spawn:
        out, more = spawn(out, min(level + 1, 3))
        lines += more
    return out, lines


def heal(state: ClashState, times: int) -> tuple[ClashState, Lines]:
    """Keyword "Heal X". "Boss Clash: Take the top BP card from the Wound Stack and remove it from the Clash.
    It does not count as a Wound." "Mob Clash: Take the top BP card from the Wound Stack and place it in the
    leftmost empty space of the Mob track. ... If the Mob track is full ..., instead discard that card".
    A Generic Wound card on top is taken away too (docs/rulings.md)."""
    out = state
    lines: Lines = []
    for _ in range(times):
        if not out.wound_stack:
            lines.append(said(WoundStackHealed(step="empty")))
            break
        out = out.copy_cards()
        top = out.wound_stack.pop()
        if top.card is None:
            lines.append(said(WoundStackHealed(step="generic", double=top.wounds == 2)))
        elif out.monster_type == "boss":
            out.removed.append(top.card)
            lines.append(said(WoundStackHealed(step="removed", card=top.card)))
        else:
            out, space = place_new_mob(out, top.card)
            if space is None:
                out.bp_discard.append(top.card)
                lines.append(said(WoundStackHealed(step="discarded", card=top.card)))
            else:
                lines.append(said(WoundStackHealed(step="returns", card=top.card, space=space)))
    return out, lines
