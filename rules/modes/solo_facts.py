"""The facts of True Solo Mode (rules/modes/true_solo.py); their words are bot/narration/solo.py's."""

from typing import Literal

from rules.facts import Fact, fact

SetupStep = Literal["priority", "gear", "random"]
Rounds = list[list[tuple[str, int]]]  # one random element's d10 rounds: (name, value), ties rolled again


@fact
class RandomKnightsNamed(Fact):
    """True Solo Mode names the random Knights an effect targets: ``targets`` (your Knight first, then Squires),
    ``rolls`` each Squire's d10 rounds, ``asked`` how many were asked for; ``by`` /solo random or a card the
    reviewer read; ``port`` False: an old campaign, whose Squires the players ask with /solo random."""

    fact: Literal["solo_random_knights"] = "solo_random_knights"
    targets: list[str]
    rolls: list[Rounds] = []
    asked: int
    by: Literal["command", "card"]
    port: bool = True


@fact
class SoloInvestigationSucceeded(Fact):
    """3 Clues of any type: the Investigation succeeds; its Success paragraph is read, the Clue tokens discarded."""

    fact: Literal["solo_investigation_succeeded"] = "solo_investigation_succeeded"
    knight: str
    chapter: int
    investigation: int


@fact
class SoloChapterDone(Fact):
    """The third Investigation of the Chapter finished: the Expedition may end with the Full Clash."""

    fact: Literal["solo_chapter_done"] = "solo_chapter_done"
    knight: str
    chapter: int


@fact
class SoloExpeditionFull(Fact):
    """``most`` Investigations succeeded this Expedition: no more Clues for Investigations until the next one."""

    fact: Literal["solo_expedition_full"] = "solo_expedition_full"
    most: int


@fact
class SoloChooseNext(Fact):
    """Choose another Investigation of the Chapter (/solo investigation)."""

    fact: Literal["solo_choose_next"] = "solo_choose_next"
    chapter: int


@fact
class SoloInvestigationTaken(Fact):
    """``knight`` takes up Investigation ``chapter``.``investigation`` (/solo investigation)."""

    fact: Literal["solo_investigation_taken"] = "solo_investigation_taken"
    knight: str
    chapter: int
    investigation: int


@fact
class SoloClashSetup(Fact):
    """At Clash Setup: ``knight`` holds the Priority Target token, may equip up to ``gear`` Gear cards from the
    Armory, and random Knights fall on it first."""

    fact: Literal["solo_clash_setup"] = "solo_clash_setup"
    knight: str
    gear: int
    step: SetupStep


@fact
class SoloGearEquipped(Fact):
    """Gear from the Armory equipped at Clash Setup (``count`` of ``most`` so far); the maximum Vigor it changes;
    ``after`` the Vigor lines the Loadout's change gives (a family not converted yet)."""

    fact: Literal["solo_gear_equipped"] = "solo_gear_equipped"
    knight: str
    gear: list[str]
    unequipped: list[str] = []
    count: int
    most: int
    max_vigor: tuple[int, int] | None = None
    after: list[str] = []
