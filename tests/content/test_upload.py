"""/content upload|list|remove: a guild's own content packs, validated like packs on disk, stored per guild,
usable in that guild only, never removed while a campaign's log needs them. Real SQLite, no network (the
Discord test replaces the CDN download, discord.py's ``HTTPClient.get_from_cdn``)."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.webhook.async_ import async_context

from bot.app.commands import build_registry
from bot.app.context import Invocation
from bot.app.reply import Reply
from bot.app.service import App
from bot.discord.replies import CONTENT_LIMIT
from bot.discord.tree import GameTree
from content.loader import STARTER_PACK, load_catalogue
from storage.db import Database, GuildPack
from storage.migrations import MIGRATIONS
from tests.conftest import open_app
from tests.discord.test_invoke import APP_ID, GUILD, Bot, RecordingAdapter, _user

HOME, AWAY = "guild-home", "guild-away"

MANIFEST = 'kind: pack\nid: {id}\nname: "{name}"\nversion: "1.0"\n'
GEAR = """kind: gear
id: {id}
name: Hollow Blade
type: weapon
tier: mob
hands: 1
attack_dice: 3
precision: 1
weapon_power: {{white: 1}}
traits: [Blade]
"""


def pack(*documents: str, pack_id: str = "hollow_pack", name: str = "The Hollow Prior") -> str:
    return "---\n".join([MANIFEST.format(id=pack_id, name=name), *documents])


def hollow_prior(terrain: str | None = None) -> str:
    """A new Boss Monster: the starter Cinder Abbot with every id renamed (``hollow``, ``hollow_ai_...``)."""
    text = (STARTER_PACK / "monsters" / "cinder_abbot.yaml").read_text(encoding="utf-8")
    text = re.sub(r"\babbot_", "hollow_", text)
    text = re.sub(r"^id: abbot$", "id: hollow", text, flags=re.MULTILINE).replace("The Cinder Abbot", "The Hollow Prior")
    if terrain:
        text = text.replace("tile: standing_stone", f"tile: {terrain}")
    return text


def valid_pack() -> str:
    return pack(GEAR.format(id="gear_hollow_blade"), hollow_prior())


def who(guild: str, user: str = "gm") -> Invocation:
    return Invocation(guild_id=guild, channel_id="table", user_id=user, user_name=user, is_admin=(user == "gm"))


async def run(app: App, line: str, guild: str = HOME, user: str = "gm") -> Reply:
    return await app.run_line(who(guild, user), line)


async def ok(app: App, line: str, guild: str = HOME, user: str = "gm") -> Reply:
    reply = await run(app, line, guild, user)
    assert reply.ok, f"{line}: {reply.error}"
    return reply


async def refused(app: App, line: str, guild: str = HOME, user: str = "gm") -> str:
    reply = await run(app, line, guild, user)
    assert not reply.ok and reply.ephemeral and reply.error, f"{line}: allowed ({reply.text[:300]})"
    assert len(reply.error) < 2000 - len("Sorry, "), "a refusal fits one Discord message"
    return reply.error


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


async def upload(app: App, path: Path, guild: str = HOME, user: str = "gm") -> Reply:
    return await run(app, f'/content upload file:"{path}"', guild, user)


@pytest.fixture
async def two_guilds(app: App) -> App:
    """A campaign in each guild, both in a channel called ``table``."""
    await ok(app, '/campaign new name:"Home Vigil"', HOME)
    await ok(app, '/campaign new name:"Away Vigil"', AWAY)
    return app


async def stored(app: App, guild: str = HOME) -> list[str]:
    return [p.name for p in await app.db.guild_packs(guild)]


# -- refusals: nothing is stored --------------------------------------------------------------------


async def test_a_2_mb_upload_is_refused_before_it_is_read(two_guilds: App, tmp_path: Path) -> None:
    big = write(tmp_path, "big.yaml", "kind: pack\n# " + "x" * (2_000_000 - 14) + "\n")
    error = await refused(two_guilds, f"/content upload file:{big}")
    assert "`big.yaml` is 2,000,000 bytes (2.0 MB); a pack may be at most 1,000,000 bytes (1 MB)" in error
    assert "Nothing was read or stored" in error
    assert await stored(two_guilds) == []


async def test_a_yaml_bomb_is_refused(two_guilds: App, tmp_path: Path) -> None:
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for name, prev in zip("bcdefghi", "abcdefgh", strict=True):
        lines.append(f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]")
    bomb = write(tmp_path, "laughs.yaml", MANIFEST.format(id="laughs", name="Laughs") + "---\n" + "\n".join(lines))
    error = await refused(two_guilds, f"/content upload file:{bomb}")
    assert "`laughs.yaml` was not stored: 1 problem:" in error
    assert "laughs.yaml:" in error and "too many YAML nodes (more than 100000, aliases expanded)" in error
    assert await stored(two_guilds) == []


async def test_a_python_tag_is_refused_and_never_run(two_guilds: App, tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    evil = write(tmp_path, "evil.yaml", pack(f"kind: gear\nid: !!python/object/apply:os.system ['touch {marker}']\n"))
    error = await refused(two_guilds, f"/content upload file:{evil}")
    assert "evil.yaml:7: id: YAML tag !!python/object/apply:os.system is not allowed in content packs" in error
    assert not marker.exists(), "nothing in a pack is ever executed"
    assert await stored(two_guilds) == []


async def test_deep_nesting_is_refused(two_guilds: App, tmp_path: Path) -> None:
    deep = write(tmp_path, "deep.yaml", pack("kind: gear\nid: " + "[" * 60 + "]" * 60 + "\n"))
    error = await refused(two_guilds, f"/content upload file:{deep}")
    assert "deep.yaml:7: id[0][0]" in error and "[0]: nested too deeply (more than 40 levels); flatten it" in error


async def test_500_errors_show_the_first_ten_and_count_the_rest(two_guilds: App, tmp_path: Path) -> None:
    cards = "".join(f"  - {{id: bad_{i}, text: no name}}\n" for i in range(500))
    deck = "kind: deck\nid: bad_deck\nname: Bad\nback: Bad\nafter_draw: bottom\ncards:\n" + cards
    path = write(tmp_path, "bad.yaml", pack(deck))
    reply = await upload(two_guilds, path)
    assert not reply.ok and reply.error and reply.data["error_count"] == 500
    error = reply.error
    assert error.startswith("`bad.yaml` was not stored: 500 problems; the first 10:")
    shown = re.findall(r"^bad\.yaml:(\d+): cards\[(\d+)\]\.name: Field required$", error, re.MULTILINE)
    assert [(int(line), int(i)) for line, i in shown] == [(12 + i, i) for i in range(10)], "file:line: path"
    assert "… and 490 more." in error and len(error) < 2000 - len("Sorry, ")
    assert len(reply.data["errors"]) == 50
    assert await stored(two_guilds) == []


async def test_an_id_of_the_starter_pack_is_refused_naming_both_places(two_guilds: App, tmp_path: Path) -> None:
    path = write(tmp_path, "mine.yaml", pack(GEAR.format(id="gear_pilgrims_mace")))
    error = await refused(two_guilds, f"/content upload file:{path}")
    starter = (STARTER_PACK / "gear" / "gear.yaml").read_text().splitlines().index("id: gear_pilgrims_mace") + 1
    assert (f"mine.yaml:7: id: id 'gear_pilgrims_mace' is already defined at starter/gear/gear.yaml:{starter}; "
            "ids must be unique across packs") in error


async def test_an_id_of_another_pack_of_the_guild_is_refused_naming_both(two_guilds: App, tmp_path: Path) -> None:
    await ok(two_guilds, f"/content upload file:{write(tmp_path, 'first.yaml', valid_pack())}")
    second = write(tmp_path, "second.yaml", pack(GEAR.format(id="gear_hollow_blade"), pack_id="second_pack"))
    error = await refused(two_guilds, f"/content upload file:{second}")
    assert "second.yaml:7: id: id 'gear_hollow_blade' is already defined at hollow_pack.yaml:" in error
    again = await refused(two_guilds, f"/content upload file:{write(tmp_path, 'again.yaml', valid_pack())}")
    assert again.startswith("a pack `hollow_pack` is already uploaded to this server; to replace it, remove it first")
    assert await stored(two_guilds) == ["hollow_pack"]
    # the other guild has no such pack: the same file is new there
    await ok(two_guilds, f"/content upload file:{second}", AWAY)


async def test_a_reference_to_missing_content_stores_nothing(two_guilds: App, tmp_path: Path) -> None:
    """Nothing is stored unless the whole pack is valid on top of the starter pack (cross-references too)."""
    path = write(tmp_path, "ref.yaml", pack(GEAR.format(id="gear_hollow_blade"), hollow_prior(terrain="cairn")))
    error = await refused(two_guilds, f"/content upload file:{path}")
    assert "no Terrain tile has the id 'cairn'" in error
    assert await stored(two_guilds) == []


async def test_other_refusals_explain_themselves(two_guilds: App, tmp_path: Path) -> None:
    no_manifest = write(tmp_path, "loose.yaml", GEAR.format(id="gear_loose"))
    assert "no manifest: a pack needs one document with kind: pack" in await refused(
        two_guilds, f"/content upload file:{no_manifest}")
    latin = write(tmp_path, "latin.yaml", pack("kind: gear\nname: Épée\n").encode("latin-1"))
    assert "`latin.yaml` is not UTF-8 text" in await refused(two_guilds, f"/content upload file:{latin}")
    assert "found no file" in await refused(two_guilds, f"/content upload file:{tmp_path / 'missing.yaml'}")
    dice = write(tmp_path, "dice.yaml", pack((STARTER_PACK / "dice.yaml").read_text().replace(
        "id: starter_dice", "id: my_dice")))
    assert "only one dice set is allowed" in await refused(two_guilds, f"/content upload file:{dice}")
    assert await stored(two_guilds) == []


# -- a valid pack: usable in its guild only -------------------------------------------------------------


async def test_a_valid_pack_is_usable_in_its_guild_only(two_guilds: App, tmp_path: Path) -> None:
    app = two_guilds
    before_away = (await app.db.active_campaign(AWAY, "table"))
    reply = await ok(app, f"/content upload file:{write(tmp_path, 'hollow.yaml', valid_pack())}")
    assert "**The Hollow Prior** (`hollow_pack` v1.0) is stored" in reply.text
    assert reply.data["pack"]["added"]["monsters"] == ["hollow"]
    assert reply.data["pack"]["added"]["gear"] == ["gear_hollow_blade"]

    # this guild: the new Monster and the new Gear are found
    await ok(app, '/knight create knight:lanternbearer name:"Ser Sonch"', HOME, "kara")
    await ok(app, '/knight armory add gear:gear_hollow_blade name:"Ser Sonch"')
    started = await ok(app, "/clash start monster:hollow level:1 type:exhibition")
    assert "Hollow Prior" in started.text

    # the other guild: unknown, and its campaign was not touched by the upload
    after_away = await app.db.active_campaign(AWAY, "table")
    assert after_away == before_away
    await ok(app, '/knight create knight:lanternbearer name:"Maud"', AWAY, "ulfa")
    assert "hollow" in await refused(app, "/clash start monster:hollow level:1 type:exhibition", AWAY)
    assert "gear_hollow_blade" in await refused(app, '/knight armory add gear:gear_hollow_blade name:"Maud"', AWAY)
    assert (await ok(app, "/content list", AWAY)).data["packs"] == []
    assert app.base_catalogue.monsters.get("hollow") is None, "the bot's own content is unchanged"


async def test_the_campaign_log_replays_with_its_guild_content(two_guilds: App, tmp_path: Path) -> None:
    """Undo rebuilds the state from the log with the guild's catalogue, also after a restart."""
    app = two_guilds
    await ok(app, f"/content upload file:{write(tmp_path, 'hollow.yaml', valid_pack())}")
    await ok(app, "/clash start monster:hollow level:1 type:exhibition")
    first = await ok(app, "/monster round")
    state = (await ok(app, "/gm state")).data["state"]
    await ok(app, "/gm undo")
    path = app.db.path
    await app.db.close()
    again = await open_app(path)  # a new process: the pack comes back from the database
    try:
        replayed = await again.run_line(who(HOME), "/monster round")
        assert replayed.ok and replayed.text == first.text, "the same dice, the same Monster"
        assert (await again.run_line(who(HOME), "/gm state")).data["state"] == state
    finally:
        await again.db.close()
    app.db = await Database.open(path)  # for the fixture's teardown


async def test_list_and_remove(two_guilds: App, tmp_path: Path) -> None:
    app = two_guilds
    await ok(app, f"/content upload file:{write(tmp_path, 'hollow.yaml', valid_pack())}", user="gm")
    listed = await ok(app, "/content list", user="bram")
    row = listed.data["packs"][0]
    assert row["id"] == "hollow_pack" and row["name"] == "The Hollow Prior" and row["version"] == "1.0"
    assert row["uploaded_by"] == "gm" and row["broken"] is None and row["ids"] > 30
    assert listed.data["base"] == [{"id": "starter", "name": "Kingdoms Forlorn GM starter pack", "version": "0.2"}]
    assert "`hollow_pack` — The Hollow Prior v1.0" in listed.text

    assert "no uploaded pack 'nothing'" in await refused(app, "/content remove pack:nothing")
    assert "only the campaign's GM may use /content remove" in await refused(
        app, "/content remove pack:hollow_pack", user="bram")
    removed = await ok(app, "/content remove pack:hollow_pack")
    assert removed.data["pack"] == {"id": "hollow_pack", "removed": True}
    assert await stored(app) == [] and (await ok(app, "/content list")).data["packs"] == []
    assert "hollow" in await refused(app, "/clash start monster:hollow level:1 type:exhibition")


async def test_a_pack_in_use_is_not_removed(two_guilds: App, tmp_path: Path) -> None:
    """The safe behaviour: while an active campaign of the guild refers to the pack's content (a running
    Clash here), removal is refused; once that campaign has ended it is allowed."""
    app = two_guilds
    await ok(app, f"/content upload file:{write(tmp_path, 'hollow.yaml', valid_pack())}")
    await ok(app, "/clash start monster:hollow level:1 type:exhibition")
    error = await refused(app, "/content remove pack:hollow_pack")
    assert error.startswith("the pack `hollow_pack` is in use: the campaign 'Home Vigil' uses `hollow`")
    assert "End that campaign with /campaign end first, or keep the pack. Nothing was removed." in error
    assert await stored(app) == ["hollow_pack"]
    await ok(app, "/monster round")  # still playable
    await ok(app, "/campaign end")
    await ok(app, '/campaign new name:"Next Vigil"')
    await ok(app, "/content remove pack:hollow_pack")


async def test_a_removal_waits_for_the_guilds_running_commands(two_guilds: App) -> None:
    """No command can log an action with a pack's content after its removal was checked: the removal
    waits for the commands already running in the guild and holds new ones back until it is done."""
    gate = two_guilds.content_gate(HOME)
    order: list[str] = []
    running, release = asyncio.Event(), asyncio.Event()

    async def command(name: str, hold: bool = False) -> None:
        async with gate.read():
            order.append(f"{name} runs")
            if hold:
                running.set()
                await release.wait()
            order.append(f"{name} ends")

    async def removal() -> None:
        async with gate.write():
            order.append("removal")

    first = asyncio.ensure_future(command("first", hold=True))
    await running.wait()
    remover = asyncio.ensure_future(removal())
    await asyncio.sleep(0.01)
    later = asyncio.ensure_future(command("later"))
    await asyncio.sleep(0.01)
    assert order == ["first runs"], "the removal waits; a new command waits behind it"
    release.set()
    await asyncio.gather(first, remover, later)
    assert order == ["first runs", "first ends", "removal", "later runs", "later ends"]


async def test_a_pack_another_pack_needs_is_not_removed(two_guilds: App, tmp_path: Path) -> None:
    app = two_guilds
    tile = "kind: terrain\nid: cairn\nname: Cairn\nkeywords: [Obstacle]\n"
    await ok(app, f"/content upload file:{write(tmp_path, 'tiles.yaml', pack(tile, pack_id='tiles'))}")
    await ok(app, f"/content upload file:{write(tmp_path, 'prior.yaml', pack(hollow_prior(terrain='cairn')))}")
    error = await refused(app, "/content remove pack:tiles")
    assert error.startswith("the pack `hollow_pack` uses content of `tiles`") and "no Terrain tile has the id" in error
    await ok(app, "/content remove pack:hollow_pack")
    await ok(app, "/content remove pack:tiles")


async def test_a_stored_pack_that_no_longer_loads_is_reported_not_fatal(two_guilds: App) -> None:
    """A pack valid when uploaded but clashing with a newer starter pack: the guild plays on without it."""
    app = two_guilds
    async with app.db.transaction() as conn:
        await conn.execute("INSERT INTO guild_packs VALUES (?, 'old', ?, 'gm', '2024-01-01T00:00:00+00:00')",
                           (HOME, pack(GEAR.format(id="gear_pilgrims_mace"), pack_id="old")))
    app.forget_content(HOME)
    row = (await ok(app, "/content list")).data["packs"][0]
    assert row["id"] == "old" and "already defined at starter/gear/gear.yaml" in row["broken"]
    await ok(app, "/roll d100")
    await ok(app, "/content remove pack:old")


async def test_packs_per_guild_are_limited(two_guilds: App, tmp_path: Path) -> None:
    for i in range(20):
        await ok(two_guilds, f"/content upload file:{write(tmp_path, f'p{i}.yaml', pack(pack_id=f'p{i}'))}")
    assert "the most it may hold" in await refused(
        two_guilds, f"/content upload file:{write(tmp_path, 'p.yaml', pack(pack_id='p20'))}")


# -- the migration ----------------------------------------------------------------------------------------


async def test_a_database_from_before_guild_packs_upgrades(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    number = next(n for n, sql in MIGRATIONS if any("CREATE TABLE guild_packs" in s for s in sql))
    older = [m for m in MIGRATIONS if m[0] < number]
    path = tmp_path / "old.sqlite3"
    with monkeypatch.context() as m:  # the kfgm before /content upload
        m.setattr("storage.db.MIGRATIONS", older)
        app = await open_app(path)
        assert await app.db.schema_version() == older[-1][0]
        await ok(app, '/campaign new name:"Old times"')
        await ok(app, "/roll d100")
        await app.db.close()
    with sqlite3.connect(path) as conn:
        assert not conn.execute("SELECT 1 FROM sqlite_master WHERE name='guild_packs'").fetchall()
    app = await open_app(path)
    try:
        assert await app.db.schema_version() == MIGRATIONS[-1][0]
        row = await app.db.active_campaign(HOME, "table")
        assert row is not None and row.name == "Old times" and row.seq == 1
        await ok(app, f"/content upload file:{write(tmp_path, 'hollow.yaml', valid_pack())}")
        assert await app.db.guild_packs(HOME) == [GuildPack("hollow_pack", valid_pack(), "gm",
                                                            (await app.db.guild_packs(HOME))[0].uploaded_at)]
        await ok(app, "/clash start monster:hollow level:1 type:exhibition")
    finally:
        await app.db.close()


# -- Discord: the attachment option ----------------------------------------------------------------------


def _attachment(att_id: int, filename: str, size: int) -> dict[str, Any]:
    url = f"https://cdn.discordapp.com/attachments/1/{att_id}/{filename}"
    return {"id": str(att_id), "filename": filename, "size": size, "url": url, "proxy_url": url,
            "content_type": "application/x-yaml"}


async def test_discord_reads_the_attachment_and_never_downloads_a_large_one(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "discord.sqlite3")
    app = App(db, load_catalogue(), build_registry(), seed=1)
    client = discord.Client(intents=discord.Intents.default())
    me = _user(APP_ID, "kfgm") | {"bot": True, "verified": True, "mfa_enabled": False}
    client._connection.user = discord.ClientUser(state=client._connection, data=me)  # type: ignore[arg-type]
    files = {"https://cdn.discordapp.com/attachments/1/11/hollow.yaml": valid_pack().encode()}
    downloaded: list[str] = []

    async def cdn(url: str) -> bytes:  # discord.py's download of an attachment: the network edge
        downloaded.append(url)
        return files[url]

    client.http.get_from_cdn = cdn  # type: ignore[method-assign]
    adapter = RecordingAdapter()
    token = async_context.set(adapter)
    try:
        bot = Bot(client, GameTree(client, app.registry, app), adapter)
        await bot("campaign new", extra=[{"type": 3, "name": "name", "value": "Discord Vigil"}])
        manage = 1 << 5
        big = _attachment(10, "big.yaml", 2_000_000)
        sent = await bot("content upload", permissions=manage, extra=[{"type": 11, "name": "file", "value": "10"}],
                         resolved={"attachments": {"10": big}})
        assert downloaded == [], "a file over the limit is never downloaded"
        assert sent[-1].ephemeral and "a pack may be at most 1,000,000 bytes (1 MB)" in sent[-1].text
        # a forged payload with a text instead of an attachment is never read as a path on the bot's machine
        local = write(tmp_path, "local.yaml", valid_pack())
        sent = await bot("content upload", permissions=manage, extra=[{"type": 3, "name": "file", "value": str(local)}])
        assert sent[-1].ephemeral and "/content upload needs file:" in sent[-1].text
        assert await db.guild_packs(str(GUILD)) == []
        good = _attachment(11, "hollow.yaml", len(valid_pack().encode()))
        sent = await bot("content upload", permissions=manage, extra=[{"type": 11, "name": "file", "value": "11"}],
                         resolved={"attachments": {"11": good}})
        assert downloaded == [good["url"]]
        assert not sent[-1].ephemeral and "(`hollow_pack` v1.0) is stored" in sent[-1].text
        assert all(len(s.message.get("content") or "") <= CONTENT_LIMIT for s in adapter.sent)
        logged = await bot("gm log", permissions=manage)
        assert "/content upload file:hollow.yaml" not in logged[-1].text, "uploads are not campaign actions"
        assert [p.name for p in await db.guild_packs(str(GUILD))] == ["hollow_pack"]
    finally:
        async_context.reset(token)
        await db.close()
