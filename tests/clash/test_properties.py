"""Property: Escalation, wounds, draws, heals and spawns never create or lose a card."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from content.loader import load_catalogue
from rules.clash import (
    additional_wounds,
    discard_ai,
    draw_ai,
    draw_bp,
    escalate,
    escalate_deck,
    fail_bp,
    heal,
    resolve_ai_zero,
    setup_clash,
    suppress,
    wound_boss,
    wound_mob,
)
from rules.clash.mob_track import occupied
from rules.clash.state import ClashState
from rules.dice import Dice

CATALOGUE = load_catalogue()
STEPS = ["wound", "crit", "fail", "escalate", "escalate_ai", "escalate_bp", "heal", "suppress", "ai", "extra"]


def _step(state: ClashState, step: str, pick: int, dice: Dice) -> ClashState:
    if step in ("wound", "crit", "fail"):
        if state.monster_type == "boss":
            _, state = draw_bp(state, dice)
            if step == "fail":
                return fail_bp(state, dice)
            return wound_boss(state, step == "crit", dice)[0]
        spaces = occupied(state)
        if not spaces or step == "fail":
            return state
        return wound_mob(state, spaces[pick % len(spaces)], dice, immediate_spawn=True)[0]
    if step == "escalate":
        return escalate(state, 1 + pick % 2, dice)[0]
    if step in ("escalate_ai", "escalate_bp"):
        return escalate_deck(state, "ai" if step == "escalate_ai" else "bp", 1, dice)[0]
    if step == "heal":
        return heal(state, 1)[0]
    if step == "suppress":
        return suppress(state, "ai" if pick % 2 else "bp", dice)
    if step == "extra":
        return additional_wounds(state, 1)[0]
    card, state = draw_ai(state, dice)
    if card == state.ai_zero:
        return resolve_ai_zero(state, "shuffle_into_deck", dice)
    return discard_ai(state, dice)


@settings(max_examples=60, deadline=None)
@given(
    monster=st.sampled_from(sorted(CATALOGUE.monsters)),
    level=st.integers(1, 4),
    seed=st.integers(0, 10_000),
    steps=st.lists(st.tuples(st.sampled_from(STEPS), st.integers(0, 9)), max_size=30),
)
def test_every_card_is_in_exactly_one_place(monster: str, level: int, seed: int, steps: list[tuple[str, int]]) -> None:
    """Rulebook (line 1389): Escalation will make the Monsters more deadly, by swapping AI cards in the AI deck,
    and tougher, by adding higher-level cards to the BP deck or spawning higher-level cards on the Mob track.
    """
    sheet = CATALOGUE.monsters[monster]
    level = min(level, len(sheet.levels))
    dice = Dice(seed=seed)
    state, _ = setup_clash(sheet, level, "full", dice)
    everything = Counter(c.id for c in sheet.ai_cards + sheet.bp_cards)
    for step, pick in steps:
        if state.over is not None:
            break
        state = _step(state, step, pick, dice)
        assert Counter(state.held()) == everything, step
        assert state.ai_zero is None or state.ai_deck[0] == state.ai_zero or state.ai_revealed == state.ai_zero
        assert all(state.levels[c] >= 1 for c in state.bp_deck)
