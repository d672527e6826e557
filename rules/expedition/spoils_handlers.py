"""Engine actions of the Loot deck and the Spoils Phase (docs/spoils.md): Scavenge, a Free Roam's success, taking a
card, votes, the Spare Scrap, exchanges, the Gambling Den, the end of the Expedition; and the observer that begins
the Spoils Phase and notes the Clash under way (Clash Scavenge X refers to the last Clash)."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import Dice
from rules.engine import Decision, Engine, Event, Result, handles, observes
from rules.expedition import spoils as sp
from rules.expedition import spoils_gamble as gb
from rules.expedition import spoils_loot as sl
from rules.expedition.spoils_state import ClashSeen
from rules.knights.find import find_knight
from rules.state import CampaignState

Name = Annotated[str, Field(min_length=1, max_length=64)]
Uid = Annotated[str, Field(min_length=2, max_length=8, pattern=r"^[Ll][0-9]+$")]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SpoilsScavenge(_Action):
    type: Literal["spoils_scavenge"] = "spoils_scavenge"
    count: int = Field(ge=1, le=20)
    kind: sl.ScavengeKind
    source: str = Field("", max_length=200)


class SpoilsTake(_Action):
    type: Literal["spoils_take"] = "spoils_take"
    knight: Name
    card: Uid
    squire: bool = False


class SpoilsVote(_Action):
    type: Literal["spoils_vote"] = "spoils_vote"
    card: Uid


class SpoilsChoose(_Action):
    type: Literal["spoils_choose"] = "spoils_choose"
    while_waiting: ClassVar[bool] = True
    decision: Annotated[str, Field(min_length=1, max_length=16)]
    option: Name
    voter: Annotated[str, Field(min_length=1, max_length=100)]
    gm: bool = False


class SpoilsScrap(_Action):
    type: Literal["spoils_scrap"] = "spoils_scrap"
    knight: Name
    card: Uid


class SpoilsExchange(_Action):
    type: Literal["spoils_exchange"] = "spoils_exchange"
    knight: Name
    card: Uid
    for_gold: bool = False
    gear: Name | None = None
    onto: Name | None = None


class SpoilsGamble(_Action):
    type: Literal["spoils_gamble"] = "spoils_gamble"
    knight: Name
    cards: list[Uid] = Field(min_length=1, max_length=10)
    game: Name | None = None


class SpoilsDone(_Action):
    type: Literal["spoils_done"] = "spoils_done"


def _result(engine: Engine, state: CampaignState, texts: list[str], pending: Decision | None = None) -> Result:
    data = {"spoils": sp.status(engine.catalogue, state)} if state.expedition is not None else {}
    return Result(state=state, events=[Event(kind="spoils", text=t) for t in texts], data=data, pending=pending)


@observes
def _follow(engine: Engine, state: CampaignState) -> list[Event]:
    """After every action: note the Clash under way (for Clash Scavenge), and begin the Spoils Phase once the
    Expedition enters it (the phase machine's observer runs first: rules/expedition/handlers.py is imported
    before this module)."""
    exp = state.expedition
    if exp is None:
        return []
    if state.clash is not None and exp.step not in ("spoils", "over"):
        c = state.clash
        seen = exp.spoils.clash_seen
        if seen is None or (seen.type, seen.monster, seen.level) != (c.type, c.monster, c.level):
            exp.spoils.clash_seen = ClashSeen(type=c.type, monster=c.monster, level=c.level)
    return [Event(kind="spoils", text=t) for t in sp.begin(engine.catalogue, state)]


@handles(SpoilsScavenge)
def scavenge(engine: Engine, state: CampaignState, act: SpoilsScavenge, dice: Dice) -> Result:
    return _result(engine, state, sl.scavenge(engine.catalogue, state, act.count, act.kind, act.source))


@handles(SpoilsTake)
def take(engine: Engine, state: CampaignState, act: SpoilsTake, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    return _result(engine, state, sp.take(engine.catalogue, state, k, act.card, act.squire))


@handles(SpoilsVote)
def vote(engine: Engine, state: CampaignState, act: SpoilsVote, dice: Dice) -> Result:
    texts, decision = sp.open_vote(engine.catalogue, state, act.card)
    return _result(engine, state, texts, decision)


@handles(SpoilsChoose)
def choose(engine: Engine, state: CampaignState, act: SpoilsChoose, dice: Dice) -> Result:
    texts, decision = sp.cast(engine.catalogue, state, act.decision, act.voter, act.option.lower(), act.gm)
    return _result(engine, state, texts, decision)


@handles(SpoilsScrap)
def scrap(engine: Engine, state: CampaignState, act: SpoilsScrap, dice: Dice) -> Result:
    return _result(engine, state, sp.scrap(engine.catalogue, state, find_knight(state, act.knight), act.card))


@handles(SpoilsExchange)
def exchange(engine: Engine, state: CampaignState, act: SpoilsExchange, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    return _result(engine, state, sp.exchange(engine.catalogue, state, k, act.card, act.for_gold, act.gear, act.onto))


@handles(SpoilsGamble)
def gamble(engine: Engine, state: CampaignState, act: SpoilsGamble, dice: Dice) -> Result:
    k = find_knight(state, act.knight)
    return _result(engine, state, gb.gamble(engine.catalogue, state, k, act.cards, act.game, dice))


@handles(SpoilsDone)
def done(engine: Engine, state: CampaignState, act: SpoilsDone, dice: Dice) -> Result:
    return _result(engine, state, sp.finish(engine, state))
