"""Decision ids are unique within a campaign for its whole life (rules/decision_ids.py, issue #18): every question
asked, of every kind, takes its number from one campaign-wide counter, played here through the Table (a real App on
a real SQLite file). An older campaign keeps the numbering its log was played with.

Rulebook (line 1090): If two or more Knights are equally viable Targets and none of them is the Priority Target, the
players may choose which of them becomes the Target.
Rulebook (line 835): Each Round you have to make a choice: Stay the Course, Withdraw, or Course Correct.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from bot.app.reply import Reply
from rules.clash.handlers import ClashEnd, ClashStart
from rules.clash.round_handlers import MonsterRound
from rules.engine import Engine
from rules.state import UNIQUE_IDS_VERSION, CampaignState
from tests.conftest import CATALOGUE, Table, open_app

F = "aub_fog_"
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "campaigns_0e0afe0.sqlite3"


def _waits(reply: Reply) -> dict[str, Any]:
    assert reply.pending is not None, reply.text
    return reply.pending


def _number(decision: str) -> int:
    found = re.fullmatch(r"[a-z]+([0-9]+)", decision)
    assert found, decision
    return int(found.group(1))


async def _party(table: Table) -> None:
    """The party of tests/scripts/clash/stag_exhibition_victory.txt (its seed, 5, asks two Targets at once)."""
    await table.ok('/campaign new name:"Unique ids"')
    for who, knight, name in (("sonch", "lanternbearer", "Ser Sonch"), ("kara", "ashgrove", "Kara"),
                              ("isolde", "marrow", "Isolde"), ("oriel", "oriel", "Oriel")):
        await table.ok(f'@{who} /knight create knight:{knight} name:"{name}"')


async def _first_clash_decision(table: Table) -> dict[str, Any]:
    await table.ok("/clash start monster:stag level:1 type:exhibition")
    return _waits(await table.ok("/monster round"))


async def _answer(table: Table, asked: dict[str, Any]) -> Reply:
    who = asked["who"][0] if asked["who"] else "sonch"
    return await table.ok(f"@{who} /choose decision:{asked['id']} option:{asked['options'][0]}")


async def test_two_clashes_in_one_campaign_never_share_an_id(tmp_path: Path) -> None:
    """The second Clash's first decision is not ``d1`` again: the campaign's counter goes on, and an answer naming
    the first Clash's decision is refused politely, naming the question that waits now and how to answer it."""
    app = await open_app(tmp_path / "ids.sqlite3", seed=5)
    table = Table(app)
    try:
        await _party(table)
        first = await _first_clash_decision(table)
        assert first["id"] == "d1"
        second = _waits(await _answer(table, first))
        assert second["id"] == "d2"
        await table.ok("/clash end")  # not over: it just ends
        again = await _first_clash_decision(table)
        assert again["id"] == "d3"  # not d1 again: the campaign's counter goes on
        state = await table.state()
        assert state["decisions"] == 3 and state["clash"]["flow"]["asked"] == 1  # this Clash asked one so far

        before = await table.state()
        for stale in ("d1", "d2"):
            refused = await table(f"@kara /choose decision:{stale} option:{first['options'][0]}")
            assert not refused.ok
            assert (refused.error or "").startswith(f"decision {stale} is no longer waiting (it was already "
                                                    "answered, or what asked it is over); the campaign waits for "
                                                    f"`/choose decision:d3 option:<"), refused.error
            assert "nothing was changed" in (refused.error or "")
        made_up = await table(f"@kara /choose decision:d9 option:{first['options'][0]}")
        assert not made_up.ok and "there is no decision d9: it was never asked in this campaign" in (
            made_up.error or "")
        assert await table.state() == before  # nothing changed, nothing logged
        await _answer(table, again)
    finally:
        await app.db.close()


async def test_a_deep_fog_id_and_a_clash_id_never_collide(tmp_path: Path) -> None:
    """Every kind of question draws from the one counter: the Clash's ``d<n>``, the Travel step's ``travel<n>``,
    the Deep Fog's ``fog<n>`` — no number is ever given twice, and each is higher than the one before."""
    app = await open_app(tmp_path / "ids.sqlite3", seed=5)
    table = Table(app)
    try:
        await _party(table)
        asked = [await _first_clash_decision(table)]
        asked.append(_waits(await _answer(table, asked[0])))
        await table.ok("/clash end")
        started = await table.ok("/delve start kingdom:aubrevane start:aub_01")
        asked.append(_waits(started))
        assert asked[-1]["id"] == "travel3"  # the number the Travel step takes when the party travels
        await table.ok("/fog force cards:" + ",".join(F + c for c in ["false_dawn", "mirror_pool"]))
        fog = _waits(await table.ok("@kara /delve travel fog:aub_02"))
        asked.append(fog)
        assert fog["id"] == "fog4" and fog["answer"] == "fog choose"
        asked.append(_waits(await table.ok(f"@ulfa /choose decision:{fog['id']} option:stay")))
        ids = [a["id"] for a in asked]
        assert ids == ["d1", "d2", "travel3", "fog4", "fog5"]
        numbers = [_number(d) for d in ids]
        assert numbers == sorted(set(numbers))  # unique and in the order asked
        clash_ids = {d for d in ids if d.startswith("d")}
        # a Clash answer naming the Deep Fog's number is no Clash decision: it is not waiting
        refused = await table("@kara /choose decision:d4 option:stay")
        assert not refused.ok and "decision d4 is no longer waiting" in (refused.error or "")
        assert "`/choose decision:fog5 option:<" in (refused.error or "")
        assert clash_ids == {"d1", "d2"}
    finally:
        await app.db.close()


async def test_an_undo_gives_the_number_back_and_the_next_question_takes_it(tmp_path: Path) -> None:
    """``/gm undo`` takes the answer back with the counter: the question asked again has the same id (the mark
    of Discord's buttons tells a question asked again after an undo from another one with that id,
    tests/discord/test_unique_ids_buttons.py)."""
    app = await open_app(tmp_path / "ids.sqlite3", seed=5)
    table = Table(app)
    try:
        await _party(table)
        first = await _first_clash_decision(table)
        second = _waits(await _answer(table, first))
        await table.ok("/gm undo")
        assert (await table.state())["decisions"] == 1
        again = _waits(await _answer(table, first))
        assert again["id"] == second["id"] == "d2"
    finally:
        await app.db.close()


async def test_an_older_campaign_keeps_its_own_numbering(tmp_path: Path) -> None:
    """A campaign created before state version 5 numbers each Clash's decisions from ``d1`` again, as its logged
    answers name them; its counter never moves."""
    app = await open_app(tmp_path / "ids.sqlite3", seed=5)
    table = Table(app)
    try:
        await _party(table)
        new = CampaignState.model_validate(await table.state())
        assert new.version >= UNIQUE_IDS_VERSION
    finally:
        await app.db.close()
    old = CampaignState.model_validate({**new.model_dump(), "version": UNIQUE_IDS_VERSION - 1})
    engine = Engine(CATALOGUE)
    ids = []
    for _ in range(2):
        old = engine.apply(old, ClashStart(monster="stag", level=1, clash_type="exhibition"),
                           engine.dice_for(old)).state
        old = engine.apply(old, MonsterRound(), engine.dice_for(old)).state
        assert old.clash is not None and old.clash.flow.pending is not None
        ids.append(old.clash.flow.pending.id)
        old = engine.apply(old, ClashEnd(), engine.dice_for(old)).state
    assert ids == ["d1", "d1"] and old.decisions == 0


async def test_the_old_database_answers_with_its_own_ids(tmp_path: Path) -> None:
    """tests/fixtures/campaigns_0e0afe0.sqlite3 (written before state version 5): its Encounter waits on ``enc3``,
    the Encounter's own third question; answered with the one answer ``/choose``, it is still numbered so."""
    path = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, path)
    app = await open_app(path)
    table = Table(app)
    try:
        assert (await table.state())["delve"]["encounter"]["pending"]["id"] == "enc3"
        refused = await table("@sonch /choose decision:enc1 option:keep")
        assert not refused.ok and "decision enc1 is no longer waiting" in (refused.error or "")
        await table.ok("@sonch /choose decision:enc3 option:keep")
        state = CampaignState.model_validate(await table.state())
        assert state.version < UNIQUE_IDS_VERSION and state.decisions == 0
    finally:
        await app.db.close()
