"""Knight Statistics, Hard Limits, Resetting Stats, the tier penalty and Bane, pinned with the rulebook."""

from __future__ import annotations

import pytest

from bot.narration.registry import carried
from rules.errors import RuleError
from rules.facts import unpack
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights.stat_facts import BaneLimitDeath, HeatLimitMoved, JudiciumDue
from tests.knights._support import CAT, knight

# Brannoch's starting Peril Arc "Steady Flame": max Vigor 12; Uninjured 10+ (Heat Limit 3), Minor 7+ (4),
# Major 4+ (5), Grave 1+ (6), Judicium 0 (7).


def test_heat_over_the_heat_limit_is_lost_vigor() -> None:
    """Rulebook (line 397): If any effect would force you to raise your Heat above your Heat Limit, raise your
    Heat to your current limit, then lose Vigor equal to the value by which you exceeded your Heat Limit.

    Heat 3 with Heat Limit 4 gaining +3 Heat ends at Heat 4 and loses 2 Vigor.
    """
    k = knight()
    k.stats.vigor = 9  # Minor: Heat Limit 4
    k.stats.heat = 3
    assert st.heat_limit(CAT, k) == 4
    st.change_heat(CAT, k, 3)
    assert k.stats.heat == 4
    assert k.stats.vigor == 7


def test_heat_gain_that_crosses_a_threshold_keeps_heat_at_the_old_limit() -> None:
    """Rulebook (line 398): Note: If you gain Heat Limit for any reason, do not decrease your Heat!

    The Vigor lost to excess Heat moves Brannoch from Minor to Major (Heat Limit 5): Heat stays 4.
    """
    k = knight()
    k.stats.vigor, k.stats.heat = 7, 4
    st.change_heat(CAT, k, 2)
    assert (k.stats.heat, k.stats.vigor, st.peril(CAT, k), st.heat_limit(CAT, k)) == (4, 5, "major", 5)


def test_passion_gained_at_nine_stays_nine() -> None:
    """Rulebook (line 402): - Passion can never go above "9"; if you're at "9", you may still gain Passion, but
    it is considered to still be "9".
    """
    k = knight()
    st.change_passion(CAT, k, 9)
    st.change_passion(CAT, k, 2)
    assert k.stats.passion == 9


def test_vigor_never_above_its_maximum() -> None:
    """Rulebook (line 400): No amount of gaining Vigor will ever move it past its limit.

    Rulebook (line 404): - Heat can never go above "9"; if you're at "9", you cannot gain more Heat.
    """
    k = knight()
    assert k.stats.vigor == st.max_vigor(CAT, k) == 12
    st.change_vigor(CAT, k, 5)
    assert k.stats.vigor == 12
    k.stats.heat_limit_change = 20
    assert st.heat_limit(CAT, k) == 9
    k.stats.heat = 9
    st.change_heat(CAT, k, 1)
    assert k.stats.heat == 9
    assert k.stats.vigor == 11  # the excess over the (hard) limit is lost Vigor


def test_vigor_can_never_go_above_fifteen() -> None:
    """Rulebook (line 403): - Vigor can never go above "15"; if you're at "15", you cannot gain more Vigor."""
    k = knight()
    st.change_max_vigor(CAT, k, 10)
    assert st.max_vigor(CAT, k) == 15
    st.change_vigor(CAT, k, 10)
    assert k.stats.vigor == 15


def test_lowering_the_maximum_lowers_vigor() -> None:
    """Rulebook (line 400): Raising your maximum Vigor during a Delve or Clash will not automatically raise your
    current Vigor. On the other hand, if your Vigor limit somehow falls below your current Vigor, you need to
    lower Vigor to your new maximum.
    """
    k = knight()
    st.change_max_vigor(CAT, k, -3)
    assert (st.max_vigor(CAT, k), k.stats.vigor) == (9, 9)
    st.change_max_vigor(CAT, k, 2)
    assert (st.max_vigor(CAT, k), k.stats.vigor) == (11, 9)


def test_losing_vigor_into_a_new_peril_threshold_raises_the_heat_limit_and_keeps_heat() -> None:
    """Rulebook (line 399): However, each time your Vigor falls below any of the Peril thresholds, you increase
    your Heat Limit

    Rulebook (line 398): Note: If you gain Heat Limit for any reason, do not decrease your Heat!
    """
    k = knight()
    k.stats.heat = 3
    assert (st.peril(CAT, k), st.heat_limit(CAT, k)) == ("uninjured", 3)
    lines = st.change_vigor(CAT, k, -3)
    assert (k.stats.vigor, st.peril(CAT, k), st.heat_limit(CAT, k), k.stats.heat) == (9, "minor", 4, 3)
    assert HeatLimitMoved(old=3, new=4, heat=3) in [unpack(line) for line in lines]
    assert "Heat Limit 3 → **4** (Heat stays 3)." in [carried(line) for line in lines]


def test_voluntary_heat_cannot_exceed_the_heat_limit() -> None:
    """Rulebook (line 516): - Gaining the specified amount of Heat; this is considered voluntary gain, and you
    cannot pay the cost if it would cause you to exceed your Heat Limit.
    """
    k = knight()
    k.stats.heat = 2
    with pytest.raises(RuleError, match="Heat Limit 3"):
        st.change_heat(CAT, k, 2, voluntary=True)
    st.change_heat(CAT, k, 1, voluntary=True)
    assert k.stats.heat == 3


def test_voluntary_vigor_loss_cannot_drop_below_one() -> None:
    """Rulebook (line 517): - Losing the specified amount of Vigor. This is considered voluntary loss, and you
    cannot pay the cost if it would cause your Vigor to fall below 1.
    """
    k = knight()
    k.stats.vigor = 2
    with pytest.raises(RuleError, match="below 1"):
        st.change_vigor(CAT, k, -2, voluntary=True)
    st.change_vigor(CAT, k, -1, voluntary=True)
    assert k.stats.vigor == 1


def test_falling_to_zero_asks_for_a_judicium_with_the_negative_vigor() -> None:
    """Rulebook (line 1203): When your Vigor drops to 0 or below, you are not immediately killed, but your
    chances of survival reduce drastically. When this happens, leave your Vigor marker at "0"
    """
    k = knight()
    k.stats.vigor = 1
    lines = st.change_vigor(CAT, k, -6)
    assert k.stats.vigor == 0 and st.peril(CAT, k) == "judicium" and not k.dead
    assert JudiciumDue(treated_as=-5, vigor=-5) in [unpack(line) for line in lines]
    assert any("`/deck draw deck:judicium vigor:-5`" in carried(line) for line in lines)


def test_equipping_a_king_tier_card_at_mob_tier_costs_four_maximum_vigor() -> None:
    """Rulebook (line 483): Whenever you equip a card that is of a higher tier than your own, lose -2 maximum
    Vigor per tier of difference (e.g. if your campaign is in the Mob Tier and you want to equip a King Tier
    card, you lose -4 maximum Vigor).
    """
    k = knight()
    lo.armory_add(CAT, k, "gear_kingsfall_halberd", buy=False)
    lo.equip(CAT, k, ["gear_kingsfall_halberd", "gear_padded_gambeson"], knighves=False)
    assert st.tier_penalty(CAT, k) == 4
    assert st.max_vigor(CAT, k) == 8 and k.stats.vigor == 8
    k.sheet.tier = "vassal"
    assert st.tier_penalty(CAT, k) == 2


def test_bane_over_the_limit_kills_without_a_judicium() -> None:
    """Rulebook (line 1519): If, at any point, you would gain Bane tokens that would exceed your Bane Limit,
    don't. Your Knight dies immediately. Do not draw Mortis or Judicium. You simply die.
    """
    k = knight()  # Pilgrim portrait: Bane Limit 5
    st.change_bane(CAT, k, 5)
    assert k.stats.bane == 5 and not k.dead
    lines = st.change_bane(CAT, k, 1)
    assert k.dead and k.stats.bane == 5
    assert k.stats.vigor == 12  # no Judicium, no Vigor loss: simply dead
    assert [unpack(line) for line in lines] == [BaneLimitDeath(knight=k.name, gain=1, old=5, limit=5)]
    with pytest.raises(RuleError, match="dead"):
        st.change_heat(CAT, k, 1)


def test_resetting_stats() -> None:
    """Rulebook (line 406): Whenever you reset a statistic, you should return it to its default value—Passion and
    Heat back to 0, while Vigor to its maximum value denoted on the Peril Arc. All limits return to their
    starting values.
    """
    k = knight()
    k.stats.passion, k.stats.heat, k.stats.vigor, k.stats.heat_limit_change = 5, 4, 3, 2
    st.reset(CAT, k)
    assert (k.stats.passion, k.stats.heat, k.stats.vigor, st.heat_limit(CAT, k)) == (0, 0, 12, 3)


def test_cruelty_lowers_each_heat_gain_by_one() -> None:
    """Rulebook (line 1689): - Cruelty (Might): When you are about to gain Heat, lower that gain by 1 (to a minimum
    of 0).
    """
    k = knight()
    k.sheet.vices["cruelty"] = 1
    st.change_heat(CAT, k, 1)
    assert k.stats.heat == 0
    st.change_heat(CAT, k, 3)
    assert k.stats.heat == 2
