"""The First Death Event's note about 9999 and the Unknown Saint (rulebook "First Death Event"): shown on a Knight's
first death until the Unknown Saint is unlocked, never after."""

from __future__ import annotations

from rules.clash import aftermath as am
from tests.clash.test_aftermath import _clash, _k, _run, told
from tests.conftest import Table


def test_the_9999_note_goes_once_the_unknown_saint_is_unlocked() -> None:
    """Rulebook (line 1495): When your Knight dies for the first time, read the special First Death Event in their Knightbook. Each Knight has a different First Death Event, which will explain how they remain alive in spite of, well, dying.

    Rulebook (line 1496): Note: If you have not unlocked the Unknown Saint yet, you will be instructed to read 9999 in the Kingdom Mysteries Section in the Principality of Stone Codex instead of your Knight's Event. This Special Event will take place only once during the course of the entire game, even if it's another Knight that dies!"""  # noqa: E501
    state = _clash(("lanternbearer", "Ser Sonch"), ("ashgrove", "Kara"))
    _k(state, "kara").dead = True
    lines = _run(state)
    assert any("Kara died for the first time" in x for x in lines)
    note = next(x for x in lines if "9999 in the Kingdom Mysteries Section" in x)
    assert "`/saint unknown`" in note
    # the Unknown Saint unlocked: the Knight's own Event, no 9999
    state = _clash(("lanternbearer", "Ser Sonch"), ("ashgrove", "Kara"))
    state.progress.unknown_saint = True
    _k(state, "kara").dead = True
    lines = _run(state)
    assert any("Kara died for the first time" in x for x in lines)
    assert not any("9999" in x for x in lines)
    assert told(am.first_death([_k(state, "kara")], unknown_saint=True)) == [
        x for x in told(am.first_death([_k(state, "kara")])) if "9999" not in x]


async def test_saint_unknown_unlocks_once(table: Table) -> None:
    """Rulebook (line 1667): Read only if you've unlocked the Unknown Saint!"""
    await table.ok("/saint unknown")
    assert (await table.state())["progress"]["unknown_saint"] is True
    again = await table("/saint unknown")
    assert not again.ok and "already unlocked" in (again.error or "")
