"""The end of Investigations and Free Roams: success by the Clue card, Leads on success and failure, 5 Leads buying
a success, cold leads during a Free Roam; refusals change nothing."""

from __future__ import annotations

from tests.conftest import Table

SPOILS = '/expedition next phase:spoils reason:"the Full Clash is over"'


async def investigating(party: Table) -> Table:
    """Ser Sonch investigates 1.2 with The Broken Banner (Martial ×4, Secondary ×2); Maud Free Roams with A Rumour
    at the Crossroads (Errant ×4, Secondary ×2). Each one's right is the other: Secondary Errant and Martial."""
    await party.ok("@kara /expedition vision choice:investigation investigation:2")
    await party.ok("@ulfa /expedition vision choice:free_roam")
    await party.ok("@kara /expedition card card:clue_broken_banner")
    await party.ok("@ulfa /expedition card card:clue_crossroads_rumour")
    return party


def tale(state: dict, kid: str, chapter: int, number: int) -> dict:  # type: ignore[type-arg]
    inv: dict = state["knights"][kid]["sheet"]["tale"][chapter - 1]["investigations"][number - 1]  # type: ignore[type-arg]
    return inv


async def test_a_success_notes_the_excess_clues_as_leads(party: Table) -> None:
    """Rulebook (line 632): At the end of an Investigation, if you succeeded and collected more Clues than needed, note the excess amount on your Knight Sheet in the "Leads" section.

    Rulebook (line 616): - When you resolve an Investigation, mark both of its boxes on your Knight Sheet if you succeeded and only the right box, if you didn't."""  # noqa: E501
    await investigating(party)
    await party.ok("@kara /expedition clue clue:martial change:6")  # 6 of 4 needed
    await party.ok("@kara /expedition clue clue:errant change:2")  # 1 (the token) + 2 = 3 of 2 needed
    await party.ok(SPOILS)
    reply = await party.ok('@kara /expedition resolve knight:"Ser Sonch"')
    assert "Investigation 1.2 **succeeds**" in reply.text and "Success paragraph" in reply.text
    assert reply.data["resolved"] == [{"knight": "ser-sonch", "choice": "investigation", "outcome": "success",
                                       "free_roam_success": None, "leads_gained": 3, "leads": 3}]
    state = await party.state()
    assert state["knights"]["ser-sonch"]["sheet"]["leads"] == 3  # (6 - 4) + (3 - 2)
    assert tale(state, "ser-sonch", 1, 2) == {"resolved": True, "success": True}
    again = await party('@kara /expedition resolve knight:"Ser Sonch"')
    assert not again.ok and "resolved already" in (again.error or "")


async def test_a_failure_notes_half_the_clues_rounded_down(party: Table) -> None:
    """Rulebook (line 632): If you failed, note half the amount of collected Clues (rounded down) as Leads."""
    await investigating(party)
    await party.ok("@kara /expedition clue clue:martial change:3")  # 3 of 4: failed
    await party.ok("@kara /expedition clue clue:errant change:3")  # 1 + 3 = 4
    await party.ok(SPOILS)
    status = await party.ok("/expedition status")
    assert "to resolve: Ser Sonch, Maud (`/expedition resolve`)" in status.text
    reply = await party.ok("/expedition resolve")  # every Knight not resolved yet
    assert "Investigation 1.2 fails" in reply.text and "Failure paragraph" in reply.text
    by = {r["knight"]: r for r in reply.data["resolved"]}
    assert by["ser-sonch"]["leads_gained"] == 3  # 7 Clues collected: 3, rounded down
    assert by["maud"]["free_roam_success"] is False and by["maud"]["leads_gained"] == 0  # no Investigation
    state = await party.state()
    assert tale(state, "ser-sonch", 1, 2) == {"resolved": True, "success": False}  # only the right box


async def test_five_leads_buy_the_success_of_a_failed_investigation(party: Table) -> None:
    """Rulebook (line 632): You can spend 5 Leads to automatically succeed on a chosen Investigation from your current or previous Chapter, whether you played through it or not. This way you can avoid repeating a failed Investigation or gain additional rewards. Read both of its paragraphs, mark any unmarked box, and gain its reward"""  # noqa: E501
    await investigating(party)
    await party.ok('/knight stat stat:leads change:4 name:"Ser Sonch"')
    await party.ok(SPOILS)
    await party.ok('@kara /expedition resolve knight:"Ser Sonch"')  # 1 Clue: fails, half of 1 = 0 Leads
    state = await party.state()
    assert state["knights"]["ser-sonch"]["sheet"]["leads"] == 4
    refused = await party("@kara /expedition leads chapter:1 investigation:2")
    assert not refused.ok and "5 are needed" in (refused.error or "")
    assert await party.state() == state  # a refusal changes nothing
    await party.ok('/knight stat stat:leads change:1 name:"Ser Sonch"')
    reply = await party.ok("@kara /expedition leads chapter:1 investigation:2")
    assert "Read both paragraphs of Investigation 1.2" in reply.text and reply.data["leads"] == 0
    state = await party.state()
    assert tale(state, "ser-sonch", 1, 2) == {"resolved": True, "success": True}
    assert state["expedition"]["visions"]["ser-sonch"]["outcome"] == "success"
    # a success cannot be bought twice, nor an Investigation of a Chapter not unlocked
    await party.ok('/knight stat stat:leads change:5 name:"Ser Sonch"')
    assert not (await party("@kara /expedition leads chapter:1 investigation:2")).ok
    assert not (await party("@kara /expedition leads chapter:3 investigation:1")).ok


async def test_a_free_roam_succeeds_with_its_clues_and_a_cold_lead_needs_a_failed_investigation(
        party: Table) -> None:
    """Rulebook (line 273): During a Free Roam, a Knight may pick up a cold lead (if not all Investigation boxes on the Knight Sheet are marked), to undertake an additional Investigation outside of normal progression.

    Rulebook (line 622): - If you failed any Investigations, you may undertake an additional Investigation during a Free Roam."""  # noqa: E501
    await investigating(party)
    refused = await party("@ulfa /expedition roam investigation:1")
    assert not refused.ok and "failed no Investigation" in (refused.error or "")
    not_roaming = await party("@kara /expedition roam investigation:1")
    assert not not_roaming.ok and "not Free Roaming" in (not_roaming.error or "")
    await party.ok('@ulfa /knight mark what:investigation chapter:1 number:1 name:Maud')  # 1.1 failed
    await party.ok('@ulfa /knight mark what:success chapter:1 number:3 name:Maud')  # 1.3 succeeded
    assert not (await party("@ulfa /expedition roam investigation:3")).ok  # a success is not repeated
    reply = await party.ok("@ulfa /expedition roam investigation:1")
    assert "repeats the failed Investigation 1.1" in reply.text
    await party.ok("@ulfa /expedition clue clue:errant change:5")
    await party.ok("@ulfa /expedition clue clue:martial change:1")
    await party.ok(SPOILS)
    reply = await party.ok("@ulfa /expedition resolve knight:Maud")
    assert "Free Roam **succeeds**" in reply.text
    vision = (await party.state())["expedition"]["visions"]["maud"]
    assert vision["free_roam_success"] is True and vision["outcome"] == "success"
    assert vision["leads_gained"] == 1  # (5 - 4) + (2 - 2)
    state = await party.state()
    assert tale(state, "maud", 1, 1) == {"resolved": True, "success": True}  # the remaining box marked


async def test_refusals_leave_the_state_unchanged(party: Table) -> None:
    await investigating(party)
    before = await party.state()
    for line, why in (('@kara /expedition resolve knight:"Ser Sonch"', "Spoils Phase"),
                      ("@kara /expedition clue clue:mystic change:1", "only collect the Clues depicted"),
                      ("@kara /expedition clue clue:martial change:-1", "holds 0 Martial"),
                      ("@kara /expedition card card:clue_nowhere", "no Clue card"),
                      ("/expedition resolve outcome:success", "give knight:"),
                      ('@ulfa /expedition clue clue:errant change:1 knight:"Ser Sonch"', "belongs to")):
        refused = await party(line)
        assert not refused.ok and why in (refused.error or ""), (line, refused.error)
    assert await party.state() == before


async def test_a_reported_outcome_wins_over_the_clue_card(party: Table) -> None:
    """Rulebook (line 269): An Investigation is considered resolved for the purposes of story progression even if you failed to secure its objective"""  # noqa: E501
    await investigating(party)
    await party.ok(SPOILS)
    reply = await party.ok('@kara /expedition resolve knight:"Ser Sonch" outcome:success')
    assert "reported: success" in reply.text
    assert (await party.state())["expedition"]["visions"]["ser-sonch"]["outcome"] == "success"


async def test_leads_are_spent_between_expeditions_too(table: Table) -> None:
    """Rulebook (line 632): You can spend 5 Leads to automatically succeed on a chosen Investigation from your current or previous Chapter, whether you played through it or not."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('/knight stat stat:leads change:7 name:"Ser Sonch"')
    reply = await table.ok("@kara /expedition leads chapter:1 investigation:4")
    assert reply.data["leads"] == 2 and reply.data["expedition"] is None
    assert tale(await table.state(), "ser-sonch", 1, 4) == {"resolved": True, "success": True}
