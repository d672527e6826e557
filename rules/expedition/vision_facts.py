"""The facts of the Vision Phase (rules/expedition/vision.py); their words are bot/narration/vision.py's."""

from typing import Literal

from rules.facts import Fact, fact

Calling = Literal["quest", "investigation", "free_roam"]


@fact
class CallingChosen(Fact):
    """``knight`` goes on a Quest, an Investigation or a Free Roam (``choice``) of Chapter ``chapter``."""

    fact: Literal["calling_chosen"] = "calling_chosen"
    knight: str
    choice: Calling
    chapter: int


@fact
class ParagraphsToRead(Fact):
    """The paragraphs ``knight`` reads in their Knightbook: the Quest of ``chapter``, or an Investigation of it
    (``investigation``: its number, when given)."""

    fact: Literal["paragraphs_to_read"] = "paragraphs_to_read"
    knight: str
    calling: Literal["quest", "investigation"]
    chapter: int
    investigation: int | None = None


@fact
class PartyLeaderChosen(Fact):
    """``knight`` (``tier``) leads the party; ``questing``: as the Questing Knight."""

    fact: Literal["party_leader_chosen"] = "party_leader_chosen"
    knight: str
    tier: str
    questing: bool = False


@fact
class FavorOfTheGraal(Fact):
    """The Questing Knight ``knight`` gains a Sigh of the Graal (``gained`` False: they already hold one)."""

    fact: Literal["favor_of_the_graal"] = "favor_of_the_graal"
    knight: str
    gained: bool


@fact
class QuestGivenUp(Fact):
    """``knight`` gives up the Quest in the Vision Phase."""

    fact: Literal["quest_given_up"] = "quest_given_up"
    knight: str


@fact
class QuestUndone(Fact):
    """What giving up the Quest undoes: the ``sigh`` it gained is erased again, or the players choose the Party
    ``leader`` again (the action to suggest: ``/expedition leader``)."""

    fact: Literal["quest_undone"] = "quest_undone"
    what: Literal["sigh", "leader"]


@fact
class DestinationChosen(Fact):
    fact: Literal["destination_chosen"] = "destination_chosen"
    kingdom: str
