"""The facts of drawing and escaping the Monster's attention (rules/clash/attention.py): Hide, Provoke, Spotlight and
the Priority Target token passing on; their words are bot/narration/attention.py's."""

from typing import Literal

from rules.facts import Fact, fact

HiddenEnds = Literal["next_turn_ended", "moved_in_front", "priority_target", "second_window"]


@fact
class HideDeclared(Fact):
    """``knight`` used Hide during their turn: they become Hidden when it ends, if not in front of a Monster then."""

    fact: Literal["hide_declared"] = "hide_declared"
    knight: str


@fact
class HiddenChanged(Fact):
    """``knight`` became Hidden at the end of their turn (``now``: +1 Evasion and +1 Precision), or could not (in
    front of a Monster then)."""

    fact: Literal["hidden_changed"] = "hidden_changed"
    knight: str
    now: bool


@fact
class HiddenEnded(Fact):
    """``knight`` stops being Hidden, ``why``: the end of their next turn, moved in front of a Monster, gained the
    Priority Target token, or after the second ability window of their Attack."""

    fact: Literal["hidden_ended"] = "hidden_ended"
    knight: str
    why: HiddenEnds


@fact
class PriorityTargetPassed(Fact):
    """The Priority Target token passes to ``knight`` (``passion``: their Passion)."""

    fact: Literal["priority_target_passed"] = "priority_target_passed"
    knight: str
    passion: int


@fact
class Provoked(Fact):
    """Provoke: ``knight`` gains the Priority Target token."""

    fact: Literal["provoked"] = "provoked"
    knight: str


@fact
class TurnedToFace(Fact):
    """Provoke: ``monster`` turns to face ``knight`` (``facing``: where it faces now; ``tied``: another facing was as
    close, the GM may turn it with ``/clash place``)."""

    fact: Literal["turned_to_face"] = "turned_to_face"
    monster: str
    knight: str
    facing: str
    tied: bool = False


@fact
class Spotlit(Fact):
    """Spotlight: ``knight`` is the Priority or the Divine Target (``power``: +1 Power token in the Knight Pool), or
    neither (no Power)."""

    fact: Literal["spotlit"] = "spotlit"
    knight: str
    power: bool
