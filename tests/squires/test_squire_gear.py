"""A Squire's lent Merchant weapon, /squire remove, the policy setting and /squire sheet (docs/squires.md)."""

from __future__ import annotations

from pathlib import Path

import rules  # noqa: F401  (registers the handlers)
from bot.narration import texts
from rules.engine import Engine
from rules.squires import actions as a
from rules.squires import gear as sg
from rules.squires.state import SquireState
from rules.state import CampaignState, DeckState
from tests.conftest import CATALOGUE, Table

MACE = "gear_pilgrims_mace"  # Squire stats: Mystic, +1 Power, +1 Potential (content/packs/starter/squires/mettle.yaml)
SPEAR = "gear_ashwood_spear"  # Errant, +1 Power, +1 Potential


async def _at_outpost(table: Table) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok('@ulfa /squire add squire:squire_tamsin name:"Tam"')
    await table.ok("/expedition start")
    await table.ok("@kara /expedition vision choice:quest")
    await table.ok("@ulfa /expedition vision choice:investigation investigation:1")
    await table.ok("@kara /expedition destination kingdom:aubrevane")
    await table.ok("/expedition next")
    await table.ok(f'@kara /knight armory add gear:{SPEAR} name:"Ser Sonch"')
    return table


async def test_a_knight_lends_a_merchant_weapon_during_the_outpost(table: Table) -> None:
    """Rulebook (line 1770): Each Squire may only have one Gear card, and it has to be a Merchant weapon. In other
    words, Squires cannot equip Armor or Support cards. During the Outpost Phase, any Knight may lend a Squire a
    Merchant weapon with Squire stats for the duration of that Expedition."""
    t = await _at_outpost(table)
    refused = await t(f"@ulfa /squire lend weapon:{SPEAR} knight:\"Ser Sonch\" name:Tam")
    assert not refused.ok  # only Ser Sonch's owner (or the GM) lends Ser Sonch's weapon
    reply = await t.ok(f"@kara /squire lend weapon:{SPEAR} knight:\"Ser Sonch\" name:Tam")
    assert reply.data["squire"]["weapon"] == SPEAR and reply.data["squire"]["lender"] == "ser-sonch"
    state = await t.state()
    assert all(item["gear"] != SPEAR for item in state["knights"]["ser-sonch"]["sheet"]["armory"])
    back = await t.ok("@ulfa /squire return")
    assert "returns" in back.text
    state = await t.state()
    assert any(item["gear"] == SPEAR for item in state["knights"]["ser-sonch"]["sheet"]["armory"])


async def test_only_merchant_weapons_and_only_one(table: Table) -> None:
    """Rulebook (line 1770): Each Squire may only have one Gear card, and it has to be a Merchant weapon."""
    t = await _at_outpost(table)
    armor = await t('@kara /squire lend weapon:gear_padded_gambeson knight:"Ser Sonch" name:Tam')
    assert not armor.ok and "not a Merchant weapon" in armor.error
    await t.ok(f'@kara /squire lend weapon:{SPEAR} knight:"Ser Sonch" name:Tam')
    second = await t(f'@kara /squire lend weapon:{SPEAR} knight:"Ser Sonch" name:Tam')
    assert not second.ok and "only have one Gear card" in second.error


def _lent(phase: str) -> tuple[Engine, CampaignState]:
    engine = Engine(CATALOGUE)
    state, dice = engine.new_state("t", 1)
    from rules.knights.actions import KnightCreate
    from rules.knights.state import ArmoryItem

    state = engine.apply(state, KnightCreate(content="lanternbearer", name="Kara", owner="kara"), dice).state
    state = engine.apply(state, a.SquireAdd(content="squire_tamsin", name="Tam", owner="kara"),
                         engine.dice_for(state)).state
    state.squires["tam"] = SquireState.model_validate({**state.squires["tam"].model_dump(),
                                                      "weapon": ArmoryItem(gear=MACE).model_dump(), "lender": "kara"})
    return engine, state


def test_the_weapon_returns_after_the_expedition() -> None:
    """Rulebook (line 1770): The Squire must return the borrowed card to its owner after the Expedition ends."""
    engine, state = _lent("over")
    result = engine.apply(state, sg.SquirePolicy(squire="tam", heat_reserve=1), engine.dice_for(state))
    assert result.state.squires["tam"].weapon is None  # no Expedition under way: given back at once
    assert any(i.gear == MACE for i in result.state.knights["kara"].sheet.armory)
    assert any("returns" in x_ for x_ in texts(result.events))


def test_the_lent_weapon_adds_its_power_on_a_matching_clue() -> None:
    """Rulebook (line 1792): If the Clue symbol on the Mettle card matches the Clue symbol on your Gear card, you can
    add its Power and Potential bonuses to your roll."""
    engine, state = _lent("outpost")
    from rules.expedition.state import ExpeditionState

    state.expedition = ExpeditionState(step="outpost")
    state.decks["starter_mettle"] = DeckState(draw=["mettle_mystic_omen", "mettle_martial_swing"])
    result = engine.apply(state, a.SquireDraw(squire="tam", kind="power"), engine.dice_for(state))
    assert result.data["outcome"]["power"] == 4 and result.data["outcome"]["potential"] == 2  # Mystic: 3+1, 1+1
    result = engine.apply(result.state, a.SquireDraw(squire="tam", kind="power"), engine.dice_for(result.state))
    assert result.data["outcome"]["power"] == 5  # Martial: no bonus


async def test_squire_remove_and_sheet(table: Table) -> None:
    """Rulebook (line 1740): Squires also use the Knight Board, but only one part of it, the one with Knight
    Statistics. Slot the Squire card where you would normally put a Knight Portrait card."""
    await table.ok('@kara /squire add squire:squire_ysolt name:"Ysolt"')
    reply = await table.ok("@kara /squire sheet")
    image = Path(reply.data["image"])
    assert image.is_file() and image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (await table("@ulfa /squire remove name:Ysolt")).ok
    reply = await table.ok("@kara /squire remove")
    assert reply.data["removed"] == "ysolt"
    assert (await table.state())["squires"] == {}


async def test_gold_a_squire_gains_goes_to_the_party_leader(table: Table) -> None:
    """Rulebook (line 1774): If a Squire would gain any amount of Gold (e.g. from an Adventure), the Party Leader gains it instead. Additionally, they are not assigned any Loot during Loot Distribution. Instead, when distributing the Common Goods between Knights, each Squire allows the party to exchange one additional Loot card for an appropriate Gear (for example when playing with two Squires, your Knights will gain two additional Gear cards from that expedition). You may still exchange those Loot cards for Gold if you prefer."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    refused = await table("@kara /squire gold amount:3")
    assert not refused.ok and "Party Leader" in (refused.error or "")
    await table.ok("/expedition start")
    await table.ok("@ulfa /expedition vision choice:quest")
    before = (await table.state())["knights"]["maud"]["sheet"]["gold"]
    reply = await table.ok("@kara /squire gold amount:3")
    assert [reply.data[k] for k in ("squire", "knight", "gold")] == ["tam", "maud", before + 3]
    state = await table.state()
    assert state["knights"]["maud"]["sheet"]["gold"] == before + 3
    assert "gold" not in state["squires"]["tam"]
