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

from content.schema.kingdom import Adventure, DelveEffect, Kingdom, Printed
from rules import rolls
from rules.delve import fog as fr
from rules.delve import track as tr
from rules.delve_handlers import _party_leader, _result, current
from rules.dice import Dice
from rules.engine import Engine, Result, handles
from rules.errors import RuleError
from rules.state import CampaignState

BY_HAND = "(`/delve gain` for the Kingdom track, `/knight stat` for a Knight)"
MAX_ROLLS = 100  # d100 re-rolls for marked Unique boxes before giving up (only a table of nearly all Unique rows)


class DelveAdventure(BaseModel):
    """Trigger a Kingdom Adventure (no ``result``), or give the result of the test it waits for."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["delve_adventure"] = "delve_adventure"
    result: Literal["success", "failure"] | None = Field(None, description="the test's result (after /roll test)")
    knight: str | None = Field(None, max_length=100, description="the Knight who tests (default the Party Leader)")


def _apply(engine: Engine, kingdom: Kingdom, state: CampaignState, text: str, effects: list[DelveEffect],
           knight: str | None) -> tuple[list[str], list[int]]:
    """Typed effects through the Kingdom track and the Knights' statistics; ``text`` effects shown by hand."""
    texts: list[str] = []
    reached: list[int] = []
    if not effects:
        return [f"✋ By hand: {text} {BY_HAND}"], reached
    who = [knight] if knight is not None else []
    for effect in effects:
        if state.track.lost:
            break
        if effect.type == "text":
            texts.append(f"✋ By hand: {effect.text} {BY_HAND}")
            continue
        more, hit = fr.apply_printed(engine.catalogue, kingdom, state, Printed(text=text, effects=[effect]),
                                     knights=who, who="the Knight")
        texts += more
        reached += hit
    return texts, reached


def _knight(state: CampaignState, name: str | None) -> str | None:
    if name is not None:
        return _party_leader(state, name)[0]
    assert state.delve is not None
    leader = state.delve.leader
    if leader is not None and leader in state.knights:
        return leader
    return _party_leader(state, None)[0]


def _test_prompt(adv: Adventure, knight: str | None, state: CampaignState) -> str:
    assert adv.test is not None
    t = adv.test
    name = state.knights[knight].name if knight is not None else "the Knight"
    virtue = f"{t.virtue.capitalize()} " if t.virtue else ""
    bonus = f" bonus:<{name}'s {t.virtue.capitalize()}>" if t.virtue else ""
    return (f"🎲 Test: {virtue}{t.difficulty}+ for {name} — `/roll test difficulty:{t.difficulty}{bonus}` (Heat "
            f"re-roll: `/roll reroll`), then `/delve adventure result:success|failure`.")


def _roll_table(engine: Engine, kingdom: Kingdom, state: CampaignState, dice: Dice) -> tuple[Adventure, list[str],
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
            texts.append(f"🎲 d100 {value}: {adv.name} — its Unique box is already marked; roll again.")
            continue
        return adv, texts, rolled
    raise RuleError(f"{MAX_ROLLS} d100 rolls named only marked Unique boxes")


@handles(DelveAdventure)
def delve_adventure(engine: Engine, state: CampaignState, act: DelveAdventure, dice: Dice) -> Result:
    """Rulebook (Kingdom Adventures): "roll a d100 on the Adventure Table. The die result denotes the Adventure you
    should resolve"; "Mark the Unique boxes immediately after you roll the associated number"."""
    delve, kingdom, _tiles = current(engine, state)
    if state.track.lost:
        raise RuleError("the Expedition is lost; no Adventure can be resolved")
    knight = _knight(state, act.knight)
    if act.result is not None:
        return _resolve_test(engine, kingdom, state, act.result, knight)
    if delve.adventure is not None:
        waiting = next(a for a in kingdom.adventures if a.id == delve.adventure)
        raise RuleError(f"the Adventure {waiting.name} waits for its test: `/delve adventure result:success` or "
                        "`result:failure`")
    if not kingdom.adventures:
        raise RuleError(f"the {kingdom.name} Codex has no Adventure Table")
    adv, texts, rolled = _roll_table(engine, kingdom, state, dice)
    if adv.unique:
        state.adventure_boxes = [*state.adventure_boxes, adv.id]
    box = " ☑ Unique (box marked)" if adv.unique else ""
    texts.append(f"📜 Adventure (d100 {rolled[-1]['result']}): **{adv.name}**{box} — {adv.text}")
    reached: list[int] = []
    if adv.effects:
        more, hit = _apply(engine, kingdom, state, adv.text, list(adv.effects), knight)
        texts += more
        reached += hit
    data: dict[str, Any] = {"id": adv.id, "name": adv.name, "unique": adv.unique, "rolls": rolled,
                            "result": rolled[-1]["result"], "knight": knight, "waiting": False}
    if adv.test is not None and not state.track.lost:
        assert state.delve is not None
        state.delve = state.delve.model_copy(update={"adventure": adv.id})
        texts.append(_test_prompt(adv, knight, state))
        data.update(waiting=True, virtue=adv.test.virtue, difficulty=adv.test.difficulty)
    elif adv.roll and not state.track.lost:
        natural = dice.d10("Adventure roll (not a test)")
        row = adv.roll_row(natural)
        texts.append(f"🎲 Roll (a d10, not a test: no Heat re-roll): {natural} — {row.text}")
        more, hit = _apply(engine, kingdom, state, row.text, list(row.effects), knight)
        texts += more
        reached += hit
        data["roll"] = natural
    return _result(engine, state, texts + tr.story_prompts(reached), adventure=data)


def _resolve_test(engine: Engine, kingdom: Kingdom, state: CampaignState, result: str, knight: str | None) -> Result:
    """Rulebook (Adventure Tests and Rolls): "If the result is equal to or higher than the difficulty, it is a
    Success. Otherwise, it is a Fail"."""
    assert state.delve is not None
    if state.delve.adventure is None:
        raise RuleError("no Adventure waits for a test result; `/delve adventure` rolls one on the Adventure Table")
    adv = next(a for a in kingdom.adventures if a.id == state.delve.adventure)
    assert adv.test is not None
    outcome = adv.test.success if result == "success" else adv.test.failure
    state.delve = state.delve.model_copy(update={"adventure": None})
    word = "Success" if result == "success" else "Fail"
    texts = [f"📜 {adv.name} — {word}: {outcome.text}"]
    more, reached = _apply(engine, kingdom, state, outcome.text, list(outcome.effects), knight)
    data = {"id": adv.id, "name": adv.name, "outcome": result, "knight": knight, "waiting": False}
    return _result(engine, state, texts + more + tr.story_prompts(reached), adventure=data)
