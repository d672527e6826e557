"""The Loot deck during the Expedition (rulebook "Scavenge X") and what a Loot card can be exchanged for ("Spoils
Phase": the five types, the tier limit, the higher-tier Monster exception). Pure functions on the Expedition's
``SpoilsState``; docs/spoils.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from content.loader import Catalogue
from content.schema.gear import TIERS, Gear, Tier, Upgrade
from content.schema.loot import LOOT_TYPE_NAMES, LootCard, LootType
from rules.errors import RuleError
from rules.expedition.spoils_state import ClashSeen, LootItem, SpoilsState
from rules.state import CampaignState

if TYPE_CHECKING:
    from rules.clash.state import ClashState

ScavengeKind = Literal["kingdom_gear", "upgrade", "consumable", "clash"]
UNSPECIFIED: tuple[LootType, ...] = ("kingdom_gear", "upgrade", "consumable")


def spoils_of(state: CampaignState) -> SpoilsState:
    if state.expedition is None:
        raise RuleError("there is no Expedition under way, so there is no Loot deck: the GM starts one with "
                        "/expedition start")
    return state.expedition.spoils


def supply(cat: Catalogue, sp: SpoilsState, loot_type: LootType) -> list[LootCard]:
    """The Loot cards of ``loot_type`` still in the Scavenge deck (each card's copies minus those in the Loot deck),
    one entry per copy, in content order."""
    used: dict[str, int] = {}
    for item in sp.loot:
        used[item.card] = used.get(item.card, 0) + 1
    out: list[LootCard] = []
    for card in cat.loot.values():
        if card.type == loot_type:
            out += [card] * max(0, card.copies - used.get(card.id, 0))
    return out


def tier_index(tier: Tier) -> int:
    return TIERS.index(tier)


def monster_lowest_tier(cat: Catalogue, monster: str) -> Tier:
    """The tier of a Monster's lowest level: the lowest Bestiary row of any Kingdom that lists that level (mob
    when no Bestiary lists it). docs/rulings.md, "The tier of a Monster's lowest level"."""
    m = cat.monsters.get(monster)
    lowest = min((lv.level for lv in m.levels), default=1) if m is not None else 1
    tiers = [row.tier for k in cat.kingdoms.values() for row in k.bestiary
             if any(e.monster == monster and e.level == lowest for e in row.monsters)]
    return min(tiers, key=tier_index) if tiers else "mob"


def _kingdom(state: CampaignState) -> str | None:
    if state.delve is not None:
        return state.delve.kingdom
    return state.expedition.destination if state.expedition is not None else None


def scavenge(cat: Catalogue, state: CampaignState, count: int, kind: ScavengeKind, source: str = "") -> list[str]:
    """Rulebook, "Scavenge X": "Add X Loot cards to the Loot deck." ... "Clash Scavenge X: Add X Exhibition or Full
    Clash Loot cards to the Loot deck depending on the last Clash you've resolved." ... "If you trigger Scavenge, but
    there are no more Loot cards to add to the Loot deck, ignore Scavenge." Other rules call this; the untyped
    Scavenge's choice among Kingdom Gear, Upgrade and Consumable is the players' (``kind``)."""
    sp = spoils_of(state)
    # The Full Clash's Aftermath (its Victorious or Forlorn Search: Scavenge 3) is typed after `/clash end`, which
    # has already moved the Expedition to the Spoils Phase: the Loot deck stays open until Loot Distribution begins.
    if sp.started and (sp.taken() or sp.exchanged or sp.vote is not None or sp.done):
        raise RuleError("Loot Distribution has begun: the Loot deck is closed (Scavenge comes during the Expedition "
                        "and the Full Clash's Aftermath)")
    seen: ClashSeen | None = None
    if kind == "clash":
        seen = sp.clash_seen
        if seen is None:
            raise RuleError("Clash Scavenge adds Loot of the last Clash resolved, and no Clash was seen this "
                            "Expedition; use type:kingdom_gear, upgrade or consumable")
        loot_type: LootType = "exhibition_clash" if seen.type == "exhibition" else "full_clash"
    else:
        loot_type = kind
    left = supply(cat, sp, loot_type)
    added: list[LootItem] = []
    for card in left[:count]:
        item = LootItem(uid=f"L{sp.next_uid}", card=card.id, type=loot_type, source=source[:200])
        if loot_type == "kingdom_gear":
            item.kingdom = _kingdom(state)
        if seen is not None:
            item.monster, item.level = seen.monster, seen.level
            item.monster_tier = monster_lowest_tier(cat, seen.monster)
        sp.next_uid += 1
        sp.loot.append(item)
        added.append(item)
    name = LOOT_TYPE_NAMES[loot_type]
    out = []
    if added:
        out.append(f"🎒 Scavenge: {len(added)} {name} card(s) added to the Loot deck ("
                   + ", ".join(f"{i.uid} {cat.loot[i.card].name}" for i in added) + f"); it holds {len(sp.loot)}.")
    if len(added) < count:
        out.append(f"The Scavenge deck has no more {name}: "
                   f"{'the rest of ' if added else ''}this Scavenge is ignored (\"You've looted whatever you could in "
                   "this Expedition!\").")
    return out


def clash_loot(cat: Catalogue, state: CampaignState, clash: ClashState) -> list[str]:
    """Clash Aftermath, "Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3": the
    Clash Scavenge 1 is added here (the Clash is the one just resolved); the Scavenge 3's types are the players'
    choice, typed with /spoils scavenge. Outside an Expedition there is no Loot deck: nothing is added."""
    exp = state.expedition
    if exp is None or exp.step in ("spoils", "over"):
        return []
    sp = exp.spoils
    sp.clash_seen = ClashSeen(type=clash.type, monster=clash.monster, level=clash.level)
    out = []
    if clash.over == "victory":
        out += scavenge(cat, state, 1, "clash", source=f"Victorious Search ({clash.type} Clash, {clash.monster})")
    out.append("🎒 Scavenge 3: choose the types and type `/spoils scavenge count:<n> type:kingdom_gear|upgrade|"
               "consumable` (3 cards in all).")
    return out


def allowed_tier(cat: Catalogue, knight_tier: Tier, item: LootItem) -> Tier:
    """Rulebook: "you must always exchange it for a Gear card of your current or a lower tier" — and the Note: "if
    the Monster's lowest level is on a higher tier than yours, you may exchange the Loot cards from that Clash for
    Gear from the tier of that Monster's lowest level."."""
    if item.monster_tier is not None and tier_index(item.monster_tier) > tier_index(knight_tier):
        return item.monster_tier
    return knight_tier


def held_gear(state: CampaignState) -> set[str]:
    """Gear and Upgrade cards some Knight holds (each card is one card)."""
    out: set[str] = set()
    for k in state.knights.values():
        for a in k.sheet.armory:
            out.add(a.gear)
            if a.upgrade:
                out.add(a.upgrade)
        out |= {e.gear for e in k.loadout}
    return out


def candidates(cat: Catalogue, item: LootItem) -> list[str]:
    """Every Gear (or Upgrade) id the Loot tables offer for this Loot card, before tier and availability."""
    ids: list[str] = []
    for table in cat.loot_tables.values():
        if item.type == "kingdom_gear":
            ids += table.kingdom_gear.get(item.kingdom or "", [])
        elif item.type == "upgrade":
            ids += table.upgrades
        elif item.type == "consumable":
            ids += table.consumables
        else:
            ids += table.monster_gear.get(item.monster or "", [])
    return list(dict.fromkeys(ids))


def card_of(cat: Catalogue, gid: str) -> Gear | Upgrade | None:
    return cat.gear.get(gid) or cat.upgrades.get(gid)


def available(cat: Catalogue, state: CampaignState, knight_tier: Tier, item: LootItem) -> list[str]:
    """The cards this Loot card can become for a Knight of ``knight_tier`` now: offered, of an allowed tier, and not
    held by any Knight."""
    top = tier_index(allowed_tier(cat, knight_tier, item))
    held = held_gear(state)
    out = []
    for gid in candidates(cat, item):
        card = card_of(cat, gid)
        if card is not None and tier_index(card.tier) <= top and gid not in held:
            out.append(gid)
    return out
