"""A Monster Round of the Cinder Abbot's Censer Swing (2 Evasion dice at 6+; "Closest Knight in front") against the
Knights of tests/clash/test_knight_attack.py ``clash()`` (Kara on D5 is the closest in front of the Abbot)."""

from __future__ import annotations

from typing import Any

from bot.narration import texts
from rules.clash.round_handlers import Choose, MonsterRound
from rules.engine import Engine, Result
from rules.state import CampaignState

SWING = "abbot_ai_censer_swing"
ANSWERS = {"react": "go_on", "evasion_reroll": "keep"}  # every other decision: its first option


def apply(engine: Engine, state: CampaignState, action: Any, forced: list[int] | None = None) -> Result:
    """The action on a copy of ``state`` whose next dice are ``forced``."""
    state = state.model_copy(deep=True)
    state.forced_dice = list(forced or [])
    return engine.apply(state, action, engine.dice_for(state))


def play(engine: Engine, state: CampaignState, forced: list[int], until: str | None = None) -> tuple[Result, list[str]]:
    """Censer Swing on top of the AI deck, then the Monster Round with the Evasion dice ``forced``, answering each
    decision by ``ANSWERS`` until none waits or one of kind ``until`` does; the narration of every step."""
    assert state.clash is not None
    c = state.clash
    for pile in (c.ai_deck, c.ai_discard, *c.ai_escalation.values()):
        if SWING in pile:
            pile.remove(SWING)
    c.ai_deck.insert(0, SWING)
    c.flow.phase = "monster"
    result = apply(engine, state, MonsterRound(), forced)
    said = texts(result.events)
    while result.pending is not None and result.pending.kind != until:
        answer = ANSWERS.get(result.pending.kind, result.pending.options[0])
        result = apply(engine, result.state, Choose(decision=result.pending.id, options=[answer]))
        said += texts(result.events)
    return result, said
