"""Technique cards: costs, Exert, Depletion and the Refresh step."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.knights import techniques as tq
from tests.knights._support import CAT, knight


def test_use_pays_the_cost_and_depletes() -> None:
    """Rulebook (line 420): When you use a Technique, you must first pay its cost. Then, resolve its main effect
    and Deplete the card from your hand (see Depletion, p. 23).
    """
    k = knight()
    tq.use(CAT, k, "lanternbearer_t_psalm", "clash")  # +2 Heat, Delay
    assert k.stats.heat == 2 and k.board.techniques["lanternbearer_t_psalm"] == "delay"
    with pytest.raises(RuleError, match="not in"):
        tq.use(CAT, k, "lanternbearer_t_psalm", "clash")
    tq.use(CAT, k, "lanternbearer_t_brand", "clash")  # +1 Heat: 3, the Heat Limit
    with pytest.raises(RuleError, match="Heat Limit"):
        tq.use(CAT, k, "lanternbearer_t_ward", "clash")  # +1 Heat would exceed it: a cost cannot


def test_exert_ignores_the_cost() -> None:
    """Rulebook (line 422): When you play a Clash Technique card, you can use the Exert effect INSTEAD of the
    card's normal effect. If you do, IGNORE the Technique cost, and simply Deplete the card according to the
    symbol right below the exert effect.
    """
    k = knight()
    tq.use(CAT, k, "lanternbearer_t_psalm", "exert")
    assert k.stats.heat == 0 and k.board.techniques["lanternbearer_t_psalm"] == "delay"


def test_refresh_step() -> None:
    """Rulebook (line 1259): First, lower your current Heat by the amount equal to your Knight's Heat Refresh
    rate. Then, return to your hand X Technique cards from the Cooldown area of your Knight Board, where X is
    your Knight's Card Refresh rate. Finally, move all cards from the Delay area of your Knight Board to your
    Cooldown area.
    """
    k = knight()  # Pilgrim: Card Refresh 2, Heat Refresh 2
    for t in ("lanternbearer_t_kindle", "lanternbearer_t_brand", "lanternbearer_t_ward"):
        k.board.techniques[t] = "cooldown"
    k.board.techniques["lanternbearer_t_psalm"] = "delay"
    k.stats.heat = 3
    with pytest.raises(RuleError, match="choose which"):
        tq.refresh(CAT, k, [])
    tq.refresh(CAT, k, ["lanternbearer_t_kindle", "lanternbearer_t_brand"])
    assert k.stats.heat == 1
    zones = k.board.techniques
    assert zones["lanternbearer_t_kindle"] == zones["lanternbearer_t_brand"] == "hand"
    assert zones["lanternbearer_t_ward"] == zones["lanternbearer_t_psalm"] == "cooldown"


def test_instant_cards_return_at_the_end_of_the_round() -> None:
    """Rulebook (line 557): When you use a Technique with an Instant Depletion, it returns to your hand at the
    end of the current Round (Knight, Monster, or Delve Round).
    """
    k = knight()
    tq.use(CAT, k, "lanternbearer_t_flare", "delve")
    assert k.board.techniques["lanternbearer_t_flare"] == "instant"
    tq.end_of_round(k)
    assert k.board.techniques["lanternbearer_t_flare"] == "hand"
