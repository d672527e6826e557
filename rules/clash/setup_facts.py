"""The facts of a Clash's set-up and end (rules/clash/setup.py, rules/clash/handlers.py ``/clash start`` and
``/clash end``, rules/clash/deploy.py): the Monster side, the initiative, the pieces placed, the Deploy moves, the
Clash over and the Board cleared; their words are bot/narration/clash_setup.py's."""

from typing import Literal

from rules.board.move_facts import BoardTold
from rules.facts import Fact, fact


@fact
class SetupDecks(Fact):
    """``monster`` at ``level``, a ``clash_type`` Clash: the AI 1 deck holds ``ai`` cards."""

    fact: Literal["clash_setup_decks"] = "clash_setup_decks"
    monster: str
    level: int
    clash_type: str
    ai: int


@fact
class SetupBpDeck(Fact):
    """A Boss's BP 1 deck holds ``cards`` cards."""

    fact: Literal["clash_setup_bp_deck"] = "clash_setup_bp_deck"
    cards: int


@fact
class SetupMobs(Fact):
    """``count`` Mobs start on the Mob track."""

    fact: Literal["clash_setup_mobs"] = "clash_setup_mobs"
    count: int


@fact
class SetupEscalations(Fact):
    """The level's starting Escalations (``times``), told before their own lines."""

    fact: Literal["clash_setup_escalations"] = "clash_setup_escalations"
    times: int


@fact
class SetupAiZero(Fact):
    """The AI 0 card is on top of the AI deck: it is resolved in the first Monster Round."""

    fact: Literal["clash_setup_ai_zero"] = "clash_setup_ai_zero"


@fact
class SetupActivations(Fact):
    """The Activation tokens placed (``tokens``: ``ai`` or ``signature`` each, in order)."""

    fact: Literal["clash_setup_activations"] = "clash_setup_activations"
    tokens: list[str]


@fact
class SetupExhibitionWounds(Fact):
    """``count`` Generic Single Wounds start on the Wound Stack (an Exhibition Clash)."""

    fact: Literal["clash_setup_exhibition_wounds"] = "clash_setup_exhibition_wounds"
    count: int


@fact
class SetupInitiative(Fact):
    """Who begins: the Knight Round (``providence``: Wise Providence) or the Monster Round."""

    fact: Literal["clash_setup_initiative"] = "clash_setup_initiative"
    providence: bool


@fact
class SetupTerrain(Fact):
    """The Terrain tiles placed: ``(name, space)`` each; none."""

    fact: Literal["clash_setup_terrain"] = "clash_setup_terrain"
    tiles: list[tuple[str, str]]


@fact
class SetupKnights(Fact):
    """The Knights placed: ``(name, space, board keywords)`` each (``space`` "?" when none); none to place."""

    fact: Literal["clash_setup_knights"] = "clash_setup_knights"
    knights: list[tuple[str, str, list[str]]]


@fact
class SetupDeadKnights(Fact):
    """The dead Knights (``knights``) do not take part."""

    fact: Literal["clash_setup_dead_knights"] = "clash_setup_dead_knights"
    knights: list[str]


@fact
class SetupMonsterPlaced(Fact):
    """``monster`` stands on ``space``, facing ``facing``."""

    fact: Literal["clash_setup_monster_placed"] = "clash_setup_monster_placed"
    monster: str
    space: str
    facing: str


@fact
class SetupTraits(Fact):
    """The Monster's Traits at this level."""

    fact: Literal["clash_setup_traits"] = "clash_setup_traits"
    traits: list[str]


@fact
class SetupRule(Fact):
    """One special rule of the Clash Setup (its printed ``rule``)."""

    fact: Literal["clash_setup_rule"] = "clash_setup_rule"
    rule: str


@fact
class SetupFlipTechniques(Fact):
    """Flip every Technique card to its Clash side; Knight statistics carry over from the Delve."""

    fact: Literal["clash_setup_flip_techniques"] = "clash_setup_flip_techniques"


@fact
class Deployed(Fact):
    """Deploy ``x``: ``knight`` has no space to move to (``outcome`` none), stays on their starting space, or moves
    to ``space`` (``then``: what the move did, as the Board tells it: its events, or a sentence in an older entry)."""

    fact: Literal["clash_deploy_moved"] = "clash_deploy_moved"
    x: int
    knight: str
    outcome: Literal["none", "stays", "moves"]
    space: str = ""
    then: BoardTold | str = ""


@fact
class ClashEnded(Fact):
    """The Clash against ``monster`` (``level``, ``clash_type``) is over (``outcome``: victory, defeat, or None: ended
    by the GM), with ``wounds`` of ``needed`` on the Wound Stack."""

    fact: Literal["clash_ended"] = "clash_ended"
    monster: str
    level: int
    clash_type: str
    outcome: Literal["victory", "defeat"] | None
    wounds: int
    needed: int


@fact
class MassivePerilLeft(Fact):
    """The Massive Peril cards (``cards``) leave the Judicium deck."""

    fact: Literal["clash_massive_peril_left"] = "clash_massive_peril_left"
    cards: list[str]


@fact
class ClashEndedUnfinished(Fact):
    """The Clash was not over: it just ends, without Clash Aftermath."""

    fact: Literal["clash_ended_unfinished"] = "clash_ended_unfinished"


@fact
class BoardCleared(Fact):
    """The Clash Board is cleared."""

    fact: Literal["clash_board_cleared"] = "clash_board_cleared"
