"""Table dice end to end: the players roll their own dice and type the results (docs/table-dice.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.app.history import rebuild
from bot.console.runner import invocation
from tests.conftest import Table, open_app

# The same rolls twice: typed at the table, and rolled by the bot with the GM's forced values.
TABLE_SCRIPT = [
    "/campaign dice mode:table",
    "@kara /roll test difficulty:6 bonus:1",
    "@kara /dice enter values:7",
    "@kara /roll d100",
    '@kara /dice enter values:"white:3 black:10"',
    "@kara /roll attack dice:3 to_hit:6 precision:1",
    '@kara /dice enter values:"crit:1 7 4"',
    "@kara /roll reroll dice:1,3",
    '@kara /dice enter values:"9 10"',
    "@kara /roll power red:2 black:1 white:1",
    '@kara /dice enter values:"red:PP P+pot black:pot white:hope"',
]
BOT_SCRIPT = [
    "/gm force-next values:7",
    "@kara /roll test difficulty:6 bonus:1",
    "/gm force-next values:3,10",
    "@kara /roll d100",
    "/gm force-next values:1,7,4",
    "@kara /roll attack dice:3 to_hit:6 precision:1",
    "/gm force-next values:9,10",
    "@kara /roll reroll dice:1,3",
    "/gm force-next values:3,4,5,6",  # red PP is face 3, red P+pot 4, black pot 5, white hope 6
    "@kara /roll power red:2 black:1 white:1",
]
# Refused entries: (before which line of TABLE_SCRIPT, the entry, a piece of the error)
REFUSED = {
    6: [
        ('@kara /dice enter values:"crit:1 7 banana"', "'banana' is not a d10 result"),
        ('@kara /dice enter values:"crit:11 7 4"', "'11' is not a d10 result"),
        ('@kara /dice enter values:"1 7"', "you typed 2 values but this roll needs 3 values"),
        ('@kara /dice enter values:"1 7 4 5"', "too many values"),
        ('@kara /dice enter values:"red:5 1 7 4"', "'red:' does not name any of the dice asked"),
    ],
    10: [
        ('@kara /dice enter values:"red:pot+hope P black:pot white:hope"',
         "a red Power die has no face showing pot+hope"),
        ('@kara /dice enter values:"red:PP P+pot black:pot white:moon"', "'moon' is not a face of a Power die"),
    ],
}


def _comparable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("dice_mode", "pending_dice")}


async def _run(table: Table, lines: list[str], refused: dict[int, list[tuple[str, str]]] | None = None) -> list[Any]:
    replies = []
    for i, line in enumerate(lines):
        for entry, error in (refused or {}).get(i, []):
            before = await table.state()
            log = (await table.ok("/gm log count:200")).data["entries"]
            reply = await table(entry)
            assert not reply.ok and error in (reply.error or ""), (entry, reply.error)
            assert "Nothing was changed" in (reply.error or "") and "🎲 kara, for `/roll" in (reply.error or ""), (
                "a clear error, then the same prompt again")
            assert await table.state() == before, "a refused entry changes nothing"
            assert (await table.ok("/gm log count:200")).data["entries"] == log
        replies.append(await table.ok(line))
    return replies


async def test_table_dice_give_the_same_state_as_forced_bot_dice(table: Table, tmp_path: Path) -> None:
    """The issue's script: a test, a d100, an Attack Roll with a Heat re-roll and a Power Roll typed at the
    table, with malformed and impossible entries refused, end in the same state as the bot rolling the
    same values with /gm force-next."""
    typed = await _run(table, TABLE_SCRIPT, REFUSED)
    other = await open_app(tmp_path / "bot.sqlite3")
    try:
        bot_table = Table(other)
        await bot_table.ok('/campaign new name:"Test Vigil"')
        rolled = await _run(bot_table, BOT_SCRIPT)
        table_state, bot_state = await table.state(), await bot_table.state()
    finally:
        await other.db.close()
    assert table_state["dice_mode"] == "table" and table_state["pending_dice"] is None
    assert bot_state["dice_mode"] == "bot"
    assert _comparable(table_state) == _comparable(bot_state)

    # the prompts said exactly what to roll
    prompts = [typed[i].text for i in (1, 3, 5, 7, 9)]
    assert "roll 1 d10" in prompts[0]
    assert "roll a d100: white tens, black ones" in prompts[1]
    assert "roll 3 Attack dice, one of them the white Crit die" in prompts[2]
    assert "roll 2 Attack dice again, one of them the white Crit die (die 1 and die 3 of the roll)" in prompts[3]
    assert "roll 2 red, 1 black and 1 white Power dice (red first, then black, then white)" in prompts[4]
    assert all(typed[i].pending and typed[i].pending["who"] == ["kara"] for i in (1, 3, 5, 7, 9))
    # and the results are the bot's, to the field
    for entered, forced in zip([typed[i] for i in (2, 4, 6, 8, 10)], [rolled[i] for i in (1, 3, 5, 7, 9)],
                               strict=True):
        assert {k: v for k, v in entered.data.items() if k not in ("seq", "table_dice")} == {
            k: v for k, v in forced.data.items() if k != "seq"}
    assert typed[8].data["crit_misses"] == 1 and typed[8].data["naturals"] == [9, 7, 10]
    assert typed[10].data["power"] == 3 and typed[10].data["potential"] == 2 and typed[10].data["hope"] == 1


async def test_every_entry_is_logged_with_who_entered_it_and_replays(table: Table) -> None:
    await _run(table, TABLE_SCRIPT)
    entries = (await table.ok("/gm log count:200")).data["entries"]
    enters = [e for e in entries if e["command"].startswith("/dice enter")]
    assert [e["actor"] for e in enters] == ["kara"] * 5
    assert [r["value"] for r in enters[2]["rolls"]] == [1, 7, 4]
    assert all(not r["forced"] for e in enters for r in e["rolls"]), "table dice are not GM overrides"
    asks = [e for e in entries if e["command"].startswith("@") or e["command"].startswith("/roll")]
    assert all(e["rolls"] == [] for e in asks), "asking rolls nothing"
    loaded = await table.app.load(invocation("gm", "/gm state"))
    rebuilt = await rebuild(table.app.db, table.app.engine, loaded.row.id)
    assert rebuilt.model_dump() == loaded.state.model_dump()


async def test_undo_and_amend_work_on_typed_dice(table: Table) -> None:
    await table.ok("/campaign dice mode:table")
    await table.ok("@kara /roll test difficulty:6")
    waiting = await table.state()
    await table.ok("@kara /dice enter values:3")
    amended = await table.ok("/gm amend-last values:9")
    assert amended.data["success"] is True and amended.data["amended"]["previous"] == [3]
    assert (await table.state())["last_roll"]["naturals"] == [9]
    await table.ok("/gm undo")
    assert await table.state() == waiting, "undoing the entry waits for the dice again"
    await table.ok("/gm undo")
    state = await table.state()
    assert state["pending_dice"] is None and state["last_roll"] is None


async def test_only_the_roller_or_a_gm_may_answer(table: Table) -> None:
    await table.ok("/campaign dice mode:table")
    await table.ok("@kara /roll test difficulty:6")
    refused = await table("@bob /dice enter values:5")
    assert not refused.ok and "kara's to enter" in (refused.error or "")
    busy = await table("@bob /roll d100")
    assert not busy.ok and "waiting for kara's dice for `/roll test difficulty:6`: 1 d10" in (busy.error or "")
    assert (await table.ok("/dice show")).data["pending_dice"]["roller"] == "kara"
    answered = await table.ok("/dice enter values:5")
    assert answered.data["naturals"] == [5] and "(for kara)" in answered.text
    assert (await table.ok("@bob /deck draw deck:minor_mortis")).data["card"], "cards stay with the bot"


async def test_gm_auto_rolls_the_rest_with_the_bots_dice(table: Table, tmp_path: Path) -> None:
    await table.ok("/campaign dice mode:table")
    await table.ok("@kara /roll dice count:3")
    refused = await table("@kara /dice auto")
    assert not refused.ok and "only the campaign's GM" in (refused.error or "")
    auto = await table.ok("/dice auto")
    other = await open_app(tmp_path / "bot.sqlite3")
    try:
        bot = Table(other)
        await bot.ok('/campaign new name:"Test Vigil"')
        rolled = await bot.ok("@kara /roll dice count:3")
    finally:
        await other.db.close()
    assert auto.data["naturals"] == rolled.data["naturals"], "the campaign's own dice stream"
    assert (await table.state())["pending_dice"] is None


async def test_cancel_rolls_nothing(table: Table) -> None:
    await table.ok("/campaign dice mode:table")
    before = await table.state()
    await table.ok("@kara /roll power red:2")
    assert (await table("/campaign dice mode:bot")).ok is False, "switch only when no roll is waiting"
    await table.ok("@kara /dice cancel")
    assert await table.state() == before


async def test_a_tie_asks_for_the_tied_dice_only(table: Table) -> None:
    """A random element with a tie: the first throw, then only the tied elements roll again."""
    await table.ok("/campaign dice mode:table")
    ask = await table.ok('@kara /roll random among:"Kara,Ser Sonch,Ulfa"')
    assert "roll 3 d10 — one each for Kara, Ser Sonch, Ulfa, in that order" in ask.text
    more = await table.ok("@kara /dice enter values:4,9,4")
    assert "More dice are needed" in more.text and "one each for Kara, Ulfa" in more.text
    assert more.data["pending_dice"]["entered"] == [4, 9, 4]
    bad = await table("@kara /dice enter values:4,9,4")
    assert not bad.ok and "too many values" in (bad.error or "")
    done = await table.ok("@kara /dice enter values:6,2")
    assert done.data["chosen"] == "Ulfa" and done.data["naturals"] == [4, 9, 4, 6, 2]


async def test_forced_dice_are_not_asked(table: Table) -> None:
    await table.ok("/campaign dice mode:table")
    await table.ok("/gm force-next values:10")
    ask = await table.ok("@kara /roll d100")
    assert "roll 1 d10" in ask.text and len(ask.data["pending_dice"]["asked"]) == 1
    done = await table.ok("@kara /dice enter values:4")
    assert done.data["white"] == 10 and done.data["black"] == 4 and done.data["result"] == 4
    await table.ok("/gm force-next values:6")
    assert (await table.ok("@kara /roll test difficulty:6")).data["success"] is True, "all forced: no prompt"


async def test_the_gm_records_a_card_the_table_drew(table: Table) -> None:
    deck = (await table.ok("/deck peek deck:minor_mortis")).data["draw"]
    card = deck[5]
    refused = await table(f"/deck draw deck:minor_mortis card:{card}")
    assert not refused.ok and "table mode only" in (refused.error or "")
    await table.ok("/campaign dice mode:table")
    assert not (await table(f"@kara /deck draw deck:minor_mortis card:{card}")).ok, "GM only"
    drawn = await table.ok(f"/deck draw deck:minor_mortis card:{card}")
    assert drawn.data["card"]["id"] == card and drawn.data["recorded"] is True
    after = (await table.ok("/deck peek deck:minor_mortis")).data["draw"]
    assert after == [c for c in deck if c != card] + [card], "a Mortis card goes to the bottom"


async def test_an_entry_for_a_roll_that_has_changed_is_refused(table: Table) -> None:
    from rules.errors import RuleError
    from rules.table_dice import EnterDice
    from tests.rules._support import ENGINE

    await table.ok("/campaign dice mode:table")
    await table.ok("@kara /roll test difficulty:6")
    info = await table.ok("/campaign info")
    assert info.data["dice_mode"] == "table" and "waiting for kara's dice" in info.text
    state = (await table.app.load(invocation("gm", "/gm state"))).state
    stale = EnterDice(values=[5], answers="/roll d100", after=0)
    try:
        ENGINE.apply(state, stale, ENGINE.dice_for(state))
    except RuleError as exc:
        assert "has changed" in str(exc)
    else:
        raise AssertionError("a stale entry was accepted")


async def test_a_roll_is_asked_again_only_when_it_is_a_re_roll(table: Table) -> None:
    """What the dice are asked for says "again" for a re-roll, read from the die, never from its label: a random
    element named "the re-roll of die 2" is a first roll (docs/table-dice.md: the prompt says what to roll)."""
    await table.ok("/campaign dice mode:table")
    ask = await table.ok('@kara /roll random among:"the re-roll of die 2,Kara"')
    assert "roll 2 d10 — one each for the re-roll of die 2, Kara, in that order" in ask.text
    await table.ok('@kara /dice enter values:"3 8"')
    await table.ok("@kara /roll attack dice:3 to_hit:6")
    await table.ok('@kara /dice enter values:"crit:1 7 4"')
    again = await table.ok("@kara /roll reroll dice:1,3")
    assert "roll 2 Attack dice again, one of them the white Crit die (die 1 and die 3 of the roll)" in again.text
