"""A Knight's own families report facts (rules/knights/*_facts.py) and bot/narration gives their words: the replies
read as they did before the facts (the words below are the ones the table saw), and the log keeps the facts next to
the words (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from tests.conftest import Table
from tests.narration.logged import logged_facts

SONCH = "**Ser \\*Sonch\\*** — "




async def test_a_knight_s_statistics_read_as_before_and_the_log_keeps_their_facts(app: App, table: Table) -> None:
    """Rulebook (line 397): If any effect would force you to raise your Heat above your Heat Limit, raise your
    Heat to your current limit, then lose Vigor equal to the value by which you exceeded your Heat Limit."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser *Sonch*"')
    lost = await table.ok("@sonch /knight stat stat:vigor change:-3")
    assert lost.text == (SONCH + "Vigor 12 → **9** (maximum 12). Peril threshold: Uninjured → **Minor**. Heat Limit 3 → "
                         "**4** (Heat stays 0).")
    await table.ok("@sonch /knight stat stat:heat change:3")
    over = await table.ok("@sonch /knight stat stat:heat change:3")
    assert over.text == (SONCH + "Heat 3 → **4** (Heat Limit 4). It exceeded the Heat Limit by 2: lose 2 Vigor. Vigor 9 "
                         "→ **7** (maximum 12).")
    assert {"stat_changed", "heat_limit_exceeded"} <= set(await logged_facts(app, "/knight stat stat:heat change:3"))
    fell = await table.ok("@sonch /knight stat stat:vigor change:-20")
    assert fell.text == (SONCH + "Vigor 7 → **0** (maximum 12). Vigor fell to 0 (treated as -13 for this Peril Check): "
                         "draw a Judicium — `/deck draw deck:judicium vigor:-13`. Peril threshold: Minor → "
                         "**Judicium**. Heat Limit 4 → **7** (Heat stays 4).")
    assert "judicium_due" in await logged_facts(app, "/knight stat stat:vigor change:-20")
    assert "\x02" not in fell.text and "\x02" not in str((await table.ok("/gm log count:3")).data)


async def test_the_loadout_and_the_techniques_read_as_before(app: App, table: Table) -> None:
    """Rulebook (line 422): When you play a Clash Technique card, you can use the Exert effect INSTEAD of the card's
    normal effect. If you do, IGNORE the Technique cost, and simply Deplete the card according to the symbol right
    below the exert effect."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser *Sonch*"')
    equipped = await table.ok("@sonch /knight loadout gear:gear_padded_gambeson knighves:true")
    assert equipped.text == SONCH + "Loadout: Padded Gambeson. Knighves in 2 free hands."
    assert {"loadout_set", "knighves_equipped"} <= set(
        await logged_facts(app, "/knight loadout gear:gear_padded_gambeson knighves:true"))
    exerted = await table.ok("@sonch /knight technique action:exert technique:lanternbearer_t_kindle")
    assert exerted.text == SONCH + "Exert **Kindle**: Fire 1 (cost ignored). Kindle goes to the **Cooldown** area."
    await table.ok("@sonch /knight technique action:clash technique:lanternbearer_t_brand")
    refreshed = await table.ok("@sonch /knight technique action:refresh")
    assert refreshed.text == (SONCH + "Heat 1 → **0**. Refresh: to the hand lanternbearer_t_kindle, "
                              "lanternbearer_t_brand; Delay → Cooldown: nothing.")
    assert {"stat_changed", "techniques_refreshed"} <= set(await logged_facts(app, "/knight technique action:refresh"))


async def test_the_keywords_that_change_what_a_knight_holds_read_as_before(app: App, table: Table) -> None:
    """Rulebook (line 2037): - Toxify X: If you don't have the Toxified or Poisoned Condition card, gain the Toxified
    Condition card. If you already have the Poisoned Condition card, flip it."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser *Sonch*"')
    await table.ok("@sonch /keyword apply keyword:poison value:2")
    flipped = await table.ok("@sonch /keyword apply keyword:toxify value:1")
    assert flipped.text.startswith("Ser \\*Sonch\\*: Ser \\*Sonch\\* flips Poisoned to Toxified (its 2 Poison tokens "
                                   "stay on it). **Toxified**: The venom has reached your heart")
    assert flipped.text.endswith(" 1 Poison token placed on Toxified (2 → **3**).")
    assert {"poisoned_flipped", "condition_shown", "condition_tokens_placed"} <= set(
        await logged_facts(app, "/keyword apply keyword:toxify value:1"))
    dead = await table.ok("@sonch /keyword apply keyword:bane value:9")
    assert dead.text == ("Ser \\*Sonch\\*: ☠️ Ser \\*Sonch\\* would gain 9 Bane (0 + 9 > Bane Limit 5): they do not "
                         "gain it — **they die immediately**. No Mortis, no Judicium.")
    assert (await table.state())["knights"]["ser-sonch"]["dead"] is True
