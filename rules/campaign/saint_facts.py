"""The facts of Devotion, the Incarnation, the Saint cards and the Holy Commandment (rules/campaign/saints.py); their
words, with the commands that follow an Incarnation, are bot/narration/saints.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class Devoted(Fact):
    """``knight`` Devotes: ``devotion`` Devotion tokens, on ``saint``'s card (None: no Saint card yet)."""

    fact: Literal["devoted"] = "devoted"
    knight: str
    devotion: int
    saint: str | None = None


@fact
class IncarnationRolled(Fact):
    """``knight``'s Incarnation into ``into``: ``roll`` against ``need`` (``roll`` None: ``devotion`` tokens make
    it succeed without a roll)."""

    fact: Literal["incarnation_rolled"] = "incarnation_rolled"
    knight: str
    into: str
    success: bool
    roll: int | None = None
    need: int = 10
    devotion: int = 0


@fact
class IncarnationMissed(Fact):
    """After a failed roll ``knight`` loses ``saint``'s card (``lost``: they had ``devotion`` ≤ 1 tokens) or keeps it
    with their Devotion down from ``devotion`` to 1."""

    fact: Literal["incarnation_missed"] = "incarnation_missed"
    knight: str
    saint: str
    devotion: int
    lost: bool


@fact
class ChainBreak(Fact):
    """``knight`` stands up and discards ``bane`` Bane tokens and the ``conditions``."""

    fact: Literal["chain_break"] = "chain_break"
    knight: str
    bane: int
    conditions: list[str]


@fact
class IncarnationStep(Fact):
    """A step of the Incarnation: the Unknown Saint's +1 Vigor (``vigor`` now), the Knights' Defeat taken back, or
    the move of up to ``spaces`` (2 + ``devotion``) and the Bonus Attack (the actions to suggest: ``/clash place
    kind:knight``, ``/saint end``)."""

    fact: Literal["incarnation_step"] = "incarnation_step"
    step: Literal["unknown_saint", "defeat_taken_back", "move"]
    knight: str = ""
    vigor: int = 0
    spaces: int = 0
    devotion: int = 0


@fact
class SaintUnlocked(Fact):
    """``saint`` is unlocked for every Knight (Incarnation Value ``incarnation``), noted on ``knight``'s Sheet."""

    fact: Literal["saint_unlocked"] = "saint_unlocked"
    saint: str
    incarnation: int
    knight: str


@fact
class SaintCardGained(Fact):
    """``knight`` gains ``saint``'s card; their ``devotion`` Devotion tokens move onto it."""

    fact: Literal["saint_card_gained"] = "saint_card_gained"
    knight: str
    saint: str
    devotion: int


@fact
class CommandmentStep(Fact):
    """``knight``'s Holy Commandment of ``saint``: the miniature ``placed`` at the start of an Expedition, the
    Commandment ``broken`` (the miniature leaves the card) or broken again (the card ``discarded``, ``devotion``
    tokens stay), the Expedition ended without the miniature (``no_devotion``) or with it (``kept``: they Devote)."""

    fact: Literal["saint_commandment_step"] = "saint_commandment_step"
    knight: str
    saint: str
    step: Literal["placed", "broken", "discarded", "no_devotion", "kept"]
    devotion: int = 0


@fact
class IncarnationEnded(Fact):
    """``knight``'s Incarnation into ``into`` ends (``clash_finished``: because the Clash is finished); the Knight
    does not die; ``card`` (the Saint card, None: none held) and ``tokens`` Devotion tokens are lost."""

    fact: Literal["saint_incarnation_ended"] = "saint_incarnation_ended"
    knight: str
    into: str
    card: str | None
    tokens: int
    clash_finished: bool = False


@fact
class SaintCardLost(Fact):
    """``knight`` loses ``saint``'s card (back to the deck of unlocked Saints)."""

    fact: Literal["saint_card_lost"] = "saint_card_lost"
    knight: str
    saint: str
