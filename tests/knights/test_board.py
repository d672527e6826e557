"""The Knight Board: choosing among unlocked parts, Techniques up to the Hand Limit."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.knights import board as bd
from rules.knights import statistics as st
from tests.knights._support import CAT, knight


def test_only_unlocked_parts_can_be_chosen() -> None:
    """Rulebook (line 702): Then, prepare your Knight's Portrait cards, Heroic Arcs, Peril Arcs (see p. 18), and
    all the Talents you've unlocked up to this point and choose one of each (you may mix and match).
    """
    k = knight()
    with pytest.raises(RuleError, match="not an unlocked heroic arc"):
        bd.choose(CAT, k, None, "lanternbearer_arc_pyre", None, None, None)
    bd.unlock(CAT, k, "lanternbearer_arc_pyre")
    bd.choose(CAT, k, "lanternbearer_torchwarden", "lanternbearer_arc_pyre", None, None, None)
    assert (k.board.portrait, k.board.heroic_arc) == ("lanternbearer_torchwarden", "lanternbearer_arc_pyre")
    assert st.bane_limit(CAT, k) == 6


def test_techniques_up_to_the_hand_limit() -> None:
    """Rulebook (line 704): Next, choose a number of Technique cards (from those you've unlocked), up to your
    Knight's Hand Limit.
    """
    k = knight("oriel")  # Bellringer: Hand Limit 6; the Drowned Abbess: 5
    bd.unlock(CAT, k, "oriel_drowned")
    with pytest.raises(RuleError, match="Hand Limit 5"):
        bd.choose(CAT, k, "oriel_drowned", None, None, None, None)
    with pytest.raises(RuleError, match="not unlocked"):
        bd.choose(CAT, k, None, None, None, None, ["oriel_t_requiem"])
    bd.choose(CAT, k, "oriel_drowned", None, None, None, ["oriel_t_toll", "oriel_t_baptism"])
    assert list(k.board.techniques) == ["oriel_t_toll", "oriel_t_baptism"]


def test_a_locked_board_cannot_change() -> None:
    """Rulebook (line 378): Remember: You may freely rearrange your Knight Board at any time outside of the Delve,
    Rest, and Clash Phases, mixing and matching Arcs, Talents, and Techniques to create new builds!
    """
    k = knight()
    k.locked = True
    with pytest.raises(RuleError, match="Expedition"):
        bd.choose(CAT, k, "lanternbearer_torchwarden", None, None, None, None)
