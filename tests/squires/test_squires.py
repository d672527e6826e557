"""Squires and the Mettle deck (docs/squires.md). Mettle decks are stacked in the state to pin the cards."""

from __future__ import annotations

from typing import Any

import pytest

import rules  # noqa: F401  (registers the handlers)
from rules.engine import Engine
from rules.errors import RuleError
from rules.squires import actions as a
from rules.state import CampaignState, DeckState
from tests.conftest import CATALOGUE, Table

MD = "starter_mettle"


def _setup(cards: list[str], discard: list[str] | None = None) -> tuple[Engine, CampaignState]:
    engine = Engine(CATALOGUE)
    state, dice = engine.new_state("t", 1)
    state = engine.apply(state, a.SquireAdd(content="squire_tamsin", name="Tam", owner="kara"), dice).state
    state.decks[MD] = DeckState(draw=cards, discard=discard or [])
    return engine, state


def _draw(engine: Engine, state: CampaignState, **kw: Any) -> Any:
    return engine.apply(state, a.SquireDraw(squire="tam", **kw), engine.dice_for(state))


def test_seven_evasion_dice_draw_three_mettle_cards() -> None:
    """Rulebook (line 1779): - If the total number of Evasion dice on the attack is 7 or more, draw two additional cards instead."""
    engine, state = _setup(["mettle_errant_dodge", "mettle_historic_tale", "mettle_mystic_shiver", "mettle_martial_grit"])
    result = _draw(engine, state, kind="evasion", dice=7, difficulty=6, hits=8)
    assert [c["id"] for c in result.data["cards"]] == ["mettle_errant_dodge", "mettle_historic_tale",
                                                        "mettle_mystic_shiver"]
    assert result.data["outcome"]["evaded"] == 6
    assert result.data["outcome"]["not_evaded"] == 2


@pytest.mark.parametrize(("dice", "count"), [(4, 1), (5, 2), (6, 2), (7, 3), (9, 3)])
def test_five_evasion_dice_draw_one_additional_card(dice: int, count: int) -> None:
    """Rulebook (line 1778): - If the total number of Evasion dice on the attack is 5 or more, draw an additional card."""
    engine, state = _setup(["mettle_errant_dodge"] * 0 + [
        "mettle_errant_dodge", "mettle_historic_tale", "mettle_mystic_shiver", "mettle_martial_grit"])
    assert len(_draw(engine, state, kind="evasion", dice=dice).data["cards"]) == count


def test_difficulty_eleven_lowers_hits_evaded_but_not_below_one() -> None:
    """Rulebook (line 1780): - If the Evasion Difficulty is 11+, subtract 1 from the Hits Evaded value, to a minimum of 1."""
    engine, state = _setup(["mettle_errant_dodge", "mettle_martial_grit", "mettle_martial_swing"])
    result = _draw(engine, state, kind="evasion", dice=5, difficulty=11)
    assert result.data["outcome"]["values"] == [1, 1]  # 2 -> 1, 1 stays 1
    result = _draw(engine, result.state, kind="evasion", dice=2, difficulty=10)
    assert result.data["outcome"]["values"] == [0]  # Wild Swing shows 0; below 11 nothing changes


def test_critical_chance_on_evasion_is_a_crit_evade() -> None:
    """Rulebook (line 1782): - If you drew the "Critical Chance" card, treat it as Crit Evade."""
    engine, state = _setup(["mettle_martial_swing", "mettle_critical_chance"])
    result = _draw(engine, state, kind="evasion", dice=5, hits=5)
    assert result.data["outcome"]["result"] == "crit_evade"
    assert result.data["outcome"]["not_evaded"] == 0


def test_attack_roll_compares_the_roll_with_to_hit() -> None:
    """Rulebook (line 1787): Attack Roll. In order to perform an Attack Roll as a Squire, draw a Mettle card. The Roll result is the Precision of your roll.
    Rulebook (line 1789): You may also spend a Clue token from the Squire's Clue card corresponding to the symbol on the Squire Mettle card to gain its Precision bonus. Compare your Precision from the drawn Mettle card and other Precision bonuses (such as Opening tokens) with the Monster's To Hit value. If it is equal to or higher than that value, you hit. If it is less, treat it as a Full Miss."""
    engine, state = _setup(["mettle_historic_drill", "mettle_historic_drill", "mettle_historic_drill"])
    assert _draw(engine, state, kind="attack", to_hit=6).data["outcome"]["result"] == "hit"  # Roll 6
    assert _draw(engine, state, kind="attack", to_hit=7).data["outcome"]["result"] == "full_miss"
    assert _draw(engine, state, kind="attack", to_hit=7, precision=1).data["outcome"]["result"] == "hit"
    state.squires["tam"].clues["historic"] = 1
    result = _draw(engine, state, kind="attack", to_hit=7, clue=True)
    assert result.data["outcome"]["result"] == "hit" and result.data["outcome"]["spent_clue"] == "historic"
    assert result.state.squires["tam"].clues["historic"] == 0


def test_critical_chance_attack_is_a_full_hit_and_critical_miss_a_critical_miss() -> None:
    """Rulebook (line 1790): If you drew the "Critical Chance" card, gain Critical Chance for this Attack; it is an automatic Full Hit. If you drew the "Critical Miss" card, it is a Critical Miss."""
    engine, state = _setup(["mettle_critical_chance", "mettle_critical_miss"])
    result = _draw(engine, state, kind="attack", to_hit=20)
    assert result.data["outcome"]["result"] == "full_hit"
    result = _draw(engine, result.state, kind="attack", to_hit=1)  # the Critical Chance reshuffles first
    assert result.data["outcome"]["result"] in ("critical_miss", "full_hit")


def test_power_roll_uses_power_and_potential_and_critical_miss_fails() -> None:
    """Rulebook (line 1791): Power Roll. To perform a Power Roll, draw a Mettle card and refer to its Power and Potential values.
    Rulebook (line 1794): - If you drew a "Critical Miss" card, consider it an automatic Fail."""
    engine, state = _setup(["mettle_martial_swing", "mettle_critical_miss"])
    result = _draw(engine, state, kind="power")
    assert (result.data["outcome"]["power"], result.data["outcome"]["potential"]) == (5, 0)
    result = _draw(engine, result.state, kind="power")
    assert result.data["outcome"]["result"] == "fail"


def test_power_clue_spends_for_the_power_bonus() -> None:
    """Rulebook (line 1797): You may also spend a Clue token from the Squire's Clue card corresponding to the symbol on the Squire Mettle card to gain its Power bonus."""
    engine, state = _setup(["mettle_martial_swing"])
    state.squires["tam"].clues["martial"] = 1
    result = _draw(engine, state, kind="power", clue=True)
    assert result.data["outcome"]["power"] == 7 and result.state.squires["tam"].clues["martial"] == 0


def test_tests_use_the_roll_and_the_critical_cards() -> None:
    """Rulebook (line 1799): Whenever a Squire would perform a test, draw a card from the Mettle deck. The Roll value is your result. The "Critical Chance" card is an automatic success, while the "Critical Miss" card is an automatic fail."""
    engine, state = _setup(["mettle_errant_dodge", "mettle_errant_dodge", "mettle_critical_miss"])
    assert _draw(engine, state, kind="test", difficulty=5).data["outcome"]["result"] == "success"
    assert _draw(engine, state, kind="test", difficulty=6).data["outcome"]["result"] == "fail"
    engine, state = _setup(["mettle_critical_chance"])
    assert _draw(engine, state, kind="test", difficulty=20).data["outcome"]["result"] == "success"
    engine, state = _setup(["mettle_critical_miss"])
    assert _draw(engine, state, kind="test", difficulty=1).data["outcome"]["result"] == "fail"


def test_redraw_costs_one_heat_and_the_new_result_must_be_accepted() -> None:
    """Rulebook (line 1788): You may gain +1 Heat to discard the result and draw another card. If you do, you must accept the new result. If you have an effect that would grant you Attack Re-rolls, you may do this without gaining Heat."""
    engine, state = _setup(["mettle_martial_swing", "mettle_mystic_omen", "mettle_errant_dodge"])
    state = _draw(engine, state, kind="attack", to_hit=8).state
    result = engine.apply(state, a.SquireRedraw(squire="tam"), engine.dice_for(state))
    assert result.data["outcome"]["result"] == "hit" and result.state.squires["tam"].heat == 1
    with pytest.raises(RuleError, match="accept the new result"):
        engine.apply(result.state, a.SquireRedraw(squire="tam"), engine.dice_for(result.state))
    state = _draw(engine, result.state, kind="test", difficulty=3).state
    state = engine.apply(state, a.SquireRedraw(squire="tam", free=True), engine.dice_for(state)).state
    assert state.squires["tam"].heat == 1


def test_redraw_is_refused_beyond_the_heat_limit() -> None:
    """Rulebook (line 1781): - The Squire may gain +1 Heat to discard the result and draw another card. If you have an effect that would grant you Evasion Re-rolls, you may do this without gaining Heat."""
    engine, state = _setup(["mettle_martial_swing", "mettle_mystic_omen", "mettle_errant_dodge"])
    state.squires["tam"].heat = 4  # Tamsin's Heat Limit
    state = _draw(engine, state, kind="evasion").state
    with pytest.raises(RuleError, match="Heat Limit"):
        engine.apply(state, a.SquireRedraw(squire="tam"), engine.dice_for(state))
    state = engine.apply(state, a.SquireRedraw(squire="tam", free=True), engine.dice_for(state)).state
    assert state.squires["tam"].last_draw is not None and state.squires["tam"].last_draw.cards == ["mettle_mystic_omen"]


def test_a_critical_card_in_the_discard_pile_reshuffles_after_the_action() -> None:
    """Rulebook (line 1760): After you resolve a Mettle card, discard it. After you fully resolve the current Action, if there is a Critical Chance or Critical Miss card in the discard pile, shuffle the Mettle discard pile into a new Mettle deck."""
    engine, state = _setup(["mettle_critical_chance", "mettle_martial_swing", "mettle_errant_dodge"])
    state = _draw(engine, state, kind="attack", to_hit=5).state
    state = _draw(engine, state, kind="power").state  # the same Action: no reshuffle yet
    assert state.decks[MD].discard == ["mettle_critical_chance", "mettle_martial_swing"]
    state = _draw(engine, state, kind="test", difficulty=5).state  # a new Action: reshuffled first
    pile = state.decks[MD]
    assert len(pile.discard) == 1 and len(pile.draw) == 2
    assert sorted([*pile.draw, *pile.discard]) == sorted(
        ["mettle_critical_chance", "mettle_martial_swing", "mettle_errant_dodge"])


def test_squire_card_statistics_and_heat_limit() -> None:
    """Rulebook (line 1747): - Heat Limit: The maximum Heat a Squire can reach."""
    engine, state = _setup([])
    result = engine.apply(state, a.SquireStat(squire="tam", stat="heat", change=6), engine.dice_for(state))
    tam = result.state.squires["tam"]
    assert tam.heat == 4 and tam.vigor == 5  # exceeded by 2: lose 2 Vigor, as a Knight
    result = engine.apply(state, a.SquireStat(squire="tam", stat="vigor", change=5), engine.dice_for(state))
    assert result.state.squires["tam"].vigor == 7  # "Vigor: The maximum Vigor of a Squire."


async def test_squire_commands_end_to_end(table: Table) -> None:
    """Rulebook (line 1739): If the game instructs you to roll any dice, instead draw a Mettle card."""
    reply = await table.ok('@kara /squire add squire:squire_wendel name:"Wendel"')
    assert reply.data["squire"]["owner"] == "kara" and reply.data["squire"]["vigor"] == 6
    reply = await table.ok("@kara /squire draw kind:evasion dice:5 difficulty:6")
    assert len(reply.data["cards"]) == 2
    # the draw's words (a fact in the Squire's paragraph, rendered at the edge): Rulebook (line 1782): - If you drew
    # the "Critical Chance" card, treat it as Crit Evade.
    assert reply.text.endswith("from the Mettle deck. **Critical Chance**: treat it as a **Crit Evade**.")
    reply = await table.ok("@kara /squire redraw")
    assert reply.data["squire"]["heat"] == 1 and reply.data["redraws"] == 1
    assert reply.text.endswith("from the Mettle deck. Hits Evaded 1 + 1 = **2**.")
    assert not (await table("@ulfa /squire draw kind:test difficulty:5 name:Wendel")).ok
    state = await table.state()
    assert state["squires"]["wendel"]["heat"] == 1
    assert len(state["decks"][MD]["draw"]) + len(state["decks"][MD]["discard"]) == 10
    reply = await table.ok("/squire show")
    assert [s["name"] for s in reply.data["squires"]] == ["Wendel"]
