"""Rulebook, "True Solo Mode" (docs/modes.md): a single Knight's Investigations without Clue cards, the Priority
Target at the start of every Clash, three Gear cards from the Armory at Clash Setup, and random Knights.

Each rule is applied by the module owning its moment: ``rules.expedition.clue_cards`` (the Clue card not drawn,
every Clue type collected, 3 Clues succeeding) and ``rules.modes.clash_setup`` (called by ``/clash start``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.loader import Catalogue
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles, reviews
from rules.errors import RuleError
from rules.expedition.state import ClueObjective, ExpeditionState
from rules.facts import RandomKnightsTargeted, facts_in, said
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights.find import find_knight
from rules.knights.sheet import mark_tale
from rules.knights.state import Equipped, KnightState
from rules.modes.solo_facts import (
    RandomKnightsNamed,
    Rounds,
    SetupStep,
    SoloChapterDone,
    SoloChooseNext,
    SoloClashSetup,
    SoloExpeditionFull,
    SoloGearEquipped,
    SoloInvestigationSucceeded,
    SoloInvestigationTaken,
)
from rules.rolls import random_element
from rules.state import DICE_PORT_VERSION, CampaignState

T = "tests/modes/test_true_solo.py::"
R = "tests/modes/test_true_solo_random.py::"
SOLO = "true_solo"  # the ClueObjective's card id: no Clue card, every type collected
CLUES_TO_SUCCEED, SUCCESSES_PER_EXPEDITION, INVESTIGATIONS_BEFORE_FULL_CLASH = 3, 3, 3
GEAR_AT_SETUP = 3


def active(state: CampaignState) -> bool:
    return state.mode == "true_solo"


def objective() -> ClueObjective:
    """"Ignore drawing a Clue card. Instead, collect all types of Clues (Martial, Errant, Historic, Mystic).\""""
    return ClueObjective(card=SOLO, primary="martial", needed=CLUES_TO_SUCCEED, collected={})


def is_solo(obj: ClueObjective | None) -> bool:
    return obj is not None and obj.card == SOLO


@implements("True Solo Mode", tests=[T + "test_solo_investigation_draws_no_clue_card_and_collects_every_type",
                                     T + "test_three_clues_succeed_and_a_new_investigation_is_chosen",
                                     T + "test_at_most_three_successes_in_one_expedition",
                                     T + "test_the_knight_starts_the_clash_as_priority_target",
                                     T + "test_clash_setup_shows_the_three_gear_and_random_knight_rules"],
            status="assisted",
            note="Investigations without Clue cards, 3 Clues succeeding, up to three per Expedition, the Priority "
                 "Target, the three Gear cards at Clash Setup (/solo gear) and random Knights (/solo random) are "
                 "automated; ending the Expedition after the Chapter's third Investigation is shown with its command")
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
    out.append(said(SoloInvestigationSucceeded(knight=k.name, chapter=vision.chapter, investigation=number)))
    done = sum(1 for n in range(1, 6) if _finished(k, vision.chapter, n))
    if done >= INVESTIGATIONS_BEFORE_FULL_CLASH:
        out.append(said(SoloChapterDone(knight=k.name, chapter=vision.chapter)))
    if len(exp.solo_successes) >= SUCCESSES_PER_EXPEDITION:
        vision.outcome = "success"
        out.append(said(SoloExpeditionFull(most=SUCCESSES_PER_EXPEDITION)))
    else:
        vision.investigation = None
        out.append(said(SoloChooseNext(chapter=vision.chapter)))
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
    taken = SoloInvestigationTaken(knight=k.name, chapter=vision.chapter, investigation=act.investigation)
    return Result(state=state, events=[Event(kind="expedition", fact=taken)],
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
    state.solo_gear = []
    steps: tuple[SetupStep, ...] = ("priority", "gear", "random")
    return [said(SoloClashSetup(knight=k.name, gear=GEAR_AT_SETUP, step=step)) for step in steps]


class SoloGear(BaseModel):
    """True Solo Mode: Gear from the Armory equipped during the Clash Setup."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["solo_gear"] = "solo_gear"
    gear: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(min_length=1, max_length=GEAR_AT_SETUP)
    unequip: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(default_factory=list, max_length=5)
    knight: str | None = Field(None, max_length=100)


def _solo_knight(state: CampaignState, name: str | None) -> KnightState:
    if name:
        return find_knight(state, name)
    living = [k for k in state.knights.values() if not k.dead]
    if len(living) != 1:
        raise RuleError("True Solo Mode is played with a single living Knight")
    return living[0]


def _hands(cat: Catalogue, e: Equipped) -> dict[str, int]:
    if e.hands is not None:  # Knighves fill the free hands they were given
        return {"hand": e.hands, "armor": 0, "support": 0}
    use = lo.gear(cat, e.gear).slot_use()
    return {"hand": use.hand, "armor": use.armor, "support": use.support}


@implements("True Solo Mode", tests=[T + "test_solo_gear_at_clash_setup_up_to_three"],
            note="up to three Armory Gear cards equipped during each Clash Setup (/solo gear)")
@handles(SoloGear)
def solo_gear(engine: Engine, state: CampaignState, act: SoloGear, dice: Dice) -> Result:
    """"During each Clash Setup, you may equip up to three Gear cards from your Knight Armory (exchanging it with the
    Gear you already have equipped if you don't have any free Gear slots).\""""
    if not active(state):
        raise RuleError("this campaign does not play True Solo Mode (`/campaign mode mode:true_solo`)")
    clash = state.clash
    if clash is None or clash.flow.started or clash.flow.round != 1 or clash.flow.acted:
        raise RuleError("Gear from the Armory is equipped during the Clash Setup: after `/clash start`, before the "
                        "first Monster Round begins")
    cat = engine.catalogue
    k = _solo_knight(state, act.knight)
    if len(set(act.gear)) != len(act.gear) or len(set(act.unequip)) != len(act.unequip):
        raise RuleError("a Gear card is named twice; each card is one card")
    used = len(state.solo_gear)
    if used + len(act.gear) > GEAR_AT_SETUP:
        raise RuleError(f"up to {GEAR_AT_SETUP} Gear cards from the Armory during each Clash Setup: {used} equipped "
                        f"already, {GEAR_AT_SETUP - used} left")
    on = {e.gear for e in k.loadout}
    for gid in act.gear:
        g = lo.gear(cat, gid)
        if lo.armory_item(k, gid) is None:
            raise RuleError(f"{g.name} is not in {k.name}'s Armory")
        if gid in on and gid not in act.unequip:
            raise RuleError(f"{g.name} is equipped already")
    for gid in act.unequip:
        if gid not in on:
            names = ", ".join(sorted(on)) or "nothing"
            raise RuleError(f"{gid} is not in {k.name}'s Loadout (equipped: {names})")
    kept = [e for e in k.loadout if e.gear not in act.unequip]
    loadout = kept + [Equipped(gear=gid, charges=lo.gear(cat, gid).charges) for gid in act.gear]
    total = {"hand": 0, "armor": 0, "support": 0}
    for e in loadout:
        for slot, n in _hands(cat, e).items():
            total[slot] += n
    over = [f"{total[s]} {s} slots (of {n})" for s, n in lo.SLOTS.items() if total[s] > n]
    if over:
        raise RuleError(f"that Loadout needs {', '.join(over)}: exchange equipped Gear with unequip:<id,...> (two "
                        "hand slots, one Armor slot, two Support slots)")
    old_max = st.max_vigor(cat, k)
    k.loadout = loadout
    if st.max_vigor(cat, k) < 1:
        raise RuleError(f"that Loadout would leave {k.name} a maximum Vigor of {st.max_vigor(cat, k)}")
    state.solo_gear += act.gear
    new_max = st.max_vigor(cat, k)
    equipped = SoloGearEquipped(knight=k.name, gear=[lo.face(cat, k, g).name for g in act.gear],
                                unequipped=[lo.face(cat, k, g).name for g in act.unequip],
                                count=len(state.solo_gear), most=GEAR_AT_SETUP,
                                max_vigor=(old_max, new_max) if new_max != old_max else None,
                                after=st.clamp_vigor(cat, k))
    return Result(state=state, events=[Event(kind="clash", fact=equipped)],
                  data={"knight": k.id, "loadout": [e.gear for e in k.loadout], "solo_gear": list(state.solo_gear)})


class SoloRandom(BaseModel):
    """True Solo Mode: an effect targets ``count`` random Knights."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["solo_random"] = "solo_random"
    count: int = Field(1, ge=1, le=5)


def the_knight(state: CampaignState) -> KnightState | None:
    """The single living Knight of a True Solo campaign, else None."""
    if not active(state):
        return None
    living = [k for k in state.knights.values() if not k.dead]
    return living[0] if len(living) == 1 else None


def random_squires(state: CampaignState) -> list[str]:
    """The Squires a random Knight may fall on after your Knight: those on the Clash Board during a Clash, else every
    living Squire of the campaign."""
    squires = [s for s in state.squires.values() if s.vigor > 0]
    if state.clash is not None:
        on_board = {mini.id for mini in state.board.knights}
        squires = [s for s in squires if s.id in on_board]
    return [s.name for s in squires]


def random_knights(state: CampaignState, k: KnightState, count: int, dice: Dice | None,
                   purpose: str) -> tuple[list[str], list[Rounds]]:
    """"If an effect targets a random Knight, prioritize your Knight. For example, if an effect targets two random
    Knights, it will target your Knight and one random Squire instead." Your Knight, then random Squires, each chosen
    as any random element (one d10 each, the lowest; ties rolled again); no die when one Squire is left. ``dice``
    None: no Squire is chosen (the players ask for them). Returns the targets and each rolled pick's d10 rounds."""
    chosen = [k.name]
    rolled: list[Rounds] = []
    pool = random_squires(state)
    while dice is not None and len(chosen) < count and pool:
        if len(pool) == 1:
            pick = pool[0]
        else:
            pick, rounds = random_element(dice, pool, purpose)
            rolled.append(rounds)
        chosen.append(pick)
        pool.remove(pick)
    return chosen, rolled


@implements("True Solo Mode", tests=[T + "test_a_random_knight_is_your_knight_first"],
            note="random Knights: your Knight first, then random Squires (/solo random)")
@handles(SoloRandom)
def solo_random(engine: Engine, state: CampaignState, act: SoloRandom, dice: Dice) -> Result:
    """"If an effect targets a random Knight, prioritize your Knight. For example, if an effect targets two random
    Knights, it will target your Knight and one random Squire instead." The Squires are the ones on the Clash Board
    during a Clash, else every Squire of the campaign; they are chosen as any random element (one d10 each, the
    lowest)."""
    if not active(state):
        raise RuleError("this campaign does not play True Solo Mode: choose among all Knights with `/roll random`")
    k = _solo_knight(state, None)
    chosen, rolled = random_knights(state, k, act.count, dice, "True Solo random Squire")
    named = RandomKnightsNamed(targets=chosen, rolls=rolled, asked=act.count, by="command")
    return Result(state=state, events=[Event(kind="roll", fact=named)], data={"targets": chosen})


def on_port(state: CampaignState) -> bool:
    """True Solo's random Knights roll on the dice port in campaigns created at state version 2+: an older campaign's
    log replays exactly (rules.state.DICE_PORT_VERSION)."""
    return state.version >= DICE_PORT_VERSION


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


@implements("True Solo Mode", tests=[R + "test_roll_random_among_the_party_names_your_knight_first",
                                     R + "test_roll_random_among_other_things_is_a_plain_random_element"],
            note="/roll random among the party's Knight and Squires: your Knight, no dice")
def first_among(state: CampaignState, among: list[str]) -> str | None:
    """`/roll random among:...` in True Solo Mode: when the names are the party's (your Knight among them, every
    other one a Squire), it is a random Knight: "prioritize your Knight". Returns the name as given, else None (a
    plain random element: other names, or no Knight among them)."""
    k = the_knight(state)
    if k is None or not on_port(state):
        return None
    party = {_key(k.name), _key(k.id)} | {_key(s.name) for s in state.squires.values()} | set(state.squires)
    mine = [n for n in among if _key(n) in (_key(k.name), _key(k.id))]
    if not mine or any(_key(n) not in party for n in among):
        return None
    return mine[0]


@implements("True Solo Mode", tests=[R + "test_a_card_naming_a_random_knight_is_resolved_to_your_knight",
                                     R + "test_a_card_naming_two_random_knights_adds_a_random_squire",
                                     R + "test_outside_true_solo_a_card_text_is_left_to_the_players",
                                     R + "test_a_targeting_prompt_naming_a_random_knight_is_named_once"],
            note="a card text naming random Knights, shown by hand: the bot names your Knight, then random Squires")
def name_random_knights(engine: Engine, state: CampaignState, dice: Dice, events: list[Event]) -> list[Event]:
    """A reviewer (run after every action): in True Solo Mode, every effect the action showed that targets random
    Knights (the fact ``RandomKnightsTargeted``, given where the rules show a Delve, Deep Fog, Encounter,
    Exploration, Monster or deck card to apply by hand, or a Targeting line the players judge) gets its targets
    named: "If an effect targets a random Knight, prioritize your Knight. For example, if an effect targets two
    random Knights, it will target your Knight and one random Squire instead." One source shown twice in an action
    (a card, then the decision quoting it) is named once."""
    k = the_knight(state)
    if k is None:
        return []
    out: list[Event] = []
    seen: set[str] = set()
    for f in facts_in(e.fact for e in events):
        if not isinstance(f, RandomKnightsTargeted) or f.source in seen:
            continue
        seen.add(f.source)
        port = dice if on_port(state) else None
        chosen, rolled = random_knights(state, k, f.count, port, "True Solo random Squire")
        named = RandomKnightsNamed(targets=chosen, rolls=rolled, asked=f.count, by="card", port=port is not None)
        out.append(Event(kind="roll", fact=named))
    return out


reviews(name_random_knights)
