"""The friendly names of the one answer: ``/fog stay|withdraw|correct|choose``, ``/encounter choose``, ``/delve
route``, ``/spoils choose`` and ``/squire unlock decision:`` are other ways of typing ``/choose`` (rules/waiting.py).

The commands still build their own actions (``FogAnswer``, ``EncounterChoose``, ``DelveRoute``, ``SpoilsChoose``,
``MettleChoose``); :func:`as_answer` turns one into the one :class:`~rules.waiting.Answer` before it is applied and
logged (bot/app/service.py ``App._apply``), so the answer is checked once, by ``waiting.find`` and ``waiting.check``,
whichever name was typed, and the log holds ``answer``. It fills in the id of the question of its kind waiting now
when the player named none, and maps the command's own words to the question's option keys (``/fog stay`` is the
key ``stay``, ``/fog correct card:2 direction:north`` the key ``correct:2:north``, a voter's Knight in any case).

Only campaigns created at ``ANSWER_VERSION`` (the state version whose decision ids are unique for the campaign's
whole life) or later: an older campaign's new log entries stay what its release wrote, its own handlers deciding,
as its old entries replay (and there a stale ``fog2`` could name the next traversal's ``fog2``). The old actions stay
registered and replay exactly as before. An action left as it was when nothing of its kind waits is refused by its
own handler (nothing is logged); ``/squire unlock`` with ``replace:``, or naming an entitlement earned other than
the one offered now, stays a ``MettleChoose``: the one answer has no word for either.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules import waiting as w
from rules.decision_ids import UNIQUE_IDS_VERSION
from rules.delve.actions import DelveRoute, FogAnswer
from rules.delve.encounter_handlers import EncounterChoose
from rules.delve.fog_handlers import correct_key
from rules.engine import Engine
from rules.errors import RuleError
from rules.expedition.spoils_handlers import SpoilsChoose
from rules.squires.unlock import MettleChoose
from rules.state import CampaignState

ANSWER_VERSION = UNIQUE_IDS_VERSION

KINDS: dict[type[BaseModel], type[w.FogQuestion | w.EncounterQuestion | w.RouteQuestion | w.VoteQuestion
                                  | w.MettleQuestion]] = {
    FogAnswer: w.FogQuestion, EncounterChoose: w.EncounterQuestion, DelveRoute: w.RouteQuestion,
    SpoilsChoose: w.VoteQuestion, MettleChoose: w.MettleQuestion,
}


def as_answer(engine: Engine, state: CampaignState, action: BaseModel) -> BaseModel:
    """The action to apply and log: a friendly answer as the one ``Answer``, any other action as it is."""
    kind = KINDS.get(type(action))
    if kind is None or state.version < ANSWER_VERSION:
        return action
    now = w.questions(engine, state)
    given: str | None = getattr(action, "decision", None)
    if isinstance(action, MettleChoose) and (action.replace is not None or _another(state, now, given)):
        return action
    q = next((x for x in now if x.id == given), None) if given is not None else \
        next((x for x in now if isinstance(x, kind)), None)
    if q is not None and not isinstance(q, kind):
        raise RuleError(f"decision {q.id} waits in {q.where}, not in {kind.where}: answer it with "
                        f"{w.how_to_answer(q)}; nothing was changed")
    if q is None and given is None:
        return action  # nothing of its kind waits: its own handler says so
    decision = q.id if q is not None else str(given)
    by, gm = (action.voter, action.gm) if isinstance(action, SpoilsChoose) else ("", False)
    return w.Answer(decision=decision, options=_keys(state, q, action), by=by, gm=gm)


def _keys(state: CampaignState, q: w.Question | None, action: BaseModel) -> list[str]:
    """The question's option keys the friendly action names (``q`` None: a stale id, refused by ``find``)."""
    if isinstance(action, FogAnswer):
        if action.choice == "choose" or q is None:
            return [action.option or action.choice]
        if action.choice == "correct":
            assert isinstance(q, w.FogQuestion) and state.delve is not None and state.delve.fog is not None
            return [correct_key(state.delve.fog, q.pending, action.card, action.direction)]
        return [action.choice]
    if isinstance(action, EncounterChoose):
        return list(action.options)
    if isinstance(action, DelveRoute):
        return [action.option]
    if isinstance(action, SpoilsChoose):
        return [action.option.lower()]  # as the vote's own handler reads it
    assert isinstance(action, MettleChoose)
    return list(action.cards)


def _another(state: CampaignState, now: list[w.Question], given: str | None) -> bool:
    """``given`` names a Mettle entitlement still earned but not the one offered now (the first with cards): its
    own handler answers it, as before."""
    offered = {q.id for q in now if isinstance(q, w.MettleQuestion)}
    return given not in offered and any(f"mettle{e.id}" == given for e in state.mettle.earned)
