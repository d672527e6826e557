"""The flow of a Clash: rounds, Knight turns, the Knight Pool, the tiebreak tokens, and the decisions the rules
leave to the players (rulebook "Clash Sequence", "Knight Turns", "Knight Pool and Knight Tokens", "Priority Target").

A step that needs the players (which of two tied Knights is the Target, which dice to re-roll with Heat, which
Knight tokens to leave, Obey or Disobey...) stops the engine with a ``Pending`` decision. Everything needed to go
on is kept in ``Pending.data`` (JSON), so a decision survives a restart and replays exactly. The answer is the
action ``Choose`` (``/choose``); the module that asked registers how to resume with ``@resumes(kind)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.decision_ids import decision_id

if TYPE_CHECKING:
    from rules.dice import Dice
    from rules.engine import Decision, Engine, Result
    from rules.knights.state import KnightState
    from rules.squires.state import SquireState
    from rules.state import CampaignState

Phase = Literal["monster", "knight"]
# Rulebook, "Knight Tokens. The types of Knight tokens include: Break, Opening, Fire, Black, Closing, Hope, Sunder,
# Rouse, Diversion, Improved Diversion, Power, Cantrip, Spell".
KNIGHT_TOKENS: tuple[str, ...] = (
    "break", "opening", "fire", "black", "closing", "hope", "sunder", "rouse", "diversion",
    "improved_diversion", "power", "cantrip", "spell",
)
Key = Annotated[str, Field(min_length=1, max_length=40)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Option(_Model):
    """One answer to a decision: ``key`` is what ``/choose option:`` takes; ``help`` says what it does."""

    key: Key
    label: str = Field(max_length=80)
    help: str = Field("", max_length=200)


class Pending(_Model):
    """A decision the Clash waits for. ``knights`` are the Knights whose owners may answer (empty: any player);
    a GM may always answer. ``pick`` is how many options one answer names at most (``min_pick`` at least)."""

    id: str
    kind: str
    prompt: str
    knights: list[str] = Field(default_factory=list)
    options: list[Option]
    pick: int = 1
    min_pick: int = 1
    data: dict[str, Any] = Field(default_factory=dict, description="what the asking step needs to go on")


class KnightTurn(_Model):
    """The Knight whose turn it is: "a Knight gets one Combat Action, one Movement Action, and an unlimited number
    of free actions"."""

    knight: str
    moved: bool = False
    attacked: bool = False
    hide: bool = Field(False, description="Hide was used this turn: the Knight becomes Hidden when the turn ends")


class Flow(_Model):
    round: int = 1
    phase: Phase = "monster"
    started: bool = Field(False, description="the Monster Round is under way")
    turn: KnightTurn | None = None
    acted: list[str] = Field(default_factory=list, description="Knights who took their turn this Knight Round")
    pool: dict[str, int] = Field(default_factory=dict, description="the Knight Pool: token -> count")
    priority_target: str | None = None
    divine_target: str | None = None
    last_to_wound: str | None = None
    pending: Pending | None = None
    down_turn: list[str] = Field(default_factory=list, description="knocked down Knights whose next turn is on")
    standing: list[str] = Field(default_factory=list, description="Knockdown cards on the standing up side")
    used: list[str] = Field(default_factory=list, description="active abilities used this Round: knight:source:name")
    named: dict[str, list[str]] = Field(default_factory=dict, description="named abilities used per free-action "
                                        "window this Round")
    queue: list[dict[str, Any]] = Field(default_factory=list, description="Monster Attacks waiting their turn")
    bonus_attacks: list[str] = Field(default_factory=list, description="campaign Knight ids owed a Bonus Attack "
                                     "(a Follow-up or a card's), spent with /knight attack bonus:true")
    hidden: dict[str, int] = Field(default_factory=dict, description="Hidden Knights (board id) -> the Round they "
                                   "became Hidden in (rules/clash/attention.py)")
    asked: int = Field(0, description="decisions this Clash asked so far (a campaign before rules.decision_ids "
                       "UNIQUE_IDS_VERSION: the next decision id is d<asked+1>)")
    log: list[str] = Field(default_factory=list, description="unused; kept so that saved Clashes still load")


def ask(state: CampaignState, kind: str, prompt: str, options: list[Option], *, knights: list[str] | None = None,
        data: dict[str, Any] | None = None, pick: int = 1, min_pick: int = 1) -> Pending:
    """Stop for the players: set the Clash's ``flow.pending`` with a fresh id (rules/decision_ids.py) and return
    it."""
    assert state.clash is not None
    flow = state.clash.flow
    ident = decision_id(state, "d", flow.asked)
    flow.asked += 1
    flow.pending = Pending(id=ident, kind=kind, prompt=prompt, options=options, knights=knights or [],
                           data=data or {}, pick=pick, min_pick=min_pick)
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
