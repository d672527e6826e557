"""The facts of the campaign's mode and of Five-Player Mode (rules/modes/settings.py, five_player.py); their words:
bot/narration/modes.py."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class ModeSet(Fact):
    """The campaign now plays by ``mode`` (standard, True Solo Mode, Five-Player Mode)."""

    fact: Literal["mode_set"] = "mode_set"
    mode: Literal["standard", "true_solo", "five_player"]


@fact
class FiveAccursed(Fact):
    """Five-Player Mode's Accursed Persistence BP card at Clash Setup: ``missing`` from the loaded packs (added by
    hand), ``waits`` out of the Clash (the Mob track is full), joins the Mob track as Mob ``space``, or is shuffled
    into the BP deck (``at``: its AT)."""

    fact: Literal["five_accursed"] = "five_accursed"
    where: Literal["missing", "waits", "mob_track", "bp_deck"]
    space: int = 0
    at: int = 0


@fact
class FiveAccursedPersists(Fact):
    """The Accursed Persistence BP card, drawn and not wounded, goes back on top of the BP deck."""

    fact: Literal["five_accursed_persists"] = "five_accursed_persists"


@fact
class FiveFifthPlaced(Fact):
    """The fifth Knight ``knight`` is placed adjacent to another Knight on ``space`` (None: no free space, placed by
    hand)."""

    fact: Literal["five_fifth_placed"] = "five_fifth_placed"
    knight: str
    space: str | None
