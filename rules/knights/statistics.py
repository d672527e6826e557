"""Knight Statistics: Passion, Heat and Vigor with their limits, the Hard Limits, Resetting Stats, the
Peril thresholds of the Peril Arc, the tier penalty to the maximum Vigor, and Bane with its Bane Limit.

Every change returns the lines that report it: its facts (rules/knights/stat_facts.py, each ``said``; the words are
bot/narration/stats.py's). Limits are derived, never stored: the Heat Limit
comes from the Peril Arc at the current Vigor, the maximum Vigor from the Peril Arc, the tier penalty
of the Loadout and the effects noted with ``/knight stat stat:max_vigor``.
"""

from __future__ import annotations

from typing import Literal

from content.loader import Catalogue
from content.schema.gear import TIERS, Gate, Keyword
from content.schema.knights import Knight, Peril, PerilArc, Portrait
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import said
from rules.knights import conditions
from rules.knights.record_facts import KnightDiscardsAfter
from rules.knights.stat_facts import (
    AdditionalVigorLost,
    BaneImmune,
    BaneLimitDeath,
    ChokeFloor,
    CrueltyLowered,
    HeatFellToLimit,
    HeatLimitExceeded,
    HeatLimitMoved,
    HeatLimitStays,
    JudiciumDue,
    PerilMoved,
    StatChanged,
    StatsReset,
    VigorClamped,
)
from rules.knights.state import ArmoryItem, KnightState, Modifier

PASSION_HARD_LIMIT = 9
HEAT_HARD_LIMIT = 9
VIGOR_HARD_LIMIT = 15
T = "tests/knights/test_statistics.py::"


def content(cat: Catalogue, k: KnightState) -> Knight:
    found = cat.knights.get(k.knight)
    if found is None:
        raise RuleError(f"{k.name}'s Knight {k.knight!r} is not in the loaded content packs")
    return found


def portrait(cat: Catalogue, k: KnightState) -> Portrait:
    wanted = k.board.portrait
    for p in content(cat, k).portraits:  # a loop, not next() over a generator: asked on every statistic
        if p.id == wanted:
            return p
    raise StopIteration  # what next() raised when no Portrait matches


@implements("Vices", chapter="Other Rules",
            tests=["tests/knights/test_vice_effects.py::test_cowardice_is_minus_one_speed"],
            note="Cowardice: -1 Speed while the Knight has a Cowardice tally mark")
def speed(cat: Catalogue, k: KnightState) -> int:
    """The Knight's Speed: the Portrait's, +/-1 per Speed Modifier token, the Conditions held, and -1 for Cowardice
    ("Cowardice (Bravery): You have -1 Speed.")."""
    cowardice = 1 if k.sheet.vices.get("cowardice") else 0
    return portrait(cat, k).speed + _tokens(k, "speed") + conditions.modifier(cat, k, "speed") - cowardice


def precision_bonus(cat: Catalogue, k: KnightState) -> int:
    """Precision Modifier tokens and the Conditions held (added to the weapon's Precision)."""
    return _tokens(k, "precision") + conditions.modifier(cat, k, "precision")


def evasion_bonus(cat: Catalogue, k: KnightState) -> int:
    """Evasion Modifier tokens and the Conditions held (added to each Evasion die)."""
    return _tokens(k, "evasion") + conditions.modifier(cat, k, "evasion")


def _tokens(k: KnightState, attribute: Modifier) -> int:
    """Permanent and temporary Modifier tokens of one attribute."""
    return k.stats.modifiers.get(attribute, 0) + k.stats.temporary.get(attribute, 0)


AFTER: dict[str, tuple[Modifier, str]] = {
    "evasion_roll": ("evasion", "Evasion Roll"), "attack": ("precision", "Attack"), "movement": ("speed", "movement"),
}


def after(cat: Catalogue, k: KnightState, moment: Literal["evasion_roll", "attack", "movement"]) -> list[str]:
    """What is discarded once it has taken effect: temporary Modifier tokens ("if you gain a temporary Evasion token,
    discard it after the next Evasion Roll"; Precision after the next Attack, Speed after the next movement) and the
    Conditions that say so (rules/knights/conditions.py)."""
    lines = conditions.discard_after(cat, k, moment) if moment != "movement" else []
    attribute, what = AFTER[moment]
    count = k.stats.temporary.pop(attribute, 0)
    if count:
        lines.append(said(KnightDiscardsAfter(knight=k.name, after=what, attribute=attribute, count=count)))
    return lines


def heat_refresh(cat: Catalogue, k: KnightState) -> int:
    """The Portrait's Heat Refresh with the Conditions held, never below 0."""
    return max(0, portrait(cat, k).heat_refresh + conditions.modifier(cat, k, "heat_refresh"))


def peril_arc(cat: Catalogue, k: KnightState) -> PerilArc:
    wanted = k.board.peril_arc
    for a in content(cat, k).peril_arcs:  # a loop, not next() over a generator: asked on every statistic
        if a.id == wanted:
            return a
    raise StopIteration  # what next() raised when no Peril Arc matches


TIER_TEST = "test_equipping_a_king_tier_card_at_mob_tier_costs_four_maximum_vigor"


@implements("Other Gear Stats and Qualities", tests=[T + TIER_TEST])
def tier_penalty(cat: Catalogue, k: KnightState) -> int:
    """Rulebook, "Tier": "Whenever you equip a card that is of a higher tier than your own, lose -2 maximum
    Vigor per tier of difference"."""
    own = TIERS.index(k.sheet.tier)
    total = 0
    for item in k.loadout:
        gear = cat.gear.get(item.gear)
        if gear is not None:
            total += 2 * max(0, TIERS.index(gear.tier) - own)
    return total


def max_vigor(cat: Catalogue, k: KnightState) -> int:
    value = peril_arc(cat, k).max_vigor + k.stats.max_vigor_change - tier_penalty(cat, k)
    return max(0, min(VIGOR_HARD_LIMIT, value))


PERIL_TEST = "test_losing_vigor_into_a_new_peril_threshold_raises_the_heat_limit_and_keeps_heat"


@implements("Peril Arcs", tests=[T + PERIL_TEST])
def peril(cat: Catalogue, k: KnightState) -> Peril:
    if k.stats.vigor <= 0:
        return "judicium"
    return peril_arc(cat, k).threshold(k.stats.vigor).peril


def heat_limit(cat: Catalogue, k: KnightState) -> int:
    base = peril_arc(cat, k).threshold(max(0, k.stats.vigor)).heat_limit
    return max(0, min(HEAT_HARD_LIMIT, base + k.stats.heat_limit_change))


# A Gear keyword "Bane Limit +X" is written {name: "Bane Limit +", value: X, custom: true}.
BANE_LIMIT_PLUS = "Bane Limit +"


def bane_limit(cat: Catalogue, k: KnightState) -> int:
    """Keyword List: "Your Bane Limit becomes X or is increased by +X. Note: Bane Limit X doesn't stack, but all +X
    bonuses are cumulative." and "Bane Limit": "If you have multiple elements that modify your Bane Limit, choose the
    one with the highest Bane Limit, then apply bonuses and penalties to that limit". The Portrait's Bane Limit and
    each "Bane Limit X" of the Loadout: the highest; then every "Bane Limit +X" and the changes noted by hand."""
    passive = passive_abilities(cat, k)
    base = max([portrait(cat, k).bane_limit, *(kw.value or 0 for kw in passive if kw.name == "Bane Limit")])
    plus = sum(kw.value or 0 for kw in passive if kw.name == BANE_LIMIT_PLUS)
    return max(0, base + plus + k.stats.bane_limit_change)


def passive_keywords(cat: Catalogue, k: KnightState, name: str) -> list[int]:
    """The values of the passive keyword ``name`` (``passive_abilities``)."""
    return [kw.value for kw in passive_abilities(cat, k) if kw.name == name and kw.value is not None]


def passive_abilities(cat: Catalogue, k: KnightState) -> list[Keyword]:
    """The passive keywords on the Knight's Gear (equipped and not discarded: "passive abilities (for example, a
    Virtue bonus or Bane Limit) still work on inactive Weapon Gear"; the card's keywords, its abilities without a
    cost whose gate is met, its Upgrade) and on the Knight's own abilities without a cost."""
    found: list[Keyword] = []
    armory: dict[str, ArmoryItem] = {}
    for a in k.sheet.armory:  # each Gear's first Armory entry, looked up once for the whole Loadout
        armory.setdefault(a.gear, a)
    for e in k.loadout:
        gear = cat.gear.get(e.gear)
        if gear is None or e.discarded:
            continue
        item = armory.get(e.gear)
        face = gear.face(bool(item and item.reforged))
        found += face.keywords
        found += [kw for a in face.abilities if a.cost is None and gate_met(cat, k, a.gate) for kw in a.keywords]
        upgrade = cat.upgrades.get(item.upgrade) if item is not None and item.upgrade else None
        found += upgrade.keywords if upgrade is not None else []
    knight = cat.knights.get(k.knight)
    for ability in knight.abilities if knight is not None else []:
        if ability.cost is None and gate_met(cat, k, ability.gate):
            found += ability.keywords
    return found


def passive_keyword(cat: Catalogue, k: KnightState, name: str) -> int:
    """A stackable passive keyword's total ("every keyword followed by a number is a stackable keyword")."""
    return sum(passive_keywords(cat, k, name))


def gate_met(cat: Catalogue, k: KnightState, gate: Gate | None) -> bool:
    if gate is None:
        return True
    if gate.peril is not None:
        order = ("uninjured", "minor", "major", "grave", "judicium")
        return order.index(peril(cat, k)) >= order.index(gate.peril)
    return gate.tier is None or TIERS.index(k.sheet.tier) >= TIERS.index(gate.tier)


def _alive(k: KnightState) -> None:
    if k.dead:
        raise RuleError(
            f"{k.name} is dead: a dead Knight \"cannot be used in any way\" until Clash Aftermath "
            "(/knight aftermath resurrects them), or the GM can /gm undo"
        )


def _settle(cat: Catalogue, k: KnightState, before_limit: int, before_peril: Peril) -> list[str]:
    """After Vigor or a limit moved: report a new Peril threshold or Heat Limit, never raising Heat."""
    out: list[str] = []
    now_peril, now_limit = peril(cat, k), heat_limit(cat, k)
    if now_peril != before_peril:
        out.append(said(PerilMoved(old=before_peril, new=now_peril)))
    if now_limit != before_limit:
        out.append(said(HeatLimitMoved(old=before_limit, new=now_limit, heat=k.stats.heat)))
    if k.stats.heat > now_limit:
        out.append(said(HeatFellToLimit(old=k.stats.heat, limit=now_limit)))
        k.stats.heat = now_limit
    return out


@implements("Knight Statistics", tests=[T + "test_passion_gained_at_nine_stays_nine"])
def change_passion(cat: Catalogue, k: KnightState, n: int) -> list[str]:
    """Rulebook, "Hard Limits": "Passion can never go above "9"; if you're at "9", you may still gain
    Passion, but it is considered to still be "9"."""
    _alive(k)
    old = k.stats.passion
    k.stats.passion = max(0, min(PASSION_HARD_LIMIT, old + n))
    return [said(StatChanged(stat="passion", old=old, new=k.stats.passion, capped=old + n > PASSION_HARD_LIMIT))]


@implements("Hard Limits", tests=[T + "test_heat_over_the_heat_limit_is_lost_vigor",
                                  T + "test_vigor_never_above_its_maximum"])
def change_heat(cat: Catalogue, k: KnightState, n: int, voluntary: bool = False) -> list[str]:
    """Rulebook, "Heat Limit": "If any effect would force you to raise your Heat above your Heat Limit,
    raise your Heat to your current limit, then lose Vigor equal to the value by which you exceeded your
    Heat Limit." A voluntary gain (a cost) "cannot pay the cost if it would cause you to exceed your Heat
    Limit". Vice Cruelty: "When you are about to gain Heat, lower that gain by 1 (to a minimum of 0)"."""
    _alive(k)
    out: list[str] = []
    if n > 0 and k.sheet.vices.get("cruelty", 0) > 0:
        out.append(said(CrueltyLowered(gain=n)))
        n -= 1
    old, limit = k.stats.heat, heat_limit(cat, k)
    if n <= 0:
        k.stats.heat = max(0, old + n)
        floor = choke_floor(cat, k, old)
        return out + [said(StatChanged(stat="heat", old=old, new=k.stats.heat))] + floor
    if voluntary and old + n > limit:
        raise RuleError(
            f"{k.name} cannot pay +{n} Heat: Heat {old} + {n} would exceed the Heat Limit {limit} "
            "(a cost is a voluntary gain and can never exceed the Heat Limit)"
        )
    excess = max(0, old + n - limit)
    k.stats.heat = min(old + n, limit)
    out.append(said(StatChanged(stat="heat", old=old, new=k.stats.heat, limit=limit)))
    if excess:
        out.append(said(HeatLimitExceeded(excess=excess)))
        out += change_vigor(cat, k, -excess)
    return out


def choke_floor(cat: Catalogue, k: KnightState, old: int) -> list[str]:
    """Choke X: "Your Heat can never go below this limit." A Heat loss stops at the Choke Limit while the Knight holds
    the Choked Condition card (Heat already below it is not raised by a loss)."""
    floor = conditions.choke_limit(cat, k)
    if floor is None or k.stats.heat >= floor or k.stats.heat >= old:
        return []
    k.stats.heat = min(old, floor)
    return [said(ChokeFloor(floor=floor))]


def additional_first(k: KnightState, n: int) -> tuple[int, list[str]]:
    """Fortify X: "When you would lose Vigor, lose your additional Vigor first (counting it down, like a secondary
    track)." Takes a loss of ``n`` (positive) off the additional Vigor; returns what is left to lose from Vigor.
    ``change_vigor`` calls it; a caller that must know the Vigor really lost (the Clash's Judicium bookkeeping) calls
    it first and then loses the rest."""
    extra = k.stats.additional_vigor
    if n <= 0 or extra <= 0:
        return n, []
    used = min(extra, n)
    k.stats.additional_vigor = extra - used
    return n - used, [said(AdditionalVigorLost(used=used, old=extra, new=k.stats.additional_vigor))]


@implements("Knight Statistics", tests=[T + "test_vigor_never_above_its_maximum",
                                        T + "test_voluntary_vigor_loss_cannot_drop_below_one"])
def change_vigor(cat: Catalogue, k: KnightState, n: int, voluntary: bool = False) -> list[str]:
    """Rulebook, "Maximum Vigor": "No amount of gaining Vigor will ever move it past its limit." and
    "Falling Below "0" Vigor": "leave your Vigor marker at "0"". A voluntary loss "cannot pay the cost if it
    would cause your Vigor to fall below 1"."""
    _alive(k)
    if voluntary and n < 0 and k.stats.vigor + k.stats.additional_vigor + n < 1:
        raise RuleError(f"{k.name} cannot pay {-n} Vigor: Vigor {k.stats.vigor} would fall below 1 (a cost is a "
                        "voluntary loss and can never drop Vigor below 1)")
    rest, extra = additional_first(k, -n)
    if extra:
        n = -rest
        if n == 0:
            return extra
    old, before_limit, before_peril = k.stats.vigor, heat_limit(cat, k), peril(cat, k)
    top = max_vigor(cat, k)
    k.stats.vigor = max(0, min(top, old + n))
    out = extra + [said(StatChanged(stat="vigor", old=old, new=k.stats.vigor, limit=top))]
    if n < 0 and old + n <= 0:
        out.append(said(JudiciumDue(treated_as=old + n, vigor=max(-99, min(0, old + n)))))
    return out + _settle(cat, k, before_limit, before_peril)


@implements("Knight Statistics", tests=[T + "test_lowering_the_maximum_lowers_vigor"])
def change_max_vigor(cat: Catalogue, k: KnightState, n: int) -> list[str]:
    """Rulebook: "Raising your maximum Vigor during a Delve or Clash will not automatically raise your
    current Vigor. On the other hand, if your Vigor limit somehow falls below your current Vigor, you need
    to lower Vigor to your new maximum."""
    old = max_vigor(cat, k)
    k.stats.max_vigor_change += n
    return [said(StatChanged(stat="max_vigor", old=old, new=max_vigor(cat, k)))] + clamp_vigor(cat, k)


def clamp_vigor(cat: Catalogue, k: KnightState) -> list[str]:
    top = max_vigor(cat, k)
    if k.stats.vigor <= top:
        return []
    before_limit, before_peril = heat_limit(cat, k), peril(cat, k)
    old, k.stats.vigor = k.stats.vigor, top
    return [said(VigorClamped(old=old, top=top))] + _settle(cat, k, before_limit, before_peril)


def change_heat_limit(cat: Catalogue, k: KnightState, n: int) -> list[str]:
    """Rulebook: "Note: If you gain Heat Limit for any reason, do not decrease your Heat!"."""
    before_limit, before_peril = heat_limit(cat, k), peril(cat, k)
    k.stats.heat_limit_change += n
    return _settle(cat, k, before_limit, before_peril) or [said(HeatLimitStays(limit=before_limit))]


@implements("Bane", chapter="Clash Phase", tests=[T + "test_bane_over_the_limit_kills_without_a_judicium"])
def change_bane(cat: Catalogue, k: KnightState, n: int) -> list[str]:
    """Rulebook, "Bane Limit": "If, at any point, you would gain Bane tokens that would exceed your Bane
    Limit, don't. Your Knight dies immediately. Do not draw Mortis or Judicium. You simply die."""
    _alive(k)
    old, limit = k.stats.bane, bane_limit(cat, k)
    immune = conditions.immunities(cat, k).get("Immune to Bane") if n > 0 else None
    if immune is not None:  # "Immune to Bane: ... You cannot gain Bane tokens."
        return [said(BaneImmune(knight=k.name, source=immune, bane=old))]
    if n > 0 and old + n > limit:
        k.dead = True
        return [said(BaneLimitDeath(knight=k.name, gain=n, old=old, limit=limit))]
    k.stats.bane = max(0, old + n)
    return [said(StatChanged(stat="bane", old=old, new=k.stats.bane, limit=limit))]


def change_bane_limit(cat: Catalogue, k: KnightState, n: int) -> list[str]:
    old = bane_limit(cat, k)
    k.stats.bane_limit_change += n
    return [said(StatChanged(stat="bane_limit", old=old, new=bane_limit(cat, k)))]


@implements("Resetting Stats", tests=[T + "test_resetting_stats"])
def reset(cat: Catalogue, k: KnightState) -> list[str]:
    """Rulebook, "Resetting Stats": "return it to its default value—Passion and Heat back to 0, while
    Vigor to its maximum value denoted on the Peril Arc. All limits return to their starting values."""
    k.stats.passion = 0
    k.stats.heat = 0
    k.stats.max_vigor_change = 0
    k.stats.heat_limit_change = 0
    k.stats.bane_limit_change = 0
    k.stats.choke_limit = 0
    k.stats.additional_vigor = 0
    k.stats.vigor = max_vigor(cat, k)
    return [said(StatsReset(vigor=k.stats.vigor))]
