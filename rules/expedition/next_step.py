"""The step to take next, typed: the commands a table would type (their names and options as fields) and why.

``rules.expedition.phases.next_command`` reports one ``NextStep`` for `/expedition status`, `/now` and every reply
that moves the phase; its words ("Next: `/rest`", the command line of ``data["next"]``) are rendered at the edge
by ``bot/narration/next_step.py``. A rule never writes the command's text.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.expedition.state import Step
from rules.facts import Fact, fact


class Opt(BaseModel):
    """One option of a command: ``name:value``. ``choices``: one of them is typed (``a|b``); ``fill``: the player
    fills it in (``<value>``; ``<...>`` when there is nothing to name); ``quoted``: typed inside quotes."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    value: str = ""
    choices: list[str] = []
    fill: bool = False
    quoted: bool = False


class Cmd(BaseModel):
    """One command: ``/name sub|sub option:value ...`` (``subcommands``: one of them; ``more``: options follow,
    left to the player)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    subcommands: list[str] = []
    options: list[Opt] = []
    more: bool = False


Reason = Literal[
    "each_knight", "on_to", "outpost_done", "story_time", "quest_travel", "quest_next", "encounter_question",
    "encounter_to_act", "encounter_due", "delve_resume", "clash_over", "clash_question", "turn_done", "turn",
    "knight_round", "rest_again", "spoils", "new_expedition",
]


class Why(BaseModel):
    """Why this is the next step: ``reason`` and what it names (a Knight, Knights, a step, the Time)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    reason: Reason
    knight: str = ""
    knights: list[str] = []
    step: Step | None = None
    time: int = 0
    now: int = 0
    won: bool = False


@fact
class NextStep(Fact):
    """The commands to type next, joined by ``join`` ("or": one of them; "then": in turn), and why."""

    fact: Literal["next_step"] = "next_step"
    commands: list[Cmd]
    join: Literal["or", "then"] = "or"
    why: Why | None = None


@fact
class StepEntered(Fact):
    """The Expedition ``number`` enters ``step`` (a ``rules.expedition.state.Step``); ``next``: what to type."""

    fact: Literal["expedition_step_entered"] = "expedition_step_entered"
    number: int
    step: Step
    next: NextStep


@fact
class QuestPacesStory(Fact):
    """The Story step reaches ``time`` while ``knight`` is on a Quest: it calls no ``kind`` Clash."""

    fact: Literal["quest_paces_story"] = "quest_paces_story"
    time: int
    knight: str
    kind: str
    next: NextStep


Lack = Literal["no_knight", "callings", "party_leader", "destination", "delve_not_started", "story_time",
               "clash_over", "clash_running", "clash_not_played", "not_rested", "over"]


@fact
class PhaseLacks(Fact):
    """What the current step still needs before `/expedition next` (``phases.missing``): ``what``, the Knights it
    names (no calling chosen yet), the Story step's ``time`` and the Time ``now``."""

    fact: Literal["expedition_phase_lacks"] = "expedition_phase_lacks"
    what: Lack
    knights: list[str] = []
    time: int = 0
    now: int = 0


@fact
class ClashPhaseResolved(Fact):
    """The ``kind`` (exhibition, full) Clash of this Expedition is resolved (seen starting, then gone)."""

    fact: Literal["expedition_clash_resolved"] = "expedition_clash_resolved"
    kind: str


@fact
class LostToSpoils(Fact):
    """The Expedition is lost: the party returns for the Spoils."""

    fact: Literal["expedition_lost_to_spoils"] = "expedition_lost_to_spoils"


@fact
class StoryCallsClash(Fact):
    """The Story step at Time ``time`` calls the ``kind`` (Exhibition, Full) Clash."""

    fact: Literal["expedition_story_calls_clash"] = "expedition_story_calls_clash"
    time: int
    kind: str


@fact
class ExpeditionMoved(Fact):
    """The GM moves the Expedition to ``step`` (a Quest's ``reason``)."""

    fact: Literal["expedition_moved"] = "expedition_moved"
    step: Step
    reason: str


@fact
class ReturnsAfter(Fact):
    """After the moved step, the party returns to ``step`` (and the paragraph that led there)."""

    fact: Literal["expedition_returns_after"] = "expedition_returns_after"
    step: Step
