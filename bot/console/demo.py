"""``kfgm demo``: an offline scripted session that shows what the bot does, start to finish."""

from __future__ import annotations

import sys

from bot.settings import Settings

DEMO_SCRIPT = """\
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


async def run_demo(settings: Settings) -> int:
    from bot.cli import open_app
    from bot.console.runner import run_lines

    app = await open_app(":memory:", 20261129, settings)
    try:
        print("Kingdoms Forlorn Game Master — offline demo (an in-memory campaign; nothing is saved)\n")
        for line in DEMO_SCRIPT.splitlines():
            if line.startswith("#"):
                print(f"\n{line}")
                continue
            await run_lines(app, [line], sys.stdout, as_json=False)
        print(f"\nPictures are in {settings.image_dir}/. Play yourself with `kfgm play` (or `make play`); "
              "see docs/commands.md for every command.")
    finally:
        await app.db.close()
    return 0
