"""/campaign export and /campaign import: the whole campaign moves to another server and replays there."""

from __future__ import annotations

import gzip
import json
import sqlite3
from dataclasses import replace
from pathlib import Path

from bot.app.context import Invocation
from bot.app.history import rebuild
from bot.app.registry import Upload
from bot.app.reply import Reply
from bot.app.service import App
from tests.conftest import Table

OTHER = Invocation(guild_id="other-guild", channel_id="c2", user_id="gm", user_name="gm", command_line="", is_admin=True)


async def _play(table: Table) -> None:
    for line in ('/knight create knight:ashgrove name:Wendel', '@kara /knight create knight:marrow name:Isolde',
                 '@kara /roll test difficulty:6', '/deck draw deck:minor_mortis', '/roll d100',
                 '/gm amend-last values:4,2', '@kara /roll test difficulty:8', '/gm undo',
                 '/knight stat stat:gold change:5 name:Wendel', '@kara /saint devote saint:"Saint Urbain" incarnation:7',
                 '/delve start kingdom:aubrevane', '/clash place kind:knight name:Wendel space:A1',
                 '/clash place kind:knight name:Isolde space:A3',
                 '/clash start monster:abbot level:1 type:exhibition', '/monster round',
                 '/campaign dice mode:bot'):
        await table.ok(line)


async def _run(app: App, line: str, ctx: Invocation = OTHER) -> Reply:
    return await app.run_line(replace(ctx, command_line=line), line)


async def _import(app: App, data: bytes, ctx: Invocation = OTHER, name: str = "export.json") -> Reply:
    cmd = app.registry.commands[("campaign", "import")]
    return await app.run(replace(ctx, command_line="/campaign import"), cmd,
                         {"file": Upload(name, len(data), data)})


async def _export(table: Table) -> tuple[Reply, bytes]:
    reply = await table.ok("/campaign export")
    path = Path(reply.data["export"]["file"])
    assert reply.files == [str(path)] and reply.ephemeral
    return reply, path.read_bytes()


async def test_export_then_import_on_another_guild_gives_the_same_state(table: Table) -> None:
    await _play(table)
    before = await table.state()
    reply, data = await _export(table)
    body = json.loads(data)
    assert body["format"] == "kfgm-campaign" and body["state"] == before
    assert [e["seq"] for e in body["log"]] == list(range(len(body["log"])))

    imported = await _import(table.app, data)
    assert imported.ok, imported.error
    assert imported.data["imported"]["entries"] == len(body["log"])
    after = (await _run(table.app, "/gm state")).data["state"]
    assert after == before
    # the imported log replays from the creation snapshot to the same state
    row = await table.app.db.active_campaign(OTHER.guild_id, OTHER.channel_id)
    assert row is not None and row.seq == body["campaign"]["seq"] + 1
    assert (await rebuild(table.app.db, table.app.engine, row.id)).model_dump(mode="json") == before
    # and play goes on there: undo takes back the last exported action, the same dice come again
    undo = await _run(table.app, "/gm undo")
    assert undo.ok and "/campaign dice mode:bot" in undo.text, undo.text
    refused = await _run(table.app, "/monster round")  # the exported Clash still waits for its Target
    assert not refused.ok and "the Clash waits for a decision first (d1)" in (refused.error or "")
    again = await _run(table.app, "/choose decision:d1 option:wendel")
    assert again.ok, again.error


async def test_import_refuses_a_channel_with_a_campaign(table: Table) -> None:
    _, data = await _export(table)
    here = Invocation(guild_id="console", channel_id="console", user_id="gm", user_name="gm", is_admin=True)
    reply = await _import(table.app, data, here)
    assert not reply.ok and "already plays the campaign" in (reply.error or "")


async def test_only_a_gm_of_the_exported_campaign_may_import(table: Table) -> None:
    _, data = await _export(table)
    stranger = replace(OTHER, user_id="mallory", user_name="mallory", is_admin=False)
    reply = await _import(table.app, data, stranger)
    assert not reply.ok and "only a GM" in (reply.error or "")
    assert await table.app.db.active_campaign(OTHER.guild_id, OTHER.channel_id) is None


async def test_a_tampered_export_writes_nothing(table: Table, tmp_path: Path) -> None:
    await _play(table)
    _, data = await _export(table)
    body = json.loads(data)
    body["state"]["track"]["threat"] += 3  # the log no longer ends on this state
    reply = await _import(table.app, json.dumps(body).encode())
    assert not reply.ok and "does not replay" in (reply.error or "") and "not imported" in (reply.error or "")
    body = json.loads(data)
    body["log"][3]["rolls"][0]["value"] = 11 - body["log"][3]["rolls"][0]["value"]  # other dice than recorded
    reply = await _import(table.app, json.dumps(body).encode())
    assert not reply.ok and "does not replay" in (reply.error or "")
    conn = sqlite3.connect(table.app.db.path)
    try:
        assert conn.execute("SELECT count(*) FROM campaigns WHERE guild_id='other-guild'").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM guilds WHERE id='other-guild'").fetchone()[0] == 0
    finally:
        conn.close()


async def test_damaged_or_foreign_files_are_refused_politely(table: Table) -> None:
    _, data = await _export(table)
    for blob, words in ((b"not json", "not a JSON file"), (b'{"a": 1}', "not a campaign export"),
                        (json.dumps({**json.loads(data), "version": 9}).encode(), "version 9"),
                        (json.dumps({**json.loads(data), "log": []}).encode(), "damaged"),
                        (b"\x1f\x8b garbage", "cannot be unpacked")):
        reply = await _import(table.app, blob)
        assert not reply.ok and words in (reply.error or ""), (words, reply.error)
    big = Upload("huge.json", 5_000_000, None)  # the transport does not even download it
    reply = await table.app.run(replace(OTHER, command_line="/campaign import"),
                                table.app.registry.commands[("campaign", "import")], {"file": big})
    assert not reply.ok and "at most" in (reply.error or "")


async def test_a_compressed_export_imports_too(table: Table) -> None:
    await _play(table)
    before = await table.state()
    _, data = await _export(table)
    reply = await _import(table.app, gzip.compress(data), name="export.json.gz")
    assert reply.ok, reply.error
    assert (await _run(table.app, "/gm state")).data["state"] == before


async def test_the_export_carries_the_servers_packs(table: Table, tmp_path: Path) -> None:
    pack = tmp_path / "my_pack.yaml"
    pack.write_text("kind: pack\nid: my_pack\nname: My Pack\nversion: \"1.0\"\n", encoding="utf-8")
    up = await table(f"/content upload file:{pack}")
    assert up.ok, up.error
    _, data = await _export(table)
    assert [p["name"] for p in json.loads(data)["packs"]] == ["my_pack"]
    reply = await _import(table.app, data)
    assert reply.ok and reply.data["imported"]["packs_added"] == ["my_pack"]
    assert [p.name for p in await table.app.db.guild_packs(OTHER.guild_id)] == ["my_pack"]


async def test_discord_attaches_the_export_as_a_file(table: Table) -> None:
    from bot.discord.replies import render

    reply, _ = await _export(table)
    messages = render(reply, campaign_id=1)
    files = [f for m in messages for f in m.get("files", [])]
    try:
        assert [f.filename for f in files] == [Path(reply.files[0]).name]
        assert all(m["ephemeral"] for m in messages) and not any(m.get("embeds") for m in messages)
    finally:
        for f in files:
            f.close()
