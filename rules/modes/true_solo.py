"""Rulebook, "True Solo Mode" (docs/modes.md): a single Knight's Investigations without Clue cards, the Priority
Target at the start of every Clash, three Gear cards from the Armory at Clash Setup, and random Knights.

Each rule is applied by the module owning its moment: ``rules.expedition.clue_cards`` (the Clue card not drawn,
every Clue type collected, 3 Clues succeeding) and ``rules.modes.clash_setup`` (called by ``/clash start``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.expedition.state import ClueObjective, ExpeditionState
from rules.knights.find import find_knight
from rules.knights.sheet import mark_tale
from rules.knights.state import KnightState
from rules.state import CampaignState

T = "tests/modes/test_true_solo.py::"
SOLO = "true_solo"  # the ClueObjective's card id: no Clue card, every type collected
CLUES_TO_SUCCEED, SUCCESSES_PER_EXPEDITION, INVESTIGATIONS_BEFORE_FULL_CLASH = 3, 3, 3
GEAR_AT_SETUP = 3

RANDOM_KNIGHT_TEXT = (
    "True Solo Mode: \"If an effect targets a random Knight, prioritize your Knight. For example, if an effect "
    "targets two random Knights, it will target your Knight and one random Squire instead.\"")


def active(state: CampaignState) -> bool:
    return state.mode == "true_solo"


def objective() -> ClueObjective:
    """"Ignore drawing a Clue card. Instead, collect all types of Clues (Martial, Errant, Historic, Mystic).\""""
    return ClueObjective(card=SOLO, primary="martial", needed=CLUES_TO_SUCCEED, collected={})


def is_solo(obj: ClueObjective | None) -> bool:
    return obj is not None and obj.card == SOLO


def progress(obj: ClueObjective) -> str:
    held = ", ".join(f"{t.capitalize()} {n}" for t, n in obj.collected.items() if n) or "none"
    return f"{sum(obj.collected.values())}/{CLUES_TO_SUCCEED} Clues of any type ({held})"


@implements("True Solo Mode", tests=[T + "test_solo_investigation_draws_no_clue_card_and_collects_every_type",
                                     T + "test_three_clues_succeed_and_a_new_investigation_is_chosen",
                                     T + "test_at_most_three_successes_in_one_expedition",
                                     T + "test_the_knight_starts_the_clash_as_priority_target",
                                     T + "test_clash_setup_shows_the_three_gear_and_random_knight_rules"],
            status="assisted",
            note="Investigations without Clue cards, 3 Clues succeeding, up to three per Expedition, and the Priority "
                 "Target are automated; ending the Expedition after the Chapter's third Investigation, the three Gear "
                 "cards at Clash Setup and random Knights are shown with the command to apply them")
def on_clue(state: CampaignState, exp: ExpeditionState, kid: str) -> list[str]:
    """"When you collect 3 Clues of any type, immediately read the Success paragraph of the Investigation you
    resolved and discard all Clue tokens you've collected. Next, choose another Investigation from your Chapter to
    resolve. Immediately read the starting paragraph of that Investigation, then resume your Expedition. You may
    succeed at up to three Investigations during a single Expedition this way.\""""
    vision = exp.visions[kid]
    obj = vision.clue
    if obj is None or sum(obj.collected.values()) < CLUES_TO_SUCCEED or vision.investigation is None:
        return []
    k = state.knights[kid]
    number = vision.investigation
    out = mark_tale(k, "success", vision.chapter, number)
    exp.solo_successes.append(number)
    obj.collected = {}
    out.append(f"🔍 True Solo Mode: {k.name} holds 3 Clues — Investigation {vision.chapter}.{number} **succeeds**. "
               f"Read its Success paragraph now; the Clue tokens are discarded.")
    done = sum(1 for n in range(1, 6) if _finished(k, vision.chapter, n))
    if done >= INVESTIGATIONS_BEFORE_FULL_CLASH:
        out.append(f"True Solo Mode: this is the third Investigation of Chapter {vision.chapter} {k.name} has "
                   "finished: you may end the Expedition now by proceeding to the Full Clash (as if Time were 16) — "
                   "`/expedition next phase:clash reason:\"True Solo Mode: third Investigation\"` — or go on "
                   "exploring until you run out of Time.")
    if len(exp.solo_successes) >= SUCCESSES_PER_EXPEDITION:
        vision.outcome = "success"
        out.append(f"That is {SUCCESSES_PER_EXPEDITION} Investigations succeeded this Expedition, the most True Solo "
                   "Mode allows: no more Clues are collected for Investigations until the next Expedition.")
    else:
        vision.investigation = None
        out.append(f"Choose another Investigation of Chapter {vision.chapter} and read its starting paragraph, then "
                   f"resume the Expedition: `/solo investigation investigation:<number>`.")
    return out


def _finished(k: KnightState, chapter: int, number: int) -> bool:
    return k.sheet.tale[chapter - 1].investigations[number - 1].resolved


class SoloInvestigation(BaseModel):
    """True Solo Mode: the next Investigation of the Chapter, after a success."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["solo_investigation"] = "solo_investigation"
    investigation: int = Field(ge=1, le=5)
    knight: str | None = Field(None, max_length=100)


@handles(SoloInvestigation)
def choose_next(engine: Engine, state: CampaignState, act: SoloInvestigation, dice: Dice) -> Result:
    """"Next, choose another Investigation from your Chapter to resolve. Immediately read the starting paragraph of
    that Investigation, then resume your Expedition.\""""
    if not active(state):
        raise RuleError("this campaign does not play True Solo Mode (`/campaign mode mode:true_solo`)")
    exp = state.expedition
    if exp is None or exp.phase != "delve" and exp.phase != "clash" and exp.phase != "rest":
        raise RuleError("a new Investigation is chosen during an Expedition, after succeeding at one")
    k = find_knight(state, act.knight) if act.knight else next((state.knights[kid] for kid, v in exp.visions.items()
                                                               if is_solo(v.clue) and kid in state.knights), None)
    vision = exp.visions.get(k.id) if k is not None else None
    if k is None or vision is None or not is_solo(vision.clue):
        raise RuleError("no Knight of this Expedition is on a True Solo Investigation")
    if vision.investigation is not None or vision.outcome is not None:
        raise RuleError(f"{k.name} is on Investigation {vision.chapter}.{vision.investigation} already: a new one is "
                        "chosen once 3 Clues succeed at it" if vision.outcome is None else
                        f"{k.name} has succeeded at {SUCCESSES_PER_EXPEDITION} Investigations this Expedition")
    if act.investigation in exp.solo_successes or _succeeded(k, vision.chapter, act.investigation):
        raise RuleError(f"Investigation {vision.chapter}.{act.investigation} is already a success: choose another "
                        f"Investigation from Chapter {vision.chapter}")
    vision.investigation = act.investigation
    text = (f"🔍 {k.name} takes up Investigation {vision.chapter}.{act.investigation}: read its starting paragraph, "
            "then resume the Expedition (3 Clues of any type succeed).")
    return Result(state=state, events=[Event(kind="expedition", text=text)],
                  data={"knight": k.id, "investigation": act.investigation, "solo_successes": list(exp.solo_successes)})


def _succeeded(k: KnightState, chapter: int, number: int) -> bool:
    return k.sheet.tale[chapter - 1].investigations[number - 1].success


def clash_setup(state: CampaignState, knights: list[KnightState]) -> list[str]:
    """"Your Knight always starts a Clash with the Priority Target token, regardless of the Passion values of the
    Squires." "During each Clash Setup, you may equip up to three Gear cards from your Knight Armory (exchanging it
    with the Gear you already have equipped if you don't have any free Gear slots).\""""
    if not active(state) or state.clash is None or len(knights) != 1:
        return []
    k = knights[0]
    state.clash.flow.priority_target = k.id
    return [f"🎯 True Solo Mode: {k.name} starts the Clash with the Priority Target token.",
            f"True Solo Mode: during this Clash Setup {k.name} may equip up to {GEAR_AT_SETUP} Gear cards from the "
            f"Armory (exchanging them with equipped Gear when no Gear slot is free): `/knight loadout knight:{k.id} "
            "gear:<id,id,...>`.",
            RANDOM_KNIGHT_TEXT + " (the bot's random Knight rolls include the Squires: pick your Knight by hand)."]
