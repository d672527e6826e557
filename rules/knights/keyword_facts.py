"""The facts of the keywords that change what a Knight holds (rules/knights/keyword_effects.py: Poison, Toxify,
Poison Resilience, Parasitize, Choke, Fortify, Zeal, Fleisch); their words are bot/narration/keywords.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class KeywordConditionGained(Fact):
    """``knight`` gains the Condition card ``condition`` (its printed ``text``; None: not in the loaded packs, the
    table reads its own)."""

    fact: Literal["keyword_condition_gained"] = "keyword_condition_gained"
    knight: str
    condition: str
    text: str | None


@fact
class ConditionTokensPlaced(Fact):
    """``count`` ``token`` tokens (Generic, Poison) placed on the Condition card ``condition``: ``old`` → ``new``."""

    fact: Literal["condition_tokens_placed"] = "condition_tokens_placed"
    condition: str
    count: int
    token: str
    old: int
    new: int


@fact
class PoisonOnToxified(Fact):
    """``knight`` holds Toxified (the Poisoned card flipped): the Poison tokens go on it."""

    fact: Literal["poison_on_toxified"] = "poison_on_toxified"
    knight: str


@fact
class PoisonedFlipped(Fact):
    """``knight`` flips Poisoned to Toxified; its ``tokens`` Poison tokens stay on it."""

    fact: Literal["poisoned_flipped"] = "poisoned_flipped"
    knight: str
    tokens: int


@fact
class ConditionShown(Fact):
    """A Condition card's printed ``text``, shown as the card turns up (Toxified, flipped from Poisoned)."""

    fact: Literal["condition_shown"] = "condition_shown"
    condition: str
    text: str


@fact
class PoisonResilience(Fact):
    fact: Literal["poison_resilience"] = "poison_resilience"
    ignored: int


@fact
class ChokeLimitSet(Fact):
    """Choke ``x``: the Choke Limit ``old`` → ``new`` (``old`` None: the cube placed on 0 with the card)."""

    fact: Literal["choke_limit_set"] = "choke_limit_set"
    x: int
    old: int | None
    new: int


@fact
class ChokeHeatOwed(Fact):
    """Heat ``heat`` is below the Choke Limit: ``owed`` Heat to gain."""

    fact: Literal["choke_heat_owed"] = "choke_heat_owed"
    heat: int
    owed: int


@fact
class Fortified(Fact):
    """Fortify ``x`` on ``knight``: below maximum Vigor, they gain ``x`` (``top`` None); at maximum ``top``, the red
    cube goes on ``x`` (additional Vigor ``old`` → ``x``)."""

    fact: Literal["fortified"] = "fortified"
    knight: str
    x: int
    top: int | None = None
    old: int = 0


@fact
class ZealPlaced(Fact):
    """Zeal ``x``: ``knight`` places ``kept`` Zeal tokens on their Knight Board (``old`` → ``old + kept``; its Zeal
    ``threshold`` when it has one)."""

    fact: Literal["zeal_placed"] = "zeal_placed"
    knight: str
    x: int
    kept: int
    old: int
    threshold: int | None = None


@fact
class PoolTokensPlaced(Fact):
    """``count`` ``token`` tokens placed in the ``pool`` (``why``); ``total`` there now, None: no Clash is running
    and they are placed by hand."""

    fact: Literal["pool_tokens_placed"] = "pool_tokens_placed"
    token: str
    count: int
    pool: str
    why: str = ""
    total: int | None = None


@fact
class ConditionTokensSet(Fact):
    """The Generic tokens on the Condition card ``condition`` set by hand: ``old`` → ``new``."""

    fact: Literal["condition_tokens_set"] = "condition_tokens_set"
    condition: str
    old: int
    new: int
