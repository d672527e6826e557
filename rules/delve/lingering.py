"""What a District or Active card in play adds while it lingers (content ``lingering`` effects of an Exploration card,
rulebook "Exploration Card Effect Types"): one ``Dispatch`` (rules/effects.py) from each lingering effect type to what
it adds to a ``Tally``, instead of ``isinstance`` tests in every place that reads a card in play
(rules/delve/exploration.py, rules/delve/encounter_effects.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from content.schema.kingdom import (
    BacktrackCost,
    EnterCost,
    EnterSave,
    ExplorationCard,
    ExtraClues,
    KingdomTile,
    ThreatExtra,
    VigorShield,
)
from rules.effects import Dispatch


@dataclass
class Tally:
    """The sums of one card's lingering effects (``tile``: the tile entered, for its Enter costs)."""

    tile: KingdomTile | None = None
    enter_time: int = 0
    enter_threat: int = 0
    enter_costs: bool = False
    saves: list[EnterSave] = field(default_factory=list)
    backtrack_threat: int = 0
    extra_clues: int = 0
    threat_extra: int = 0
    vigor_shield: int = 0


ADDS: Dispatch[Callable[[Tally, Any], None]] = Dispatch("a lingering effect of a card in play")


@ADDS.on(EnterCost)
def _enter_cost(t: Tally, e: EnterCost) -> None:
    if t.tile is not None and (not e.tiles or t.tile.id in e.tiles):
        t.enter_time += e.time
        t.enter_threat += e.threat
        t.enter_costs = True


@ADDS.on(EnterSave)
def _enter_save(t: Tally, e: EnterSave) -> None:
    if t.tile is not None:
        t.saves.append(e)


@ADDS.on(BacktrackCost)
def _backtrack(t: Tally, e: BacktrackCost) -> None:
    t.backtrack_threat += e.threat


@ADDS.on(ExtraClues)
def _clues(t: Tally, e: ExtraClues) -> None:
    t.extra_clues += e.amount


@ADDS.on(ThreatExtra)
def _threat(t: Tally, e: ThreatExtra) -> None:
    t.threat_extra += e.amount


@ADDS.on(VigorShield)
def _shield(t: Tally, e: VigorShield) -> None:
    t.vigor_shield += e.amount


def tally(card: ExplorationCard, tile: KingdomTile | None = None) -> Tally:
    """What ``card`` adds while in play (entering ``tile``, when given)."""
    t = Tally(tile=tile)
    for e in card.lingering:
        fn = ADDS.find(e)
        assert fn is not None, e  # every type of content.schema.kingdom.Lingering is registered
        fn(t, e)
    return t
