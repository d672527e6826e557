"""What the Clash asks of the Squires (docs/squires.md), who stand on the Clash Board as Knight miniatures: their
Refresh step, the bot playing the Squires left when the last Knight ends their turn, the effects of a card on a
Squire, and their part of a Monster Attack. The Squires are built on the Clash, not the other way round:
rules/squires/defence.py registers its functions here once (``register``), and the Clash's modules (rounds.py,
harm.py, monster_attack.py) call them through ``squires()`` without importing rules/squires."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.clash.attack_target import Target
from rules.clash.harm_state import Harm
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line
from rules.state import CampaignState

# harm(h, squire id, effects, hits, source, apart, by a Monster Attack): ``apart`` resolves the Monster's side of
# an effect (Escalate, Heal, Attack Responses...) as for a Knight.
HarmSquire = Callable[[Harm, str, Sequence[Any], int, str, Callable[[Harm, Any, str], None], bool], None]


@dataclass(frozen=True)
class SquireRules:
    refresh: Callable[[Engine, CampaignState, str], list[str]]  # the Squire's Refresh step: its Heat Refresh
    play_left: Callable[[Engine, CampaignState, Dice, list[str]], list[Line]]  # the bot plays these Squires' turns
    harm: HarmSquire
    target: Target  # a Monster Attack against a Squire: Mettle draws instead of dice


_REGISTERED: list[SquireRules] = []


def register(rules: SquireRules) -> None:
    if _REGISTERED:
        raise ValueError("the Squire rules are registered twice")
    _REGISTERED.append(rules)


def squires() -> SquireRules:
    if not _REGISTERED:
        raise RuntimeError("the Squire rules are not loaded: rules/__init__.py imports rules/squires/defence.py")
    return _REGISTERED[0]
