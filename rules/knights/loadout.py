"""The Armory and the Loadout: Gear slots, Knighves, the tier penalty, Reforging and Upgrades, exhausting
and discarding Gear, Charges (rulebook "Gear" to "Exhaustible Gear", "Knight Loadouts", "The Merchant
Workshop", "Reforging Gear")."""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.gear import TIERS
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import said
from rules.knights import statistics as st
from rules.knights.board import mutable
from rules.knights.gear_faces import armory_item as armory_item  # re-exported: lo.gear, lo.face, lo.armory_item
from rules.knights.gear_faces import face as face
from rules.knights.gear_faces import gear as gear
from rules.knights.loadout_facts import (
    AllUnexhausted,
    ChargeSpent,
    GearAdded,
    GearMarked,
    GearReforged,
    GearRemoved,
    GoldPaid,
    KnighvesEquipped,
    LoadoutSet,
    TierPenalty,
    UpgradeAttached,
)
from rules.knights.stat_facts import StatChanged
from rules.knights.state import ArmoryItem, Equipped, KnightState

T = "tests/knights/test_loadout.py::"
SLOTS = {"hand": 2, "armor": 1, "support": 2}


@implements("Armory", tests=[T + "test_armory_add_buy_and_remove"])
def armory_add(cat: Catalogue, k: KnightState, gid: str, buy: bool) -> list[str]:
    """Rulebook, "The Merchant Workshop": "you can purchase Gear from all tiers up to your personal tier ...
    To buy a Gear card, pay the cost denoted on the card and add that card to your Knight Armory"."""
    g = gear(cat, gid)
    if g.knighves:
        raise RuleError("Knighves are not kept in the Armory: every Knight has their own (loadout knighves:true)")
    out: list[str] = []
    if buy:
        if g.cost is None:
            raise RuleError(f"{g.name} has no cost: it cannot be bought (add it without buy:true if it was gained)")
        if TIERS.index(g.tier) > TIERS.index(k.sheet.tier):
            raise RuleError(f"{g.name} is {g.tier.capitalize()} Tier; {k.name} ({k.sheet.tier.capitalize()} Tier) "
                            "may only buy Gear up to their own tier")
        if k.sheet.gold < g.cost:
            raise RuleError(f"{g.name} costs {g.cost} Gold; {k.name} has {k.sheet.gold}")
        k.sheet.gold -= g.cost
        out.append(said(GoldPaid(cost=g.cost, gold=k.sheet.gold)))
    if armory_item(k, gid) is not None:
        raise RuleError(f"{g.name} is already in {k.name}'s Armory")
    k.sheet.armory.append(ArmoryItem(gear=gid, just_bought=buy))
    return [said(GearAdded(gear=g.name, tier=g.tier, type=g.type))] + out


def armory_remove(cat: Catalogue, k: KnightState, gid: str) -> list[str]:
    item = armory_item(k, gid)
    if item is None:
        raise RuleError(f"{gid} is not in {k.name}'s Armory")
    if any(e.gear == gid for e in k.loadout):
        mutable(k, "Loadout")
        k.loadout = [e for e in k.loadout if e.gear != gid]
    k.sheet.armory.remove(item)
    return [said(GearRemoved(gear=gear(cat, gid).name))] + st.clamp_vigor(cat, k)


@implements("Reforging Gear", tests=[T + "test_reforge_merchant_gear_only_and_not_just_bought"])
def reforge(cat: Catalogue, k: KnightState, gid: str) -> list[str]:
    """Rulebook, "Reforging Gear": "you cannot reforge a Gear card you just bought during that same Outpost
    Phase. To reforge Gear, pay the cost denoted on the reforged side of its card. From that moment on you may
    only use the reforged side of that Gear card."""
    g = gear(cat, gid)
    item = armory_item(k, gid)
    if item is None:
        raise RuleError(f"{g.name} is not in {k.name}'s Armory")
    if not g.merchant or g.reforged is None:
        raise RuleError(f"{g.name} is not Merchant Gear: only Gear bought from a Merchant can be reforged")
    if item.reforged:
        raise RuleError(f"{g.name} is already reforged ({g.reforged.name}); Reforging is permanent")
    if item.just_bought:
        raise RuleError(f"{g.name} was bought in this Outpost Phase: it can be reforged at the next Outpost")
    if k.sheet.gold < g.reforged.reforge_cost:
        raise RuleError(f"Reforging costs {g.reforged.reforge_cost} Gold; {k.name} has {k.sheet.gold}")
    k.sheet.gold -= g.reforged.reforge_cost
    item.reforged = True
    return [said(GearReforged(gear=g.name, into=g.reforged.name, cost=g.reforged.reforge_cost, gold=k.sheet.gold))]


@implements("Gear Enhancement", tests=[T + "test_upgrades_attach_to_their_type_not_to_merchant_gear"])
def attach_upgrade(cat: Catalogue, k: KnightState, gid: str, upgrade_id: str | None) -> list[str]:
    """Rulebook: "The type of Gear card an Upgrade can be attached to is indicated on the Upgrade card. A Gear
    card can have up to one Upgrade card attached. ... Upgrade cards can't be attached to Merchant Gear."""
    g = gear(cat, gid)
    item = armory_item(k, gid)
    if item is None:
        raise RuleError(f"{g.name} is not in {k.name}'s Armory")
    if upgrade_id is None:
        item.upgrade = None
        return [said(UpgradeAttached(gear=g.name))]
    up = cat.upgrades.get(upgrade_id)
    if up is None:
        raise RuleError(f"there is no Upgrade card {upgrade_id!r}")
    if g.merchant:
        raise RuleError(f"{g.name} is Merchant Gear: Upgrade cards can't be attached to Merchant Gear")
    if g.type != up.attaches_to:
        raise RuleError(f"{up.name} attaches to {up.attaches_to} Gear; {g.name} is {g.type}")
    for other in k.sheet.armory:
        if other.upgrade == upgrade_id:
            other.upgrade = None
    old = item.upgrade
    item.upgrade = upgrade_id
    return [said(UpgradeAttached(gear=g.name, upgrade=up.name, replacing=old))]


@implements("Gear", tests=[T + "test_slots_hands_armor_supports"])
@implements("Knighves", tests=[T + "test_knighves_fill_free_hands", T + "test_exhaust_discard_and_knighves"])
def equip(cat: Catalogue, k: KnightState, gids: list[str], knighves: bool) -> list[str]:
    """Rulebook, "Knight Loadouts": "select the Gear cards you want to use from all the Gear found in your Knight
    Armory. Usually, you can equip two hand slots worth of Weapons, one Armor and up to two Support cards";
    "Knighves": "If, after preparing Loadout ..., a Knight has at least one free hand slot, you may equip a
    Knighves card and use it as a one- or two-handed weapon, depending on how many free hand slots they
    have."""
    mutable(k, "Loadout")
    if len(set(gids)) != len(gids):
        raise RuleError("a Gear card is named twice; each card is one card")
    used = {"hand": 0, "armor": 0, "support": 0}
    for gid in gids:
        g = gear(cat, gid)
        if armory_item(k, gid) is None:
            raise RuleError(f"{g.name} is not in {k.name}'s Armory; add it first with /knight armory add gear:{gid}")
        slots = g.slot_use()
        used["hand"] += slots.hand
        used["armor"] += slots.armor
        used["support"] += slots.support
    over = [f"{used[s]} {s} slots (of {n})" for s, n in SLOTS.items() if used[s] > n]
    if over:
        raise RuleError(f"that Loadout needs {', '.join(over)}: a Knight has two hand slots, one Armor slot and "
                        "two Support slots")
    old_max = st.max_vigor(cat, k)
    k.loadout = [Equipped(gear=gid, charges=gear(cat, gid).charges) for gid in gids]
    out = [said(LoadoutSet(gear=[face(cat, k, g).name for g in gids]))]
    if knighves:
        free = SLOTS["hand"] - used["hand"]
        kid = st.content(cat, k).start.knighves
        if kid is None:
            raise RuleError(f"{k.name} has no Knighves card in their Knight Box")
        if free < 1:
            raise RuleError("Knighves need at least one free hand slot")
        k.loadout.append(Equipped(gear=kid, hands=free))
        out.append(said(KnighvesEquipped(hands=free)))
    penalty = st.tier_penalty(cat, k)
    if penalty:
        out.append(said(TierPenalty(penalty=penalty, tier=k.sheet.tier)))
    if st.max_vigor(cat, k) < 1:
        raise RuleError(f"that Loadout would leave {k.name} a maximum Vigor of {st.max_vigor(cat, k)}; the tier "
                        "penalty cannot take the maximum Vigor below 1 (see docs/rulings.md)")
    if st.max_vigor(cat, k) != old_max:
        out.append(said(StatChanged(stat="max_vigor", old=old_max, new=st.max_vigor(cat, k))))
    return out + st.clamp_vigor(cat, k)


def _equipped(cat: Catalogue, k: KnightState, gid: str) -> Equipped:
    item = next((e for e in k.loadout if e.gear == gid), None)
    if item is None:
        names = ", ".join(e.gear for e in k.loadout) or "nothing"
        raise RuleError(f"{gid} is not in {k.name}'s Loadout (equipped: {names})")
    return item


@implements("Exhausting, Discarding, and Removing Elements", tests=[T + "test_exhaust_discard_and_knighves"])
def gear_action(cat: Catalogue, k: KnightState, gid: str, op: str) -> list[str]:
    """Rulebook: exhausted Gear "is still treated as equipped on your Knight, but you cannot use it as an
    active weapon or use its defensive statistics or any of its abilities"; discarded Gear "is unusable until
    the end of this Clash and is not treated as equipped"; Knighves "can be exhausted just like any other Gear
    card, but they cannot be discarded"; Charges: "If there are no Charges left on a Gear card, you cannot use
    abilities that require you to discard a charge."""
    item = _equipped(cat, k, gid)
    g = gear(cat, gid)
    name = face(cat, k, gid).name
    if op == "exhaust":
        if item.exhausted:
            raise RuleError(f"{name} is already exhausted")
        item.exhausted = True
        return [said(GearMarked(gear=name, mark="exhausted"))]
    if op == "unexhaust":
        item.exhausted = False
        return [said(GearMarked(gear=name, mark="unexhausted"))]
    if op == "discard":
        if g.knighves:
            raise RuleError("Knighves cannot be discarded or exchanged by any means")
        item.discarded = True
        return [said(GearMarked(gear=name, mark="discarded"))]
    if op == "regain":
        item.discarded = False
        return [said(GearMarked(gear=name, mark="regained"))]
    if op == "charge":
        if item.discarded or item.exhausted:
            raise RuleError(f"{name} is {'discarded' if item.discarded else 'exhausted'}: its abilities cannot be used")
        if not item.charges:
            raise RuleError(f"{name} has no Charges left: abilities that discard a Charge cannot be used")
        item.charges -= 1
        return [said(ChargeSpent(gear=name, left=item.charges))]
    raise RuleError("action: must be exhaust, unexhaust, discard, regain or charge")


def unexhaust_all(k: KnightState) -> list[str]:
    """Rulebook, "Unexhausting": "spend their Movement Action or Combat Action to unexhaust all exhausted
    equipped game elements"."""
    for e in k.loadout:
        e.exhausted = False
    return [said(AllUnexhausted())]
