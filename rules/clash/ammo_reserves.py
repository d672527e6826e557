"""Ammo Reserves X (rulebook Keyword List): more Charges on a Gear card for each empty Weapon or Support slot.

"Charges: ... At the start of an Expedition, place a number of Charge tokens on this card equal to the Charges value."
``charges`` is that number with Ammo Reserves counted; the Expedition start (rules/knights/expedition.py) and the
regaining of all Charges (the Clash Aftermath, the end of an Expedition) use it.
"""

from __future__ import annotations

from content.loader import Catalogue
from rules.knights import loadout as lo
from rules.knights.state import KnightState


def empty_slots(cat: Catalogue, k: KnightState) -> int:
    """Empty Weapon (hand) and Support slots of the Loadout: "two hand slots for Weapons, one Armor slot, and two
    Support slots"; Knighves fill the hand slots they were equipped in."""
    hand = support = 0
    for e in k.loadout:
        g = cat.gear.get(e.gear)
        if g is None:
            continue
        use = g.slot_use()
        hand += e.hands if (g.knighves and e.hands) else use.hand
        support += use.support
    return max(0, lo.SLOTS["hand"] - hand) + max(0, lo.SLOTS["support"] - support)


def charges(cat: Catalogue, k: KnightState, gid: str) -> int | None:
    """"Ammo Reserves X: Additional X Charges per empty Weapon or Support slot." The Charges value of the Gear card
    ``gid`` of the Knight's Loadout, plus X for each empty slot when the card (or its Upgrade) has Ammo Reserves X;
    None for a card without Charges and without Ammo Reserves."""
    g = lo.gear(cat, gid)
    face = lo.face(cat, k, gid)
    item = lo.armory_item(k, gid)
    up = cat.upgrades.get(item.upgrade) if item and item.upgrade else None
    keywords = list(face.keywords) + (list(up.keywords) if up else [])
    x = sum(kw.value or 0 for kw in keywords if kw.name == "Ammo Reserves")
    if not x:
        return g.charges
    return (g.charges or 0) + x * empty_slots(cat, k)
