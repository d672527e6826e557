"""Bad input is answered politely with what would be right, and nothing is written."""

from __future__ import annotations

import pytest

from tests.conftest import Table

BAD = [
    ("/roll test difficulty:0", "must be from 1 to 20"),
    ("/roll test difficulty:6 bonus:99", "must be from -10 to 10"),
    ("/roll test", "needs difficulty"),
    ("/roll test difficulty:six", "must be a whole number"),
    ("/roll d12", "not a command"),
    ("/roll power", "pool is empty"),
    ("/roll power red:-1", "must be from 0 to 30"),
    ("/roll save kind:doom", "must be one of curse, threat"),
    ("/roll test difficulty:6 virtue:99", "has no option 'virtue'"),
    ("/roll reroll dice:1", "no roll to re-roll"),
    ("/deck draw deck:tarot", "there is no deck 'tarot'"),
    ("/deck draw deck:minor_mortis vigor:-5", "only applies to Judicium"),
    ("/deck search deck:judicium card:nope", "has no card 'nope'"),
    ('/campaign new name:"unclosed', "close every quote"),
    ("roll test difficulty:6", "start with a slash"),
    ("/gm force-next values:11", "must be from 1 to 10"),
    ("/gm force-next values:", "needs at least one number"),
]


@pytest.mark.parametrize(("line", "message"), BAD)
async def test_bad_input_is_refused_politely_and_nothing_is_logged(table: Table, line: str, message: str) -> None:
    before = await table.ok("/gm log")
    state = await table.state()
    reply = await table(line)
    assert reply.ok is False and reply.ephemeral
    assert message in (reply.error or ""), reply.error
    assert (await table.ok("/gm log")).data == before.data
    assert await table.state() == state


async def test_commands_without_a_campaign_say_how_to_start_one(app) -> None:  # type: ignore[no-untyped-def]
    reply = await Table(app)("/roll test difficulty:6")
    assert not reply.ok and '/campaign new name:"..."' in (reply.error or "")


async def test_help_lists_every_group_and_explains_a_command(table: Table) -> None:
    text = (await table.ok("/help")).text
    for group in ("/campaign", "/roll", "/deck", "/gm", "/help"):
        assert group in text
    detail = (await table.ok('/help command:"roll test"')).text
    assert "difficulty:integer" in detail and "bonus" in detail


async def test_every_player_command_needs_a_campaign(app) -> None:  # type: ignore[no-untyped-def]
    """Player commands load the channel's campaign themselves: without one, each is refused politely."""
    from bot.app.registry import Option

    def value(o: Option) -> str:
        if o.choices:
            return o.choices[0]
        return {"integer": "1", "boolean": "false", "integer_list": "1", "string_list": "a,b"}.get(o.kind, "x")

    table = Table(app)
    refused = []
    for command in app.registry.commands.values():
        if command.permission != "player":
            continue
        line = command.name + "".join(f' {o.name}:"{value(o)}"' for o in command.options if o.required)
        reply = await table(line)
        assert not reply.ok, line  # never runs without a campaign (a bad value may be refused first)
        refused.append("no campaign in this channel" in (reply.error or ""))
    assert sum(refused) >= len(refused) - 3
