"""The active weapon of a Knight's Attack (rulebook "1. Declare Attack and Active Weapon"): the Gear card declared
from the Loadout, and its face with its Upgrade's keywords and Precision. The Clash's Knight Attack, the Encounter's
Attack Action and ``/odds`` read it here."""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.gear import GearFace, Keyword
from rules.board.naming import slug
from rules.errors import RuleError
from rules.knights import loadout as lo
from rules.knights.state import KnightState


def weapon_face(cat: Catalogue, k: KnightState, gid: str) -> tuple[GearFace, list[Keyword], int]:
    """The face of an equipped Gear card, its keywords and precision with its Upgrade's."""
    face = lo.face(cat, k, gid)
    item = lo.armory_item(k, gid)
    up = cat.upgrades.get(item.upgrade) if item and item.upgrade else None
    return face, list(face.keywords) + (list(up.keywords) if up else []), face.precision + (up.precision if up else 0)


def declare(cat: Catalogue, k: KnightState, wanted: str, bonus: bool = False) -> str:
    w = wanted.strip().lower()
    for e in k.loadout:
        name = lo.face(cat, k, e.gear).name
        if w not in (e.gear, name.lower(), slug(name)):
            continue
        if lo.gear(cat, e.gear).type != "weapon":
            raise RuleError(f"{name} is not a weapon: choose one of {k.name}'s weapon Gear cards")
        if e.discarded:
            raise RuleError(f"{name} is discarded (unusable until the end of this Clash): choose another weapon")
        if e.exhausted and not bonus:
            raise RuleError(f"{name} is exhausted: choose one of your unexhausted weapon Gear cards, or unexhaust it "
                            "with a Movement Action")
        return e.gear
    shown = ", ".join(lo.face(cat, k, e.gear).name for e in k.loadout if lo.gear(cat, e.gear).type == "weapon")
    raise RuleError(f"{wanted!r} is not in {k.name}'s Loadout; their weapons are: {shown or 'none'}")
