"""What a reply and the sheet picture show of a Knight: ``summary`` is ``data.knight`` (DESIGN.md's shared
shape), ``details`` is every section of the Knight Sheet, Board and Loadout, resolved against the content."""

from __future__ import annotations

import re
from typing import Any

from content.loader import Catalogue
from content.schema.knights import VIRTUES, Knight
from rules.knights import keyword_effects
from rules.knights import loadout as lo
from rules.knights import sheet as sh
from rules.knights import statistics as st
from rules.knights.board import start_board
from rules.knights.state import VICE_VIRTUE, ArmoryItem, Equipped, KnightState, Unlocked


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return (s or "knight")[:40]


def new_knight(cat: Catalogue, knight: Knight, name: str, owner: str, kid: str) -> KnightState:
    """A Knight set up from the Knight Setup Instructions (content ``start``)."""
    s = knight.start
    k = KnightState(
        id=kid, name=name, owner=owner, knight=knight.id, board=start_board(knight),
        unlocked=Unlocked(portraits=list(s.portraits), heroic_arcs=list(s.heroic_arcs),
                          peril_arcs=list(s.peril_arcs), talents=list(s.talents), techniques=list(s.techniques)),
    )
    k.sheet.gold = s.gold
    k.sheet.armory = [ArmoryItem(gear=g) for g in s.gear]
    k.loadout = [Equipped(gear=g, charges=cat.gear[g].charges) for g in s.gear]
    if s.knighves is not None:
        used = sum(cat.gear[g].slot_use().hand for g in s.gear)
        if used < 2:
            k.loadout.append(Equipped(gear=s.knighves, hands=2 - used))
    limit = st.portrait(cat, k).hand_limit
    k.board.techniques = dict(list(k.board.techniques.items())[:limit])
    st.reset(cat, k)
    return k


def summary(cat: Catalogue, k: KnightState) -> dict[str, Any]:
    return {
        "id": k.id, "name": k.name, "owner": k.owner, "knight": k.knight,
        "passion": k.stats.passion, "heat": k.stats.heat, "heat_limit": st.heat_limit(cat, k),
        "vigor": k.stats.vigor, "max_vigor": st.max_vigor(cat, k),
        "bane": k.stats.bane, "bane_limit": st.bane_limit(cat, k),
        "peril": st.peril(cat, k), "dead": k.dead, "tier": k.sheet.tier, "gold": k.sheet.gold,
        "locked": k.locked,
    }


def _gear_row(cat: Catalogue, k: KnightState, e: Equipped) -> dict[str, Any]:
    g = lo.gear(cat, e.gear)
    f = lo.face(cat, k, e.gear)
    item = lo.armory_item(k, e.gear)
    up = cat.upgrades.get(item.upgrade) if item and item.upgrade else None
    return {
        "id": g.id, "name": f.name, "type": g.type, "tier": g.tier, "hands": e.hands or g.hands,
        "attack_dice": f.attack_dice, "precision": f.precision + (up.precision if up else 0),
        "weapon_power": f.weapon_power.label(), "bonus_power": f.bonus_power.label(),
        "bonus_raw_power": f.bonus_raw_power, "evasion": f.evasion + (up.evasion if up else 0),
        "evasion_rerolls": f.evasion_rerolls, "armor_dice": f.armor_dice.label(),
        "reach": f.reach, "ranged": list(f.ranged) if f.ranged else None,
        "keywords": [kw.label() for kw in f.keywords] + ([kw.label() for kw in up.keywords] if up else []),
        "traits": list(f.traits), "abilities": [a.text for a in f.abilities],
        "charges": e.charges, "exhausted": e.exhausted, "discarded": e.discarded,
        "upgrade": up.name if up else None, "reforged": bool(item and item.reforged),
    }


def details(cat: Catalogue, k: KnightState) -> dict[str, Any]:
    knight = st.content(cat, k)
    portrait = st.portrait(cat, k)
    heroic = next(a for a in knight.heroic_arcs if a.id == k.board.heroic_arc)
    peril = st.peril_arc(cat, k)
    talent = next(t for t in knight.talents if t.id == k.board.talent)
    names = {t.id: t.clash.name for t in knight.techniques}
    speed = st.speed(cat, k)
    return {
        "summary": summary(cat, k),
        "knight_name": knight.name,
        "virtues": {v: sh.virtue(k, v) for v in VIRTUES},
        "virtue_sources": [b.model_dump() for b in k.sheet.virtues],
        "vices": {v: {"tally": n, "virtue": VICE_VIRTUE[v]} for v, n in k.sheet.vices.items()},
        "sheet_bane": k.sheet.bane,
        "boons": list(k.sheet.boons), "afflictions": list(k.sheet.afflictions),
        "tallies": dict(k.sheet.tallies), "notes": list(k.sheet.notes),
        "sigh_of_the_graal": k.sheet.sigh_of_the_graal,
        "tale": [c.model_dump() for c in k.sheet.tale], "chapters_unlocked": sh.unlocked_chapters(k),
        "leads": k.sheet.leads,
        "rapport": [r.model_dump() for r in k.sheet.rapport],
        "armory": [{"id": a.gear, "name": lo.face(cat, k, a.gear).name, "reforged": a.reforged,
                    "upgrade": cat.upgrades[a.upgrade].name if a.upgrade in cat.upgrades else a.upgrade,
                    "tier": lo.gear(cat, a.gear).tier} for a in k.sheet.armory],
        "saints": list(k.sheet.saints), "mercenaries": list(k.sheet.mercenaries),
        "choice_matrix": dict(sorted(k.sheet.choice_matrix.items())),
        "successful_investigations": sh.successful_investigations(k),
        "first_death": k.sheet.first_death,
        "board": {
            "portrait": {"id": portrait.id, "name": portrait.name, "class": portrait.knight_class,
                         "power_die": portrait.power_die, "card_refresh": portrait.card_refresh,
                         "heat_refresh": st.heat_refresh(cat, k), "hand_limit": portrait.hand_limit,
                         "speed": speed, "bane_limit": st.bane_limit(cat, k)},
            "heroic_arc": {"id": heroic.id, "name": heroic.name, "effect": heroic.effect,
                           "levels": [[o.label() for o in lv.options] for lv in heroic.levels]},
            "peril_arc": {"id": peril.id, "name": peril.name, "effect": peril.effect,
                          "max_vigor": peril.max_vigor,
                          "thresholds": [t.model_dump() for t in peril.thresholds]},
            "talent": {"id": talent.id, "name": talent.name,
                       "effects": [{"name": e.name, "text": e.text, "cost": e.cost} for e in talent.effects]},
            "techniques": [{"id": t, "name": names.get(t, t), "zone": z} for t, z in k.board.techniques.items()],
            "resources": {r.name: k.board.resources.get(r.id, 0) for r in knight.resources},
        },
        "unlocked": k.unlocked.model_dump(),
        "loadout": [_gear_row(cat, k, e) for e in k.loadout],
        "tier_penalty": st.tier_penalty(cat, k),
        "conditions": list(k.stats.conditions),
        "keyword_status": keyword_effects.status(cat, k),
        "modifiers": dict(k.stats.modifiers),
    }
