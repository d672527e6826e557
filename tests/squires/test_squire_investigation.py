"""Squire Investigations (docs/squires.md): a Clue card for every Squire on an Expedition, its Primary and Secondary
Clues collected from the Delve, the end of the Investigation with the Expedition and the Leads saved toward Mettle
cards after a Quest Expedition."""

from __future__ import annotations

from typing import Any

from bot.narration import texts
from rules.delve.state import ClueGained
from rules.engine import Engine
from rules.squires.investigation import follow
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table

SPOILS = '/expedition next phase:spoils reason:"the Full Clash is over"'


async def squired(table: Table, maud: str = "investigation investigation:1") -> Table:
    """Ser Sonch on the Quest, Maud investigating with A Rumour at the Crossroads (Errant), Tam the Squire."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok("/expedition start")
    await table.ok("@kara /expedition vision choice:quest")
    await table.ok(f"@ulfa /expedition vision choice:{maud}")
    await table.ok("@ulfa /expedition card card:clue_crossroads_rumour")
    return table


def tam(state: dict[str, Any]) -> dict[str, Any]:
    squire: dict[str, Any] = state["squires"]["tam"]
    return squire


async def test_a_squire_draws_a_clue_card_and_collects_both_clues(table: Table) -> None:
    """Rulebook (line 1762): Squires may look aimless, but they always have some scheme going on! Whenever you take a Squire with you on an Expedition, treat them as if they were on an Investigation of their own: draw Clue cards for them and collect both Primary and Secondary Clues."""  # noqa: E501
    await squired(table)
    assert tam(await table.state())["investigation"] is None  # the Knights' cards first: the Vision Phase
    reply = await table.ok('/expedition next phase:delve reason:"test"')
    assert "Squire Investigation: Tam draws the Clue card" in reply.text
    state = await table.state()
    inv = tam(state)["investigation"]
    held = {v["clue"]["card"] for v in state["expedition"]["visions"].values() if v["clue"] is not None}
    assert inv["card"] not in held and inv["card"] not in state["expedition"]["clue_deck"]  # one card, one hand
    assert inv["secondary"] != inv["primary"]
    assert tam(state)["clues"] == {inv["primary"]: 0, inv["secondary"]: 1}  # the Secondary token counts
    # the Delve's Clues: the Squire collects its Primary and Secondary types, not the others
    engine = Engine(CATALOGUE)
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    cs = CampaignState.model_validate(await table.state())
    other = next(t for t in ("martial", "errant", "historic", "mystic") if t not in (inv["primary"], inv["secondary"]))
    cs.delve.clues += [ClueGained(type=t, tile="aub_04", why="test")  # type: ignore[union-attr]
                       for t in (inv["primary"], other, inv["secondary"], inv["primary"])]
    told = texts(follow(engine, cs))
    assert cs.squires["tam"].clues == {inv["primary"]: 2, inv["secondary"]: 2}
    assert len(told) == 1 and "Tam (Squire) collects" in told[0]
    assert follow(engine, cs) == []  # each Clue once


async def test_the_squire_investigation_ends_with_the_expedition(table: Table) -> None:
    """Rulebook (line 1764): Even Squires get better with practice! If any Squire has successfully completed their Investigation by the end of a Quest Expedition, you may unlock one chosen Mettle card from the Party Leader's tier or below. Then, note down the highest number of Leads (see Leads, p. 26) among Squires and add it to the current number of saved Leads. Between Expeditions, you may spend 5 Leads to unlock one Mettle card from your tier or below.

    Rulebook (line 632): At the end of an Investigation, if you succeeded and collected more Clues than needed, note the excess amount on your Knight Sheet in the "Leads" section. If you failed, note half the amount of collected Clues (rounded down) as Leads."""  # noqa: E501
    await squired(table)
    await table.ok('/expedition next phase:delve reason:"test"')
    inv = tam(await table.state())["investigation"]
    # the Squire's Clue card fills up (Clues given by hand with /squire stat), three more than needed
    await table.ok(f"@kara /squire stat stat:{inv['primary']} change:{inv['needed'] + 2}")
    await table.ok(f"@kara /squire stat stat:{inv['secondary']} change:{inv['secondary_needed']}")
    reply = await table.ok(SPOILS)
    assert "Tam's Squire Investigation **succeeds**" in reply.text
    assert "/squire unlock card:<id> reason:quest" in reply.text
    state = await table.state()
    assert tam(state)["investigation"]["outcome"] == "success"
    assert tam(state)["investigation"]["leads"] == 3  # 2 Primary + 1 Secondary above what the card needs
    assert state["mettle"]["leads"] == 3
    await table.ok('/expedition note text:"again"')  # later actions add nothing more
    assert (await table.state())["mettle"]["leads"] == 3


async def test_no_quest_no_saved_leads(table: Table) -> None:
    """Rulebook (line 1764): If any Squire has successfully completed their Investigation by the end of a Quest Expedition, you may unlock one chosen Mettle card from the Party Leader's tier or below."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok("/expedition start")
    await table.ok("@kara /expedition vision choice:free_roam")
    await table.ok('/expedition next phase:delve reason:"test"')
    inv = tam(await table.state())["investigation"]
    await table.ok(f"@kara /squire stat stat:{inv['primary']} change:4")
    reply = await table.ok(SPOILS)
    assert "Squire Investigation fails" in reply.text and "not saved" in reply.text
    state = await table.state()
    assert tam(state)["investigation"]["leads"] == (4 + 1) // 2  # half the Clues, rounded down
    assert state["mettle"]["leads"] == 0
