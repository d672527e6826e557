"""A campaign state saved before the typed continuations opens in the new shape, answers its decision, undoes.

tests/fixtures/waiting_0/*.json were written by main at 7e0e68a (tests/fixtures/README.md): each is the stored
state after the first N lines of a script, waiting on a decision whose continuation was one JSON dict,
``Pending.data`` (a Clash decision holding the Monster Activation it interrupts, a Knight Attack waiting on its
re-roll, a Deep Fog Minor Penalty, two Encounter decisions). Each test plays the same lines with today's code,
then puts the old state in the campaign's row the way an older release left it, and checks that it loads into
exactly the state today's code makes, that the next line of the script answers it with the very reply and state,
and that ``/gm undo`` and a rebuild from the log come back to the waiting state.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.app.history import rebuild
from bot.app.service import App
from bot.console.runner import GUILD, run_lines
from rules.decision_records import (
    DeployThen,
    EncounterAttackThen,
    EncounterKnightThen,
    EncounterRoarThen,
    FogCardsThen,
    JudgementGroupThen,
    KnightAttackThen,
    Pending,
    SquireRunThen,
)
from rules.state import CampaignState
from tests.conftest import Table, open_app

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "waiting_0"
SCRIPTS = ROOT / "tests" / "scripts"


CLASH, FOG, ENCOUNTER = ("clash", "flow", "pending"), ("delve", "fog", "pending"), ("delve", "encounter", "pending")


def _at(state: CampaignState, path: tuple[str, ...]) -> Pending | None:
    """The decision waiting at ``path`` (the Clash's, the Deep Fog's, the Encounter's), or None."""
    found: object = state
    for name in path:
        found = getattr(found, name, None)
    assert found is None or isinstance(found, Pending)
    return found


CASES = {
    # fixture: (script, lines played, where the decision waits, its kind, the continuation it holds)
    "clash_command": ("clash/abbot_full_defeat.txt", 40, CLASH, "command", None),
    "knight_attack_reroll": ("clash/abbot_exhibition_defeat.txt", 22, CLASH, "attack_reroll", KnightAttackThen),
    "fog_penalty": ("delve/encounter_fog_delve.txt", 15, FOG, "fog_penalty", FogCardsThen),
    "encounter_space": ("delve/encounter_fog_delve.txt", 21, ENCOUNTER, "enc_space", EncounterKnightThen),
    "encounter_attack": ("delve/encounter_fog_delve.txt", 24, ENCOUNTER, "enc_reroll", EncounterAttackThen),
}


async def _stored(app: App) -> CampaignState:
    row = await app.db.campaign(GUILD, 1)
    assert row is not None
    return CampaignState.model_validate_json(row.state_json)


async def _as_created_by_main(app: App, old: dict[str, Any]) -> None:
    """Make the campaign just created one of the release that wrote the fixture: its state version (decision ids
    numbered per asker before ``UNIQUE_IDS_VERSION``), in its head and in the snapshot a rebuild starts from."""
    patch = "json_set(state_json, '$.version', ?, '$.decisions', 0)"
    await app.db.execute(f"UPDATE campaigns SET state_json = {patch} WHERE id = 1", old["version"])
    await app.db.execute(f"UPDATE snapshots SET state_json = {patch} WHERE campaign_id = 1", old["version"])
    app.forget_heads()


@pytest.mark.parametrize("name", sorted(CASES))
async def test_an_old_waiting_state_loads_typed_and_answers_as_today(tmp_path: Path, name: str) -> None:
    script, played, where, kind, then = CASES[name]
    text = (SCRIPTS / script).read_text(encoding="utf-8")
    found = re.search(r"^# seed: (\d+)$", text, re.MULTILINE)
    assert found is not None
    lines = text.splitlines()
    answer = next(line for line in lines[played:] if line.strip() and not line.startswith("#"))
    app = await open_app(tmp_path / "play.sqlite3", seed=int(found.group(1)))
    try:
        out = io.StringIO()
        created = next(i for i, line in enumerate(lines) if line.startswith("/campaign new")) + 1
        await run_lines(app, lines[:created], out, as_json=True)
        await _as_created_by_main(app, json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8")))
        await run_lines(app, lines[created:played], out, as_json=True)
        assert all(json.loads(x)["ok"] for x in out.getvalue().splitlines())
        today = await _stored(app)

        old_json = (FIXTURES / f"{name}.json").read_text(encoding="utf-8")
        raw = json.loads(old_json)
        for key in where:
            raw = raw[key]
        assert raw["kind"] == kind and "data" in raw and "then" not in raw  # the old shape, as main wrote it
        loaded = CampaignState.model_validate_json(old_json)
        assert loaded.model_dump() == today.model_dump()
        waiting = _at(loaded, where)
        assert waiting is not None
        if then is None:  # the Obey/Disobey of a Monster Attack: the Activation is what it keeps
            assert waiting.then is None and waiting.activation is not None
            assert waiting.activation.monster == "the_cinder_abbot" and waiting.activation.step == "attack"
        else:
            assert isinstance(waiting.then, then)

        table = Table(app)
        native = await table.ok(answer)
        answered = await _stored(app)
        assert _at(answered, where) != waiting
        await table.ok("/gm undo")
        assert (await _stored(app)).model_dump() == today.model_dump()

        await app.db.execute("UPDATE campaigns SET state_json = ? WHERE id = 1", old_json)  # as main saved it
        app.forget_heads()
        again = await table.ok(answer)
        shown = [(r.text, {k: v for k, v in r.data.items() if k != "seq"}, r.pending) for r in (again, native)]
        assert shown[0] == shown[1]  # the same reply (but the log's seq, one undo later)
        assert (await _stored(app)).model_dump() == answered.model_dump()
        await table.ok("/gm undo")
        assert (await _stored(app)).model_dump() == today.model_dump()
        assert (await rebuild(app.db, app.engine, 1)).model_dump() == today.model_dump()
    finally:
        await app.db.close()


def test_an_old_decision_dict_that_this_release_does_not_know_is_refused() -> None:
    """A stored decision whose ``data`` holds a key no continuation reads is an error, not silently dropped."""
    with pytest.raises(ValueError, match="does not know"):
        Pending.model_validate({"id": "d1", "kind": "react", "prompt": "?", "options": [], "data": {"mystery": 1}})


def test_the_reply_shows_the_old_data_dict() -> None:
    """Replies (``/delve status``, the Encounter's data) show a decision with the ``data`` dict they always had."""
    old = {"id": "fog1", "kind": "fog_lowest", "prompt": "?", "knights": [], "options": [], "pick": 1,
           "min_pick": 1, "data": {"purpose": "withdraw", "cards": ["a", "b"]}}
    pending = Pending.model_validate(old)
    assert pending.then == FogCardsThen(cards=["a", "b"], purpose="withdraw")
    assert json.dumps(pending.shown()) == json.dumps(old)


def _old(name: str, *path: str) -> dict[str, Any]:
    found: Any = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    for key in path:
        found = found[key]
    assert isinstance(found, dict)
    return found


ACTIVATION = _old("clash_command", "clash", "flow", "pending", "data", "activation")
ATTACK = _old("knight_attack_reroll", "clash", "flow", "pending", "data", "attack")


@pytest.mark.parametrize(("data", "then"), [
    ({"attack": ATTACK, "shuffle": True}, KnightAttackThen),  # bp_choice
    ({"knight": "ser-sonch", "x": 2, "left": ["kara"]}, DeployThen),
    ({"group": "kara", "activation": ACTIVATION}, JudgementGroupThen),  # judgement_virtue of a group
    ({"group": True, "activation": ACTIVATION, "lines_before": 3}, JudgementGroupThen),  # the group's re-rolls
    ({"squire": "sq1", "steps": [["ability", "Hold the Reins", 0]], "index": 0, "memo": {"monster": "m1"},
      "end_turn": True, "strict": False}, SquireRunThen),
    ({"knights": ["ser-sonch", "kara"], "keys": ["ser-sonch", "kara"]}, EncounterRoarThen),
    ({"activation": ACTIVATION, "lines_before": 0, "named": ["kara:dodge"]}, type(None)),  # a REACT! window
])
def test_every_old_data_dict_reads_into_its_continuation_and_shows_as_before(data: dict[str, Any],
                                                                            then: type) -> None:
    """The kinds of continuation the fixtures above do not hold: read from the old dict, shown as it was."""
    old = {"id": "d3", "kind": "k", "prompt": "?", "knights": [], "options": [], "pick": 1, "min_pick": 1,
           "data": data}
    pending = Pending.model_validate(old)
    assert isinstance(pending.then, then)
    assert (pending.activation is not None) == ("activation" in data)
    assert json.dumps(pending.shown()) == json.dumps(old)
    assert Pending.model_validate_json(pending.model_dump_json()) == pending  # and the new shape keeps
