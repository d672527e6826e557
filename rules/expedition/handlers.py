"""Engine actions of the Expedition (docs/expedition.md): start, the Vision Phase's choices, notes, and moving on."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.kingdom import ClueType
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles, observes
from rules.errors import RuleError
from rules.expedition import clue_cards as cc
from rules.expedition import investigation as iv
from rules.expedition import phases as ph
from rules.expedition import vision as vi
from rules.expedition.expedition_facts import ExpeditionBegins, ExpeditionNoted, SeatingCountsLater
from rules.expedition.state import Choice, ExpeditionState, Note, Phase
from rules.facts import said
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


class ExpeditionSeating(_Action):
    """The seating order round the table to the right (each Knight's right is the next; the last one's the first)."""

    type: Literal["expedition_seating"] = "expedition_seating"
    order: list[str] = Field(min_length=1, max_length=8)


class ExpeditionCard(_Action):
    """The Clue card a Knight drew from the table's own deck, in place of the bot's draw."""

    type: Literal["expedition_card"] = "expedition_card"
    knight: str = Name
    card: str = Name


class ExpeditionClue(_Action):
    """Clues moved by hand on a Knight's Clue card (a gain declined, Disregard, Clues spent or lost)."""

    type: Literal["expedition_clue"] = "expedition_clue"
    knight: str = Name
    clue: ClueType
    change: int = Field(ge=-12, le=12)


class ExpeditionRoam(_Action):
    """A Free Roaming Knight picks up a cold lead: an additional Investigation of the current Chapter."""

    type: Literal["expedition_roam"] = "expedition_roam"
    knight: str = Name
    investigation: int = Field(ge=1, le=5)


class ExpeditionResolve(_Action):
    """The end of the Investigations and Free Roams (one Knight, or every one not resolved yet)."""

    type: Literal["expedition_resolve"] = "expedition_resolve"
    knight: str | None = Field(None, min_length=1, max_length=64)
    investigation: int | None = Field(None, ge=1, le=5)
    outcome: iv.Outcome | None = None


class ExpeditionLeads(_Action):
    """5 Leads buy the success of an Investigation of the current or previous Chapter."""

    type: Literal["expedition_leads"] = "expedition_leads"
    knight: str = Name
    chapter: int = Field(ge=1, le=5)
    investigation: int = Field(ge=1, le=5)


def _result(engine: Engine, state: CampaignState, texts: list[str]) -> Result:
    return Result(state=state, events=[Event(kind="expedition", text=t) for t in texts],
                  data=ph.status_data(engine, state))


@observes
def _follow(engine: Engine, state: CampaignState) -> list[Event]:
    return ph.follow(engine, state)


@observes
def _clues(engine: Engine, state: CampaignState) -> list[Event]:
    """The Delve's Clues go to the Clue cards of the Knights collecting their type."""
    return [Event(kind="clue", text=t) for t in cc.gain(state)]


@handles(ExpeditionStart)
def expedition_start(engine: Engine, state: CampaignState, act: ExpeditionStart, dice: Dice) -> Result:
    old = state.expedition
    if old is not None and old.step != "over":
        raise RuleError(f"Expedition {old.number} is under way ({ph.LABEL[old.step]}); finish it first, or the GM "
                        "ends it with `/expedition next phase:over reason:\"...\"`")
    if state.clash is not None:
        raise RuleError("a Clash is under way; end it with /clash end first")
    number = old.number + 1 if old is not None else 1
    state.expedition = exp = ExpeditionState(number=number, seating=old.seating if old is not None else [])
    if state.delve is not None:
        # a new Expedition delves anew: the last Delve's map, Time and Rest belong to the last Expedition
        state.delve = None
        state.track = state.track.model_copy(update={"threat": 0, "curse": 0, "time": 0, "lost": False})
    texts = [said(ExpeditionBegins(number=number))]
    texts.append(said(ph.next_command(engine, state, exp)))
    return _result(engine, state, texts)


@handles(ExpeditionVision)
def expedition_vision(engine: Engine, state: CampaignState, act: ExpeditionVision, dice: Dice) -> Result:
    exp = ph.expedition(state)
    k = vi.knight(state, act.knight)
    texts = vi.choose(state, exp, k, act.choice, act.investigation)
    if act.choice != "quest":
        texts += cc.draw(engine, state, exp, k, dice)
    texts += cc.five_knights(engine, state, exp, dice)
    texts += cc.assign_secondaries(state, exp, dice)
    texts.append(said(ph.next_command(engine, state, exp)))
    return _result(engine, state, texts)


@handles(ExpeditionLeader)
def expedition_leader(engine: Engine, state: CampaignState, act: ExpeditionLeader, dice: Dice) -> Result:
    exp = ph.expedition(state)
    texts = vi.set_leader(state, exp, vi.knight(state, act.knight))
    texts += cc.five_knights(engine, state, exp, dice)
    texts += cc.assign_secondaries(state, exp, dice)
    texts.append(said(ph.next_command(engine, state, exp)))
    return _result(engine, state, texts)


@handles(ExpeditionDestination)
def expedition_destination(engine: Engine, state: CampaignState, act: ExpeditionDestination, dice: Dice) -> Result:
    exp = ph.expedition(state)
    texts = vi.set_destination(engine, exp, act.kingdom)
    texts.append(said(ph.next_command(engine, state, exp)))
    return _result(engine, state, texts)


@handles(ExpeditionNote)
def expedition_note(engine: Engine, state: CampaignState, act: ExpeditionNote, dice: Dice) -> Result:
    """What the players report of a paragraph they read (an outcome, a mark, a choice): recorded, never read."""
    exp = ph.expedition(state)
    kid = vi.knight(state, act.knight).id if act.knight else None
    if len(exp.notes) >= 500:
        raise RuleError("this Expedition holds 500 notes already")
    exp.notes.append(Note(step=exp.step, knight=kid, text=act.text, by=act.by))
    who = state.knights[kid].name if kid else ""
    return _result(engine, state, [said(ExpeditionNoted(step=exp.step, knight=who, text=act.text))])


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


@handles(ExpeditionSeating)
def expedition_seating(engine: Engine, state: CampaignState, act: ExpeditionSeating, dice: Dice) -> Result:
    exp = ph.expedition(state)
    texts = cc.set_seating(state, exp, act.order)
    if exp.step == "vision":
        texts += cc.assign_secondaries(state, exp, dice)
    else:
        texts.append(said(SeatingCountsLater()))
    return _result(engine, state, texts)


@handles(ExpeditionClue)
def expedition_clue(engine: Engine, state: CampaignState, act: ExpeditionClue, dice: Dice) -> Result:
    if act.change == 0:
        raise RuleError("change: must not be 0 (e.g. change:-1 to give back a Clue, change:1 to gain one)")
    exp = ph.expedition(state)
    return _result(engine, state, cc.adjust(state, exp, vi.knight(state, act.knight), act.clue, act.change))


@handles(ExpeditionRoam)
def expedition_roam(engine: Engine, state: CampaignState, act: ExpeditionRoam, dice: Dice) -> Result:
    exp = ph.expedition(state)
    return _result(engine, state, iv.cold_lead(state, exp, vi.knight(state, act.knight), act.investigation))


@handles(ExpeditionResolve)
def expedition_resolve(engine: Engine, state: CampaignState, act: ExpeditionResolve, dice: Dice) -> Result:
    exp = ph.expedition(state)
    if act.knight is None:
        if act.outcome is not None or act.investigation is not None:
            raise RuleError("outcome: and investigation: concern one Knight: give knight: with them")
        todo = [kid for kid, v in exp.visions.items() if v.choice != "quest" and v.outcome is None
                and v.free_roam_success is None and kid in state.knights]
        if not todo:
            raise RuleError("no Investigation or Free Roam is left to resolve this Expedition")
    else:
        todo = [vi.knight(state, act.knight).id]
    texts: list[str] = []
    for kid in todo:
        texts += iv.resolve(state, exp, state.knights[kid], act.investigation, act.outcome)
    result = _result(engine, state, texts)
    result.data["resolved"] = [
        {"knight": kid, "choice": exp.visions[kid].choice, "outcome": exp.visions[kid].outcome,
         "free_roam_success": exp.visions[kid].free_roam_success, "leads_gained": exp.visions[kid].leads_gained,
         "leads": state.knights[kid].sheet.leads} for kid in todo]
    return result


@handles(ExpeditionLeads)
def expedition_leads(engine: Engine, state: CampaignState, act: ExpeditionLeads, dice: Dice) -> Result:
    k = vi.knight(state, act.knight)
    texts = iv.spend_leads(state, state.expedition, k, act.chapter, act.investigation)
    result = _result(engine, state, texts)
    result.data["leads"] = k.sheet.leads
    return result


@handles(ExpeditionCard)
def expedition_card(engine: Engine, state: CampaignState, act: ExpeditionCard, dice: Dice) -> Result:
    exp = ph.expedition(state)
    texts = cc.set_card(engine, state, exp, vi.knight(state, act.knight), act.card, dice)
    texts += cc.assign_secondaries(state, exp, dice)
    return _result(engine, state, texts)
