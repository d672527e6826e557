"""The facts of the dice (rules/rolls/handlers.py); their words are bot/narration/rolls.py's."""

from typing import Literal

from rules.facts import Fact, fact

Pool = tuple[int, int, int]  # red, black, white


@fact
class TestRolled(Fact):
    """A test: ``natural`` + ``bonus`` against ``difficulty``+ (a natural 10 always succeeds, a 1 always fails)."""

    fact: Literal["test_rolled"] = "test_rolled"
    difficulty: int
    natural: int
    bonus: int = 0
    success: bool


@fact
class DiceRolled(Fact):
    fact: Literal["dice_rolled"] = "dice_rolled"
    naturals: list[int]


@fact
class D100Rolled(Fact):
    fact: Literal["d100_rolled"] = "d100_rolled"
    white: int
    black: int
    value: int


@fact
class Face(Fact):
    """One Power die's face: its colour and symbols."""

    fact: Literal["face"] = "face"
    colour: str
    power: int
    potential: int
    hope: int


@fact
class PowerRolled(Fact):
    """A Power Roll or an Armor Roll (``kind``): the dice ``asked`` and those the box allows (``pool``), the dice
    beyond it counted raw, the faces and the totals."""

    fact: Literal["power_rolled"] = "power_rolled"
    kind: Literal["power", "armor"]
    asked: Pool
    pool: Pool
    raw_power: int = 0
    raw_potential: int = 0
    faces: list[Face]
    power: int
    potential: int = 0
    hope: int = 0


@fact
class SaveRolled(Fact):
    """A Curse or Threat Save (``kind``) at ``level`` with ``modifier``: ``natural`` against ``difficulty``+."""

    fact: Literal["save_rolled"] = "save_rolled"
    kind: str
    level: int
    modifier: int
    difficulty: int
    natural: int
    success: bool


@fact
class CritPoolRolled(Fact):
    """An Attack or Evasion Roll as it stands (rules/attack_rolls.py): ``naturals`` (die 1 the white Crit die) +
    ``bonus`` (Precision or Evasion) against ``target`` (To Hit, or the Evasion difficulty); ``hits`` (dice that hit,
    or that were not evaded), ``full`` (Full Hit, or Full Evade), ``full_miss`` (an Attack's Full Miss), ``crit_ten``
    (Crit Chance, or Crit Evade), ``crit_fails`` (natural 1s the Crit die showed, re-rolls included)."""

    fact: Literal["crit_pool_rolled"] = "crit_pool_rolled"
    kind: Literal["attack", "evasion"]
    naturals: list[int]
    bonus: int = 0
    target: int
    hits: int
    full: bool = False
    full_miss: bool = False
    crit_ten: bool = False
    crit_fails: int = 0


@fact
class HeatRerolled(Fact):
    """``old`` re-rolled to ``new`` for +``heat`` Heat; ``test`` the test counted again, ``crit_pool`` the Attack or
    Evasion Roll counted again (``attack``: its sentence, as a log written before it was a fact holds it)."""

    fact: Literal["heat_rerolled"] = "heat_rerolled"
    heat: int
    old: list[int]
    new: list[int]
    test: TestRolled | None = None
    crit_pool: CritPoolRolled | None = None
    attack: str = ""


@fact
class SoloRandomAmong(Fact):
    """True Solo Mode: a random Knight among the party (``among``) is your Knight, ``knight``; no die."""

    fact: Literal["solo_random_among"] = "solo_random_among"
    among: list[str]
    knight: str


@fact
class RandomChosen(Fact):
    """A random element: one d10 each, lowest chosen, ties rolled again (``rounds``)."""

    fact: Literal["random_chosen"] = "random_chosen"
    rounds: list[list[tuple[str, int]]]
    chosen: str


@fact
class RandomDirection(Fact):
    """The top Minor Mortis card (``card``) points ``direction``; it goes to the bottom of the deck."""

    fact: Literal["random_direction"] = "random_direction"
    card: str
    direction: str


@fact
class DiceForced(Fact):
    """The GM's dice: ``values`` will be rolled next (``cleared``: the waiting ones are cleared)."""

    fact: Literal["dice_forced"] = "dice_forced"
    values: list[int]
    cleared: bool = False


@fact
class DiceForcedWaiting(Fact):
    """An action used some of the GM's forced dice and left ``values`` waiting: they apply to the next rolls
    (rules/engine.py, after every action)."""

    fact: Literal["dice_forced_waiting"] = "dice_forced_waiting"
    values: list[int]
