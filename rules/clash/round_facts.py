"""The facts of the Clash's Rounds (rules/clash/rounds.py): a Round begins or ends, the Clash is over, a Sigh of the
Graal replays it (rules/clash/sigh.py); their words, with the commands to type next, are bot/narration/rounds.py's."""

from typing import Literal

from rules.board.move_facts import BoardTold
from rules.facts import Fact, Lines, fact


@fact
class RoundBegins(Fact):
    """The Monster or Knight Round ``round`` begins (the actions to suggest: ``/knight move``, ``/knight attack``,
    ``/knight end-turn`` in a Knight Round)."""

    fact: Literal["round_begins"] = "round_begins"
    phase: Literal["monster", "knight"]
    round: int


@fact
class KnightRoundEnded(Fact):
    """The Knight Round ``round`` ended; ``next``: the Monster Round to run next (``/monster round``), once the End
    of Knight Round effects are resolved."""

    fact: Literal["knight_round_ended"] = "knight_round_ended"
    round: int
    next: int | None = None


@fact
class ClashOverCalled(Fact):
    """The Clash is over (``outcome``: victory or defeat): the GM closes it (``/clash end``)."""

    fact: Literal["clash_over_called"] = "clash_over_called"
    outcome: str


@fact
class SighReplay(Fact):
    """A Sigh of the Graal spent by ``knight``: the Clash (``against``: its Monster) is replayed without its
    consequences (``step`` spent), the game restored to before it (restored), the Knight's Sigh erased there
    (erased; ``then``: the Knight Sheet's lines), the dice going on and the GM starting it again (``/clash start``;
    dice)."""

    fact: Literal["sigh_replay"] = "sigh_replay"
    step: Literal["spent", "restored", "erased", "dice"]
    knight: str = ""
    against: str | None = None
    then: Lines = []


@fact
class TurnOpened(Fact):
    """``knight``'s turn opens (its Refresh step follows)."""

    fact: Literal["round_turn_opened"] = "round_turn_opened"
    knight: str


@fact
class RefreshByHand(Fact):
    """The Refresh step is left to the player (``why``: the refusal that stopped the Card Refresh, as the rules
    gave it: more cards in Cooldown than it returns), with ``/knight technique``."""

    fact: Literal["round_refresh_by_hand"] = "round_refresh_by_hand"
    why: str


@fact
class KnockdownStep(Fact):
    """Knockdown at a turn's start or end: ``knight`` stands up (its standing up side), is knocked down this turn, or
    flips the card to its standing up side (``step``)."""

    fact: Literal["round_knockdown"] = "round_knockdown"
    knight: str
    step: Literal["stands", "down", "flips"]


@fact
class TurnEnded(Fact):
    """``knight`` ends their turn."""

    fact: Literal["round_turn_ended"] = "round_turn_ended"
    knight: str


@fact
class ConditionActs(Fact):
    """``knight``'s Condition ``condition`` acts at the end of their turn (its effects follow)."""

    fact: Literal["round_condition_acts"] = "round_condition_acts"
    knight: str
    condition: str


@fact
class RoundKnightLine(Fact):
    """A line about ``knight`` at the end of the Knight Round (``then``: the Techniques' line, an Instant Depletion
    card coming back), told after their name."""

    fact: Literal["round_knight_line"] = "round_knight_line"
    knight: str
    then: Lines


@fact
class KnightMoved(Fact):
    """The Movement Action: ``knight`` moves to ``space`` (``speed``); ``then``: what the move did, as the Board
    tells it (its events; a sentence in an entry logged before they were facts). With ``rush`` (Rush or Improved
    Rush, a Complicated Action) the move is ``spaces`` long."""

    fact: Literal["round_knight_moved"] = "round_knight_moved"
    knight: str
    space: str
    speed: int
    then: BoardTold | str = ""
    rush: str = ""
    spaces: int = 0


@fact
class RushAutoBreak(Fact):
    """Rush (``kind``): Auto-break 1 (a Break token in the Knight Pool), and +1 Precision with Improved Rush, for
    this Attack."""

    fact: Literal["round_rush_auto_break"] = "round_rush_auto_break"
    kind: str


@fact
class PoolChanged(Fact):
    """The Knight Pool gains or loses (``count``) ``token`` tokens; ``pool``: what it holds now, in order."""

    fact: Literal["round_pool_changed"] = "round_pool_changed"
    token: str
    count: int
    pool: list[tuple[str, int]]


@fact
class FacingBeforeAttack(Fact):
    """Monster Turning: before its Attack the Monster turns toward its Target (``then``: the turn, as the Board tells
    it: its events, or a sentence in an older entry; ``tied``: it could as well face the other way, the GM may turn
    it with ``/clash place``)."""

    fact: Literal["round_facing_before_attack"] = "round_facing_before_attack"
    then: BoardTold | str
    tied: bool = False
