"""Bugs found by playing whole Clashes with bot/tools/autoplay.py (tests/clash_commands/test_whole_clash.py), each
pinned by a test that fails without its fix."""

from __future__ import annotations

from typing import Any

from bot.narration import texts
from rules.clash.knight_attack import KnightAttack
from rules.clash.round_handlers import Choose, KnightEndTurn, MonsterRound
from rules.engine import Engine
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table


async def _knights(table: Table, *names: str) -> None:
    boxes = {"Kara": "ashgrove", "Ser Sonch": "lanternbearer", "Isolde": "marrow"}
    for name in names:
        await table.ok(f'@{name.split()[-1].lower()} /knight create knight:{boxes[name]} name:"{name}"')


async def _settle(table: Table) -> None:
    """Answer every Clash question of the Monster Round with Go on, Keep or its first option (a level-1 Boss of the starter pack
    acts twice: its second Activation asks too)."""
    for _ in range(20):
        pending = (await table.state())["clash"]["flow"]["pending"]
        if pending is None:
            return
        keys = [o["key"] for o in pending["options"]]
        key = next((k for k in ("go_on", "keep") if k in keys), keys[0])
        await table.ok(f"/choose decision:{pending['id']} option:{key}")
    raise AssertionError("the Monster Round keeps asking")


def _apply(engine: Engine, state: CampaignState, action: Any) -> Any:
    return engine.apply(state, action, engine.dice_for(state))


async def test_an_ai_zero_card_drawn_again_follows_its_instruction_again(table: Table) -> None:
    """Rulebook (line 958): Each AI 0 card will instruct you on what to do with it once it is resolved.

    Vespers (AI 0, "shuffle into deck") came back to the top of the AI deck: the Monster Round refused to run
    ("the AI 0 card is not the card being resolved") and the Clash could not go on."""
    await _knights(table, "Kara")
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    first = await table.ok("/monster round")
    assert "Vespers is resolved: shuffle into deck" in first.text
    await _settle(table)
    await table.ok("@kara /knight end-turn")
    await table.ok("/clash adjust deck:ai top:abbot_ai_vespers")
    again = await table.ok("/monster round")
    assert "draws the AI card **Vespers** (AI 0)" in again.text
    assert "Vespers is resolved: shuffle into deck" in again.text
    await _settle(table)
    clash = (await table.state())["clash"]
    assert "abbot_ai_vespers" in clash["ai_deck"] and "abbot_ai_vespers" not in clash["ai_discard"]
    assert clash["ai_revealed"] is None and clash["ai_zero"] is None
    assert clash["flow"]["phase"] == "knight"


async def test_a_knight_who_dies_in_their_own_attack_ends_their_turn(table: Table) -> None:
    """Rulebook (line 1480): When a Knight dies, that Knight is removed from the Clash Board and cannot be used in any
    way.

    Rulebook (line 1254): you must completely resolve one Knight turn to start another.

    Kara's Fail Response took her over her Bane Limit; her turn stayed open, so no other Knight could start one."""
    await _knights(table, "Ser Sonch", "Kara")
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    await table.ok("/monster round")
    await _settle(table)
    await table.ok('/clash adjust knight:"Kara" stat:bane value:4')
    engine = Engine(CATALOGUE)
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    for pile in state.clash.bp_escalation.values():  # Burning Psalter: "Fail: gain 1 Bane"
        if "abbot_bp_psalter" in pile:
            pile.remove("abbot_bp_psalter")
    state.clash.bp_deck.insert(0, "abbot_bp_psalter")
    state.forced_dice = [9, 9, 1, 1, 1]  # two hits, then three blank white Power dice: a Fail
    result = _apply(engine, state, KnightAttack(knight="kara", weapon="gear_hunting_bow"))
    text = "\n".join(texts(result.events))
    assert "they die immediately" in text and "Kara ends their turn" in text
    flow = result.state.clash.flow
    assert flow.turn is None and flow.acted == ["kara"] and flow.phase == "knight"
    after = _apply(engine, result.state, KnightEndTurn(knight="ser-sonch"))
    assert after.state.clash.flow.phase == "monster"


async def test_a_judgement_test_re_roll_always_costs_heat(table: Table) -> None:
    """Rulebook (line 1165): Therefore, Vigor loss caused by Judgements cannot be mitigated with an Armor Roll, be
    re-rolled using Evasion Re-rolls, or blocked with the Block keyword.

    The re-roll of a Judgement test was free for a Knight whose Gear gives Evasion Re-rolls, and was narrated as a
    Crit die."""
    await _knights(table, "Ser Sonch")
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    engine = Engine(CATALOGUE)
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    state.clash.ai_zero = None
    state.clash.ai_deck.remove("abbot_ai_ember_homily")
    state.clash.ai_deck.insert(0, "abbot_ai_ember_homily")  # a Judgement: Sagacity 6+
    k = state.knights["ser-sonch"]
    for item in k.sheet.armory:
        if item.gear == "gear_padded_gambeson":
            item.reforged = True  # the Quilted Jack: 1 Evasion Re-roll
    state.forced_dice = [1, 1]
    first = _apply(engine, state, MonsterRound())
    assert first.pending is not None and first.pending.kind == "evasion_reroll"
    after = _apply(engine, first.state, Choose(decision=first.pending.id, options=["1"]))
    text = "\n".join(texts(after.events))
    assert "re-rolls the test: 1 → 1" in text and "Crit" not in text
    assert after.state.knights["ser-sonch"].stats.heat == 1


async def test_a_knocked_down_knight_cannot_attack(table: Table) -> None:
    """Rulebook (line 2002): While you have the Knockdown (falling down) card, you cannot move voluntarily, perform any
    actions, reactions, or free actions, or use Gear abilities or Techniques, unless stated otherwise."""
    await _knights(table, "Kara")
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    await table.ok("/monster round")
    await table.ok("/clash place kind:knight name:Kara space:H5 knocked_down:true")
    refused = await table("@kara /knight attack weapon:gear_hunting_bow")
    assert not refused.ok and "knocked down" in (refused.error or "")
    await table.ok("/clash place kind:knight name:Kara space:H5")
    await table.ok("@kara /knight attack weapon:gear_hunting_bow")


async def test_the_first_ability_window_ends_its_ability_text_with_one_full_stop(table: Table) -> None:
    """Rulebook (line 1331): Activate applicable keywords from your Knight's Heroic Arc, Techniques, Talents, your active
    weapon and any other non-weapon Gear cards equipped on your Knight.

    The Hunting Bow's Nock ("Your next Attack this turn has +1 Precision.") is shown in the First Ability Window as
    printed: the window's line ends with the card's own full stop, not a second one."""
    await _knights(table, "Kara")
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    await table.ok("/monster round")
    reply = await table.ok("@kara /knight attack weapon:gear_hunting_bow")
    window = [line for line in reply.text.splitlines() if line.startswith("✋ First ability window")]
    assert window and window[0].endswith("Nock: Your next Attack this turn has +1 Precision.")
    assert not any(line.endswith("..") for line in reply.text.splitlines())
