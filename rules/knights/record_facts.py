"""The facts of a Knight's record left over from the families before (rules/knights/handlers.py, sheet.py,
conditions.py, statistics.py, keyword_actions.py): joining, the Tale's boxes, notes, Rapport, actions spent,
Conditions and tokens discarded after a roll; their words: bot/narration/knight_records.py."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class KnightJoined(Fact):
    """The Knight joins the campaign as the Knight ``card`` (``owner``: the user), with Vigor ``vigor`` and Heat Limit
    ``heat_limit`` (told after the Knight's name)."""

    fact: Literal["knight_joined"] = "knight_joined"
    card: str
    owner: str
    vigor: int
    heat_limit: int


@fact
class KnightImported(Fact):
    """The Knight is imported into this campaign (told after the Knight's name)."""

    fact: Literal["knight_imported"] = "knight_imported"


@fact
class KnightReason(Fact):
    """The reason the player gave for a change (``reason``)."""

    fact: Literal["knight_reason"] = "knight_reason"
    reason: str


@fact
class KnightTale(Fact):
    """A box of the Tale: Chapter ``chapter``'s Quest (``number`` 0) or Investigation ``chapter``.``number``,
    ``marked`` now (``leads``: succeeded with Leads) or already marked (nothing changes)."""

    fact: Literal["knight_tale"] = "knight_tale"
    chapter: int
    number: int = 0
    marked: bool = True
    leads: bool = False


@fact
class KnightChapterUnlocked(Fact):
    """Chapter ``chapter`` is unlocked (its ``tier``; the GM moves the Knight)."""

    fact: Literal["knight_chapter_unlocked"] = "knight_chapter_unlocked"
    chapter: int
    tier: str


@fact
class KnightLeadsSpent(Fact):
    """``spent`` Leads spent on an Investigation (``left`` left)."""

    fact: Literal["knight_leads_spent"] = "knight_leads_spent"
    spent: int
    left: int


@fact
class KnightChoiceKept(Fact):
    """The Choice Matrix node ``node`` is already ``now`` (marked or crossed out): the instruction to ``cross`` or
    mark it changes nothing."""

    fact: Literal["knight_choice_kept"] = "knight_choice_kept"
    node: str
    now: str
    cross: bool


@fact
class KnightFirstDeath(Fact):
    """The First Death box marked now, or ``already`` marked."""

    fact: Literal["knight_first_death"] = "knight_first_death"
    already: bool = False


@fact
class KnightNoted(Fact):
    """A note of ``kind`` (note, boon, affliction, saint, mercenary) ``text``: ``noted``, ``removed``, or ``already``
    noted."""

    fact: Literal["knight_noted"] = "knight_noted"
    kind: str
    text: str
    op: Literal["noted", "removed", "already"]


@fact
class KnightRapport(Fact):
    """Rapport with ``knight``: already full (``boon`` None), or its Rapport Boon ``boon`` gained."""

    fact: Literal["knight_rapport"] = "knight_rapport"
    knight: str
    boon: str | None = None


@fact
class KnightActionSpent(Fact):
    """``knight`` spends the ``action`` Action (movement, combat, complicated) on the Technique ``technique``, or to
    unexhaust every exhausted game element (``technique`` None)."""

    fact: Literal["knight_action_spent"] = "knight_action_spent"
    knight: str
    action: str
    technique: str | None = None


@fact
class KnightDiscardsAfter(Fact):
    """``knight`` discards, after the ``after`` (Evasion Roll, Attack, movement), the Condition ``condition``, or
    ``count`` temporary ``attribute`` tokens."""

    fact: Literal["knight_discards_after"] = "knight_discards_after"
    knight: str
    after: str
    condition: str | None = None
    attribute: str | None = None
    count: int = 0


@fact
class KnightNothingChanges(Fact):
    """A keyword applied by hand changes nothing on ``knight``."""

    fact: Literal["knight_nothing_changes"] = "knight_nothing_changes"
    knight: str
