"""Saints: Devotion, the Holy Commandment, the Incarnation roll and the Unknown Saint (rulebook "Saints").

The Saint cards' texts (Holy Infusion Table, Holy Commandment, Holy Incarnation bonuses) are the players' cards:
the bot keeps who holds which Saint, the Devotion tokens, the miniature on the card and the Incarnation Value the
players read from the card when the Saint is unlocked, and it rolls and applies the Incarnation.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.campaign.saint_facts import (
    ChainBreak,
    CommandmentStep,
    Devoted,
    IncarnationEnded,
    IncarnationMissed,
    IncarnationRolled,
    IncarnationStep,
    SaintCardGained,
    SaintUnlocked,
)
from rules.campaign.state import Devotee, Progress, Saint
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, observes
from rules.errors import RuleError
from rules.facts import Fact
from rules.knights.state import KnightState
from rules.state import CampaignState

T = "tests/campaign/test_saints.py::"
AUTO_DEVOTION = 5  # "If you have 5+ Devotion tokens, you automatically succeed instead."
BANE_DISCARDED = 2  # "discard up to 2 Bane tokens and any Condition cards"
MOVE_BASE = 2  # "move up to X spaces, where X is 2 plus the number of Devotion tokens you have"
UNKNOWN = "unknown"
UNKNOWN_NAME = "the Unknown Saint"


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SaintDevote(_Action):
    """Devote (a Devotion token), or Devote to a Saint (gain that Saint's card first, if you don't have it)."""

    type: Literal["saint_devote"] = "saint_devote"
    knight: str = Field(max_length=64)
    saint: str | None = Field(None, min_length=1, max_length=60)
    incarnation: int | None = Field(None, ge=1, le=10, description="the Incarnation Value, to unlock a new Saint")
    devote: bool = Field(True, description="False: only gain the Saint card (no Devotion token)")


class SaintUnlockUnknown(_Action):
    type: Literal["saint_unknown"] = "saint_unknown"


class SaintCommandment(_Action):
    type: Literal["saint_commandment"] = "saint_commandment"
    knight: str = Field(max_length=64)
    step: Literal["start", "broken", "end"]


class SaintIncarnate(_Action):
    type: Literal["saint_incarnate"] = "saint_incarnate"
    knight: str = Field(max_length=64)


class SaintIncarnationEnd(_Action):
    type: Literal["saint_incarnation_end"] = "saint_incarnation_end"
    knight: str = Field(max_length=64)


class SaintLose(_Action):
    """The Saint card is discarded (back to the deck of unlocked Saints): the Knight died, or a card says so."""

    type: Literal["saint_lose"] = "saint_lose"
    knight: str = Field(max_length=64)


def slug(name: str) -> str:
    """A Saint's id: its name in lower case, words joined by ``_`` ("Saint Urbain" -> saint_urbain)."""
    return "_".join(re.findall(r"[a-z0-9]+", name.lower()))[:60]


def devotee(p: Progress, k: KnightState) -> Devotee:
    return p.devotees.setdefault(k.id, Devotee())


def held(p: Progress, k: KnightState) -> Saint | None:
    return next((s for s in p.saints.values() if s.holder == k.id), None)


def find_saint(p: Progress, name: str) -> Saint | None:
    return p.saints.get(slug(name)) or next((s for s in p.saints.values() if s.name.lower() == name.lower()), None)


@implements("Gaining Saints", tests=[T + "test_a_saint_is_held_by_one_knight_at_a_time",
                                     T + "test_devotion_moves_onto_the_saint_card"])
def gain(state: CampaignState, k: KnightState, name: str, incarnation: int | None) -> list[Fact]:
    """"When one Knight gains a specific Saint card, it becomes unavailable for everyone else until that Knight loses
    it." and "Sometimes, you will be instructed to gain a specific Saint instead; in that case unlock that Saint, if
    you haven't already, and gain their card." One Saint card per Knight (docs/rulings.md)."""
    p = state.progress
    saint = find_saint(p, name)
    out: list[Fact] = []
    if saint is None:
        saint = unlock(state, k, name, incarnation)
        out.append(SaintUnlocked(saint=saint.name, incarnation=saint.incarnation, knight=k.name))
    if saint.holder == k.id:
        return out
    if saint.holder is not None:
        other = state.knights.get(saint.holder)
        raise RuleError(f"{saint.name}'s card is held by {other.name if other else saint.holder}: a Saint card is "
                        "unavailable for everyone else until that Knight loses it")
    mine = held(p, k)
    if mine is not None:
        raise RuleError(f"{k.name} is already devoted to {mine.name}; a Knight has one patron Saint at a time "
                        f"(lose it first with /saint lose)")
    saint.holder = k.id
    d = devotee(p, k)
    out.append(SaintCardGained(knight=k.name, saint=saint.name, devotion=d.devotion))
    return out


@implements("Unlocking Saints", tests=[T + "test_devote_to_a_new_saint_unlocks_it"])
def unlock(state: CampaignState, k: KnightState, name: str, incarnation: int | None) -> Saint:
    """"A Saint card becomes effectively unlocked for all Knights when any Knight devotes to the given Saint for the
    first time (note that Saint on your Knight Sheet)." The Incarnation Value is read from the card."""
    if incarnation is None:
        raise RuleError(f"{name} is not unlocked yet; give its Incarnation Value (the number at the bottom of the "
                        f"card) to unlock it, e.g. incarnation:7")
    sid = slug(name)
    if not sid or sid == UNKNOWN:
        raise RuleError("give the Saint's name as printed on its card (the Unknown Saint is unlocked with "
                        "/saint unknown)")
    saint = Saint(name=name.strip(), incarnation=incarnation)
    state.progress.saints[sid] = saint
    if not any(t.lower() == saint.name.lower() for t in k.sheet.saints):
        k.sheet.saints.append(saint.name)
    return saint


def devote(state: CampaignState, k: KnightState, saint: str | None, incarnation: int | None,
           token: bool = True) -> list[Fact]:
    """"Devote: Gain a Devotion token." / "Devote to Name: Gain the Saint Name card, if you don't have it already.
    Then, gain a Devotion token." / "You may gain Devotion tokens without having a Saint card." """
    out = gain(state, k, saint, incarnation) if saint else []
    if token:
        d = devotee(state.progress, k)
        d.devotion += 1
        mine = held(state.progress, k)
        out.append(Devoted(knight=k.name, devotion=d.devotion, saint=mine.name if mine else None))
    return out


@implements("Saints", chapter="Other Rules", tests=[T + "test_commandment_broken_twice_discards_the_saint",
                                                   T + "test_commandment_kept_devotes_at_the_end"])
def commandment(state: CampaignState, k: KnightState, step: str) -> list[Fact]:
    """"At the start of an Expedition, place your Saint miniature on the Saint card. If you break the Holy Commandment
    (meaning you do not follow the rule), remove the miniature from your card. If you don't have the miniature on the
    Saint card and break the Commandment again, discard the Saint card instead. At the end of the Expedition, if the
    Saint miniature is still on your card, Devote." """
    p = state.progress
    saint = held(p, k)
    if saint is None:
        raise RuleError(f"{k.name} has no Saint card, so there is no Holy Commandment to keep")
    d = devotee(p, k)
    if step == "start":
        d.miniature = True
        return [CommandmentStep(knight=k.name, saint=saint.name, step="placed")]
    if step == "broken":
        if d.miniature:
            d.miniature = False
            return [CommandmentStep(knight=k.name, saint=saint.name, step="broken")]
        lose(state, k)
        return [CommandmentStep(knight=k.name, saint=saint.name, step="discarded", devotion=d.devotion)]
    if not d.miniature:
        return [CommandmentStep(knight=k.name, saint=saint.name, step="no_devotion")]
    d.miniature = False
    return [CommandmentStep(knight=k.name, saint=saint.name, step="kept"), *devote(state, k, None, None)]


@implements("Saints", chapter="Other Rules",
            tests=["tests/campaign/test_commandment_expedition.py::test_the_expedition_places_and_settles_the_miniatures"],
            note="the Expedition's start places each Saint card holder's miniature; its end Devotes those still on "
            "their card")
def expedition_commandments(state: CampaignState) -> list[Fact]:
    """"Holy Commandment: a rule you must follow during Expeditions. At the start of an Expedition, place your Saint
    miniature on the Saint card. [...] At the end of the Expedition, if the Saint miniature is still on your card,
    Devote." Runs after every action (an engine observer): a new Expedition (`/expedition start`) places the
    miniature of every Knight holding a Saint card (not set aside, not dead); the Expedition reaching its end
    (`/spoils done`, or the GM's move to the end) Devotes each Knight whose miniature is still there. Each happens
    once per Expedition; a broken Commandment is still reported with `/saint commandment step:broken`."""
    exp, p = state.expedition, state.progress
    if exp is None:
        return []
    out: list[Fact] = []
    holders = [k for k in state.knights.values() if held(p, k) is not None and not k.dead and k.id not in p.set_aside]
    if exp.step != "over" and exp.number > p.commandment_placed:
        p.commandment_placed = exp.number
        for k in holders:
            out += commandment(state, k, "start")
    if exp.step == "over" and exp.number > p.commandment_settled:
        p.commandment_settled = exp.number
        for k in holders:
            if devotee(p, k).miniature:
                out += commandment(state, k, "end")
            elif p.commandment_placed == exp.number:
                out += commandment(state, k, "end")  # says: no Devotion
    return out


@observes
def _commandments(engine: Engine, state: CampaignState) -> list[Event]:
    return [Event(kind="saint", fact=t) for t in expedition_commandments(state)]


def lose(state: CampaignState, k: KnightState) -> Saint:
    saint = held(state.progress, k)
    if saint is None:
        raise RuleError(f"{k.name} has no Saint card to lose")
    saint.holder = None
    devotee(state.progress, k).miniature = False
    return saint


def _clash_mark(state: CampaignState) -> str:
    clash = state.clash
    exp = state.expedition.number if state.expedition else 0
    return f"{exp}:{clash.type}:{clash.monster}:{clash.level}" if clash else ""


@implements("How to Incarnate", tests=[T + "test_five_devotion_incarnates_without_a_roll",
                                       T + "test_incarnation_roll_against_the_value",
                                       T + "test_failed_incarnation_keeps_one_devotion",
                                       T + "test_failed_incarnation_with_one_devotion_loses_the_card",
                                       T + "test_no_incarnation_outside_a_clash"])
def incarnation_roll(state: CampaignState, k: KnightState, dice: Dice) -> tuple[bool, int | None, list[Fact]]:
    """"When you're about to die during a Clash, you may make an Incarnation roll: roll a d10. If your roll is higher
    or equal to the Incarnation Value of your Saint, you Incarnate. If you have 5+ Devotion tokens, you automatically
    succeed instead." / "If you don't manage to Incarnate, you do not lose the Saint card, but you must reduce the
    number of your Devotion tokens to one. If you had only one Devotion token (or less) to begin with, lose the Saint
    card instead." / "Note: You cannot Incarnate outside of Clashes!" """
    p = state.progress
    if state.clash is None:
        raise RuleError(f"{k.name} cannot Incarnate outside of Clashes (\"Note: You cannot Incarnate outside of "
                        "Clashes!\")")
    d = devotee(p, k)
    if d.incarnated is not None:
        raise RuleError(f"{k.name} is Incarnated already")
    if not k.dead:
        raise RuleError(f"{k.name} is not about to die: the Incarnation roll is made when a Knight is about to die "
                        "during a Clash (the bot offers it then)")
    mark = _clash_mark(state)
    if d.rolled == mark and mark:
        raise RuleError(f"{k.name} has already made an Incarnation roll in this Clash")
    saint = held(p, k)
    if saint is None and not p.unknown_saint:
        raise RuleError(f"{k.name} has no Saint card, and the Unknown Saint is not unlocked: there is no Incarnation "
                        "roll to make")
    d.rolled = mark
    if saint is not None and d.devotion >= AUTO_DEVOTION:
        return True, None, [IncarnationRolled(knight=k.name, into=saint.name, success=True, devotion=d.devotion)]
    need = saint.incarnation if saint is not None else 10
    roll = dice.d10(f"Incarnation roll ({k.name})")
    if roll >= need:
        into = saint.name if saint else UNKNOWN_NAME
        return True, roll, [IncarnationRolled(knight=k.name, into=into, success=True, roll=roll, need=need)]
    lines: list[Fact] = [IncarnationRolled(knight=k.name, into=saint.name if saint else UNKNOWN_NAME, success=False,
                                           roll=roll, need=need)]
    if saint is None:
        return False, roll, lines
    if d.devotion <= 1:
        lose(state, k)
        lines.append(IncarnationMissed(knight=k.name, saint=saint.name, devotion=d.devotion, lost=True))
    else:
        lines.append(IncarnationMissed(knight=k.name, saint=saint.name, devotion=d.devotion, lost=False))
        d.devotion = 1
    return False, roll, lines


@implements("Incarnation Without a Saint", tests=[T + "test_unknown_saint_needs_a_ten"])
def incarnate(state: CampaignState, k: KnightState) -> list[Fact]:
    """"When you Incarnate, Chain Break, stand up and discard up to 2 Bane tokens and any Condition cards. Then, you
    may immediately move up to X spaces, where X is 2 plus the number of Devotion tokens you have, and perform a
    Bonus Attack!" / The Unknown Saint: "they follow all rules of Incarnation and grant you an additional +1 Vigor."
    The Knight stands back up (``dead`` is cleared); the miniature goes back with /clash place."""
    p = state.progress
    d = devotee(p, k)
    saint = held(p, k)
    d.incarnated = slug(saint.name) if saint else UNKNOWN
    k.dead = False
    bane = min(BANE_DISCARDED, k.stats.bane)
    k.stats.bane -= bane
    conditions, k.stats.conditions = list(k.stats.conditions), []
    lines: list[Fact] = [ChainBreak(knight=k.name, bane=bane, conditions=conditions)]
    if saint is None:
        k.stats.vigor += 1
        lines.append(IncarnationStep(step="unknown_saint", knight=k.name, vigor=k.stats.vigor))
    if state.clash is not None and state.clash.over == "defeat":
        state.clash.over = None
        lines.append(IncarnationStep(step="defeat_taken_back"))
    lines.append(IncarnationStep(step="move", knight=k.name, spaces=MOVE_BASE + d.devotion, devotion=d.devotion))
    return lines


def end_incarnation(state: CampaignState, k: KnightState, clash_finished: bool = False) -> list[Fact]:
    """"Once an Incarnation ends, your Knight does not die." / "When the Incarnation ends, or if you finish the Clash
    while Incarnated, you lose the Saint card and all of your Devotion tokens." """
    p = state.progress
    d = devotee(p, k)
    if d.incarnated is None:
        raise RuleError(f"{k.name} is not Incarnated")
    into = d.incarnated
    d.incarnated = None
    tokens, d.devotion = d.devotion, 0
    saint = held(p, k)
    if saint is not None:
        lose(state, k)
    name = saint.name if saint else (UNKNOWN_NAME if into == UNKNOWN else into)
    return [IncarnationEnded(knight=k.name, into=name, card=saint.name if saint else None, tokens=tokens,
                             clash_finished=clash_finished)]


def view(state: CampaignState) -> dict[str, object]:
    p = state.progress
    return {
        "saints": [{"id": sid, "name": s.name, "incarnation": s.incarnation, "holder": s.holder}
                   for sid, s in p.saints.items()],
        "devotion": {kid: d.model_dump() for kid, d in p.devotees.items()},
        "unknown_saint": p.unknown_saint,
    }


@implements("How to Incarnate", tests=[T + "test_finishing_the_clash_incarnated_ends_the_incarnation"])
def clash_finished(state: CampaignState) -> list[Fact]:
    """"When the Incarnation ends, or if you finish the Clash while Incarnated, you lose the Saint card and all of
    your Devotion tokens." Checked after every action: a Knight still Incarnated once no Clash is under way (ended,
    or over with a victory or a defeat) ends the Incarnation."""
    if state.clash is not None and state.clash.over is None:
        return []
    out: list[Fact] = []
    for kid, d in state.progress.devotees.items():
        k = state.knights.get(kid)
        if d.incarnated is not None and k is not None:
            out += end_incarnation(state, k, clash_finished=True)
    return out
