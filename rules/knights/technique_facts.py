"""The facts of the Technique cards (rules/knights/techniques.py): used, Depleted, refreshed, moved by the hand
keywords; their words are bot/narration/techniques.py's. ``technique`` is a card's id, ``name`` its side's name."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class TechniqueUsed(Fact):
    """The ``side`` (Delve or Clash) ``name`` used, its ``cost`` paid, its ``text`` resolved; ``exert``: its Exert
    effect instead (``text`` the Exert's, the cost ignored)."""

    fact: Literal["technique_used"] = "technique_used"
    side: Literal["Delve", "Clash"]
    name: str
    cost: str
    text: str
    exert: bool = False


@fact
class WarmUp(Fact):
    """A Delve Technique's Warm-up ``text``."""

    fact: Literal["warm_up"] = "warm_up"
    text: str


@fact
class TechniqueDepleted(Fact):
    """``name`` Depleted to the ``zone`` area (instant: back to the hand at the end of the Round)."""

    fact: Literal["technique_depleted"] = "technique_depleted"
    name: str
    zone: str


@fact
class TechniquesRefreshed(Fact):
    """The Refresh Step: ``back`` to the hand from Cooldown, ``delayed`` from Delay to Cooldown."""

    fact: Literal["techniques_refreshed"] = "techniques_refreshed"
    back: list[str]
    delayed: list[str]


@fact
class InstantsReturned(Fact):
    """End of Round: the Instant cards ``back`` to the hand (none: no Instant cards)."""

    fact: Literal["instants_returned"] = "instants_returned"
    back: list[str]


@fact
class TechniqueMoved(Fact):
    """``technique`` moved to ``zone`` by an effect; ``keyword`` (Cooldown, Delay, Discard) names a random card from
    ``knight``'s hand (``technique`` None: the hand is empty)."""

    fact: Literal["technique_moved"] = "technique_moved"
    technique: str | None
    zone: str
    keyword: str = ""
    knight: str = ""


@fact
class AllTechniquesReturned(Fact):
    """Clash Aftermath: every Technique back to the hand."""

    fact: Literal["all_techniques_returned"] = "all_techniques_returned"


@fact
class Restrained(Fact):
    """Restrain: ``moved`` from Cooldown to Delay (none: ``knight`` has no card there)."""

    fact: Literal["restrained"] = "restrained"
    knight: str
    moved: list[str]


@fact
class RefreshedX(Fact):
    """Refresh ``x``: ``back`` moved from ``from_area`` (delay: to the Cooldown area; cooldown: to the hand)."""

    fact: Literal["refreshed_x"] = "refreshed_x"
    x: int
    from_area: Literal["delay", "cooldown"]
    back: list[str]


@fact
class RefreshChoice(Fact):
    """Refresh ``x`` that ``knight`` chooses: the ways (``delay``, ``cooldown``: the cards there) and the commands
    that apply them."""

    fact: Literal["refresh_choice"] = "refresh_choice"
    knight: str
    x: int
    delay: list[str] | None = None
    cooldown: list[str] | None = None


@fact
class NothingToRefresh(Fact):
    """Refresh ``x``: ``knight`` has no card in the Delay or Cooldown area."""

    fact: Literal["nothing_to_refresh"] = "nothing_to_refresh"
    knight: str
    x: int
