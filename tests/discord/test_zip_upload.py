"""/content upload of a .zip of YAML files (bot/app/zip_pack.py): size-limited, no escaping paths, no nested
archives, validated exactly like ``kfgm content validate`` of the same folder, errors reported file by file; and
autocomplete from the guild's own content. Slash commands go through the real CommandTree (test_invoke.py's
offline Discord); the attachment's download is discord.py's ``HTTPClient.get_from_cdn``, the network edge."""

from __future__ import annotations

import io
import re
import shutil
import stat
import zipfile
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app.context import Invocation
from bot.app.registry import Upload
from bot.app.reply import Reply
from bot.app.service import App
from bot.app.zip_pack import MAX_YAML_FILES, read_zip
from content.loader import STARTER_PACK, validate_pack
from tests.discord import test_invoke as offline
from tests.discord.test_invoke import CHANNEL, GM_USER, GUILD, MANAGE_GUILD, Bot, one, opts

adapter, app, bot, client, tree = offline.adapter, offline.app, offline.bot, offline.client, offline.tree

MANIFEST = 'kind: pack\nid: hollow_pack\nname: "The Hollow Prior"\nversion: "1.0"\n'
GEAR = """kind: gear
id: gear_hollow_blade
name: Hollow Blade
type: weapon
tier: mob
hands: 1
attack_dice: 3
precision: 1
weapon_power: {white: 1}
traits: [Blade]
"""


def hollow_prior() -> str:
    """A new Boss Monster: the starter Cinder Abbot with every id renamed."""
    text = (STARTER_PACK / "monsters" / "cinder_abbot.yaml").read_text(encoding="utf-8")
    text = re.sub(r"\babbot_", "hollow_", text)
    return re.sub(r"^id: abbot$", "id: hollow", text, flags=re.MULTILINE).replace("The Cinder Abbot", "The Hollow Prior")


def folder_files(gear: str = GEAR) -> dict[str, str]:
    return {"pack.yaml": MANIFEST, "gear.yaml": gear, "monsters/hollow.yaml": hollow_prior()}


def make_zip(files: dict[str, str | bytes], *, links: tuple[str, ...] = ()) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
        for name in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


def ctx(guild: str = str(GUILD), user: str = str(GM_USER)) -> Invocation:
    return Invocation(guild_id=guild, channel_id=str(CHANNEL), user_id=user, user_name="gm", is_admin=True,
                      command_line="/content upload file:pack.zip")


@pytest.fixture(autouse=True)
async def campaign(app: App) -> None:
    """The channel's campaign (uploading is a GM's command: the campaign says who the GM is)."""
    assert (await app.run_line(ctx(), '/campaign new name:Test')).ok


async def upload(app: App, data: bytes, name: str = "hollow.zip", guild: str = str(GUILD)) -> Reply:
    command = app.registry.commands[("content", "upload")]
    return await app.run(ctx(guild), command, {"file": Upload(name, len(data), data)})


# -- through Discord -----------------------------------------------------------------------------------------


def _attachment(att_id: int, filename: str, size: int) -> dict[str, Any]:
    url = f"https://cdn.discordapp.com/attachments/1/{att_id}/{filename}"
    return {"id": str(att_id), "filename": filename, "size": size, "url": url, "proxy_url": url,
            "content_type": "application/zip"}


async def discord_upload(bot: Bot, client: discord.Client, data: bytes, name: str, att_id: int) -> offline.Sent:
    attachment = _attachment(att_id, name, len(data))

    async def cdn(url: str) -> bytes:  # discord.py's download of an attachment: the network edge
        assert url == attachment["url"]
        return data

    client.http.get_from_cdn = cdn  # type: ignore[method-assign]
    return await one(bot, "content upload", permissions=MANAGE_GUILD,
                     extra=[{"type": 11, "name": "file", "value": str(att_id)}],
                     resolved={"attachments": {str(att_id): attachment}})


async def test_a_zipped_pack_folder_is_stored_and_offered_in_its_guild_only(
        bot: Bot, client: discord.Client, app: App) -> None:
    files: dict[str, str | bytes] = {f"hollow/{k}": v for k, v in folder_files().items()}
    files |= {"hollow/README.md": "# notes", "__MACOSX/hollow/._pack.yaml": b"\x00junk"}
    sent = await discord_upload(bot, client, make_zip(files), "hollow.zip", 21)
    assert not sent.ephemeral, sent.text
    assert "(`hollow_pack` v1.0) is stored (3 YAML files from the zip; not YAML, skipped: `README.md`)" in sent.text
    assert [p.name for p in await app.db.guild_packs(str(GUILD))] == ["hollow_pack"]

    async def choices(line: str, focused: str, **values: Any) -> list[str]:
        (response,) = await bot(line, focused=focused, extra=opts(**values))
        assert response.body["type"] == 8
        return [c["value"] for c in response.body["data"]["choices"]]

    assert await choices("clash start", "monster", monster="hollow") == ["hollow"], "the guild's Monster is offered"
    assert "gear_hollow_blade" in await choices("knight armory add", "gear", gear="hollow")
    assert await choices("content remove", "pack", pack="") == ["hollow_pack"]
    # another guild sees none of it
    other = await app.content_for("another-guild")
    assert "hollow" not in other.catalogue.monsters and other.packs == ()

    started = await one(bot, "clash start", extra=opts(monster="hollow", level=1, type="exhibition"))
    assert "The Hollow Prior" in started.text and not started.ephemeral, "the uploaded Monster plays here"


async def test_a_broken_zip_is_refused_file_by_file(bot: Bot, client: discord.Client, app: App) -> None:
    files: dict[str, str | bytes] = dict(folder_files(GEAR.replace("attack_dice: 3", "attack_dice: many")))
    files["monsters/broken.yaml"] = "kind: gear\nid: [unclosed\n"
    sent = await discord_upload(bot, client, make_zip(files), "hollow.zip", 22)
    assert sent.ephemeral and "`hollow.zip` was not stored" in sent.text
    assert "hollow.zip/monsters/broken.yaml:3: (document): expected ','" in sent.text, "a syntax error: its file and line"
    assert "hollow.zip/gear.yaml:7: attack_dice:" in sent.text, "and the other files' errors too"
    assert await app.db.guild_packs(str(GUILD)) == []


# -- validated like `kfgm content validate` ------------------------------------------------------------------


async def test_the_errors_are_those_of_kfgm_content_validate_of_the_same_folder(app: App, tmp_path: Path) -> None:
    bad_gear = GEAR.replace("attack_dice: 3", "attack_dice: many").replace("hands: 1", "hands: 7")
    monster = hollow_prior().replace("tile: standing_stone", "tile: no_such_tile")
    files = folder_files(bad_gear) | {"monsters/hollow.yaml": monster}
    folder = tmp_path / "hollow"
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    expected = sorted((e.file.removeprefix("hollow/"), e.line, e.path, e.message) for e in validate_pack(folder))
    assert len(expected) >= 3

    reply = await upload(app, make_zip(files))
    assert not reply.ok
    got = sorted(_parse(line) for line in reply.data["errors"])
    assert [g[:3] for g in got] == [e[:3] for e in expected], "the same files, lines and YAML paths"
    assert [g[3] for g in got] == [e[3] for e in expected], "the same messages"
    shutil.rmtree(folder)


def _parse(error: str) -> tuple[str, int | None, str, str]:
    found = re.fullmatch(r"hollow\.zip/(?P<file>[^:]+):(?:(?P<line>\d+): )?(?P<path>[^:]*): (?P<msg>.*)", error,
                         re.DOTALL)
    assert found, error
    return found["file"], int(found["line"]) if found["line"] else None, found["path"], found["msg"]


async def test_a_valid_zip_loads_the_same_content_as_the_folder(app: App) -> None:
    reply = await upload(app, make_zip(dict(folder_files())))
    assert reply.ok, reply.error
    assert reply.data["pack"]["files"] == ["hollow.zip/gear.yaml", "hollow.zip/monsters/hollow.yaml",
                                           "hollow.zip/pack.yaml"]
    content = await app.content_for(str(GUILD))
    assert "hollow" in content.catalogue.monsters and "gear_hollow_blade" in content.catalogue.gear


def test_files_with_their_own_document_markers_and_directives_join_safely() -> None:
    files = {"pack.yaml": "%YAML 1.1\n---\n" + MANIFEST + "...\n", "gear.yaml": "# a comment\n---\n" + GEAR,
             "more.yaml": GEAR.replace("gear_hollow_blade", "gear_two") + "---\n" + GEAR.replace("gear_hollow_blade", "g3")}
    pack = read_zip("p.zip", make_zip(dict(files)))
    assert not pack.syntax_errors
    import yaml

    assert len(list(yaml.safe_load_all(pack.text))) == 4
    line = pack.text.splitlines().index("id: g3") + 1
    from content.loader import ContentError

    located = pack.locate(ContentError("p.zip", "id", line, "x"))
    assert (located.file, located.line) == ("p.zip/more.yaml", files["more.yaml"].splitlines().index("id: g3") + 1)


# -- refusals --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("files", "links", "says"), [
    ({"../evil.yaml": MANIFEST}, (), "could escape the pack's folder"),
    ({"/etc/evil.yaml": MANIFEST}, (), "could escape the pack's folder"),
    ({"a\\..\\..\\evil.yaml": MANIFEST}, (), "could escape the pack's folder"),
    ({"pack.yaml": MANIFEST}, ("link.yaml",), "symbolic link"),
    ({"pack.yaml": MANIFEST, "inner.zip": make_zip({"pack.yaml": MANIFEST})}, (), "zips inside zips"),
    ({"pack.yaml": MANIFEST, "sneaky.yaml": make_zip({"pack.yaml": MANIFEST})}, (), "zips inside zips"),
    ({"gear.yaml": GEAR}, (), "has no pack.yaml at its root"),
    ({"README.md": "hi"}, (), "holds no .yaml file"),
    ({"pack.yaml": MANIFEST, **{f"f{i}.yaml": GEAR for i in range(MAX_YAML_FILES + 1)}}, (), "at most 100"),
    ({"pack.yaml": MANIFEST, "big.yaml": "# " + " " * 1_100_000 + "\n"}, (), "more than 1,000,000 bytes of YAML"),
])
async def test_unsafe_zips_are_refused_before_any_yaml_is_read(
        app: App, files: dict[str, str | bytes], links: tuple[str, ...], says: str) -> None:
    data = make_zip(files, links=links)
    assert len(data) < 1_000_000
    reply = await upload(app, data)
    assert not reply.ok and says in (reply.error or ""), reply.error
    assert "Nothing was stored" in (reply.error or "")
    assert await app.db.guild_packs(str(GUILD)) == []


async def test_a_zip_bomb_is_refused_without_inflating_it(app: App) -> None:
    """100 MB of YAML comment compressed to ~100 KB: reading stops at the 1 MB budget."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("pack.yaml", MANIFEST)
        archive.writestr("bomb.yaml", "#" + " " * 100_000_000)
    data = buffer.getvalue()
    assert len(data) < 1_000_000
    reply = await upload(app, data)
    assert not reply.ok and "more than 1,000,000 bytes of YAML once uncompressed" in (reply.error or "")


async def test_a_python_tag_in_a_zipped_file_is_refused_and_never_run(app: App, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    evil = f"kind: gear\nid: !!python/object/apply:os.system ['touch {marker}']\n"
    reply = await upload(app, make_zip({"pack.yaml": MANIFEST, "evil.yaml": evil}))
    assert not reply.ok and "hollow.zip/evil.yaml:2" in (reply.error or "")
    assert not marker.exists()


async def test_a_corrupt_zip_is_refused(app: App) -> None:
    reply = await upload(app, b"PK\x03\x04" + b"\x00" * 100)
    assert not reply.ok and "is not a readable zip file" in (reply.error or "")
