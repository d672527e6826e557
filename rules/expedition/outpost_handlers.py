"""Engine actions of the Outpost Phase and the Mercenaries (docs/outpost.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.outpost import Outpost
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.expedition import outpost as op
from rules.expedition import phases as ph
from rules.expedition.outpost_facts import BackAtSection
from rules.expedition.outpost_state import Section
from rules.facts import said
from rules.state import CampaignState

Name = Field(min_length=1, max_length=64)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OutpostVisit(_Action):
    type: Literal["outpost_visit"] = "outpost_visit"
    section: Section


class OutpostInn(_Action):
    type: Literal["outpost_inn"] = "outpost_inn"


class OutpostContract(_Action):
    type: Literal["outpost_contract"] = "outpost_contract"
    contract: str = Name


class OutpostFulfil(_Action):
    type: Literal["outpost_fulfil"] = "outpost_fulfil"


class OutpostScout(_Action):
    type: Literal["outpost_scout"] = "outpost_scout"
    scout: str = Name
    knight: str = Name


class ScoutUse(_Action):
    type: Literal["scout_use"] = "scout_use"
    scout: str = Name
    cards: list[str] = Field(default_factory=list, max_length=10)


class OutpostHire(_Action):
    type: Literal["outpost_hire"] = "outpost_hire"
    mercenary: str = Name
    knight: str = Name


class OutpostBuy(_Action):
    type: Literal["outpost_buy"] = "outpost_buy"
    gear: str = Name
    knight: str = Name


class OutpostReforge(_Action):
    type: Literal["outpost_reforge"] = "outpost_reforge"
    gear: str = Name
    knight: str = Name


class OutpostShrine(_Action):
    type: Literal["outpost_shrine"] = "outpost_shrine"
    saint: str = Name
    knight: str = Name


class OutpostDone(_Action):
    type: Literal["outpost_done"] = "outpost_done"


class MercenaryUnlock(_Action):
    type: Literal["mercenary_unlock"] = "mercenary_unlock"
    mercenary: str = Name
    knight: str | None = Field(None, min_length=1, max_length=64, description="only for this Knight; None: everyone")


class MercenaryUse(_Action):
    type: Literal["mercenary_use"] = "mercenary_use"
    name: str = Name


def outpost_data(engine: Engine, state: CampaignState) -> dict[str, Any]:
    """``data.outpost``: the Outpost Phase as the replies show it (docs/commands.md, `/outpost status`); before the
    Outpost is entered, ``data.offer`` is what the Destination's Outpost offers (the same lists)."""
    exp = state.expedition
    ost = exp.outpost if exp is not None else None
    unl = state.outpost_unlocks
    out: dict[str, Any] = {"outpost": None, "mercenaries_unlocked": dict(unl.mercenaries),
                           "contracts_marked": list(unl.contracts_marked)}
    if exp is None:
        return out
    if ost is None:
        found = next((o for o in engine.catalogue.outposts.values() if o.kingdom == exp.destination), None)
        out["available"] = found.id if found is not None else None
        if found is not None and exp.phase == "outpost":
            out["offer"] = {"name": found.name, **offer(engine, state, found)}
        return out
    o = op.outpost_content(engine.catalogue, ost)
    d = ost.model_dump()
    d.update(name=o.name, early_bird=ost.early_bird,
             party={k.id: {"name": k.name, "tier": k.sheet.tier, "gold": k.sheet.gold} for k in op.party(state)},
             **offer(engine, state, o))
    out["outpost"] = d
    return out


def offer(engine: Engine, state: CampaignState, o: Outpost) -> dict[str, Any]:
    """What an Outpost offers (issue #20: only an error named the Contracts): its Contracts with tier and objective,
    its Scouts, the Mercenaries that may be hired with what they do, the Merchant's wares with tier and cost."""
    cat, unl = engine.catalogue, state.outpost_unlocks

    def mercenary(mid: str, kid: str | None) -> dict[str, Any]:
        m = op.mercenary_of(cat, mid)
        side = m.sides[0]
        return {"id": mid, "name": m.name, "cost": m.cost, "level": m.level, "only_for": kid,
                "only_for_name": state.knights[kid].name if kid in state.knights else kid,
                "delve": f"{side.delve.name}: {side.delve.text}", "clash": f"{side.clash.name}: {side.clash.text}"}

    return dict(
        contracts=[{"id": c.id, "name": c.name, "tier": c.tier, "checkbox": c.checkbox, "objective": c.objective,
                    "gold": c.gold, "marked": c.id in unl.contracts_marked}
                   for c in o.sections.notice_board.contracts],
        scouts_available=[{"id": s.id, "name": s.name, "category": s.category, "cost": s.cost, "text": s.text}
                          for s in o.sections.scouts.scouts],
        mercenaries_available=[mercenary(mid, kid) for mid, kid in op.available(state, o, cat).items()],
        merchant=[{"id": g.id, "name": g.name, "tier": g.tier, "type": g.type, "cost": g.cost,
                   "reforge_cost": g.reforged.reforge_cost if g.reforged else None} for g in op.stock(state, cat)])


def _result(engine: Engine, state: CampaignState, texts: list[str], **extra: Any) -> Result:
    return Result(state=state, events=[Event(kind="outpost", text=t) for t in texts],
                  data={**outpost_data(engine, state), **extra})


@handles(OutpostVisit)
def outpost_visit(engine: Engine, state: CampaignState, act: OutpostVisit, dice: Dice) -> Result:
    _, ost, o = op.open_outpost(engine, state)
    texts = op.visit(state, ost, o, act.section) or [said(BackAtSection(section=o.section(act.section).name))]
    return _result(engine, state, texts)


@handles(OutpostInn)
def outpost_inn(engine: Engine, state: CampaignState, act: OutpostInn, dice: Dice) -> Result:
    _, ost, o = op.open_outpost(engine, state)
    texts = op.inn(state, ost, o, dice)
    assert ost.inn is not None
    return _result(engine, state, texts, naturals=[ost.inn.natural], result=ost.inn.natural)


@handles(OutpostContract)
def outpost_contract(engine: Engine, state: CampaignState, act: OutpostContract, dice: Dice) -> Result:
    exp, ost, o = op.open_outpost(engine, state)
    return _result(engine, state, op.sign(state, exp, ost, o, act.contract))


@handles(OutpostFulfil)
def outpost_fulfil(engine: Engine, state: CampaignState, act: OutpostFulfil, dice: Dice) -> Result:
    return _result(engine, state, op.fulfil(state, ph.expedition(state), engine.catalogue))


@handles(OutpostScout)
def outpost_scout(engine: Engine, state: CampaignState, act: OutpostScout, dice: Dice) -> Result:
    _, ost, o = op.open_outpost(engine, state)
    return _result(engine, state, op.hire_scout(state, ost, o, act.scout, op.knight(state, act.knight)))


@handles(OutpostHire)
def outpost_hire(engine: Engine, state: CampaignState, act: OutpostHire, dice: Dice) -> Result:
    _, ost, o = op.open_outpost(engine, state)
    return _result(engine, state, op.hire(state, ost, o, engine.catalogue, act.mercenary,
                                          op.knight(state, act.knight)))


@handles(OutpostBuy)
def outpost_buy(engine: Engine, state: CampaignState, act: OutpostBuy, dice: Dice) -> Result:
    _, ost, o = op.open_outpost(engine, state)
    k = op.knight(state, act.knight)
    return _result(engine, state, op.buy(state, ost, o, engine.catalogue, k, act.gear), gold=k.sheet.gold)


@handles(OutpostReforge)
def outpost_reforge(engine: Engine, state: CampaignState, act: OutpostReforge, dice: Dice) -> Result:
    _, ost, o = op.open_outpost(engine, state)
    k = op.knight(state, act.knight)
    return _result(engine, state, op.reforge(state, ost, o, engine.catalogue, k, act.gear), gold=k.sheet.gold)


@handles(OutpostShrine)
def outpost_shrine(engine: Engine, state: CampaignState, act: OutpostShrine, dice: Dice) -> Result:
    _, ost, o = op.open_outpost(engine, state)
    return _result(engine, state, op.shrine(state, ost, o, op.knight(state, act.knight), act.saint))


@handles(OutpostDone)
def outpost_done(engine: Engine, state: CampaignState, act: OutpostDone, dice: Dice) -> Result:
    exp, ost, _ = op.open_outpost(engine, state)
    texts = op.done(engine, state, exp, ost)
    return _result(engine, state, texts, **ph.status_data(engine, state))


@handles(MercenaryUnlock)
def mercenary_unlock(engine: Engine, state: CampaignState, act: MercenaryUnlock, dice: Dice) -> Result:
    k = op.knight(state, act.knight) if act.knight else None
    return _result(engine, state, op.unlock(state, engine.catalogue, act.mercenary, k))


@handles(MercenaryUse)
def mercenary_use(engine: Engine, state: CampaignState, act: MercenaryUse, dice: Dice) -> Result:
    texts, data = op.use(state, engine.catalogue, act.name)
    return _result(engine, state, texts, used=data)


@handles(ScoutUse)
def scout_use(engine: Engine, state: CampaignState, act: ScoutUse, dice: Dice) -> Result:
    return _result(engine, state, op.use_scout(engine, state, act.scout, act.cards))
