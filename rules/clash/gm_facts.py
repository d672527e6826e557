"""The facts of the GM's adjustments during a Clash (rules/clash/handlers.py, ``/clash adjust ...``): a card put on
top of the AI or BP deck, a Knight's statistic set, the Wound Stack or one of the Monster's numbers set; their words
are bot/narration/clash_gm.py's."""

from typing import Literal

from rules.facts import Fact, Lines, fact

MonsterNumber = Literal["to_hit", "at_bonus", "evasion_dice_bonus", "vigor_loss_bonus"]


@fact
class GmDeckTop(Fact):
    """The GM puts the card ``card`` (AI or BP ``level``) of the ``deck`` from its deck or its discard pile
    (``source``) on top of the deck, or just under the unresolved AI 0 card, which stays on top (``under_ai_zero``)."""

    fact: Literal["clash_gm_deck_top"] = "clash_gm_deck_top"
    deck: Literal["ai", "bp"]
    card: str
    level: int
    source: Literal["deck", "discard"]
    under_ai_zero: bool = False


@fact
class GmKnightStat(Fact):
    """The GM sets ``knight``'s statistic ``stat`` to ``value``; ``then``: what the change brought (the statistics'
    own lines, in order)."""

    fact: Literal["clash_gm_knight_stat"] = "clash_gm_knight_stat"
    knight: str
    stat: Literal["passion", "heat", "vigor", "bane"]
    value: int
    then: Lines = []


@fact
class GmWoundStack(Fact):
    """The GM sets the Wound Stack from ``before`` to ``after`` Wounds (``needed``: the Wounds to defeat it)."""

    fact: Literal["clash_gm_wound_stack"] = "clash_gm_wound_stack"
    before: int
    after: int
    needed: int


@fact
class GmMonsterNumber(Fact):
    """The GM sets one of the Monster's numbers (``what``) from ``before`` to ``after``."""

    fact: Literal["clash_gm_monster_number"] = "clash_gm_monster_number"
    what: MonsterNumber
    before: int
    after: int
