"""The Merchant Workshop and Reforging."""

from __future__ import annotations

from tests.conftest import Table
from tests.outpost.conftest import gold

SONCH, MAUD = "ser-sonch", "maud"


async def test_gear_above_a_knights_own_tier_is_not_sold(outpost: Table) -> None:
    """Rulebook (line 694): In other words, when buying equipment from the Merchant Workshop, you check the tier of your own campaign, not that of the Party Leader's."""  # noqa: E501
    await outpost.ok('/knight tier tier:king name:"Ser Sonch"')  # the Party Leader
    before = await outpost.state()
    refused = await outpost("@ulfa /outpost buy gear:gear_ironbound_greatsword")  # Vassal; Maud is Mob
    assert not refused.ok and "up to the buyer's own tier" in (refused.error or "")
    assert await outpost.state() == before
    bought = await outpost.ok("@kara /outpost buy gear:gear_wardens_longsword")  # King, for the King Tier leader
    assert bought.data["gold"] == 30 - 19  # 20, less 1 (the Workshop's Early Bird)
    assert not (await outpost("@kara /outpost buy gear:gear_cinderforged_axe")).ok  # Devil
    await outpost.ok("/knight tier tier:vassal name:Maud")
    await outpost.ok("@ulfa /outpost buy gear:gear_ironbound_greatsword")
    armory = (await outpost.state())["knights"][MAUD]["sheet"]["armory"]
    assert {"gear": "gear_ironbound_greatsword", "reforged": False, "upgrade": None, "just_bought": True} in armory


async def test_merchant_sells_merchant_gear_and_unlocked_consumables_only(outpost: Table) -> None:
    refused = await outpost("@kara /outpost buy gear:gear_riveted_mail")
    assert not refused.ok and "not in the Merchant deck" in (refused.error or "")
    assert not (await outpost("@kara /outpost buy gear:gear_poultice_jar")).ok  # a Consumable not unlocked yet
    stock = (await outpost.ok("/outpost visit section:merchant")).data["outpost"]["merchant"]
    assert {"gear_pilgrims_mace", "gear_wyrmhide_mantle"} <= {g["id"] for g in stock}
    assert "gear_poultice_jar" not in {g["id"] for g in stock}


async def test_reforging_gear_bought_this_outpost_is_refused(outpost: Table) -> None:
    """Rulebook (line 696): You may reforge any Merchant Gear you own. However, you cannot reforge a Gear card you just bought during that same Outpost Phase. To reforge Gear, pay the cost denoted on the reforged side of its card."""  # noqa: E501
    await outpost.ok("@ulfa /outpost buy gear:gear_pilgrims_mace")
    before = await outpost.state()
    refused = await outpost("@ulfa /outpost reforge gear:gear_pilgrims_mace")
    assert not refused.ok and "just bought during that same Outpost Phase" in (refused.error or "")
    assert await outpost.state() == before
    # Ser Sonch's own Mace (from the Knight Box) can be reforged: 8 Gold, less 1 (Early Bird)
    done = await outpost.ok("@kara /outpost reforge gear:gear_pilgrims_mace")
    assert "Mace of the Long Road" in done.text and await gold(outpost, SONCH) == 23
    item = next(a for a in (await outpost.state())["knights"][SONCH]["sheet"]["armory"]
                if a["gear"] == "gear_pilgrims_mace")
    assert item["reforged"] is True
