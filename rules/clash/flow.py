"""The flow of a Clash: rounds, Knight turns, the Knight Pool, the tiebreak tokens, and the decisions the rules
leave to the players (rulebook "Clash Sequence", "Knight Turns", "Knight Pool and Knight Tokens", "Priority Target").

A step that needs the players (which of two tied Knights is the Target, which dice to re-roll with Heat, which
Knight tokens to leave, Obey or Disobey...) stops the engine with a ``Pending`` decision (``ask``). Everything
needed to go on is kept in the decision as typed data — its continuation ``Pending.then`` (one small model per kind
of asking step) and the Monster Activation it interrupts (``Pending.activation``), rules/decision_records.py — so a
decision survives a restart and replays exactly. The answer is the action ``Choose`` (``/choose``); the module that
asked registers how to resume with ``@resumes(kind)``.

The records themselves (``Flow``, ``Pending``...) are leaves below the campaign state (rules/clash/flow_state.py,
rules/decision_records.py); this module, which reads the campaign and the engine, re-exports them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.clash.flow_state import KNIGHT_TOKENS, Flow, KnightTurn, Phase
from rules.decision_ids import decision_id
from rules.decision_records import Option, Pending, Then

__all__ = ["KNIGHT_TOKENS", "RESUME", "Flow", "KnightTurn", "Option", "Pending", "Phase", "Resume", "Then", "ask",
           "decision", "named_knights", "resumes"]

if TYPE_CHECKING:
    from rules.dice import Dice
    from rules.engine import Decision, Engine, Result
    from rules.knights.state import KnightState
    from rules.squires.state import SquireState
    from rules.state import CampaignState


def ask(state: CampaignState, kind: str, prompt: str, options: list[Option], *, knights: list[str] | None = None,
        then: Then | None = None, pick: int = 1, min_pick: int = 1) -> Pending:
    """Stop for the players: set the Clash's ``flow.pending`` with a fresh id (rules/decision_ids.py) and return
    it."""
    assert state.clash is not None
    flow = state.clash.flow
    ident = decision_id(state, "d", flow.asked)
    flow.asked += 1
    flow.pending = Pending(id=ident, kind=kind, prompt=prompt, options=options, knights=knights or [],
                           then=then, pick=pick, min_pick=min_pick)
    return flow.pending


def named_knights(state: CampaignState, pending: Pending) -> list[KnightState | SquireState]:
    """The campaign Knights a decision names (by their Clash Board id, the slug of the name, or their own id), and
    its Squires (by their id): their owners answer it."""
    from rules.board.naming import slug

    by_board = {slug(k.name): k for k in state.knights.values()}
    found = [state.knights.get(ident) or by_board.get(ident) or state.squires.get(ident) for ident in pending.knights]
    return [k for k in found if k is not None]


def decision(state: CampaignState, pending: Pending) -> Decision:
    """The engine's Decision for a Clash decision: who may answer are the owners of the Knights it names."""
    from rules.engine import Decision

    who = sorted({k.owner for k in named_knights(state, pending)})
    return Decision(
        id=pending.id, kind=pending.kind, prompt=pending.prompt, who=who,
        options=[o.key for o in pending.options], labels=[o.label for o in pending.options],
        helps=[o.help for o in pending.options], pick=pending.pick, min_pick=pending.min_pick,
    )


# kind -> how to go on once the players answered: (engine, state, the decision, the chosen keys, dice) -> Result.
# The state's ``clash.flow.pending`` is already cleared when the function runs.
Resume = Callable[["Engine", "CampaignState", Pending, list[str], "Dice"], "Result"]
RESUME: dict[str, Resume] = {}


def resumes(kind: str) -> Callable[[Resume], Resume]:
    def register(fn: Resume) -> Resume:
        if kind in RESUME:
            raise ValueError(f"two resume functions for the decision kind {kind!r}")
        RESUME[kind] = fn
        return fn

    return register
