"""The facts of Vigor and Peril during a Clash (rules/clash/peril.py): the Vigor a card takes, the Armor Roll and what
mitigates it, falling to 0 Vigor, the Peril Check, the Mortis and Judicium cards drawn, Second Chance, the
"When you draw a Mortis card" abilities and Dishonor; their words are bot/narration/peril.py's."""

from typing import Literal

from rules.facts import Fact, Lines, fact


@fact
class PerilStats(Fact):
    """``knight``'s statistics changed (``lines``: the Knight rules' lines, rules/knights/statistics.py)."""

    fact: Literal["peril_stats"] = "peril_stats"
    knight: str
    lines: Lines


@fact
class PerilVigorAsked(Fact):
    """``knight`` is to lose ``total`` Vigor: the card's ``amount`` (× the ``hits`` when ``per_hit``), the Monster's
    Vigor Loss ``bonus`` (once per Attack) and the Escalation's ``escalation`` bonus (× the ``hits``)."""

    fact: Literal["peril_vigor_asked"] = "peril_vigor_asked"
    knight: str
    total: int
    amount: int
    hits: int
    per_hit: bool = False
    bonus: int = 0
    escalation: int = 0


@fact
class PerilNoArmorRoll(Fact):
    """A Judgement's Vigor loss cannot be mitigated with an Armor Roll."""

    fact: Literal["peril_no_armor_roll"] = "peril_no_armor_roll"


@fact
class PerilDroppedToZero(Fact):
    """``knight`` drops to 0 Vigor (treated as ``treated`` for this Peril Check): a Judicium at the end of the step."""

    fact: Literal["peril_dropped_to_zero"] = "peril_dropped_to_zero"
    knight: str
    treated: int


@fact
class PerilArmorRolled(Fact):
    """``knight``'s Armor Roll: ``pool`` (dice by colour) from ``sources`` (Gear names, "Reinforce"), the ``faces``
    (colour, Power), ``armor`` Power in all, the Vigor loss ``before`` → ``after``."""

    fact: Literal["peril_armor_rolled"] = "peril_armor_rolled"
    knight: str
    pool: dict[str, int]
    sources: list[str]
    faces: list[tuple[str, int]]
    armor: int
    before: int
    after: int


@fact
class PerilSoaked(Fact):
    """Soak ``soak``: the Vigor loss ``before`` → ``after``; ``applies`` False: an Encounter, where it does not."""

    fact: Literal["peril_soaked"] = "peril_soaked"
    soak: int
    before: int = 0
    after: int = 0
    applies: bool = True


@fact
class PerilReinforced(Fact):
    """Reinforce: ``knight`` adds the ``extra`` Armor dice (by colour) from ``gear`` (each keyword's label and its
    Gear) and the dice ``declared`` with a Reinforce that has a cost (by colour)."""

    fact: Literal["peril_reinforced"] = "peril_reinforced"
    knight: str
    extra: dict[str, int]
    gear: list[tuple[str, str]] = []
    declared: dict[str, int] = {}


@fact
class PerilArmorRerolled(Fact):
    """Armor Re-roll ``x``: ``knight`` re-rolls ``count`` Armor dice that showed no Power."""

    fact: Literal["peril_armor_rerolled"] = "peril_armor_rerolled"
    knight: str
    x: int
    count: int


@fact
class PerilCheckOwed(Fact):
    """``knight`` owes a Peril Check at the end of this step (``already``: they owed one: only one is resolved)."""

    fact: Literal["peril_check_owed"] = "peril_check_owed"
    knight: str
    already: bool = False


@fact
class PerilUninjured(Fact):
    """Peril Check: ``knight`` is Uninjured, no Mortis card."""

    fact: Literal["peril_uninjured"] = "peril_uninjured"
    knight: str


@fact
class PerilCardDrawn(Fact):
    """``knight`` draws ``card`` (``text``: its printed text) for a Peril Check at ``threshold`` (a Mortis deck) or
    a Judicium (``threshold`` None; ``vigor``: the Vigor treated as), from the ``deck`` named (empty: a Squire's
    Judicium, told without it)."""

    fact: Literal["peril_card_drawn"] = "peril_card_drawn"
    knight: str
    card: str
    text: str
    deck: str = ""
    threshold: str | None = None
    vigor: int = 0


@fact
class PerilDrawnAgain(Fact):
    """``chance`` (Second or Superior Chance): ``knight`` ignores ``first`` (empty: a Squire's, told as "it") and
    draws ``card`` (``text``) instead, which cannot be ignored (``aside``: You Died Horribly set aside for the
    draw)."""

    fact: Literal["peril_drawn_again"] = "peril_drawn_again"
    knight: str
    chance: str
    card: str
    text: str
    first: str = ""
    aside: bool = False


@fact
class PerilChanceOffered(Fact):
    """``chance``: ``knight`` may ignore the card drawn and draw another from ``deck`` (its id) by hand."""

    fact: Literal["peril_chance_offered"] = "peril_chance_offered"
    knight: str
    chance: str
    deck: str


@fact
class PerilWhenDrawn(Fact):
    """A "When you draw a Mortis card" ability of ``gear`` (``text``) before ``card`` resolves: resolved now
    (``auto``), or ``knight``'s to use by hand (``cost``: its cost)."""

    fact: Literal["peril_when_drawn"] = "peril_when_drawn"
    knight: str
    gear: str
    text: str
    card: str
    auto: bool
    cost: str | None = None


@fact
class PerilDishonor(Fact):
    """Dishonor: ``knight``'s first positive Mortis of the Expedition, ``card``, is ignored; ``by_hand``: no
    Expedition is under way to count it (its effects are undone by hand if it was the first)."""

    fact: Literal["peril_dishonor"] = "peril_dishonor"
    knight: str
    card: str = ""
    by_hand: bool = False
