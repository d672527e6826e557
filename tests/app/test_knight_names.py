"""Knight names as the players type them (issue #20): `@everyone`, `<@123>` and unescaped Markdown were accepted and
shown raw, and near-identical names made duplicate Knights. Names are stored as typed, never ping (the Discord
client sends with no allowed mentions), and are escaped wherever the bot's Markdown renders."""

from __future__ import annotations

from bot.app.names import escape, key
from bot.discord.replies import render
from tests.conftest import Backend, Table, open_app


async def test_names_are_stored_as_typed_and_shown_escaped(table: Table) -> None:
    for name in ("@everyone", "<@123>", "**Bold** _x_"):
        made = await table.ok(f'@bob /knight create knight:lanternbearer name:"{name}"')
        assert name not in made.text and escape(name) in made.text, made.text
    stored = {k["name"] for k in (await table.state())["knights"].values()}
    assert stored == {"@everyone", "<@123>", "**Bold** _x_"}
    listed = await table.ok("/knight list")
    assert "**\\*\\*Bold\\*\\* \\_x\\_**" in listed.text and "@\u200beveryone" in listed.text
    assert "<@\u200b123\\>" in listed.text and "<@bob>" in listed.text  # the bot's own owner mention is untouched
    for message in render(listed, campaign_id=1):
        mentions = message.get("allowed_mentions")
        assert mentions is not None and not mentions.everyone and not mentions.users and not mentions.roles
        for f in message.get("files", []):
            f.close()


async def test_the_same_name_twice_is_refused(table: Table) -> None:
    """A campaign's Knights are told apart by name (commands take `name:`): a second Knight with the same name once
    case, accents, apostrophes and spaces are set aside is refused, and nothing changes."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    for twin in ("Kára", "KARA", " kara ", "Ka'ra"):
        refused = await table(f'@bob /knight create knight:ashgrove name:"{twin}"')
        assert not refused.ok and "already in this campaign" in (refused.error or ""), twin
    assert len((await table.state())["knights"]) == 1
    await table.ok('@bob /knight create knight:ashgrove name:"Karl"')
    assert key("Sér  O'Neil") == key("ser oneil")


async def test_a_name_another_server_wrote_is_escaped_here(backend: Backend) -> None:
    """Names are escaped from the campaign's stored head: this App's own last write is that head only while nothing
    else wrote since. A Knight another App (another server, on the same file) created is escaped here too, even though
    this App still keeps its own older head in memory."""
    one, two = Table(await open_app(backend.target("shared"))), Table(await open_app(backend.target("shared")))
    try:
        await one.ok('/campaign new name:"Shared"')
        await one.ok("/roll d100")  # one keeps its head in memory
        await two.ok('@bob /knight create knight:lanternbearer name:"**Bold**"')
        listed = await one.ok("/knight list")
        assert "\\*\\*Bold\\*\\*" in listed.text, listed.text
        made = await one.ok('@kara /knight create knight:ashgrove name:"Kara"')  # one's head was stale: read again
        assert "**Bold**" not in made.text
        listed = await one.ok("/knight list")
        assert "\\*\\*Bold\\*\\*" in listed.text and "Kara" in listed.text, listed.text
    finally:
        await one.app.db.close()
        await two.app.db.close()
