"""What the Outpost offers, listed with the ids the commands take (issue #20: the Contract ids appeared only inside an
error, without tier or text, and there was no list of Mercenaries or Merchant wares)."""

from __future__ import annotations

from tests.conftest import Table


async def test_outpost_status_lists_contracts_scouts_mercenaries_wares_and_the_shrine(outpost: Table) -> None:
    """Rulebook (line 581): - Outpost Phase: Make all necessary preparations, including buying items, hiring help, and
    scouting the region (p. 28)."""
    await outpost.ok("@kara /outpost visit section:shrine")
    status = await outpost.ok("/outpost status")
    d = status.data["outpost"]
    for c in d["contracts"]:
        assert f"{c['name']} (`{c['id']}`, {c['tier']}" in status.text and c["objective"].rstrip(".") in status.text
    for m in d["mercenaries_available"]:
        assert f"{m['name']} (`{m['id']}`, {m['cost']} Gold)" in status.text
    for g in d["merchant"]:
        assert f"{g['name']} (`{g['id']}`, {g['tier']}, {g['cost']} Gold)" in status.text
    assert d["contracts"] and d["mercenaries_available"] and d["merchant"]
    assert "Shrine of the Saints: `/outpost shrine saint:<name>`" in status.text
    signed = await outpost.ok(f"@kara /outpost contract contract:{d['contracts'][1]['id']}")
    assert signed.ok and "Notice Board (`/outpost contract" not in (await outpost.ok("/outpost status")).text
