"""The AI and BP decks during a Clash: draw, discard, reshuffle, search by level, Suppress, AI 0.

Every function takes a ClashState and returns a new one (the input is never changed). Shuffles go
through the dice port.
"""

from __future__ import annotations

from typing import Literal

from rules.clash.state import ClashState
from rules.coverage import implements
from rules.dice import Dice
from rules.errors import RuleError

Pile = Literal["ai", "bp"]
Where = Literal["deck", "discard"]


def _copy(state: ClashState) -> ClashState:
    return state.copy_cards()


def lift_ai_zero(state: ClashState) -> ClashState:
    """Take an unresolved AI 0 card off the top of the AI deck before the deck is searched or shuffled:
    "AI 0 is never taken into consideration for the purposes of Escalation"."""
    if state.ai_zero is None or not state.ai_deck or state.ai_deck[0] != state.ai_zero:
        return state
    out = _copy(state)
    out.ai_deck = out.ai_deck[1:]
    return out


def restore_ai_zero(state: ClashState) -> ClashState:
    """"... resolve a standard Escalation, then place the AI 0 card back on top of the AI deck"."""
    if state.ai_zero is None or (state.ai_deck and state.ai_deck[0] == state.ai_zero):
        return state
    if state.ai_zero in state.ai_deck or state.ai_zero == state.ai_revealed:
        return state
    out = _copy(state)
    out.ai_deck = [state.ai_zero, *out.ai_deck]
    return out


@implements(
    "Searching the Deck and Discard Pile",
    tests=[
        "tests/clash/test_escalation.py::test_ser_sonch_escalation_example",
        "tests/clash/test_escalation.py::test_bp1_wound_escalates_ai1_and_adds_bp2",
    ],
    note="by level, for Escalation (rules.clash.decks.find_for_escalation)",
)
def find_for_escalation(
    state: ClashState, pile: Pile, level: int | None
) -> tuple[str, Where] | None:
    """The card to escalate: one of ``level`` (None: the lowest level), searching the deck first.

    Rulebook, "Searching the Deck and Discard Pile": "always prioritize cards from the deck. Only if you
    find no applicable cards in the deck should you search the discard pile." For "the lowest-level" card
    the lowest level over both piles decides first (the Escalation example takes the AI 1 from the discard
    pile although the deck holds an AI 2); the deck wins a tie. "No Cards to Escalate": "If you ... have
    not found one of the appropriate level, escalate a card one level higher instead." AI 0 never counts.
    """
    deck = state.ai_deck if pile == "ai" else state.bp_deck
    discard = state.ai_discard if pile == "ai" else state.bp_discard
    candidates = [c for c in deck + discard if state.levels[c] > 0 and c != state.ai_zero]
    if not candidates:
        return None
    if level is None:
        wanted = min(state.levels[c] for c in candidates)
    else:
        higher = sorted({state.levels[c] for c in candidates if state.levels[c] >= level})
        if not higher:
            return None
        wanted = higher[0]
    for where, cards in (("deck", deck), ("discard", discard)):
        for card in cards:
            if state.levels[card] == wanted and card != state.ai_zero:
                return card, where  # type: ignore[return-value]
    return None  # pragma: no cover  (a candidate of that level exists)


def take_from_escalation(state: ClashState, pile: Pile, level: int) -> tuple[str | None, ClashState]:
    """A random card of ``level`` from the Escalation deck (each level's pile was shuffled at setup, so
    the top card is random); if none is left, one of the next level up (Will of the Graal); else None."""
    piles = state.ai_escalation if pile == "ai" else state.bp_escalation
    for lv in range(level, 4):
        if piles.get(lv):
            out = _copy(state)
            chosen = out.ai_escalation if pile == "ai" else out.bp_escalation
            card = chosen[lv].pop(0)
            return card, out
    return None, state


def escalation_available(state: ClashState, pile: Pile, level: int) -> bool:
    piles = state.ai_escalation if pile == "ai" else state.bp_escalation
    return any(piles.get(lv) for lv in range(level, 4))


def remove_card(state: ClashState, pile: Pile, card: str, where: Where, dice: Dice) -> ClashState:
    """Remove a searched card from the game; "If you removed a card from the discard pile, shuffle the
    discard pile into the deck" (the deck is left as it is when the card came from the deck)."""
    out = _copy(state)
    deck, discard = (out.ai_deck, out.ai_discard) if pile == "ai" else (out.bp_deck, out.bp_discard)
    (deck if where == "deck" else discard).remove(card)
    out.removed.append(card)
    if where == "discard":
        deck = dice.shuffle(deck + discard)
        discard = []
    return _set(out, pile, deck, discard)


def shuffle_in(state: ClashState, pile: Pile, cards: list[str], dice: Dice) -> ClashState:
    """Shuffle new cards into a deck. "If the new BP card would end up as the only card in the deck,
    shuffle in the BP discard pile too" (the same for AI)."""
    out = _copy(state)
    deck, discard = (out.ai_deck, out.ai_discard) if pile == "ai" else (out.bp_deck, out.bp_discard)
    if not deck and len(cards) == 1 and discard:
        deck, discard = deck + discard, []
    return _set(out, pile, dice.shuffle(deck + cards), discard)


def _set(state: ClashState, pile: Pile, deck: list[str], discard: list[str]) -> ClashState:
    if pile == "ai":
        state.ai_deck, state.ai_discard = deck, discard
    else:
        state.bp_deck, state.bp_discard = deck, discard
    return state


SUPPRESS_TESTS = ["tests/clash/test_escalation.py::test_suppress_shuffles_the_discard_pile_into_the_deck"]


def suppress(state: ClashState, pile: Pile, dice: Dice) -> ClashState:
    """Keyword "Suppress": "You may shuffle the discard pile denoted by the subtype into the appropriate
    deck." (An unresolved AI 0 stays on top.)"""
    out = lift_ai_zero(state) if pile == "ai" else _copy(state)
    deck, discard = (out.ai_deck, out.ai_discard) if pile == "ai" else (out.bp_deck, out.bp_discard)
    out = _set(out, pile, dice.shuffle(deck + discard), [])
    return restore_ai_zero(out) if pile == "ai" else out


def ai_suppress(state: ClashState, dice: Dice) -> ClashState:
    return suppress(state, "ai", dice)


def bp_suppress(state: ClashState, dice: Dice) -> ClashState:
    return suppress(state, "bp", dice)


# --- drawing and discarding ---------------------------------------------------------------------


def draw_ai(state: ClashState, dice: Dice) -> tuple[str, ClashState]:
    """"When you resolve an AI Activation, draw an AI card from the top of the AI deck." The card is
    ``ai_revealed`` until it is discarded (or, for AI 0, handled by its own instruction)."""
    if state.ai_revealed is not None:
        raise RuleError(f"the AI card {state.ai_revealed} is still being resolved; discard it first")
    out = _copy(state)
    if not out.ai_deck:
        out.ai_deck, out.ai_discard = dice.shuffle(out.ai_discard), []
    if not out.ai_deck:
        raise RuleError("the AI deck and its discard pile are both empty")
    out.ai_revealed = out.ai_deck.pop(0)
    return out.ai_revealed, out


def discard_ai(state: ClashState, dice: Dice) -> ClashState:
    """"once you finish resolving its After Attack effects (if there are any), discard it. If there are no
    more cards in the AI deck, shuffle the discard pile to form a new AI deck." An AI 0 card instead
    follows its own instruction (``then``), given by the caller through ``resolve_ai_zero``."""
    card = state.ai_revealed
    if card is None:
        raise RuleError("no AI card is being resolved")
    if card == state.ai_zero:
        raise RuleError("the AI 0 card follows its own instruction once resolved (resolve_ai_zero)")
    out = _copy(state)
    out.ai_revealed = None
    out.ai_discard.append(card)
    if not out.ai_deck:
        out.ai_deck, out.ai_discard = dice.shuffle(out.ai_discard), []
    return out


AIZeroThen = Literal["remove_from_game", "discard", "shuffle_into_deck", "bottom_of_deck"]


def resolve_ai_zero(state: ClashState, then: AIZeroThen, dice: Dice) -> ClashState:
    """"Each AI 0 card will instruct you on what to do with it once it is resolved.\""""
    card = state.ai_revealed
    if card is None or card != state.ai_zero:
        raise RuleError("the AI 0 card is not the card being resolved")
    out = _copy(state)
    out.ai_revealed, out.ai_zero = None, None
    if then == "remove_from_game":
        out.removed.append(card)
    elif then == "discard":
        out.ai_discard.append(card)
    elif then == "bottom_of_deck":
        out.ai_deck.append(card)
    else:
        out.ai_deck = dice.shuffle([*out.ai_deck, card])
    return out


def draw_bp(state: ClashState, dice: Dice) -> tuple[str, ClashState]:
    """Boss Clash: "Draw the top card from the BP deck and reveal it." It is ``bp_revealed`` until it is
    wounded (wound_stack) or failed (``fail_bp``)."""
    if state.monster_type != "boss":
        raise RuleError("a Mob Clash has no BP deck to draw from: attack a Mob on the Mob track")
    if state.bp_revealed is not None:
        raise RuleError(f"the BP card {state.bp_revealed} is already revealed")
    out = _copy(state)
    if not out.bp_deck:
        out.bp_deck, out.bp_discard = dice.shuffle(out.bp_discard), []
    if not out.bp_deck:
        raise RuleError("the BP deck and its discard pile are both empty")
    out.bp_revealed = out.bp_deck.pop(0)
    return out.bp_revealed, out


def draw_chosen_bp(state: ClashState, card: str, dice: Dice, shuffle: bool) -> ClashState:
    """Heartseeker, Soulseeker, Precise: the Knight attacks ``card`` — one of the top BP cards looked at, or the top
    card of the discard pile — and the deck is shuffled when the others go back ("Shuffle the other card back into
    the deck"; Precise: "shuffle the card you've drawn into the BP deck")."""
    if state.bp_revealed is not None:
        raise RuleError(f"the BP card {state.bp_revealed} is already revealed")
    out = _copy(state)
    if card in out.bp_deck:
        out.bp_deck.remove(card)
    elif out.bp_discard and out.bp_discard[-1] == card:
        out.bp_discard.pop()
    else:
        raise RuleError(f"{card} is neither in the BP deck nor on top of the BP discard pile")
    out.bp_revealed = card
    if shuffle:
        out.bp_deck = dice.shuffle(out.bp_deck)
    return out


def fail_bp(state: ClashState, dice: Dice) -> ClashState:
    """"If the BP card was not wounded (did not go to the Wound Stack), remember to put it in the discard
    pile. If there are no more cards in the BP deck, shuffle the discard pile to form a new BP deck.\""""
    card = state.bp_revealed
    if card is None:
        raise RuleError("no BP card is revealed")
    out = _copy(state)
    out.bp_revealed = None
    out.bp_discard.append(card)
    if not out.bp_deck:
        out.bp_deck, out.bp_discard = dice.shuffle(out.bp_discard), []
    return out
