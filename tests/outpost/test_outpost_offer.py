"""What the Outpost offers, listed with the names and ids the commands take (issue #20: "the Outpost lists nothing on
offer (Contract ids appear only inside an error, without tier or text); no list of Mercenaries (`mercenary:Bram` is
refused); Merchant wares unknown")."""

from __future__ import annotations

from tests.conftest import Table


def _listed(text: str, d: dict) -> None:
    for c in d["contracts"]:
        assert f"• {c['name']} (`{c['id']}`, {c['tier'].capitalize()} Tier" in text and c["objective"] in text
    for s in d["scouts_available"]:
        assert f"• {s['name']} (`{s['id']}`, {s['category']}, {s['cost']} Gold) — {s['text']}" in text
    for m in d["mercenaries_available"]:
        assert f"• {m['name']} (`{m['id']}`, {m['cost']} Gold) — Delve: {m['delve']} Clash: {m['clash']}" in text
    for g in d["merchant"]:
        assert f"• {g['name']} (`{g['id']}`, {g['tier'].capitalize()} Tier, {g['cost']} Gold)" in text
    assert d["contracts"] and d["scouts_available"] and d["mercenaries_available"] and d["merchant"]
    assert "Shrine of the Saints — `/outpost shrine saint:<name>`" in text


async def test_outpost_status_lists_contracts_scouts_mercenaries_wares_and_the_shrine(outpost: Table) -> None:
    """Rulebook (line 581): - Outpost Phase: Make all necessary preparations, including buying items, hiring help, and
    scouting the region (p. 28)."""
    await outpost.ok("@kara /outpost visit section:shrine")
    status = await outpost.ok("/outpost status")
    d = status.data["outpost"]
    _listed(status.text, d)
    bram = next(m for m in d["mercenaries_available"] if m["id"] == "merc_bram_the_lamplighter")
    assert bram["delve"] == "Lit Path: Ignore the Threat gained by one Travel step."
    signed = await outpost.ok(f"@kara /outpost contract contract:{d['contracts'][1]['id']}")
    assert signed.ok and "Notice Board —" not in (await outpost.ok("/outpost status")).text


async def test_the_offer_is_listed_before_the_outpost_is_entered(outpost: Table) -> None:
    """Nothing is opened to look: the status lists the Destination's Outpost before any activity enters it."""
    before = await outpost.state()
    status = await outpost.ok("/outpost status")
    assert status.data["outpost"] is None and status.data["offer"]["name"] == "Lanternfall Crossing"
    assert "The Outpost has not been entered" in status.text and "🏰 **Lanternfall Crossing**" in status.text
    _listed(status.text, status.data["offer"])
    assert await outpost.state() == before


async def test_contracts_mercenaries_wares_by_the_names_listed(outpost: Table) -> None:
    """The names the list shows are what the commands take, in any case, a run of their words enough; the log holds
    the ids."""
    await outpost.ok("@kara /outpost hire mercenary:Bram")
    await outpost.ok('@ulfa /outpost hire mercenary:"old hesk"')
    await outpost.ok('@kara /outpost contract contract:"the lost bell ringer"')
    await outpost.ok('@kara /outpost buy gear:"ashwood spear"')
    await outpost.ok('@kara /outpost scouts scout:"lamp runner"')
    state = await outpost.state()
    ost = state["expedition"]["outpost"]
    assert [m["id"] for m in ost["mercenaries"]] == ["merc_bram_the_lamplighter", "merc_old_hesk"]
    assert ost["contract"] == "aub_contract_lost_bellringer" and [s["id"] for s in ost["scouts"]] == [
        "aub_scout_lamp_runner"]
    from bot.console.runner import invocation

    loaded = await outpost.app.load(invocation("gm", "/gm state"))
    hired = [e.action["action"] for e in await outpost.app.db.log(loaded.row.id)
             if e.action and e.action["action"]["type"] == "outpost_hire"]
    assert [a["mercenary"] for a in hired] == ["merc_bram_the_lamplighter", "merc_old_hesk"]  # ids, not as typed


async def test_a_refusal_names_the_names_with_the_ids(outpost: Table) -> None:
    wrong = await outpost('@kara /outpost contract contract:"lost bell ringr"')
    assert not wrong.ok and wrong.error == ("/outpost contract contract: there is no Contract 'lost bell ringr'; "
                                            "did you mean The Lost Bell-Ringer (`aub_contract_lost_bellringer`)?")
    far = await outpost("@kara /outpost hire mercenary:Zed")
    assert not far.ok and (far.error or "").startswith("/outpost hire mercenary: there is no Mercenary 'Zed'; the "
                                                        "Mercenaries are: Bram the Lamplighter "
                                                        "(`merc_bram_the_lamplighter`); ")


async def test_mercenary_use_takes_mercenary_and_its_older_name(outpost: Table) -> None:
    await outpost.ok("@kara /outpost hire mercenary:Ysolde")
    await outpost.ok("/outpost done")
    first = await outpost.ok("@ulfa /mercenary use mercenary:ysolde")
    assert first.data["used"]["ability"] == "Reed Snare"
    second = await outpost.ok('@kara /mercenary use name:"Ysolde of the Reeds"')  # the option's older name
    assert second.data["used"]["uses_left"] == 0
