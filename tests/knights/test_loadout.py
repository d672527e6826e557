"""The Armory and the Loadout: slots, Knighves, Reforging, Upgrades, exhausting, discarding, Charges."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.knights import loadout as lo
from rules.knights import statistics as st
from tests.knights._support import CAT, knight


def test_armory_add_buy_and_remove() -> None:
    """Rulebook (line 694): This is where you can purchase Gear from all tiers up to your personal tier.
    """
    k = knight()  # 5 Gold, Mob Tier
    with pytest.raises(RuleError, match="up to their own tier"):
        lo.armory_add(CAT, k, "gear_ironbound_greatsword", buy=True)
    with pytest.raises(RuleError, match="costs 7 Gold"):
        lo.armory_add(CAT, k, "gear_ashwood_spear", buy=True)
    k.sheet.gold = 10
    lo.armory_add(CAT, k, "gear_ashwood_spear", buy=True)
    assert k.sheet.gold == 3 and lo.armory_item(k, "gear_ashwood_spear") is not None
    lo.armory_add(CAT, k, "gear_kingsfall_halberd", buy=False)  # a reward: any tier
    lo.armory_remove(CAT, k, "gear_pilgrims_mace")
    assert lo.armory_item(k, "gear_pilgrims_mace") is None
    assert all(e.gear != "gear_pilgrims_mace" for e in k.loadout)


def test_reforge_merchant_gear_only_and_not_just_bought() -> None:
    """Rulebook (line 696): However, you cannot reforge a Gear card you just bought during that same Outpost
    Phase. To reforge Gear, pay the cost denoted on the reforged side of its card.
    """
    k = knight()
    k.sheet.gold = 30
    lo.armory_add(CAT, k, "gear_ashwood_spear", buy=True)
    with pytest.raises(RuleError, match="bought in this Outpost Phase"):
        lo.reforge(CAT, k, "gear_ashwood_spear")
    with pytest.raises(RuleError, match="not Merchant Gear"):
        lo.reforge(CAT, k, "gear_lantern_of_vigil")
    lo.reforge(CAT, k, "gear_pilgrims_mace")  # starting Gear, Merchant Gear: 8 Gold
    assert k.sheet.gold == 30 - 7 - 8
    assert lo.face(CAT, k, "gear_pilgrims_mace").name == "Mace of the Long Road"
    with pytest.raises(RuleError, match="permanent"):
        lo.reforge(CAT, k, "gear_pilgrims_mace")


def test_upgrades_attach_to_their_type_not_to_merchant_gear() -> None:
    """Rulebook (line 493): The type of Gear card an Upgrade can be attached to is indicated on the Upgrade card.
    A Gear card can have up to one Upgrade card attached.
    """
    k = knight("ashgrove")
    with pytest.raises(RuleError, match="attaches to armor"):
        lo.attach_upgrade(CAT, k, "gear_hunting_bow", "upgrade_leather_straps")
    with pytest.raises(RuleError, match="Merchant Gear"):
        lo.attach_upgrade(CAT, k, "gear_padded_gambeson", "upgrade_leather_straps")
    lo.attach_upgrade(CAT, k, "gear_hunting_bow", "upgrade_whetstone_edge")
    assert lo.armory_item(k, "gear_hunting_bow").upgrade == "upgrade_whetstone_edge"  # type: ignore[union-attr]


def test_slots_hands_armor_supports() -> None:
    """Rulebook (line 461): Gear Slots. Most Knights have the same number of various Gear slots: two hand slots
    for Weapons, one Armor slot, and two Support slots. Some Gear may occupy more than one Gear slot.
    """
    k = knight()
    for g in ("gear_ashwood_spear", "gear_riveted_mail", "gear_ninth_oath_plate", "gear_rosary_of_knots",
              "gear_tinderbox"):
        lo.armory_add(CAT, k, g, buy=False)
    with pytest.raises(RuleError, match="3 hand slots"):
        lo.equip(CAT, k, ["gear_ashwood_spear", "gear_pilgrims_mace"], knighves=False)
    with pytest.raises(RuleError, match="2 armor slots"):
        lo.equip(CAT, k, ["gear_padded_gambeson", "gear_riveted_mail"], knighves=False)
    with pytest.raises(RuleError, match="3 support slots"):  # the Plate also takes a Support slot
        lo.equip(CAT, k, ["gear_ninth_oath_plate", "gear_rosary_of_knots", "gear_tinderbox"], knighves=False)
    lo.equip(CAT, k, ["gear_ashwood_spear", "gear_riveted_mail", "gear_rosary_of_knots", "gear_tinderbox"],
             knighves=False)
    assert [e.gear for e in k.loadout][-1] == "gear_tinderbox"
    assert k.loadout[-1].charges == 2


def test_knighves_fill_free_hands() -> None:
    """Rulebook (line 476): If, after preparing Loadout (see Knight Loadouts on p. 30), a Knight has at least one
    free hand slot, you may equip a Knighves card and use it as a one- or two-handed weapon, depending on how
    many free hand slots they have.
    """
    k = knight()
    lo.equip(CAT, k, ["gear_padded_gambeson"], knighves=True)
    assert (k.loadout[-1].gear, k.loadout[-1].hands) == ("gear_knighves", 2)
    lo.equip(CAT, k, ["gear_pilgrims_mace"], knighves=True)
    assert k.loadout[-1].hands == 1
    lo.armory_add(CAT, k, "gear_ashwood_spear", buy=False)
    with pytest.raises(RuleError, match="free hand"):
        lo.equip(CAT, k, ["gear_ashwood_spear"], knighves=True)


def test_exhaust_discard_and_knighves() -> None:
    """Rulebook (line 480): - Knighves can be exhausted just like any other Gear card, but they cannot be
    discarded or exchanged by any means.

    Rulebook (line 484): If there are no Charges left on a Gear card, you cannot use abilities that require you
    to discard a charge.
    """
    k = knight("ashgrove")  # Hunting Bow (2 hands), Gambeson, Tinderbox (2 Charges); no free hand
    lo.equip(CAT, k, ["gear_padded_gambeson", "gear_tinderbox"], knighves=True)
    lo.gear_action(CAT, k, "gear_knighves", "exhaust")
    with pytest.raises(RuleError, match="cannot be discarded"):
        lo.gear_action(CAT, k, "gear_knighves", "discard")
    lo.gear_action(CAT, k, "gear_tinderbox", "charge")
    lo.gear_action(CAT, k, "gear_tinderbox", "charge")
    with pytest.raises(RuleError, match="no Charges left"):
        lo.gear_action(CAT, k, "gear_tinderbox", "charge")
    lo.gear_action(CAT, k, "gear_padded_gambeson", "discard")
    assert next(e for e in k.loadout if e.gear == "gear_padded_gambeson").discarded
    assert st.max_vigor(CAT, k) == 12
