"""A Knight's Gear card and the face it shows (reforged or not), below every other Knight module: the Loadout
(loadout.py, which re-exports these), the Conditions' immunities (conditions.py) and the statistics read them."""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.gear import Gear, GearFace
from rules.errors import RuleError
from rules.knights.state import ArmoryItem, KnightState


def gear(cat: Catalogue, gid: str) -> Gear:
    found = cat.gear.get(gid)
    if found is None:
        raise RuleError(f"there is no Gear card {gid!r} in the loaded packs (`kfgm content list` shows them)")
    return found


def armory_item(k: KnightState, gid: str) -> ArmoryItem | None:
    for a in k.sheet.armory:  # a loop, not next() over a generator: asked for every face of every Gear shown
        if a.gear == gid:
            return a
    return None


def face(cat: Catalogue, k: KnightState, gid: str) -> GearFace:
    item = armory_item(k, gid)
    return gear(cat, gid).face(bool(item and item.reforged))
