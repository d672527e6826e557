"""Conditions and Peril Checks printed on Delve cards outside an Encounter (Exploration cards, Points of Interest,
Deep Fog hazards and Grave Penalties, Kingdom Adventures, Campfire Tales): resolved with the Clash's own functions
(rules/clash/harm.py ``gain_condition``, rules/clash/peril.py ``owe_peril_check``/``settle``) on the campaign's
Knights, with no Clash running.

Rulebook (line 1195): "Some game effects may also specifically instruct you to resolve a Peril Check, in which case
you should draw a Mortis card corresponding to your current Peril threshold." (an Encounter is the exception: no
Mortis card there, rules/delve/encounter_effects.py). Rulebook (line 1515): "If you gain a Condition card outside of
Clash, it remains active until the end of the next Clash." One printed effect is one step: a Knight owing two Peril
Checks resolves one ("Multiple Peril Checks"), at the end of the card's effects. The Massive Peril cards a Judicium
adds are taken out again once it is drawn ("discard any additional cards from the Judicium deck after each Clash":
outside a Clash, after the draw; docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from content.loader import Catalogue
from rules.clash import harm, peril
from rules.clash.aftermath import remove_massive_peril
from rules.clash.harm import Harm
from rules.coverage import implements
from rules.delve.contract_facts import MassivePerilRemoved
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import said, sentences
from rules.state import CampaignState

T = "tests/delve/test_delve_peril.py::"


@dataclass
class DelveHarm:
    """The Harm of one printed effect (rules/clash/harm.py), made when it first needs one; ``settle`` ends it."""

    cat: Catalogue
    state: CampaignState
    dice: Dice
    current: Harm | None = None
    told: int = 0

    def step(self) -> Harm:
        if self.current is None:
            self.current = Harm(Engine(self.cat), self.state, self.dice)
        return self.current

    def flush(self) -> list[str]:
        """The narration since the last flush (in card order with the Delve's own sentences)."""
        if self.current is None:
            return []
        lines = self.current.lines[self.told:]
        self.told = len(self.current.lines)
        return sentences(lines)


@implements(
    "Conditions",
    chapter="Clash Phase",
    tests=[T + "test_a_delve_card_condition_is_gained_outside_a_clash"],
    note="a Condition printed on a Delve card (Exploration, Point of Interest, Deep Fog, Adventure, Campfire Tale) "
    "is gained by its Knights through the Condition deck",
)
def gain_condition(dh: DelveHarm, knights: Sequence[str], condition: str | None) -> None:
    """"If you gain a Condition card outside of Clash, it remains active until the end of the next Clash"."""
    h = dh.step()
    for kid in knights:
        k = dh.state.knights.get(kid)
        if k is not None and not k.dead:
            harm.gain_condition(h, k, condition)


@implements(
    "Peril Check",
    tests=[T + "test_a_delve_card_peril_check_draws_the_mortis_of_the_threshold",
           T + "test_an_uninjured_knight_draws_nothing_and_two_checks_are_one"],
    note="a Peril Check printed on a Delve card outside an Encounter draws the Mortis card of the Knight's threshold",
)
def owe_peril_check(dh: DelveHarm, knights: Sequence[str]) -> None:
    """"Some game effects may also specifically instruct you to resolve a Peril Check": owed now, resolved by
    :func:`settle` at the end of the printed effect (only one per Knight)."""
    h = dh.step()
    for kid in knights:
        k = dh.state.knights.get(kid)
        if k is not None and not k.dead:
            peril.owe_peril_check(h, kid)


def settle(dh: DelveHarm) -> list[str]:
    """The end of the printed effect: the Peril Checks owed resolved (a Judicium at 0 Vigor), the Massive Peril
    cards taken out of the Judicium deck again. Returns the narration."""
    h = dh.current
    if h is None:
        return []
    peril.settle(h)
    removed = remove_massive_peril(h.engine, dh.state)
    if removed:
        h.say(said(MassivePerilRemoved(cards=list(removed))))
    lines = dh.flush()
    dh.current, dh.told = None, 0
    return lines
