"""The one waiting model: every question a campaign waits for, of every kind, as one pydantic discriminated union.

Each kind of question is one model (``kind`` is the tag) holding the typed record the rules keep for it while it
waits: a Clash decision (``clash.flow.pending``), the Deep Fog's (``delve.fog.pending``), an Encounter's
(``delve.encounter.pending``), an Encounter Monster token's tile (``delve.token_choice``), a Loot vote
(``expedition.spoils.vote``), Mettle cards earned (``mettle.earned``), a roll waiting for the table's dice
(``pending_dice``) and the Travel step (derived from the Delve, never stored). :func:`questions` reads them all, in
that order; every reader (the engine's refusal, the one answer ``/choose``, ``/now``, Discord's buttons) goes through
it, so none of them knows the slots.

**One answer.** :class:`Answer` (``/choose decision:<id> option:<keys>``, and every button) names the decision by
its id; :func:`check` is the one answer check (the id is the one waiting, the keys are its options, as many as it
takes), then the question's own action resumes it (``Choose``, ``FogAnswer``, ``EncounterChoose``, ``DelveRoute``,
``SpoilsChoose``, ``MettleChoose``, ``DelveTravel``): those stay readable in old logs, and the friendly names
(``/fog choose``, ``/encounter choose``, ``/spoils choose``...) log this one answer (rules/friendly.py). The ids are
unique within the campaign (rules/decision_ids.py: one counter for every kind), so :func:`never_asked` is one
comparison and :func:`find` tells a made-up id from one answered; an older campaign keeps each asker's own numbering.

**The engine refuses while something waits.** A question whose kind ``blocks`` stops every action not declared
``while_waiting = True`` on its class (GM tools, the answers, the Reactions the rules allow, the table-dice steps),
or ``while_waiting = frozenset({...})`` for the kinds of decision it answers itself (``/knight attack bonus:true``
is the Bonus Attack a ``bonus_attack`` decision offers),
in campaigns created at state version 4 or later (rules.state ``WAITING_VERSION``: an older campaign's log replays
exactly as it was played). The Mettle cards and the Travel step are offers, not stops: they never block. A roll
waiting for the table's dice stops only the actions that need dice (bot/app/table.py ``route``).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules import decision_ids as ids
from rules.clash.flow import Pending, named_knights
from rules.clash.flow import decision as clash_decision
from rules.clash.round_handlers import Choose
from rules.delve.actions import DelveRoute, DelveTravel, FogAnswer
from rules.delve.encounter_flow import enc_decision
from rules.delve.encounter_handlers import EncounterChoose
from rules.delve.fog_handlers import fog_decision
from rules.delve.monsters import choice_decision
from rules.delve.results import travel_decision
from rules.delve.state import TokenChoice
from rules.dice import Dice
from rules.engine import HANDLERS, Decision, Engine, Result, gates, handles, parse_action
from rules.errors import RuleError
from rules.expedition.spoils import vote_decision
from rules.expedition.spoils_handlers import SpoilsChoose
from rules.expedition.spoils_state import Vote
from rules.squires.state import MettleEarned
from rules.squires.unlock import MettleChoose, mettle_decision
from rules.state import WAITING_VERSION, CampaignState, PendingDice
from rules.table_dice import AskDice


class _Question(BaseModel):
    model_config = ConfigDict(extra="forbid")

    decision: Decision = Field(description="what the players see: id, prompt, who may answer, the options")
    blocks: ClassVar[bool] = True
    where: ClassVar[str]  # "the Clash", in the refusal's words
    friendly: ClassVar[str]  # the command that answers it by its own name

    @property
    def id(self) -> str:
        return self.decision.id

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        """The action that resumes the rules with these (checked) keys."""
        raise NotImplementedError

    def named(self, state: CampaignState) -> list[str]:
        """The names of the Knights (Squires) whose owners answer it; empty: any player."""
        return []


class _Decision(_Question):
    """A question kept as a ``Pending`` decision (rules/clash/flow.py): the Clash's, the Deep Fog's, an
    Encounter's."""

    pending: Pending

    def named(self, state: CampaignState) -> list[str]:
        return [k.name for k in named_knights(state, self.pending)]


class ClashQuestion(_Decision):
    kind: Literal["clash"] = "clash"
    where: ClassVar[str] = "the Clash"
    friendly: ClassVar[str] = "choose"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        return Choose(decision=self.id, options=keys)


class FogQuestion(_Decision):
    kind: Literal["fog"] = "fog"
    where: ClassVar[str] = "the Deep Fog"
    friendly: ClassVar[str] = "fog choose"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        return FogAnswer(choice="choose", option=keys[0], decision=self.id)


class EncounterQuestion(_Decision):
    kind: Literal["encounter"] = "encounter"
    where: ClassVar[str] = "the Encounter"
    friendly: ClassVar[str] = "encounter choose"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        return EncounterChoose(options=keys, decision=self.id)


class RouteQuestion(_Question):
    kind: Literal["route"] = "route"
    choice: TokenChoice
    where: ClassVar[str] = "the Delve (an Encounter Monster token's tile)"
    friendly: ClassVar[str] = "delve route"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        return DelveRoute(decision=self.id, option=keys[0])


class VoteQuestion(_Question):
    kind: Literal["vote"] = "vote"
    vote: Vote
    where: ClassVar[str] = "the Loot vote"
    friendly: ClassVar[str] = "spoils choose"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        return SpoilsChoose(decision=self.id, option=keys[0], voter=by, gm=gm)


class MettleQuestion(_Question):
    kind: Literal["mettle"] = "mettle"
    earned: MettleEarned
    blocks: ClassVar[bool] = False  # an offer: the cards wait as long as the party likes
    where: ClassVar[str] = "the Mettle cards earned"
    friendly: ClassVar[str] = "squire unlock"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        return MettleChoose(decision=self.id, cards=keys)


class TravelQuestion(_Question):
    kind: Literal["travel"] = "travel"
    blocks: ClassVar[bool] = False  # the Delve's next step, never stored; the party may do other things first
    where: ClassVar[str] = "the Travel step"
    friendly: ClassVar[str] = "delve travel"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        key = keys[0]
        return DelveTravel(decision=self.id, fog=key.removeprefix("fog:")) if key.startswith("fog:") else \
            DelveTravel(decision=self.id, to=key)


DICE_ANSWER = ("a roll waiting for the table's dice is answered with `/dice enter values:<results>` (the GM: "
               "`/dice auto` or `/dice cancel`); nothing was changed")


class DiceQuestion(_Question):
    kind: Literal["dice"] = "dice"
    pending: PendingDice
    blocks: ClassVar[bool] = False  # it stops only the actions that need dice (bot/app/table.py ``route``)
    where: ClassVar[str] = "the table's dice"
    friendly: ClassVar[str] = "dice enter"

    def action(self, keys: list[str], by: str, gm: bool) -> BaseModel:
        raise RuleError(DICE_ANSWER)


Question = Annotated[ClashQuestion | FogQuestion | EncounterQuestion | RouteQuestion | VoteQuestion | MettleQuestion
                     | DiceQuestion | TravelQuestion, Field(discriminator="kind")]
QUESTION: TypeAdapter[Question] = TypeAdapter(Question)


def questions(engine: Engine | None, state: CampaignState, offers: bool = True) -> list[Question]:
    """Every question the campaign waits for now, Clash first (``offers=False``: only those that block). The
    Travel step, a vote and the Mettle cards are read with the engine's content (their prompts name cards): without
    an engine they are left out."""
    found: list[Question] = []
    clash = state.clash
    if clash is not None and clash.flow.pending is not None:
        found.append(ClashQuestion(decision=clash_decision(state, clash.flow.pending), pending=clash.flow.pending))
    delve = state.delve
    if delve is not None and delve.fog is not None:
        fog = delve.fog
        if fog.pending is not None:
            found.append(FogQuestion(decision=fog_decision(state, fog.pending), pending=fog.pending))
    if delve is not None and delve.encounter is not None:
        enc = delve.encounter
        if enc.pending is not None:
            found.append(EncounterQuestion(decision=enc_decision(state, enc.pending), pending=enc.pending))
    if delve is not None and delve.token_choice is not None and not state.track.lost:
        route = choice_decision(delve)
        if route is not None:
            found.append(RouteQuestion(decision=route, choice=delve.token_choice))
    spoils = state.expedition.spoils if state.expedition is not None else None
    if engine is not None and spoils is not None and spoils.vote is not None:
        found.append(VoteQuestion(decision=vote_decision(engine.catalogue, state, spoils), vote=spoils.vote))
    if not offers or engine is None:
        return found
    mettle = mettle_decision(engine, state)
    if mettle is not None:
        earned = next(e for e in state.mettle.earned if f"mettle{e.id}" == mettle.id)
        found.append(MettleQuestion(decision=mettle, earned=earned))
    if state.pending_dice is not None:
        p = state.pending_dice
        found.append(DiceQuestion(pending=p, decision=Decision(id="dice", kind="dice", prompt=p.prompt,
                                                               who=[p.roller], options=[], answer="dice enter")))
    travel = travel_decision(engine, state)
    if travel is not None:
        found.append(TravelQuestion(decision=travel))
    return found


def asked_count(state: CampaignState, kind: str) -> int | None:
    """The highest number a decision of ``kind`` has reached, an id above it never asked: in a campaign with unique
    ids the campaign's counter (rules/decision_ids.py), whatever the kind; in an older one how many the thing asking
    them has asked (the Clash, the traversal, the Encounter, the Delve's token choices), None when it is not under
    way or does not count them."""
    if ids.unique_ids(state):
        return state.decisions
    delve = state.delve
    holder = (state.clash.flow if state.clash is not None else None) if kind == "clash" else \
        (delve.fog if delve is not None else None) if kind == "fog" else \
        (delve.encounter if delve is not None else None) if kind == "encounter" else None
    if kind == "route" and delve is not None:
        return delve.token_choices
    return holder.asked if holder is not None else None


PREFIX_KIND = {"d": "clash", "fog": "fog", "enc": "encounter", "route": "route"}  # an older campaign's askers


def never_asked(state: CampaignState, decision: str) -> bool:
    """Whether ``decision`` is an id never asked (made up, not stale): one comparison with the campaign's counter
    (rules/decision_ids.py); in an older campaign, above the count of the thing asking under way."""
    if ids.unique_ids(state):
        return bool(ids.never_asked(state, decision))
    prefix, number = ids.number(decision)
    kind = PREFIX_KIND.get(prefix)
    count = asked_count(state, kind) if kind is not None and number is not None else None
    return count is not None and number is not None and number > count


def blocking(engine: Engine, state: CampaignState) -> Question | None:
    """The question that stops every other action now, if any."""
    return next((q for q in questions(engine, state, offers=False) if q.blocks), None)


def how_to_answer(q: Question) -> str:
    d = q.decision
    keys = "|".join(d.options[:6]) + ("|..." if len(d.options) > 6 else "")
    also = f" (or `/{q.friendly}`)" if q.friendly != "choose" else ""
    return f"`/choose decision:{d.id} option:<{keys}>`{also}"


def refusal(q: Question) -> str:
    """What the engine says to an action tried while ``q`` waits: the question, and how to answer it."""
    return (f"{q.where} waits for a decision first ({q.id}): {q.decision.prompt} Answer with {how_to_answer(q)}; "
            "nothing was changed")


@gates
def _refuse_while_waiting(engine: Engine, state: CampaignState, action: BaseModel) -> str | None:
    if state.version < WAITING_VERSION:
        return None  # an older campaign: its handlers decide, as when its log was written
    inner = parse_action(action.action) if isinstance(action, AskDice) else action
    allowed = getattr(type(inner), "while_waiting", False)
    if allowed is True:
        return None
    q = blocking(engine, state)
    if q is None or (allowed and question_kind(q) in allowed):
        return None
    return refusal(q)


def question_kind(q: Question) -> str:
    """The kind of decision a question is: a Clash's, the Deep Fog's or an Encounter's own kind (``react``,
    ``bonus_attack``, ``fog_round``...), else the question's kind."""
    return q.pending.kind if isinstance(q, _Decision) else q.kind


def check(q: Question, keys: list[str]) -> list[str]:
    """The one answer check: every key is an option of ``q``, none named twice, as many as it takes."""
    d = q.decision
    wrong = [k for k in keys if k not in d.options]
    if wrong:
        raise RuleError(f"{', '.join(wrong)} is not an answer to {d.id}; choose from: {', '.join(d.options)}; "
                        "nothing was changed")
    if len(set(keys)) != len(keys):
        raise RuleError("an option is named twice; nothing was changed")
    if not d.min_pick <= len(keys) <= d.pick:
        many = f"exactly {d.pick}" if d.pick == d.min_pick else f"{d.min_pick} to {d.pick}"
        raise RuleError(f"{d.id} takes {many} option(s), not {len(keys)}; nothing was changed")
    return keys


def find(engine: Engine, state: CampaignState, decision: str) -> Question:
    """The question waiting now with this id; a RuleError that says it is no longer waiting otherwise."""
    now = questions(engine, state)
    for q in now:
        if q.id == decision:
            return q
    if ids.unique_ids(state):  # one counter: a made-up id is told from one answered (or whose asker is over)
        waits = f"; the campaign waits for {' and '.join(how_to_answer(q) for q in now)} now" if now else \
            "; nothing waits for an answer now"
        if never_asked(state, decision):
            raise RuleError(f"there is no decision {decision}: it was never asked in this campaign{waits}; "
                            "nothing was changed")
        raise RuleError(f"decision {decision} is no longer waiting (it was already answered, or what asked it is "
                        f"over){waits}; nothing was changed")
    waits = f"; the campaign waits for {', '.join(q.id for q in now)} now" if now else ""
    raise RuleError(f"decision {decision} is no longer waiting (it was already answered, or never asked){waits}; "
                    "nothing was changed")


class Answer(BaseModel):
    """The one answer to any question waiting (``/choose decision:<id> option:<keys>``; every button runs it)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["answer"] = "answer"
    decision: Annotated[str, Field(min_length=1, max_length=24)]
    options: list[Annotated[str, Field(min_length=1, max_length=80)]] = Field(min_length=1, max_length=25)
    by: str = Field("", max_length=100, description="who answered (a Loot vote's voter)")
    gm: bool = Field(False, description="the answer is the GM's (a Loot vote cast for an absent player)")
    while_waiting: ClassVar[bool] = True


@handles(Answer)
def answer(engine: Engine, state: CampaignState, act: Answer, dice: Dice) -> Result:
    q = find(engine, state, act.decision)
    if isinstance(q, DiceQuestion):  # its answer is the dice' values, not options
        raise RuleError(DICE_ANSWER)
    resumed = q.action(check(q, list(act.options)), act.by, act.gm)
    return HANDLERS[type(resumed)](engine, state, resumed, dice)
