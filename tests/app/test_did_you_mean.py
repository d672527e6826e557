"""A near miss of a command, a subcommand, an option or a Knight's name is refused with "did you mean" (issue 20,
"Findable by name"); a word close to nothing is refused as before, without a guess. Nothing is written either way."""

from __future__ import annotations

import pytest

from tests.conftest import Table

NEAR_MISSES = [
    # a misspelt group: the rest of the line is mended with it
    ("/rol test difficulty:6", "unknown command /rol test. Did you mean `/roll test`? Type /help for the list"),
    ("/rol", "unknown command /rol. Did you mean `/roll`? Type /help"),
    # a misspelt subcommand of a known group: the guess, then the subcommands there are
    ("/roll tset difficulty:6", "/roll tset is not a command. Did you mean `/roll test`? Try one of: /roll armor,"),
    ("/rol tset difficulty:6", "unknown command /rol tset. Did you mean `/roll test`?"),
    ("/gm force-nxt values:3", "Did you mean `/gm force-next`?"),
    # a misspelt option
    (
        "/roll test dificulty:6",
        "/roll test has no option 'dificulty' (did you mean `difficulty:`?); its options are: difficulty, bonus. "
        "Usage: /roll test difficulty:integer [bonus:integer]",
    ),
]

FAR_MISSES = [
    ("/frobnicate", "unknown command /frobnicate. Type /help for the list of commands."),
    ("/roll d12", "/roll d12 is not a command. Try one of:"),
    ("/roll test difficulty:6 virtue:99", "/roll test has no option 'virtue'; its options are: difficulty, bonus."),
]


async def _refused(table: Table, line: str) -> str:
    before = await table.ok("/gm log")
    state = await table.state()
    reply = await table(line)
    assert reply.ok is False and reply.ephemeral
    assert (await table.ok("/gm log")).data == before.data
    assert await table.state() == state
    return reply.error or ""


@pytest.mark.parametrize(("line", "message"), NEAR_MISSES)
async def test_a_near_miss_is_refused_with_did_you_mean(table: Table, line: str, message: str) -> None:
    assert message in await _refused(table, line)


@pytest.mark.parametrize(("line", "message"), FAR_MISSES)
async def test_a_word_close_to_nothing_gets_no_guess(table: Table, line: str, message: str) -> None:
    error = await _refused(table, line)
    assert message in error and "did you mean" not in error.lower()


async def test_a_misspelt_knight_is_refused_with_did_you_mean(table: Table) -> None:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:oriel name:"Maud"')
    error = await _refused(table, '/delve start kingdom:aubrevane leader:"ser sonh"')
    # the one resolver (rules/lookup.py) answers for every option that names a Knight, the option named first
    assert error == "/delve start leader: there is no Knight 'ser sonh'; did you mean Ser Sonch?"
    assert "did you mean Maud?" in await _refused(table, "/delve start kingdom:aubrevane leader:maude")
    assert "did you mean Ser Sonch?" in await _refused(table, "/delve start kingdom:aubrevane leader:ser-sonc")
    far = await _refused(table, "/delve start kingdom:aubrevane leader:Nobody")
    assert far == "/delve start leader: there is no Knight 'Nobody'; the Knights are: Ser Sonch; Maud"
    assert (await table.ok('/delve start kingdom:aubrevane start:aub_01 leader:"Ser Sonch"')).ok
