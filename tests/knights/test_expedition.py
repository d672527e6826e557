"""Around an Expedition: the Loadout lock, Bane on the sheet, Clash Aftermath, Conditions, Modifier tokens."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.knights import expedition as ex
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights import techniques as tq
from tests.knights._support import CAT, knight


def test_loadout_is_locked_from_delve_to_spoils() -> None:
    """Rulebook (line 700): A Loadout remains fixed until you return from an Expedition. In other words, once you
    begin the Delve Phase, you won't be able to change your Loadout until the Spoils Phase.

    Rulebook (line 350): When you embark on your next Expedition, set your Bane to the amount noted here
    """
    k = knight("ashgrove")
    k.sheet.bane = 2
    ex.start(CAT, k)
    assert k.stats.bane == 2 and k.locked
    with pytest.raises(RuleError, match="Spoils Phase"):
        lo.equip(CAT, k, ["gear_hunting_bow"], knighves=False)
    st.change_bane(CAT, k, 1)
    ex.spoils(CAT, k)
    assert not k.locked and k.sheet.bane == 3
    # Consumables return to the Merchant deck at the start of the Spoils Phase
    assert all(e.gear != "gear_tinderbox" for e in k.loadout)
    lo.equip(CAT, k, ["gear_hunting_bow"], knighves=False)


def test_clash_aftermath() -> None:
    """Rulebook (line 1469): - Deaths: If any Knight is dead, they are resurrected with maximum Vigor.

    Rulebook (line 1473): - Bane: Each Knight discards 2 Bane tokens.
    """
    k = knight()
    st.change_bane(CAT, k, 5)
    st.change_bane(CAT, k, 1)
    assert k.dead
    tq.use(CAT, k, "lanternbearer_t_psalm", "exert")
    ex.condition(k, "Opened Vein", "gain")
    ex.modifier(k, "speed", -1)
    lo.gear_action(CAT, k, "gear_pilgrims_mace", "exhaust")
    ex.aftermath(CAT, k)
    assert not k.dead and k.stats.vigor == 12 and k.stats.bane == 3
    assert set(k.board.techniques.values()) == {"hand"}
    assert k.stats.conditions == [] and k.stats.modifiers == {}
    assert not any(e.exhausted for e in k.loadout)


def test_conditions_cannot_be_gained_twice() -> None:
    """Rulebook (line 1516): You cannot gain the same Condition card if you already have it
    """
    k = knight()
    ex.condition(k, "Opened Vein", "gain")
    ex.condition(k, "Opened Vein", "gain")
    assert k.stats.conditions == ["Opened Vein"]
    ex.condition(k, "Opened Vein", "discard")
    with pytest.raises(RuleError):
        ex.condition(k, "Opened Vein", "discard")


def test_modifier_tokens_stack() -> None:
    """Rulebook (line 1524): Modifier tokens are double-sided: each negative Modifier token changes the attribute
    by -1, whereas a positive Modifier token changes it by +1.
    """
    k = knight()
    ex.modifier(k, "precision", -3)
    ex.modifier(k, "precision", 1)
    assert k.stats.modifiers == {"precision": -2}
    ex.modifier(k, "precision", 2)
    assert k.stats.modifiers == {}
