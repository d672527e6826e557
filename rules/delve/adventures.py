"""Kingdom Adventures (rulebook "Kingdom Adventures", "Adventure Tests and Rolls"): the d100 Adventure Table of the
Kingdom Codex, its Unique boxes (kept in ``CampaignState.adventure_boxes`` across Expeditions), tests and rolls.

``/delve adventure`` rolls the d100 (re-rolled while it names a marked Unique box), marks a Unique box at once, shows
the paragraph and applies its effects; a d10 roll (not a test) is rolled and resolved at once; a test waits for its
result (``delve.adventure``): the Knight rolls it with ``/roll test`` (Heat re-rolls with ``/roll reroll``) and
``/delve adventure result:success|failure`` applies the outcome. Knight effects go to the Knight named, else the
Party Leader.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.loader import Catalogue
from content.schema.kingdom import Adventure, DelveEffect, Kingdom, Printed
from rules import rolls
from rules.coverage import implements
from rules.delve import adventure_facts as af
from rules.delve import exploration as ex
from rules.delve import track as tr
from rules.delve.exploration_facts import DelveByHand
from rules.delve.results import (
    current,
    delve_result,
    party_leader,
)
from rules.dice import Dice
from rules.engine import Engine, Result, handles
from rules.errors import RuleError
from rules.facts import random_targets_said, said
from rules.state import CampaignState

T = "tests/delve/test_adventures.py::"
MAX_ROLLS = 100  # d100 re-rolls for marked Unique boxes before giving up (only a table of nearly all Unique rows)


class DelveAdventure(BaseModel):
    """Trigger a Kingdom Adventure (no ``result``), or give the result of the test it waits for (a group test: one
    result per Knight, ``knight:`` naming who rolled it)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["delve_adventure"] = "delve_adventure"
    result: Literal["success", "failure"] | None = Field(None, description="the test's result (after /roll test)")
    knight: str | None = Field(None, max_length=100, description="the Knight who tests (default the Party Leader)")


def _apply(cat: Catalogue, kingdom: Kingdom, state: CampaignState, text: str, effects: list[DelveEffect],
           knight: str | None, dice: Dice | None = None) -> tuple[list[str], list[int]]:
    """Typed effects through the Kingdom track and the Knights' statistics (rules/delve/exploration.py); ``text``
    effects shown by hand."""
    if not effects:
        return [said(DelveByHand(text=text))], []
    who = [knight] if knight is not None else []
    return ex.apply_effects(cat, kingdom, state, Printed(text=text[:500], effects=effects), knights=who,
                            who="the Knight", dice=dice)


def _knight(state: CampaignState, name: str | None) -> str | None:
    if name is not None:
        return party_leader(state, name)[0]
    assert state.delve is not None
    leader = state.delve.leader
    if leader is not None and leader in state.knights:
        return leader
    return party_leader(state, None)[0]


def _test_prompt(adv: Adventure, knight: str | None, state: CampaignState) -> str:
    assert adv.test is not None
    t = adv.test
    return said(af.AdventureTestAsked(knight=state.knights[knight].name if knight is not None else "",
                                      virtue=t.virtue or "", difficulty=t.difficulty))


def _roll_table(kingdom: Kingdom, state: CampaignState, dice: Dice) -> tuple[Adventure, list[str],
                                                                                              list[dict[str, Any]]]:
    """Rulebook (Kingdom Adventures): "If you roll the number of an Adventure whose Unique box you've already marked,
    roll a d100 again and resolve the newly rolled Adventure (repeat as many times as necessary ...)"."""
    marked = set(state.adventure_boxes)
    if all(a.unique and a.id in marked for a in kingdom.adventures):
        raise RuleError(f"every Adventure of the {kingdom.name} Codex is Unique and already marked")
    texts: list[str] = []
    rolled: list[dict[str, Any]] = []
    for _ in range(MAX_ROLLS):
        white, black, value = rolls.d100(dice, "Adventure Table")
        adv = kingdom.adventure(value)
        rolled.append({"white": white, "black": black, "result": value, "adventure": adv.id if adv else None})
        if adv is None:
            raise RuleError(f"the {kingdom.name} Adventure Table has no row for {value}")
        if adv.unique and adv.id in marked:
            texts.append(said(af.AdventureRerolled(value=value, adventure=adv.name)))
            continue
        return adv, texts, rolled
    raise RuleError(f"{MAX_ROLLS} d100 rolls named only marked Unique boxes")


def _living(state: CampaignState) -> list[str]:
    return [k.id for k in state.knights.values() if not k.dead]


@implements(
    "Other Adventure Rolls", chapter="Other Rules",
    tests=[T + "test_a_roll_is_resolved_at_once_and_is_not_a_test"],
    note="an Adventure's d10 roll (not a test) is rolled and resolved at once; no Heat re-roll is offered",
)
@implements(
    "Kingdom Adventures",
    tests=[T + "test_a_unique_box_is_marked_once_then_rolled_again",
           T + "test_an_exploration_card_that_starts_an_adventure_rolls_the_d100",
           T + "test_a_point_of_interest_that_starts_an_adventure_rolls_it"],
    note="the d100 rolled (at once when an Exploration card or a Point of Interest triggers it), Unique boxes marked "
    "at once and re-rolled; effects and d10 rolls applied; tests wait for their results",
)
@ex.triggers_adventures
def trigger(cat: Catalogue, kingdom: Kingdom, state: CampaignState, dice: Dice,
            knight: str | None) -> tuple[list[str], list[int], dict[str, Any]]:
    """Rulebook (Kingdom Adventures): "roll a d100 on the Adventure Table. The die result denotes the Adventure you
    should resolve"; "Mark the Unique boxes immediately after you roll the associated number"."""
    assert state.delve is not None
    if state.delve.adventure is not None:
        waiting = next(a for a in kingdom.adventures if a.id == state.delve.adventure)
        return [said(af.AdventureNotRolled(waiting=waiting.name))], [], {}
    if not kingdom.adventures:
        return [said(af.AdventureNotRolled(kingdom=kingdom.name))], [], {}
    knight = knight if knight is not None else _knight(state, None)
    adv, texts, rolled = _roll_table(kingdom, state, dice)
    if adv.unique:
        state.adventure_boxes = [*state.adventure_boxes, adv.id]
    texts += [said(af.AdventureRolled(value=rolled[-1]["result"], adventure=adv.name, unique=adv.unique,
                                      text=adv.text)),
              *random_targets_said(adv.text)]
    reached: list[int] = []
    if adv.effects:
        more, hit = _apply(cat, kingdom, state, adv.text, list(adv.effects), knight, dice)
        texts += more
        reached += hit
    data: dict[str, Any] = {"id": adv.id, "name": adv.name, "unique": adv.unique, "rolls": rolled,
                            "result": rolled[-1]["result"], "knight": knight, "waiting": False}
    if adv.test is not None and not state.track.lost:
        state.delve = state.delve.model_copy(update={"adventure": adv.id, "adventure_results": {}})
        texts.append(_group_prompt(adv, state) if adv.test.group else _test_prompt(adv, knight, state))
        data.update(waiting=True, virtue=adv.test.virtue, difficulty=adv.test.difficulty, group=adv.test.group)
    elif adv.roll and not state.track.lost:
        natural = dice.d10("Adventure roll (not a test)")
        row = adv.roll_row(natural)
        texts.append(said(af.AdventureRoll(natural=natural, text=row.text)))
        more, hit = _apply(cat, kingdom, state, row.text, list(row.effects), knight, dice)
        texts += more
        reached += hit
        data["roll"] = natural
    return texts, reached, data


def _group_prompt(adv: Adventure, state: CampaignState) -> str:
    assert adv.test is not None
    t = adv.test
    outcomes = [af.Outcome(least=o.least, text=o.text) for o in sorted(t.outcomes, key=lambda o: o.least)]
    return said(af.AdventureGroupTestAsked(knights=[state.knights[k].name for k in _living(state)],
                                           virtue=t.virtue or "", difficulty=t.difficulty, outcomes=outcomes))


@handles(DelveAdventure)
def delve_adventure(engine: Engine, state: CampaignState, act: DelveAdventure, dice: Dice) -> Result:
    """``/delve adventure``: the d100 (``trigger``), or a test's result."""
    delve, kingdom, _tiles = current(engine, state)
    if state.track.lost:
        raise RuleError("the Expedition is lost; no Adventure can be resolved")
    knight = _knight(state, act.knight)
    if act.result is not None:
        return _resolve_test(engine, kingdom, state, act.result, knight, explicit=act.knight is not None, dice=dice)
    if delve.adventure is not None:
        waiting = next(a for a in kingdom.adventures if a.id == delve.adventure)
        raise RuleError(f"the Adventure {waiting.name} waits for its test: `/delve adventure result:success` or "
                        "`result:failure`")
    if not kingdom.adventures:
        raise RuleError(f"the {kingdom.name} Codex has no Adventure Table")
    texts, reached, data = trigger(engine.catalogue, kingdom, state, dice, knight)
    return delve_result(engine, state, texts + tr.story_prompts(reached), adventure=data)


@implements(
    "Adventure Tests and Rolls", chapter="Other Rules", status="assisted",
    tests=[T + "test_test_outcomes_apply_to_the_knight_and_the_track"],
    note="the Knight rolls the test with `/roll test` (bonuses, Heat re-rolls, natural 10/1 there); the result is "
    "given to `/delve adventure result:success|failure` and the outcome applied",
)
def _resolve_test(engine: Engine, kingdom: Kingdom, state: CampaignState, result: str, knight: str | None, *,
                  explicit: bool, dice: Dice) -> Result:
    """Rulebook (Adventure Tests and Rolls): "If the result is equal to or higher than the difficulty, it is a
    Success. Otherwise, it is a Fail"."""
    assert state.delve is not None
    if state.delve.adventure is None:
        raise RuleError("no Adventure waits for a test result; `/delve adventure` rolls one on the Adventure Table")
    adv = next(a for a in kingdom.adventures if a.id == state.delve.adventure)
    assert adv.test is not None
    if adv.test.group:
        return _group_result(engine, kingdom, state, adv, result == "success", knight, explicit, dice)
    outcome = adv.test.success if result == "success" else adv.test.failure
    assert outcome is not None
    state.delve = state.delve.model_copy(update={"adventure": None})
    texts = [said(af.AdventureOutcome(adventure=adv.name, success=result == "success", text=outcome.text))]
    more, reached = _apply(engine.catalogue, kingdom, state, outcome.text, list(outcome.effects), knight, dice)
    data = {"id": adv.id, "name": adv.name, "outcome": result, "knight": knight, "waiting": False}
    return delve_result(engine, state, texts + more + tr.story_prompts(reached), adventure=data)


@implements(
    "Fail Effects", chapter="Other Rules",
    tests=[T + "test_group_test_fail_effect_on_each_failer"],
    note="a group test's `fail` effect goes to each Knight who failed",
)
@implements(
    "Solo vs. Group Tests",
    tests=[T + "test_group_test_outcome_by_the_count_of_successes", T + "test_group_test_fail_effect_on_each_failer",
           T + "test_group_test_needs_each_knight_once"],
    note="every living Knight's result is given; the outcome by the count of successes; the Fail effect on each "
    "Knight who failed",
)
def _group_result(engine: Engine, kingdom: Kingdom, state: CampaignState, adv: Adventure, success: bool,
                  knight: str | None, explicit: bool, dice: Dice) -> Result:
    """Rulebook (Solo vs. Group Tests): "After every Knight makes their test, the Knights sum up their successes and
    consult the results"; (Fail Effects) "A Fail effect is applied to the individual Knight who failed the test"."""
    assert state.delve is not None and adv.test is not None
    test = adv.test
    living = _living(state)
    if not explicit or knight is None:
        raise RuleError(f"{adv.name} is a group test: give each Knight's result with `knight:` — waiting for "
                        + ", ".join(state.knights[k].name for k in living if k not in state.delve.adventure_results))
    if knight in state.delve.adventure_results:
        raise RuleError(f"{state.knights[knight].name} already gave a result for {adv.name}")
    if knight not in living:
        raise RuleError(f"{state.knights[knight].name} is not a living Knight of the party")
    results = {**state.delve.adventure_results, knight: success}
    state.delve = state.delve.model_copy(update={"adventure_results": results})
    texts = [said(af.AdventureKnightResult(adventure=adv.name, knight=state.knights[knight].name, success=success))]
    waiting = [k for k in living if k not in results]
    data: dict[str, Any] = {"id": adv.id, "name": adv.name, "group": True, "results": dict(results),
                            "waiting": bool(waiting)}
    if waiting:
        texts.append(said(af.AdventureWaitingFor(knights=[state.knights[k].name for k in waiting])))
        return delve_result(engine, state, texts, adventure=data)
    count = sum(results.values())
    outcome = test.outcome(count)
    state.delve = state.delve.model_copy(update={"adventure": None, "adventure_results": {}})
    texts.append(said(af.AdventureOutcome(adventure=adv.name, successes=count, text=outcome.text)))
    reached: list[int] = []
    more, hit = ex.apply_effects(engine.catalogue, kingdom, state, outcome, knights=living, who="each Knight",
                                 dice=dice)
    texts += more
    reached += hit
    if test.fail is not None:
        for kid, ok in results.items():
            if ok or state.track.lost:
                continue
            texts.append(said(af.AdventureFailEffect(knight=state.knights[kid].name, text=test.fail.text)))
            more, hit = _apply(engine.catalogue, kingdom, state, test.fail.text, list(test.fail.effects), kid, dice)
            texts += more
            reached += hit
    data.update(successes=count, outcome=outcome.least)
    return delve_result(engine, state, texts + tr.story_prompts(reached), adventure=data)
