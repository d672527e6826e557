"""The facts of a Knight's active abilities during a Clash (rules/clash/abilities.py, ``/knight react``): the
ability used, its cost, the tokens it places, Reflex, Dodge, Block and Defy, an ability applied by hand; their words
are bot/narration/abilities.py's."""

from typing import Literal

from rules.board.move_facts import BoardTold
from rules.facts import Fact, fact


@fact
class AbilityUsed(Fact):
    """``knight`` uses the ability ``ability`` of ``card`` (a Gear or Technique card's name)."""

    fact: Literal["ability_used"] = "ability_used"
    knight: str
    ability: str
    card: str


@fact
class AbilityPaid(Fact):
    """The cost paid on the Gear ``source`` (its id): a Charge spent (``left``), or the Gear exhausted."""

    fact: Literal["ability_paid"] = "ability_paid"
    source: str
    cost: Literal["charge", "exhaust"]
    left: int = 0


@fact
class AbilityTokens(Fact):
    """The ability places ``tokens`` (by kind) in the Knight Pool."""

    fact: Literal["ability_tokens"] = "ability_tokens"
    tokens: dict[str, int]


@fact
class AbilityReflex(Fact):
    """Reflex: ``knight`` moves to ``space`` (up to ``strength`` spaces); ``board``: what the Clash Board says of the
    move (its events; a sentence in an entry logged before they were facts)."""

    fact: Literal["ability_reflex"] = "ability_reflex"
    knight: str
    space: str
    strength: int
    board: BoardTold | str = ""


@fact
class AbilityDefended(Fact):
    """Dodge (+``strength`` Evasion bonus for the roll), or Block/Defy (``defence``): ``strength`` hits of the roll
    (``test``: of this Knight's test in a Judgement tested together) treated as evaded."""

    fact: Literal["ability_defended"] = "ability_defended"
    defence: str
    strength: int
    test: bool = False


@fact
class AbilityByHand(Fact):
    """An ability the bot does not apply: its ``text``, by hand."""

    fact: Literal["ability_by_hand"] = "ability_by_hand"
    text: str
