"""The facts of harm to a Knight (rules/clash/harm.py): a Condition gained, a death, the Knights' Defeat; their words
are bot/narration/harm.py's."""

from __future__ import annotations

from typing import Literal

from rules.facts import Fact, fact


@fact
class ConditionGained(Fact):
    """``knight`` gains the Condition card ``card`` (``text``: its printed text)."""

    fact: Literal["condition_gained"] = "condition_gained"
    knight: str
    card: str
    text: str


@fact
class KnightDied(Fact):
    """``knight`` dies (``why``: the reason as the effect that killed them tells it: a card, Instant Death, or a
    Clash Board sentence, whose family is not converted yet)."""

    fact: Literal["knight_died"] = "knight_died"
    knight: str
    why: str


@fact
class ChasmUnderMonster(Fact):
    """A Chasm tile ``terrain`` is placed under the Monster ``monster`` (``mob``: a Mob Monster): nothing happens to
    it (rules/clash/chasm.py)."""

    fact: Literal["chasm_under_monster"] = "chasm_under_monster"
    monster: str
    terrain: str
    mob: bool


@fact
class KnightRemoved(Fact):
    """The dead ``knight``'s miniature is removed from the Clash Board."""

    fact: Literal["knight_removed"] = "knight_removed"
    knight: str


@fact
class KnightsDefeated(Fact):
    """Every Knight is dead: the Clash immediately ends with the Knights' Defeat."""

    fact: Literal["knights_defeated"] = "knights_defeated"
