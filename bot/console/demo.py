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
        print("\nPlay yourself with `kfgm play` (or `make play`); see docs/commands.md for every command.")
    finally:
        await app.db.close()
    return 0
