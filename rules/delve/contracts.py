"""Contracts followed through the Delve from their structured ``plan`` (content/schema/outpost.py; rulebook line
677, Search and Rescue): "Place a random Small Kingdom tile on the Kingdom Sheet, that is where your target was seen
last. When you enter any other Small Kingdom tile, any Knight may test Sagacity (8+) to investigate: Success:
Replace the Small Kingdom tile on the Kingdom Sheet with another random (unrevealed) Small tile, returning the
previous one to the appropriate Kingdom deck. If you would move onto the tile placed on the Kingdom Sheet during
this Expedition, you've found your stray, see Rewards. Rewards: Scavenge 1 (Mob)."

An observer places the mark when a Delve is under way with a signed Contract that has a plan (a random unrevealed
tile of the size: the Kingdom's tiles not on the table), and after each action looks whether the Party entered a
tile: the marked one fulfils the Contract (``rules.expedition.outpost.fulfil``: Gold and checkbox; the Scavenge is
the players' choice of Loot type, shown with its command); another of the plan's size lets any Knight take the test
with ``/delve contract knight:<name>``. A Contract without a plan is its text, as before.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.loader import Catalogue
from content.schema.outpost import Contract, ContractPlan
from rules.campaign import vices
from rules.coverage import implements
from rules.delve import contract_facts as cf
from rules.delve.state import ContractMark, DelveState
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles, observes_rolling
from rules.errors import RuleError
from rules.expedition import outpost as op
from rules.facts import said
from rules.knights.find import find_knight
from rules.state import CampaignState

T = "tests/rulebook_cases/test_contracts.py::"


class DelveContract(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["delve_contract"] = "delve_contract"
    knight: Annotated[str, Field(min_length=1, max_length=64)]
    roller: str = Field("", max_length=100)


def signed(cat: Catalogue, state: CampaignState) -> Contract | None:
    """The Contract the party signed this Expedition, when it has a plan and is not fulfilled."""
    exp = state.expedition
    ost = exp.outpost if exp is not None else None
    if ost is None or ost.contract is None or ost.contract_fulfilled or ost.outpost not in cat.outposts:
        return None
    c = op.contract_of(op.outpost_content(cat, ost), ost.contract)
    return c if c.plan is not None else None


def _unrevealed(cat: Catalogue, delve: DelveState, size: str, besides: str | None) -> list[str]:
    placed = set(delve.placed())
    tiles = cat.kingdom_tiles.get(delve.kingdom, {})
    return sorted(t.id for t in tiles.values() if t.size == size and t.id not in placed and t.id != besides)


def _name(cat: Catalogue, delve: DelveState, tile: str) -> str:
    found = cat.kingdom_tiles.get(delve.kingdom, {}).get(tile)
    return found.name if found is not None else tile


@implements("The Notice Board", tests=[T + "test_search_and_rescue_is_followed_through_the_delve"],
            note="a Contract's plan: the mark on the Kingdom Sheet, the test on entering tiles, the reward")
@observes_rolling
def follow_contract(engine: Engine, state: CampaignState, dice: Dice, events: list[Event]) -> list[Event]:
    delve = state.delve
    if delve is None or delve.fog is not None:
        return []
    if delve.contract is None:
        c = signed(engine.catalogue, state)
        if c is None or c.plan is None:
            return []
        return _place(engine.catalogue, delve, c, c.plan, dice)
    cm = delve.contract
    if cm.fulfilled or delve.tile == cm.seen:
        return []
    cm.seen, cm.test_due = delve.tile, None
    c = signed(engine.catalogue, state)
    if c is None or c.plan is None:
        return []
    if delve.tile == cm.mark:
        return _fulfil(engine, state, cm, c, c.plan)
    tile = engine.catalogue.kingdom_tiles.get(delve.kingdom, {}).get(delve.tile)
    if c.plan.test is not None and tile is not None and tile.size == c.plan.investigate:
        cm.test_due = delve.tile
        t = c.plan.test
        return [Event(kind="contract", fact=cf.ContractTestDue(contract=c.name, tile=tile.name, size=tile.size,
                                                               virtue=t.virtue, difficulty=t.difficulty))]
    return []


def _place(cat: Catalogue, delve: DelveState, c: Contract, plan: ContractPlan, dice: Dice) -> list[Event]:
    choices = _unrevealed(cat, delve, plan.mark, None)
    if not choices:
        return [Event(kind="contract", fact=cf.ContractMarkPlaced(contract=c.name, size=plan.mark))]
    mark = dice.shuffle(choices)[0]  # a random tile of that size from the Kingdom deck
    delve.contract = ContractMark(contract=c.id, mark=mark, seen=delve.tile)
    placed = cf.ContractMarkPlaced(contract=c.name, tile=_name(cat, delve, mark), tile_id=mark, objective=c.objective)
    return [Event(kind="contract", fact=placed)]


def _fulfil(engine: Engine, state: CampaignState, cm: ContractMark, c: Contract, plan: ContractPlan) -> list[Event]:
    assert state.expedition is not None
    cm.fulfilled = True
    lines = [said(cf.ContractTileReached(contract=c.name)), *op.fulfil(state, state.expedition, engine.catalogue)]
    if plan.scavenge:
        lines.append(said(cf.ContractScavenge(contract=c.name, amount=plan.scavenge, text=plan.scavenge_text or "")))
    return [Event(kind="contract", text=line) for line in lines]


@handles(DelveContract)
def investigate(engine: Engine, state: CampaignState, act: DelveContract, dice: Dice) -> Result:
    """The Contract's test on the tile just entered: a success moves the mark to another random unrevealed tile of
    its size ("returning the previous one to the appropriate Kingdom deck")."""
    delve = state.delve
    cm = delve.contract if delve is not None else None
    c = signed(engine.catalogue, state)
    if delve is None or cm is None or c is None or c.plan is None or c.plan.test is None:
        raise RuleError("no signed Contract asks for a test in this Delve")
    if cm.test_due != delve.tile:
        raise RuleError(f"{c.name}'s test is taken when the party enters a {c.plan.investigate} tile other than the "
                        "marked one, once per tile entered")
    k = find_knight(state, act.knight)
    t = c.plan.test
    roll, state.last_roll, lines = vices.virtue_test(
        k, vices.VirtueTest(knight=k.id, virtue=t.virtue, difficulty=t.difficulty, roller=act.roller), dice)
    cm.test_due = None
    if roll.success:
        choices = _unrevealed(engine.catalogue, delve, c.plan.mark, cm.mark)
        if choices:
            old = cm.mark
            cm.mark = dice.shuffle(choices)[0]
            lines.append(said(cf.ContractMarkPlaced(contract=c.name, tile=_name(engine.catalogue, delve, cm.mark),
                                                    tile_id=cm.mark, moved_from=_name(engine.catalogue, delve, old))))
        else:
            lines.append(said(cf.ContractMarkPlaced(contract=c.name, size=c.plan.mark, stays=True)))
    return Result(state=state, events=[Event(kind="contract", text=line) for line in lines],
                  data={"contract": cm.model_dump(), "success": roll.success})
