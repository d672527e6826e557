"""/campaign import proves its authority (issue #25): the importer's right comes from this server, never from the
file; every log entry is re-derived on the replay; the file is bounded before anything expensive is done."""

from __future__ import annotations

import base64
import gzip
import json
import zlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.app.context import Invocation
from bot.app.registry import Upload
from bot.app.reply import Reply
from bot.app.service import App
from tests.conftest import Table

# a member of another server: no Manage Server there, no campaign of theirs in its channel
MALLORY = Invocation(guild_id="other-guild", channel_id="c2", user_id="mallory", user_name="mallory")
MANAGER = replace(MALLORY, user_id="gm", user_name="gm", is_admin=True)  # the exporting GM, a manager there

PLAY = ('/knight create knight:ashgrove name:Wendel', '@kara /knight create knight:marrow name:Isolde',
        '@kara /roll test difficulty:6', '/gm amend-last values:4', '@kara /roll test difficulty:8', '/gm undo',
        '/gm force-next values:3', '@kara /roll d100', '/knight stat stat:gold change:5 name:Wendel')


async def _export(table: Table) -> dict[str, Any]:
    for line in PLAY:
        await table.ok(line)
    reply = await table.ok("/campaign export")
    return json.loads(Path(reply.data["export"]["file"]).read_bytes())


async def _import(app: App, body: dict[str, Any] | bytes, ctx: Invocation = MANAGER) -> Reply:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    cmd = app.registry.commands[("campaign", "import")]
    return await app.run(replace(ctx, command_line="/campaign import"), cmd,
                         {"file": Upload("export.json", len(data), data)})


async def _run(app: App, ctx: Invocation, line: str) -> Reply:
    return await app.run_line(replace(ctx, command_line=line), line)


def _entry(body: dict[str, Any], command: str) -> dict[str, Any]:
    return next(e for e in body["log"] if e["command"] == command)


async def test_the_files_own_gm_list_gives_no_right_to_import(table: Table) -> None:
    body = await _export(table)
    body["gms"] = ["mallory"]  # the abuse run's edit: enough on main
    reply = await _import(table.app, body, MALLORY)
    assert not reply.ok and "Manage Server" in (reply.error or "") and "does not count" in (reply.error or "")
    assert await table.app.db.active_campaign("other-guild", "c2") is None


async def test_a_manager_or_a_gm_of_the_campaign_replaced_in_the_channel_may_import(table: Table) -> None:
    body = await _export(table)
    # mallory starts a campaign in the channel and ends it: she is the GM of the campaign an import replaces there
    assert (await _run(table.app, MALLORY, '/campaign new name:"Mine"')).ok
    assert (await _run(table.app, MALLORY, "/campaign end")).ok
    kara = replace(MALLORY, user_id="kara", user_name="kara")  # not a GM of it: refused
    refused = await _import(table.app, body, kara)
    assert not refused.ok and "'Mine'" in (refused.error or "")
    reply = await _import(table.app, body, MALLORY)
    assert reply.ok, reply.error
    members = dict(await table.app.db.members(reply.data["campaign"]["id"]))
    assert members["mallory"] == "gm" and members["kara"] == "player" and set(members) == {"mallory", "gm", "kara"}


async def test_the_files_packs_are_credited_to_the_real_importer(table: Table, tmp_path: Path) -> None:
    pack = tmp_path / "my_pack.yaml"
    pack.write_text('kind: pack\nid: my_pack\nname: My Pack\nversion: "1.0"\n', encoding="utf-8")
    assert (await table(f"/content upload file:{pack}")).ok
    body = await _export(table)
    other = replace(MANAGER, user_id="olga", user_name="olga")
    reply = await _import(table.app, body, other)
    assert reply.ok, reply.error
    assert [(p.name, p.uploaded_by) for p in await table.app.db.guild_packs("other-guild")] == [("my_pack", "olga")]


def _undo_by_a_player(body: dict[str, Any]) -> None:
    _entry(body, "/gm undo")["actor"] = "kara"


def _amend_by_a_player(body: dict[str, Any]) -> None:
    next(e for e in body["log"] if e["kind"] == "amend")["actor"] = "kara"


def _gm_command_by_a_player(body: dict[str, Any]) -> None:
    _entry(body, "/gm force-next values:3")["actor"] = "kara"


def _knight_for_someone_else(body: dict[str, Any]) -> None:
    _entry(body, "@kara /knight create knight:marrow name:Isolde".removeprefix("@kara "))["actor"] = "mallory"


def _a_knight_changed_by_another_player(body: dict[str, Any]) -> None:
    _entry(body, "/knight stat stat:gold change:5 name:Wendel")["actor"] = "kara"  # Wendel is the GM's Knight


def _command_renamed(body: dict[str, Any]) -> None:
    _entry(body, "/roll d100")["command"] = "/steal everything"


def _events_rewritten(body: dict[str, Any]) -> None:
    _entry(body, "/roll d100")["events"][0]["text"] = "Mallory is the Queen now."


def _events_added(body: dict[str, Any]) -> None:
    _entry(body, "/roll test difficulty:8")["events"].append({"kind": "gm", "text": "an invented note"})


def _undo_of_another_entry(body: dict[str, Any]) -> None:
    _entry(body, "/gm undo")["target_seq"] = 1


def _amend_of_another_action(body: dict[str, Any]) -> None:
    amend = next(e for e in body["log"] if e["kind"] == "amend")
    amend["action"]["action"]["difficulty"] = 2


def _a_campaign_entry_invented(body: dict[str, Any]) -> None:
    _entry(body, "/roll d100").update(kind="campaign", action=None, rolls=[], command="/campaign end")


TAMPERED: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "undo by a player": (_undo_by_a_player, "does not show its actor as a GM"),
    "amend by a player": (_amend_by_a_player, "does not show its actor as a GM"),
    "GM command by a player": (_gm_command_by_a_player, "does not show its actor as a GM"),
    "Knight owned by another": (_knight_for_someone_else, "only the actor may be its owner"),
    "Knight changed by another": (_a_knight_changed_by_another_player, "whom only their owner or a GM may change"),
    "command renamed": (_command_renamed, "names no command of this bot"),
    "undo of another entry": (_undo_of_another_entry, "does not name the action then in force"),
    "amend of another action": (_amend_of_another_action, "amends another action"),
    "campaign entry invented": (_a_campaign_entry_invented, "not an entry the bot writes"),
}


async def _gm_of_the_channel(app: App) -> Invocation:
    """Mallory, GM of the channel's last campaign (she may import there) but no manager of the server."""
    assert (await _run(app, MALLORY, '/campaign new name:"Mine"')).ok
    assert (await _run(app, MALLORY, "/campaign end")).ok
    return MALLORY


@pytest.mark.parametrize("case", sorted(TAMPERED))
async def test_a_log_entry_changed_in_the_file_is_refused_and_nothing_is_written(table: Table, case: str) -> None:
    body = await _export(table)
    control = replace(MALLORY, guild_id="control")
    await _gm_of_the_channel(table.app)
    assert (await _run(table.app, control, '/campaign new name:"Mine"')).ok
    assert (await _run(table.app, control, "/campaign end")).ok
    assert (await _import(table.app, body, control)).ok  # the file as written imports
    tamper, words = TAMPERED[case]
    tamper(body)
    reply = await _import(table.app, body, MALLORY)
    assert not reply.ok and words in (reply.error or "") and "not imported" in (reply.error or ""), reply.error
    assert await table.app.db.active_campaign("other-guild", "c2") is None


@pytest.mark.parametrize("tamper", [_events_rewritten, _events_added])
async def test_the_imported_log_holds_the_events_its_actions_give_never_the_files(table: Table, tamper: Any) -> None:
    body = await _export(table)
    written = json.loads(json.dumps([e["events"] for e in body["log"]]))
    tamper(body)
    reply = await _import(table.app, body)
    assert reply.ok, reply.error
    imported = await table.app.db.log(reply.data["campaign"]["id"])
    assert [e.events for e in imported[: len(written)]] == written
    assert not any("Mallory is the Queen" in str(e.events) or "an invented note" in str(e.events) for e in imported)


async def test_gm_entries_the_log_cannot_prove_need_a_server_manager_who_vouches_for_them(table: Table) -> None:
    """A GM who acted through the campaign's GM role is not named by the log (the undo below, by kara): a GM of the
    channel's last campaign cannot import that, a member with Manage Server can, and the reply says so."""
    body = await _export(table)
    _undo_by_a_player(body)
    refused = await _import(table.app, body, await _gm_of_the_channel(table.app))
    assert not refused.ok and "Manage Server permission may import it" in (refused.error or "")
    reply = await _import(table.app, body, MANAGER)
    assert reply.ok, reply.error
    assert "1 GM entries by members the log does not show as GMs" in reply.text


async def test_nested_json_in_an_import_is_refused_politely(table: Table) -> None:
    deep = b'{"format": "kfgm-campaign", "version": 1, "x": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    reply = await _import(table.app, deep)
    assert not reply.ok and "nested 5001 levels deep; at most 64" in (reply.error or ""), reply.error


async def test_nested_json_in_a_knight_import_code_is_refused_politely(table: Table) -> None:
    code = "kfgm-knight:" + base64.urlsafe_b64encode(zlib.compress(b"[" * 5000 + b"]" * 5000, 9)).decode()
    assert len(code) < 600
    reply = await table(f"@kara /knight import json:{code}")
    assert not reply.ok and "nested 5000 levels deep" in (reply.error or ""), reply.error
    reply = await table("@kara /knight import json:" + "[" * 900 + "]" * 900)
    assert not reply.ok and "nested 900 levels deep" in (reply.error or "")
    bomb = "kfgm-knight:" + base64.urlsafe_b64encode(zlib.compress(b" " * 1_000_000, 9)).decode()
    reply = await table(f"@kara /knight import json:{bomb}")
    assert not reply.ok and "unpacks to more than" in (reply.error or ""), reply.error


async def test_a_forged_export_of_150001_entries_is_refused_before_it_is_checked(table: Table) -> None:
    body = await _export(table)
    small = {"kind": "action", "actor": "m", "command": "/roll d100", "action": {"action": {"type": "x"}},
             "created_at": ""}
    body["log"] = body["log"][:1] + [{**small, "seq": i} for i in range(1, 150_001)]
    body["campaign"]["seq"] = 150_000
    reply = await _import(table.app, gzip.compress(json.dumps(body).encode()))  # counted before a single entry is validated or replayed
    assert not reply.ok and "150,001 log entries; an import may hold at most 100,000" in (reply.error or "")
