"""Hostile input: generated command lines never raise, a refusal always explains itself, and a
refused command changes nothing. KFGM_SOAK=1 (make soak) tries 10,000 lines."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app.commands import build_registry
from bot.app.context import Invocation
from bot.app.reply import Reply
from tests.conftest import open_app

EXAMPLES = 10_000 if os.environ.get("KFGM_SOAK") else 1_500
COMMANDS = [c for c in build_registry().commands.values() if c.path not in {("campaign", "end"), ("clash", "board")}]
NASTY = [
    "", " ", "0", "-1", "99999999999999999999", "1e9", "NaN", "true", "'; DROP TABLE campaigns; --",
    "\" OR 1=1 --", "<@123456789>", "<@&42>", "@everyone", "../../etc/passwd", "\x00", "\u202e", "🐉" * 50,
    "x" * 5000, "{{7*7}}", "${jndi:ldap://x}", "%s%s%s", "\\", "\"", "A1", "Z99", "10,1,7", ",,,", "-5,-9",
]
value = st.one_of(
    st.sampled_from(NASTY), st.integers(-(10**12), 10**12).map(str), st.text(max_size=60),
    st.lists(st.integers(-20, 30), max_size=6).map(lambda xs: ",".join(map(str, xs))),
)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@st.composite
def command_lines(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.text(max_size=80))
    if kind == 1:
        return "/" + draw(st.text(max_size=40))
    command = draw(st.sampled_from(COMMANDS))
    words = list(command.path)
    options = [o.name for o in command.options] + ["bogus", "Difficulty", "name"]
    parts = []
    for name in draw(st.lists(st.sampled_from(options), max_size=5)):
        parts.append(f"{name}:{quote(draw(value))}")
    return "/" + " ".join(words + parts)


async def snapshot(app: Any) -> tuple[str, int]:
    row = await app.db.active_campaign("guild", "channel")
    return (row.state_json, row.seq) if row else ("", -1)


def test_generated_lines_never_raise_and_refusals_change_nothing(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    app = loop.run_until_complete(open_app(tmp_path / "hostile.sqlite3"))
    gm = Invocation(guild_id="guild", channel_id="channel", user_id="gm", user_name="gm", is_admin=True)
    stranger = Invocation(guild_id="another-guild", channel_id="channel", user_id="x", user_name="x")
    player = Invocation(guild_id="guild", channel_id="channel", user_id="kara", user_name="kara")
    assert loop.run_until_complete(app.run_line(gm, '/campaign new name:"Hostile"')).ok
    tried = {"ok": 0, "refused": 0}

    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(line=command_lines(), who=st.sampled_from([gm, player, stranger]))
    def check(line: str, who: Invocation) -> None:
        before = loop.run_until_complete(snapshot(app))
        reply = loop.run_until_complete(app.run_line(who, line))
        assert isinstance(reply, Reply)
        if who is stranger:  # another guild never reaches this guild's campaign
            assert loop.run_until_complete(snapshot(app)) == before, line
            assert "Hostile" not in reply.text, line
        if reply.ok:
            tried["ok"] += 1
        else:
            tried["refused"] += 1
            assert reply.error and len(reply.error) > 10 and reply.ephemeral, (line, reply.error)
            assert "Traceback" not in reply.error
            assert loop.run_until_complete(snapshot(app)) == before, line

    try:
        check()
    finally:
        loop.run_until_complete(app.db.close())
        loop.close()
    assert tried["ok"] > 0 and tried["refused"] > 0, tried


def test_malicious_yaml_is_refused_with_a_clear_line() -> None:
    from content.loader import parse_yaml_text

    cases = {
        "[" * 5000 + "]" * 5000: "nested too deeply",
        "a:\n" + "".join("  " * i + "b:\n" for i in range(1, 3000)): "nested too deeply",
        "\n".join(f"k{i}: [" + "[" * 45 + "]" * 45 + "]" for i in range(2)): "nested too deeply",
        "x: !!python/object/apply:os.system ['echo pwned']\n": "not allowed",
        "a: &a [1,2,3,4,5,6,7,8,9]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
        "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n": "too many",
    }
    for text, message in cases.items():
        docs, errors = parse_yaml_text(text, "evil.yaml")
        assert docs == [] and len(errors) == 1 and message in str(errors[0]), (text[:40], errors)
        assert str(errors[0]).startswith("evil.yaml")


def test_a_10_mb_pack_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from content.loader import read_yaml_documents

    big = tmp_path / "big.yaml"
    big.write_text("text: '" + "x" * 10_000_000 + "'\n")
    docs, errors = read_yaml_documents(big, "big.yaml")
    assert docs == [] and "the limit is 1000000" in str(errors[0])


# -- every option of every command x the hostile text of issue #25 ------------------------------------------------

HOSTILE_TEXT = [
    "²", "١٢", "𝟓", "²,3", "５", "+-6", "Bell \x07 here", "\x1b[31m", "Ser\u200bSonch", "\u202eevil", "Jose\u0301",
    "\ufeffname", "\x00", "[" * 900 + "]" * 900, "{" * 300, "kfgm-knight:" + "A" * 40, "x" * 2100,
]
SWEPT = [c for c in build_registry().commands.values() if c.path not in {("campaign", "end")}]


def _sweep_lines() -> list[str]:
    """Every option of every command with each hostile value (the short run: two values per option, taken in turn,
    so that every value is tried on many options; KFGM_SOAK=1: every value on every option)."""
    lines = []
    turn = 0
    for command in SWEPT:
        for option in command.options or ():
            values = HOSTILE_TEXT if os.environ.get("KFGM_SOAK") else [
                HOSTILE_TEXT[(turn + i) % len(HOSTILE_TEXT)] for i in (0, 7)]
            turn += 1
            lines += ["/" + " ".join(command.path) + f" {option.name}:{quote(v)}" for v in values]
    return lines


def test_every_option_of_every_command_takes_hostile_text_without_a_traceback(tmp_path: Path) -> None:
    async def sweep() -> dict[str, int]:
        app = await open_app(tmp_path / "sweep.sqlite3")
        gm = Invocation(guild_id="guild", channel_id="channel", user_id="gm", user_name="gm", is_admin=True)
        kara = Invocation(guild_id="guild", channel_id="channel", user_id="kara", user_name="kara")
        counts = {"ok": 0, "refused": 0}
        try:
            for setup in ('/campaign new name:"Sweep"', '@kara /knight create knight:ashgrove name:"Wendel"'):
                who, line = (kara, setup[6:]) if setup.startswith("@kara") else (gm, setup)
                assert (await app.run_line(who, line)).ok
            for number, line in enumerate(_sweep_lines()):
                who = kara if number % 2 else gm
                before = await snapshot(app)
                reply = await app.run_line(who, line)  # an exception here is the traceback the table would see
                assert isinstance(reply, Reply), line
                if reply.ok:
                    counts["ok"] += 1
                    continue
                counts["refused"] += 1
                assert reply.error and len(reply.error) > 10 and "Traceback" not in reply.error, (line, reply.error)
                assert await snapshot(app) == before, line
        finally:
            await app.db.close()
        return counts

    counts = asyncio.run(sweep())
    assert counts["refused"] > 500 and counts["ok"] > 0, counts


def test_an_import_tampered_in_each_field_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    """Each field of an export (the top level's, the campaign's, and every field of the log's entries: the short run
    a few entries, KFGM_SOAK=1 every one) replaced by a hostile value: a polite refusal, nothing written."""
    import json
    from dataclasses import replace

    from bot.app.registry import Upload

    hostile: list[object] = [None, 7, "²", "\u202e", [], {}, "x" * 5000, json.loads("[" * 60 + "]" * 60), -1, True]

    async def run() -> int:
        app = await open_app(tmp_path / "tamper.sqlite3")
        gm = Invocation(guild_id="guild", channel_id="channel", user_id="gm", user_name="gm", is_admin=True,
                        command_line="")
        away = replace(gm, guild_id="away", channel_id="away")
        command = app.registry.commands[("campaign", "import")]
        refused = 0
        try:
            for line in ('/campaign new name:"Tamper"', '/knight create knight:ashgrove name:"Wendel"',
                         "/roll test difficulty:6", "/gm amend-last values:3", "/roll d100", "/gm undo",
                         "/gm force-next values:2", "/deck draw deck:minor_mortis", "/campaign export"):
                reply = await app.run_line(replace(gm, command_line=line), line)
                assert reply.ok, (line, reply.error)
            body = json.loads(Path(reply.data["export"]["file"]).read_bytes())
            entries = range(len(body["log"])) if os.environ.get("KFGM_SOAK") else (1, 3, 5)
            places: list[tuple[object, str]] = [(body, k) for k in body if k != "gms"]
            places += [(body["campaign"], k) for k in body["campaign"]]
            places += [(body["log"][i], k) for i in entries for k in body["log"][i]]
            for where, key in places:
                assert isinstance(where, dict)
                for value in hostile:
                    old = where[key]
                    if value == old:
                        continue
                    where[key] = value
                    data = json.dumps(body).encode()
                    where[key] = old
                    reply = await app.run(replace(away, command_line="/campaign import"), command,
                                          {"file": Upload("export.json", len(data), data)})
                    if reply.ok:  # a field the import cannot prove (when, the exporting id, a visible campaign name,
                        # who rolled a die: nothing in a roll says whose it was): written as given; or one it
                        # derives again (an entry's events: the bot's own words replace the file's)
                        assert key in ("exported_at", "created_at", "exported_from", "name", "actor", "events"), (
                            key, value)
                        assert key != "name" or value == "²", value
                        await app.run_line(replace(away, command_line="/campaign end"), "/campaign end")
                        continue
                    refused += 1
                    assert reply.error and "not imported" in reply.error.lower() or "Nothing was imported" in (
                        reply.error or ""), (key, value, reply.error)
                    assert await app.db.active_campaign("away", "away") is None, (key, value)
        finally:
            await app.db.close()
        return refused

    assert asyncio.run(run()) > 100
