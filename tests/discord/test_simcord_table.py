"""The table through SimCord (tests/discord/sim.py): the real client logs in, syncs its commands, and members play —
buttons and select menus, the table-dice modal, files uploaded and downloaded (``Attachment.read()``), the bot
restarted on the same database with the components it posted before still answering.
"""

from __future__ import annotations

import hashlib
import json

import pytest
import simcord

from bot.app.commands import build_registry
from bot.discord.rate_limit import RateLimiter
from tests.discord.sim import Sim, attachment, attachment_names, component_ids, leaked_paths, text

REACT_PROMPT = "REACT! before Censer Swing's attack"


async def _clash(sim: Sim) -> simcord.InteractionResult:
    """The campaign, Kara's and Sonch's Knights, the Cinder Abbot's Censer Swing: the REACT! window (d1)."""
    sim.seed_dice(1)
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    prompt = await _react_window(sim, sim.channel)
    assert REACT_PROMPT in text(prompt)
    return prompt


async def test_the_client_logs_in_and_syncs_every_command(sim: Sim) -> None:
    """``setup_hook`` ran under SimCord's real login: the database is open, and the synced set is the registry."""
    assert sim.client.tree.app is not None and sim.client.db is not None
    shown = set(sim.kara.available_commands(sim.channel))
    assert shown == {" ".join(c.path) for c in build_registry().commands.values()}
    assert len(shown) >= 200


async def test_a_button_a_wrong_member_and_a_restart(sim: Sim) -> None:
    """Only the players the decision names (or the GM) may answer; a button posted before a restart still works,
    and once answered it says so."""
    prompt = await _clash(sim)
    assert prompt.response is not None
    (go_on,) = component_ids(prompt.response)
    stranger = sim.guild.add_member(sim.env.create_user("stranger"))
    refused = await stranger.click(prompt.response.message, custom_id=go_on)
    assert refused.ephemeral and "is for Kara, Ser Sonch to answer" in text(refused)

    await sim.restart()
    pressed = await sim.sonch.click(prompt.response.message, custom_id=go_on)
    assert not pressed.ephemeral and "The Knights are done reacting" in text(pressed)
    again = await sim.sonch.click(prompt.response.message, custom_id=go_on)
    (told,) = again.followups  # the button leaves its message, and the presser is told privately why
    assert told.ephemeral and "already" in told.content


async def test_the_travel_select_menu(sim: Sim) -> None:
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    await sim.kara.slash(sim.channel, "knight create", knight="lanternbearer", name="Ser Sonch")
    start = await sim.gm.slash(sim.channel, "delve start", kingdom="aubrevane", start="aub_01")
    assert start.response is not None
    (row,) = start.response.components
    (menu,) = row["components"]
    explore = [o["value"] for o in menu["options"] if not o["value"].startswith("fog:")]
    moved = await sim.kara.select(start.response.message, [explore[0]], custom_id=menu["custom_id"])
    assert not moved.ephemeral and explore[0] in json.dumps([text(moved)]) or "Travel" in text(moved)
    status = await sim.kara.slash(sim.channel, "delve status")
    assert explore[0] in text(status)


async def test_the_table_dice_modal_before_and_after_a_restart(sim: Sim) -> None:
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    await sim.gm.slash(sim.channel, "campaign dice", mode="table")
    asked = await sim.kara.slash(sim.channel, "roll attack", dice=3, to_hit=6)
    assert asked.response is not None
    await sim.restart()
    shown = await sim.kara.click(asked.response.message, label="Enter dice")
    assert shown.modal is not None
    bad = await sim.kara.submit_modal(shown, {"dice-0": "11", "dice-1": "7 4"})
    assert bad.ephemeral and text(bad).startswith("Sorry")
    shown = await sim.kara.click(asked.response.message, label="Enter dice")
    done = await sim.kara.submit_modal(shown, {"dice-0": "1", "dice-1": "7 4"})
    assert not done.ephemeral and "Attack" in text(done)


def _words(n: int) -> str:
    """A line of a Knight's notes, different for each ``n`` (so it does not compress to nothing)."""
    return " ".join(hashlib.sha256(f"{n}-{i}".encode()).hexdigest()[:12] for i in range(8))


async def test_a_knight_with_30_notes_moves_by_its_attached_json_file(sim: Sim) -> None:
    """The export's code no longer fits in a message: the JSON comes as a file, downloaded and attached again."""
    sim.client.tree.rate = RateLimiter(limit=100)  # 30 notes in a row (the limit has its own tests)
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    await sim.kara.slash(sim.channel, "knight create", knight="lanternbearer", name="Kara")
    for n in range(30):
        noted = await sim.kara.slash(sim.channel, "knight note", kind="note", text=f"Note {n}: {_words(n)}")
        assert not noted.ephemeral, text(noted)
    exported = await sim.kara.slash(sim.channel, "knight export")
    assert sorted(n.rsplit(".", 1)[1] for n in attachment_names(exported)) == ["json", "png"]
    assert "kfgm-knight:" not in text(exported), "the code is too long for a message: the file carries the Knight"
    assert not leaked_paths(exported, sim.settings.image_dir)
    name, data = await attachment(exported, ".json")
    knight = json.loads(data)
    assert len(knight["sheet"]["notes"]) == 30

    other = sim.guild.create_text_channel("another-campaign")
    await sim.gm.slash(other, "campaign new", name="Elsewhere")
    imported = await sim.kara.slash(other, "knight import", file=(name, data))
    assert not imported.ephemeral, text(imported)
    again = await sim.kara.slash(other, "knight export", knight="Kara")
    moved = json.loads((await attachment(again, ".json"))[1])
    assert moved["sheet"]["notes"] == knight["sheet"]["notes"] and moved["name"] == "Kara"


async def test_a_short_knight_comes_with_its_code_and_its_file(sim: Sim) -> None:
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    await sim.kara.slash(sim.channel, "knight create", knight="lanternbearer", name="Kara")
    exported = await sim.kara.slash(sim.channel, "knight export")
    code = next(w for w in text(exported).replace("`", " ").split() if w.startswith("json:kfgm-knight:"))
    other = sim.guild.create_text_channel("another-campaign")
    await sim.gm.slash(other, "campaign new", name="Elsewhere")
    imported = await sim.kara.slash(other, "knight import", json=code.removeprefix("json:"))
    assert not imported.ephemeral, text(imported)
    both = await sim.kara.slash(other, "knight import", json=code.removeprefix("json:"),
                                file=await attachment(exported, ".json"))
    assert both.ephemeral and "one of the two" in text(both)


async def test_a_campaign_moves_by_its_export_file_and_a_pack_by_upload(sim: Sim) -> None:
    pack = b'kind: pack\nid: tiny_pack\nname: "Tiny"\nversion: "1.0"\n'
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    uploaded = await sim.gm.slash(sim.channel, "content upload", file=("tiny.yaml", pack))
    assert not uploaded.ephemeral, text(uploaded)
    await sim.gm.slash(sim.channel, "roll d100")
    exported = await sim.gm.slash(sim.channel, "campaign export")
    assert exported.ephemeral and not leaked_paths(exported, sim.settings.image_dir)
    name, data = await attachment(exported, ".json")
    other = sim.guild.create_text_channel("restored")
    refused = await sim.gm.slash(other, "campaign import", file=(name, data))  # the file's GM list gives no right
    assert refused.ephemeral and "Manage Server" in text(refused), text(refused)
    await sim.gm.slash(other, "campaign new", name="Placeholder")  # a GM of the channel's last campaign may import
    await sim.gm.slash(other, "campaign end")
    imported = await sim.gm.slash(other, "campaign import", file=(name, data))
    assert not imported.ephemeral and "imported" in text(imported), text(imported)


async def test_a_campaign_name_is_1_to_80_characters(sim: Sim) -> None:
    """docs/commands.md: ``name:`` 1–80 characters. Discord refuses a longer one before it is sent (the option's
    max_length); typed in the console, the app says so politely."""
    with pytest.raises(simcord.OptionError, match="at most 80"):
        await sim.gm.slash(sim.channel, "campaign new", name="A" * 200)
    fits = await sim.gm.slash(sim.channel, "campaign new", name="A" * 80)
    assert not fits.ephemeral


def _mentions_allowed(sim: Sim, since: int) -> list[dict[str, object]]:
    """The ``allowed_mentions`` of every message the bot sent since request ``since`` (callbacks and follow-ups)."""
    out = []
    for request in sim.env.http_requests[since:]:
        body = request.json if isinstance(request.json, dict) else {}
        body = body.get("data", body) if isinstance(body.get("data"), dict) else body
        if "allowed_mentions" in body:
            out.append(body["allowed_mentions"])
    return out


async def test_a_question_pings_exactly_the_players_it_waits_on_once(sim: Sim) -> None:
    """The REACT! window waits on Kara's and Sonch's players: the prompt mentions both, and only they may be pinged
    (no role, no @everyone, not the GM the text also names); the same question shown again does not ping again."""
    prompt = await _clash(sim)
    assert prompt.response is not None
    assert prompt.response.content.startswith(f"🔔 <@{sim.kara.id}> <@{sim.sonch.id}>")
    asked = [m for m in _mentions_allowed(sim, 0) if m.get("users")]
    assert asked == [{"parse": [], "users": [sim.kara.id, sim.sonch.id]}]

    since = len(sim.env.http_requests)
    status = await sim.kara.slash(sim.channel, "clash status")
    assert "🔔" not in text(status)
    assert all(not m.get("users") for m in _mentions_allowed(sim, since)), "the same question pings once"


async def test_pings_off_names_the_players_without_mentioning_them(sim: Sim) -> None:
    sim.seed_dice(1)  # both campaigns on the same dice (the REACT! window comes in both)
    await sim.gm.slash(sim.channel, "campaign new", name="The Ashen Vigil")
    off = await sim.gm.slash(sim.channel, "campaign pings", setting="off")
    assert "Turn pings off" in text(off)
    since = len(sim.env.http_requests)
    sim.seed_dice(1)
    other = sim.guild.create_text_channel("second-table")
    await sim.gm.slash(other, "campaign new", name="Pinged")  # the setting is the campaign's: this one pings
    prompt_off = await _react_window(sim, sim.channel)
    prompt_on = await _react_window(sim, other)
    assert "🔔" not in text(prompt_off) and "🔔" in text(prompt_on)
    users = [m["users"] for m in _mentions_allowed(sim, since) if m.get("users")]
    assert users == [[sim.kara.id, sim.sonch.id]]
    assert REACT_PROMPT in text(prompt_off) and REACT_PROMPT in text(prompt_on)


async def _react_window(sim: Sim, channel: simcord.ChannelHandle) -> simcord.InteractionResult:
    await sim.kara.slash(channel, "knight create", knight="lanternbearer", name="Kara")
    await sim.sonch.slash(channel, "knight create", knight="lanternbearer", name="Ser Sonch")
    await sim.gm.slash(channel, "clash start", monster="abbot", level=3, type="full")
    await sim.gm.slash(channel, "clash adjust", deck="ai", top="abbot_ai_censer_swing")
    return await sim.kara.slash(channel, "monster round")
