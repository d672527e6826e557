"""The Rest Phase (``/rest``): the steps in order, from the pure functions of rules/delve/rest.py."""

from __future__ import annotations

from rules.coverage import implements
from rules.delve import rest as rr
from rules.delve.actions import (
    RestPhase,
)
from rules.delve.fog_facts import RestPhaseBegins
from rules.delve.rest_facts import CampfireTale, RestAbilities
from rules.delve.results import (
    current,
    delve_result,
)
from rules.dice import Dice
from rules.engine import Engine, Result, handles
from rules.errors import RuleError
from rules.facts import said
from rules.knights.state import KnightState
from rules.state import CampaignState


@implements(
    "Rest Phase", chapter="Rest Phase", status="assisted",
    tests=["tests/delve/test_rest.py::test_rest_discards_resources_lists_rest_techniques_and_shows_rotation_2",
           "tests/delve/test_rest.py::test_one_rest_per_expedition_and_not_in_the_fog",
           "tests/delve/test_monster_tokens.py::test_rest_performs_rotation_2_on_the_tokens"],
    note="the steps in order: the Rest Techniques listed (the players play them with `/knight technique`), every "
    "Resource token discarded, Rotation 2, a Campfire Tale (`/rest tale:false`: none)",
)
@handles(RestPhase)
def rest_phase(engine: Engine, state: CampaignState, act: RestPhase, dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    if delve.fog is not None:
        raise RuleError("the party is in the Deep Fog; it cannot rest before it is out")
    if delve.rested:
        raise RuleError("the party has already rested this Expedition (the rulebook: no extra Rests, even when a "
                        "Quest calls for one after it happened); `/gm undo` takes a Rest back")
    party: list[KnightState] = [k for k in state.knights.values() if not k.dead]
    texts = [said(RestPhaseBegins())]
    techniques = rr.rest_techniques(engine.catalogue, party)
    if delve.resting:  # the second /rest: the Rest Abilities step is over
        texts.append(said(RestAbilities(step="done")))
    else:
        texts += rr.techniques_text(techniques)
    if act.pause and not delve.resting and any(t["playable"] for t in techniques):
        state.delve = delve.model_copy(update={"resting": True})
        texts.append(said(RestAbilities(step="waits")))
        return delve_result(engine, state, texts, rest={"techniques": techniques, "waiting": True})
    discarded = rr.discard_resources(party)
    texts += rr.resources_text(discarded, party)
    rotation = rr.rotation(kingdom, 2, state)
    texts.append(rotation["text"])
    campfire = None
    if act.tale:
        campfire, more = rr.campfire_tale(engine.catalogue, kingdom, state, party, dice)
        texts += more
    else:
        texts.append(said(CampfireTale(told=False)))
    state.delve = state.delve.model_copy(update={"rested": True, "resting": False})  # type: ignore[union-attr]
    knights = {k.id: rr.knight_view(engine.catalogue, state.knights[k.id]) for k in party}
    rest = {"techniques": techniques, "resources": discarded, "rotation": rotation, "campfire": campfire}
    return delve_result(engine, state, texts, rest=rest, knights=knights)
