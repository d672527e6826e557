"""The Target of a Monster Attack, a Knight or a Squire: what differs between them is a ``Target`` passed to the one
Monster Attack sequence (rules/clash/monster_attack.attack; the Knight's is ``monster_attack.KNIGHT``, the
Squire's ``rules.squires.defence.SQUIRE``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from content.schema.monsters import MonsterAttack
from rules.clash.activation_state import Activation
from rules.clash.flow import Pending
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line
from rules.state import CampaignState


@dataclass(frozen=True)
class Target:
    """What differs when a Monster attacks a Knight or a Squire (rules/squires/defence.py): whether the Target is
    gone, what follows when it is not attacked (out of reach, dead), a Command, and the defence — an Evasion Roll or
    a Judgement test with dice, or Mettle draws — with the hit's consequences (a decision for the players, or
    None)."""

    gone: Callable[[CampaignState, str], bool]
    passes: Callable[[CampaignState, Activation, list[Line], bool], None]  # not attacked (dead, or out of reach)
    command: Callable[[CampaignState, MonsterAttack, Activation, str], Pending | None]
    defend: Callable[[Engine, CampaignState, Dice, list[Line], Activation, MonsterAttack, str], Pending | None]
