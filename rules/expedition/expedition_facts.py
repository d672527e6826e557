"""The facts of the Expedition's own steps (rules/expedition/handlers.py) and of the start of the Spoils Phase and
its Loot Distribution (rules/expedition/spoils.py); their words are bot/narration/expedition.py's. Knights are
named as stored."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from content.schema.loot import LootType
from rules.expedition.state import Step
from rules.facts import Fact, fact


class LootCard(BaseModel):
    """A Loot card as the table is shown it: its ``uid`` (L1...), ``name``, ``type`` and the Monster or Kingdom it
    came from (``source``, may be empty)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    uid: str
    name: str
    type: LootType
    source: str = ""


@fact
class ExpeditionBegins(Fact):
    """Expedition ``number`` begins with the Vision Phase."""

    fact: Literal["expedition_begins"] = "expedition_begins"
    number: int


@fact
class ExpeditionNoted(Fact):
    """A note the players report, in the step ``step`` (about ``knight``, may be empty): ``text``."""

    fact: Literal["expedition_noted"] = "expedition_noted"
    step: Step
    knight: str = ""
    text: str


@fact
class SeatingCountsLater(Fact):
    """The seating changed after the Vision Phase: the Secondary Clues are marked, it counts from the next one."""

    fact: Literal["expedition_seating_later"] = "expedition_seating_later"


@fact
class SpoilsBegin(Fact):
    """The Spoils Phase begins: the Knights return to the Outpost."""

    fact: Literal["expedition_spoils_begin"] = "expedition_spoils_begin"


@fact
class BaneNoted(Fact):
    """``knight``'s Bane ``bane`` noted on the Knight Sheet (``was`` before)."""

    fact: Literal["expedition_bane_noted"] = "expedition_bane_noted"
    knight: str
    bane: int
    was: int


@fact
class ConsumablesReturned(Fact):
    """``knight`` returns the Consumables ``gear`` they equipped to the Merchant deck."""

    fact: Literal["expedition_consumables_returned"] = "expedition_consumables_returned"
    knight: str
    gear: list[str]


@fact
class CommonGoods(Fact):
    """The Loot deck's ``cards`` become the Common Goods (none: nothing to divide)."""

    fact: Literal["expedition_common_goods"] = "expedition_common_goods"
    cards: list[LootCard]


@fact
class LootDistributionBegins(Fact):
    """Loot Distribution: each Knight's number of chosen cards (``shares``, in order), ``squires`` extra Gear
    exchanges."""

    fact: Literal["expedition_loot_distribution"] = "expedition_loot_distribution"
    shares: list[tuple[str, int]]
    squires: int = 0


@fact
class MarkDue(Fact):
    """At the end of the Expedition ``knight``'s Quest of ``chapter`` is to mark (``choice`` "quest"), or their
    Investigation or Free Roam to resolve."""

    fact: Literal["expedition_mark_due"] = "expedition_mark_due"
    knight: str
    choice: str
    chapter: int


@fact
class DuplicityDiscards(Fact):
    """Duplicity: ``knight`` discards the top Loot card ``card`` (None: the Loot deck is empty)."""

    fact: Literal["expedition_duplicity"] = "expedition_duplicity"
    knight: str
    card: LootCard | None = None


@fact
class LootTaken(Fact):
    """``knight`` takes the Loot card ``card`` (``squire``: a Squire's extra Gear exchange)."""

    fact: Literal["expedition_loot_taken"] = "expedition_loot_taken"
    knight: str
    card: LootCard
    squire: bool = False


@fact
class DistributionLeft(Fact):
    """What is left of the Loot Distribution: the Common Goods all given out (``given_out``), the Knights still to
    choose (``waiting``), or none (the Spare Scrap comes next)."""

    fact: Literal["expedition_distribution_left"] = "expedition_distribution_left"
    given_out: bool = False
    waiting: list[str] = []


@fact
class VoteOpened(Fact):
    """Vote ``vote`` on who gets ``card``: each player votes once, the majority wins, the Party Leader breaks ties."""

    fact: Literal["expedition_vote_opened"] = "expedition_vote_opened"
    vote: str
    card: LootCard


@fact
class BallotCast(Fact):
    """A vote for ``knight`` (``cast`` of ``voters`` ballots)."""

    fact: Literal["expedition_ballot_cast"] = "expedition_ballot_cast"
    knight: str
    cast: int
    voters: int


@fact
class VoteTied(Fact):
    """A tie between ``knights``: the Party Leader breaks it."""

    fact: Literal["expedition_vote_tied"] = "expedition_vote_tied"
    knights: list[str]


@fact
class LootAwarded(Fact):
    """``knight`` gets ``card`` by the vote: ``how`` (the Party Leader broke the tie, the majority of ``votes``, a tie
    broken by the Party Leader's own vote)."""

    fact: Literal["expedition_loot_awarded"] = "expedition_loot_awarded"
    knight: str
    card: LootCard
    how: Literal["leader", "majority", "leader_vote"]
    votes: int = 0


@fact
class ScrapTaken(Fact):
    """``knight`` takes ``card`` from the Spare Scrap; ``next``: whose turn it is (empty: the Spare Scrap is empty)."""

    fact: Literal["expedition_scrap_taken"] = "expedition_scrap_taken"
    knight: str
    card: LootCard
    next: str = ""


@fact
class LootForGold(Fact):
    """``knight`` exchanges (``cashed``: at the end, cashes) ``card`` for ``gold`` Gold (``total`` now)."""

    fact: Literal["expedition_loot_for_gold"] = "expedition_loot_for_gold"
    knight: str
    card: LootCard
    gold: int
    total: int
    cashed: bool = False


@fact
class LootExchanged(Fact):
    """``knight`` exchanges ``card`` for Gear (the lines of the Gear it becomes follow)."""

    fact: Literal["expedition_loot_exchanged"] = "expedition_loot_exchanged"
    knight: str
    card: LootCard


@fact
class JoinsArmory(Fact):
    """The Gear ``gear`` joins ``knight``'s Armory."""

    fact: Literal["expedition_joins_armory"] = "expedition_joins_armory"
    knight: str
    gear: str


@fact
class ConsumableUnlocked(Fact):
    """The Consumable ``gear`` is unlocked in the Merchant Workshop."""

    fact: Literal["expedition_consumable_unlocked"] = "expedition_consumable_unlocked"
    gear: str
