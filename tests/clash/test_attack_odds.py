"""/odds weapon: the exact odds of a Knight's Attack in the running Clash (issue #5 "Odds")."""

from __future__ import annotations

from fractions import Fraction

from rules.clash.attack_odds import planned_attack, wound_odds
from rules.odds import attack_odds
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table


async def _clash(table: Table) -> CampaignState:
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/clash start monster:abbot level:2 type:full providence:true")
    return CampaignState.model_validate(await table.state())


async def test_planned_attack_equals_the_plain_odds_with_the_same_numbers(table: Table) -> None:
    """Rulebook (line 1319): Roll a number of d10 Attack dice equal to the Attack dice value of your weapon. Increase
    the result of each Attack die by your weapon's Precision bonus."""
    state = await _clash(table)
    knight = state.board.knights[0].id
    planned = planned_attack(CATALOGUE, state, knight, "gear_pilgrims_mace")
    mace = CATALOGUE.gear["gear_pilgrims_mace"]
    assert planned.plan.dice == mace.attack_dice and planned.plan.to_hit == state.clash.effective_to_hit()
    assert planned.plan.precision == mace.precision
    # the BP card is one of the cards of the level on the deck's back, each equally likely
    clash = state.clash
    level = clash.levels[clash.bp_deck[0]]
    same = [c for c in clash.bp_deck if clash.levels[c] == level]
    assert planned.level == level and sum(planned.ats.values()) == 1
    cards = {c.id: c for c in CATALOGUE.monsters["abbot"].bp_cards}
    expected: dict[int, Fraction] = {}
    for c in same:
        at = cards[c].at + clash.effective_at_bonus()
        expected[at] = expected.get(at, Fraction(0)) + Fraction(1, len(same))
    assert planned.ats == expected
    plain, wound, critical = wound_odds(planned, CATALOGUE.dice)
    by_hand = sum(p * attack_odds(planned.plan.model_copy(update={"at": at}), CATALOGUE.dice).wound
                  for at, p in expected.items())
    assert wound == by_hand and 0 < critical < wound < plain.hit <= 1


async def test_opening_tokens_in_the_pool_raise_the_odds(table: Table) -> None:
    """Rulebook (line 442): - Opening: Each Opening token in the Knight Pool adds +1 to the result of each Attack die
    rolled during an Attack Roll."""
    state = await _clash(table)
    before = (await table.ok("@sonch /odds weapon weapon:gear_pilgrims_mace")).data
    await table.ok("@sonch /pool add token:opening count:2")
    after = (await table.ok("@sonch /odds weapon weapon:gear_pilgrims_mace")).data
    assert after["plan"]["precision"] == before["plan"]["precision"] + 2
    assert Fraction(after["hit"]["fraction"]) > Fraction(before["hit"]["fraction"])
    assert Fraction(after["wound"]["fraction"]) > Fraction(before["wound"]["fraction"])
    assert state.clash is not None


async def test_odds_count_the_precision_the_attack_counts(table: Table) -> None:
    """Rulebook (line 1988): - Hide: If you are not in front of a Monster, you may activate this ability at the end
    of your turn to become Hidden.

    Rulebook (line 1515): Various effects (like Mortis cards or Monster Attacks) cause Knights to gain cards that
    apply additional negative or positive effects. When you gain a Condition card, place it next to your Knight Board.

    /odds weapon counts the Precision with the Attack's own functions (rules/clash/attack_roll.py and the Board's,
    knight_attack.place_precision): Hidden gives +1, Blinding Grime -1."""
    await _clash(table)
    await table.ok('/clash place kind:knight name:"Ser Sonch" space:B4')  # beside the Abbot, not in front
    plain = (await table.ok("@sonch /odds weapon weapon:gear_pilgrims_mace")).data["plan"]["precision"]
    await table.ok("@sonch /knight move to:B3")
    await table.ok("@sonch /knight react source:lanternbearer_t_smoke ability:Hide")
    await table.ok("@sonch /knight end-turn")
    hidden = (await table.ok("@sonch /odds weapon weapon:gear_pilgrims_mace")).data["plan"]["precision"]
    assert hidden == plain + 1
    await table.ok('@sonch /knight condition action:gain card:"Blinding Grime"')
    grimed = (await table.ok("@sonch /odds weapon weapon:gear_pilgrims_mace")).data["plan"]["precision"]
    assert grimed == plain
