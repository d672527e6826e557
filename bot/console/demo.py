"""``kfgm demo``: the table's tools, then a whole scripted Expedition with the starter pack, offline.

Part 1 (``TOUR_SCRIPT``) shows the dice, the decks, the GM's override and undo, a Knight, the Clash Board, odds, a
Delve and a Monster Round in an in-memory campaign. Part 2 plays the two committed halves of the whole-Expedition
script (tests/scripts/expedition/whole_expedition_1.txt and _2.txt, written by bot/tools/expedition_script.py;
docs/expedition.md, "A whole Expedition") on a temporary SQLite database, closing the App between the halves and
opening a fresh one as a restarted bot would. It prints the narration (the scripts' comments and every reply) and
writes the pictures — the Kingdom map, the Clash Board, the Knight Sheets — to a folder (``--out``; by default a new
temporary folder, whose path it prints): ``tools/`` for part 1, ``expedition/`` for part 2.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import TextIO

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [ROOT / "tests" / "scripts" / "expedition" / f"whole_expedition_{n}.txt" for n in (1, 2)]
TOUR_SEED = 20261129

# Part 1, the table's tools: every kind of roll, Mortis and Judicium draws, GM override and undo, a Knight, the Clash
# Board, odds, a Delve and a Monster Round (an in-memory campaign of its own).
TOUR_SCRIPT = """\
# A GM opens a campaign in the channel; the decks are shuffled.
/campaign new name:"The Ashen Vigil"
# Ser Sonch tests Insight 6+ with Insight +1.
@sonch /roll test difficulty:6 bonus:1
# ...and spends Heat to re-roll the die (tests may be re-rolled with Heat).
@sonch /roll reroll dice:1
# Kara rolls plain d10s, then an Adventure d100 (white tens, black ones).
@kara /roll dice count:3
@kara /roll d100
# A Power Roll beyond the box: 8 red and 4 white dice (limits 7 red, 3 white).
@kara /roll power red:8 white:4
@sonch /roll armor black:2 white:1
# A Curse Save at Curse Level 3 with (Curse Level +2): 5+ succeeds.
/roll save kind:curse level:3 modifier:2
# Peril Checks draw Mortis cards of the Knight's Peril threshold.
@sonch /deck draw deck:minor_mortis
@kara /deck draw deck:grave_mortis
# Kara falls to -6 Vigor: You Died Horribly joins the Judicium deck before the draw.
@kara /deck draw deck:judicium vigor:-6
# A random direction (the Minor Mortis arrow) and a random Knight (lowest d10).
/roll direction
/roll random among:"Ser Sonch,Kara,Ulfa"
# The GM forces the next die openly, and the players see it used.
/gm force-next values:10
@kara /roll test difficulty:9
# A mistake: the GM takes the last action back...
/gm undo
# ...and the same command rolls again (the forced 10 is back in the queue).
@kara /roll test difficulty:9
# The GM amends the last roll to what the physical die showed.
/gm amend-last values:4
# Players cannot use GM powers.
@kara /gm undo
/gm log count:30
# Ser Sonch's player brings a Knight; Heat over the Heat Limit turns into lost Vigor.
@sonch /knight create knight:lanternbearer name:"Ser Sonch"
@sonch /knight stat stat:heat change:5 reason:"Heat re-rolls"
# Only a Knight's owner (or the GM) may change it.
@kara /knight stat stat:vigor change:-1 name:"Ser Sonch"
@sonch /knight sheet
# The GM mirrors the physical Clash Board; anyone can look at it.
/clash place kind:monster name:Eggknight space:C5 size:9 facing:west
/clash place kind:knight name:"Ser Sonch" space:D3
/clash place kind:terrain name:Column space:E2 keywords:Obstacle,Destructible
@kara /clash board highlight:C4,D4,E4
# Exact odds before committing to an attack, and for an Evasion Roll.
@sonch /odds attack dice:3 to_hit:6 precision:1 weapon_power:"red:1" knight_die:black at:4
@sonch /odds evasion dice:2 difficulty:7
# A Delve: the Kingdom track, travel, Clues, the map.
/delve start kingdom:aubrevane
/delve travel direction:north
/delve map
# A Clash: the Monster Round runs every Activation and stops for what the players decide.
@kara /knight create knight:ashgrove name:"Kara"
/clash start monster:abbot level:3 type:full
/clash adjust deck:ai top:abbot_ai_censer_swing
@kara /monster round
# REACT!: Kara's Reflex takes her out of reach before the Censer Swing lands.
@kara /knight react source:ashgrove_t_vanish ability:Reflex to:H4
@kara /choose decision:d1 option:go_on
@kara /choose decision:d2 option:1
@kara /choose decision:d3 option:go_on
# Kara re-rolls the Evasion die that did not evade, for 1 Heat.
@kara /choose decision:d4 option:2
# The Knight Round: Ser Sonch closes in, looks at his exact odds, and attacks.
@sonch /knight move to:G4
@sonch /odds weapon weapon:gear_pilgrims_mace
@sonch /knight attack weapon:gear_pilgrims_mace
@sonch /choose decision:d5 option:keep
@sonch /knight end-turn
@kara /knight end-turn
/clash status
"""

# Pictures shown along the way (they only look: the dice and the state are untouched). Inserted after the first line
# that starts with the key, in each half.
PICTURES: dict[str, list[str]] = {
    "/clash start": ["/clash board"],
    "/clash end": ["/clash board"],
    "/rest": ["/delve map"],
    "/spoils done": ["/delve map", "@sonch /knight sheet", "@oriel /knight sheet"],
}


async def _halves() -> tuple[int, list[list[str]]]:
    """The two halves and the dice seed they name (`# seed: N`)."""
    if all(p.exists() for p in SCRIPTS):
        halves = [p.read_text(encoding="utf-8").splitlines() for p in SCRIPTS]
    else:
        from bot.tools.expedition_script import SEED, generate  # an installed copy without the tests folder

        first, second, _ = await generate(SEED)
        halves = [first, second]
    seed = next(int(x.split(":", 1)[1]) for x in halves[0] if x.startswith("# seed:"))
    return seed, halves


def _with_pictures(lines: list[str]) -> list[str]:
    out: list[str] = []
    for line in lines:
        out.append(line)
        for key, extra in PICTURES.items():
            if line.startswith(key):
                out += extra
    return out


async def _play(app: object, lines: list[str], out: TextIO) -> int:
    from bot.app.service import App
    from bot.console.runner import run_lines

    assert isinstance(app, App)
    failed = 0
    comment = False
    for line in lines:
        if line.startswith("#"):
            print(line if comment else f"\n{line}", file=out)
            comment = True
            continue
        comment = False
        failed += await run_lines(app, [line], out, as_json=False)
    return failed


async def run_demo(settings: Settings, out_dir: str | None = None) -> int:
    from bot.app.commands import build_registry
    from bot.app.service import App
    from content.loader import load_catalogue
    from storage.db import Database

    pictures = Path(out_dir) if out_dir else Path(tempfile.mkdtemp(prefix="kfgm-demo-"))
    pictures.mkdir(parents=True, exist_ok=True)
    catalogue = load_catalogue(settings.content_packs)
    seed, halves = await _halves()
    failed = 0
    print("Kingdoms Forlorn Game Master — offline demo (nothing is saved). Pictures: " f"{pictures}/\n")
    print("=== Part 1: the table's tools (an in-memory campaign) ===")
    tour = App(await Database.open(":memory:"), catalogue, build_registry(), seed=TOUR_SEED,
               image_dir=pictures / "tools")
    try:
        await _play(tour, TOUR_SCRIPT.splitlines(), sys.stdout)  # its refusals are part of the show
    finally:
        await tour.db.close()
    print("\n=== Part 2: a whole Expedition with the starter pack — Vision, Outpost, Delve, Exhibition Clash, Rest, "
          "second Delve, Full Clash, Spoils ===")
    with tempfile.TemporaryDirectory(prefix="kfgm-demo-db-") as tmp:
        db_path = str(Path(tmp) / "demo.sqlite3")
        for number, lines in enumerate(halves, start=1):
            if number > 1:
                print("\n=== The bot restarts: a fresh process opens the same database and the table plays on ===")
            app = App(await Database.open(db_path), catalogue, build_registry(), seed=seed,
                      image_dir=pictures / "expedition")
            try:
                failed += await _play(app, _with_pictures(lines), sys.stdout)
            finally:
                await app.db.close()
    names = sorted(str(p.relative_to(pictures)) for p in pictures.rglob("*.png"))
    print(f"\n{len(names)} picture(s) written to {pictures}/ (tools/: part 1, expedition/: part 2): {', '.join(names)}")
    print("Play yourself with `kfgm play` (or `make play`); see docs/commands.md for every command.")
    if failed:  # part 1 shows refusals on purpose (a player's /gm undo...); part 2 must have none
        print(f"{failed} command(s) of the Expedition were refused.", file=sys.stderr)
        return 1
    return 0
