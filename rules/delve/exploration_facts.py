"""The facts of the Exploration step and the Delve's printed effects (rules/delve/exploration.py): the card drawn,
where it goes, its gated effects, the cards in play, the Saves, Exploration Ciphers and what is left to the players'
hands; their words are bot/narration/exploration.py's."""

from typing import Literal

from rules.facts import Fact, fact

Track = Literal["threat", "curse"]


@fact
class DelveByHand(Fact):
    """A printed effect the bot does not apply (``text``: what to do), applied by hand with ``/delve gain`` or
    ``/knight stat``."""

    fact: Literal["delve_by_hand"] = "delve_by_hand"
    text: str


@fact
class DelveAdventureByHand(Fact):
    """A Kingdom Adventure is triggered with no dice to roll it: ``/delve adventure``."""

    fact: Literal["delve_adventure_by_hand"] = "delve_adventure_by_hand"


@fact
class DelveScavengeByHand(Fact):
    """Scavenge ``amount`` whose Loot type the players choose (``/spoils scavenge``)."""

    fact: Literal["delve_scavenge_by_hand"] = "delve_scavenge_by_hand"
    amount: int


@fact
class DelveSaveByHand(Fact):
    """A ``track`` Save (Level ``plus``) to roll by hand, ``fail``: the effect types of its Fail."""

    fact: Literal["delve_save_by_hand"] = "delve_save_by_hand"
    track: Track
    plus: int
    fail: list[str]


@fact
class DelveSaveRolled(Fact):
    """A ``track`` Save: the Level ``level`` ``plus`` = ``difficulty``, the d10 ``natural``; ``success``."""

    fact: Literal["delve_save_rolled"] = "delve_save_rolled"
    track: Track
    level: int
    plus: int
    difficulty: int
    natural: int
    success: bool


@fact
class DelveEncounterDue(Fact):
    """An effect calls for an Encounter with ``monster``, the Monster of the party's district (``ambush``)."""

    fact: Literal["delve_encounter_due"] = "delve_encounter_due"
    monster: str
    ambush: bool = False


@fact
class DelveEncounterByHand(Fact):
    """An effect calls for an Encounter the bot cannot make due (``why``: one is due already, or no Encounter
    Monster stands on the party's district of the District Wheel)."""

    fact: Literal["delve_encounter_by_hand"] = "delve_encounter_by_hand"
    why: Literal["already_due", "no_monster"]


@fact
class ExplorationDrawn(Fact):
    """The Exploration card ``card`` drawn (``special``, ``kind``: its effect type) and its printed ``text``."""

    fact: Literal["delve_exploration_drawn"] = "delve_exploration_drawn"
    card: str
    kind: Literal["instant", "district", "active"]
    special: bool = False
    text: str


@fact
class ExplorationNotPlaced(Fact):
    """The District or Active card ``card`` cannot take its space (``why``: it names no district; the District
    effect space of ``district`` holds ``other``; the Active Effect space holds ``other``): discarded."""

    fact: Literal["delve_exploration_not_placed"] = "delve_exploration_not_placed"
    card: str
    why: Literal["no_district", "district_taken", "active_taken"]
    other: str = ""
    district: str = ""


@fact
class ExplorationInPlay(Fact):
    """The card ``card`` (``card_id``) lingers in ``district`` (a District card) or takes the Active Effect space
    (``district`` empty); ``applied``: the bot applies it; it ends ``until`` (used, leaving the district) or after
    ``rounds`` rounds, or when its condition is met."""

    fact: Literal["delve_exploration_in_play"] = "delve_exploration_in_play"
    card: str
    card_id: str
    district: str = ""
    applied: bool
    until: str = ""
    rounds: int = 0


@fact
class ExplorationGated(Fact):
    """A card's additional effect gated by ``track`` at least ``at_least``, read at ``value`` as drawn: it triggers
    (``text``) or not."""

    fact: Literal["delve_exploration_gated"] = "delve_exploration_gated"
    track: Track
    value: int
    at_least: int
    triggers: bool
    text: str = ""


@fact
class ExplorationSpecialOnTop(Fact):
    """A Special Exploration card ``card`` ends on top of the deck: it is resolved too."""

    fact: Literal["delve_exploration_special_on_top"] = "delve_exploration_special_on_top"
    card: str


@fact
class ExplorationEnterCosts(Fact):
    """The cards in play ``cards`` make entering ``tile`` cost Time +``time`` and Threat +``threat`` more."""

    fact: Literal["delve_exploration_enter_costs"] = "delve_exploration_enter_costs"
    cards: list[str]
    tile: str
    time: int
    threat: int


@fact
class ExplorationEnterSave(Fact):
    """The card in play ``card`` asks a Save of the party entering ``tile``."""

    fact: Literal["delve_exploration_enter_save"] = "delve_exploration_enter_save"
    card: str
    tile: str


@fact
class ExplorationVigorShield(Fact):
    """The card in play ``card`` lessens a Vigor loss by ``less`` (``amount`` → ``left``)."""

    fact: Literal["delve_exploration_vigor_shield"] = "delve_exploration_vigor_shield"
    card: str
    less: int
    amount: int
    left: int


@fact
class ExplorationDiscarded(Fact):
    """The card ``card`` leaves ``district`` (a District card) or the Active Effect space (``district`` empty):
    discarded; ``why``: its rounds are over, the party left its district, or not said."""

    fact: Literal["delve_exploration_discarded"] = "delve_exploration_discarded"
    card: str
    district: str = ""
    why: Literal["", "rounds_over", "left_district"] = ""


@fact
class ExplorationReminder(Fact):
    """The District effect ``card`` in play in ``district`` where the party is (``text``; ``applied`` by the bot)."""

    fact: Literal["delve_exploration_reminder"] = "delve_exploration_reminder"
    district: str
    card: str
    text: str
    applied: bool


@fact
class CipherRead(Fact):
    """The Exploration Cipher ``code``: the paragraph read on ``tile`` (``text``), or none in the ``kingdom``'s Codex
    (``right`` False: a wrong Cipher, +1 Threat)."""

    fact: Literal["delve_cipher_read"] = "delve_cipher_read"
    code: str
    right: bool
    tile: str = ""
    kingdom: str = ""
    text: str = ""
