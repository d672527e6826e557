"""The fact of Monster Modifier tokens changed (rules/clash/modifiers.py, ``/clash modifier``); its words are
bot/narration/modifiers.py's."""

from typing import Literal

from rules.clash.state import MonsterModifier
from rules.facts import Fact, fact


@fact
class ModifierTokensChanged(Fact):
    """The ``attribute`` Modifier tokens on the Monster Sheet (``mob`` None) or on the BP card of the Mob on that Mob
    track space now add up to ``total``."""

    fact: Literal["clash_modifier_tokens"] = "clash_modifier_tokens"
    attribute: MonsterModifier
    mob: int | None = None
    total: int
