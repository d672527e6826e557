"""The Delve's decisions as engine ``Decision``s that name the command answering them (``answer``), and those
commands taking ``decision:`` so that an answer meant for one decision never lands on another (a stale button, a
late typist): ``/fog choose decision: option:``, ``/encounter choose decision: option:``, ``/delve travel decision:``
(a real App on a real SQLite file; bot/discord/decisions.py turns them into buttons).

The starter Kingdom, as in tests/delve/test_fog.py and tests/delve/test_encounter.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.delve.encounter_handlers import EncounterChoose
from rules.engine import Engine
from rules.errors import RuleError
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table
from tests.delve.test_encounter import ROSE, SKULL, STAG_SOUTH, _met

F = "aub_fog_"


async def _seq(table: Table) -> int:
    return int((await table.ok("/gm state")).data["seq"])


async def test_a_deep_fog_decision_names_fog_choose_and_a_stale_answer_changes_nothing(table: Table) -> None:
    """Rulebook (line 835): Traversing the Deep Fog happens in rounds. Each Round you have to make a choice: Stay the
    Course, Withdraw, or Course Correct.

    Every Deep Fog decision is answered by ``/fog choose decision:<id> option:<key>`` (Stay the Course included),
    by any player of the party (``who`` empty); naming a decision that is not waiting any more is refused."""
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("/fog force cards:" + ",".join(F + c for c in ["false_dawn", "mirror_pool"]))
    entered = await table.ok("@kara /delve travel fog:aub_02")
    pending = entered.pending
    assert pending is not None and pending["id"] == "fog2" and pending["answer"] == "fog choose"
    assert pending["who"] == [] and pending["options"][:2] == ["stay", "withdraw"]
    assert pending["labels"][:2] == ["Stay the Course", "Withdraw"] and all(pending["helps"])

    wrong = await table("@kara /fog choose decision:fog8 option:stay")
    # the one answer check (rules/waiting.py find): fog8 was never asked, fog2 waits
    assert not wrong.ok and "there is no decision fog8: it was never asked" in (wrong.error or "")
    assert "`/choose decision:fog2 option:<stay|" in (wrong.error or "")
    stayed = await table.ok("@ulfa /fog choose decision:fog2 option:stay")
    assert "Stay the Course." in stayed.text
    after = stayed.pending
    assert after is not None and after["id"] == "fog3" and after["kind"] == "fog_lowest"
    assert after["answer"] == "fog choose" and all(after["helps"])
    seq = await _seq(table)
    stale = await table("@kara /fog choose decision:fog2 option:stay")
    assert not stale.ok and "decision fog2 is no longer waiting" in (stale.error or "")
    assert await _seq(table) == seq, "nothing was logged"
    # the typed commands without decision: still work
    await table.ok(f"@kara /fog choose option:{after['options'][0]}")
    clue = await table.ok("@kara /fog status")
    assert clue.pending is not None and clue.pending["answer"] == "fog choose" and clue.pending["id"] == "fog4"
    done = await table.ok("@kara /fog choose decision:fog4 option:mystic")
    assert (await table.state())["delve"]["fog"] is None
    # out of the Deep Fog: the Travel step of the next round waits
    assert done.pending is not None and done.pending["answer"] == "delve travel"
    late = await table("@kara /fog choose decision:fog4 option:mystic")
    assert not late.ok and "decision fog4 is no longer waiting" in (late.error or "")


async def test_an_encounter_decision_names_encounter_choose_and_its_knights_owner(table: Table) -> None:
    """Rulebook (line 884): Knight Positioning. To position your Knight miniatures, first roll a d6 die for each
    Knight, then place your Knights on matching unoccupied spaces on the Encounter Board (ignore all Hope symbols on
    the rolled dice).

    The space is the Knight's owner's to choose: ``who`` is Ser Sonch's owner; ``/encounter choose decision:enc2
    option:A4`` answers it, and enc2 named again afterwards is refused, before and inside the engine."""
    await _met(table)
    await table.ok("/gm force-next values:" + ",".join(map(str, [*STAG_SOUTH, SKULL, ROSE])))
    started = await table.ok("/encounter start")
    pending = started.pending
    assert pending is not None and pending["id"] == "enc2" and pending["answer"] == "encounter choose"
    assert pending["who"] == ["kara"] and pending["options"] == ["A4", "B1", "C3", "C6", "D5"]
    assert all(h.startswith("the Knight stands on ") for h in pending["helps"])

    refused = await table("@ulfa /encounter choose decision:enc2 option:A4")
    assert not refused.ok and "Ser Sonch" in (refused.error or "")
    placed = await table.ok("@kara /encounter choose decision:enc2 option:A4")
    assert placed.pending is not None and placed.pending["id"] == "enc3" and placed.pending["who"] == ["ulfa"]
    seq = await _seq(table)
    stale = await table("@kara /encounter choose decision:enc2 option:B1")
    assert not stale.ok and "decision enc2 is no longer waiting (it was already answered" in (stale.error or "")
    assert "`/choose decision:enc3 option:<" in (stale.error or "")
    assert await _seq(table) == seq

    # the engine's own check (an answer that loses a race reaches it after the command's check passed)
    state = CampaignState.model_validate(await table.state())
    engine = Engine(CATALOGUE)
    with pytest.raises(RuleError, match="decision enc2 is no longer waiting"):
        engine.apply(state, EncounterChoose(options=["B1"], decision="enc2"), engine.dice_for(state))


async def test_the_travel_step_names_delve_travel_and_its_round(table: Table) -> None:
    """Rulebook (line 743): Every Delve Round begins with the Travel step. To resolve it, the Party Leader must choose
    a valid path on your current Kingdom tile to travel through. Usually, you can either choose to travel onto an
    Unexplored Kingdom tile or to Backtrack—travel onto a previously explored tile.

    At the Travel step every Delve reply carries the decision ``travel<n>`` (n: the round it starts) with one option
    per legal destination; ``/delve travel decision:travel<n>`` is refused once the party has travelled."""
    started = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    travel: dict[str, Any] | None = started.pending
    assert travel is not None and travel["id"] == "travel1" and travel["answer"] == "delve travel"
    assert travel["kind"] == "travel" and travel["who"] == []
    legal = {(d["kind"], d["tile"]) for d in started.data["destinations"]}
    keys = set(travel["options"])
    assert keys == {f"fog:{t}" if k == "fog" else t for k, t in legal}
    assert len(travel["labels"]) == len(travel["helps"]) == len(travel["options"]) and all(travel["helps"])
    status = await table.ok("/delve status")
    assert status.pending == travel
    first = next(k for k in travel["options"] if not k.startswith("fog:"))
    moved = await table.ok(f"@kara /delve travel to:{first} decision:travel1")
    assert moved.data["tile"] == first
    assert moved.pending is not None and moved.pending["id"] == "travel2"
    seq = await _seq(table)
    stale = await table(f"@kara /delve travel to:{first} decision:travel1")
    assert not stale.ok and "decision travel1 is no longer waiting" in (stale.error or "")
    assert await _seq(table) == seq
    # an Encounter due: no Travel step decision until it is over
    there = next(k for k in moved.pending["options"] if not k.startswith("fog:"))
    await table.ok(f"/delve adjust token:stag to:{there}")
    met = await table.ok(f"@kara /delve travel to:{there} decision:travel2")
    assert met.data["encounter_due"] is not None and met.pending is None
    assert (await table.ok("/delve status")).pending is None


async def test_a_travel_option_onto_a_tile_that_lowers_threat_says_threat_minus(table: Table) -> None:
    """Rulebook (line 743): Every Delve Round begins with the Travel step.

    The Tollhouse Ruin's back gives Threat -1: its option says "Threat -1", not "Threat +-1"."""
    started = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    travel: dict[str, Any] | None = started.pending
    assert travel is not None and "aub_03" in travel["options"]
    help_ = travel["helps"][travel["options"].index("aub_03")]
    assert "Time 1, Threat -1" in help_ and "+-" not in help_
    assert not any("+-" in h for h in travel["helps"])
