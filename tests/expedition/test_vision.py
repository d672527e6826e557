"""The Vision Phase: one Questing Knight, Favor of the Graal, the Party Leader, the callings, the Destination."""

from __future__ import annotations

from tests.conftest import Table


async def test_only_one_questing_knight(party: Table) -> None:
    """Rulebook (line 593): - Questing Player: Players decide which one of them is going on their Quest. All other players choose if they are going on an Investigation or Free Roaming. Remember, only one player can go on a Quest during a single Expedition! Note: There are times when no one will be Questing."""  # noqa: E501
    await party.ok("@kara /expedition vision choice:quest")
    refused = await party("@ulfa /expedition vision choice:quest")
    assert not refused.ok and "only one Knight" in (refused.error or "")
    state = await party.state()
    assert [k for k, v in state["expedition"]["visions"].items() if v["choice"] == "quest"] == ["ser-sonch"]
    await party.ok("@ulfa /expedition vision choice:investigation investigation:2")
    v = (await party.state())["expedition"]["visions"]["maud"]
    assert (v["choice"], v["chapter"], v["investigation"]) == ("investigation", 1, 2)


async def test_one_sigh_of_the_graal_at_most(party: Table) -> None:
    """Rulebook (line 594): - Favor of the Graal: The Questing Knight gains a Sigh of the Graal and mark it down on their Knight Sheet (see p. 16). Each Knight can only hold one Sigh of the Graal at a time."""  # noqa: E501
    reply = await party.ok("@kara /expedition vision choice:quest")
    assert "gains a Sigh of the Graal" in reply.text
    state = await party.state()
    assert state["knights"]["ser-sonch"]["sheet"]["sigh_of_the_graal"] is True
    assert state["knights"]["maud"]["sheet"]["sigh_of_the_graal"] is False  # only the Questing Knight
    # the next Expedition: Ser Sonch quests again while still holding the Sigh: no second one
    await party.ok("/expedition next phase:over reason:\"test\"")
    await party.ok("/expedition start")
    again = await party.ok("@kara /expedition vision choice:quest")
    assert "already holds a Sigh of the Graal" in again.text
    assert (await party.state())["expedition"]["sigh_granted"] is None
    # giving up the Quest in the Vision Phase erases only a Sigh this Vision Phase gave
    await party.ok("@kara /expedition vision choice:free_roam")
    assert (await party.state())["knights"]["ser-sonch"]["sheet"]["sigh_of_the_graal"] is True


async def test_a_sigh_given_is_taken_back_when_the_quest_is_given_up(party: Table) -> None:
    await party.ok("@kara /expedition vision choice:quest")
    await party.ok("@kara /expedition vision choice:free_roam")
    state = await party.state()
    assert state["knights"]["ser-sonch"]["sheet"]["sigh_of_the_graal"] is False
    assert state["expedition"]["party_leader"] is None


async def test_the_questing_knight_is_the_party_leader(party: Table) -> None:
    """Rulebook (line 595): - Party Leader: The Questing player becomes the Party Leader. If nobody is going on a Quest, players decide who will become the Party Leader for this Expedition."""  # noqa: E501
    await party.ok("@kara /expedition vision choice:quest")
    status = await party.ok("/expedition status")
    assert status.data["expedition"]["party_leader"] == "ser-sonch"
    refused = await party('@ulfa /expedition leader knight:Maud')
    assert not refused.ok and "must be the Party Leader" in (refused.error or "")
    # nobody questing: the players decide
    await party.ok("@kara /expedition vision choice:investigation")
    await party.ok('@ulfa /expedition leader knight:Maud')
    assert (await party.ok("/expedition status")).data["expedition"]["party_leader"] == "maud"


async def test_vision_needs_every_knight_a_leader_and_a_kingdom(party: Table) -> None:
    """Rulebook (line 597): - Destination Kingdom: The Party Leader determines which Kingdom you are delving into. The Kingdom may be determined by the Quest's instructions or left to be chosen by the players."""  # noqa: E501
    refused = await party("/expedition next")
    assert not refused.ok
    for what in ("Ser Sonch", "Maud", "Party Leader", "Destination Kingdom"):
        assert what in (refused.error or "")
    await party.ok("@kara /expedition vision choice:free_roam")
    await party.ok("@ulfa /expedition vision choice:free_roam")
    await party.ok("@ulfa /expedition leader knight:Maud")
    not_leader = await party("@kara /expedition destination kingdom:aubrevane")
    assert not not_leader.ok and "Party Leader" in (not_leader.error or "")
    assert not (await party("@ulfa /expedition destination kingdom:atlantis")).ok
    await party.ok("@ulfa /expedition destination kingdom:aubrevane")
    moved = await party.ok("/expedition next")
    assert moved.data["expedition"]["phase"] == "outpost"
    assert not (await party("@ulfa /expedition vision choice:quest")).ok  # the Vision Phase is over


async def test_notes_record_what_the_players_report(party: Table) -> None:
    await party.ok('@kara /expedition note knight:"Ser Sonch" text:"Paragraph 14: chose to spare the abbot"')
    notes = (await party.state())["expedition"]["notes"]
    assert notes == [{"step": "vision", "knight": "ser-sonch", "text": "Paragraph 14: chose to spare the abbot",
                      "by": "kara"}]


async def test_the_phase_survives_a_restart(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import Table, open_app

    path = tmp_path / "kfgm.sqlite3"
    app = await open_app(path)
    t = Table(app)
    await t.ok('/campaign new name:"Vigil"')
    await t.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await t.ok("/expedition start")
    await t.ok("@kara /expedition vision choice:quest")
    await app.db.close()
    app2 = await open_app(path)
    t2 = Table(app2)
    status = await t2.ok("/expedition status")
    assert status.data["expedition"]["party_leader"] == "ser-sonch"
    await t2.ok("@kara /expedition destination kingdom:aubrevane")
    assert (await t2.ok("/expedition next")).data["expedition"]["phase"] == "outpost"
    await app2.db.close()
