"""Engine handlers for the campaign's progression: Saints and Incarnation, the Presence Game Director, Princesses and
Changing Knights (rules/campaign/, docs/campaign.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from rules.campaign import party, presence, saints, vices
from rules.campaign.facts import CampaignPings
from rules.campaign.saint_facts import SaintCardLost
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event, handles, observes
from rules.errors import RuleError
from rules.facts import Line
from rules.knights.find import find_knight
from rules.knights.state import KnightState
from rules.state import CampaignState


def _result(state: CampaignState, kind: str, lines: Sequence[Line], **data: object) -> Result:
    return Result(state=state, events=[event(kind, line) for line in lines],
                  data={**data, **saints.view(state)} if kind == "saint" else dict(data))


def leader(state: CampaignState) -> KnightState:
    """The Party Leader: the Expedition's, else the first Knight of the party (docs/rulings.md)."""
    exp = state.expedition
    if exp is not None and exp.party_leader in state.knights:
        return state.knights[exp.party_leader]
    party_knights = [k for k in state.knights.values() if k.id not in state.progress.set_aside and not k.dead]
    if not party_knights:
        raise RuleError("the campaign has no Knight in the party yet (/knight create)")
    return party_knights[0]


class SetPings(BaseModel):
    """Whether a question that waits on named players mentions them in Discord (on by default)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["campaign_pings"] = "campaign_pings"
    while_waiting: ClassVar[bool] = True
    on: bool


@handles(SetPings)
def set_pings(engine: Engine, state: CampaignState, act: SetPings, dice: Dice) -> Result:
    state.pings = act.on
    return Result(state=state, events=[Event(kind="gm", fact=CampaignPings(on=act.on))], data={"pings": act.on})


@handles(saints.SaintDevote)
def devote(engine: Engine, state: CampaignState, act: saints.SaintDevote, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    if not act.devote and not act.saint:
        raise RuleError("name the Saint whose card the Knight gains, e.g. saint:\"Saint Urbain\"")
    lines = saints.devote(state, k, act.saint, act.incarnation, token=act.devote)
    return _result(state, "saint", lines, knight=k.id)


@handles(saints.SaintUnlockUnknown)
def unknown(engine: Engine, state: CampaignState, act: saints.SaintUnlockUnknown, dice: Dice) -> Result:
    if state.progress.unknown_saint:
        raise RuleError("the Unknown Saint is already unlocked")
    state.progress.unknown_saint = True
    return _result(state, "saint", ["❔ The Unknown Saint is unlocked: a Knight without a Saint card who is about to "
                                    "die in a Clash may roll for Incarnation (a 10 Incarnates)."])


@handles(saints.SaintCommandment)
def commandment(engine: Engine, state: CampaignState, act: saints.SaintCommandment, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    return _result(state, "saint", saints.commandment(state, k, act.step), knight=k.id)


@handles(saints.SaintIncarnate)
def incarnate(engine: Engine, state: CampaignState, act: saints.SaintIncarnate, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    success, roll, lines = saints.incarnation_roll(state, k, dice)
    if success:
        lines += saints.incarnate(state, k)
    return _result(state, "saint", lines, knight=k.id, incarnated=success, roll=roll,
                   automatic=success and roll is None)


@handles(saints.SaintIncarnationEnd)
def incarnation_end(engine: Engine, state: CampaignState, act: saints.SaintIncarnationEnd, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    return _result(state, "saint", saints.end_incarnation(state, k), knight=k.id)


@handles(saints.SaintLose)
def lose(engine: Engine, state: CampaignState, act: saints.SaintLose, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    saint = saints.lose(state, k)
    return _result(state, "saint", [SaintCardLost(knight=k.name, saint=saint.name)], knight=k.id)


@handles(presence.PresenceLend)
def lend(engine: Engine, state: CampaignState, act: presence.PresenceLend, dice: Dice) -> Result:
    lender, borrower = find_knight(state, act.lender), find_knight(state, act.borrower)
    lines = presence.lend(engine.catalogue, state, leader(state), lender, borrower, act.gear)
    return _result(state, "presence", lines, loans=[loan.model_dump() for loan in state.progress.loans])


@handles(presence.PresenceReturn)
def give_back(engine: Engine, state: CampaignState, act: presence.PresenceReturn, dice: Dice) -> Result:
    return _result(state, "presence", presence.give_back(state), loans=[])


@handles(party.KnightSetAside)
def set_aside(engine: Engine, state: CampaignState, act: party.KnightSetAside, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    return _result(state, "progress", party.set_aside(state, k, act.back), knight=k.id,
                   set_aside=list(state.progress.set_aside))


@handles(party.PrincessChange)
def princess(engine: Engine, state: CampaignState, act: party.PrincessChange, dice: Dice) -> Result:
    return _result(state, "progress", party.princess(state, act.op, act.name), princess=state.progress.princess)


@handles(vices.VirtueTest)
def virtue_test(engine: Engine, state: CampaignState, act: vices.VirtueTest, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    r, state.last_roll, lines = vices.virtue_test(k, act, dice)
    return _result(state, "roll", lines, knight=k.id, naturals=[r.natural], result=r.result,
                   difficulty=r.difficulty, bonus=r.bonus, success=r.success, vices=dict(k.sheet.vices))


@observes
def _incarnation_with_the_clash(engine: Engine, state: CampaignState) -> list[Event]:
    """An Incarnation does not outlast its Clash (rules/campaign/saints.clash_finished)."""
    if not any(d.incarnated for d in state.progress.devotees.values()):
        return []
    return [Event(kind="saint", fact=t) for t in saints.clash_finished(state)]
