"""Play a whole Expedition through the real App and write every line typed as two ``kfgm play`` scripts
(docs/expedition.md, "A whole Expedition").

    python -m bot.tools.expedition_script --out tests/scripts/expedition --seed 5

The Expedition follows the rulebook's Expedition Sequence with the four starter Knights: the Vision Phase (Ser Sonch
on the Quest, Kara and Isolde on Investigations, Oriel on a Free Roam), the Outpost (the Inn, a Contract, a
Mercenary, a purchase), the first Delve to Time 8, the Exhibition Clash against the Monster of the party's
district, the Rest, the second Delve to Time 16, the Full Clash, and the Spoils Phase (Investigations and the Free
Roam resolved, Loot Distribution, the Spare Scrap, cashing in) to ``over``.

It is cut in two files, ``whole_expedition_1.txt`` and ``whole_expedition_2.txt``, run one after the other on the
same database with a fresh process in between (the cut falls inside the Exhibition Clash, at the start of its second
Monster Round). The generator does the same: it closes the App at the cut and opens a new one on the same database,
so the second file continues from what the database holds.

The policy:
- **Vision and Outpost**: fixed lines (above). An Adventure's Scavenge 2 of Kingdom Gear Loot is recorded by hand in
  the second Delve, and Oriel's Free Roam paragraph is reported a success (``/expedition resolve outcome:success``).
- **Delve**: at Time 8 and 16 the Story step calls no Clash, for Ser Sonch is on a Quest: the GM reports that the
  Quest's paragraph sends the party to the regular Clash then (``/expedition next``). At each Travel step the legal
  destination (``/delve travel``'s select menu) with the least Threat, an Unexplored tile before an explored one and
  never the Deep Fog while a path is open; a decision of the Deep Fog or an Encounter is answered with its first
  option; an Encounter due is started with ``/encounter start`` and the Delve resumed with ``/delve continue``.
- **Clashes**: the Monster and level the Expedition names (``data.next``), played with natural dice by the policy of
  ``bot/tools/autoplay.py`` (``--outcome natural``: no die forced, no deck adjusted). The committed scripts use a seed
  (``SEED``) with which the Knights win both Clashes; with another seed they may lose one, and the generator says so.
- **Spoils**: each Knight takes the first Loot card of the Common Goods in seating order (two for a successful Free
  Roam), the Party Leader exchanges its card for Gold, then the Spare Scrap is taken card by card in turn, then
  ``/spoils done`` cashes the rest.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from bot.app.commands import build_registry
from bot.app.service import App
from bot.tools.autoplay import NATURAL, PARTY, Autoplay, AutoplayError, quote_name
from bot.tools.autoplay_policy import usable_weapons
from content.loader import Catalogue, load_catalogue
from rules.delve.encounter_handlers import EncounterAttack
from rules.dice import ForcedDieError
from rules.errors import RuleError
from rules.state import CampaignState
from storage.db import Database

SEED = 7
NAMES = ("whole_expedition_1.txt", "whole_expedition_2.txt")
MAX_DELVE_STEPS = 80


class ExpeditionPlay(Autoplay):
    """The whole-Expedition policy on top of autoplay's Clash policy."""

    def __init__(self, app: App, seed: int, reopen: Any) -> None:
        super().__init__(app, "", 1, "exhibition", NATURAL, seed)
        self.reopen = reopen  # async () -> App: closes the App and opens a fresh one on the same database
        self.cut: int | None = None  # index in self.lines where the second file begins
        self.cut_at_round: int | None = None

    async def do_cut(self) -> None:
        self.note("--- the first half ends here: the next file continues on the same database ---")
        self.cut = len(self.lines)
        self.app = await self.reopen(self.app)
        self.engine = self.app.engine
        self.note("(a fresh process: the Exhibition Clash goes on from the database)")

    async def next_command(self) -> str:
        reply = await self.app.run_line(_inv("/expedition status"), "/expedition status")
        return str(reply.data.get("next") or "")

    # -- the Expedition -------------------------------------------------------------------------------------------

    async def play_expedition(self) -> dict[str, Any]:
        self.note("A whole Expedition with the four starter Knights, written by bot/tools/expedition_script.py "
                  "(policy: its docstring).")
        self.note("Replay both halves on one database, each in its own process:")
        self.note(f"  kfgm play --script tests/scripts/expedition/{NAMES[0]} --json --seed {self.seed} --db X.sqlite3")
        self.note(f"  kfgm play --script tests/scripts/expedition/{NAMES[1]} --json --seed {self.seed} --db X.sqlite3")
        self.note(f"seed: {self.seed}")
        await self.say('/campaign new name:"Whole Expedition"')
        for user, box, name in PARTY:
            await self.say(f'@{user} /knight create knight:{box} name:"{name}"')
        self.note("The Vision Phase")
        await self.say("/expedition start")
        names = ", ".join(name for _, _, name in PARTY)
        await self.say(f'/expedition seating order:"{names}"')
        await self.say("@sonch /expedition vision choice:quest")
        await self.say("@kara /expedition vision choice:investigation investigation:1")
        await self.say("@isolde /expedition vision choice:investigation investigation:2")
        await self.say("@oriel /expedition vision choice:free_roam")
        await self.say('@sonch /expedition note text:"Quest of Chapter 1 read: the party heads for Aubrevane"')
        await self.say("@sonch /expedition destination kingdom:aubrevane")
        await self.say("/expedition next")
        self.note("The Outpost Phase")
        await self.say("@kara /outpost inn")
        await self.say("@sonch /outpost contract contract:aub_contract_lost_bellringer")
        await self.say("@sonch /outpost hire mercenary:merc_bram_the_lamplighter")
        await self.say("@isolde /outpost buy gear:gear_pilgrims_mace")
        await self.say("/outpost status")
        await self.say("/outpost done")
        self.note("The first Delve")
        await self.say("/delve start kingdom:aubrevane start:aub_01")
        await self.delve_until("clash")
        await self.say("/expedition status")
        await self.clash("exhibition", cut_at_round=2)
        await self.say("/expedition status")
        self.note("The Rest Phase")
        rest = await self.say("/rest")
        if rest.data.get("rest", {}).get("waiting"):  # the Rest Abilities step: the Rest Techniques in hand
            self.note("The Rest Abilities step waits: each Rest Technique in hand is played, then /rest goes on")
            for t in rest.data["rest"]["techniques"]:
                if t["playable"]:
                    await self.say(f'/knight technique action:delve technique:{t["technique"]} '
                                   f'name:"{t["knight_name"]}"')
            await self.say("/rest")
        await self.say("/expedition status")
        self.note("The second Delve")
        await self.delve_until("clash")
        await self.say("/expedition status")
        await self.say("/outpost fulfil")
        self.note("An Adventure read from the Codex gave Scavenge 2 of Kingdom Gear Loot (recorded by hand)")
        await self.say('/spoils scavenge count:2 type:kingdom_gear reason:"an Adventure of the Codex"')
        await self.clash("full", cut_at_round=None)
        await self.say("/expedition status")
        self.note("The Spoils Phase")
        await self.spoils()
        reply = await self.say("/expedition status")
        if reply.data["expedition"]["phase"] != "over":
            raise AutoplayError(f"the Expedition is not over: {reply.data['expedition']}")
        return reply.data

    async def phase(self) -> str:
        state = await self.state()
        assert state.expedition is not None
        return state.expedition.phase if isinstance(state.expedition.phase, str) else str(state.expedition.phase)

    async def delve_until(self, phase: str) -> None:
        for _ in range(MAX_DELVE_STEPS):
            state = await self.state()
            exp = state.expedition
            assert exp is not None
            if exp.phase == phase:
                return
            delve = state.delve
            assert delve is not None
            nxt = await self.next_command()
            if nxt.startswith("/expedition next (the GM, when"):
                # Time 8 or 16 with a Knight on a Quest: the Story step calls no Clash; the paragraph does
                self.note("GM: the Quest's paragraph sends the party to the regular Clash now (reported from the "
                          "Knightbook)")
                await self.say("/expedition next")
                continue
            if delve.encounter_due is not None and delve.encounter is None:
                await self.say("/encounter start")
                continue
            if delve.encounter is not None and delve.encounter.outcome is None:
                await self.encounter_step(state)
                continue
            reply = await self.app.run_line(_inv("/delve status"), "/delve status")
            pending = reply.data.get("pending") or reply.pending
            if pending and pending.get("kind") == "travel":
                to = _least_threat(pending)
                r = await self.say(f"/delve travel to:{to}")
                track = r.data.get("track") or {}
                self.note(f"-> {r.data.get('tile')}: Time {track.get('time')}, Threat {track.get('threat')}, "
                          f"Curse {track.get('curse')}")
            elif pending:
                await self.say(f"/{pending['answer']} decision:{pending['id']} option:{pending['options'][0]}")
            elif delve.resume is not None:
                await self.say("/delve continue")
            else:
                raise AutoplayError(f"the Delve waits for nothing the policy knows: {reply.text}")
        raise AutoplayError(f"the Delve did not reach the {phase} phase")

    async def encounter_step(self, state: CampaignState) -> None:
        """One step of an Encounter: its decision answered with the first option(s); else the next Knight of the
        Knight Round attacks with its best weapon that the rules accept here (a dry run), or Helps."""
        reply = await self.app.run_line(_inv("/encounter status"), "/encounter status")
        pending = reply.pending or reply.data.get("pending")
        if pending:
            who = pending.get("who") or []
            user = f"@{who[0]} " if len(who) == 1 else ""
            picks = pending["options"][:max(1, int(pending.get("min_pick") or 1))]
            await self.say(f"{user}/encounter choose decision:{pending['id']} option:{','.join(picks)}")
            return
        enc = state.delve.encounter if state.delve is not None else None
        assert enc is not None
        ready = [e for e in enc.knights if e.status == "placed" and e.action is None]
        if not ready:
            raise AutoplayError(f"the Encounter waits for nothing the policy knows: {reply.text}")
        k = state.knights[ready[0].knight]
        owner = f"@{k.owner} "
        cantrip = "break" if enc.pool.get("cantrip") else None
        for gid in usable_weapons(self.cat, k):
            act = EncounterAttack(knight=k.id, weapon=gid, cantrip=cantrip)
            try:
                self.engine.apply(state, act, self.engine.dice_for(state))
            except (RuleError, ForcedDieError):
                continue
            extra = f" cantrip:{cantrip}" if cantrip else ""
            await self.say(f"{owner}/encounter attack weapon:{gid} knight:{quote_name(k.name)}{extra}")
            return
        await self.say(f"{owner}/encounter help knight:{quote_name(k.name)}")

    async def clash(self, clash_type: str, cut_at_round: int | None) -> None:
        nxt = await self.next_command()
        found = re.search(r"/clash start monster:(\w+) level:(\d+) type:(\w+)", nxt)
        if found is None:
            raise AutoplayError(f"the Expedition does not name the Clash to start: {nxt!r}")
        self.monster, self.level, self.type = found.group(1), int(found.group(2)), found.group(3)
        if self.type != clash_type:
            raise AutoplayError(f"expected the {clash_type} Clash, the Expedition names {nxt!r}")
        self.note(f"The {clash_type.capitalize()} Clash: {self.monster}, level {self.level}, played with natural "
                  "dice by bot/tools/autoplay.py's policy")
        await self.say(found.group(0))
        self.cut_at_round = cut_at_round
        state = await self.rounds()
        assert state.clash is not None
        if state.clash.over != "victory":
            raise AutoplayError(f"the {clash_type} Clash ended in {state.clash.over}")
        self.note(f"The Clash is over: victory (Wound Stack {state.clash.wounds()}/{state.clash.wounds_needed}). "
                  "The GM closes it; the Aftermath runs.")
        end = await self.say("/clash end")
        if "/spoils scavenge" in end.text:
            # the Victorious Search's Scavenge 3: its types are the players' choice (here Kingdom Gear, then Upgrades)
            kind = "kingdom_gear" if clash_type == "exhibition" else "upgrade"
            self.note("The Victorious Search's Scavenge 3, as the Aftermath names it (the players choose the type)")
            await self.say(f'/spoils scavenge count:3 type:{kind} reason:"{clash_type} Clash: Victorious Search"')

    async def before_round(self, state: CampaignState) -> CampaignState:
        """The first file ends before the Monster Round ``cut_at_round`` of the Clash that holds the cut."""
        clash = state.clash
        assert clash is not None
        if self.cut_at_round is not None and self.cut is None and clash.flow.round == self.cut_at_round \
                and clash.flow.phase == "monster":
            await self.do_cut()
            return await self.state()
        return state

    async def spoils(self) -> None:
        self.note("Oriel's Free Roam paragraph reports a success (the players read it): two Loot cards for Oriel")
        await self.say("@oriel /expedition resolve knight:Oriel outcome:success")
        await self.say("/expedition resolve")
        state = await self.state()
        exp = state.expedition
        assert exp is not None
        owners = {name: user for user, _, name in PARTY}
        order = [(k.id, k.name) for k in state.knights.values() if k.name in owners]
        data = (await self.say("/spoils status")).data["spoils"]
        for kid, name in order:
            for _ in range(int(data["share_sizes"].get(kid, 1))):
                if not data["common_goods"]:
                    break
                card = data["common_goods"][0]
                data = (await self.say(f"@{owners[name]} /spoils take card:{card}")).data["spoils"]
        names = {kid: name for kid, name in order}
        first = data["shares"][order[0][0]][0]
        await self.say(f"@{owners[order[0][1]]} /spoils exchange card:{first} for:gold")
        while data["common_goods"]:
            turn = data["scrap_turn"]
            card = data["common_goods"][0]
            data = (await self.say(
                f"@{owners[names[turn]]} /spoils scrap card:{card} knight:{quote_name(names[turn])}"))\
                .data["spoils"]
        await self.say("/spoils done")


def _least_threat(pending: dict[str, Any]) -> str:
    """The Travel option with the least Threat gained (then the least Time), never the Deep Fog when a path is open."""
    def cost(i: int) -> tuple[int, int, int, int]:
        option, helps = pending["options"][i], pending["helps"][i]
        threat = re.search(r"Threat \+(-?\d+)", helps)
        time = re.search(r"Time (\d+)", helps)
        explore = "explore" in pending["labels"][i]
        return (option.startswith("fog:"), (int(threat.group(1)) if threat else 0) + (0 if explore else 1),
                int(time.group(1)) if time else 0, i)
    return str(pending["options"][min(range(len(pending["options"])), key=cost)])


def _inv(line: str) -> Any:
    from bot.console.runner import invocation
    return invocation("gm", line)


async def generate(seed: int = SEED, catalogue: Catalogue | None = None) -> tuple[list[str], list[str], dict[str, Any]]:
    """Play the Expedition on a temporary database; returns the two halves' lines and the last status data."""
    cat = catalogue or load_catalogue()
    with tempfile.TemporaryDirectory(prefix="kfgm-expedition-") as tmp:
        path = str(Path(tmp) / "expedition.sqlite3")

        async def open_app() -> App:
            return App(await Database.open(path), cat, build_registry(), seed=seed, image_dir=Path(tmp) / "images")

        async def reopen(app: App) -> App:
            await app.db.close()
            return await open_app()

        player = ExpeditionPlay(await open_app(), seed, reopen)
        try:
            try:
                status = await player.play_expedition()
            except AutoplayError as exc:
                tail = "\n".join(player.lines[-20:])
                raise AutoplayError(f"{exc}\n--- the last lines typed ---\n{tail}") from None
        finally:
            await player.app.db.close()
        assert player.cut is not None
        header = [f"# The second half of the whole Expedition: run it after {NAMES[0]} on the same database, in a new "
                  "process.", *player.lines[1:4], f"# seed: {seed}"]
        return player.lines[:player.cut], header + player.lines[player.cut:], status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.tools.expedition_script", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="tests/scripts/expedition", help="the folder of the two scripts")
    parser.add_argument("--seed", type=int, default=SEED, help="the dice seed (replay with kfgm play --seed N)")
    args = parser.parse_args(argv)
    try:
        first, second, status = asyncio.run(generate(args.seed))
    except AutoplayError as exc:
        print(f"expedition_script failed: {exc}", file=sys.stderr)
        return 1
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, lines in zip(NAMES, (first, second), strict=True):
        (out / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{out / name}: {len(lines)} lines", file=sys.stderr)
    print(f"phase {status['expedition']['phase']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
