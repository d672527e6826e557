"""Engine actions of the Expedition (docs/expedition.md): start, the Vision Phase's choices, notes, and moving on."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles, observes
from rules.errors import RuleError
from rules.expedition import phases as ph
from rules.expedition import vision as vi
from rules.expedition.state import Choice, ExpeditionState, Note, Phase
from rules.state import CampaignState

Name = Field(min_length=1, max_length=64)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ExpeditionStart(_Action):
    type: Literal["expedition_start"] = "expedition_start"


class ExpeditionVision(_Action):
    type: Literal["expedition_vision"] = "expedition_vision"
    knight: str = Name
    choice: Choice
    investigation: int | None = Field(None, ge=1, le=5)


class ExpeditionLeader(_Action):
    type: Literal["expedition_leader"] = "expedition_leader"
    knight: str = Name


class ExpeditionDestination(_Action):
    type: Literal["expedition_destination"] = "expedition_destination"
    kingdom: str = Name


class ExpeditionNote(_Action):
    type: Literal["expedition_note"] = "expedition_note"
    text: str = Field(min_length=1, max_length=500)
    knight: str | None = Field(None, min_length=1, max_length=64)
    by: str = Field("", max_length=100)


class ExpeditionNext(_Action):
    type: Literal["expedition_next"] = "expedition_next"
    phase: Phase | None = None
    reason: str | None = Field(None, min_length=1, max_length=300)


def _result(engine: Engine, state: CampaignState, texts: list[str]) -> Result:
    return Result(state=state, events=[Event(kind="expedition", text=t) for t in texts],
                  data=ph.status_data(engine, state))


@observes
def _follow(engine: Engine, state: CampaignState) -> list[Event]:
    return ph.follow(engine, state)


@handles(ExpeditionStart)
def expedition_start(engine: Engine, state: CampaignState, act: ExpeditionStart, dice: Dice) -> Result:
    old = state.expedition
    if old is not None and old.step != "over":
        raise RuleError(f"Expedition {old.number} is under way ({ph.LABEL[old.step]}); finish it first, or the GM "
                        "ends it with `/expedition next phase:over reason:\"...\"`")
    if state.clash is not None:
        raise RuleError("a Clash is under way; end it with /clash end first")
    number = old.number + 1 if old is not None else 1
    state.expedition = exp = ExpeditionState(number=number)
    if state.delve is not None:
        # a new Expedition delves anew: the last Delve's map, Time and Rest belong to the last Expedition
        state.delve = None
        state.track = state.track.model_copy(update={"threat": 0, "curse": 0, "time": 0, "lost": False})
    texts = [f"🧭 **Expedition {number}** begins with the Vision Phase: each Knight chooses a Quest (one at most), an "
             "Investigation or a Free Roam."]
    texts.append(f"Next: `{ph.next_command(engine, state, exp)}`")
    return _result(engine, state, texts)


@handles(ExpeditionVision)
def expedition_vision(engine: Engine, state: CampaignState, act: ExpeditionVision, dice: Dice) -> Result:
    exp = ph.expedition(state)
    k = vi.knight(state, act.knight)
    texts = vi.choose(state, exp, k, act.choice, act.investigation)
    texts.append(f"Next: `{ph.next_command(engine, state, exp)}`")
    return _result(engine, state, texts)


@handles(ExpeditionLeader)
def expedition_leader(engine: Engine, state: CampaignState, act: ExpeditionLeader, dice: Dice) -> Result:
    exp = ph.expedition(state)
    texts = vi.set_leader(state, exp, vi.knight(state, act.knight))
    texts.append(f"Next: `{ph.next_command(engine, state, exp)}`")
    return _result(engine, state, texts)


@handles(ExpeditionDestination)
def expedition_destination(engine: Engine, state: CampaignState, act: ExpeditionDestination, dice: Dice) -> Result:
    exp = ph.expedition(state)
    texts = vi.set_destination(engine, exp, act.kingdom)
    texts.append(f"Next: `{ph.next_command(engine, state, exp)}`")
    return _result(engine, state, texts)


@handles(ExpeditionNote)
def expedition_note(engine: Engine, state: CampaignState, act: ExpeditionNote, dice: Dice) -> Result:
    """What the players report of a paragraph they read (an outcome, a mark, a choice): recorded, never read."""
    exp = ph.expedition(state)
    kid = vi.knight(state, act.knight).id if act.knight else None
    if len(exp.notes) >= 500:
        raise RuleError("this Expedition holds 500 notes already")
    exp.notes.append(Note(step=exp.step, knight=kid, text=act.text, by=act.by))
    who = f" ({state.knights[kid].name})" if kid else ""
    return _result(engine, state, [f"📝 Noted in {ph.LABEL[exp.step]}{who}: {act.text}"])


@handles(ExpeditionNext)
def expedition_next(engine: Engine, state: CampaignState, act: ExpeditionNext, dice: Dice) -> Result:
    exp = ph.expedition(state)
    if act.phase is None:
        if act.reason is not None:
            raise RuleError("reason: goes with phase: (a Quest moving the Expedition); plain /expedition next "
                            "needs none")
        texts = ph.advance(engine, state, exp)
    else:
        if act.reason is None:
            raise RuleError("phase: needs a reason: (which Quest paragraph moves the Expedition)")
        texts = ph.move_to(engine, state, exp, act.phase, act.reason)
    return _result(engine, state, texts)
