"""The Presence Game Director: cards and tokens by tier difference, and Lending Gear."""

from __future__ import annotations

from tests.conftest import Table


async def _party(table: Table, leader: str = "king", isolde: str = "mob", oriel: str = "vassal") -> None:
    await table.ok("/knight create knight:ashgrove name:Wendel")
    await table.ok("@kara /knight create knight:marrow name:Isolde")
    await table.ok("@bob /knight create knight:oriel name:Oriel")
    for name, tier in (("Wendel", leader), ("Isolde", isolde), ("Oriel", oriel)):
        if tier != "mob":
            await table.ok(f"/knight tier tier:{tier} name:{name}")


def _card(reply, name: str) -> dict:  # type: ignore[no-untyped-def]
    return next(c for c in reply.data["presence"] if c["name"] == name)


async def test_two_tiers_below_smiles_with_one_token(table: Table) -> None:
    """Rulebook (line 1805): A Knight whose tier is below the Party Leader's by at least two tiers takes the Presence
    Game Director card and uses the "Presence Smiles at You" side.

    Rulebook (line 1806): Then, each Knight with a Presence Game Director card places X Generic tokens on that card,
    where X is the difference between tiers minus one."""
    await _party(table, leader="king", isolde="mob")
    reply = await table.ok("/presence show")
    assert reply.data["party_leader"] == "wendel"
    isolde = _card(reply, "Isolde")
    assert isolde["difference"] == -2 and isolde["side"] == "Presence Smiles at You" and isolde["tokens"] == 1
    assert "**Presence Smiles at You** with 1 Generic token" in reply.text


async def test_two_tiers_above_watches_closely(table: Table) -> None:
    """Rulebook (line 1804): A Knight whose tier is higher than the Party Leader's by at least two takes the Presence
    Game Director card and uses the "Presence Watches Closely" side."""
    await _party(table, leader="mob", isolde="king", oriel="devil")
    reply = await table.ok("/presence show")
    assert _card(reply, "Isolde")["side"] == "Presence Watches Closely" and _card(reply, "Isolde")["tokens"] == 1
    assert _card(reply, "Oriel")["side"] == "Presence Watches Closely" and _card(reply, "Oriel")["tokens"] == 2


async def test_one_tier_apart_has_no_card(table: Table) -> None:
    """Rulebook (line 1803): When preparing for an Expedition, check the current tier of each Knight (it'll be either
    Mob, Vassal, King, Devil or Dragon) and compare them with that of the Party Leader:"""
    await _party(table, leader="king", isolde="mob", oriel="vassal")
    oriel = _card(await table.ok("/presence show"), "Oriel")
    assert oriel["difference"] == -1 and oriel["side"] is None and oriel["tokens"] == 0


async def test_lending_gear_to_a_smiled_at_knight(table: Table) -> None:
    """Rulebook (line 1810): If a Knight has the "Presence Smiles at You" card, other Knights may lend that Knight
    Gear cards matching that Knight's tier (or those that are lower). Knight returns the borrowed Gear cards to their
    owners at the end of the Expedition."""
    await _party(table)
    await table.ok("/knight armory add gear:gear_riveted_mail name:Wendel")
    lent = await table.ok("/presence lend gear:gear_riveted_mail to:Isolde name:Wendel")
    assert lent.data["loans"] == [{"gear": "gear_riveted_mail", "lender": "wendel", "borrower": "isolde"}]
    state = await table.state()
    assert "gear_riveted_mail" in [i["gear"] for i in state["knights"]["isolde"]["sheet"]["armory"]]
    assert "gear_riveted_mail" not in [i["gear"] for i in state["knights"]["wendel"]["sheet"]["armory"]]
    await table.ok("/presence return")
    state = await table.state()
    assert "gear_riveted_mail" in [i["gear"] for i in state["knights"]["wendel"]["sheet"]["armory"]]
    assert "gear_riveted_mail" not in [i["gear"] for i in state["knights"]["isolde"]["sheet"]["armory"]]
    assert state["progress"]["loans"] == []


async def test_lending_gear_above_the_borrowers_tier_is_refused(table: Table) -> None:
    """Rulebook (line 1810): other Knights may lend that Knight Gear cards matching that Knight's tier (or those that
    are lower)."""
    await _party(table)
    await table.ok("/knight armory add gear:gear_brigandine name:Wendel")
    reply = await table("/presence lend gear:gear_brigandine to:Isolde name:Wendel")
    assert not reply.ok and "Vassal Gear" in (reply.error or "") and "Mob" in (reply.error or "")


async def test_lending_to_a_knight_without_the_smiling_card_is_refused(table: Table) -> None:
    """Rulebook (line 1810): If a Knight has the "Presence Smiles at You" card, other Knights may lend that Knight
    Gear cards"""
    await _party(table)
    await table.ok("/knight armory add gear:gear_riveted_mail name:Wendel")
    reply = await table("/presence lend gear:gear_riveted_mail to:Oriel name:Wendel")
    assert not reply.ok and "Presence Smiles at You" in (reply.error or "")
    other = await table("@kara /presence lend gear:gear_riveted_mail to:Isolde name:Wendel")
    assert not other.ok and "belongs to" in (other.error or "")
