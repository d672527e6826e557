"""The Expedition Sequence: the phase machine follows the Delve, the Clashes and the Rest."""

from __future__ import annotations

from tests.conftest import Table
from tests.expedition.conftest import phase


async def to_delve(t: Table, quest: bool = True) -> None:
    """To the first Delve, Ser Sonch on a Quest (else on a Free Roam, the Party Leader all the same)."""
    await t.ok(f"@kara /expedition vision choice:{'quest' if quest else 'free_roam'}")
    await t.ok("@ulfa /expedition vision choice:free_roam")
    if not quest:
        await t.ok('/expedition leader knight:"Ser Sonch"')
    await t.ok("@kara /expedition destination kingdom:aubrevane")
    await t.ok("/expedition next")
    assert await phase(t) == "outpost"
    await t.ok("/expedition next")
    assert await phase(t) == "delve"
    await t.ok('/delve start kingdom:aubrevane start:aub_01 leader:"Ser Sonch"')


async def test_the_whole_sequence_follows_the_table(party: Table) -> None:
    """Rulebook (line 579): Kingdoms Forlorn is played in a series of Expeditions, with each Expedition representing one Adventure, one Delve into the Deep Fog. Each Expedition consists of the following steps, resolved in this exact order:

    Rulebook (line 296): The game phases always happen in the specified order, one after the other."""  # noqa: E501
    t = party
    status = await t.ok("/expedition status")
    assert status.data["expedition"]["phase"] == "vision"
    assert "/expedition vision" in status.data["next"]
    await to_delve(t, quest=False)  # with a Quest its paragraphs pace the Clashes (tests/expedition/test_quest_pace.py)
    refused = await t("/expedition next")
    assert not refused.ok and "Time 8" in (refused.error or "")
    await t.ok("/delve gain time:8")
    status = await t.ok("/expedition status")
    assert status.data["expedition"]["phase"] == "clash"
    assert "type:exhibition" in status.data["next"]
    assert not (await t("/expedition next")).ok  # the Clash is not played yet
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    await t.ok("/clash end")
    assert await phase(t) == "rest"
    assert (await t.ok("/expedition status")).data["next"] == "/rest"
    await t.ok("/rest tale:false")  # the Rest Abilities step waits (Rest Techniques in hand)
    await t.ok("/rest tale:false")
    status = await t.ok("/expedition status")
    assert (status.data["expedition"]["phase"], status.data["expedition"]["step"]) == ("delve", "delve2")
    await t.ok("/delve gain time:8")
    status = await t.ok("/expedition status")
    assert status.data["expedition"]["phase"] == "clash" and "type:full" in status.data["next"]
    await t.ok("/clash start monster:stag level:1 type:full")
    await t.ok("/clash end")
    assert await phase(t) == "spoils"
    await t.ok("/expedition next")
    assert await phase(t) == "over"
    # Rulebook (line 586): - Second Clash Phase: Resolve a Full Clash and the Quest's ending (p. 42).
    # the Clashes are phases of an Expedition: none once it ended (issue #20)
    late = await t("/clash start monster:stag level:1 type:full")
    assert not late.ok and "/expedition start" in (late.error or "") and (await t.state())["clash"] is None
    assert (await t.ok("/expedition status")).data["expedition"]["party_leader"] == "ser-sonch"
    again = await t.ok("/expedition start")
    assert again.data["expedition"]["number"] == 2 and again.data["expedition"]["phase"] == "vision"


async def test_a_quest_clash_is_not_doubled(party: Table) -> None:
    """Rulebook (line 264): Note: This does not mean you will resolve extra Phases, like two Rests or two Clashes! For example, if you already resolved an Exhibition Clash from the Quest, do not proceed to the regular mid-Expedition Exhibition Clash."""  # noqa: E501
    t = party
    await to_delve(t)
    assert not (await t('/expedition next phase:clash')).ok  # a reason is needed
    moved = await t.ok('/expedition next phase:clash reason:"Quest 1, paragraph 12"')
    assert moved.data["expedition"]["phase"] == "clash" and moved.data["expedition"]["return_to"] == "delve1"
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    await t.ok("/clash end")
    status = await t.ok("/expedition status")
    assert status.data["expedition"]["step"] == "delve1"  # back to the Delve that led to it
    await t.ok("/delve gain time:8")  # Time 8 on a Quest: the Quest's paragraph says when the party goes on
    assert await phase(t) == "delve"
    # Rulebook (line 813): During a Quest, however, you will be instructed when to proceed to the Clashes and Rest.
    await t.ok("/expedition next")  # the Exhibition Clash is done, so straight to the Rest
    assert await phase(t) == "rest"


async def test_a_quest_rest_returns_to_the_delve(party: Table) -> None:
    """Rulebook (line 608): - Quests introduce special mechanics, influencing the regular pace of the Expedition, triggering Exhibition Clashes, Full Clashes, and Rests at various moments. Note: This does not mean you will resolve extra Phases, like two Rests or two Clashes!"""  # noqa: E501
    t = party
    await to_delve(t)
    await t.ok('/expedition next phase:rest reason:"Quest 1, paragraph 7"')
    await t.ok("/rest tale:false")  # the Rest Abilities step waits (Rest Techniques in hand)
    await t.ok("/rest tale:false")
    assert (await t.ok("/expedition status")).data["expedition"]["step"] == "delve1"
    refused = await t('/expedition next phase:rest reason:"again"')
    assert not refused.ok and "already rested" in (refused.error or "")
    await t.ok('/expedition next phase:clash reason:"Quest 1, paragraph 9"')
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    await t.ok("/clash end")
    # Exhibition Clash and Rest both resolved: the Delve goes on as the second Delve
    assert (await t.ok("/expedition status")).data["expedition"]["step"] == "delve1"
    await t.ok("/delve gain time:8")
    assert (await t.ok("/expedition status")).data["expedition"]["step"] == "delve1"  # the Quest paces the party
    await t.ok("/expedition next")
    assert (await t.ok("/expedition status")).data["expedition"]["step"] == "delve2"
    await t.ok('/expedition next phase:clash reason:"Quest 1, paragraph 20"')
    await t.ok("/clash start monster:stag level:1 type:full")
    await t.ok("/clash end")
    third = await t('/expedition next phase:clash reason:"one more"')
    assert not third.ok and "third" in (third.error or "")


async def test_only_the_gm_moves_the_expedition(party: Table) -> None:
    assert not (await party("@kara /expedition next")).ok
    assert not (await party("@kara /expedition start")).ok
    assert (await party("/expedition start")).ok is False  # one under way already


async def test_expedition_status_names_the_clash_s_next_command(party: Table) -> None:
    """Rulebook (line 1023): During the Monster Round, you resolve Activations (AI cards or Signatures). During the
    Knight Round, each Knight takes their turn, by performing a Movement Action and a Combat Action in any order.
    The Clash immediately ends with the Knights' Victory as soon as the Boss is slain

    `/expedition status` during a Clash said "Next: `/clash end` (when the Clash is over)" whatever the Clash was
    waiting for, and after "The Knights win the Clash!" it still called the Clash under way (issue #20)."""
    t = party
    await to_delve(t, quest=False)
    await t.ok("/delve gain time:8")
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    status = await t.ok("/expedition status")
    assert status.data["next"] == "/monster round", status.data["next"]
    first = await t.ok("/monster round")
    if first.pending is not None:  # the Round asks: the status names the question and its answers
        nxt = (await t.ok("/expedition status")).data["next"]
        assert nxt.startswith(f"/choose decision:{first.pending['id']} option:<"), nxt
    for _ in range(20):
        pending = (await t.state())["clash"]["flow"]["pending"]
        if pending is None:
            break
        keys = [o["key"] for o in pending["options"]]
        await t.ok(f"/choose decision:{pending['id']} option:{next((k for k in ('go_on', 'keep') if k in keys), keys[0])}")
    nxt = (await t.ok("/expedition status")).data["next"]
    assert nxt.startswith("/knight move|attack|end-turn (still to act this Knight Round:") and "Ser Sonch" in nxt, nxt
    won = await t.ok("/clash adjust monster:wounds value:12")
    assert "win" in won.text.lower(), won.text
    status = await t.ok("/expedition status")
    assert status.data["next"].startswith("/clash end (the Clash is over: the Knights won"), status.data["next"]
    assert "still under way" not in status.text and "the Clash is over" in status.text
