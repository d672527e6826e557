"""The Knight Board: choosing among unlocked parts, Techniques up to the Hand Limit."""

from __future__ import annotations

import pytest

from bot.narration.registry import carried
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


def test_resource_tokens_are_counted_on_the_board_and_never_below_zero() -> None:
    """Rulebook (line 431): Each Knight may have different rules for Resource token usage, which can be
    found in that Knight's corresponding Knightbook. Generally, Resource tokens can be placed either on the
    Knight Boards or in the Knight Pool, depending on the trigger.

    Rulebook (line 433): Resource tokens are not limited.
    """
    k = knight("marrow", "Dame Isolde")
    isolde = CAT.knights["marrow"]
    assert k.board.resources == {"suture_token": 0}
    assert [carried(x) for x in bd.change_resource(isolde, k, "suture_token", 40)] == ["Suture tokens 0 → **40**."]
    bd.change_resource(isolde, k, "suture_token", -15)
    assert k.board.resources["suture_token"] == 25
    with pytest.raises(RuleError, match="has 25 Suture token"):
        bd.change_resource(isolde, k, "suture_token", -26)
    with pytest.raises(RuleError, match="no Resource token 'ember_token'; theirs are: suture_token"):
        bd.change_resource(isolde, k, "ember_token", 1)
    assert k.board.resources["suture_token"] == 25


async def test_knight_resource_command(table) -> None:  # type: ignore[no-untyped-def]
    await table.ok('@kara /knight create knight:marrow name:"Dame Isolde"')
    reply = await table.ok('@kara /knight resource token:suture_token change:2 reason:"Triage"')
    assert "Suture tokens 0 → **2**" in reply.text
    refused = await table('@sonch /knight resource token:suture_token change:1 name:"Dame Isolde"')
    assert not refused.ok and "only their owner or the GM" in (refused.error or "")
