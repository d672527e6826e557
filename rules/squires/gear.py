"""A Squire's one Gear card, a Merchant weapon lent by a Knight during the Outpost Phase and given back after the
Expedition; removing a Squire; the Squire policy setting (docs/squires.md, "Gear")."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles, observes
from rules.errors import RuleError
from rules.facts import Fact, joined
from rules.knights.find import find_knight
from rules.squires import squire_facts as sf
from rules.squires.actions import SquireGold
from rules.squires.handlers import mettle_deck, summary
from rules.squires.state import SquireState
from rules.state import CampaignState

SquireId = Annotated[str, Field(min_length=1, max_length=64)]
T = "tests/squires/test_squire_gear.py::"


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SquireLend(_Action):
    type: Literal["squire_lend"] = "squire_lend"
    squire: SquireId
    knight: Annotated[str, Field(min_length=1, max_length=64)]
    weapon: Annotated[str, Field(min_length=1, max_length=64)]


class SquireReturn(_Action):
    type: Literal["squire_return"] = "squire_return"
    squire: SquireId


class SquireRemove(_Action):
    type: Literal["squire_remove"] = "squire_remove"
    squire: SquireId


class SquirePolicy(_Action):
    type: Literal["squire_policy"] = "squire_policy"
    squire: SquireId
    heat_reserve: int = Field(ge=0, le=10, description="Heat the policy keeps spare below the Heat Limit")


def _squire(state: CampaignState, sid: str) -> SquireState:
    s = state.squires.get(sid)
    if s is None:
        raise RuleError(f"there is no Squire {sid!r} in this campaign (/squire show lists them)")
    return s


def _result(engine: Engine, state: CampaignState, s: SquireState, told: Fact) -> Result:
    return Result(state=state, events=[Event(kind="squire", fact=told)], data={"squire": summary(engine, s)})


@implements("Other Squire Rules", tests=[T + "test_a_knight_lends_a_merchant_weapon_during_the_outpost",
                                        T + "test_only_merchant_weapons_and_only_one",
                                        T + "test_the_weapon_returns_after_the_expedition",
                                        T + "test_the_lent_weapon_adds_its_power_on_a_matching_clue"],
            note="Gold and Loot: the Spoils Phase gives Squires no share and one extra Gear exchange each "
                 "(rules/expedition/spoils*.py)")
@handles(SquireLend)
def lend(engine: Engine, state: CampaignState, act: SquireLend, dice: Dice) -> Result:
    """"During the Outpost Phase, any Knight may lend a Squire a Merchant weapon with Squire stats for the duration
    of that Expedition." The card leaves the Knight's Armory until it is returned."""
    s = _squire(state, act.squire)
    exp = state.expedition
    if exp is None or exp.step != "outpost":
        raise RuleError("a Knight lends a Squire a weapon during the Outpost Phase only")
    if s.weapon is not None:
        raise RuleError(f"Each Squire may only have one Gear card: {s.name} already has "
                        f"{engine.catalogue.gear[s.weapon.gear].name}")
    k = find_knight(state, act.knight)
    gear = engine.catalogue.gear.get(act.weapon)
    if gear is None:
        raise RuleError(f"there is no Gear {act.weapon!r} in the loaded packs")
    if gear.type != "weapon" or not gear.merchant:
        raise RuleError(f"{gear.name} is not a Merchant weapon: Squires cannot equip Armor or Support cards, and only "
                        "a Merchant weapon has Squire stats")
    if mettle_deck(engine).stats_of(gear.id) is None:
        raise RuleError(f"{gear.name} has no Squire stats box in the loaded packs (the Mettle deck's gear_stats)")
    item = next((a for a in k.sheet.armory if a.gear == gear.id), None)
    if item is None:
        raise RuleError(f"{k.name} has no {gear.name} in their Armory")
    if any(e.gear == gear.id for e in k.loadout):
        raise RuleError(f"{gear.name} is in {k.name}'s Loadout: unequip it first (/knight equip)")
    k.sheet.armory.remove(item)
    s.weapon, s.lender = item, k.id
    return _result(engine, state, s, sf.SquireLent(knight=k.name, gear=gear.name, squire=s.name))


def _give_back(engine: Engine, state: CampaignState, s: SquireState) -> sf.SquireGaveBack:
    assert s.weapon is not None
    name = engine.catalogue.gear[s.weapon.gear].name if s.weapon.gear in engine.catalogue.gear else s.weapon.gear
    k = state.knights.get(s.lender or "")
    if k is not None:
        k.sheet.armory.append(s.weapon)
    told = sf.SquireGaveBack(squire=s.name, gear=name, knight=k.name if k is not None else None)
    s.weapon, s.lender = None, None
    return told


@handles(SquireReturn)
def give_back(engine: Engine, state: CampaignState, act: SquireReturn, dice: Dice) -> Result:
    """"When a Squire is about to attack, they may voluntarily discard their equipped Gear card." Here: returned
    early, by hand."""
    s = _squire(state, act.squire)
    if s.weapon is None:
        raise RuleError(f"{s.name} has no lent weapon")
    return _result(engine, state, s, _give_back(engine, state, s))


@observes
def _after_expedition(engine: Engine, state: CampaignState) -> list[Event]:
    """"The Squire must return the borrowed card to its owner after the Expedition ends.\""""
    lent = [s for s in state.squires.values() if s.weapon is not None]
    if not lent or (state.expedition is not None and state.expedition.step != "over"):
        return []
    return [Event(kind="squire", fact=_give_back(engine, state, s)) for s in lent]


@handles(SquireRemove)
def remove(engine: Engine, state: CampaignState, act: SquireRemove, dice: Dice) -> Result:
    s = _squire(state, act.squire)
    if state.clash is not None and any(k.id == s.id for k in state.board.knights):
        raise RuleError(f"{s.name} is on the Clash Board: remove them after the Clash")
    lines: list[Fact] = [_give_back(engine, state, s)] if s.weapon is not None else []
    del state.squires[s.id]
    lines.append(sf.SquireLeft(squire=s.name))
    told = lines[0] if len(lines) == 1 else joined(lines)
    assert isinstance(told, Fact)
    return Result(state=state, events=[Event(kind="squire", fact=told)], data={"removed": s.id})


@handles(SquirePolicy)
def policy(engine: Engine, state: CampaignState, act: SquirePolicy, dice: Dice) -> Result:
    s = _squire(state, act.squire)
    s.heat_reserve = act.heat_reserve
    limit = engine.catalogue.squires[s.squire].heat_limit
    return _result(engine, state, s, sf.SquirePolicySet(squire=s.name, up_to=max(0, limit - act.heat_reserve),
                                                       limit=limit, reserve=act.heat_reserve))


@implements("Other Squire Rules", tests=[T + "test_gold_a_squire_gains_goes_to_the_party_leader"],
            note="a Squire's Gold goes to the Party Leader (/squire gold)")
@handles(SquireGold)
def gold(engine: Engine, state: CampaignState, act: SquireGold, dice: Dice) -> Result:
    """"If a Squire would gain any amount of Gold (e.g. from an Adventure), the Party Leader gains it instead.\""""
    s = _squire(state, act.squire)
    exp = state.expedition
    leader = exp.party_leader if exp is not None and exp.step != "over" else None
    if leader is None or leader not in state.knights:
        raise RuleError("a Squire's Gold goes to the Party Leader, and this Expedition has none yet (the Questing "
                        "Knight, or the one the players choose: /expedition leader)")
    k = state.knights[leader]
    k.sheet.gold += act.amount
    told = sf.SquireGold(squire=s.name, amount=act.amount, knight=k.name, gold=k.sheet.gold)
    return Result(state=state, events=[Event(kind="squire", fact=told)],
                  data={"squire": s.id, "knight": k.id, "gold": k.sheet.gold})
