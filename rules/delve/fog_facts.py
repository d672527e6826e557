"""The facts of a Deep Fog traversal (rules/delve/fog_handlers.py); their words are bot/narration/fog.py's."""

from typing import Literal

from rules.facts import Fact, fact

FogStep = Literal[
    "trailmake_one",  # Trailmake 1: the top card goes to the bottom of the deck
    "trailmake",  # Trailmake: the chosen card to the bottom, the rest shuffled
    "start",  # the starting Deep Fog card
    "keep",  # the party keeps its card (no Wander)
    "wander",  # Wander: the party's card is discarded
    "in_place",  # the card drawn in its place
    "moves_on",  # the party moves ahead onto the card drawn
    "moves",  # the party moves in a direction onto the card drawn
    "lowest_revealed",  # the lowest revealed card is discarded (turning back)
    "lowest_of_path",  # the lowest card of the path is discarded (emerging)
]


@fact
class FogCard(Fact):
    """One step of a traversal with a Deep Fog card (``card``: its name as shown); ``note`` what its draw says
    (the deck shuffled...), ``direction`` where the party moves, ``count`` the cards shuffled back."""

    fact: Literal["fog_card"] = "fog_card"
    step: FogStep
    card: str
    note: str = ""
    direction: str = ""
    count: int = 0


@fact
class FogEntered(Fact):
    """Delve Round ``round``: the party enters the Deep Fog from ``origin`` toward ``tile`` at ``intensity``."""

    fact: Literal["fog_entered"] = "fog_entered"
    round: int
    origin: str
    tile: str
    intensity: int


@fact
class FogCourseCorrected(Fact):
    """Course Correct: back to ``card``, the other revealed cards face down, the new path heads ``direction``."""

    fact: Literal["fog_course_corrected"] = "fog_course_corrected"
    card: str
    direction: str


@fact
class FogEmerged(Fact):
    """The path (``length`` cards) ends: the Deep Fog Value ``values`` + ``full_cups`` = ``total``: ``outcome``."""

    fact: Literal["fog_emerged"] = "fog_emerged"
    length: int
    values: list[int]
    full_cups: int = 0
    total: int
    outcome: Literal["flawless", "minor", "grave"]


@fact
class RestPhaseBegins(Fact):
    fact: Literal["rest_phase_begins"] = "rest_phase_begins"


@fact
class FogTopDiscarded(Fact):
    """The top Deep Fog card is discarded without looking (``empty``: the deck is empty, none is), after ``note``:
    the GM's forced card was not in the deck (as ``take_top`` says it)."""

    fact: Literal["fog_top_discarded"] = "fog_top_discarded"
    empty: bool = False
    note: str = ""


@fact
class HalfCup(Fact):
    """A Half-cup: the party gains a Half-cup token, or it flips to a Full Cup (``full_cups`` now)."""

    fact: Literal["fog_half_cup"] = "fog_half_cup"
    full_cups: int = 0


@fact
class FogByHand(Fact):
    """A printed effect applied by hand: its ``text`` (``why``: no typed effect, a Half-cup outside the Deep Fog, an
    effect of ``kind`` this step does not resolve)."""

    fact: Literal["fog_by_hand"] = "fog_by_hand"
    why: Literal["untyped", "half_cup", "kind"]
    text: str
    kind: str = ""


@fact
class KnightEffectByHand(Fact):
    """A Knight effect ``kind`` (``amount``; a Condition ``condition``) for ``who`` to apply by hand."""

    fact: Literal["fog_knight_effect_by_hand"] = "fog_knight_effect_by_hand"
    who: str
    kind: str
    amount: int | str = ""
    condition: str | None = None


@fact
class FogTraversalNote(Fact):
    """A step of the Deep Fog traversal told on its own: ``what`` (it ends with the Expedition; Stay the Course; the
    Hazards resolved from now on; the deck empty before the path is long enough) with what it names: the
    ``origin`` tile (Withdraw, Emergence), the ``heading`` (a path blocked)."""

    fact: Literal["fog_traversal_note"] = "fog_traversal_note"
    what: Literal["ends_lost", "stay", "hazards_from_now", "run_out", "withdraw", "emergence", "blocked"]
    origin: str = ""
    heading: str = ""


@fact
class FogDeckShuffled(Fact):
    """The Deep Fog deck is shuffled (``cards``); a Generic token marks ``origin``; the path is ``intensity`` long."""

    fact: Literal["fog_deck_shuffled"] = "fog_deck_shuffled"
    cards: int
    origin: str
    intensity: int


@fact
class FogCardEffect(Fact):
    """A Deep Fog card's ``part`` (its Hazard, its Grave Penalty): ``text``; ``ignored``: a Hazard before the party
    Course Corrected."""

    fact: Literal["fog_card_effect"] = "fog_card_effect"
    card: str
    part: Literal["hazard", "grave_penalty"]
    text: str = ""
    ignored: bool = False


@fact
class FogGmForced(Fact):
    """The GM sets the next ``count`` Deep Fog card(s) taken from the deck (announced to the table)."""

    fact: Literal["fog_gm_forced"] = "fog_gm_forced"
    count: int
