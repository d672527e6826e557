"""What happens to a Knight around an Expedition: the Loadout locked from the Delve Phase to the Spoils
Phase, Bane carried on the Knight Sheet, Charges placed, Clash Aftermath; Conditions and Modifier tokens."""

from __future__ import annotations

from typing import Literal

from content.loader import Catalogue
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import said
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights import techniques as tq
from rules.knights.expedition_facts import (
    AftermathStep,
    ConditionHeld,
    ConsumablesReturned,
    KnightSetsOut,
    KnightSpoils,
    ModifierTokens,
)
from rules.knights.state import KnightState, Modifier

M = "tests/clash/test_modifier_tokens.py::"
T = "tests/knights/test_expedition.py::"
AFTERMATH_BANE = 2


@implements("Knight Loadouts", tests=[T + "test_loadout_is_locked_from_delve_to_spoils"])
def start(cat: Catalogue, k: KnightState) -> list[str]:
    """Rulebook, "Knight Loadouts": "A Loadout remains fixed until you return from an Expedition. In other words,
    once you begin the Delve Phase, you won't be able to change your Loadout until the Spoils Phase." and
    "Bane": "When you embark on your next Expedition, set your Bane to the amount noted here"; "Charges": "At
    the start of an Expedition, place a number of Charge tokens on this card equal to the Charges value"."""
    if k.locked:
        raise RuleError(f"{k.name} is already on an Expedition")
    k.locked = True
    k.dead = False
    for item in k.sheet.armory:
        item.just_bought = False
    from rules.clash.ammo_reserves import charges  # Ammo Reserves X counts the empty slots

    for e in k.loadout:
        e.charges = charges(cat, k, e.gear)
        e.exhausted = e.discarded = False
    k.stats.bane = k.sheet.bane
    out = [said(KnightSetsOut(knight=k.name, bane=k.sheet.bane))]
    return out + st.reset(cat, k) + tq.return_all(k)


def spoils(cat: Catalogue, k: KnightState) -> list[str]:
    """Rulebook, "Bane": "Here you will note the amount of Bane you possess at the end of the Expedition"; and
    "Consumable Gear": "at the start of the Spoils Phase you will return it to the Merchant deck"."""
    if not k.locked:
        raise RuleError(f"{k.name} is not on an Expedition (start one with /knight expedition step:start)")
    k.locked = False
    k.sheet.bane = k.stats.bane
    consumables = [e.gear for e in k.loadout if lo.gear(cat, e.gear).type == "consumable"]
    k.loadout = [e for e in k.loadout if e.gear not in consumables]
    k.sheet.armory = [a for a in k.sheet.armory if a.gear not in consumables]
    out = [said(KnightSpoils(knight=k.name, bane=k.sheet.bane))]
    if consumables:
        out.append(said(ConsumablesReturned(gear=consumables)))
    return out + st.clamp_vigor(cat, k)


@implements("Clash Aftermath", tests=[T + "test_clash_aftermath"])
def aftermath(cat: Catalogue, k: KnightState) -> list[str]:
    """Rulebook, "Clash Aftermath": "Deaths: If any Knight is dead, they are resurrected with maximum Vigor.",
    "Stat Reset", "Techniques: Return all Technique cards ... to your hand", "Conditions: All Knights discard
    their Condition cards", "Bane: Each Knight discards 2 Bane tokens", "Other tokens: Discard all Generic
    tokens, Modifier tokens", "Gear: Unexhaust all your Gear cards. Regain all Discarded Gear cards except
    Consumable cards. ... All Gear cards, except Consumable cards, regain all Charges."""
    out = [said(AftermathStep(step="for", knight=k.name))]
    if k.dead:
        k.dead = False
        out.append(said(AftermathStep(step="resurrected")))
    out += st.reset(cat, k) + tq.return_all(k)
    if k.stats.conditions:
        out.append(said(AftermathStep(step="conditions", cards=k.stats.conditions)))
    k.stats.conditions = []
    k.stats.modifiers = {}
    old = k.stats.bane
    k.stats.bane = max(0, old - AFTERMATH_BANE)
    out.append(said(AftermathStep(step="bane", old=old, new=k.stats.bane)))
    for e in k.loadout:
        g = lo.gear(cat, e.gear)
        e.exhausted = False
        if g.type != "consumable":
            e.discarded = False
    from rules.clash.ammo_reserves import charges  # Ammo Reserves X counts the empty slots

    for e in k.loadout:
        if lo.gear(cat, e.gear).type != "consumable":
            e.charges = charges(cat, k, e.gear)
    out.append(said(AftermathStep(step="gear")))
    return out


@implements("Conditions", tests=[T + "test_conditions_cannot_be_gained_twice"])
def condition(k: KnightState, card: str, op: Literal["gain", "discard"]) -> list[str]:
    """Rulebook, "Conditions": "You cannot gain the same Condition card if you already have it"."""
    if op == "gain":
        if card in k.stats.conditions:
            return [said(ConditionHeld(knight=k.name, card=card, op="already"))]
        k.stats.conditions.append(card)
        return [said(ConditionHeld(knight=k.name, card=card, op="gained"))]
    if card not in k.stats.conditions:
        raise RuleError(f"{k.name} has no Condition {card!r} (they have: {', '.join(k.stats.conditions) or 'none'})")
    k.stats.conditions.remove(card)
    return [said(ConditionHeld(knight=k.name, card=card, op="discarded"))]


@implements("Modifier Tokens", tests=[T + "test_modifier_tokens_stack"])
@implements("Stacking Modifier Tokens", tests=[T + "test_modifier_tokens_stack"])
@implements("Temporary and Permanent Modifier Tokens",
            tests=[M + "test_a_temporary_evasion_token_is_discarded_after_the_next_evasion_roll",
                   M + "test_temporary_precision_and_speed_tokens_are_discarded_after_use",
                   "tests/clash/test_aftermath.py::test_other_tokens"])
def modifier(k: KnightState, attribute: Modifier, change: int, temporary: bool = False) -> list[str]:
    """Rulebook, "Modifier Tokens": "each negative Modifier token changes the attribute by -1, whereas a
    positive Modifier token changes it by +1"; "All Modifier tokens are discarded at the end of Clash." Temporary
    ones are "discarded after they take effect" (``statistics.after``)."""
    held = k.stats.temporary if temporary else k.stats.modifiers
    new = held.get(attribute, 0) + change
    if new:
        held[attribute] = new
    else:
        held.pop(attribute, None)
    return [said(ModifierTokens(attribute=attribute, new=new, temporary=temporary))]

