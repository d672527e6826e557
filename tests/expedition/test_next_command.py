"""Every reply that ends a step names the next command correctly in every phase (issue #20, "What now?"): the
"Next:" lines of ``/now`` and ``/expedition status`` through a whole Expedition of command lines — the same next
command in both, only the commands in backticks (the explanation after them), each a command of the registry."""

from __future__ import annotations

import itertools
import re

from bot.app.commands import build_registry
from bot.narration.next_step import next_line
from rules.expedition.next_step import Cmd, NextStep, Why
from tests.conftest import Table
from tests.expedition.conftest import phase
from tests.rulebook_cases.pack import answer_all

COMMANDS = build_registry().commands


def _named(line: str) -> list[str]:
    """The commands a "Next:" line names in backticks, each checked against the registry (``a|b`` alternatives:
    each one; ``...`` and ``<placeholders>`` are not words of a path)."""
    (nxt,) = [x for x in line.splitlines() if x.startswith("Next:") or ". Next:" in x]
    shown = re.findall(r"`([^`]+)`", nxt.split("Next:", 1)[1])
    assert shown, nxt
    for command in shown:
        assert "(" not in command, f"an explanation inside the backticks: {nxt}"
        words = list(itertools.takewhile(lambda w: ":" not in w and w != "..." and not w.startswith("<"),
                                         command.lstrip("/").split()))
        heads, last = words[:-1], words[-1].split("|")
        paths = [tuple([*heads, alternative]) for alternative in last]
        for path in paths:
            assert path in COMMANDS, f"{path} of {nxt!r} is no command"
    return shown


async def _both(t: Table) -> tuple[str, str]:
    """The next command as ``/expedition status`` and ``/now`` name it (the same), both lines checked."""
    status, now = await t.ok("/expedition status"), await t.ok("@kara /now")
    assert status.data["next"] == now.data["next"], (status.data["next"], now.data["next"])
    _named(now.text)
    return status.data["next"], _named(status.text)[0]


def test_next_line_puts_only_the_commands_in_backticks() -> None:
    done = NextStep(commands=[Cmd(name="outpost", subcommands=["done"])], why=Why(reason="outpost_done"))
    assert next_line(done) == ("Next: `/outpost done` (the GM, when the Outpost activities are done and the Loadouts "
                               "prepared; see /outpost status)")
    turn = NextStep(commands=[Cmd(name="knight", subcommands=["move", "attack"], more=True),
                              Cmd(name="knight", subcommands=["end-turn"])], why=Why(reason="turn", knight="Kara"))
    assert next_line(turn) == "Next: `/knight move|attack ...` or `/knight end-turn` (it is Kara's turn)"
    assert next_line(NextStep(commands=[Cmd(name="rest")])) == "Next: `/rest`"


async def test_every_phase_names_a_real_next_command_outside_the_explanation(party: Table) -> None:
    """Rulebook (line 579): Kingdoms Forlorn is played in a series of Expeditions, with each Expedition representing one Adventure, one Delve into the Deep Fog. Each Expedition consists of the following steps, resolved in this exact order:

    `/expedition status` wrote "Next: `/outpost done (the GM, when the Outpost activities are done and the Loadouts
    prepared; see /outpost status)`": the explanation inside the backticks."""  # noqa: E501
    t = party
    nxt, shown = await _both(t)
    assert nxt.startswith("/expedition vision") and shown.startswith("/expedition vision")
    await t.ok("@kara /expedition vision choice:free_roam")  # no Quest: Time 8 calls the Exhibition Clash
    await t.ok("@ulfa /expedition vision choice:free_roam")
    assert (await _both(t))[1].startswith(("/expedition leader", "/expedition destination"))
    await t.ok('/expedition leader knight:"Ser Sonch"')
    await t.ok("@kara /expedition destination kingdom:aubrevane")
    moved = await t.ok("/expedition next")
    assert await phase(t) == "outpost" and "Next: `/outpost done` (the GM" in moved.text, moved.text
    assert (await _both(t))[1] == "/outpost done"
    await t.ok("/expedition next")
    assert (await _both(t))[1].startswith("/delve start kingdom:aubrevane")
    await t.ok('/delve start kingdom:aubrevane start:aub_01 leader:"Ser Sonch"')
    status = await t.ok("/expedition status")
    assert status.data["next"].startswith("/delve travel (the Story step") and "Next: `/delve travel` (" in status.text
    await t.ok("/delve gain time:8")
    assert "type:exhibition" in (await _both(t))[1]
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    assert (await _both(t))[1] == "/monster round"
    await answer_all(t, await t.ok("/monster round"))
    knight_round = await _both(t)
    assert knight_round[1] == "/knight move|attack|end-turn" and "(still to act" in knight_round[0]
    won = await t.ok("/clash adjust monster:wounds value:12")
    assert "win" in won.text.lower(), won.text
    over, shown = await _both(t)
    assert shown == "/clash end" and "the Clash is over: the Knights won" in over
    await t.ok("/clash end")
    assert await phase(t) == "rest" and (await _both(t))[1] == "/rest"
    await t.ok("/rest tale:false")
    await t.ok("/rest tale:false")
    await t.ok("/delve gain time:8")
    await t.ok("/clash start monster:stag level:1 type:full")
    await t.ok("/clash end")
    assert await phase(t) == "spoils"
    status = await t.ok("/expedition status")
    assert "Next: `/spoils status`, then `/spoils done` (divide the Loot" in status.text, status.text
    _named(status.text)
    await t.ok("/expedition next")
    assert await phase(t) == "over" and (await _both(t))[1] == "/expedition start"


async def test_after_the_first_delve_now_names_the_phase_and_offers_no_travel_step(party: Table) -> None:
    """Rulebook (line 579): Kingdoms Forlorn is played in a series of Expeditions, with each Expedition representing one Adventure, one Delve into the Deep Fog. Each Expedition consists of the following steps, resolved in this exact order:

    After the first Delve the Clash, the Rest and the Spoils are Phases of their own, not the Delve's Travel step,
    though the Kingdom's map stays for the second Delve. /now said "Now: Delve" and offered the Travel step's
    question then."""  # noqa: E501
    t = party
    await t.ok("@kara /expedition vision choice:free_roam")  # no Quest: Time 8 calls the Exhibition Clash
    await t.ok("@ulfa /expedition vision choice:free_roam")
    await t.ok('/expedition leader knight:"Ser Sonch"')
    await t.ok("@kara /expedition destination kingdom:aubrevane")
    await t.ok("/expedition next")
    await t.ok("/expedition next")
    started = await t.ok('/delve start kingdom:aubrevane start:aub_01 leader:"Ser Sonch"')
    assert started.pending is not None and started.pending["kind"] == "travel"
    assert (await t.ok("@kara /now")).data["phase"] == "Delve"
    await t.ok("/delve gain time:8")
    now = await t.ok("@kara /now")
    assert now.data["phase"] == "Expedition phase: the Clash Phase (Exhibition Clash)", now.data["phase"]
    assert now.data["questions"] == [] and now.pending is None
    await t.ok("/clash start monster:stag level:1 type:exhibition")
    await t.ok("/clash end")
    rest = await t.ok("@kara /now")
    assert rest.data["phase"] == "Expedition phase: the Rest Phase" and rest.data["questions"] == []
    assert (await t.ok("/delve status")).pending is None, "no Travel step before the Rest"
    await t.ok("/rest tale:false")
    await t.ok("/rest tale:false")
    second = await t.ok("@kara /now")
    assert second.data["phase"] == "Delve" and [q["kind"] for q in second.data["questions"]] == ["travel"]
