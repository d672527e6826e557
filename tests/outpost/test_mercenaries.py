"""The Mercenary Guild: up to four, unique names, unlocking for one Knight or everyone, two uses each."""

from __future__ import annotations

from tests.conftest import Table
from tests.outpost.conftest import gold

SONCH, MAUD = "ser-sonch", "maud"
LEVEL_ONE = ("merc_bram_the_lamplighter", "merc_ysolde_of_the_reeds", "merc_old_hesk", "merc_twin_brothers_varl")


async def test_a_fifth_mercenary_is_refused(outpost: Table) -> None:
    """Rulebook (line 685): For the duration of an Expedition, the party can be accompanied by up to four Mercenaries."""  # noqa: E501
    for mid in LEVEL_ONE:
        await outpost.ok(f"@kara /outpost hire mercenary:{mid}")
    assert await gold(outpost, SONCH) == 30 - (2 + 3 + 2 + 4)  # each 1 Gold off: the Guild was visited first
    before = await outpost.state()
    fifth = await outpost("@ulfa /outpost hire mercenary:merc_sister_maren")
    assert not fifth.ok and "up to four" in (fifth.error or "")
    assert await outpost.state() == before
    hired = before["expedition"]["outpost"]["mercenaries"]
    assert [h["id"] for h in hired] == list(LEVEL_ONE) and all(h["uses_left"] == 2 for h in hired)


async def test_mercenary_names_are_unique(outpost: Table) -> None:
    """Rulebook (line 689): You may recruit a Mercenary only if they do not share a name with another currently recruited Mercenary."""  # noqa: E501
    await outpost.ok('@kara /outpost hire mercenary:"Old Hesk"')
    again = await outpost("@ulfa /outpost hire mercenary:merc_old_hesk")
    assert not again.ok and "share a name" in (again.error or "")


async def test_mercenary_unlocked_for_one_knight(outpost: Table) -> None:
    """Rulebook (line 692): All Mercenaries that were gained via Knight Campaign are unlocked only for that Knight. Mercenaries gained from any other source (e.g. an Adventure or a Contract) are unlocked for everyone."""  # noqa: E501
    locked = await outpost("@kara /outpost hire mercenary:merc_gallow_jack")
    assert not locked.ok and "Available Mercenary deck" in (locked.error or "")
    assert not (await outpost("@kara /mercenary unlock mercenary:merc_gallow_jack knight:Maud")).ok  # GM only
    await outpost.ok("/mercenary unlock mercenary:merc_gallow_jack knight:Maud")
    state = await outpost.state()
    assert state["outpost_unlocks"]["mercenaries"] == {"merc_gallow_jack": MAUD}
    assert "Gallow Jack" in state["knights"][MAUD]["sheet"]["mercenaries"]
    other = await outpost("@kara /outpost hire mercenary:merc_gallow_jack")
    assert not other.ok and "only for Maud" in (other.error or "")
    await outpost.ok("@ulfa /outpost hire mercenary:merc_gallow_jack")
    # unlocked for everyone: any Knight may hire them (next Expedition, as Gallow Jack is recruited now)
    await outpost.ok("/mercenary unlock mercenary:merc_gallow_jack")
    assert (await outpost.state())["outpost_unlocks"]["mercenaries"] == {"merc_gallow_jack": None}


async def test_mercenary_use_spends_a_use_and_flips_then_discards(outpost: Table) -> None:
    """Rulebook (line 1463): When you use a Mercenary's ability for the first time, flip the Mercenary card to its used side. After you use the same Mercenary's ability for the second time, discard the Mercenary card."""  # noqa: E501
    await outpost.ok("@kara /outpost hire mercenary:merc_ysolde_of_the_reeds")
    early = await outpost('@kara /mercenary use name:"Ysolde of the Reeds"')
    assert not early.ok and "during the Delve or the Clash" in (early.error or "")
    await outpost.ok("/outpost done")
    first = await outpost.ok('@ulfa /mercenary use name:"Ysolde of the Reeds"')
    assert first.data["used"] == {"mercenary": "Ysolde of the Reeds", "ability": "Reed Snare",
                                  "text": "During an Encounter, one Knight adds 1 to one Attack Roll result.",
                                  "uses_left": 1, "phase": "delve"}
    assert "flip the card" in first.text
    second = await outpost.ok("@kara /mercenary use name:merc_ysolde_of_the_reeds")
    assert second.data["used"]["ability"] == "Foraging" and second.data["used"]["uses_left"] == 0
    third = await outpost('@kara /mercenary use name:"Ysolde of the Reeds"')
    assert not third.ok and "no recruited Mercenary" in (third.error or "")
