"""Conditions and Peril Checks printed on Delve cards outside an Encounter (rules/delve/peril.py)."""

from __future__ import annotations

from bot.narration.registry import carried
from content.schema.kingdom import Printed
from rules.delve import exploration as ex
from rules.dice import Dice
from rules.knights import statistics as st
from rules.knights.actions import KnightCreate
from rules.state import CampaignState
from tests.delve._support import CATALOGUE, ENGINE, KINGDOM, started


def _party() -> tuple[CampaignState, str]:
    state = started()
    state = ENGINE.apply(state, KnightCreate(content="lanternbearer", name="Ser Sonch", owner="kara"),
                         Dice(seed=9)).state
    return state, next(iter(state.knights))


def _printed(*effects: dict[str, object]) -> Printed:
    return Printed.model_validate({"text": "a Delve card", "effects": list(effects)})


def _vigor_at(state: CampaignState, kid: str, threshold: str) -> int:
    k = state.knights[kid]
    for vigor in range(k.stats.vigor, 0, -1):
        k.stats.vigor = vigor
        if st.peril(CATALOGUE, k) == threshold:
            return vigor
    raise AssertionError(threshold)


def test_a_delve_card_condition_is_gained_outside_a_clash() -> None:
    """Rulebook (line 1515): Various effects (like Mortis cards or Monster Attacks) cause Knights to gain cards that
    apply additional negative or positive effects. When you gain a Condition card, place it next to your Knight
    Board. Some Conditions may also require you to gain Condition tokens. These are always placed on the
    corresponding Condition card. All Condition tokens are represented by Generic tokens (gray). All Conditions are
    discarded during Clash Aftermath. If you gain a Condition card outside of Clash, it remains active until the end
    of the next Clash.
    """
    state, kid = _party()
    printed = _printed({"type": "gain_condition", "condition": "condition_ashen_lungs"})
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, printed, knights=[kid], who="the Party Leader",
                                dice=Dice(seed=2), source="a test card")
    assert state.clash is None
    assert "Ashen Lungs" in state.knights[kid].stats.conditions, texts
    assert "condition_ashen_lungs" in state.decks["condition"].held
    assert any("Ser Sonch gains the Condition **Ashen Lungs**" in carried(t) for t in texts)  # its words, as told
    assert not any(carried(t).startswith("✋") for t in texts)
    again, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, printed, knights=[kid], who="the Party Leader",
                                dice=Dice(seed=2))
    assert any("cannot be gained twice" in carried(t) for t in again)
    # the top Condition card when none is named
    top = state.decks["condition"].draw[0]
    ex.apply_effects(CATALOGUE, KINGDOM, state, _printed({"type": "gain_condition"}), knights=[kid],
                     who="the Party Leader", dice=Dice(seed=2))
    assert top in state.decks["condition"].held
    # without dice (a caller that cannot roll) it stays by hand
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, printed, knights=[kid], who="the Party Leader", dice=None)
    assert any("✋" in carried(t) and "Condition" in carried(t) for t in texts)


def test_a_delve_card_peril_check_draws_the_mortis_of_the_threshold() -> None:
    """Rulebook (line 1195): Some game effects may also specifically instruct you to resolve a Peril Check, in which
    case you should draw a Mortis card corresponding to your current Peril threshold.

    Rulebook (line 1200): When you are instructed to draw a Mortis card by, for example, encountering a Peril Check,
    consult your Peril Arc (see Peril Arcs, p. 18), and draw a card from the Mortis deck of a severity that
    corresponds to your current Peril Threshold: Minor, Major, Grave, or Judicium.
    """
    state, kid = _party()
    _vigor_at(state, kid, "minor")
    top = state.decks["minor_mortis"].draw[0]
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, _printed({"type": "peril_check"}), knights=[kid],
                                who="the Party Leader", dice=Dice(seed=2), source="a test card")
    assert any("Peril Check (Minor): Ser Sonch draws" in carried(t) for t in texts), texts
    assert state.decks["minor_mortis"].draw[0] != top  # drawn, then placed at the bottom
    # at 0 Vigor the Peril Check is a Judicium; its Massive Peril cards are taken out again
    state, kid = _party()
    state.knights[kid].stats.vigor = 0
    judicium = list(state.decks["judicium"].draw + state.decks["judicium"].discard)
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, _printed({"type": "peril_check"}), knights=[kid],
                                who="the Party Leader", dice=Dice(seed=2))
    assert any("Judicium" in carried(t) and "draws" in carried(t) for t in texts), texts
    assert sorted(state.decks["judicium"].draw + state.decks["judicium"].discard) == sorted(judicium)


def test_an_uninjured_knight_draws_nothing_and_two_checks_are_one() -> None:
    """Rulebook (line 1197): Some game effects may instruct you to perform a Peril Check in addition to those already
    included in the current action. In such cases always resolve only one Peril Check.

    Rulebook (line 415): Whenever you are instructed to perform a Peril Check, check your current Vigor. If the
    threshold is other than Uninjured, draw a Mortis or Judicium card of the corresponding threshold based on this
    table (see Peril Check, p. 53).
    """
    state, kid = _party()
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, _printed({"type": "peril_check"}), knights=[kid],
                                who="the Party Leader", dice=Dice(seed=2))
    assert any("is Uninjured — no Mortis card" in carried(t) for t in texts), texts
    _vigor_at(state, kid, "minor")
    texts, _ = ex.apply_effects(CATALOGUE, KINGDOM, state, _printed({"type": "peril_check"}, {"type": "peril_check"}),
                                knights=[kid], who="the Party Leader", dice=Dice(seed=2))
    told = [carried(t) for t in texts]
    assert sum("draws" in t for t in told) == 1 and any("only one is resolved" in t for t in told), texts
