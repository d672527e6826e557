"""Who leaves the Outpost (issue #20): a player's `/outpost done` locked every Loadout and started the Delve."""

from __future__ import annotations

from tests.conftest import Table
from tests.outpost.test_outpost import MAUD, SONCH


async def test_only_the_gm_leaves_the_outpost(outpost: Table) -> None:
    """Rulebook (line 700): Once you're done with your Outpost activities, it's time to decide on your Loadouts. A Loadout remains fixed until you return from an Expedition.

    docs/expedition.md, "How the phase moves": the GM moves on where only the table knows the step is done (Vision,
    Outpost, Spoils). One player finishing their shopping does not end the others' Outpost: a player's
    `/outpost done` is refused and nothing is locked."""  # noqa: E501
    await outpost.ok("@kara /outpost buy gear:gear_ashwood_spear")
    refused = await outpost("@kara /outpost done")
    assert not refused.ok and "GM" in (refused.error or ""), refused.error
    state = await outpost.state()
    assert not (await outpost.ok("/outpost status")).data["outpost"]["done"]
    assert not state["knights"][SONCH]["locked"] and not state["knights"][MAUD]["locked"]
    await outpost.ok("@ulfa /outpost buy gear:gear_ashwood_spear")  # Maud still shops
    done = await outpost.ok("/outpost done")
    assert done.data["expedition"]["phase"] == "delve"
