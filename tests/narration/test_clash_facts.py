"""The Clash's Attack steps report facts (rules/rolls/facts.py, rules/clash/attack_facts.py) and bot/narration gives
their words: the replies read as they did before the facts (the words below are the ones the table saw), and the log
keeps the facts next to the words (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from tests.clash.test_clash_play_fixes import _knights, _settle
from tests.conftest import Table
from tests.narration.logged import logged_facts


async def test_an_attack_roll_and_its_heat_re_roll_read_as_before(app: App, table: Table) -> None:
    """Rulebook (line 1329): If you re-roll the Crit die and roll a natural "1" again, resolve any Crit Miss
    effects an additional time."""
    await table.ok("/gm force-next values:1,7,4")
    rolled = await table.ok("@kara /roll attack dice:3 to_hit:6 precision:1")
    assert rolled.text == ("Attack Roll (3 dice vs To Hit 6, Precision +1): Crit 1+1=2, 7+1=8, 4+1=5 — **1 hit**. "
                           "**Crit Miss** (natural 1 on the Crit die): resolve Crit Miss effects, even if the Crit "
                           "die is re-rolled.")
    assert await logged_facts(app, "/roll attack dice:3 to_hit:6 precision:1") == ["crit_pool_rolled"]
    await table.ok("/gm force-next values:1")
    again = await table.ok("@kara /roll reroll dice:1")
    assert again.text == ("Heat re-roll of 1 die (+1 Heat): 1 → 1, 7, 4. Attack Roll (3 dice vs To Hit 6, Precision +1): "
                          "Crit 1+1=2, 7+1=8, 4+1=5 — **1 hit**. **Crit Miss** 2 times (natural 1 on the Crit die): "
                          "resolve Crit Miss effects 2 times, even if the Crit die is re-rolled. The rolling Knight "
                          "gains +1 Heat (mark it on their Knight Board).")
    assert await logged_facts(app, "/roll reroll dice:1") == ["heat_rerolled", "crit_pool_rolled"]
    await table.ok("/gm force-next values:10,6")
    evaded = await table.ok("@kara /roll evasion dice:2 difficulty:6")
    assert evaded.text == ("Evasion Roll (2 dice vs 6+): Crit 10, 6 — **Full Evade**. **Crit Evade** (natural 10 on "
                           "the Crit die): resolve Crit Evade effects.")


async def test_hide_reads_as_before_and_the_log_keeps_its_facts(app: App, table: Table) -> None:
    """Rulebook (line 1988): - Hide: If you are not in front of a Monster, you may activate this ability at the end
    of your turn to become Hidden."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/clash start monster:abbot level:2 type:full providence:true")
    await table.ok('/clash place kind:knight name:"Ser Sonch" space:B4')  # beside the Abbot, not in front
    await table.ok("@sonch /knight move to:B3")
    used = await table.ok("@sonch /knight react source:lanternbearer_t_smoke ability:Hide")
    assert "🫥 Ser Sonch will become **Hidden** when this turn ends, if not in front of a Monster then." in used.text
    ended = await table.ok("@sonch /knight end-turn")
    assert "🫥 Ser Sonch is **Hidden**: +1 Evasion and +1 Precision." in ended.text.splitlines()
    assert "hidden_changed" in await logged_facts(app, "/knight end-turn")
    assert "\x02" not in ended.text


async def _kara_in_range(table: Table) -> None:
    """Kara in the Knight Round of an exhibition Clash against the Cinder Abbot, a few spaces from it: in the
    Hunting Bow's range."""
    await _knights(table, "Kara")
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    await table.ok("/monster round")
    await _settle(table)
    abbot = (await table.state())["board"]["monsters"][0]
    row = "A" if abbot["anchor"][0] >= "D" else "H"
    await table.ok(f"/clash place kind:knight name:Kara space:{row}{abbot['anchor'][1:]}")


async def test_the_bp_card_its_responses_and_the_wound_read_as_before(app: App, table: Table) -> None:
    """Rulebook (line 1381): If you scored a Critical Wound, resolve the Critical (and ignore all other
    Responses)."""
    await _kara_in_range(table)
    await table.ok("/gm force-next values:10,10,3,3,3,3,3,3,3,3")
    attacked = await table.ok("@kara /knight attack weapon:gear_hunting_bow")
    lines = attacked.text.splitlines()
    assert "🃏 BP card drawn from the BP deck: **Cowl Hem** (BP 1, AT 4)." in lines
    assert ("💪 Power Roll: black Power, white Power, white Power, white Power → Total Power **4** vs AT 4: **Critical "
            "Wound**.") in lines
    assert "↩️ Response — Cowl Hem (Critical):" in lines
    assert ("🩸 **Critical Wound**: BP 1 card abbot_bp_cowl_hem goes face up on the Wound Stack: a Single Wound. AI 1 "
            "card abbot_ai_crozier_hook leaves the Clash (from the deck). An AI 2 card is shuffled into the AI deck. A "
            "BP 2 card is shuffled into the BP deck.") in lines
    logged = await logged_facts(app, "/knight attack weapon:gear_hunting_bow")
    assert {"bp_card_revealed", "power_roll_resolved", "response_met", "wound_dealt"} <= set(logged)
    assert "\x02" not in attacked.text


async def test_a_full_miss_with_a_crit_miss_reads_as_before(app: App, table: Table) -> None:
    """Rulebook (line 1321): If you miss with all your Attack dice, it is considered a Full Miss. Go straight to step
    9 (Clear the Knight Pool), without resolving any further Attack steps, then activate all "Full Miss" abilities
    and immediately end the Attack."""
    await _kara_in_range(table)
    await table.ok("/gm force-next values:1,2")
    await table.ok("@kara /knight attack weapon:gear_hunting_bow")
    decision = (await table.state())["clash"]["flow"]["pending"]["id"]  # the Heat re-roll offered: kept
    kept = await table.ok(f"/choose decision:{decision} option:keep")
    lines = kept.text.splitlines()
    assert "Crit Miss (natural 1 on the Crit die): resolve Crit Miss effects, if any." in lines, lines
    assert "Full Miss: Kara's Attack ends." in lines
    assert {"crit_rolled", "attack_stepped"} <= set(await logged_facts(app, f"/choose decision:{decision} option:keep"))
