"""The facts of the Clash's Rounds (rules/clash/rounds.py): a Round begins or ends, the Clash is over, a Sigh of the
Graal replays it (rules/clash/sigh.py); their words, with the commands to type next, are bot/narration/rounds.py's."""

from __future__ import annotations

from typing import Literal

from pydantic import SerializeAsAny, field_validator

from rules.facts import Fact, fact, read_lines


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
    then: list[SerializeAsAny[Fact] | str] = []

    @field_validator("then", mode="before")
    @classmethod
    def known_facts(cls, value: object) -> object:
        return read_lines(value)
